; Blocks inside a top-level control-flow statement (Rust has none at the top level:
; a file holds items only; `#[cfg(test)]` modules are the compress query's @body.outline).
; Captures:
;   @control.block  a block of statements
(block) @control.block
