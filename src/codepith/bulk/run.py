"""Many files: compress whole trees in parallel, in order, with a cache.

:func:`compress_tree` walks one or more roots (see :mod:`codepith.core.discover`),
compresses every supported file in a pool of processes
(:mod:`codepith.bulk.scheduler`), and yields one :class:`FileResult` per entry
considered, in sorted path order whatever the scheduling. Nothing is lost
silently: files that are ignored, skipped, kept whole or that fail come out
too, with their reason. One file's verdict and compression are
:mod:`codepith.bulk.files`'; the results and their cached rows are
:mod:`codepith.bulk.results`'.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence

from ..core.compress import LEVELS
from ..core.discover import DEFAULT_MAX_FILE_BYTES, Candidate, Excluded, root_problem, walk_roots
from ..core.languages import detect_language
from ..core.literals import Encoding, Level
from ..core.secrets import allowed_paths
from ..core.tokens import DEFAULT_ENCODING, check_encoding
from ..core.verdict import classify
from ..errors import CodepithError, InvalidOption
from ..fs.safeio import NotRegularFile, read_regular
from .cache import ResultCache, default_cache_dir, resolve_max_bytes
from .files import _read_and_process, _read_input, process_bytes, result_key
from .results import (
    DEFAULT_TIMEOUT,
    BulkOptions,
    FileResult,
    LevelResult,
    check_timeout,
    result_from_row,
    result_to_row,
)
from .scheduler import Scheduler, memory_budget

__all__ = [
    "FileResult",
    "LevelResult",
    "BulkOptions",
    "compress_tree",
    "tree_listing",
    "bulk_walk_options",
    "walk_tree",
    "process_bytes",
    "memory_budget",
    "DEFAULT_TIMEOUT",
]

#: a walk's entries: (label, Candidate or Excluded), in path order
Walked = Sequence[tuple[str, "Candidate | Excluded"]]


def _excluded_result(entry: Excluded, path: str, level: str) -> FileResult:
    return FileResult(
        path=path, action=entry.action, level=level, files=entry.files, bytes_in=entry.size, reason=entry.reason
    )


def compress_tree(
    roots: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    *,
    level: Level = "signatures",
    levels: Sequence[Level] | None = None,
    jobs: int | None = None,
    include: Sequence[str] = (),
    exclude: Sequence[str] = (),
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
    only_supported: bool = False,
    tokens: bool = True,
    encoding: Encoding = DEFAULT_ENCODING,
    line_refs: bool = False,
    with_text: bool = True,
    cache: bool = True,
    cache_dir: str | os.PathLike[str] | None = None,
    cache_max_mb: float | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    gitignore: bool = True,
    skip: Iterable[str | os.PathLike[str]] = (),
    include_generated: bool = False,
    security_check: bool = True,
    allow_secrets: Iterable[str | os.PathLike[str]] = (),
    default_ignores: bool = True,
    on_result: Callable[[FileResult], None] | None = None,
    walked: Walked | None = None,
) -> Iterator[FileResult]:
    """Compress every file under ``roots``; yield one result per entry, in path order.

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
    off (see :mod:`codepith.fs.ignores`). ``walked``
    gives the entries of an earlier walk of the same roots with the same
    options (:func:`walk_tree`), so that a run that lists the tree first walks
    it once.
    """
    roots = _check_roots(roots)
    levels = _check_arguments(level, levels, timeout, max_file_bytes, tokens, encoding, jobs)
    max_bytes = resolve_max_bytes(cache_max_mb) if cache else 0
    options = BulkOptions(
        levels=levels,
        tokens=tokens,
        encoding=encoding,
        line_refs=line_refs,
        only_supported=only_supported,
        with_text=with_text,
        timeout=timeout,
        include_generated=include_generated,
        security_check=security_check,
        allow_secrets=allowed_paths(allow_secrets),
    )
    walk_options = bulk_walk_options(
        include=include,
        exclude=exclude,
        max_file_bytes=max_file_bytes,
        gitignore=gitignore,
        skip=skip,
        cache_dir=cache_dir,
        default_ignores=default_ignores,
    )
    entries = walked if walked is not None else walk_roots(roots, walk_options)
    # Arguments are checked above, when called; the work happens as results are read.
    return _run(entries, options, cache, (cache_dir, max_bytes), jobs or os.cpu_count() or 1, max_file_bytes, on_result)


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


def _check_arguments(level, levels, timeout, max_file_bytes, tokens, encoding, jobs) -> tuple[str, ...]:
    """The levels to compute, ``level`` first; raises InvalidOption for a bad argument."""
    check_timeout(timeout)
    levels = tuple(dict.fromkeys((level,) + tuple(levels or ())))  # `level` first, no repeats
    for lv in levels:
        if lv not in LEVELS:
            raise InvalidOption(
                "level" if lv == level else "levels", f"unknown level {lv!r}; levels: {', '.join(LEVELS)}"
            )
    if max_file_bytes <= 0:
        raise InvalidOption("max_file_bytes", f"must be positive, got {max_file_bytes}")
    if tokens:
        check_encoding(encoding)  # raises UnknownEncoding, naming the known ones
    if jobs is not None and jobs < 1:
        raise InvalidOption("jobs", f"must be at least 1, got {jobs}")
    return levels


def walk_tree(roots: Sequence[str], walk_options: dict) -> list[tuple[str, Candidate | Excluded]]:
    """Every entry of ``roots`` (see :func:`bulk_walk_options`), walked once:
    for :func:`tree_listing` and then ``compress_tree(walked=…)``."""
    return list(walk_roots(roots, walk_options))


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


def bulk_walk_options(
    *,
    include: Sequence[str] = (),
    exclude: Sequence[str] = (),
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
    gitignore: bool = True,
    skip: Iterable[str | os.PathLike] = (),
    cache_dir: str | os.PathLike | None = None,
    default_ignores: bool = True,
) -> dict:
    """The :func:`~codepith.discover.walk` options of a bulk run (one place, so
    that the header's tree and the results see the same entries). codepith's
    results cache (``cache_dir``, or the user's cache folder) is never an input."""
    cache_folder = cache_dir if cache_dir is not None else default_cache_dir()
    return dict(
        include=include,
        exclude=exclude,
        max_file_bytes=max_file_bytes,
        gitignore=gitignore,
        skip=tuple(skip),
        state_dirs=(os.fspath(cache_folder),),
        default_ignores=default_ignores,
    )


def tree_listing(
    walked: Walked,
    max_file_bytes: int,
    counter: list[int],
    *,
    only_supported: bool = False,
    include_generated: bool = False,
    secrets: BulkOptions | None = None,
) -> Iterator[tuple[str, str]]:
    """(path, note) of every entry of a walk (:func:`walk_tree`), for the
    header's tree: what a
    run leaves out is marked with its action in brackets (``[skipped:binary]``,
    an ignored folder once as ``name/`` with its file count), whether the walk
    leaves it out or its content does (binary, generated, minified, another
    language with ``only_supported``). Files are read for that; a file that
    changes between this pass and the run may end up otherwise, and the
    report has the last word. ``secrets`` (a run's options) says which files
    are scanned for secrets (default: every file). Counts the files considered into ``counter[0]``
    (for the progress bar's total)."""
    for path, entry in walked:
        if isinstance(entry, Excluded):
            counter[0] += entry.files
            yield _excluded_line(path, entry)
            continue
        counter[0] += 1
        scan = secrets.checks_secrets(entry.abspath) if secrets is not None else True
        verdict = _listing_verdict(path, entry.abspath, max_file_bytes, only_supported, include_generated, scan)
        yield (path, f"[{verdict}]" if verdict else "")


def _excluded_line(path: str, entry: Excluded) -> tuple[str, str]:
    if not entry.folder:
        return path, f"[{entry.action}]"
    if entry.action.startswith("ignored:"):
        count = "1 file" if entry.files == 1 else f"{entry.files} files"
        return path + "/", f"[{entry.action}, {count}]"
    return path + "/", f"[{entry.action}]"


def _listing_verdict(
    path: str, abspath: str, limit: int, only_supported: bool, include_generated: bool, secrets: bool = True
) -> str | None:
    """The action of a file a run would leave out for its content, else None."""
    try:
        data = read_regular(abspath, max_bytes=limit)
    except NotRegularFile as exc:
        return "skipped:too-large" if exc.reason == "too-large" else "skipped:not-a-regular-file"
    except OSError:
        return "skipped:unreadable"
    language = detect_language(path, data)
    verdict = classify(data, language, include_generated=include_generated, path=path, secrets=secrets)
    if verdict is not None:
        return verdict.action
    if language is None and only_supported:
        return "skipped:unsupported-language"
    return None
