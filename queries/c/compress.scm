; What codepith elides, shortens and keeps in C.
; Captures:
;   @body.function  a function definition's body (elided at `signatures`); the header
;                   (storage class, return type, declarator, K&R parameter declarations)
;                   stays whole
;   @doc.comment    a doc comment by its form: `/** … */`, or a run of `///` lines (the
;                   registry's `form-run`); shortened to its first line at `outline`
;   @comment        any comment (dropped at `outline` unless a directive or doc comment)
;   @directive      a comment that must stay at every level (licence identifiers,
;                   generated-code markers, lint switches)
;   @data.value     an initializer list `{ … }` of a file-level variable (a data table),
;                   elided at `outline` when large and inert
;   @data.text      a @data.value that is a string: its placeholder is a bare `…`
; Every preprocessor line outside a function body (`#include`, `#define` with its
; continuation lines, `#if`/`#ifdef`/`#else`/`#endif`, `#pragma`), prototypes, struct,
; union and enum definitions with their members, typedefs and `extern "C"` blocks are
; code outside any capture: they stay at every level.
; Text predicates #codepith-match? (regex search) compare raw bytes.

(function_definition body: (compound_statement) @body.function)

(comment) @comment
((comment) @doc.comment (#codepith-match? @doc.comment "^/\\*\\*[^/]|^///[^/]|^///$"))
((comment) @directive
  (#codepith-match? @directive "SPDX-License-Identifier|@generated|[Aa]utomatically generated|DO NOT EDIT|NOLINT|clang-format (on|off)"))

(translation_unit (declaration declarator: (init_declarator value: (initializer_list) @data.value)))
(preproc_if (declaration declarator: (init_declarator value: (initializer_list) @data.value)))
(preproc_ifdef (declaration declarator: (init_declarator value: (initializer_list) @data.value)))
(preproc_else (declaration declarator: (init_declarator value: (initializer_list) @data.value)))
