; Blocks inside a top-level control-flow statement (elided at `outline`).
; Captures:
;   @control.block  a `{ … }` block of statements or a switch body
(statement_block) @control.block
(switch_body) @control.block
