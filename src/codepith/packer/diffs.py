"""The PR's own text in a pack: the diff of ``diff=BASE`` (role ``diff``) and
the PR's description (role ``pr-description``).

A diff is cut into :class:`Hunk` units, so that compact mode can trim it by
whole hunks: a file's header (``diff --git``, ``index``, ``---``, ``+++``…)
enters with the first of its hunks that enters, and a file section without
hunks (a binary file, a mode change, a pure rename) is one unit of its own.
:func:`join_hunks` of every unit gives the diff back, byte for byte.

Each file's part of the diff passes the secret check that files pass
(:func:`section_secrets`), read as the file's lines (the ``+``/``-``/space
prefix left out), so an env file's values are found in its diff too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..core.secrets import Finding, scan
from ..errors import InvalidOption
from ..fs.paths import display_name
from ..fs.safeio import NotRegularFile, read_regular

__all__ = [
    "DIFF_ROLE",
    "DESCRIPTION_ROLE",
    "DESCRIPTION_LABEL",
    "Hunk",
    "diff_label",
    "split_hunks",
    "join_hunks",
    "section_secrets",
    "read_description",
]

DIFF_ROLE = "diff"
DESCRIPTION_ROLE = "pr-description"
#: the name the description's block and audit item carry
DESCRIPTION_LABEL = "PR description"

_LINE = re.compile(r"[^\n]*\n|[^\n]+\Z")
_HUNK_HEADER = re.compile(r"@@+ [^@]*@@+")
_QUOTED = re.compile(r"\\([0-7]{3}|.)", re.S)
_ESCAPES = {"a": "\a", "b": "\b", "t": "\t", "n": "\n", "v": "\v", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}


@dataclass(frozen=True)
class Hunk:
    """One unit of a diff: a hunk of a file section, or a file section that
    has none. ``head`` is the section's header, shared by its hunks (it
    enters once, before the first of them)."""

    section: int  # the file section's index in the diff (0 may be text before the first section)
    file: str  # the file's path as the diff names it ('' before the first section)
    name: str  # the ``@@ … @@`` part of the hunk's header, or the section's last header line when it has no hunk
    head: str  # the section's header lines
    text: str  # the hunk's lines ('' for a section without hunks)


def diff_label(base: str) -> str:
    """The name of a diff's block and audit item: ``git diff BASE``."""
    return f"git diff {base}"


def _unquote(name: str) -> str:
    """A path as git prints it (C-quoted in double quotes when it holds odd
    bytes), as text (bytes that are not UTF-8 as surrogate escapes)."""
    if not (len(name) >= 2 and name.startswith('"') and name.endswith('"')):
        return name
    out = bytearray()
    pos = 1
    for m in _QUOTED.finditer(name, 1, len(name) - 1):
        out += name[pos : m.start()].encode("utf-8", "surrogateescape")
        code = m.group(1)
        out += bytes([int(code, 8) & 0xFF]) if len(code) == 3 else _ESCAPES.get(code, code).encode()
        pos = m.end()
    out += name[pos : len(name) - 1].encode("utf-8", "surrogateescape")
    return out.decode("utf-8", "surrogateescape")


def _strip_prefix(name: str) -> str:
    name = _unquote(name)
    return name[2:] if name[:2] in ("a/", "b/") else name


def _file_of(head: str) -> str:
    """The path a section's header names: its new name, else its old one."""
    lines = head.split("\n")
    for prefix in ("+++ ", "rename to ", "copy to ", "--- "):
        for line in lines:
            if line.startswith(prefix):
                name = line[len(prefix) :].rstrip("\t")
                if name != "/dev/null":
                    return _strip_prefix(name) if prefix in ("+++ ", "--- ") else _unquote(name)
    first = lines[0].removeprefix("diff --git ")
    if first.startswith('"'):  # "a/x y" "b/x y"
        end = first.find('" ', 1)
        return _strip_prefix(first[end + 2 :]) if end > 0 else first
    n = (len(first) - 5) // 2  # a/NAME b/NAME: the same name on both sides
    if first.startswith("a/") and first[2 + n : 5 + n] == " b/" and first[2 : 2 + n] == first[5 + n :]:
        return first[2 : 2 + n]
    return first


def split_hunks(text: str) -> list[Hunk]:
    """The units of the diff ``text`` (git's unified diff), in order."""
    sections: list[list[str]] = []
    for line in _LINE.findall(text):
        if line.startswith("diff ") or not sections:
            sections.append([])
        sections[-1].append(line)
    units: list[Hunk] = []
    for index, lines in enumerate(sections):
        starts = [i for i, line in enumerate(lines) if line.startswith("@@")]
        head = "".join(lines[: starts[0]] if starts else lines)
        file = _file_of(head) if lines[0].startswith("diff ") else ""
        if not starts:
            last = lines[-1].rstrip("\n")
            units.append(Hunk(index, file, last, head, ""))
            continue
        for n, start in enumerate(starts):
            end = starts[n + 1] if n + 1 < len(starts) else len(lines)
            m = _HUNK_HEADER.match(lines[start])
            name = m.group() if m else lines[start].rstrip("\n")
            units.append(Hunk(index, file, name, head, "".join(lines[start:end])))
    return units


def join_hunks(hunks: Iterable[Hunk]) -> str:
    """The diff holding ``hunks`` (in their order): each section's header
    before its first hunk."""
    out: list[str] = []
    opened: set[int] = set()
    for hunk in hunks:
        if hunk.section not in opened:
            opened.add(hunk.section)
            out.append(hunk.head)
        out.append(hunk.text)
    return "".join(out)


def _as_lines(head: str, hunks: Sequence[Hunk]) -> str:
    """A section as the secret check reads it: the header as is, each hunk
    line without its ``+``/``-``/space prefix (one line for one line)."""
    out = [head]
    for hunk in hunks:
        lines = _LINE.findall(hunk.text)
        out.append(lines[0])  # the @@ line
        out.extend(line[1:] if line[:1] in "+- " else line for line in lines[1:])
    return "".join(out)


def section_secrets(hunks: Sequence[Hunk]) -> dict[int, list[Finding]]:
    """The secrets in each file's part of the diff made of ``hunks``, by
    section; their lines are lines of that diff. A failed check counts as a
    finding (it fails closed)."""
    by_section: dict[int, list[Hunk]] = {}
    for hunk in hunks:
        by_section.setdefault(hunk.section, []).append(hunk)
    found: dict[int, list[Finding]] = {}
    line = 0  # lines of the diff before the section
    for section, units in by_section.items():
        text = _as_lines(units[0].head, units)
        try:
            findings = scan(text.encode("utf-8", "surrogateescape"), units[0].file)
        except Exception as exc:  # noqa: BLE001 - a failed check keeps the part out, and leaks nothing
            findings = [Finding(f"the secret check failed ({type(exc).__name__})", 1)]
        if findings:
            found[section] = [Finding(f.kind, f.line + line) for f in findings]
        line += text.count("\n")
    return found


def read_description(source: str, *, max_bytes: int, stdin=None) -> str:
    """The PR description from the file ``source`` (``-``: ``stdin``, a
    binary stream), as text; bytes that are not UTF-8 are kept as surrogate
    escapes. Raises :class:`InvalidOption` (``pr_description``) naming the
    file, the cause and the fix."""
    fix = "give the file that holds the PR's description, or - to read it from standard input"
    if source == "-":
        if stdin is None:
            raise InvalidOption("pr_description", f"-: no standard input to read; {fix}")
        data = stdin.read(max_bytes + 1)
        if len(data) > max_bytes:
            raise InvalidOption(
                "pr_description", f"-: larger than --max-file-bytes {max_bytes}; raise --max-file-bytes"
            )
        return data.decode("utf-8", "surrogateescape")
    name = display_name(source)
    try:
        data = read_regular(source, max_bytes=max_bytes)
    except FileNotFoundError:
        raise InvalidOption("pr_description", f"{name}: no such file; {fix}") from None
    except NotRegularFile as exc:
        if exc.reason == "too-large":
            raise InvalidOption(
                "pr_description", f"{name}: larger than --max-file-bytes {max_bytes}; raise --max-file-bytes"
            ) from None
        raise InvalidOption("pr_description", f"{name}: not a regular file; {fix}") from None
    except OSError as exc:
        raise InvalidOption("pr_description", f"{name}: cannot be read ({exc.strerror or exc}); {fix}") from None
    return data.decode("utf-8", "surrogateescape")
