; Blocks inside a top-level statement. Kotlin has top-level statements in scripts (`.kts`)
; alone: a call with a trailing lambda (Gradle's `dependencies { … }`), kept at `signatures`
; and elided at `outline` unless it defines something.
; Captures:
;   @control.block    a lambda (`{ x -> … }`)
;   @control.defines  a declaration inside it (a function, class, object or typealias)
(lambda_literal) @control.block

[(function_declaration) (class_declaration) (object_declaration) (type_alias)] @control.defines
