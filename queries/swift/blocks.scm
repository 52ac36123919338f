; Blocks inside a top-level control-flow statement. Swift's grammar gives an `if`, `for`,
; `while`, `guard`, `do` or `switch` no block node (its `{ … }` is punctuation around
; `statements`), so the compress query captures no @control.statement and a script's
; top-level control flow (`main.swift`) stays whole at `outline` (a closure in it is
; elided at `signatures` already); this query is not run on Swift code today. Its one
; pattern names the capture the engine reads.
; Captures:
;   @control.block  a closure (`{ x in … }`), the one brace-delimited body node
(lambda_literal) @control.block
