; What codepith elides, shortens and keeps in Python.
; Captures:
;   @body.function     a function or method body (a block); elided at `signatures`
;   @doc.string        a module, class or function docstring (kept; shortened at `outline`)
;   @doc.comment       a Sphinx `#:` attribute comment (kept at `outline`)
;   @comment           any comment (dropped at `outline` unless a directive)
;   @directive         a comment that must stay at every level (shebang, coding, type:, noqa, …)
;   @data.value        a value assigned to a top-level name (elided at `outline` when large and inert)
;   @control.statement a top-level control-flow statement (its blocks elided at `outline` when inert)
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.

(function_definition body: (block) @body.function)

(module . (comment)* . (string) @doc.string)
(class_definition body: (block . (string) @doc.string))
(function_definition body: (block . (string) @doc.string))
(class_definition body: (block . (comment) . (string) @doc.string))
(function_definition body: (block . (comment) . (string) @doc.string))

(comment) @comment
((comment) @doc.comment (#codepith-match? @doc.comment "^#:"))
((comment) @directive
  (#codepith-match? @directive "^#!|coding[:=]|^# *(type|noqa|pragma|pylint|fmt|mypy|pyright|isort|ruff)\\b"))

; (`__all__` is the module's export list: never elided)
(module (assignment left: (_) @_name
                    right: [(list) (dictionary) (set) (tuple) (string) (concatenated_string)
                            (list_comprehension) (dictionary_comprehension)] @data.value)
  (#codepith-match? @_name "^(?!__all__$)"))

(module [(if_statement) (for_statement) (while_statement) (try_statement)
         (with_statement) (match_statement)] @control.statement)
