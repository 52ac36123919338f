; Blocks inside a top-level control-flow statement. CSS has no control flow, and the
; compress query captures no @control.statement: every statement of a stylesheet's top
; level stays.
; Captures:
;   @control.block  a block
(block) @control.block
