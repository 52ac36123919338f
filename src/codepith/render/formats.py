"""Output formats of a bulk run, written as a stream.

Every writer gets the header first (roots, level, the directory tree), then
one result (a :class:`~codepith.bulk.FileResult`) at a time, then the totals. Only
results whose content belongs in the output (compressed or kept whole) are
written as files; the tree and the report list everything else.

- ``markdown``: headings and fenced code blocks;
- ``xml``: a well-formed document: ``<file path="…">`` blocks (the text in
  CDATA) inside ``<files>``, in the spirit of repomix;
- ``json``: one JSON document (``tree``, ``files``, ``totals``);
- ``jsonl``: one record per file, for dataset builders (no header);
- ``plain``: ``File: path`` between rules of ``=``.

A document may hold sections besides its files (:class:`Section`: the git
diff, the last commits), after the tree and before the files, drawn with
the same escapes as a file's text.

No content or name can forge the structure of a document. Names (and notes)
are shown with visible escapes (:func:`codepith.fs.paths.display_name`, the
same as in packs): backslashes, control characters, line separators,
bidirectional controls and backticks, and the bytes of a name that is not
UTF-8 (``caf\\xe9.py``). Markdown fences and plain rules are
longer than any run of backticks or ``=`` in the block they close (the
CommonMark rule). XML text sits in CDATA, with ``]]>`` split and the
characters XML 1.0 forbids shown as U+2400 control pictures (U+FFFD for the
rest), one for one, counted in the file's ``replaced="N"`` attribute (and in
the writer's ``replaced`` list, for the command to name on stderr). JSON and JSONL keep names exact: a byte of a name that is not UTF-8 is
a ``\\udcXX`` escape (Python's ``os.fsencode`` gives the bytes back); every
document is valid UTF-8.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..core.languages import fence_name
from ..core.literals import FORMATS
from ..core.units import ratio_text
from ..fs.paths import display_name
from .primitives import cdata, fence, json_dumps, markdown_file, xml_attr, xml_chars, xml_text

__all__ = [
    "FORMATS",
    "Section",
    "Totals",
    "make_writer",
    "TextOut",
    "tree_lines",
    "display_name",
    "json_dumps",
    "record",
    "JSONL_KEYS",
    "REPORT_KEYS",
]

JSONL_KEYS = (
    "path",
    "language",
    "level",
    "bytes_in",
    "bytes_out",
    "tokens_in",
    "tokens_out",
    "elisions",
    "valid",
    "reason",
    "text",
)
#: the fields of a run report's records (plus ``files`` for an entry that counts several)
REPORT_KEYS = (
    "path",
    "action",
    "language",
    "bytes_in",
    "bytes_out",
    "tokens_in",
    "tokens_out",
    "elisions",
    "valid",
    "reason",
)


#: actions a run's summary counts apart: what users most want to know was left out
NOTED_ACTIONS = ("ignored:default", "skipped:secret")


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
    #: files left out by a default ignore or for a secret (named apart in the summary)
    noted: dict[str, int] = field(default_factory=dict)

    def add(self, r) -> None:
        self.considered += r.files
        kind = r.action.split(":", 1)[0]
        self.actions[kind] = self.actions.get(kind, 0) + r.files
        if r.action in NOTED_ACTIONS:
            self.noted[r.action] = self.noted.get(r.action, 0) + r.files
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
    ``/`` is a folder shown as a leaf (one left out whole). Names and notes
    are shown with :func:`display_name`, so every entry is one line.
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
            yield "  " * depth + display_name(parts[depth]) + "/"
        shown = display_name(parts[-1]) + ("/" if folder else "")
        yield "  " * (len(parts) - 1) + shown + (f" {display_name(note)}" if note else "")
        previous = parts[:-1]


def record(r, keys: tuple[str, ...] = JSONL_KEYS) -> dict:
    """One result as a plain record of ``keys``: the JSON and JSONL documents'
    (:data:`JSONL_KEYS`; an entry left out says why in ``reason``, its action
    when it has no other reason) and run reports' (:data:`REPORT_KEYS`, with
    ``files`` for an entry that counts several, an ignored folder)."""
    rec = {key: getattr(r, key) for key in keys}
    if "action" in keys:
        if r.files != 1:
            rec["files"] = r.files
    elif "reason" in keys and r.action not in ("compressed", "kept-whole"):
        rec["reason"] = r.reason or r.action
    return rec


@dataclass(frozen=True)
class Section:
    """A part of a document that is not a file: ``name`` is its key
    (``git_diff``: the XML element, the JSON ``name``), ``title`` its heading,
    ``text`` its content (drawn as a file's text is: fenced, in CDATA, …),
    ``lang`` the Markdown fence's info string, ``notes`` what was left out
    of it and why (one line each)."""

    name: str
    title: str
    text: str
    lang: str = ""
    notes: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        return {"name": self.name, "title": self.title, "text": self.text, "notes": list(self.notes)}


class TextOut(Protocol):
    """What a writer writes to: a text file, or any object with its ``write``."""

    def write(self, text: str, /) -> int: ...


class _Writer:
    def __init__(self, out: TextOut) -> None:
        self.out = out
        #: the files whose text held characters the format cannot hold, and how many (XML)
        self.replaced: list[tuple[str, int]] = []

    def header(
        self,
        roots: list[str],
        level: str,
        tree: Iterable[str],
        *,
        preface: str = "",
        part: int | None = None,
        sections: Sequence[Section] = (),
    ) -> None:
        """The title and the directory tree (an iterable, consumed as it is
        written), then ``sections``. ``preface`` (a header or instructions
        text) comes first; ``part`` is the number of one part of a split
        document."""

    def file(self, r) -> None:
        pass

    def other(self, r) -> None:
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
    size += f" ({ratio_text(d.get('byte_ratio'))})"
    if totals.tokens:
        size += f"; tokens {d['tokens_in']} -> {d['tokens_out']} ({ratio_text(d.get('token_ratio'))})"
    return line + "\n" + size


def _roots_text(roots: list[str]) -> str:
    return ", ".join(display_name(root) for root in roots)


def _part_text(part: int | None) -> str:
    return f", part {part}" if part else ""


def _preface_text(preface: str) -> str:
    """A preface as Markdown and plain documents show it: as written, ending
    with a blank line."""
    return preface.rstrip("\n") + "\n\n" if preface else ""


def _notes_text(notes: Sequence[str]) -> str:
    """A section's notes, one shown line each, then a blank line."""
    return "".join(display_name(note) + "\n" for note in notes) + ("\n" if notes else "")


class MarkdownWriter(_Writer):
    def header(self, roots, level, tree, *, preface="", part=None, sections=()):
        # names in the tree hold no backtick (display_name escapes them): ``` closes it
        title = f"{_preface_text(preface)}# codepith: {_roots_text(roots)} ({level}){_part_text(part)}\n\n"
        if part and part > 1:  # the tree is in part 1
            self.out.write(title)
        else:
            self._lines(title + "## Files\n\n```\n", tree, "```\n\n")
        for section in sections:
            # the fence is longer than any run of backticks in the text
            block = markdown_file(display_name(section.title), section.text, section.lang)
            head, _, rest = block.partition("\n\n")
            self.out.write(head + "\n\n" + _notes_text(section.notes) + rest)

    def file(self, r):
        note = ""
        if r.action == "compressed":
            note = f" (compressed to {r.level}: {r.elisions} elisions)"
        elif r.reason:
            note = f" (kept whole: {display_name(r.reason)})"
        self.out.write(markdown_file(display_name(r.path) + note, r.text or "", fence_name(r.language)))

    def footer(self, totals):
        self.out.write("## Totals\n\n" + _totals_text(totals) + "\n")


def _attr(value: str) -> str:
    return xml_attr(display_name(value))


class XmlWriter(_Writer):
    def header(self, roots, level, tree, *, preface="", part=None, sections=()):
        parts = f' part="{part}"' if part else ""
        head = f"<header>{xml_text(xml_chars(preface)[0])}</header>\n" if preface else ""
        self._lines(
            f'<?xml version="1.0" encoding="UTF-8"?>\n<codepith level="{_attr(level)}"{parts}>\n{head}'
            f"<summary>This file is a merged representation of {xml_text(_roots_text(roots))}, compressed "
            f"by codepith to {xml_text(level)}.</summary>\n\n<directory_structure>\n",
            (xml_text(line) for line in tree),
            "</directory_structure>\n\n",
        )
        for section in sections:
            self._section(section)
        self.out.write("<files>\n")

    def _section(self, section: Section) -> None:
        """``<NAME title="…" notes="…">``, the text in CDATA (as a file's)."""
        shown, replaced = xml_chars(section.text)
        mark = f' notes="{_attr("; ".join(section.notes))}"' if section.notes else ""
        if replaced:
            self.replaced.append((section.title, replaced))
            mark += f' replaced="{replaced}"'
        self.out.write(f'<{section.name} title="{_attr(section.title)}"{mark}>{cdata(shown)}</{section.name}>\n\n')

    def file(self, r):
        text = r.text or ""
        if text and not text.endswith("\n"):
            text += "\n"
        # characters XML 1.0 cannot hold (NUL and other C0 controls, U+FFFE,
        # U+FFFF, lone surrogates) are shown, never dropped: a control as its
        # control picture, the others as U+FFFD; the file says how many
        shown, replaced = xml_chars(text)
        mark = ""
        if replaced:
            self.replaced.append((r.path, replaced))
            mark = f' replaced="{replaced}"'
        self.out.write(f'<file path="{_attr(r.path)}"{mark}>{cdata(shown)}</file>\n\n')

    def footer(self, totals):
        self.out.write("</files>\n\n<totals>\n" + xml_text(_totals_text(totals)) + "\n</totals>\n</codepith>\n")


class PlainWriter(_Writer):
    RULE = "=" * 16

    def header(self, roots, level, tree, *, preface="", part=None, sections=()):
        # the tree ends at the first line that is the rule: no entry may be one
        lines = (("\\x3d" + line[1:]) if line == self.RULE else line for line in tree)
        self._lines(
            f"{_preface_text(preface)}codepith: {_roots_text(roots)} ({level}){_part_text(part)}\n\n{self.RULE}\nDirectory Structure\n{self.RULE}\n",
            lines,
            "\n",
        )
        for section in sections:
            # opened and closed by a rule longer than any run of "=" in the section
            rule = fence(section.text + "".join(section.notes), "=", len(self.RULE))
            head = f"{rule}\n{display_name(section.title)}\n{rule}\n{_notes_text(section.notes)}"
            self._block(head, section.text, f"{rule}\n\n")

    def file(self, r):
        # a file's block opens and closes with a rule longer than any run of "=" in it
        rule = fence(r.text or "", "=", len(self.RULE))
        self._block(f"{rule}\nFile: {display_name(r.path)}\n{rule}\n", r.text, f"{rule}\n\n")

    def footer(self, totals):
        self.out.write(f"{self.RULE}\nTotals\n{self.RULE}\n" + _totals_text(totals) + "\n")


class JsonWriter(_Writer):
    first = True  # no file written yet (a document's files may be written before its header: a spool)

    def header(self, roots, level, tree, *, preface="", part=None, sections=()):
        self.first = True
        w = self.out.write
        w('{"roots": ' + json_dumps(roots) + ', "level": ' + json_dumps(level))
        if preface:
            w(', "header_text": ' + json_dumps(preface))
        if part:
            w(', "part": ' + json_dumps(part))
        if sections:
            w(', "sections": ' + json_dumps([section.as_dict() for section in sections]))
        w(', "tree": [')
        for i, line in enumerate(tree):
            w(("" if i == 0 else ", ") + json_dumps(line))
        w('], "files": [')

    def file(self, r):
        self.out.write(("\n" if self.first else ",\n") + json_dumps(record(r)))
        self.first = False

    def footer(self, totals):
        self.out.write('\n], "totals": ' + json_dumps(totals.as_dict()) + "}\n")


class JsonlWriter(_Writer):
    def header(self, roots, level, tree, *, preface="", part=None, sections=()):
        if preface:  # one first record, before the files' rows
            self.out.write(json_dumps({"header_text": preface}) + "\n")
        for section in sections:  # a record each, before the files' rows
            record = section.as_dict()
            self.out.write(json_dumps({"section": record.pop("name"), **record}) + "\n")

    def file(self, r):
        self.out.write(json_dumps(record(r)) + "\n")

    def other(self, r):
        if r.action.startswith("skipped:"):  # a file a dataset should know it lacks
            self.file(r)


def make_writer(fmt: str, out: TextOut) -> _Writer:
    try:
        cls = {
            "markdown": MarkdownWriter,
            "xml": XmlWriter,
            "json": JsonWriter,
            "jsonl": JsonlWriter,
            "plain": PlainWriter,
        }[fmt]
    except KeyError:
        raise ValueError(f"unknown format {fmt!r}; formats: {', '.join(FORMATS)}") from None
    return cls(out)
