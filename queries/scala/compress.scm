; What codepith elides, shortens and keeps in Scala (Scala 2 brace syntax and Scala 3
; indentation syntax alike).
; Captures:
;   @body.function     a `def`'s body after its `=` (a block `{ … }`, a Scala 3 indented
;                      block, or a single expression: `def f(x: Int) = x + 1`), a Scala 2
;                      procedure's block (`def run() { … }`), a lambda's body after its `=>`
;                      (`xs.map { x => … }`, `(x, y) => …`); elided at `signatures` as
;                      `{ /* … */ }`, a block being an expression wherever one stands
;                      (`def f(x: Int) = { /* … */ }`, `x => { /* … */ }`); an indented body
;                      is pulled up beside its `=`
;   @keep.signature    an annotation (`@deprecated(…)`) or a parameter list (a `def`'s, a
;                      class's; its default values): a lambda inside it stays
;   @doc.comment       a Scaladoc comment (`/** … */`; shortened to its first line at `outline`)
;   @comment           any comment (dropped at `outline` unless a directive or doc comment)
;   @directive         a comment that must stay at every level (`// scalafmt: off`, scalastyle
;                      and wartremover switches, `//> using` directives, licence and
;                      generated-code markers)
; Kept whole: `package` clauses (chained and with bodies), `import` and `export` in every form
; (`a.{b, c => d}`, `a.{b as c}`, `_`, `*`, `given`), annotations, modifiers, every
; definition's header (type parameters with bounds and context bounds, several parameter lists,
; `implicit` and `using` clauses, `extends … with …`, `derives`, return types), classes, case
; classes, objects, traits, Scala 3 enums with their cases, givens (`given x: T with`, with
; their members; a value given `given T = …` with its value), extension methods (the
; `extension (s: String)` header stays), vals and vars with their values, type members and
; abstract declarations, `end` markers.
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.

(function_definition body: (_) @body.function)
(lambda_expression "=>" . (_) @body.function)

[(annotation) (parameters) (class_parameters)] @keep.signature

[(comment) (block_comment)] @comment
((block_comment) @doc.comment (#codepith-match? @doc.comment "^/\\*\\*[^/]"))
([(comment) (block_comment)] @directive
  (#codepith-match? @directive "^/[/*] *(SPDX-License-Identifier:|scalafmt:|scalastyle:|format: *(off|on)|wartremover|NOSONAR|> *using )|^/\\*!|@license|@generated|[Aa]utomatically generated|DO NOT EDIT"))
