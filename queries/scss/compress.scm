; What codepith elides, shortens and keeps in SCSS (CSS's rules, and Sass's own).
; A rule's selector (`%placeholder`, `&__el`, `#{$x}` interpolation and all), an
; at-rule's prelude, a mixin's or function's header with its parameters, control
; headers (`@if`, `@each`, `@for`, `@while`) and every statement of the stylesheet's
; top level (`@use`, `@forward`, `@import`, `$variables`, `@include`) stay at every level.
; Captures:
;   @body.function  a mixin's or a function's body: elided whole, as `{ /* … */ }`
;   @body.block     the block of a rule, a keyframe, an at-rule, an `@include`'s content
;                   block or a control clause: elided whole, or, when it holds a
;                   @keep.member at any depth (outside a @body.function), run by run: the
;                   declarations, local variables and `@include`s without a content block
;                   between the members that stay become `/* … */`
;   @keep.member    a member of a block that stays: a nested rule, a nested at-rule with a
;                   block, an `@include` with a content block, an `@extend`, a nested mixin
;                   or function, a custom property (`--name: …`)
;   @doc.comment    a `/** … */` comment, or a run of `///` lines (SassDoc): shortened to
;                   its first line at `outline`
;   @comment        any comment (dropped at `outline` unless a doc comment or a directive)
;   @directive      a comment that must stay at every level: `/*! … */` (a licence kept by
;                   the compiler's compressed output), tool switches (stylelint, prettier,
;                   purgecss, rtlcss, autoprefixer, scss-lint, sourceMappingURL)
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.
(mixin_statement (block) @body.function)
(function_statement (block) @body.function)

(rule_set (block) @body.block)
(keyframe_block (block) @body.block)
(at_rule (block) @body.block)
(media_statement (block) @body.block)
(supports_statement (block) @body.block)
(at_root_statement (block) @body.block)
(include_statement (block) @body.block)
(if_statement (block) @body.block)
(else_if_clause (block) @body.block)
(else_clause (block) @body.block)
(each_statement (block) @body.block)
(for_statement (block) @body.block)
(while_statement (block) @body.block)

(block (rule_set) @keep.member)
(block (media_statement) @keep.member)
(block (supports_statement) @keep.member)
(block (at_root_statement) @keep.member)
(block (keyframes_statement) @keep.member)
(block (at_rule (block)) @keep.member)
(block (include_statement (block)) @keep.member)
(block (extend_statement) @keep.member)
(block (mixin_statement) @keep.member)
(block (function_statement) @keep.member)
((declaration . (property_name) @_name) @keep.member
  (#codepith-match? @_name "^--"))

(comment) @comment
(js_comment) @comment
((comment) @doc.comment
  (#codepith-match? @doc.comment "^/\\*\\*[^/]"))
((js_comment) @doc.comment
  (#codepith-match? @doc.comment "^///"))
((comment) @directive
  (#codepith-match? @directive "^/\\*!|^/\\*[ \\t]*(stylelint-|prettier-ignore|purgecss |rtl:|autoprefixer:|scss-lint:|# sourceMappingURL=|@license|@preserve)"))
((js_comment) @directive
  (#codepith-match? @directive "^//[ \\t]*(stylelint-|prettier-ignore|scss-lint:|purgecss |rtl:)"))
