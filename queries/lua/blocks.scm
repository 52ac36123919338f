; Blocks inside a top-level control-flow statement. The compress query captures no
; @control.statement for Lua: a script's top-level `if`, `for` and `while` stay whole at
; `outline` (a function inside one is elided at `signatures` already), so this query is not
; run on Lua code today. Its patterns name the capture the engine reads.
; Captures:
;   @control.block  the block of an `if`, `elseif`, `else`, loop or `do … end`
(if_statement consequence: (block) @control.block)
(elseif_statement consequence: (block) @control.block)
(else_statement body: (block) @control.block)
(while_statement body: (block) @control.block)
(repeat_statement body: (block) @control.block)
(for_statement body: (block) @control.block)
(do_statement body: (block) @control.block)
