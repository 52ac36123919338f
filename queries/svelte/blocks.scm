; Blocks inside a top-level control-flow statement. A Svelte component's markup has no
; statements, so this query is not run on it. Its pattern names the capture the engine reads.
; Captures:
;   @control.block  an element
(element) @control.block
