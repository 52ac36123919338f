; Definitions and imports in Go (tags style): what must survive compression.
; Captures:
;   @definition.package   the package clause
;   @definition.function  a function
;   @definition.method    a method (with a receiver) or an interface method
;   @definition.type      a type spec or alias
;   @definition.field     a struct field
;   @definition.constant  a top-level constant
;   @definition.variable  a top-level variable
;   @name                 the defined name
;   @import               an import declaration
(package_clause (package_identifier) @name) @definition.package
(function_declaration name: (identifier) @name) @definition.function
(method_declaration name: (field_identifier) @name) @definition.method
(method_elem name: (field_identifier) @name) @definition.method
(type_spec name: (type_identifier) @name) @definition.type
(type_alias name: (type_identifier) @name) @definition.type
(field_declaration name: (field_identifier) @name) @definition.field
(const_spec name: (identifier) @name) @definition.constant
(source_file (var_declaration (var_spec name: (identifier) @name) @definition.variable))
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @definition.variable)))
(import_declaration) @import
