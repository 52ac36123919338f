; Declarations that make a function body a module scope when they sit directly in it.
; Captures:
;   @declaration  a variable, function or class declaration
[(variable_declaration) (lexical_declaration) (function_declaration)
 (generator_function_declaration) (class_declaration)] @declaration
