"""Regions: the parts of a file written in another language (a Vue or Svelte
component's ``<script>`` and ``<style>``), found from the registry's
:class:`~codepith.core.registry.Regions` and the language's ``regions`` query.

A region is handed to its own language's rules as the whole file with every
byte outside the region blanked: spaces, line breaks kept. Byte offsets and
line numbers are then the file's own, so edits, elisions and line references
need no translation; the languages regions hold (JavaScript, TypeScript, CSS,
SCSS) read leading and trailing whitespace as nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .languages import captures, parse, spec

__all__ = ["Region", "find_regions", "masked", "units"]

# every byte but CR and LF becomes a space
_BLANK = bytes(b if b in (0x0A, 0x0D) else 0x20 for b in range(256))


@dataclass(frozen=True)
class Region:
    """One region of a file: its text's byte range, and its language."""

    start: int
    end: int
    #: the language its text is compressed as, or None: kept whole (``note`` says why)
    language: str | None
    #: the element that holds it, as written: ``script``, ``style lang="scss"``
    label: str
    note: str = ""


def masked(src: bytes, start: int, end: int) -> bytes:
    """``src`` with every byte outside ``start:end`` blanked (line breaks stay)."""
    return src[:start].translate(_BLANK) + src[start:end] + src[end:].translate(_BLANK)


@cache
def _rules(language: str):
    rules = spec(language).regions
    if rules is None:
        return None
    return rules, dict(rules.defaults), dict(rules.values)


def find_regions(language: str, src: bytes, root=None) -> list[Region]:
    """The regions of ``src``, a file of ``language`` (``root``: its parse,
    when the caller has it), in file order; ``[]`` for a language without."""
    rules = _rules(language)
    if rules is None:
        return []
    regions, defaults, values = rules
    if root is None:
        root = parse(language, src).root_node
    out: list[Region] = []
    for element in sorted(captures(language, "regions", root).get("region", []), key=lambda n: n.start_byte):
        content = next((c for c in element.children if c.type == regions.content), None)
        default = defaults.get(element.type)
        if content is None or default is None or content.end_byte <= content.start_byte:
            continue  # an empty element (`<script src="a.js"></script>`) holds no region
        tag = element.type.removesuffix("_element")
        named = _naming_attribute(element, regions, src)
        if named is None:
            out.append(Region(content.start_byte, content.end_byte, default, tag))
            continue
        attribute, value = named
        label = f'{tag} {attribute}="{value}"'
        language_of = values.get(value.lower())
        if language_of is None:
            note = f"{label}: not a language codepith compresses; the region is kept whole"
            out.append(Region(content.start_byte, content.end_byte, None, label, note))
        else:
            out.append(Region(content.start_byte, content.end_byte, language_of, label))
    return out


def _naming_attribute(element, regions, src: bytes) -> tuple[str, str] | None:
    """(attribute, value) of the first of the rules' attributes that the
    element's start tag gives a value, or None."""
    kind, name_kind, value_kind = regions.attribute_kinds
    tag = element.child(0)
    if tag is None:
        return None
    found: dict[str, str] = {}
    for attribute in tag.named_children:
        if attribute.type != kind:
            continue
        name = next((c for c in attribute.children if c.type == name_kind), None)
        value = _first_of_kind(attribute, value_kind)
        if name is not None and value is not None:
            key = src[name.start_byte : name.end_byte].decode("utf-8", "replace").lower()
            found.setdefault(key, src[value.start_byte : value.end_byte].decode("utf-8", "replace").strip())
    for attribute_name in regions.attributes:
        if attribute_name in found:
            return attribute_name, found[attribute_name]
    return None


def _first_of_kind(node, kind: str):
    stack = list(reversed(node.children))
    while stack:
        n = stack.pop()
        if n.type == kind:
            return n
        stack.extend(reversed(n.children))
    return None


def units(language: str, src: bytes, root=None) -> list[tuple[str, bytes]]:
    """What a reader of definitions and imports parses of a file: for a file
    with regions, (language, the file masked to the region) for each region in
    a language codepith compresses; for any other file, ``[(language, src)]``."""
    if _rules(language) is None:
        return [(language, src)]
    return [(r.language, masked(src, r.start, r.end)) for r in find_regions(language, src, root) if r.language]
