; Definitions and imports in Swift (tags style): what must survive compression.
; Captures:
;   @definition.class      a class, struct or actor
;   @definition.enum       an enum (`indirect` ones included)
;   @definition.impl       an extension (its whole header: type, conformances, `where`)
;   @definition.interface  a protocol
;   @definition.function   a free function (at the top level or in a function body), or an
;                          operator declaration (`infix operator **: Pow`)
;   @definition.method     a method, `init`, `deinit` or subscript of a type, an extension or
;                          a protocol (requirements included)
;   @definition.field      a property of a type, an extension or a protocol (stored or
;                          computed, with its accessors' headers), or an enum case (with its
;                          associated and raw values)
;   @definition.variable   a top-level `let` or `var`
;   @definition.type       a typealias, an associated type or a precedence group
;   @name                  the defined name
;   @import                an `import` declaration (`@testable import`, `import struct A.B`)
;   @exported              a declaration marked `public` or `open`, a requirement of a
;                          protocol, or a case of a public enum: what project memory calls
;                          exported
((class_declaration declaration_kind: ["class" "struct" "actor"] name: (type_identifier) @name) @definition.class)
((class_declaration declaration_kind: "enum" name: (type_identifier) @name) @definition.enum)
((class_declaration declaration_kind: "extension" name: (_) @name) @definition.impl)
(protocol_declaration name: (type_identifier) @name) @definition.interface
(source_file (function_declaration name: (_) @name) @definition.function)
(statements (function_declaration name: (_) @name) @definition.function)
(operator_declaration (custom_operator) @name) @definition.function
(class_body (function_declaration name: (_) @name) @definition.method)
(protocol_body (protocol_function_declaration name: (_) @name) @definition.method)
([(class_body (init_declaration name: _ @name) @definition.method)
  (protocol_body (init_declaration name: _ @name) @definition.method)])
([(class_body (deinit_declaration "deinit" @name) @definition.method)
  (protocol_body (deinit_declaration "deinit" @name) @definition.method)])
([(class_body (subscript_declaration "subscript" @name) @definition.method)
  (protocol_body (subscript_declaration "subscript" @name) @definition.method)])
(enum_class_body [(function_declaration name: (_) @name) (init_declaration name: _ @name) (subscript_declaration "subscript" @name)] @definition.method)
([(class_body (property_declaration name: (pattern) @name) @definition.field)
  (enum_class_body (property_declaration name: (pattern) @name) @definition.field)])
(protocol_body (protocol_property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.field)
(enum_entry name: (simple_identifier) @name) @definition.field
(source_file (property_declaration name: (pattern) @name) @definition.variable)
(typealias_declaration name: (type_identifier) @name) @definition.type
(associatedtype_declaration name: (type_identifier) @name) @definition.type
(precedence_group_declaration (simple_identifier) @name) @definition.type
(import_declaration) @import

((_ (modifiers (visibility_modifier) @_visibility)) @exported
  (#codepith-match? @_visibility "^(public|open)\\b"))
(protocol_body (_) @exported)
; the cases of a public enum are as public as it
((class_declaration (modifiers (visibility_modifier) @_visibility) body: (enum_class_body (enum_entry) @exported))
  (#codepith-match? @_visibility "^(public|open)\\b"))
