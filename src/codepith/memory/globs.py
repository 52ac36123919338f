"""Glob patterns as agent rule files use them, matched against relative paths.

Claude Code's ``paths:``, GitHub's ``applyTo:`` and Cursor's ``globs:`` are
globs relative to the project root: ``*`` and ``?`` stay inside one path
segment, ``**`` as a whole segment spans any number of folders (none
included), ``[abc]``/``[!abc]`` are classes, ``{a,b}`` alternatives (nested
too) and ``\\`` escapes the next character. A pattern without ``/`` is matched
against the whole relative path (``*.py`` is a file at the root), and a leading
``./`` or ``/`` is dropped. Paths use ``/``.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["compile_glob", "escape_glob", "expand_braces", "glob_match"]

_MAX_EXPANSIONS = 256
_SPECIAL = set("*?[]{}\\")


def escape_glob(text: str) -> str:
    """``text`` as a pattern matching itself literally."""
    return "".join("\\" + ch if ch in _SPECIAL else ch for ch in text)


def _brace_span(pattern: str, start: int) -> int:
    """Index of the ``}`` closing the ``{`` at ``start``, or -1."""
    depth = 0
    i = start
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return -1


def _split_alternatives(inner: str) -> list[str]:
    parts, depth, start, i = [], 0, 0, 0
    while i < len(inner):
        ch = inner[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(inner[start:i])
            start = i + 1
        i += 1
    parts.append(inner[start:])
    return parts


def expand_braces(pattern: str) -> list[str]:
    """``a/{b,c}/*.{ts,tsx}`` -> the patterns it stands for (at most 256)."""
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "{":
            end = _brace_span(pattern, i)
            if end < 0:
                return [pattern]  # an unclosed brace is literal
            alternatives = _split_alternatives(pattern[i + 1 : end])
            if len(alternatives) < 2:
                i += 1
                continue
            head, tail = pattern[:i], pattern[end + 1 :]
            out: list[str] = []
            for alt in alternatives:
                for rest in expand_braces(head + alt + tail):
                    if rest not in out:
                        out.append(rest)
                    if len(out) >= _MAX_EXPANSIONS:
                        return out
            return out
        i += 1
    return [pattern]


def _segment_regex(segment: str) -> str:
    out = []
    i = 0
    while i < len(segment):
        ch = segment[i]
        if ch == "\\" and i + 1 < len(segment):
            out.append(re.escape(segment[i + 1]))
            i += 2
            continue
        if ch == "*":
            while i + 1 < len(segment) and segment[i + 1] == "*":
                i += 1
            out.append("[^/]*")
        elif ch == "?":
            out.append("[^/]")
        elif ch == "[":
            end = segment.find("]", i + 2)
            if end < 0:
                out.append(re.escape(ch))
            else:
                body = segment[i + 1 : end]
                negate = body[:1] in ("!", "^")
                if negate:
                    body = body[1:]
                body = body.replace("\\", "\\\\")
                out.append(f"[{'^/' if negate else ''}{body}]" if negate else f"[{body}]")
                i = end
        else:
            out.append(re.escape(ch))
        i += 1
    return "".join(out)


def _one(pattern: str) -> str:
    while pattern.startswith("./"):
        pattern = pattern[2:]
    pattern = pattern.lstrip("/")
    if pattern.endswith("/"):
        pattern += "**"  # a folder: everything under it
    segments = pattern.split("/")
    out = []
    for i, seg in enumerate(segments):
        last = i == len(segments) - 1
        if seg == "**":
            out.append(".*" if last else "(?:[^/]+/)*")
        else:
            out.append(_segment_regex(seg) + ("" if last else "/"))
    return "".join(out)


@lru_cache(maxsize=4096)
def compile_glob(pattern: str) -> re.Pattern:
    """A compiled regex matching the relative paths ``pattern`` matches."""
    alternatives = [_one(p) for p in expand_braces(pattern.strip())]
    return re.compile("^(?:" + "|".join(alternatives) + ")$", re.DOTALL)


def glob_match(pattern: str, path: str) -> bool:
    """True when relative ``path`` (with ``/``) matches ``pattern``."""
    return compile_glob(pattern).match(path) is not None
