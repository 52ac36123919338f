; Function bodies that declare something directly (a module scope descended into).
; Captures:
;   @declaration.scope  a statement block holding a variable, function or class
;                       declaration as one of its own statements
(statement_block [(variable_declaration) (lexical_declaration) (function_declaration)
 (generator_function_declaration) (class_declaration)]) @declaration.scope
