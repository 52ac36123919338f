; inherits: javascript
; TypeScript additions (same captures).
(statement_block [(abstract_class_declaration) (interface_declaration) (type_alias_declaration)
 (enum_declaration) (internal_module)]) @declaration.scope
