; What codepith elides, shortens and keeps in Solidity.
; Captures:
;   @body.function     the body of a function (free or a member), a modifier (its `_;`
;                      included), a constructor, `receive` or `fallback`: elided at
;                      `signatures` (`{ /* … */ }`), assembly blocks in it included
;   @doc.comment       a NatSpec comment (`///` lines, `/** … */`); a run of `///` lines is one
;                      doc (the registry's `form-run`), shortened to its first line at `outline`
;   @comment           any comment (dropped at `outline` unless a directive or doc comment)
;   @directive         a comment that must stay at every level (`// SPDX-License-Identifier:`,
;                      solhint and slither switches, generated-code markers)
; Kept whole: `pragma` and `import` in every form, contracts, interfaces and libraries with
; their inheritance, structs and enums with their members, events, errors, user-defined
; value types, `using … for`, state variables with their values, every function's header
; (parameters, visibility, mutability, `virtual`/`override`, modifiers, `returns`),
; functions without a body (interface members, `virtual` declarations).
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.

(function_definition body: (function_body) @body.function)
(modifier_definition body: (function_body) @body.function)
(constructor_definition body: (function_body) @body.function)
(fallback_receive_definition body: (function_body) @body.function)

(comment) @comment
((comment) @doc.comment (#codepith-match? @doc.comment "^(///|/\\*\\*[^/])"))
((comment) @directive
  (#codepith-match? @directive "^/[/*] *(SPDX-License-Identifier:|solhint-|slither-disable|@generated)|[Aa]utomatically generated|DO NOT EDIT"))
