; Definitions in Python (tags style).
; Captures:
;   @definition.function  a function or method definition (async included)
;   @definition.class     a class definition
;   @name                 the defined name
(function_definition name: (identifier) @name) @definition.function
(class_definition name: (identifier) @name) @definition.class
