; Definitions and imports in Rust (tags style): what must survive compression.
; Captures:
;   @definition.function   a free function (in a file, a module, an `extern` block or a
;                          function body) or a function signature of an `extern` block
;   @definition.method     a function of an `impl` or `trait` block (default methods and
;                          required signatures included)
;   @definition.class      a struct or a union
;   @definition.enum       an enum
;   @definition.field      a struct or union field, or an enum variant
;   @definition.interface  a trait
;   @definition.impl       an `impl` block (its whole header: generics, trait, type, `where`)
;   @definition.module     a module (`mod x { … }` or `mod x;`)
;   @definition.type       a type alias or an associated type
;   @definition.constant   a `const` or `static` item
;   @definition.macro      a `macro_rules!` definition
;   @name                  the defined name
;   @import                a `use` declaration, an `extern crate`, or a `mod x;` (a module
;                          whose body is another file)
;   @exported              an item or field declared plain `pub` (not `pub(crate)` and the
;                          like), an enum variant, an item of a trait, a function of a trait
;                          `impl`, a `#[macro_export]` macro: what project memory calls exported
(source_file (function_item name: (identifier) @name) @definition.function)
(mod_item body: (declaration_list (function_item name: (identifier) @name) @definition.function))
(impl_item body: (declaration_list [(function_item name: (identifier) @name) (function_signature_item name: (identifier) @name)] @definition.method))
(trait_item body: (declaration_list [(function_item name: (identifier) @name) (function_signature_item name: (identifier) @name)] @definition.method))
(foreign_mod_item body: (declaration_list (function_signature_item name: (identifier) @name) @definition.function))
(block (function_item name: (identifier) @name) @definition.function)
(struct_item name: (type_identifier) @name) @definition.class
(union_item name: (type_identifier) @name) @definition.class
(enum_item name: (type_identifier) @name) @definition.enum
(field_declaration name: (field_identifier) @name) @definition.field
(enum_variant name: (identifier) @name) @definition.field
(trait_item name: (type_identifier) @name) @definition.interface
(impl_item type: (_) @name) @definition.impl
(mod_item name: (identifier) @name) @definition.module
(type_item name: (type_identifier) @name) @definition.type
(associated_type name: (type_identifier) @name) @definition.type
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.constant
(macro_definition name: (identifier) @name) @definition.macro
[(use_declaration) (extern_crate_declaration)] @import
(mod_item !body) @import

((_ (visibility_modifier) @_visibility) @exported
  (#codepith-eq? @_visibility "pub"))
(enum_variant) @exported
(trait_item body: (declaration_list [(function_item) (function_signature_item) (associated_type) (const_item)] @exported))
(impl_item trait: (_) body: (declaration_list (function_item) @exported))
(_ (attribute_item (attribute (identifier) @_attribute)) . (macro_definition) @exported
  (#codepith-eq? @_attribute "macro_export"))
