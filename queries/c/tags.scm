; Definitions and imports in C (tags style): what must survive compression.
; Captures:
;   @definition.function  a function definition or a prototype (its name behind any
;                         pointer declarators)
;   @definition.class     a struct or a union with a body
;   @definition.enum      an enum with a body
;   @definition.field     a struct or union field, or an enumerator
;   @definition.type      a typedef
;   @definition.macro     a `#define` (object-like or function-like)
;   @exported             a definition without `static` (C's external linkage)
;   @name                 the defined name
;   @import               an `#include`
(function_definition declarator: (function_declarator declarator: (identifier) @name)) @definition.function
(function_definition declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))) @definition.function
(function_definition declarator: (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))) @definition.function
(declaration declarator: (function_declarator declarator: (identifier) @name)) @definition.function
(declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))) @definition.function
(struct_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.class
(union_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.class
(enum_specifier name: (type_identifier) @name body: (enumerator_list)) @definition.enum
(field_declaration declarator: (field_identifier) @name) @definition.field
(enumerator name: (identifier) @name) @definition.field
(type_definition declarator: (type_identifier) @name) @definition.type
(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro
(preproc_include) @import
; (no negated child in queries: a lookahead rejects a `static` before the declarator)
([(function_definition) (declaration)] @exported
  (#codepith-match? @exported "^(?![^(;={]*\\bstatic\\b)"))
([(struct_specifier) (union_specifier) (enum_specifier) (type_definition) (preproc_def) (preproc_function_def)] @exported)
