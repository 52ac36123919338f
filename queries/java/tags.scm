; Definitions and imports in Java (tags style): what must survive compression.
; Captures:
;   @definition.package     the package declaration
;   @definition.class       a class (sealed, abstract, nested, local or in an anonymous class)
;                           or a record (its components are part of its header)
;   @definition.interface   an interface or an annotation type declaration (`@interface`)
;   @definition.enum        an enum
;   @definition.constant    an enum constant (with its arguments and class body), an interface
;                           constant or an annotation type element (with its default)
;   @definition.method      a method (abstract, default, static), a constructor or a record's
;                           compact constructor
;   @definition.field       a field declaration (every declarator of it)
;   @definition.module      a module declaration (`module-info.java`)
;   @name                   the defined name
;   @exported               a definition declared `public`, an enum constant, or a member of
;                           an interface or annotation type (public without the word; a
;                           `private` interface method counts too): what project memory calls
;                           exported
;   @import                 an import declaration (static and on-demand included), or a
;                           module directive (requires, exports, opens, uses, provides)
(package_declaration (_) @name) @definition.package
(class_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(annotation_type_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(enum_constant name: (identifier) @name) @definition.constant
(constant_declaration (variable_declarator name: (identifier) @name)) @definition.constant
(annotation_type_element_declaration name: (identifier) @name) @definition.constant
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
(compact_constructor_declaration name: (identifier) @name) @definition.method
(field_declaration (variable_declarator name: (identifier) @name)) @definition.field
(import_declaration) @import
(module_declaration name: (_) @name) @definition.module
[(requires_module_directive) (exports_module_directive) (opens_module_directive)
 (uses_module_directive) (provides_module_directive)] @import

((_ (modifiers) @_modifiers) @exported
  (#codepith-match? @_modifiers "(^|[ \t\r\n])public([ \t\r\n]|$)"))
(interface_body [(method_declaration) (constant_declaration) (class_declaration) (interface_declaration)
                 (enum_declaration) (record_declaration) (annotation_type_declaration)] @exported)
(enum_body (enum_constant) @exported)
(annotation_type_body [(annotation_type_element_declaration) (constant_declaration)] @exported)
