; What codepith elides, shortens and keeps in Kotlin.
; Captures:
;   @body.function     a function's body, block `{ … }` or expression `= …` (a member, an
;                      extension, a local or an anonymous `fun (x) { … }` one), an accessor's
;                      (`get() = field`, `set(value) { … }`: the accessor's header stays) and a
;                      lambda (`{ x -> … }`, a trailing lambda `foo { … }`, a `by lazy { … }`
;                      delegate, a Gradle DSL block `dependencies { … }`); elided at
;                      `signatures` as `{ /* … */ }` (`fun f() = 1` becomes
;                      `fun f() { /* … */ }`, still a function)
;   @body.expression   the `{` that opens an `init` block's or a secondary constructor's
;                      body, which the grammar does not make a node of: elided at
;                      `signatures` through the @body.terminator `}` that closes it (the
;                      constructor's parameters and its `: this(…)` delegation stay)
;   @body.terminator   the `}` that closes such a body
;   @keep.signature    an annotation (`@Ann(…)`, `@file:JvmName(…)`), a parameter list
;                      (a function's, a primary constructor's) or a script's top-level call
;                      (`.kts`: a Gradle DSL block `dependencies { … }`, the script's
;                      configuration): a lambda inside it (a default value
;                      `onClick: () -> Unit = {}`) is part of the signature, not elided there
;   @control.statement a script's top-level call: its lambdas (blocks.scm) elided at
;                      `outline` when they define nothing (`plugins { /* … */ }`)
;   @doc.comment       a KDoc comment (`/** … */`; shortened to its first line at `outline`)
;   @comment           any comment (dropped at `outline` unless a directive or doc comment)
;   @directive         a comment that must stay at every level (`//noinspection`, ktlint and
;                      detekt switches, `@formatter:off/on`, licence and generated-code markers)
; Kept whole: `package` and `import` lines (`import a.B as C`, `import a.*`), file
; annotations, a script's shebang, every declaration's header (annotations, modifiers, type
; parameters and `where` constraints, primary constructors, supertypes and `by` delegation,
; receivers, return types), classes, objects, companion objects, interfaces, data, sealed,
; value and enum classes (entries with their arguments; an entry's own body is a class body:
; its members are kept, their bodies elided), properties with their initial values and
; accessors' headers, typealiases.
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.

(function_declaration (function_body) @body.function)
(getter (function_body) @body.function)
(setter (function_body) @body.function)
(anonymous_function (function_body) @body.function)
(lambda_literal) @body.function

(anonymous_initializer "{" @body.expression "}" @body.terminator)
(secondary_constructor "{" @body.expression "}" @body.terminator)

[(annotation) (file_annotation) (function_value_parameters) (primary_constructor)] @keep.signature
(source_file (call_expression) @keep.signature @control.statement)

[(line_comment) (multiline_comment)] @comment
((multiline_comment) @doc.comment (#codepith-match? @doc.comment "^/\\*\\*[^/]"))
([(line_comment) (multiline_comment)] @directive
  (#codepith-match? @directive "^/[/*] *(SPDX-License-Identifier:|noinspection|ktlint-|detekt:|@formatter:|NOSONAR|suppress)|^/\\*!|@license|@generated|[Aa]utomatically generated|DO NOT EDIT"))
