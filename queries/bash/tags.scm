; Definitions and imports in Bash (tags style): what must survive compression.
; Captures:
;   @definition.function  a function, in either syntax (`f() { … }`, `function f { … }`,
;                         `function f() ( … )`), at the top level or inside another body
;   @name                 the defined name
;   @import               a `source` or `.` command, whatever its argument
;   @private              nothing: every function is exported (the export rule
;                         `tags-private`), a sourced file's functions being its interface
(function_definition name: (word) @name) @definition.function
((command name: (command_name (word) @_cmd)) @import
  (#codepith-match? @_cmd "^(source|\\.)$"))
