"""The options of a repository map: one frozen object, checked once."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass

from ..core.literals import Encoding
from ..core.tokens import ENCODINGS
from ..errors import InvalidOption

__all__ = ["MAP_FORMATS", "MapOptions"]

#: what a map is written as: Markdown, XML, plain text, or JSON (the decisions and the Markdown text)
MAP_FORMATS = ("markdown", "xml", "plain", "json")


def _strings(values: Iterable[str | os.PathLike[str]] | str) -> tuple[str, ...]:
    if isinstance(values, (str, os.PathLike)):
        values = [values]
    return tuple(os.fspath(v) for v in values)


@dataclass(frozen=True)
class MapOptions:
    """How :func:`codepith.repo_map` maps a tree.

    ``tokens``: the budget of the whole document (headings and tree included),
    never exceeded. ``focus``: files (relative to the root) the map is about:
    always in it, at the richest level that fits, and what the ranking starts
    from. ``mentions``: identifiers the task names; the files that define them
    rank higher. ``jobs``: processes for a first scan (default: every core).
    ``cache``: keep each file's facts and levels between runs (in the results
    cache's folder, ``cache_dir`` when given); a second map re-reads only the
    files that changed. ``gitignore``: honour ``.gitignore`` files, as
    ``compress`` does."""

    tokens: int
    focus: tuple[str, ...] = ()
    mentions: tuple[str, ...] = ()
    format: str = "markdown"
    encoding: Encoding = "o200k_base"
    jobs: int | None = None
    cache: bool = True
    cache_dir: str | None = None
    gitignore: bool = True
    max_files: int = 200_000

    def __post_init__(self) -> None:
        if isinstance(self.tokens, bool) or not isinstance(self.tokens, int) or self.tokens < 1:
            raise InvalidOption(
                "tokens", f"the map's budget must be a whole number of tokens >= 1, got {self.tokens!r}"
            )
        object.__setattr__(self, "focus", tuple(p.replace(os.sep, "/") for p in _strings(self.focus)))
        object.__setattr__(self, "mentions", tuple(m for m in _strings(self.mentions) if m.strip()))
        if self.format not in MAP_FORMATS:
            raise InvalidOption("format", f"unknown map format {self.format!r}; formats: {', '.join(MAP_FORMATS)}")
        if self.encoding not in ENCODINGS:
            raise InvalidOption("encoding", f"unknown encoding {self.encoding!r}; encodings: {', '.join(ENCODINGS)}")
        if self.jobs is not None and (isinstance(self.jobs, bool) or not isinstance(self.jobs, int) or self.jobs < 1):
            raise InvalidOption("jobs", f"must be a whole number >= 1, got {self.jobs!r}")
