; Blocks inside a top-level control-flow statement (Dart has none at the top level: a
; library holds declarations only).
; Captures:
;   @control.block  a block of statements
(block) @control.block
