; inherits: javascript
; TypeScript additions to javascript/compress.scm (same captures).
(program (lexical_declaration (variable_declarator value: [(as_expression (array)) (as_expression (object)) (satisfies_expression (object)) (satisfies_expression (array))] @data.value)))
(program (export_statement declaration: (lexical_declaration (variable_declarator value: [(as_expression (array)) (as_expression (object)) (satisfies_expression (object)) (satisfies_expression (array))] @data.value))))
