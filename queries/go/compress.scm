; What codepith elides, shortens and keeps in Go.
; Captures:
;   @body.function  a function, method or function literal body; elided at `signatures`
;   @doc.comment    a comment that documents what follows it when it sits directly above
;                   it (codepith checks the adjacency); shortened to its first line at `outline`
;   @comment        any comment (dropped at `outline` unless a directive or doc comment)
;   @directive      a comment that must stay at every level (//go:build, // +build,
;                   //go:embed, //go:generate, //line, //export, cgo, generated-code markers)
;   @data.value     a composite literal or raw string assigned to a top-level name (elided
;                   at `outline` when large and inert)
;   @data.text      a @data.value that is a string: its placeholder is a bare `…`, not a
;                   comment (which would read as text inside it)
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.
(function_declaration body: (block) @body.function)
(method_declaration body: (block) @body.function)
(func_literal body: (block) @body.function)

(comment) @comment
(comment) @doc.comment
((comment) @directive
  (#codepith-match? @directive "^//(go:|line |export |extern |nolint|lint:|sys |sysnb )|^// *\\+build|^// *Code generated .* DO NOT EDIT|^// ?Deprecated:"))
; the cgo preamble: the comments right above `import "C"`
((comment)+ @directive . (import_declaration (import_spec path: (_) @_path))
  (#codepith-eq? @_path "\"C\""))

(source_file (var_declaration (var_spec value: (expression_list (composite_literal body: (literal_value) @data.value)))))
(source_file (var_declaration (var_spec_list (var_spec value: (expression_list (composite_literal body: (literal_value) @data.value))))))
(source_file (var_declaration (var_spec value: (expression_list (unary_expression (composite_literal body: (literal_value) @data.value))))))
(source_file (var_declaration (var_spec_list (var_spec value: (expression_list (unary_expression (composite_literal body: (literal_value) @data.value)))))))
(source_file (var_declaration (var_spec value: (expression_list (raw_string_literal) @data.value @data.text))))
(source_file (var_declaration (var_spec_list (var_spec value: (expression_list (raw_string_literal) @data.value @data.text)))))
(source_file (const_declaration (const_spec value: (expression_list (raw_string_literal) @data.value @data.text))))
