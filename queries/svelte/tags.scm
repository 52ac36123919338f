; Definitions and imports of a Svelte component's own markup (tags style): none. The markup
; defines and imports nothing codepith's promises cover; the definitions and imports of
; its <script> and <style> regions are their own language's (queries/<language>/tags.scm,
; run on each region).
; Captures: none.
