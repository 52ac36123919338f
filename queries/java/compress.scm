; What codepith elides, shortens and keeps in Java.
; Captures:
;   @body.function  a method, constructor, compact (record) constructor or lambda body;
;                   elided at `signatures` (an expression-bodied lambda `x -> x + 1` becomes
;                   `x -> { /* … */ }`, still a lambda); method and constructor bodies of
;                   enums, records, interfaces (default and static methods), enum constant
;                   bodies and anonymous classes inside kept code are elided the same way
;   @body.static    a static initializer's block; elided at `signatures` (`static { /* … */ }`)
;   @body.initializer  an instance initializer block: elided at `signatures` (`{ /* … */ }`),
;                   left on its own line (it has no header to join)
;   @doc.comment    a Javadoc comment (`/** … */`; shortened to its first line at `outline`)
;   @comment        any comment (dropped at `outline` unless a directive or doc comment)
;   @directive      a comment that must stay at every level (`//noinspection`, CHECKSTYLE,
;                   `@formatter:off/on`, NOSONAR, `$NON-NLS-n$`, `/*!`, @license, generated-code
;                   markers)
;   @data.value     an array initializer assigned to a field or constant, directly or through
;                   `new T[]{…}` (its inside elided at `outline` when large and inert)
; Kept whole: package and import lines, annotations (with arguments, on any number of lines),
; modifiers, type parameters, `extends`/`implements`/`permits`/`throws` clauses, fields and
; constants, enum constants with their arguments, record components, nested and local types
; reached without entering a body, annotation type declarations and their defaults.
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.

(method_declaration body: (block) @body.function)
(constructor_declaration body: (constructor_body) @body.function)
(compact_constructor_declaration body: (block) @body.function)
(lambda_expression body: (_) @body.function)

(static_initializer (block) @body.static)
(class_body (block) @body.initializer)
(enum_body_declarations (block) @body.initializer)

(line_comment) @comment
(block_comment) @comment
((block_comment) @doc.comment (#codepith-match? @doc.comment "^/\\*\\*[^/]"))
([(line_comment) (block_comment)] @directive
  (#codepith-match? @directive "^/[/*] *(SPDX-License-Identifier:|noinspection|CHECKSTYLE|checkstyle:|@formatter:|NOSONAR|NOPMD|CPD-(OFF|ON)|\\$NON-NLS)|^/\\*!|@license|@generated|^// *Code generated .* DO NOT EDIT"))

(field_declaration (variable_declarator value: (array_initializer) @data.value))
(field_declaration (variable_declarator value: (array_creation_expression value: (array_initializer) @data.value)))
(constant_declaration (variable_declarator value: (array_initializer) @data.value))
(constant_declaration (variable_declarator value: (array_creation_expression value: (array_initializer) @data.value)))
