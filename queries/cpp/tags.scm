; Definitions and imports in C++ (tags style): what must survive compression.
; Captures:
;   @definition.function  a function definition or a prototype: free functions, methods,
;                         out-of-class definitions (`Foo::bar`), operators, constructors,
;                         destructors (the name behind any pointer or reference declarator)
;   @definition.class     a class, struct or union with a body
;   @definition.enum      an enum (or `enum class`) with a body
;   @definition.field     a data member, a member function declaration, or an enumerator
;   @definition.module    a namespace
;   @definition.type      a typedef, a `using` alias, or a concept
;   @definition.macro     a `#define` (object-like or function-like)
;   @private              a definition with internal linkage: a function or variable declared
;                         `static` at file or namespace level, or a definition in an anonymous
;                         namespace (with the members of its classes and enums, its templates
;                         and the definitions of namespaces nested in it, one level deep); the
;                         registry's export rule `tags-private` counts every other definition
;                         exported
;   @name                 the defined name
;   @import               an `#include`
(function_definition declarator: (function_declarator declarator: (_) @name)) @definition.function
(function_definition declarator: (_ (function_declarator declarator: (_) @name))) @definition.function
(function_definition declarator: (_ (_ (function_declarator declarator: (_) @name)))) @definition.function
(declaration declarator: (function_declarator declarator: (_) @name)) @definition.function
(declaration declarator: (_ (function_declarator declarator: (_) @name))) @definition.function
(class_specifier name: (_) @name body: (field_declaration_list)) @definition.class
(struct_specifier name: (_) @name body: (field_declaration_list)) @definition.class
(union_specifier name: (_) @name body: (field_declaration_list)) @definition.class
(enum_specifier name: (_) @name body: (enumerator_list)) @definition.enum
(field_declaration declarator: (field_identifier) @name) @definition.field
(field_declaration declarator: (function_declarator declarator: (_) @name)) @definition.field
(enumerator name: (identifier) @name) @definition.field
(namespace_definition name: (_) @name) @definition.module
(type_definition declarator: (type_identifier) @name) @definition.type
(alias_declaration name: (type_identifier) @name) @definition.type
(concept_definition name: (identifier) @name) @definition.type
(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro
(preproc_include) @import

((translation_unit [(function_definition) (declaration)] @private)
  (#codepith-match? @private "^[^(;={]*\\bstatic\\b"))
((declaration_list [(function_definition) (declaration)] @private)
  (#codepith-match? @private "^[^(;={]*\\bstatic\\b"))
(namespace_definition !name body: (declaration_list (_) @private))
(namespace_definition !name body: (declaration_list (template_declaration (_) @private)))
(namespace_definition !name body: (declaration_list
  (_ body: [(field_declaration_list (_) @private) (enumerator_list (_) @private)])))
(namespace_definition !name body: (declaration_list (namespace_definition body: (declaration_list (_) @private))))
