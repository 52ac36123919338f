; What codepith elides, shortens and keeps in Dart.
; Captures:
;   @body.function     a function, method, getter, setter, operator or constructor body
;                      `{ … }` (after `async`, `async*` or `sync*`, which stay), and a
;                      function expression's block body (`(e) { … }`); elided at
;                      `signatures` (`{ /* … */ }`)
;   @body.expression   the `=>` of an expression body (`int get n => _n;`, `factory A() =>
;                      B();`): elided with the expression through its @body.terminator, the
;                      whole becoming a block (`int get n { /* … */ }`); a function
;                      expression's `(x) => x + 1` has no `;` and stays whole
;   @body.terminator   the `;` that ends an expression body
;   @keep.signature    an annotation (`@JsonKey(…)`): a closure in its arguments is part
;                      of the signature, never elided
;   @doc.comment       a doc comment (`///` lines, `/** … */`); a run of `///` lines is one
;                      doc (the registry's `form-run`), shortened to its first line at `outline`
;   @comment           any comment (dropped at `outline` unless a directive or doc comment)
;   @directive         a comment that must stay at every level (`// ignore:`,
;                      `// ignore_for_file:`, `// @dart=`, `// coverage:ignore-…`,
;                      licence and generated-code markers)
;   @data.value        a list, set or map literal assigned to a top-level or member variable
;                      (its inside elided at `outline` when large and inert); one with type
;                      arguments (`<String, int>{…}`) stays whole: its inside has no node
; Kept whole: `library`, `import`/`export` (with `show`/`hide`/`as`/`deferred` and
; configurable URIs), `part`, `part of`; every declaration's header (annotations,
; modifiers, type parameters and bounds, `extends`/`with`/`implements`/`on`), constructors
; with their initializer lists and redirections (`: this(…)`, `= B.named`), abstract and
; `external` members, fields with their initial values, enum values with their
; arguments, typedefs.
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.

(function_body (block) @body.function)
(function_body "=>" @body.expression ";" @body.terminator)
(function_expression_body (block) @body.function)

(annotation) @keep.signature

[(comment) (documentation_comment)] @comment
(documentation_comment) @doc.comment
([(comment) (documentation_comment)] @directive
  (#codepith-match? @directive "^/[/*] *(ignore:|ignore_for_file:|@dart *=|coverage:|SPDX-License-Identifier:)|@generated|GENERATED CODE|[Aa]utomatically generated|DO NOT EDIT"))

((program (static_final_declaration_list (static_final_declaration [(list_literal) (set_or_map_literal)] @data.value)))
  (#codepith-match? @data.value "^[\\[{]"))
((program (initialized_identifier_list (initialized_identifier [(list_literal) (set_or_map_literal)] @data.value)))
  (#codepith-match? @data.value "^[\\[{]"))
((declaration (static_final_declaration_list (static_final_declaration [(list_literal) (set_or_map_literal)] @data.value)))
  (#codepith-match? @data.value "^[\\[{]"))
((declaration (initialized_identifier_list (initialized_identifier [(list_literal) (set_or_map_literal)] @data.value)))
  (#codepith-match? @data.value "^[\\[{]"))
