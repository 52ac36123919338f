; Blocks inside a top-level control-flow statement. The compress query captures no
; @control.statement for Bash: a script's top-level `if`, `for`, `while` and `case` are what
; it does and stay whole at `outline` (a function inside one is elided at `signatures`
; already), so this query is not run on Bash code today. Its pattern names the capture the
; engine reads.
; Captures:
;   @control.block  the `do … done` of a loop
(do_group) @control.block
