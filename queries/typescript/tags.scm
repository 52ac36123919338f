; Definitions and imports in TypeScript (tags style): what must survive compression.
; Captures:
;   @definition.function   a function declaration or overload signature, or a function
;                          assigned to a member
;   @definition.class      a class declaration (abstract included)
;   @definition.method     a method, accessor, constructor or method signature
;   @definition.field      a class field or property signature
;   @definition.interface  an interface
;   @definition.type       a type alias
;   @definition.enum       an enum
;   @definition.module     a `declare module` or `namespace`
;   @definition.variable   a top-level variable
;   @name                  the defined name
;   @import                an import or export statement, a `require(…)` or dynamic
;                          `import(…)` call, or an assignment to `module.exports`/`exports.x`
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(function_signature name: (identifier) @name) @definition.function
(class_declaration name: (_) @name) @definition.class
(abstract_class_declaration name: (_) @name) @definition.class
(method_definition name: (_) @name) @definition.method
(method_signature name: (_) @name) @definition.method
(abstract_method_signature name: (_) @name) @definition.method
(public_field_definition name: (_) @name) @definition.field
(property_signature name: (_) @name) @definition.field
(interface_declaration name: (_) @name) @definition.interface
(type_alias_declaration name: (_) @name) @definition.type
(enum_declaration name: (_) @name) @definition.enum
(module name: (_) @name) @definition.module
(internal_module name: (_) @name) @definition.module
(program (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)))
(assignment_expression
  left: (member_expression property: (property_identifier) @name)
  right: [(function_expression) (arrow_function) (class) (generator_function)]) @definition.function
[(import_statement) (export_statement)] @import
((call_expression function: (identifier) @_require) @import (#codepith-eq? @_require "require"))
(call_expression function: (import)) @import
((assignment_expression left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)) @import
  (#codepith-eq? @_module "module") (#codepith-eq? @_exports "exports"))
((assignment_expression left: (member_expression object: (identifier) @_exports)) @import
  (#codepith-eq? @_exports "exports"))
