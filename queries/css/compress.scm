; What codepith elides, shortens and keeps in CSS.
; A rule's selector, an at-rule's prelude (`@media …`, `@supports …`, `@layer …`,
; `@container …`, `@page`, `@font-face`, `@keyframes name` and its keyframe selectors)
; and every statement of the stylesheet's top level stay at every level; what is
; elided is declarations.
; Captures:
;   @body.block   the block of a rule, a keyframe or an at-rule: elided whole as
;                 `{ /* … */ }`, or, when it holds a @keep.member at any depth, run by
;                 run: the declarations between the members that stay become `/* … */`
;   @keep.member  a member of a block that stays: a nested rule, a nested at-rule with
;                 a block of its own, a custom property (`--name: …`, the stylesheet's API)
;   @doc.comment  a `/** … */` comment (shortened to its first line at `outline`)
;   @comment      any comment (dropped at `outline` unless a doc comment or a directive)
;   @directive    a comment that must stay at every level: `/*! … */` (a licence kept by
;                 minifiers), tool switches (stylelint, prettier, purgecss, rtlcss,
;                 autoprefixer, csslint, sourceMappingURL)
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.
(rule_set (block) @body.block)
(keyframe_block (block) @body.block)
(at_rule (block) @body.block)
(media_statement (block) @body.block)
(supports_statement (block) @body.block)
(scope_statement (block) @body.block)

(block (rule_set) @keep.member)
(block (media_statement) @keep.member)
(block (supports_statement) @keep.member)
(block (scope_statement) @keep.member)
(block (keyframes_statement) @keep.member)
(block (at_rule (block)) @keep.member)
((declaration . (property_name) @_name) @keep.member
  (#codepith-match? @_name "^--"))

(comment) @comment
(js_comment) @comment
((comment) @doc.comment
  (#codepith-match? @doc.comment "^/\\*\\*[^/]"))
((comment) @directive
  (#codepith-match? @directive "^/\\*!|^/\\*[ \\t]*(stylelint-|prettier-ignore|purgecss |rtl:|autoprefixer:|csslint |# sourceMappingURL=|@license|@preserve)"))
