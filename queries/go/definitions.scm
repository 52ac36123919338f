; Definitions in Go (tags style).
; Captures:
;   @definition.function  a function declaration
;   @definition.method    a method declaration (with a receiver)
;   @definition.type      a type spec
;   @name                 the defined name
(function_declaration name: (identifier) @name) @definition.function
(method_declaration name: (field_identifier) @name) @definition.method
(type_spec name: (type_identifier) @name) @definition.type
