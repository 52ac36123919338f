; Definitions and imports in Scala (tags style): what must survive compression.
; Captures:
;   @definition.package    a `package` clause
;   @definition.class      a class or case class
;   @definition.interface  a trait
;   @definition.object     an object (a case object, a package object) or a given (named, or
;                          named by its type)
;   @definition.enum       a Scala 3 enum
;   @definition.impl       an extension (named by its receiver's type)
;   @definition.function   a top-level or local `def`
;   @definition.method     a `def` of a class, object, trait, enum, given or extension (and an
;                          abstract `def` declaration)
;   @definition.field      a `val`/`var` of a class, object, trait, enum or given (a class's
;                          `val`/`var` parameter, a case class's parameter outside `implicit`
;                          and `using` lists), or an enum case
;   @definition.variable   a top-level `val`/`var`
;   @definition.type       a type member or alias (`type T = …`, `type U <: Any`, `opaque type`)
;   @name                  the defined name
;   @import                an `import` or `export` declaration
;   @private               a definition marked `private` or `protected` (`private[pkg]` too), or
;                          a member of a `private` one: the registry's export rule
;                          `tags-private` exports every other one
(package_clause name: (package_identifier) @name) @definition.package
(class_definition name: (identifier) @name) @definition.class
(trait_definition name: (identifier) @name) @definition.interface
(object_definition name: (identifier) @name) @definition.object
(package_object name: (identifier) @name) @definition.object
(given_definition name: (identifier) @name) @definition.object
(given_definition !name return_type: (_) @name) @definition.object
(enum_definition name: (identifier) @name) @definition.enum
(extension_definition parameters: (parameters (parameter type: (_) @name))) @definition.impl
[(simple_enum_case name: (identifier) @name) (full_enum_case name: (identifier) @name)] @definition.field
(type_definition name: (type_identifier) @name) @definition.type
(class_parameters (class_parameter ["val" "var"] name: (identifier) @name) @definition.field)
((class_definition "case" class_parameters: (class_parameters (class_parameter name: (identifier) @name) @definition.field) @_list)
  (#codepith-match? @_list "^\\([ \t\r\n]*(?!implicit\\b|using\\b)"))

(compilation_unit [(function_definition name: (_) @name) (function_declaration name: (_) @name)] @definition.function)
([(block) (indented_block)] (function_definition name: (_) @name) @definition.function)
(template_body [(function_definition name: (_) @name) (function_declaration name: (_) @name)] @definition.method)
(with_template_body [(function_definition name: (_) @name) (function_declaration name: (_) @name)] @definition.method)
(enum_body [(function_definition name: (_) @name) (function_declaration name: (_) @name)] @definition.method)
(extension_definition body: [(function_definition name: (_) @name) (function_declaration name: (_) @name)] @definition.method)
(extension_definition body: (template_body [(function_definition name: (_) @name) (function_declaration name: (_) @name)] @definition.method))

(compilation_unit [(val_definition pattern: (_) @name) (var_definition pattern: (_) @name)
                   (val_declaration name: (_) @name) (var_declaration name: (_) @name)] @definition.variable)
(template_body [(val_definition pattern: (_) @name) (var_definition pattern: (_) @name)
                (val_declaration name: (_) @name) (var_declaration name: (_) @name)] @definition.field)
(with_template_body [(val_definition pattern: (_) @name) (var_definition pattern: (_) @name)
                     (val_declaration name: (_) @name) (var_declaration name: (_) @name)] @definition.field)
(enum_body [(val_definition pattern: (_) @name) (var_definition pattern: (_) @name)] @definition.field)

[(import_declaration) (export_declaration)] @import

((_ (modifiers (access_modifier) @_access)) @private
  (#codepith-match? @_access "^(private|protected)\\b"))
((_ (modifiers (access_modifier) @_access) body: (_ (_) @private))
  (#codepith-match? @_access "^private\\b"))
