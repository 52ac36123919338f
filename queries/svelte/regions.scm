; The regions of a Svelte component: elements whose text is written in another
; language, each compressed by that language's rules (the registry's `regions` names
; which language, from the element's kind and its `lang` attribute).
; Captures:
;   @region  a top-level <script> (`context="module"` or not) or <style> element
(document (script_element) @region)
(document (style_element) @region)
