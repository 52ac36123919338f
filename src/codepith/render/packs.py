"""The documents of a pack (:func:`codepith.pack`): one block per file, in the
order the packer chose, inside the frame of the format.

- ``markdown``: a ``## path`` heading (with a note when the file is
  compressed: its level and how many lines were elided) and the text in a
  fence longer than any backtick run in it;
- ``xml``: ``<file path="…">`` elements inside ``<files>`` (compressed:
  ``compressed="level" elided_lines="N"``, N lines elided); text that holds
  ``<``, ``&`` or ``]]>`` sits in CDATA sections, and a character XML 1.0
  forbids becomes U+FFFD, counted in a ``replaced`` attribute;
- ``json``: ``{"files": [{"path", "compressed", "elided_lines", "replaced",
  "content"}]}``; a lone surrogate of the content (a byte that is not UTF-8)
  becomes U+FFFD, counted in ``replaced``; names keep theirs as ``\\udcXX``.
  ``elided_lines`` is the line ranges elided (``3-9,12``).

A heading (markdown) or opening tag (XML) is bounded: a constant plus the
name. The elided ranges can be many (one per body), so they stay out of the
prompt's headings; the line references inside the text (``# L3-9``), the
JSON pack and the audit hold them.

Names are shown with :func:`codepith.fs.paths.display_name` (backslashes,
control characters, bidirectional controls and backticks escaped), the
escape the bulk documents, the pack's audit and warnings use too.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.languages import detect_language, fence_name
from ..core.literals import PACK_FORMATS
from ..fs.paths import display_name
from .primitives import cdata, json_dumps, lone_surrogates, markdown_file, xml_attr, xml_chars

__all__ = [
    "PACK_FORMATS",
    "elided_ranges",
    "elided_count",
    "markdown_block",
    "xml_block",
    "json_entry",
    "frame",
    "document",
]


Elided = Sequence[tuple[int, int]]


def elided_ranges(elided: Elided) -> str:
    """``3-9,12`` for the line ranges ``(3, 9), (12, 12)``."""
    return ",".join(f"{a}-{b}" if a != b else f"{a}" for a, b in elided)


def elided_count(elided: Elided) -> int:
    """How many lines the ranges ``elided`` cover."""
    return sum(b - a + 1 for a, b in elided)


def markdown_block(path: str, text: str, level: str | None, elided: Elided) -> str:
    """One file of a markdown pack (``level`` None: whole)."""
    n = elided_count(elided)
    note = f" (compressed: {level}; {n} line{'' if n == 1 else 's'} elided)" if level else ""
    return markdown_file(display_name(path) + note, text, fence_name(detect_language(path)))


def xml_block(path: str, text: str, level: str | None, elided: Elided) -> str:
    """One file of an XML pack (``level`` None: whole)."""
    attrs = f' path="{xml_attr(display_name(path))}"'
    if level:
        attrs += f' compressed="{level}" elided_lines="{elided_count(elided)}"'
    body, replaced = xml_chars(text, "\ufffd")
    if replaced:
        attrs += f' replaced="{replaced}"'
    if "<" in body or "&" in body or "]]>" in body:  # kept verbatim in CDATA sections
        body = cdata(body)
    return f"<file{attrs}>{body}</file>\n"


def json_entry(path: str, text: str, level: str | None, elided: Elided) -> dict:
    """One file of a JSON pack (``level`` None: whole)."""
    content, replaced = lone_surrogates(text)
    entry: dict = {"path": path}
    if level:
        entry["compressed"] = level
        entry["elided_lines"] = elided_ranges(elided)
    if replaced:
        entry["replaced"] = replaced
    entry["content"] = content
    return entry


def frame(fmt: str) -> tuple[str, str]:
    """What comes before the first block and after the last one (markdown and
    XML; a JSON pack is one value, see :func:`document`)."""
    return ("<files>\n", "</files>\n") if fmt == "xml" else ("", "")


def document(fmt: str, blocks: Sequence[str], entries: Sequence[dict]) -> str:
    """The whole pack: ``blocks`` (markdown, XML) in their frame, or the JSON
    document of ``entries``."""
    if fmt == "json":
        return json_dumps({"files": list(entries)}, indent=1) + "\n"
    prefix, suffix = frame(fmt)
    return prefix + "".join(blocks) + suffix
