; What codepith elides, shortens and keeps in Bash.
; Captures:
;   @body.function     a function's body, in either syntax (`f() { … }`, `function f { … }`),
;                      a subshell body (`f() ( … )`) too: elided at `signatures` as the null
;                      command in its own brackets (`{ : ...; }`, `( : ...; )`), heredocs,
;                      `case … esac` and functions defined inside it included
;   @doc.comment       any comment: a run of comments directly above a function is its doc
;                      (the registry's `adjacent-run`), cut to its first line at `outline`
;   @comment           any comment (dropped at `outline` unless a directive or doc comment)
;   @directive         a comment that must stay at every level (the `#!` line, shellcheck
;                      switches, licence and generated-code markers)
; Kept whole: `source` and `.` lines, every function's header, top-level commands,
; assignments, `export`/`declare`/`readonly`, and top-level control flow.
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.

(function_definition body: (_) @body.function)

(comment) @comment
(comment) @doc.comment
((comment) @directive
  (#codepith-match? @directive "^#!|^# *(shellcheck|SPDX-License-Identifier:)|@generated|[Aa]utomatically generated|DO NOT EDIT"))
