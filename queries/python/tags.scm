; Definitions and imports in Python (tags style): what must survive compression.
; Captures:
;   @definition.function  a function or method (async, decorated and overloads included)
;   @definition.class     a class
;   @definition.field     a class attribute or dataclass field
;   @definition.constant  a top-level assignment
;   @definition.type      a `type X = …` alias
;   @name                 the defined name
;   @import               an import statement
(function_definition name: (identifier) @name) @definition.function
(class_definition name: (identifier) @name) @definition.class
(class_definition body: (block (assignment left: (identifier) @name) @definition.field))
(module (assignment left: (identifier) @name) @definition.constant)
(type_alias_statement) @definition.type
[(import_statement) (import_from_statement) (future_import_statement)] @import
