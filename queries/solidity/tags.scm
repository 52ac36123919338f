; Definitions and imports in Solidity (tags style): what must survive compression.
; Captures:
;   @definition.class      a contract (`abstract` included)
;   @definition.interface  an interface
;   @definition.module     a library
;   @definition.struct     a struct (with its members)
;   @definition.enum       an enum (with its values)
;   @definition.function   a free function
;   @definition.method     a function, modifier, constructor, `receive` or `fallback` of a
;                          contract, an interface or a library (overloads each their own)
;   @definition.field      a state variable, or a `using … for` directive
;   @definition.type       an event, an error or a user-defined value type
;   @name                  the defined name
;   @import                an `import` in every form, and a `pragma`
;   @exported              a contract, interface or library, and a member of one declared
;                          `public` or `external` (every member of an interface): what
;                          project memory calls exported (a state variable without a
;                          visibility is internal)
(contract_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(library_declaration name: (identifier) @name) @definition.module
(struct_declaration name: (identifier) @name) @definition.struct
(enum_declaration name: (identifier) @name) @definition.enum
(source_file (function_definition name: (identifier) @name) @definition.function)
(contract_body (function_definition name: (identifier) @name) @definition.method)
(contract_body (modifier_definition name: (identifier) @name) @definition.method)
(contract_body (constructor_definition "constructor" @name) @definition.method)
(contract_body (fallback_receive_definition ["receive" "fallback"] @name) @definition.method)
(state_variable_declaration name: (identifier) @name) @definition.field
(using_directive) @definition.field
(event_definition name: (identifier) @name) @definition.type
(error_declaration name: (identifier) @name) @definition.type
(user_defined_type_definition name: (identifier) @name) @definition.type
(import_directive) @import
(pragma_directive) @import

[(contract_declaration) (interface_declaration) (library_declaration)] @exported
((contract_body
   [(function_definition (visibility) @_visibility)
    (state_variable_declaration (visibility) @_visibility)
    (fallback_receive_definition (visibility) @_visibility)] @exported)
  (#codepith-match? @_visibility "^(public|external)$"))
(interface_declaration (contract_body (_) @exported))
