"""A repository map as a document: Markdown, XML or plain text.

The map's policy (:mod:`codepith.map`) decides what each file shows; this
draws it: a title, a summary (the budget, what is shown at which level, what
is left out and why), the list of files in rank order (a file shown by its
names only is that line: its most used definitions), then each file shown as
code, fenced or escaped so that no content can end its block.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.languages import fence_name
from ..fs.paths import display_name
from .primitives import cdata, fence, xml_attr, xml_chars, xml_text

__all__ = ["MapEntry", "render_map"]


@dataclass(frozen=True)
class MapEntry:
    """One file of a map: ``level`` is ``full``, ``signatures``, ``outline``
    (``text`` is its code) or ``names`` (``names``: its definitions, the
    first ``shown`` of them shown, the others counted)."""

    path: str
    language: str | None
    level: str
    text: str = ""
    names: tuple[str, ...] = ()
    shown: int = 0

    @property
    def more(self) -> int:
        """How many of its names are not shown."""
        return len(self.names) - self.shown


def _names_line(entry: MapEntry) -> str:
    shown = ", ".join(entry.names[: entry.shown])
    more = f" (+{entry.more} more)" if entry.more else ""
    return f"{shown}{more}" if shown else f"{entry.more} definitions"


def render_map(title: str, summary: str, entries: Sequence[MapEntry], fmt: str) -> str:
    """The document of a map in ``fmt`` (``markdown``, ``xml`` or ``plain``)."""
    if fmt == "xml":
        return _xml(title, summary, entries)
    if fmt == "plain":
        return _plain(title, summary, entries)
    return _markdown(title, summary, entries)


def _markdown(title: str, summary: str, entries: Sequence[MapEntry]) -> str:
    parts = [f"# {title}\n\n{summary}\n\n## Files\n\n"]
    for e in entries:
        shown = display_name(e.path)
        parts.append(f"- `{shown}`: {_names_line(e)}\n" if e.level == "names" else f"- `{shown}` ({e.level})\n")
    for e in entries:
        if e.level != "names":
            body = e.text if not e.text or e.text.endswith("\n") else e.text + "\n"
            mark = fence(body)
            parts.append(f"\n## {display_name(e.path)} ({e.level})\n\n{mark}{fence_name(e.language)}\n{body}{mark}\n")
    return "".join(parts)


def _plain(title: str, summary: str, entries: Sequence[MapEntry]) -> str:
    parts = [f"{title}\n\n{summary}\n\nFiles:\n"]
    for e in entries:
        shown = display_name(e.path)
        parts.append(f"  {shown}: {_names_line(e)}\n" if e.level == "names" else f"  {shown} ({e.level})\n")
    for e in entries:
        if e.level != "names":
            body = e.text if not e.text or e.text.endswith("\n") else e.text + "\n"
            mark = fence(body, "=", 8)
            parts.append(f"\n{mark} {display_name(e.path)} ({e.level})\n{body}{mark}\n")
    return "".join(parts)


def _xml(title: str, summary: str, entries: Sequence[MapEntry]) -> str:
    parts = [f'<repository_map title="{xml_attr(title)}">\n<summary>{xml_text(summary)}</summary>\n']
    for e in entries:
        lang = f' language="{xml_attr(e.language)}"' if e.language else ""
        path = xml_attr(display_name(e.path))
        if e.level == "names":
            more = f' more="{e.more}"' if e.more else ""
            names, _n = xml_chars(", ".join(e.names[: e.shown]))
            parts.append(f'<file path="{path}"{lang} level="names"{more}>{xml_text(names)}</file>\n')
        else:
            text, _n = xml_chars(e.text)
            parts.append(f'<file path="{path}"{lang} level="{e.level}">{cdata(text)}</file>\n')
    parts.append("</repository_map>\n")
    return "".join(parts)
