; What codepith elides, shortens and keeps in PHP.
; Captures:
;   @body.function  a function, method or closure (`function () use ($x) { … }`) body;
;                   elided at `signatures` (`{ /* … */ }`); a body holding inline HTML
;                   (`?> … <?php`) is elided whole, the braces stay balanced. An arrow
;                   function (`fn($x) => expr`) is kept as written: PHP has no block form
;                   of it, and `fn($x) => { … }` would not parse
;   @doc.comment    a PHPDoc comment (`/** … */`; shortened to its first line at `outline`)
;   @comment        any comment, `//`, `#` or `/* */` (dropped at `outline` unless a
;                   directive or doc comment)
;   @directive      a comment that must stay at every level (phpcs, PHPStan, Psalm and
;                   coverage switches, @license, SPDX, `/*!`, generated-code markers)
;   @data.value     an array (`[ … ]` or `array( … )`) assigned to a constant or a
;                   property, or returned by the file (`return [ … ];`, a config file):
;                   its inside elided at `outline` when large and inert
; Kept whole: the `<?php`/`?>` tags and all text outside them, `declare(…)`, `namespace`,
; `use` (grouped, function and const), attributes `#[…]`, modifiers, return types,
; classes, interfaces, traits (and `use Trait` inside classes), enums with their cases and
; backed values, constants, typed and promoted constructor properties.
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.

(function_definition body: (compound_statement) @body.function)
(method_declaration body: (compound_statement) @body.function)
(anonymous_function body: (compound_statement) @body.function)

(comment) @comment
((comment) @doc.comment (#codepith-match? @doc.comment "^/\\*\\*[^/]"))
((comment) @directive
  (#codepith-match? @directive "^(//|#|/\\*+) *(SPDX-License-Identifier:|phpcs:|@phpcs|@codingStandardsIgnore|@phpstan-|@psalm-|@codeCoverageIgnore|@noinspection|noinspection)|^/\\*!|@license|@generated|^// *Code generated .* DO NOT EDIT"))

(const_element (array_creation_expression) @data.value)
(property_element default_value: (array_creation_expression) @data.value)
(program (return_statement (array_creation_expression) @data.value))
