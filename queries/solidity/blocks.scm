; Blocks inside a top-level control-flow statement. Solidity has no statements outside a
; function, so this query is not run on Solidity code. Its pattern names the capture the
; engine reads.
; Captures:
;   @control.block  a block statement
(block_statement) @control.block
