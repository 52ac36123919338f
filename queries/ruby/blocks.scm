; Inside a top-level control-flow statement or a top-level call with a `do … end`
; block (elided at `outline` unless it defines or requires something).
; Captures:
;   @control.block    a block of statements, elided with the language's placeholder
;   @control.defines  a definition, assignment or require: the statement is kept whole
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.
(if consequence: (then) @control.block)
(unless consequence: (then) @control.block)
(elsif consequence: (then) @control.block)
(while body: (do) @control.block)
(until body: (do) @control.block)
(for body: (do) @control.block)
(when body: (then) @control.block)
(do_block body: (body_statement) @control.block)

[(method) (singleton_method) (class) (module) (singleton_class)] @control.defines
(assignment left: [(constant) (scope_resolution) (global_variable) (class_variable)]) @control.defines
((call method: (identifier) @_f) @control.defines
  (#codepith-match? @_f "^(require|require_relative|load|autoload|include|extend|prepend|define_method|attr_reader|attr_writer|attr_accessor|module_function|private_constant)$"))
