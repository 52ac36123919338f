; What codepith elides, shortens and keeps of a Vue component's own markup. Its
; <script> and <style> are regions (regions.scm), compressed by their own language's rules.
; Captures:
;   @body.outline  the <template>, and a custom block (<i18n>, <docs>): at `outline`,
;                  what lies between its tags becomes one markup comment, `<!-- … -->`
;   @keep.member   the start and end tags of those, which stay
;   @comment       a markup comment (dropped at `outline`)
; Kept whole at `signatures`: the template (the markup is the component's interface:
; the components it uses, its slots and events) and every custom block.
(document (template_element) @body.outline)
(document (element) @body.outline)
(template_element [(start_tag) (end_tag)] @keep.member)
(document (element [(start_tag) (end_tag)] @keep.member))

(comment) @comment
