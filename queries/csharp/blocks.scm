; Inside a control-flow statement among top-level statements (elided at `outline`
; unless it defines something). A local variable inside such a block is scoped to it:
; it defines nothing the rest of the file sees.
; Captures:
;   @control.block    a `{ … }` block of statements or a switch body, elided with a placeholder
;   @control.defines  a local function (a definition the tags query names): the
;                     statement is kept whole
(block) @control.block
(switch_body) @control.block
(local_function_statement) @control.defines
