; What codepith elides, shortens and keeps in C#.
; Captures:
;   @body.function    a block body of a method, constructor, destructor, operator,
;                     conversion operator, local function or accessor, or the body of a
;                     lambda or anonymous method; elided at `signatures` (`{ /* … */ }`)
;   @body.expression  an expression body `=> expr` of those members (not of a property or
;                     indexer: see below); elided at `signatures` together with the
;                     @body.terminator after it, so `int M() => x;` becomes
;                     `int M() { /* … */ }`, a valid block-bodied member
;   @body.terminator  the `;` that ends a member with an expression body
;   @keep.signature   part of a signature (a constructor initializer `: base(…)`, a base
;                     list, attributes): a lambda inside it is never elided
;   @doc.comment      an XML doc comment line (`///`) but a bare opening tag (`/// <summary>`,
;                     `/// <remarks>`), which is dropped like a comment: a run of them directly
;                     above a declaration is cut to its first line of text at `outline`
;   @comment          any comment (dropped at `outline` unless a directive or doc comment)
;   @directive        a comment that must stay at every level (generated-code markers,
;                     ReSharper and formatter switches, licence markers)
;   @data.value       the initial value of a field or property (array, collection or object
;                     initializer, collection expression): its inside elided at `outline`
;                     when large and inert
;   @data.literal     the initializer inside a @data.value that creates an object or array
;                     (`new T[] { … }`, `new List<T> { … }`): the part elided
;   @control.statement a control-flow statement among top-level statements (its blocks
;                     elided at `outline` when inert)
;   @line.directive   the first token of a preprocessor line (`#pragma`, `#region`, `#if` …):
;                     its line is never joined by a placeholder, nor elided with an
;                     expression body
;   @line.open        a directive that opens a run of lines (`#region`, `#if`), and
;   @line.close       one that closes it (`#endregion`, `#endif`): a body holding more of
;                     one than of the other (a region that crosses its braces) stays
; Preprocessor directives (#nullable, #region, #if …) are nodes of their own, never
; elided outside a body. An expression-bodied property or indexer (`int P => x;`) is
; kept as written: no block of the same meaning is shorter than it.
; Text predicates #codepith-match? (regex search) and #codepith-eq? compare raw bytes.

(method_declaration body: (block) @body.function)
(constructor_declaration body: (block) @body.function)
(destructor_declaration body: (block) @body.function)
(operator_declaration body: (block) @body.function)
(conversion_operator_declaration body: (block) @body.function)
(local_function_statement body: (block) @body.function)
(accessor_declaration body: (block) @body.function)
(lambda_expression body: (_) @body.function)
(anonymous_method_expression (block) @body.function)

(method_declaration body: (arrow_expression_clause) @body.expression ";" @body.terminator)
(constructor_declaration body: (arrow_expression_clause) @body.expression ";" @body.terminator)
(destructor_declaration body: (arrow_expression_clause) @body.expression ";" @body.terminator)
(operator_declaration body: (arrow_expression_clause) @body.expression ";" @body.terminator)
(conversion_operator_declaration body: (arrow_expression_clause) @body.expression ";" @body.terminator)
(local_function_statement body: (arrow_expression_clause) @body.expression ";" @body.terminator)
(accessor_declaration body: (arrow_expression_clause) @body.expression ";" @body.terminator)

["#if" "#elif" "#else" "#endif" "#region" "#endregion" "#pragma" "#nullable" "#line" "#define"
 "#undef" "#warning" "#error"] @line.directive
["#if" "#region"] @line.open
["#endif" "#endregion"] @line.close

(constructor_initializer) @keep.signature
(base_list) @keep.signature
(attribute_list) @keep.signature

(comment) @comment
((comment) @doc.comment (#codepith-match? @doc.comment "^///(?![ \t]*<(summary|remarks)>[ \t\r]*$)([^/]|$)"))
((comment) @directive
  (#codepith-match? @directive "^// *</?auto-generated|^/[/*] *(ReSharper (disable|restore)|@formatter:|<copyright|NOLINT)|@license|@preserve|^/\\*!"))

(field_declaration (variable_declaration (variable_declarator [
  (initializer_expression)
  (collection_expression)
  (array_creation_expression (initializer_expression) @data.literal)
  (implicit_array_creation_expression (initializer_expression) @data.literal)
  (object_creation_expression initializer: (initializer_expression) @data.literal)] @data.value)))
(property_declaration value: [
  (initializer_expression)
  (collection_expression)
  (array_creation_expression (initializer_expression) @data.literal)
  (implicit_array_creation_expression (initializer_expression) @data.literal)
  (object_creation_expression initializer: (initializer_expression) @data.literal)] @data.value)

(compilation_unit (global_statement [(if_statement) (for_statement) (foreach_statement)
  (while_statement) (do_statement) (try_statement) (switch_statement) (using_statement)
  (lock_statement)] @control.statement))
