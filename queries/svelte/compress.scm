; What codepith elides, shortens and keeps of a Svelte component's own markup. Its
; <script> and <style> are regions (regions.scm), compressed by their own language's rules.
; Captures:
;   @body.outline  the file's top level: at `outline`, each run of markup between the
;                  elements that stay becomes one markup comment, `<!-- … -->` (elements,
;                  text, `{#if}`, `{#each}`, `{#await}`, `{#snippet}` blocks, tags)
;   @keep.member   what stays at `outline`: the <script> and <style> elements and
;                  <svelte:options>
;   @comment       a markup comment (dropped at `outline`)
; Kept whole at `signatures`: the markup (the components it uses, its slots, snippets
; and events are the component's interface).
(document) @body.outline
(document [(script_element) (style_element)] @keep.member)
(document
  (element [(start_tag (tag_name) @_tag) (self_closing_tag (tag_name) @_tag)]) @keep.member
  (#codepith-eq? @_tag "svelte:options"))

(comment) @comment
