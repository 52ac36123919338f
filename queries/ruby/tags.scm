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
