"""Many files: compress whole trees in parallel, in order, with a cache.

:func:`compress_tree` walks one or more roots (see :mod:`codepith.core.discover`),
compresses every supported file in a pool of processes
(:mod:`codepith.bulk.scheduler`), and yields one :class:`FileResult` per entry
considered, in sorted path order whatever the scheduling (or ordered by git
changes, :mod:`codepith.bulk.gitinfo`). Nothing is lost
silently: files that are ignored, skipped, kept whole or that fail come out
too, with their reason. One file's verdict and compression are
:mod:`codepith.bulk.files`'; the results and their cached rows are
:mod:`codepith.bulk.results`'.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from .._settings import with_settings
from ..core.discover import Candidate, Excluded, root_problem, walk_roots
from ..errors import CodepithError, InvalidOption
from .cache import ResultCache
from .files import _read_and_process, _read_input, process_bytes, result_key
from .gitinfo import order_by_changes
from .listing import GitWarning, Walked, files_considered, left_out_action, tree_listing
from .options import TreeOptions, TreeSettings
from .results import (
    DEFAULT_TIMEOUT,
    BulkOptions,
    FileResult,
    LevelResult,
    result_from_row,
    result_to_row,
)
from .scheduler import Scheduler, memory_budget

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "GitWarning",
    "FileResult",
    "LevelResult",
    "BulkOptions",
    "compress_tree",
    "tree_listing",
    "files_considered",
    "left_out_action",
    "TreeOptions",
    "walk_tree",
    "process_bytes",
    "memory_budget",
    "DEFAULT_TIMEOUT",
]


def _excluded_result(entry: Excluded, path: str, level: str) -> FileResult:
    return FileResult(
        path=path, action=entry.action, level=level, files=entry.files, bytes_in=entry.size, reason=entry.reason
    )


def compress_tree(
    roots: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    options: TreeOptions | None = None,
    *,
    on_result: Callable[[FileResult], None] | None = None,
    walked: Walked | None = None,
    **settings: Unpack[TreeSettings],
) -> Iterator[FileResult]:
    """Compress every file under ``roots``; yield one result per entry, in path order (or ``sort``'s).

    ``options`` (a :class:`~codepith.bulk.options.TreeOptions`) says how;
    ``settings`` names its fields to set (``compress_tree(root,
    level="outline", jobs=2)``), so the object is built and checked once.
    ``jobs`` worker processes work in parallel (default: every core). A file
    still running ``timeout`` seconds per level after it started has its
    worker killed and is kept whole; so with a ``timeout`` even one job runs
    in a worker, and only ``jobs=1, timeout=0`` works in this process. Each
    worker's memory is bounded (:func:`memory_budget`). ``levels`` computes
    several levels per file (``ratios`` uses this); ``level`` is the one whose
    text and sizes fill the main fields.
    Results are cached by content so an unchanged tree is fast the second
    time: in ``cache_dir``/results.sqlite, by default in the user's cache
    folder (:func:`~codepith.bulk.cache.default_cache_dir`:
    ``$XDG_CACHE_HOME/codepith`` or ``~/.cache/codepith`` on Linux,
    ``~/Library/Caches/codepith`` on macOS, ``%LOCALAPPDATA%\\codepith`` on
    Windows), a file kept under ``cache_max_mb`` megabytes (default
    ``$CODEPITH_CACHE_MAX_MB``, else 512; 0: no cap) by evicting the least
    recently used results. That file is the only thing written;
    ``cache=False`` neither reads nor writes it (nor creates its folder). Files marked as
    generated are skipped unless ``include_generated`` is set. A file holding
    a secret is skipped (``skipped:secret``) unless ``security_check`` is off
    or the file is one of ``allow_secrets``. Vendored and built folders, lock
    files, minified files and source maps are left out (``ignored:default``)
    unless a ``.gitignore`` rule brings them back or ``default_ignores`` is
    off (see :mod:`codepith.fs.ignores`). ``on_result`` is called with each
    result as it is yielded. ``walked`` gives the entries of an earlier walk
    of the same roots with the same options (:func:`walk_tree`), so that a
    run that lists the tree first walks it once.
    """
    roots = _check_roots(roots)
    options = with_settings(TreeOptions, options, settings, "compress_tree")
    where = (options.cache_dir, options.cache_max_bytes())
    entries = walked if walked is not None else walk_roots(roots, options.walk_options())
    if options.sort == "changes":
        entries, note = order_by_changes(list(entries), roots)
        if note is not None:
            warnings.warn(note, GitWarning, stacklevel=2)
    # Arguments are checked above, when called; the work happens as results are read.
    return _run(entries, options.results(), options.cache, where, options.workers, options.max_file_bytes, on_result)


def _check_roots(roots) -> list[str]:
    if isinstance(roots, (str, os.PathLike)):
        roots = [roots]
    roots = [os.fspath(r) for r in roots]
    if not roots:
        raise InvalidOption("roots", "give at least one root")
    bad = [entry for entry in (root_problem(root, root) for root in roots) if entry is not None]
    if len(bad) == len(roots):  # nothing to do at all; a bad root among good ones is a skipped entry
        raise CodepithError("; ".join(f"{entry.path}: {entry.reason}" for entry in bad) + "; check the path")
    return roots


def walk_tree(
    roots: Sequence[str], options: TreeOptions, seen: list[str] | None = None
) -> list[tuple[str, Candidate | Excluded]]:
    """Every entry of ``roots`` as a run with ``options`` walks them, walked
    once: for :func:`tree_listing` and then ``compress_tree(walked=…)``.
    ``seen``: as :func:`~codepith.core.discover.walk_roots`'s."""
    return list(walk_roots(roots, options.walk_options(), seen=seen))


def _run(
    entries, options: BulkOptions, cache: bool, where: tuple, jobs: int, max_bytes: int, on_result
) -> Iterator[FileResult]:
    """``where``: the cache folder and its cap in bytes."""
    store = ResultCache(where[0], max_bytes=where[1]) if cache else None
    if store is not None and not store.enabled:
        store = None
    fingerprint = options.fingerprint() if store is not None else None
    level = options.levels[0]

    def lookup(path: str, entry) -> FileResult | None:
        if isinstance(entry, Excluded):
            return _excluded_result(entry, path, level)
        return _cached(store, fingerprint, path, entry.abspath, options, max_bytes)[1]

    def done(key, result: FileResult) -> None:
        _store(store, key, result)

    try:
        if jobs == 1 and not options.timeout:
            # no time limit to enforce: the work runs in this process
            results = _serial(entries, options, store, fingerprint, max_bytes)
        else:
            # a time limit is enforced from outside, so even one job runs in a worker
            results = Scheduler(options, jobs, max_bytes, fingerprint, lookup, done).results(entries)
        for result in results:
            if on_result is not None:
                on_result(result)
            yield result
    finally:
        if store is not None:
            store.close()


def _cached(
    store: ResultCache | None, fingerprint: str | None, path: str, abspath: str, options: BulkOptions, max_bytes: int
):
    """(key, result or None): the cached result; or the skip of a file that
    cannot be read (no key). Reads the file only when the cache is on."""
    if store is None:
        return None, None
    data, skipped = _read_input(path, abspath, options.levels[0], max_bytes)
    if skipped is not None:
        return None, skipped
    assert fingerprint is not None  # a run with a store has its fingerprint
    key = result_key(data, fingerprint, path, abspath, options)
    hit = store.get(key, decode=result_from_row)
    if hit is not None:
        hit.path = path
    return key, hit


def _store(store: ResultCache | None, key: bytes | None, result: FileResult) -> None:
    if store is not None and key is not None and not result.transient:
        store.put(key, result_to_row(result))


def _serial(entries, options, store, fingerprint, max_bytes) -> Iterator[FileResult]:
    level = options.levels[0]
    for path, entry in entries:
        if isinstance(entry, Excluded):
            result = _excluded_result(entry, path, level)
        else:
            _key, result = _cached(store, fingerprint, path, entry.abspath, options, max_bytes)
            if result is None:
                key, result = _read_and_process(path, entry.abspath, options, fingerprint, max_bytes)
                _store(store, key, result)
        yield result
