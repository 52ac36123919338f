; Definitions and imports in C# (tags style): what must survive compression.
; Captures:
;   @definition.module     a namespace (block or file-scoped)
;   @definition.class      a class, struct or record (positional records included)
;   @definition.interface  an interface
;   @definition.enum       an enum
;   @definition.type       a delegate
;   @definition.method     a method (interface and default methods included), constructor,
;                          destructor, operator, conversion operator or accessor
;   @definition.function   a local function (top-level statements' included)
;   @definition.field      a field, property, indexer, event or enum member
;   @definition.constant   a `const` field
;   @name                  the defined name
;   @import                a `using` directive (global, static, alias) or an extern alias
;   @exported              a namespace, a definition declared `public`, an enum member, or a member of an
;                          interface (public by default): what project memory calls exported
(namespace_declaration name: (_) @name) @definition.module
(file_scoped_namespace_declaration name: (_) @name) @definition.module
(class_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(delegate_declaration name: (identifier) @name) @definition.type
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
(destructor_declaration name: (identifier) @name) @definition.method
(operator_declaration) @definition.method
(conversion_operator_declaration) @definition.method
(accessor_declaration) @definition.method
(local_function_statement name: (identifier) @name) @definition.function
(property_declaration name: (identifier) @name) @definition.field
(indexer_declaration) @definition.field
(event_declaration name: (identifier) @name) @definition.field
(event_field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
((field_declaration (modifier) @_const (variable_declaration (variable_declarator name: (identifier) @name))) @definition.constant
  (#codepith-eq? @_const "const"))
(enum_member_declaration name: (identifier) @name) @definition.field
[(using_directive) (extern_alias_directive)] @import

((_ (modifier) @_modifier) @exported
  (#codepith-eq? @_modifier "public"))
(enum_member_declaration) @exported
(interface_declaration body: (declaration_list [(method_declaration) (property_declaration) (event_declaration)
                                                (event_field_declaration) (indexer_declaration)] @exported))
[(namespace_declaration) (file_scoped_namespace_declaration)] @exported
