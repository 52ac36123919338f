; What codepith elides, shortens and keeps in JavaScript (TypeScript and TSX
; inherit this file).
; Captures:
;   @body.function     a function, method, constructor, accessor, arrow function or
;                      function expression body; elided at `signatures`
;   @body.static       a class static block's body; elided at `signatures`
;   @keep.signature    part of a signature (parameters, class heritage, decorators): a
;                      function body inside it is never elided
;   @scope.wrapper     a function that may wrap a whole file (IIFE, UMD/AMD factory, a
;                      function passed to a top-level call): descended into, not elided,
;                      when it defines or imports something
;   @doc.comment       a doc comment (`/** … */`; shortened to its first line at `outline`)
;   @comment           any comment (dropped at `outline` unless a directive or doc comment)
;   @directive         a comment that must stay at every level (`/// <reference>`, @ts-…,
;                      eslint, license markers, pure annotations, …)
;   @data.value        a literal assigned to a top-level name (elided at `outline` when
;                      large and inert)
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

; immediately invoked functions, anywhere: (function () {…})(), (function () {…}).call(this),
; !function () {…}(), (function () {…}())
(call_expression function: (parenthesized_expression [(function_expression) (arrow_function)] @scope.wrapper))
(call_expression function: [(function_expression) (arrow_function)] @scope.wrapper)
(call_expression function: (member_expression object: (parenthesized_expression (function_expression) @scope.wrapper)))
(call_expression function: (member_expression object: (function_expression) @scope.wrapper))
; functions passed to a call that is a statement of its own: define([…], function (…) {…}),
; a UMD factory, a loader callback
(expression_statement (call_expression arguments: (arguments [(function_expression) (arrow_function)] @scope.wrapper)))
(expression_statement (parenthesized_expression (call_expression arguments: (arguments [(function_expression) (arrow_function)] @scope.wrapper))))
(expression_statement (call_expression function: (parenthesized_expression) arguments: (arguments [(function_expression) (arrow_function)] @scope.wrapper)))

(comment) @comment
((comment) @doc.comment (#codepith-match? @doc.comment "^/\\*\\*[^/]"))
((comment) @directive
  (#codepith-match? @directive "^///? *<(reference|amd)|@ts-|eslint|jshint|istanbul|c8 |@jsx|@flow|prettier-ignore|__PURE__|@__NO_SIDE_EFFECTS__|@license|@preserve|^/\\*!|^/\\* *globals? |webpack|@vite-ignore|@refresh"))

(program (lexical_declaration (variable_declarator value: [(array) (object) (template_string) (string)] @data.value)))
(program (variable_declaration (variable_declarator value: [(array) (object) (template_string) (string)] @data.value)))
(program (export_statement declaration: (lexical_declaration (variable_declarator value: [(array) (object) (template_string) (string)] @data.value))))

(program [(if_statement) (for_statement) (for_in_statement) (while_statement) (do_statement)
          (try_statement) (switch_statement)] @control.statement)
