; Blocks inside a top-level control-flow statement (C++ has none at the top level: a
; file holds declarations, definitions and preprocessor lines only).
; Captures:
;   @control.block  a block of statements
(compound_statement) @control.block
