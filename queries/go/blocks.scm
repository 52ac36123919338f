; Blocks inside a top-level control-flow statement (Go has none at the top level).
; Captures:
;   @control.block  a block of statements
(block) @control.block
