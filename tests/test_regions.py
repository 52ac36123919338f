"""Files that hold other languages: a Vue or Svelte component's script and
style regions keep their own language's promises, the whole file expands
byte for byte, and an error in one region costs only that region."""

from __future__ import annotations

import pytest

import codepith
from codepith.core.checks import check_retention, check_validity
from codepith.core.regions import find_regions, masked, units
from codepith.deps.finder import direct_dependencies
from codepith.memory.definitions import scan_file

COMPONENT = b"""<template>
  <Row v-for="r in rows" :key="r.id" @pick="pick(r)">{{ r.name }}</Row>
</template>

<script setup lang="ts">
import Row from './Row.vue'
import { pick as choose } from './pick'

function pick(r: { id: number }): void {
  choose(r.id)
  console.log('{ not a body }')
}
</script>

<style lang="scss">
@use './tokens';
.row { padding: 4px; &:hover { color: red; } }
</style>
"""


def test_regions_are_found_with_their_language_and_label():
    regions = find_regions("vue", COMPONENT)
    assert [(r.language, r.label) for r in regions] == [
        ("typescript", 'script lang="ts"'),
        ("scss", 'style lang="scss"'),
    ]
    script = regions[0]
    assert COMPONENT[script.start : script.end].strip().startswith(b"import Row")
    text = masked(COMPONENT, script.start, script.end)
    assert len(text) == len(COMPONENT) and text.count(b"\n") == COMPONENT.count(b"\n")
    assert b"<template>" not in text and b"import Row" in text


@pytest.mark.parametrize(
    ("tag", "language", "note"),
    [
        ('<script lang="tsx">', "tsx", ""),
        ('<script type="module">', "javascript", ""),
        ('<script lang="coffee">', None, 'script lang="coffee": not a language codepith compresses'),
        ('<style lang="less">', None, 'style lang="less": not a language codepith compresses'),
        ('<style lang="postcss" scoped>', "css", ""),
        ('<script type="application/ld+json">', None, "not a language codepith compresses"),
    ],
)
def test_the_lang_attribute_names_the_region_language(tag, language, note):
    close = "</script>" if tag.startswith("<script") else "</style>"
    src = f"{tag}\nx\n{close}\n".encode()
    (region,) = find_regions("vue", src)
    assert region.language == language
    assert note in region.note and bool(region.note) == bool(note)


@pytest.mark.parametrize("level", ["signatures", "outline"])
def test_each_region_keeps_its_own_languages_promises(level):
    result = codepith.compress(COMPONENT, path="C.vue", level=level, line_refs=True)
    assert result.expand() == COMPONENT
    assert check_validity(result) == (0, 0) and result.valid
    kept = check_retention(result)
    assert kept.ok, kept.missing
    assert kept.imports == 3 and kept.definitions >= 2  # two TS imports, the SCSS @use; pick, .row
    assert "function pick(r: { id: number }): void { /* … L9-12 */ }" in result.text  # the file's own lines
    assert "console.log" not in result.text
    assert "@use './tokens';" in result.text
    assert [r.language for r in result.regions] == ["typescript", "scss"]


def test_the_template_is_kept_at_signatures_and_elided_between_its_tags_at_outline():
    signatures = codepith.compress(COMPONENT, path="C.vue").text
    assert '<Row v-for="r in rows"' in signatures
    outline = codepith.compress(COMPONENT, path="C.vue", level="outline", line_refs=True).text
    assert outline.startswith("<template>\n  <!-- … L2 -->\n</template>\n")


def test_a_closing_tag_in_a_string_ends_the_region_as_vue_reads_it():
    """Vue's compiler ends a script at its first ``</script>``, strings
    included: the region ends there, its rest is markup, and every promise
    still holds on what each part is."""
    src = b'<script>\nexport function f() {\n  return "</script>"\n}\nexport function g() {\n  return 1\n}\n</script>\n'
    (first, *_rest) = find_regions("vue", src)
    assert src[first.end : first.end + 9] == b"</script>"
    for level in ("signatures", "outline"):
        result = codepith.compress(src, path="a.vue", level=level)
        assert result.expand() == src
        errors_in, errors_out = check_validity(result)
        assert errors_out <= errors_in and result.valid


def test_an_error_in_one_region_costs_only_that_region():
    src = (
        b"<script>\nexport function ok(a) {\n  return a + 1\n}\nexport function broken(a) {\n  return a +\n}\n</script>\n"
        b"<style>\n.a {\n  color: red;\n}\n</style>\n"
    )
    result = codepith.compress(src, path="a.vue")
    assert result.parse_errors > 0 and result.valid and result.expand() == src
    assert "export function ok(a) { /* … */ }" in result.text  # the script's sound function
    assert "return a +\n" in result.text  # the broken one stays whole
    assert ".a { /* … */ }" in result.text  # the style region is untouched by the script's error


def test_a_region_in_a_language_codepith_does_not_compress_is_kept_whole_with_its_reason():
    src = b'<style lang="stylus">\n.a\n  color red\n</style>\n<script>\nfunction f() {\n  return 1\n}\n</script>\n'
    result = codepith.compress(src, path="a.vue")
    assert ".a\n  color red" in result.text and "function f() { /* … */ }" in result.text
    assert [(r.label, r.language, bool(r.note)) for r in result.regions] == [
        ('style lang="stylus"', None, True),
        ("script", "javascript", False),
    ]


def test_a_svelte_component_keeps_its_markup_at_signatures_and_its_options_at_outline():
    src = (
        b"<svelte:options immutable />\n<script>\n  export let items = [];\n  function add() {\n    items = [...items, 1];\n"
        b"  }\n</script>\n\n{#each items as item}\n  <p>{item}</p>\n{/each}\n\n<style>\n  p { color: red; margin: 0; }\n</style>\n"
    )
    signatures = codepith.compress(src, path="a.svelte")
    assert "{#each items as item}" in signatures.text and "function add() { /* … */ }" in signatures.text
    outline = codepith.compress(src, path="a.svelte", level="outline")
    assert outline.text.startswith("<svelte:options immutable />\n<script>")
    assert "{#each" not in outline.text and "<!-- … -->" in outline.text
    assert outline.valid and outline.expand() == src


def test_regions_are_read_as_units_by_memory_and_dependencies(tmp_path):
    (tmp_path / "Row.vue").write_bytes(b"<template><li/></template>\n")
    (tmp_path / "pick.ts").write_bytes(b"export function pick(id: number) {}\n")
    (tmp_path / "_tokens.scss").write_bytes(b"$gap: 4px;\n")
    (tmp_path / "C.vue").write_bytes(COMPONENT)
    assert direct_dependencies(tmp_path, "C.vue") == ["Row.vue", "pick.ts", "_tokens.scss"]
    assert [language for language, _text in units("vue", COMPONENT)] == ["typescript", "scss"]
    _doc, symbols = scan_file(COMPONENT, "vue", "C.vue")
    assert {(s.name, s.line) for s in symbols} >= {("pick", 9), (".row", 17)}


def test_a_svelte_components_module_and_instance_scripts_are_both_followed(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "Item.svelte").write_bytes(b"<p>item</p>\n")
    (tmp_path / "lib" / "store.js").write_bytes(b"export const s = 1;\n")
    (tmp_path / "lib" / "theme.css").write_bytes(b".a { color: red; }\n")
    (tmp_path / "Page.svelte").write_bytes(
        b'<script context="module">\n  import { s } from "./lib/store.js";\n</script>\n'
        b'<script lang="ts">\n  import Item from "./lib/Item.svelte";\n  import { x } from "$lib/x";\n</script>\n'
        b'<Item />\n<style>\n  @import "./lib/theme.css";\n</style>\n'
    )
    assert direct_dependencies(tmp_path, "Page.svelte") == ["lib/store.js", "lib/Item.svelte", "lib/theme.css"]


def test_when_the_whole_output_never_checks_nothing_is_elided_and_the_check_ends(monkeypatch):
    """The markup's own parse gaining errors that no edit of its own explains
    (the regions' edits change how it reads) leaves the file as it is."""
    import codepith.core.compress as compress_module

    real = compress_module.errors_by_region

    def worse_markup(language, data, root=None):
        own, regions = real(language, data, root)
        return (own + 1 if data != COMPONENT else own), regions

    monkeypatch.setattr(compress_module, "errors_by_region", worse_markup)
    for level in ("signatures", "outline"):
        result = codepith.compress(COMPONENT, path="C.vue", level=level)
        assert result.data == COMPONENT and result.elisions == () and result.valid
