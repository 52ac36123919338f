"""Glob patterns as agent rule files use them, matched against relative paths.

Claude Code's ``paths:``, GitHub's ``applyTo:`` and Cursor's ``globs:`` are
globs relative to the project root: ``*`` and ``?`` stay inside one path
segment (and match a leading dot), ``**`` as a whole segment spans any number
of folders (none included), ``[abc]``/``[!abc]`` are classes, ``{a,b}``
alternatives (nested too; at most 256 per pattern, the first ones kept) and
``\\`` escapes the next character. A pattern without ``/`` is matched against
the whole relative path (``*.py`` is a file at the root), a leading ``./`` or
``/`` is dropped and a trailing ``/`` means everything below that folder.
Paths use ``/`` on every OS.

Matching is ``wcmatch``'s (``GLOBSTAR | DOTGLOB | FORCEUNIX``); braces are
expanded by ``bracex`` (``wcmatch``'s own expander) here, not through
``wcmatch``'s ``BRACE`` flag, because that flag fails a pattern past its limit
where rule files keep the first 256 alternatives.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import islice
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wcmatch import glob as wcglob

__all__ = ["compile_glob", "escape_glob", "expand_braces", "glob_match"]

_MAX_EXPANSIONS = 256
_MAX_STEPS = 16 * _MAX_EXPANSIONS  # alternatives looked at, repeats included


def _wcglob() -> ModuleType:
    """``wcmatch.glob``, imported on first use: a prompt whose project has no
    scoped rules or lessons never matches a glob, and need not load it."""
    from wcmatch import glob

    return glob


def escape_glob(text: str) -> str:
    """``text`` as a pattern matching itself literally (spaces at either end
    escaped too, so trimming a pattern never changes it)."""
    core = _wcglob().escape(text, unix=True)
    start = len(core) - len(core.lstrip())
    end = max(start, len(core.rstrip()))
    return "".join("\\" + c for c in core[:start]) + core[start:end] + "".join("\\" + c for c in core[end:])


def _trim(pattern: str) -> str:
    """``pattern`` without the spaces around it (an escaped one stays)."""
    pattern = pattern.lstrip()
    end = len(pattern)
    while end and pattern[end - 1].isspace() and not _escaped(pattern, end - 1):
        end -= 1
    return pattern[:end]


def _escaped(pattern: str, i: int) -> bool:
    slashes = len(pattern[:i]) - len(pattern[:i].rstrip("\\"))
    return slashes % 2 == 1


def expand_braces(pattern: str) -> list[str]:
    """``a/{b,c}/*.{ts,tsx}`` -> the patterns it stands for (at most 256, in
    order, no repeats); an unclosed or single-item brace is literal."""
    out: dict[str, None] = {}
    import bracex

    for alternative in islice(bracex.iexpand(pattern, keep_escapes=True, limit=0), _MAX_STEPS):
        out.setdefault(alternative)
        if len(out) >= _MAX_EXPANSIONS:
            break
    return list(out) or [pattern]


def _normalise(pattern: str) -> str:
    while pattern.startswith("./"):
        pattern = pattern[2:]
    pattern = pattern.lstrip("/")
    if pattern.endswith("/"):
        pattern += "**"  # a folder: everything under it
    return pattern


@lru_cache(maxsize=4096)
def compile_glob(pattern: str) -> wcglob.WcMatcher:
    """A matcher (``.match(path)``) for the relative paths ``pattern`` matches."""
    wc = _wcglob()
    return wc.compile(
        [_normalise(p) for p in expand_braces(_trim(pattern))], flags=wc.GLOBSTAR | wc.DOTGLOB | wc.FORCEUNIX
    )


def glob_match(pattern: str, path: str) -> bool:
    """True when relative ``path`` (with ``/``) matches ``pattern``."""
    return bool(compile_glob(pattern).match(path))
