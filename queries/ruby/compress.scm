; What codepith elides, shortens and keeps in Ruby.
; Captures:
;   @body.function     a method body (`def … end`, `def self.x … end`); elided at
;                      `signatures` to a `# ...` line, the `end` kept. An endless method
;                      (`def f = expr`) has no body statement and is kept whole
;   @doc.comment       a comment that documents what follows it when it sits directly above
;                      it (codepith checks the adjacency); shortened to its first line at `outline`
;   @comment           any comment (dropped at `outline` unless a directive or doc comment)
;   @directive         a comment that must stay at every level: shebang, magic comments
;                      (frozen_string_literal, encoding/coding, warn_indent,
;                      shareable_constant_value), rubocop/sorbet/nodoc markers
;   @data.value        an array or hash literal (or one `.freeze`d) assigned to a constant
;                      at the top level or in a class or module body (elided at `outline`
;                      when large and inert)
;   @control.statement a top-level control-flow statement or a top-level call with a
;                      `do … end` block (spec blocks: `describe … do`), its blocks elided at
;                      `outline` when they define nothing
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.
(method body: (body_statement) @body.function)
(singleton_method body: (body_statement) @body.function)

(comment) @comment
(comment) @doc.comment
((comment) @directive
  (#codepith-match? @directive "^#!|^# *-\\*-|^# *(frozen_string_literal|encoding|coding|warn_indent|shareable_constant_value|rubocop|typed|sorbet)\\b|^# *:nodoc:|coding[:=]"))

(program (assignment left: (constant) right: [(array) (hash)] @data.value))
(program (assignment left: (constant) right: (call receiver: [(array) (hash)] @data.value)))
([(class) (module)] body: (body_statement (assignment left: (constant) right: [(array) (hash)] @data.value)))
([(class) (module)] body: (body_statement
   (assignment left: (constant) right: (call receiver: [(array) (hash)] @data.value))))

(program [(if) (unless) (while) (until) (for) (case)] @control.statement)
(program (call block: (do_block)) @control.statement)

; A heredoc opened on a method's `end` line has its text after the method
; (`puts(<<~EOS); end`, then the text): the elision of the body takes that text too.
;   @heredoc.open      a heredoc's opener (`<<~EOS`)
;   @heredoc.text      a heredoc's text, through its terminator
(heredoc_beginning) @heredoc.open
(heredoc_body) @heredoc.text
