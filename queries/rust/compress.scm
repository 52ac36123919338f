; What codepith elides, shortens and keeps in Rust.
; Captures:
;   @body.function     a function or method body (free functions, methods of `impl` and
;                      `trait` blocks, trait default methods, nested functions), a closure's
;                      or an async block's block body, a `macro_rules!` rule's expansion
;                      (its matcher stays: it is the macro's signature); elided at `signatures`
;   @body.outline      the body of a `#[cfg(test)] mod tests { … }` module: code the pith
;                      does not need, elided at `outline` only
;   @doc.comment       a doc comment (`///`, `//!`, `/** … */`, `/*! … */`); a run of line
;                      doc comments of one form is one doc (the registry's `form-run`),
;                      shortened to its first line at `outline`
;   @comment           any comment (dropped at `outline` unless a directive or doc comment)
;   @directive         a comment that must stay at every level (licence identifiers,
;                      generated-code markers)
;   @data.value        a literal assigned to a top-level `const` or `static` (elided at
;                      `outline` when large and inert)
;   @data.literal      the array inside a @data.value behind `&` (`&[…]`): the part elided
;   @data.text         a @data.value that is a string: its placeholder is a bare `…`, not a
;                      comment (which would read as text inside it); a raw string `r#"…"#`
;                      has no delimiter nodes in the grammar, so it is kept
; Inner attributes `#![…]`, item attributes `#[…]`, `use`, `mod x;`, `extern crate`, and
; every item's header are code outside any capture: they stay at every level.
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.

(function_item body: (block) @body.function)
(closure_expression body: (block) @body.function)
(async_block (block) @body.function)
(macro_rule right: (token_tree) @body.function)

; (each pattern starts at the items' parent, so a depth-band run finds it like one run does)
(source_file (attribute_item) @_cfg . (mod_item body: (declaration_list) @body.outline)
  (#codepith-match? @_cfg "^#\\[\\s*cfg\\s*\\(\\s*(test|all\\s*\\(\\s*test\\b)"))
(source_file (attribute_item) @_cfg . (attribute_item) . (mod_item body: (declaration_list) @body.outline)
  (#codepith-match? @_cfg "^#\\[\\s*cfg\\s*\\(\\s*(test|all\\s*\\(\\s*test\\b)"))
(source_file (attribute_item) @_cfg . [(line_comment) (block_comment)] . (mod_item body: (declaration_list) @body.outline)
  (#codepith-match? @_cfg "^#\\[\\s*cfg\\s*\\(\\s*(test|all\\s*\\(\\s*test\\b)"))
(declaration_list (attribute_item) @_cfg . (mod_item body: (declaration_list) @body.outline)
  (#codepith-match? @_cfg "^#\\[\\s*cfg\\s*\\(\\s*(test|all\\s*\\(\\s*test\\b)"))
(declaration_list (attribute_item) @_cfg . (attribute_item) . (mod_item body: (declaration_list) @body.outline)
  (#codepith-match? @_cfg "^#\\[\\s*cfg\\s*\\(\\s*(test|all\\s*\\(\\s*test\\b)"))
(declaration_list (attribute_item) @_cfg . [(line_comment) (block_comment)] . (mod_item body: (declaration_list) @body.outline)
  (#codepith-match? @_cfg "^#\\[\\s*cfg\\s*\\(\\s*(test|all\\s*\\(\\s*test\\b)"))

[(line_comment) (block_comment)] @comment
;   (the grammar marks doc comments with a `doc` field: no text predicate needed)
(line_comment doc: (doc_comment)) @doc.comment
(block_comment doc: (doc_comment)) @doc.comment
; (only plain comments are read for directives: doc comments are docs)
([(line_comment !doc) (block_comment !doc)] @directive
  (#codepith-match? @directive "SPDX-License-Identifier|@generated|[Aa]utomatically generated|DO NOT EDIT"))

(source_file (const_item value: [(array_expression) (tuple_expression)] @data.value))
(source_file (static_item value: [(array_expression) (tuple_expression)] @data.value))
(source_file (const_item value: (string_literal) @data.value @data.text))
(source_file (static_item value: (string_literal) @data.value @data.text))
(source_file (const_item value: (reference_expression value: (array_expression) @data.literal) @data.value))
(source_file (static_item value: (reference_expression value: (array_expression) @data.literal) @data.value))
