; Inside a top-level control-flow statement (elided at `outline` unless it defines
; or imports something).
; Captures:
;   @control.block    a block of statements, elided with the language's placeholder
;   @control.defines  a definition, assignment or import: the statement is kept whole
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.
(if_statement consequence: (block) @control.block)
(elif_clause consequence: (block) @control.block)
(else_clause body: (block) @control.block)
(for_statement body: (block) @control.block)
(while_statement body: (block) @control.block)
(try_statement body: (block) @control.block)
(except_clause (block) @control.block)
(finally_clause (block) @control.block)
(with_statement body: (block) @control.block)
(case_clause consequence: (block) @control.block)

[(function_definition) (class_definition) (import_statement) (import_from_statement)
 (future_import_statement) (global_statement) (type_alias_statement)] @control.defines
(assignment left: [(identifier) (pattern_list) (tuple_pattern) (attribute)]) @control.defines
(augmented_assignment left: [(identifier) (attribute)]) @control.defines
((call function: (identifier) @_f) @control.defines (#codepith-match? @_f "^(__import__|exec|globals|setattr)$"))
