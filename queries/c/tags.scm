; Definitions and imports in C (tags style): what must survive compression.
; Captures:
;   @definition.function  a function definition or a prototype (its name behind any
;                         pointer declarators)
;   @definition.class     a struct or a union with a body
;   @definition.enum      an enum with a body
;   @definition.field     a struct or union field, or an enumerator
;   @definition.type      a typedef
;   @definition.macro     a `#define` (object-like or function-like)
;   @private              a function or variable declared `static` (internal linkage); the
;                         registry's export rule `tags-private` counts every other
;                         definition exported
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
(([(function_definition) (declaration)] @private)
  (#codepith-match? @private "^[^(;={]*\\bstatic\\b"))
