; Definitions and imports in Dart (tags style): what must survive compression.
; Captures:
;   @definition.class      a class (with its modifiers: `abstract`, `sealed`, `base`,
;                          `final`, `interface`, `mixin class`), a mixin or an extension type
;   @definition.impl       an extension (`extension X on T`, unnamed ones too)
;   @definition.enum       an enum (enhanced enums included)
;   @definition.field      a field (every variable of its declaration) or an enum value
;   @definition.method     a method, getter, setter, operator or constructor (named, factory,
;                          `const`, redirecting; with its initializer list), abstract and
;                          `external` ones included
;   @definition.function   a top-level function, getter or setter
;   @definition.variable   a top-level variable
;   @definition.type       a typedef
;   @name                  the defined name
;   @import                `library`, `import`/`export` (with `show`/`hide`/`as`/`deferred`),
;                          `part` and `part of`
; (exported names follow the registry's `public-name` rule: Dart's library privacy)
(class_definition name: (identifier) @name) @definition.class
(mixin_declaration . (mixin) . (identifier) @name) @definition.class
(extension_type_declaration name: (identifier) @name) @definition.class
(extension_declaration name: (identifier) @name) @definition.impl
(extension_declaration !name class: (_) @name) @definition.impl
(enum_declaration name: (identifier) @name) @definition.enum
(enum_constant name: (identifier) @name) @definition.field
(type_alias . (type_identifier) @name) @definition.type
(type_alias . (function_type) . (type_identifier) @name) @definition.type
(program (function_signature name: (identifier) @name) @definition.function)
(program (getter_signature name: (identifier) @name) @definition.function)
(program (setter_signature name: (identifier) @name) @definition.function)
(program (initialized_identifier_list (initialized_identifier . (identifier) @name)) @definition.variable)
(program (static_final_declaration_list (static_final_declaration . (identifier) @name)) @definition.variable)
([(method_signature [(function_signature name: (identifier) @name)
                     (getter_signature name: (identifier) @name)
                     (setter_signature name: (identifier) @name)
                     (constructor_signature . name: (identifier) @name)
                     (factory_constructor_signature . (identifier) @name)
                     (operator_signature) @name])
  (declaration [(function_signature name: (identifier) @name)
                (getter_signature name: (identifier) @name)
                (setter_signature name: (identifier) @name)
                (constructor_signature . name: (identifier) @name)
                (constant_constructor_signature . (const_builtin) . (identifier) @name)
                (factory_constructor_signature . (identifier) @name)
                (redirecting_factory_constructor_signature . (identifier) @name)
                (operator_signature) @name])] @definition.method)
(declaration [(initialized_identifier_list (initialized_identifier . (identifier) @name))
              (static_final_declaration_list (static_final_declaration . (identifier) @name))] @definition.field)
[(library_name) (import_or_export) (part_directive) (part_of_directive)] @import
