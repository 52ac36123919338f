; Blocks inside a top-level control-flow statement. Scala 2 has no top-level statements but in
; scripts (`.sc`), and Scala 3's top-level definitions are declarations, so the compress query
; captures no @control.statement and this query is not run on Scala code today. Its one
; pattern names the capture the engine reads.
; Captures:
;   @control.block  a block (`{ … }`) or an indented block
[(block) (indented_block)] @control.block
