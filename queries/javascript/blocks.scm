; Inside a top-level control-flow statement (elided at `outline` unless it defines
; or imports something).
; Captures:
;   @control.block    a `{ … }` block of statements or a switch body, elided with a placeholder
;   @control.defines  a declaration, an assignment, an import, export or require: the
;                     statement is kept whole
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.
(statement_block) @control.block
(switch_body) @control.block

[(variable_declaration) (lexical_declaration) (function_declaration)
 (generator_function_declaration) (class_declaration) (import_statement)
 (export_statement)] @control.defines
(assignment_expression left: (identifier)) @control.defines
(augmented_assignment_expression left: (identifier)) @control.defines
; publishing a value on an object (`module.exports = X`, `root.Lib = Lib`), not setting a
; plain literal (`process.exitCode = 1`)
(assignment_expression left: (member_expression)
  right: [(identifier) (member_expression) (function_expression) (arrow_function) (class)
          (generator_function) (object) (array) (new_expression) (call_expression)]) @control.defines
(call_expression function: (import)) @control.defines
((call_expression function: (identifier) @_f) @control.defines
  (#codepith-match? @_f "^(require|define|importScripts)$"))
