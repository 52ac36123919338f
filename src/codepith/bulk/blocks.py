"""The renderer, for a packer built on codepith: a file's block and a tree as
``codepith compress`` writes them, so that a caller never hand-writes fences,
headings or escapes.

:func:`render_file` draws one :class:`~codepith.FileResult` (what
:func:`codepith.compress_tree` yields) in any of the document formats, with
the same writer the command uses: a Markdown fence longer than any run of
backticks in the text, a heading whose name cannot break the line, XML text in
CDATA that ``]]>`` cannot end early and with the characters XML 1.0 forbids
shown, not dropped. :func:`render_tree` draws the tree of paths the
document's header holds. :func:`markdown_block` is the fenced block itself,
for text that is not a file's.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from ..core.literals import FORMATS, Format
from ..errors import InvalidOption
from ..fs.paths import display_name
from ..render.formats import json_dumps, make_writer, record, tree_lines
from ..render.primitives import markdown_file
from .results import FileResult

__all__ = ["render_file", "render_tree", "markdown_block"]


def render_file(result: FileResult, format: Format = "markdown") -> str:
    """``result``'s block, exactly as ``codepith compress`` writes it in a
    document of ``format`` (``markdown``, ``xml``, ``plain``; ``json`` and
    ``jsonl``: its record, one JSON object). The result needs its text:
    :func:`codepith.compress_tree` gives it unless ``with_text=False``."""
    if format not in FORMATS:
        raise InvalidOption("format", f"unknown format {format!r}; formats: {', '.join(FORMATS)}")
    if format in ("json", "jsonl"):
        return json_dumps(record(result))
    out = io.StringIO()
    make_writer(format, out).file(result)
    return out.getvalue()


def render_tree(paths: Iterable[str | tuple[str, str]]) -> str:
    """The tree of ``paths`` (``/``-separated, each optionally with a note
    such as ``[skipped:binary]``) as the document's header draws it: folders
    once, their entries indented under them, a line each."""
    return "".join(line + "\n" for line in tree_lines(paths))


def markdown_block(heading: str, text: str, language: str = "") -> str:
    """``## heading`` and ``text`` in a fenced block tagged ``language`` (a
    fence no line of the text can close; the heading shown as one line, as a
    file's name is)."""
    return markdown_file(display_name(heading), text, language)
