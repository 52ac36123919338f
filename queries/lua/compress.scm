; What codepith elides, shortens and keeps in Lua.
; Captures:
;   @body.function     the block of a function (`function M.f(…) … end`, `local function`,
;                      `function(…) … end` as a value): elided at `signatures` from its first
;                      statement (or the comments that lead it) to the `end`, which stays on
;                      a line of its own; the placeholder is the comment line `-- ...`
;   @doc.comment       any comment: a run of comments directly above a definition is its doc
;                      (the registry's `adjacent-run`: LDoc's `---` and the `--` lines after it),
;                      cut to its first line at `outline`
;   @comment           any comment (dropped at `outline` unless a directive or doc comment)
;   @directive         a comment that must stay at every level (luacheck, stylua, selene and
;                      LuaLS `---@diagnostic` switches, licence and generated-code markers)
; Kept whole: `require` in every form, every function's header (`function M.f`, `function
; M:m`, `local function`, `local f = function`, `t.f = function`), module tables (`local M =
; {}` … `return M`), top-level statements and tables.
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.

(function_declaration body: (block) @body.function)
(function_definition body: (block) @body.function)

(comment) @comment
(comment) @doc.comment
((comment) @directive
  (#codepith-match? @directive "^--+ *(luacheck:|stylua:|selene:|@diagnostic|SPDX-License-Identifier:)|@generated|[Aa]utomatically generated|DO NOT EDIT"))
