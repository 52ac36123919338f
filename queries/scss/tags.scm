; Definitions and imports in SCSS (tags style): what must survive compression.
; Captures:
;   @definition.mixin        a `@mixin` (its name and parameters are its signature)
;   @definition.function     a `@function`
;   @definition.variable     a `$variable` of the stylesheet's top level
;   @definition.placeholder  a rule whose selector is a `%placeholder`
;   @definition.rule         a rule (its selector list is its signature)
;   @definition.keyframes    a `@keyframes` rule
;   @definition.at_rule      a block at-rule: `@media`, `@supports`, `@font-face`, `@layer`, …
;   @definition.property     a custom property `--name: …`
;   @definition.charset      the `@charset` statement
;   @name                    the defined name
;   @import                  a `@use`, `@forward`, `@import` (every form) or `@namespace`
(mixin_statement name: (identifier) @name) @definition.mixin
(function_statement name: (identifier) @name) @definition.function
(stylesheet (declaration . (property_name) @name) @definition.variable
  (#codepith-match? @name "^\\$"))
(rule_set (selectors (placeholder) @name)) @definition.placeholder
(rule_set (selectors) @name) @definition.rule
(keyframes_statement (keyframes_name) @name) @definition.keyframes
(media_statement) @definition.at_rule
(supports_statement) @definition.at_rule
(at_rule (at_keyword) @name (block)) @definition.at_rule
((declaration . (property_name) @name) @definition.property
  (#codepith-match? @name "^--"))
(charset_statement) @definition.charset
(use_statement) @import
(forward_statement) @import
(import_statement) @import
(namespace_statement) @import
