; Definitions and imports in CSS (tags style): what must survive compression.
; Captures:
;   @definition.rule       a rule (its selector list is its signature)
;   @definition.keyframes  a `@keyframes` rule
;   @definition.at_rule    a block at-rule: `@media`, `@supports`, `@scope`, `@font-face`,
;                          `@layer`, `@container`, `@page`, … (its prelude is its signature)
;   @definition.property   a custom property `--name: …`
;   @definition.charset    the `@charset` statement
;   @name                  the defined name (a rule's selector list, a property's name)
;   @import                an `@import` (every form) or an `@namespace`
(rule_set (selectors) @name) @definition.rule
(keyframes_statement (keyframes_name) @name) @definition.keyframes
(media_statement) @definition.at_rule
(supports_statement) @definition.at_rule
(scope_statement) @definition.at_rule
(at_rule (at_keyword) @name (block)) @definition.at_rule
((declaration . (property_name) @name) @definition.property
  (#codepith-match? @name "^--"))
(charset_statement) @definition.charset
(import_statement) @import
(namespace_statement) @import
