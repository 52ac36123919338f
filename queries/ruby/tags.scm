; Definitions and imports in Ruby (tags style): what must survive compression.
; Captures:
;   @definition.method    a method (`def name`, `def self.name`, endless methods)
;   @definition.class     a class (`class << self` is no definition of its own: its
;                         methods are, and keeping them keeps it)
;   @definition.module    a module
;   @definition.constant  a constant assignment (`X = …`)
;   @definition.field     an `attr_reader`/`attr_writer`/`attr_accessor` declaration
;   @name                 the defined name
;   @import               a `require`, `require_relative`, `load` or `autoload` call
;   @private              a method under a bare `private`/`protected` line of its body, or
;                         wrapped by `private def …` (not exported; the registry's
;                         export rule `tags-private`)
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.
(method name: (_) @name) @definition.method
(singleton_method name: (_) @name) @definition.method
(class name: (_) @name) @definition.class
(module name: (_) @name) @definition.module
(assignment left: (constant) @name) @definition.constant
((call method: (identifier) @_f arguments: (argument_list) @name) @definition.field
  (#codepith-match? @_f "^attr_(reader|writer|accessor)$"))
((call method: (identifier) @_f) @import
  (#codepith-match? @_f "^(require|require_relative|load|autoload)$"))

((body_statement (identifier) @_v [(method) (singleton_method)] @private)
  (#codepith-match? @_v "^(private|protected)$"))
((call method: (identifier) @_v arguments: (argument_list [(method) (singleton_method)] @private))
  (#codepith-match? @_v "^(private|protected|private_class_method)$"))
