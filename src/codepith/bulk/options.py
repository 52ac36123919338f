"""The options of a bulk run (:func:`~codepith.bulk.run.compress_tree`), as one
frozen object built and checked at the edge, then passed down: how the tree
is walked (:meth:`TreeOptions.walk_options`), what decides each file's result
(:meth:`TreeOptions.results`) and how the run goes (jobs, cache, time limit)."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, TypedDict

from ..core.discover import DEFAULT_MAX_FILE_BYTES, WalkOptions
from ..core.literals import LEVELS, Encoding, Level
from ..core.secrets import allowed_paths
from ..core.tokens import DEFAULT_ENCODING, check_encoding
from ..errors import InvalidOption
from .cache import default_cache_dir, resolve_max_bytes
from .results import DEFAULT_TIMEOUT, BulkOptions, check_timeout

__all__ = ["RatiosSettings", "TreeOptions", "TreeSettings", "SORTS", "Sort"]

#: the orders a run's results may come in: by path, or by how often git changed each file
Sort = Literal["path", "changes"]
SORTS: tuple[Sort, ...] = ("path", "changes")


def _strings(values: Iterable[str | os.PathLike[str]]) -> tuple[str, ...]:
    if isinstance(values, (str, os.PathLike)):
        values = [values]
    return tuple(os.fspath(v) for v in values)


@dataclass(frozen=True)
class TreeOptions:
    """Every option of :func:`~codepith.compress_tree`, checked when made: a bad
    value is an :class:`~codepith.errors.InvalidOption` naming the field.

    ``level`` is the level whose text and sizes fill a result's main fields;
    ``levels`` adds more to compute per file (``ratios`` uses this). ``jobs``
    worker processes work in parallel (default: every core); a file still
    running ``timeout`` seconds per level is kept whole. ``include``,
    ``exclude``, ``max_file_bytes``, ``gitignore``, ``skip`` and
    ``default_ignores`` decide the walk (:class:`~codepith.core.discover.WalkOptions`).
    ``cache``, ``cache_dir`` and ``cache_max_mb`` the results cache.
    ``include_generated`` compresses files marked as generated;
    ``security_check`` leaves out files holding a secret, except those in
    ``allow_secrets``. ``sort`` orders the results: ``path`` (sorted paths)
    or ``changes`` (how many of the last commits changed each file, the most
    changed last; path order, with a warning, outside git).
    ``remove_empty_lines`` drops the blank lines of each compressed file
    that are not inside a string or comment
    (:func:`~codepith.core.blank_lines.remove_blank_lines`). Sequences are
    kept as tuples.
    """

    level: Level = "signatures"
    levels: tuple[Level, ...] = ()
    jobs: int | None = None
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    only_supported: bool = False
    tokens: bool = True
    encoding: Encoding = DEFAULT_ENCODING
    line_refs: bool = False
    with_text: bool = True
    cache: bool = True
    cache_dir: str | None = None
    cache_max_mb: float | None = None
    timeout: float = DEFAULT_TIMEOUT
    gitignore: bool = True
    skip: tuple[str, ...] = ()
    include_generated: bool = False
    security_check: bool = True
    allow_secrets: tuple[str, ...] = ()
    default_ignores: bool = True
    sort: Sort = "path"
    remove_empty_lines: bool = False

    def __post_init__(self) -> None:
        if self.sort not in SORTS:
            raise InvalidOption("sort", f"unknown order {self.sort!r}; orders: {', '.join(SORTS)}")
        for name in ("include", "exclude", "skip", "allow_secrets"):
            object.__setattr__(self, name, _strings(getattr(self, name)))
        object.__setattr__(self, "levels", tuple(self.levels or ()))
        if self.cache_dir is not None:
            object.__setattr__(self, "cache_dir", os.fspath(self.cache_dir))
        check_timeout(self.timeout)
        for lv in self.all_levels:
            if lv not in LEVELS:
                raise InvalidOption(
                    "level" if lv == self.level else "levels", f"unknown level {lv!r}; levels: {', '.join(LEVELS)}"
                )
        if self.max_file_bytes <= 0:
            raise InvalidOption("max_file_bytes", f"must be positive, got {self.max_file_bytes}")
        if self.tokens:
            check_encoding(self.encoding)  # raises UnknownEncoding, naming the known ones
        if self.jobs is not None and self.jobs < 1:
            raise InvalidOption("jobs", f"must be at least 1, got {self.jobs}")

    @property
    def all_levels(self) -> tuple[Level, ...]:
        """The levels to compute, ``level`` first, no repeats."""
        return tuple(dict.fromkeys((self.level, *self.levels)))

    @property
    def workers(self) -> int:
        return self.jobs or os.cpu_count() or 1

    def cache_folder(self) -> str:
        """Where the results cache is (``cache_dir``, or the user's cache folder)."""
        return self.cache_dir if self.cache_dir is not None else os.fspath(default_cache_dir())

    def cache_max_bytes(self) -> int:
        return resolve_max_bytes(self.cache_max_mb) if self.cache else 0

    def walk_options(self) -> WalkOptions:
        """The walk of the run (one place, so that a listing of the tree and
        the results see the same entries). The results cache is never an input."""
        return WalkOptions(
            include=self.include,
            exclude=self.exclude,
            max_file_bytes=self.max_file_bytes,
            gitignore=self.gitignore,
            skip=self.skip,
            state_dirs=(self.cache_folder(),),
            default_ignores=self.default_ignores,
        )

    def results(self) -> BulkOptions:
        """What decides each file's result (and its cache key)."""
        return BulkOptions(
            levels=self.all_levels,
            tokens=self.tokens,
            encoding=self.encoding,
            line_refs=self.line_refs,
            only_supported=self.only_supported,
            with_text=self.with_text,
            timeout=self.timeout,
            include_generated=self.include_generated,
            security_check=self.security_check,
            allow_secrets=allowed_paths(self.allow_secrets),
            remove_empty_lines=self.remove_empty_lines,
        )


class RatiosSettings(TypedDict, total=False):
    """The fields of :class:`TreeOptions` but ``levels``, given by name: those
    :func:`~codepith.bulk.ratios.measure_ratios` takes (its ``levels`` is an
    argument of its own)."""

    level: Level
    jobs: int | None
    include: Sequence[str]
    exclude: Sequence[str]
    max_file_bytes: int
    only_supported: bool
    tokens: bool
    encoding: Encoding
    line_refs: bool
    with_text: bool
    cache: bool
    cache_dir: str | os.PathLike[str] | None
    cache_max_mb: float | None
    timeout: float
    gitignore: bool
    skip: Iterable[str | os.PathLike[str]]
    include_generated: bool
    security_check: bool
    allow_secrets: Iterable[str | os.PathLike[str]]
    default_ignores: bool
    sort: Sort
    remove_empty_lines: bool


class TreeSettings(RatiosSettings, total=False):
    """The fields of :class:`TreeOptions` given by name
    (``compress_tree(root, level="outline")``), so that a type checker checks
    them there too; a test keeps the two the same."""

    levels: Sequence[Level]
