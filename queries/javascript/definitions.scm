; Definitions (tags style).
; Captures:
;   @definition.function  a function declaration
;   @definition.class     a class declaration
;   @definition.method    a method definition
;   @name                 the defined name
(function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (_) @name) @definition.class
(method_definition name: (_) @name) @definition.method
