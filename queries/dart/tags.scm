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
;   @private               what Dart's library privacy hides: a definition named `_x`
;                          (a constructor too: `P._internal()`), every member of a type
;                          named `_X`, and an unnamed extension (visible in its library
;                          only); project memory exports every other definition
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

; Dart's library privacy: a name starting with `_`, and what is inside such a type
([(class_definition name: (identifier) @_n) (mixin_declaration . (mixin) . (identifier) @_n)
  (extension_type_declaration name: (identifier) @_n) (extension_declaration name: (identifier) @_n)
  (enum_declaration name: (identifier) @_n) (type_alias . (type_identifier) @_n)] @private
  (#codepith-match? @_n "^_"))
(extension_declaration !name) @private
((program [(function_signature name: (identifier) @_n) (getter_signature name: (identifier) @_n)
           (setter_signature name: (identifier) @_n)] @private)
  (#codepith-match? @_n "^_"))
((program (initialized_identifier_list . (initialized_identifier . (identifier) @_n)) @private)
  (#codepith-match? @_n "^_"))
((program (static_final_declaration_list . (static_final_declaration . (identifier) @_n)) @private)
  (#codepith-match? @_n "^_"))
([(method_signature [(function_signature name: (identifier) @_n) (getter_signature name: (identifier) @_n)
                     (setter_signature name: (identifier) @_n) (constructor_signature name: (identifier) @_n)
                     (factory_constructor_signature (identifier) @_n)])
  (declaration [(function_signature name: (identifier) @_n) (getter_signature name: (identifier) @_n)
                (setter_signature name: (identifier) @_n) (constructor_signature name: (identifier) @_n)
                (constant_constructor_signature (identifier) @_n)
                (factory_constructor_signature (identifier) @_n)
                (redirecting_factory_constructor_signature (identifier) @_n)])] @private
  (#codepith-match? @_n "^_"))
; a field's definition is its list of variables, as in @definition.field
((declaration [(initialized_identifier_list . (initialized_identifier . (identifier) @_n))
               (static_final_declaration_list . (static_final_declaration . (identifier) @_n))] @private)
  (#codepith-match? @_n "^_"))
([(class_definition name: (identifier) @_n body: (class_body [(method_signature) (declaration)] @private))
  (class_definition name: (identifier) @_n body: (class_body (declaration [(initialized_identifier_list)
                                                                          (static_final_declaration_list)] @private)))
  (mixin_declaration . (mixin) . (identifier) @_n (class_body [(method_signature) (declaration)] @private))
  (mixin_declaration . (mixin) . (identifier) @_n (class_body (declaration [(initialized_identifier_list)
                                                                          (static_final_declaration_list)] @private)))
  (enum_declaration name: (identifier) @_n body: (enum_body (enum_constant) @private))
  (extension_declaration name: (identifier) @_n body: (extension_body [(method_signature) (declaration)] @private))]
  (#codepith-match? @_n "^_"))
(extension_declaration !name body: (extension_body [(method_signature) (declaration)] @private))
(extension_declaration !name body: (extension_body (declaration [(initialized_identifier_list)
                                                                 (static_final_declaration_list)] @private)))
