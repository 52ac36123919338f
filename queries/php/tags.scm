; Definitions and imports in PHP (tags style): what must survive compression.
; Captures:
;   @definition.package     a namespace declaration (`namespace A\B;` or `namespace A\B { … }`)
;   @definition.class       a class (abstract, final, readonly)
;   @definition.interface   an interface
;   @definition.trait       a trait
;   @definition.enum        an enum (pure or backed)
;   @definition.constant    a class, interface or global constant, or an enum case
;   @definition.function    a top-level (or conditionally declared) function
;   @definition.method      a method (abstract, static, interface) or a constructor
;   @definition.field       a property (every element of it) or a promoted constructor
;                           parameter
;   @name                   the defined name
;   @exported               a definition declared `public`, a member of an interface, an
;                           enum case, a top-level function, class, interface, trait, enum
;                           or constant, or a class member without a visibility modifier
;                           (public by default): what project memory calls exported
;   @import                 a `use` declaration (grouped, function and const included), a
;                           trait `use` inside a class, or a top-level require/include
;                           statement (one inside a function body is elided with the body)
(namespace_definition name: (namespace_name) @name) @definition.package
(class_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface
(trait_declaration name: (name) @name) @definition.trait
(enum_declaration name: (name) @name) @definition.enum
(enum_case name: (name) @name) @definition.constant
(const_declaration (const_element (name) @name)) @definition.constant
(function_definition name: (name) @name) @definition.function
(method_declaration name: (name) @name) @definition.method
(property_declaration (property_element name: (variable_name) @name)) @definition.field
(property_promotion_parameter name: (variable_name) @name) @definition.field
(namespace_use_declaration) @import
(use_declaration) @import
(program (expression_statement [(require_expression) (require_once_expression) (include_expression)
                                (include_once_expression)] @import))

((_ (visibility_modifier) @_visibility) @exported
  (#codepith-match? @_visibility "^[Pp][Uu][Bb][Ll][Ii][Cc]$"))
((_ visibility: (visibility_modifier) @_visibility) @exported
  (#codepith-match? @_visibility "^[Pp][Uu][Bb][Ll][Ii][Cc]$"))
(interface_declaration body: (declaration_list (method_declaration) @exported))
(enum_declaration_list (enum_case) @exported)
(program [(class_declaration) (interface_declaration) (trait_declaration) (enum_declaration)
          (function_definition) (const_declaration)] @exported)
(namespace_definition body: (compound_statement [(class_declaration) (interface_declaration) (trait_declaration)
          (enum_declaration) (function_definition) (const_declaration)] @exported))
; a member without a visibility modifier is public (attributes on their own lines, then
; only `static`, `final`, `abstract`, `readonly` or `var` before `function`, `const` or `$`); one
; attribute group per line but the last, so the pattern never tries each way of cutting a line of
; attributes into groups (that was exponential in their number)
((declaration_list [(method_declaration) (property_declaration) (const_declaration)] @exported)
  (#codepith-match? @exported "^(#\\[.*\\][ \t\r]*\n[ \t\r\n]*)*(#\\[.*\\][ \t\r\n]*)?((static|final|abstract|readonly|var)[ \t\r\n]+)*(function|const|[$])"))
