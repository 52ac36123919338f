; Blocks inside a top-level control-flow statement (Java has none at the top level: every
; statement sits in a method, constructor, initializer or lambda body, elided as a body).
; Captures:
;   @control.block  a block of statements
(block) @control.block
