; Blocks inside a top-level control-flow statement. The compress query captures no
; @control.statement for PHP: a script's top-level `if`/`foreach` often holds inline HTML
; (`?> … <?php`), which must stay as written, so top-level control flow is kept whole.
; Captures:
;   @control.block  a block of statements
(compound_statement) @control.block
