; Blocks inside a top-level control-flow statement. The compress query captures no
; @control.statement: a top-level `@if`, `@each`, `@for` or `@while` generates rules,
; the stylesheet's structure, and stays at every level (its blocks are @body.block).
; Captures:
;   @control.block  a block
(block) @control.block
