; inherits: javascript
; TypeScript additions to javascript/compress.scm (same captures).
; literals behind `as const`, `satisfies T` and both (codepith unwraps them)
(program (lexical_declaration (variable_declarator value: [
  (as_expression [(array) (object)])
  (satisfies_expression [(array) (object)])
  (as_expression (satisfies_expression [(array) (object)]))
  (satisfies_expression (as_expression [(array) (object)]))] @data.value)))
(program (export_statement declaration: (lexical_declaration (variable_declarator value: [
  (as_expression [(array) (object)])
  (satisfies_expression [(array) (object)])
  (as_expression (satisfies_expression [(array) (object)]))
  (satisfies_expression (as_expression [(array) (object)]))] @data.value))))
