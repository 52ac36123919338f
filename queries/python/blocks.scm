; Blocks inside a top-level control-flow statement (elided at `outline`).
; Captures:
;   @control.block  a block of statements
(block) @control.block
