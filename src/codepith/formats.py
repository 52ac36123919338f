"""Output formats of a bulk run, written as a stream.

Every writer gets the header first (roots, level, the directory tree), then
one :class:`~codepith.bulk.FileResult` at a time, then the totals. Only
results whose content belongs in the output (compressed or kept whole) are
written as files; the tree and the report list everything else.

- ``markdown``: headings and fenced code blocks;
- ``xml``: ``<file path="…">`` blocks inside ``<files>``, as repomix writes them;
- ``json``: one JSON document (``tree``, ``files``, ``totals``);
- ``jsonl``: one record per file, for dataset builders (no header);
- ``plain``: ``File: path`` separators.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import IO, Iterable

from .bulk import FileResult

__all__ = ["FORMATS", "Totals", "make_writer", "tree_lines", "JSONL_KEYS"]

FORMATS = ("markdown", "xml", "json", "jsonl", "plain")
JSONL_KEYS = (
    "path", "language", "level", "bytes_in", "bytes_out", "tokens_in", "tokens_out",
    "elisions", "valid", "reason", "text",
)
_FENCE_LANG = {"python": "python", "typescript": "typescript", "tsx": "tsx", "javascript": "javascript", "go": "go"}


@dataclass
class Totals:
    """Running totals of a bulk run, overall and per language."""

    considered: int = 0
    actions: dict[str, int] = field(default_factory=dict)
    bytes_in: int = 0
    bytes_out: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    tokens: bool = True
    languages: dict[str, dict[str, int]] = field(default_factory=dict)

    def add(self, r: FileResult) -> None:
        self.considered += r.files
        kind = r.action.split(":", 1)[0]
        self.actions[kind] = self.actions.get(kind, 0) + r.files
        if not r.in_output:
            return
        self.bytes_in += r.bytes_in
        self.bytes_out += r.bytes_out
        if r.tokens_in is None:
            self.tokens = False
        self.tokens_in += r.tokens_in or 0
        self.tokens_out += r.tokens_out or 0
        lang = self.languages.setdefault(
            r.language or "other",
            {"files": 0, "compressed": 0, "bytes_in": 0, "bytes_out": 0, "tokens_in": 0, "tokens_out": 0},
        )
        lang["files"] += 1
        lang["compressed"] += r.action == "compressed"
        lang["bytes_in"] += r.bytes_in
        lang["bytes_out"] += r.bytes_out
        lang["tokens_in"] += r.tokens_in or 0
        lang["tokens_out"] += r.tokens_out or 0

    def as_dict(self) -> dict:
        out = {
            "files_considered": self.considered,
            "actions": dict(sorted(self.actions.items())),
            "bytes_in": self.bytes_in,
            "bytes_out": self.bytes_out,
            "byte_ratio": round(self.bytes_out / self.bytes_in, 4) if self.bytes_in else None,
            "languages": dict(sorted(self.languages.items())),
        }
        if self.tokens:
            out.update(
                tokens_in=self.tokens_in,
                tokens_out=self.tokens_out,
                token_ratio=round(self.tokens_out / self.tokens_in, 4) if self.tokens_in else None,
            )
        return out


def tree_lines(paths: Iterable[str | tuple[str, str]]) -> Iterable[str]:
    """An indented tree of sorted ``/``-separated paths, one line at a time.

    An item may be ``(path, note)``: the note follows the path's last part on
    its line (it may hold ``/`` itself, as rule names do). A path ending in
    ``/`` is a folder shown as a leaf (one left out whole).
    """
    previous: list[str] = []
    for item in paths:
        path, note = (item, "") if isinstance(item, str) else item
        folder = path.endswith("/") and path != "/"
        parts = (path[:-1] if folder else path).split("/")
        common = 0
        while common < min(len(previous), len(parts) - 1) and previous[common] == parts[common]:
            common += 1
        for depth in range(common, len(parts) - 1):
            yield "  " * depth + parts[depth] + "/"
        yield "  " * (len(parts) - 1) + parts[-1] + ("/" if folder else "") + (f" {note}" if note else "")
        previous = parts[:-1]


def _record(r: FileResult) -> dict:
    return {
        "path": r.path,
        "language": r.language,
        "level": r.level,
        "bytes_in": r.bytes_in,
        "bytes_out": r.bytes_out,
        "tokens_in": r.tokens_in,
        "tokens_out": r.tokens_out,
        "elisions": r.elisions,
        "valid": r.valid,
        "reason": r.reason if r.action in ("compressed", "kept-whole") else (r.reason or r.action),
        "text": r.text,
    }


class _Writer:
    def __init__(self, out: IO[str]) -> None:
        self.out = out

    def header(self, roots: list[str], level: str, tree: Iterable[str]) -> None:
        """The title and the directory tree (an iterable, consumed as it is written)."""

    def file(self, r: FileResult) -> None:
        pass

    def other(self, r: FileResult) -> None:
        """An entry whose content is not in the output (skipped or ignored)."""

    def _lines(self, head: str, lines: Iterable[str], tail: str) -> None:
        """``head``, each line, then ``tail``."""
        w = self.out.write
        w(head)
        for line in lines:
            w(line + "\n")
        w(tail)

    def _block(self, head: str, text: str | None, tail: str) -> None:
        """``head``, the file's text ending with a newline, then ``tail``."""
        text = text or ""
        self.out.write(head + text + ("\n" if text and not text.endswith("\n") else "") + tail)

    def footer(self, totals: Totals) -> None:
        pass


def _totals_text(totals: Totals) -> str:
    d = totals.as_dict()
    parts = [f"{d['files_considered']} files considered"]
    parts += [f"{n} {k}" for k, n in d["actions"].items()]
    line = ", ".join(parts)
    size = f"bytes {d['bytes_in']} -> {d['bytes_out']}"
    if d.get("byte_ratio") is not None:
        size += f" ({d['byte_ratio']:.3f})"
    if totals.tokens:
        size += f"; tokens {d['tokens_in']} -> {d['tokens_out']}"
        if d.get("token_ratio") is not None:
            size += f" ({d['token_ratio']:.3f})"
    return line + "\n" + size


class MarkdownWriter(_Writer):
    def header(self, roots, level, tree):
        self._lines(f"# codepith: {', '.join(roots)} ({level})\n\n## Files\n\n```\n", tree, "```\n\n")

    def file(self, r):
        text = r.text or ""
        longest = max((len(m) for m in re.findall(r"`{3,}", text)), default=2) if "```" in text else 2
        fence = "`" * max(3, longest + 1)
        lang = _FENCE_LANG.get(r.language or "", "")
        note = ""
        if r.action == "compressed":
            note = f" (compressed to {r.level}: {r.elisions} elisions)"
        elif r.reason:
            note = f" (kept whole: {r.reason})"
        self._block(f"## {r.path}{note}\n\n{fence}{lang}\n", text, f"{fence}\n\n")

    def footer(self, totals):
        self.out.write("## Totals\n\n" + _totals_text(totals) + "\n")


def _attr(value: str) -> str:
    return value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


class XmlWriter(_Writer):
    def header(self, roots, level, tree):
        self._lines(
            f"This file is a merged representation of {', '.join(roots)}, compressed by codepith "
            f"to `{level}`.\n\n<directory_structure>\n",
            tree,
            "</directory_structure>\n\n<files>\n",
        )

    def file(self, r):
        self._block(f'<file path="{_attr(r.path)}">\n', r.text, "</file>\n\n")

    def footer(self, totals):
        self.out.write("</files>\n\n<totals>\n" + _totals_text(totals) + "\n</totals>\n")


class PlainWriter(_Writer):
    RULE = "=" * 16

    def header(self, roots, level, tree):
        self._lines(
            f"codepith: {', '.join(roots)} ({level})\n\n{self.RULE}\nDirectory Structure\n{self.RULE}\n", tree, "\n"
        )

    def file(self, r):
        self._block(f"{self.RULE}\nFile: {r.path}\n{self.RULE}\n", r.text, "\n")

    def footer(self, totals):
        self.out.write(f"{self.RULE}\nTotals\n{self.RULE}\n" + _totals_text(totals) + "\n")


class JsonWriter(_Writer):
    def header(self, roots, level, tree):
        self.first = True
        w = self.out.write
        w('{"roots": ' + json.dumps(roots) + ', "level": ' + json.dumps(level) + ', "tree": [')
        for i, line in enumerate(tree):
            w(("" if i == 0 else ", ") + json.dumps(line, ensure_ascii=False))
        w('], "files": [')

    def file(self, r):
        self.out.write(("\n" if self.first else ",\n") + json.dumps(_record(r), ensure_ascii=False))
        self.first = False

    def footer(self, totals):
        self.out.write('\n], "totals": ' + json.dumps(totals.as_dict()) + "}\n")


class JsonlWriter(_Writer):
    def file(self, r):
        self.out.write(json.dumps(_record(r), ensure_ascii=False) + "\n")

    def other(self, r):
        if r.action.startswith("skipped:"):  # a file a dataset should know it lacks
            self.file(r)


def make_writer(fmt: str, out: IO[str]) -> _Writer:
    try:
        cls = {"markdown": MarkdownWriter, "xml": XmlWriter, "json": JsonWriter,
               "jsonl": JsonlWriter, "plain": PlainWriter}[fmt]
    except KeyError:
        raise ValueError(f"unknown format {fmt!r}; formats: {', '.join(FORMATS)}") from None
    return cls(out)

