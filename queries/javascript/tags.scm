; Definitions and imports in JavaScript (tags style): what must survive compression.
; Captures:
;   @definition.function  a function declaration, or a function assigned to a member
;                         (`exports.f = function …`, `Foo.prototype.bar = …`)
;   @definition.class     a class declaration
;   @definition.method    a method, accessor or constructor (classes and object literals)
;   @definition.field     a class field
;   @definition.variable  a top-level variable
;   @name                 the defined name
;   @import               an import or export statement, a `require(…)` or dynamic
;                         `import(…)` call, or an assignment to `module.exports`/`exports.x`
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (_) @name) @definition.class
(method_definition name: (_) @name) @definition.method
(field_definition property: (_) @name) @definition.field
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
