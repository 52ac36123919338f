; What codepith elides, shortens and keeps in C++.
; Captures:
;   @body.function  a function definition's body: free functions, methods in a class,
;                   out-of-class definitions (`Foo::bar`), operator overloads, constructors
;                   and destructors (a constructor's initializer list `: a_(a), b_{2}` is
;                   outside the body and stays), function templates; a lambda's body;
;                   a function-try-block `f() try { … } catch (…) { … }` whole (a constructor's
;                   `try : a_(a) { … }` has no body field and stays); elided at `signatures`
;                   (`= default`, `= delete`, `= 0` have no body)
;   @body.trailer   a lone `;` among declarations; one just after a function definition
;                   (`void f() { … };`) is elided with its body: `void f() { /* … */ };` would
;                   read as a variable with a brace initializer (a body with a comment
;                   between it and its `;` stays)
;   @keep.signature a parameter with a default value, and a template's parameter list: a
;                   lambda there (`int g(int (*cb)(int) = [](int x) { … });`) is never elided
;   @doc.comment    a doc comment by its form: `/** … */`, `/*! … */`, or a run of `///`
;                   or `//!` lines (the registry's `form-run`); first line at `outline`
;   @comment        any comment (dropped at `outline` unless a directive or doc comment)
;   @directive      a comment that must stay at every level (licence identifiers,
;                   generated-code markers, lint switches)
;   @data.value     an initializer list `{ … }` of a variable in a file, a namespace or a
;                   class (a data table), elided at `outline` when large and inert
; Every preprocessor line outside a function body, `using`/`namespace` aliases,
; prototypes, classes, structs, unions and enums with their members, typedefs,
; templates' headers, namespaces (their content recursed) and `extern "C"` blocks are
; code outside any capture: they stay at every level.
; Text predicates #codepith-match? (regex search) compare raw bytes.

(function_definition body: (compound_statement) @body.function)
(function_definition body: (try_statement) @body.function)
(lambda_expression body: (compound_statement) @body.function)

([(translation_unit (expression_statement) @body.trailer)
  (declaration_list (expression_statement) @body.trailer)
  (preproc_if (expression_statement) @body.trailer)
  (preproc_ifdef (expression_statement) @body.trailer)
  (preproc_else (expression_statement) @body.trailer)
  (preproc_elif (expression_statement) @body.trailer)]
  (#codepith-eq? @body.trailer ";"))
(field_declaration_list ";" @body.trailer)

(optional_parameter_declaration) @keep.signature
(optional_type_parameter_declaration) @keep.signature
(template_parameter_list) @keep.signature

(comment) @comment
((comment) @doc.comment (#codepith-match? @doc.comment "^/\\*[*!][^/]|^//[/!][^/]|^//[/!]$"))
((comment) @directive
  (#codepith-match? @directive "SPDX-License-Identifier|@generated|[Aa]utomatically generated|DO NOT EDIT|NOLINT|clang-format (on|off)"))

(translation_unit (declaration declarator: (init_declarator value: (initializer_list) @data.value)))
(declaration_list (declaration declarator: (init_declarator value: (initializer_list) @data.value)))
(preproc_if (declaration declarator: (init_declarator value: (initializer_list) @data.value)))
(preproc_ifdef (declaration declarator: (init_declarator value: (initializer_list) @data.value)))
(preproc_else (declaration declarator: (init_declarator value: (initializer_list) @data.value)))
(field_declaration_list (field_declaration default_value: (initializer_list) @data.value))
