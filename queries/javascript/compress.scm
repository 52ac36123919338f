; What codepith elides, shortens and keeps in JavaScript (TypeScript and TSX
; inherit this file).
; Captures:
;   @body.function     a function, method, constructor, accessor, arrow function or
;                      function expression body; elided at `signatures`
;   @body.static       a class static block's body; elided at `signatures`
;   @keep.signature    part of a signature (parameters, class heritage, decorators): a
;                      function body inside it is never elided
;   @scope.module      a function that may be a whole file's module scope (IIFE, UMD or
;                      AMD factory): descended into when its body declares something
;   @scope.descend     an arrow function body that is kept and descended into
;   @doc.comment       a doc comment (`/** … */`; shortened to its first line at `outline`)
;   @comment           any comment, HTML-like `<!--` and `-->` ones too (dropped at `outline`
;                      unless a directive or doc comment)
;   @directive         a comment that must stay at every level (`/// <reference>`, @ts-…,
;                      eslint, license markers, pure annotations, …)
;   @data.value        a literal assigned to a top-level name (elided at `outline` when
;                      large and inert)
;   @data.text         a @data.value that is a string: its placeholder is a bare `…`, not a
;                      comment (which would read as text inside it)
;   @control.statement a top-level control-flow statement (its blocks elided at `outline`
;                      when inert)
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.

(function_declaration body: (statement_block) @body.function)
(generator_function_declaration body: (statement_block) @body.function)
(function_expression body: (statement_block) @body.function)
(generator_function body: (statement_block) @body.function)
(method_definition body: (statement_block) @body.function)
(arrow_function body: (_) @body.function)
(class_static_block body: (statement_block) @body.static)

(formal_parameters) @keep.signature
(class_heritage) @keep.signature
(decorator) @keep.signature

;   (wrapped functions reached from a statement through calls, arguments,
;   parentheses, unary operators, sequences and conditionals are found by the engine,
;   following the node kinds of the language's registry entry, and descended into when
;   their body holds a definition or an import)

; Module scopes, descended into when their body declares something directly
; (var/let/const, a function, a class): immediately invoked functions anywhere,
; (function () {…})(), (function () {…}).call(this), !function () {…}(), (function () {…}()),
; a factory handed to such a function (UMD: `(function (g, f) {…})(this, function () {…})`,
; bare or parenthesised, either side), an AMD define(…)/require([…], …) factory, a
; System.register(…) declaration function, and a parenthesised function assigned to a
; name (lodash's runInContext).
(call_expression function: (parenthesized_expression [(function_expression) (arrow_function)] @scope.module))
(call_expression function: [(function_expression) (arrow_function)] @scope.module)
(call_expression function: (member_expression object: (parenthesized_expression (function_expression) @scope.module)))
(call_expression function: (member_expression object: (function_expression) @scope.module))
(call_expression function: [(parenthesized_expression) (function_expression) (arrow_function)]
                 arguments: (arguments [(function_expression) (arrow_function)] @scope.module))
(call_expression function: [(parenthesized_expression) (function_expression) (arrow_function)]
                 arguments: (arguments (parenthesized_expression [(function_expression) (arrow_function)] @scope.module)))
((call_expression function: (identifier) @_define
                  arguments: (arguments [(function_expression) (arrow_function)] @scope.module))
  (#codepith-match? @_define "^(define|require|requirejs)$"))
((call_expression function: (identifier) @_define
                  arguments: (arguments (parenthesized_expression [(function_expression) (arrow_function)] @scope.module)))
  (#codepith-match? @_define "^(define|require|requirejs)$"))
((call_expression function: (member_expression object: (identifier) @_system property: (property_identifier) @_register)
                  arguments: (arguments [(function_expression) (arrow_function)] @scope.module))
  (#codepith-eq? @_system "System") (#codepith-eq? @_register "register"))
((call_expression function: (member_expression object: (identifier) @_system property: (property_identifier) @_register)
                  arguments: (arguments (parenthesized_expression [(function_expression) (arrow_function)] @scope.module)))
  (#codepith-eq? @_system "System") (#codepith-eq? @_register "register"))
(variable_declarator value: (parenthesized_expression (function_expression) @scope.module))

; An arrow function whose body is a class (a mixin) or a dynamic import (a lazy
; route): the body is what the reader needs, descended into rather than elided.
(arrow_function body: (class) @scope.descend)
(arrow_function body: (call_expression function: (import)) @scope.descend)

(comment) @comment
(html_comment) @comment
((comment) @doc.comment (#codepith-match? @doc.comment "^/\\*\\*[^/]"))
((comment) @directive
  (#codepith-match? @directive "^///? *<(reference|amd)|^/[/*] *(@ts-|eslint|jshint|jscs:|istanbul ignore|c8 ignore|@jsx|@flow|prettier-ignore|globals? |webpack[A-Z]|@vite-ignore|@refresh|#__PURE__|@__PURE__|@__NO_SIDE_EFFECTS__)|@license|@preserve|^/\\*!"))

(program (lexical_declaration (variable_declarator value: [(array) (object) (template_string) @data.text (string) @data.text] @data.value)))
(program (variable_declaration (variable_declarator value: [(array) (object) (template_string) @data.text (string) @data.text] @data.value)))
(program (export_statement declaration: (lexical_declaration (variable_declarator value: [(array) (object) (template_string) @data.text (string) @data.text] @data.value))))
(program (export_statement declaration: (variable_declaration (variable_declarator value: [(array) (object) (template_string) @data.text (string) @data.text] @data.value))))
(program (export_statement value: [(array) (object)] @data.value))
(program (expression_statement (assignment_expression left: (member_expression) right: [(array) (object)] @data.value)))

(program [(if_statement) (for_statement) (for_in_statement) (while_statement) (do_statement)
          (try_statement) (switch_statement)] @control.statement)
