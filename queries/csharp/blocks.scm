; Inside a control-flow statement among top-level statements (elided at `outline`
; unless it defines something).
; Captures:
;   @control.block    a `{ … }` block of statements or a switch body, elided with a placeholder
;   @control.defines  a local function, a local declaration or an assignment: the
;                     statement is kept whole
(block) @control.block
(switch_body) @control.block
[(local_function_statement) (local_declaration_statement)] @control.defines
(assignment_expression) @control.defines
