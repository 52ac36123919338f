; Definitions and imports in Kotlin (tags style): what must survive compression.
; Captures:
;   @definition.package    the `package` header
;   @definition.class      a class (data, sealed, value, inner, abstract, open, annotation)
;   @definition.interface  an interface (`fun interface` and `sealed interface` too)
;   @definition.enum       an enum class
;   @definition.object     an object declaration or a companion object (named or not)
;   @definition.function   a top-level or local function (extension functions included)
;   @definition.method     a function of a class, an object or an interface, or a secondary
;                          constructor
;   @definition.field      a property of a class, an object or an interface (a primary
;                          constructor's `val`/`var` parameter too), or an enum entry
;   @definition.variable   a top-level property
;   @definition.type       a typealias
;   @name                  the defined name
;   @import                an `import` header
;   @private               a declaration marked `private`, `internal` or `protected`, or a
;                          member of a `private` or `internal` class or object: the
;                          registry's export rule `tags-private` exports every other one
(package_header (identifier) @name) @definition.package
((class_declaration "class" (type_identifier) @name) @definition.class
  (#codepith-match? @definition.class "^(?:(?!\\benum\\b)[^{(])*\\bclass\\b"))
(class_declaration "enum" "class" (type_identifier) @name) @definition.enum
(class_declaration "interface" (type_identifier) @name) @definition.interface
(object_declaration (type_identifier) @name) @definition.object
(companion_object (type_identifier) @name) @definition.object
((companion_object "companion" @name) @definition.object
  (#codepith-match? @definition.object "^[^{]*\\bobject(?![ \t\r\n]*[\\w`])"))
(source_file (function_declaration (simple_identifier) @name) @definition.function)
(statements (function_declaration (simple_identifier) @name) @definition.function)
(class_body (function_declaration (simple_identifier) @name) @definition.method)
(enum_class_body (function_declaration (simple_identifier) @name) @definition.method)
(class_body (secondary_constructor "constructor" @name) @definition.method)
(enum_class_body (secondary_constructor "constructor" @name) @definition.method)
(class_body (property_declaration (variable_declaration (simple_identifier) @name)) @definition.field)
(enum_class_body (property_declaration (variable_declaration (simple_identifier) @name)) @definition.field)
(enum_entry (simple_identifier) @name) @definition.field
(primary_constructor (class_parameter (binding_pattern_kind) (simple_identifier) @name) @definition.field)
(source_file (property_declaration (variable_declaration (simple_identifier) @name)) @definition.variable)
(type_alias (type_identifier) @name) @definition.type
(import_header) @import

((_ (modifiers (visibility_modifier) @_visibility)) @private
  (#codepith-match? @_visibility "^(private|internal|protected)$"))
([(class_declaration (modifiers (visibility_modifier) @_visibility) (class_body (_) @private))
  (class_declaration (modifiers (visibility_modifier) @_visibility) (enum_class_body (_) @private))
  (object_declaration (modifiers (visibility_modifier) @_visibility) (class_body (_) @private))]
  (#codepith-match? @_visibility "^(private|internal)$"))
