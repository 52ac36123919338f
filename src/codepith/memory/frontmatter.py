"""A small, strict reader (and writer) for the front matter of agent rule files.

Rule files of coding agents start with a short YAML-looking block between
``---`` lines: Claude Code's ``paths:`` (a list, or one string), GitHub's
``applyTo:`` (a comma-separated string), Cursor's ``globs:`` (a
comma-separated string, often unquoted, or a list) and ``alwaysApply:``. This
reader handles exactly that subset — ``key: value`` lines whose value is a
plain or quoted scalar, a flow list ``["a", "b"]`` or a block list of
``- item`` lines — and reports every line it cannot read as a warning rather
than guessing. It does not need a YAML library, and it accepts what those
tools accept but YAML would not (``globs: **/*.ts, src/**``).

Kept hand-written on purpose: a YAML library's safe loader (PyYAML's
``safe_load``, ruamel's) would lose documented behaviour —
``globs: **/*.ts, src/**`` as Cursor writes it is a YAML error (``*`` starts
an alias), so the whole block would be lost; ``applyTo: on`` or
``globs: 1.10`` would turn into a bool or a float (a pattern changed); a
repeated key would be taken silently; and one bad line would fail the block
with no per-line warning naming it. ``tests/test_memory_frontmatter.py``
holds these cases.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["FrontMatter", "quote", "read_front_matter", "render_paths_front_matter", "split_patterns"]


_KEY = re.compile(r"^([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]+(.*?)|[ \t]*)$")
_ITEM = re.compile(r"^[ \t]*-(?:[ \t]+(.*?)|[ \t]*)$")
_FENCE = re.compile(r"^---[ \t]*$")


@dataclass
class FrontMatter:
    """What a file's front matter holds.

    ``present`` is False when the file has no front matter block. ``fields``
    maps each key to a string, a list of strings, a bool or None (an empty
    value). ``warnings`` name the lines that could not be read (1-based line
    numbers of the file). ``body`` is the text after the block.
    """

    present: bool = False
    fields: dict = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    body: str = ""
    body_line: int = 1  # line number (1-based) where the body starts


def _unquote(raw: str, line_no: int, warnings: list[str]) -> str:
    """A scalar: quoted (single or double) or plain (a trailing `` # comment`` dropped)."""
    raw = raw.strip()
    if raw[:1] in ("'", '"'):
        quote_char = raw[0]
        end = _closing_quote(raw, quote_char)
        if end < 0:
            warnings.append(f"line {line_no}: unterminated quoted value {raw!r}")
            return raw[1:]
        rest = raw[end + 1 :].strip()
        if rest and not rest.startswith("#"):
            warnings.append(f"line {line_no}: text after a quoted value: {rest!r}")
        inner = raw[1:end]
        if quote_char == "'":
            return inner.replace("''", "'")
        return re.sub(r'\\(["\\/tn])', lambda m: {"t": "\t", "n": "\n"}.get(m.group(1), m.group(1)), inner)
    comment = re.search(r"[ \t]#", raw)
    if comment:
        raw = raw[: comment.start()].rstrip()
    return raw


def _closing_quote(raw: str, quote_char: str) -> int:
    i = 1
    while i < len(raw):
        ch = raw[i]
        if quote_char == '"' and ch == "\\":
            i += 2
            continue
        if ch == quote_char:
            if quote_char == "'" and raw[i + 1 : i + 2] == "'":
                i += 2
                continue
            return i
        i += 1
    return -1


def _split_top(text: str, sep: str = ",") -> list[str]:
    """Split ``text`` at ``sep`` outside quotes, braces and brackets."""
    parts: list[str] = []
    depth = 0
    quote_char = ""
    start = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if quote_char:
            if ch == "\\" and quote_char == '"':
                i += 2
                continue
            if ch == quote_char:
                quote_char = ""
        elif ch in "'\"":
            quote_char = ch
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth = max(0, depth - 1)
        elif ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return parts


def _scalar(raw: str, line_no: int, warnings: list[str]) -> str | bool | list[str] | None:
    raw = raw.strip()
    if raw.startswith("[") and raw.rstrip().endswith("]"):
        inner = raw.strip()[1:-1]
        if not inner.strip():
            return []
        return [_unquote(p, line_no, warnings) for p in _split_top(inner) if p.strip()]
    if raw.startswith(("[", "{")):
        warnings.append(f"line {line_no}: cannot read the value {raw!r} (an unclosed flow list or a mapping)")
        return None
    if raw[:1] in ("|", ">") and raw.rstrip("-+ 0123456789") in ("|", ">"):
        warnings.append(f"line {line_no}: block scalars ({raw}) are not read; write the value on one line")
        return None
    value = _unquote(raw, line_no, warnings)
    if raw[:1] not in ("'", '"'):
        low = value.lower()
        if low in ("true", "false"):
            return low == "true"
        if low in ("", "null", "~"):
            return None
    return value


def read_front_matter(text: str) -> FrontMatter:
    """Read the front matter at the top of ``text`` (a BOM before it is allowed)."""
    fm = FrontMatter(body=text)
    text = text.removeprefix("\ufeff")
    lines = text.splitlines(keepends=True)
    if not lines or not _FENCE.match(lines[0].rstrip("\r\n")):
        fm.body = text
        return fm
    end = None
    for i in range(1, len(lines)):
        stripped = lines[i].rstrip("\r\n")
        if _FENCE.match(stripped) or stripped.rstrip() == "...":
            end = i
            break
    if end is None:
        fm.warnings.append("line 1: front matter opened with --- but never closed; it is not read")
        fm.body = text
        return fm
    fm.present = True
    fm.body = "".join(lines[end + 1 :])
    fm.body_line = end + 2
    warnings = fm.warnings
    current: str | None = None  # a key whose value is a block list being read
    for i in range(1, end):
        line_no = i + 1
        line = lines[i].rstrip("\r\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        item = _ITEM.match(line)
        if item and current is not None:
            value = item.group(1)
            if value is None or not value.strip():
                warnings.append(f"line {line_no}: an empty list item under {current}:")
                continue
            value = value.strip()
            if value.startswith(("[", "{")) or (_KEY.match(value) and value[:1] not in "'\"*"):
                warnings.append(f"line {line_no}: cannot read the list item {value!r} under {current}:")
                continue
            if fm.fields[current] is None:
                fm.fields[current] = []
            fm.fields[current].append(_unquote(value, line_no, warnings))
            continue
        key = _KEY.match(line)
        if key and not line[0].isspace():
            name, raw = key.group(1), key.group(2)
            if name in fm.fields:
                warnings.append(f"line {line_no}: key {name}: appears again; the last one is used")
            if raw is None or not raw.strip() or raw.strip().startswith("#"):
                fm.fields[name] = None  # a block list may follow
                current = name
                continue
            current = None
            fm.fields[name] = _scalar(raw, line_no, warnings)
            continue
        current = None
        warnings.append(f"line {line_no}: cannot read {line.strip()!r} (expected `key: value` or `- item`)")
    return fm


def split_patterns(value: str | bool | list[str] | None) -> list[str]:
    """Patterns of a ``paths:``/``applyTo:``/``globs:`` value: a list's items, or a
    string split at commas outside braces (``src/**/*.{ts,tsx}, lib/**``)."""
    if value is None or isinstance(value, bool):
        return []
    if isinstance(value, str):
        items = _split_top(value)
    else:
        items = [str(v) for v in value]
    return [p.strip() for p in items if p and p.strip()]


def quote(text: str) -> str:
    """``text`` as a double-quoted scalar."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render_paths_front_matter(patterns: list[str]) -> str:
    """Claude Code front matter scoping a rule to ``patterns`` (a block list)."""
    return "---\npaths:\n" + "".join(f"  - {quote(p)}\n" for p in patterns) + "---\n"
