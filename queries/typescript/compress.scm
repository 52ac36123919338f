; inherits: javascript
; TypeScript additions to javascript/compress.scm (same captures, and:)
;   @data.literal  the literal inside a @data.value behind `as const`, `satisfies T` or
;                  both: the part elided
(program (lexical_declaration (variable_declarator value: [
  (as_expression . [(array) (object)] @data.literal)
  (satisfies_expression . [(array) (object)] @data.literal)
  (as_expression . (satisfies_expression . [(array) (object)] @data.literal))
  (satisfies_expression . (as_expression . [(array) (object)] @data.literal))] @data.value)))
(program (export_statement declaration: (lexical_declaration (variable_declarator value: [
  (as_expression . [(array) (object)] @data.literal)
  (satisfies_expression . [(array) (object)] @data.literal)
  (as_expression . (satisfies_expression . [(array) (object)] @data.literal))
  (satisfies_expression . (as_expression . [(array) (object)] @data.literal))] @data.value))))
