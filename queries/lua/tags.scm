; Definitions and imports in Lua (tags style): what must survive compression.
; Captures:
;   @definition.function   a function statement (`function f`, `function M.f`, `function
;                          a.b.c`, `local function f`), a function assigned to a name or a
;                          field (`local f = function`, `M.f = function`), or a function field
;                          of a table constructor (`{ f = function(…) … end }`)
;   @definition.method     a method (`function M:m`)
;   @definition.module     a table assigned to a top-level local (`local M = {}`), the usual
;                          module table
;   @name                  the defined name
;   @import                a `require` call in any form (`require "a.b"`, `require("x")`,
;                          `local x = require "a.b"`, `require('x').y`)
;   @exported              a global function (not `local`), the table the file returns (`local
;                          M = {}` … `return M`) and its functions and methods, a function
;                          field of a returned table constructor: what project memory calls
;                          exported
(function_declaration name: (identifier) @name) @definition.function
(function_declaration name: (dot_index_expression field: (identifier) @name)) @definition.function
(function_declaration name: (method_index_expression method: (identifier) @name)) @definition.method
(variable_declaration
  (assignment_statement
    (variable_list . name: (identifier) @name)
    (expression_list . value: (function_definition)))) @definition.function
(chunk
  (assignment_statement
    (variable_list . name: [(identifier) @name (dot_index_expression field: (identifier) @name)])
    (expression_list . value: (function_definition))) @definition.function)
(block
  (assignment_statement
    (variable_list . name: [(identifier) @name (dot_index_expression field: (identifier) @name)])
    (expression_list . value: (function_definition))) @definition.function)
(field name: (identifier) @name value: (function_definition)) @definition.function
(chunk
  (variable_declaration
    (assignment_statement
      (variable_list . name: (identifier) @name)
      (expression_list . value: (table_constructor)))) @definition.module)

((function_call name: (identifier) @_require) @import
  (#codepith-eq? @_require "require"))

(chunk (function_declaration name: (identifier)) @exported
  (#codepith-match? @exported "^function"))
(chunk
  [(function_declaration
     name: [(dot_index_expression table: (identifier) @_table)
            (method_index_expression table: (identifier) @_table)])
   (assignment_statement
     (variable_list . name: (dot_index_expression table: (identifier) @_table))
     (expression_list . value: (function_definition)))] @exported
  (return_statement (expression_list . (identifier) @_returned) .)
  (#codepith-eq? @_table @_returned))
(chunk (return_statement (expression_list . (table_constructor
  (field name: (identifier) value: (function_definition)) @exported))))
(chunk
  (variable_declaration
    (assignment_statement
      (variable_list . name: (identifier) @_table)
      (expression_list . value: (table_constructor)))) @exported
  (return_statement (expression_list . (identifier) @_returned) .)
  (#codepith-eq? @_table @_returned))
