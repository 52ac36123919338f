; What codepith elides, shortens and keeps in Swift.
; Captures:
;   @body.function     a function, `init` or `deinit` body; a computed property's or
;                      subscript's body when it is an implicit getter (`var w: Int { 3 }`,
;                      SwiftUI's `var body: some View { … }`); a closure (`{ x in … }`, a
;                      trailing closure, a `lazy var` initializer `{ … }()`); elided at
;                      `signatures` (`{ /* … */ }`)
;   @body.expression   the `{` that opens an accessor's body (`get`, `set`, `willSet`,
;                      `didSet`, `_modify`, `get async throws`), which the grammar does not
;                      make a node of: elided at `signatures` through the @body.terminator
;                      `}` that closes it, the accessor's keyword and its parameter staying
;                      (`get { /* … */ } set { /* … */ }`)
;   @body.terminator   the `}` that closes an accessor's body
;   @keep.signature    an attribute (`@available(…)`, a property wrapper's arguments) or
;                      a parameter's default value (`filter: (T) -> Bool = { _ in true }`):
;                      a closure inside it is part of the signature, never elided
;   @doc.comment       a doc comment (`///` lines, `/** … */`); a run of `///` lines is one
;                      doc (the registry's `form-run`), shortened to its first line at `outline`
;   @comment           any comment (dropped at `outline` unless a directive or doc comment)
;   @directive         a comment that must stay at every level (`// swift-tools-version:`,
;                      `// MARK:`, swiftlint and swift-format switches, `sourcery:`
;                      annotations, licence and generated-code markers)
;   @line.directive    a compiler-control line (`#if`, `#elseif`, `#else`, `#endif`,
;                      `#sourceLocation`): a placeholder never joins it
;   @line.open         `#if`, and
;   @line.close        `#endif`: a body holding more of one than of the other stays
;   @data.value        an array or dictionary literal assigned to a top-level or member
;                      `let`/`var` (its inside elided at `outline` when large and inert)
;   @data.text         a multi-line string `"""…"""` assigned there: its placeholder is a
;                      bare `…`, not a comment
; Kept whole: `import` lines (attributes and kinds `import struct A.B` included), every
; declaration's header (attributes, modifiers, generics, inheritance, `where` clauses,
; `async`/`throws`/`rethrows`, result types), stored properties with their initial values,
; enum cases with associated and raw values, protocol requirements (`{ get set }`),
; typealiases, associated types, operator and precedence-group declarations.
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.

(function_declaration body: (function_body) @body.function)
(init_declaration body: (function_body) @body.function)
(deinit_declaration body: (function_body) @body.function)
(computed_property (statements)) @body.function
(lambda_literal) @body.function

(computed_getter "{" @body.expression "}" @body.terminator)
(computed_setter "{" @body.expression "}" @body.terminator)
(computed_modify "{" @body.expression "}" @body.terminator)
(willset_clause "{" @body.expression "}" @body.terminator)
(didset_clause "{" @body.expression "}" @body.terminator)

(attribute) @keep.signature
(_ default_value: (_) @keep.signature)

["#if" "#elseif" "#else" "#endif"] @line.directive
["#if"] @line.open
["#endif"] @line.close

[(comment) (multiline_comment)] @comment
((comment) @doc.comment (#codepith-match? @doc.comment "^///"))
((multiline_comment) @doc.comment (#codepith-match? @doc.comment "^/\\*\\*[^/]"))
([(comment) (multiline_comment)] @directive
  (#codepith-match? @directive "^/[/*] *(swift-tools-version|MARK:|swiftlint:|swift-format-ignore|sourcery:|SPDX-License-Identifier:)|@generated|[Aa]utomatically generated|DO NOT EDIT"))

(source_file (property_declaration value: [(array_literal) (dictionary_literal)] @data.value))
(class_body (property_declaration value: [(array_literal) (dictionary_literal)] @data.value))
(source_file (property_declaration value: (multi_line_string_literal) @data.value @data.text))
(class_body (property_declaration value: (multi_line_string_literal) @data.value @data.text))
