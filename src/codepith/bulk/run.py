"""Many files: compress whole trees in parallel, in order, with a cache.

:func:`compress_tree` walks one or more roots (see :mod:`codepith.discover`),
compresses every supported file in a pool of processes, and yields one
:class:`FileResult` per entry considered, in sorted path order whatever the
scheduling. Nothing is lost silently: files that are ignored, skipped, kept
whole or that fail come out too, with their reason.

Work is handed out largest first from a bounded look-ahead, so one large file
does not serialise the run, and results stream out as soon as every earlier
path is done: memory stays bounded however large the tree is. Workers are
processes of a :class:`codepith.pool.WorkerPool`: one that overruns the
time limit on a file is killed from outside, one that dies costs only its
file, and each runs with its address space bounded.
"""

from __future__ import annotations

import heapq
import os
import signal
import sys
import time
import types
import typing
from collections import deque
from dataclasses import dataclass, field, fields
from typing import Callable, Iterable, Iterator, Sequence

from .._version import __version__
from .cache import ResultCache, content_key, default_cache_dir
from ..core.compress import LEVELS, compress
from ..core.discover import DEFAULT_MAX_FILE_BYTES, Excluded, root_problem, walk_roots
from ..errors import CodepithError, InvalidOption
from ..core.languages import detect_language, grammar_versions
from .pool import Died, Done, Failed, TimedOut, WorkerPool
from ..core.safeio import NotRegularFile, read_regular
from ..core.verdict import MINIFIED_LINE_BYTES, UNSUPPORTED_REASON, classify, failure, timed_out
from ..core.tokens import DEFAULT_ENCODING, ENCODINGS, count_tokens, count_tokens_pair, get_encoding

__all__ = ["FileResult", "LevelResult", "BulkOptions", "compress_tree", "tree_listing", "bulk_walk_options",
           "DEFAULT_TIMEOUT"]

DEFAULT_TIMEOUT = 60.0
@dataclass
class LevelResult:
    """What one level did to a file."""

    bytes_out: int
    tokens_out: int | None
    elisions: int
    valid: bool
    text: str | None = None


@dataclass
class FileResult:
    """One entry of a bulk run.

    ``action`` is ``compressed``, ``kept-whole``, ``skipped:<reason>`` or
    ``ignored:<rule>``; ``reason`` adds detail (why a file was kept whole,
    what a skip measured). ``path`` is relative to its root with ``/``
    separators, prefixed with the root when a run has several. ``text`` is the
    output (the compressed file, or the whole file when kept whole) unless the
    entry is skipped or ignored. An ignored folder is one entry with ``files``
    counting what it holds.
    """

    path: str
    action: str
    language: str | None = None
    level: str = "signatures"
    bytes_in: int = 0
    bytes_out: int = 0
    tokens_in: int | None = None
    tokens_out: int | None = None
    elisions: int = 0
    valid: bool | None = None
    reason: str | None = None
    text: str | None = None
    files: int = 1
    parse_errors: int = 0
    seconds: float = 0.0
    levels: dict[str, LevelResult] = field(default_factory=dict)
    transient: bool = False  # a result that must not be cached (a timeout)
    #: the output's exact bytes (what ``text`` shows), filled only when
    #: :func:`process_bytes` is asked for them (``keep_data=True``)
    data: bytes | None = None

    @property
    def in_output(self) -> bool:
        """True when the file's content belongs in the packed output."""
        return self.action in ("compressed", "kept-whole")


@dataclass(frozen=True)
class BulkOptions:
    """Everything that decides a file's result (and so its cache key)."""

    levels: tuple[str, ...] = ("signatures",)
    tokens: bool = True
    encoding: str = DEFAULT_ENCODING
    line_refs: bool = False
    only_supported: bool = False
    with_text: bool = True
    timeout: float = DEFAULT_TIMEOUT
    #: compress files marked as generated instead of skipping them
    include_generated: bool = False

    def fingerprint(self) -> str:
        versions = grammar_versions()
        return "|".join(
            [
                __version__,
                versions["tree-sitter"],
                versions["tree-sitter-language-pack"],
                ",".join(self.levels),
                self.encoding if self.tokens else "-",
                str(self.line_refs),
                str(self.only_supported),
                str(self.with_text),
                str(MINIFIED_LINE_BYTES),
                f"generated:{'include' if self.include_generated else 'skip'}",
            ]
        )


# --------------------------------------------------------------------------- one file


class _Timeout(Exception):
    pass


def _on_alarm(signum, frame):  # pragma: no cover - timing dependent
    raise _Timeout()


def _decode(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def _lossy_note(result: FileResult, data: bytes, options: BulkOptions) -> None:
    """When the emitted text replaced bytes that are not UTF-8, make the sizes
    describe the text and say so."""
    if result.text is None:
        return
    encoded = result.text.encode("utf-8", "surrogatepass")
    if len(encoded) == len(data) and encoded == data:
        return
    result.bytes_out = len(encoded)
    if options.tokens:
        result.tokens_out = count_tokens(result.text, encoding=options.encoding)
    note = "bytes that are not UTF-8 are shown as U+FFFD in the text"
    result.reason = f"{result.reason}; {note}" if result.reason else note


def process_bytes(path: str, data: bytes, options: BulkOptions, *, keep_data: bool = False) -> FileResult:
    """The result for one file's bytes (what a worker does).

    The content checks (binary, generated, minified), the language, the
    compression and the exact counts of one file. With ``keep_data`` the
    result's ``data`` holds the output's exact bytes when the file is in the
    output (compressed or kept whole); ``bytes_out`` and ``tokens_out``
    describe those bytes unless ``options.with_text`` replaced bytes that are
    not UTF-8 in ``text`` (see ``reason``).
    """
    t0 = time.perf_counter()
    level = options.levels[0]
    language = detect_language(path)
    result = FileResult(path=path, action="kept-whole", language=language, level=level, bytes_in=len(data))
    verdict = classify(data, language, include_generated=options.include_generated)
    if verdict is not None or (language is None and not options.only_supported):
        result.tokens_in = count_tokens(data, encoding=options.encoding) if options.tokens else None
    if verdict is not None:
        result.action, result.reason = verdict.action, verdict.reason
        result.seconds = time.perf_counter() - t0
        return result
    if language is None:
        if options.only_supported:
            result.action, result.reason = "skipped:unsupported-language", UNSUPPORTED_REASON
        else:
            result.reason = UNSUPPORTED_REASON
            result.bytes_out, result.tokens_out = len(data), result.tokens_in
            result.text = _decode(data) if options.with_text else None
            result.data = data if keep_data else None
            result.valid = True
            _lossy_note(result, data, options)
        result.seconds = time.perf_counter() - t0
        return result

    main_bytes = b""
    use_alarm = bool(options.timeout) and hasattr(signal, "setitimer") and _in_main_thread()
    if use_alarm:
        previous = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        for lvl in options.levels:
            if use_alarm:  # each level gets the whole --timeout
                signal.setitimer(signal.ITIMER_REAL, options.timeout)
            out = compress(data, language=language, level=lvl, line_refs=options.line_refs)
            if use_alarm:
                signal.setitimer(signal.ITIMER_REAL, 0)
            if lvl == level:
                main_bytes = out.data
            result.parse_errors = out.parse_errors
            tokens_out = None
            if options.tokens:
                if result.tokens_in is None:
                    # both counts in one pass over the input: what lies between
                    # the elisions is tokenized once
                    spans = [(e.start_byte, e.end_byte, e.out_start, e.out_end) for e in out.elisions]
                    result.tokens_in, tokens_out = count_tokens_pair(
                        data, out.data, spans, encoding=options.encoding
                    )
                else:
                    tokens_out = count_tokens(out.data, encoding=options.encoding)
            result.levels[lvl] = LevelResult(
                bytes_out=len(out.data),
                tokens_out=tokens_out,
                elisions=len(out.elisions),
                valid=out.valid,
                text=_decode(out.data) if (options.with_text and lvl == level) else None,
            )
    except Exception as exc:  # noqa: BLE001 - a budget, the machine or a bug: kept whole, said why
        verdict = timed_out(options.timeout) if isinstance(exc, _Timeout) else failure(exc)
        result.levels.clear()
        result.reason, result.transient = verdict.reason, verdict.transient
    finally:
        if use_alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)

    main = result.levels.get(level)
    if main is None:
        if options.tokens and result.tokens_in is None:
            result.tokens_in = count_tokens(data, encoding=options.encoding)
        result.bytes_out, result.tokens_out, result.valid = len(data), result.tokens_in, True
        result.text = _decode(data) if options.with_text else None
        result.data = data if keep_data else None
        _lossy_note(result, data, options)
    else:
        result.action = "compressed"
        result.bytes_out, result.tokens_out = main.bytes_out, main.tokens_out
        result.elisions, result.valid, result.text = main.elisions, main.valid, main.text
        result.data = main_bytes if keep_data else None
        main.text = None
        _lossy_note(result, main_bytes, options)
        if result.parse_errors:
            result.reason = (
                f"{result.parse_errors} parse error(s) in the input; those regions are kept verbatim"
            )
    result.seconds = time.perf_counter() - t0
    return result


def _in_main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


def _read_input(path: str, abspath: str, level: str, max_bytes: int | None):
    """(bytes, None), or (None, the result of a file that cannot be read).

    Reads only a regular file, never more than ``max_bytes``, and never blocks
    (a file replaced by a FIFO after the walk listed it is skipped)."""
    try:
        return read_regular(abspath, max_bytes=max_bytes), None
    except NotRegularFile as exc:
        if exc.reason == "too-large":
            reason = f"grew past --max-file-bytes {max_bytes} after the walk listed it"
        elif exc.reason == "not-a-file":
            reason = "no longer a regular file when read (replaced after the walk listed it)"
        else:
            reason = str(exc)
        return None, FileResult(path=path, action=f"skipped:{exc.reason}", level=level, reason=reason)
    except OSError as exc:
        return None, FileResult(path=path, action="skipped:unreadable", level=level,
                                reason=exc.strerror or str(exc))


def _read_and_process(path: str, abspath: str, options: BulkOptions, fingerprint: str | None,
                      max_bytes: int | None = None):
    data, skipped = _read_input(path, abspath, options.levels[0], max_bytes)
    if skipped is not None:
        return None, skipped
    key = content_key(data, fingerprint + "|" + (detect_language(path) or "-")) if fingerprint else None
    return key, process_bytes(path, data, options)


# --------------------------------------------------------------------------- workers

#: what every worker of a run knows: (options, cache fingerprint, --max-file-bytes)
_worker_run: tuple[BulkOptions, str | None, int] | None = None
#: what a worker may take beyond its size at start: max(2 GiB, 20 x --max-file-bytes + 512 MiB)
_MEMORY_FLOOR = 2 << 30
_MEMORY_PER_INPUT_BYTE = 20
_MEMORY_BASE = 512 << 20
#: seconds a file may run past its --timeout (reading, counting) before its worker is stopped
_TIMEOUT_GRACE = 1.0


def memory_budget(max_file_bytes: int) -> int:
    """Bytes of address space a worker may add to what it holds when it starts."""
    return max(_MEMORY_FLOOR, _MEMORY_PER_INPUT_BYTE * max_file_bytes + _MEMORY_BASE)


def _address_space() -> int:
    """This process's address space in bytes (0 where the OS does not say)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return 0


def _limit_memory(budget: int) -> None:
    """Cap this process's address space at its current size plus ``budget``:
    an allocation past it raises MemoryError instead of taking the machine
    down. Where the OS has no such limit (or a stricter one), nothing changes."""
    try:
        import resource
    except ImportError:  # not on this OS
        return
    if not hasattr(resource, "RLIMIT_AS"):
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = _address_space() + budget
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    if soft != resource.RLIM_INFINITY and soft <= limit:
        return
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ValueError, OSError):  # refused here (macOS): run without it
        pass


def _init_worker(options: BulkOptions, fingerprint: str | None, max_bytes: int, budget: int) -> None:
    global _worker_run
    _worker_run = (options, fingerprint, max_bytes)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles ^C
    if options.tokens:
        get_encoding(options.encoding)  # load the tokenizer once per worker
    _limit_memory(budget)


def _work(item: tuple[int, str, str]):
    """One file, in a worker: (index, cache key, result)."""
    assert _worker_run is not None
    options, fingerprint, max_bytes = _worker_run
    index, path, abspath = item
    key, result = _read_and_process(path, abspath, options, fingerprint, max_bytes)
    return index, key, result


def _file_deadline(options: BulkOptions) -> float | None:
    """Seconds after which a worker still on one file is stopped (None: never)."""
    if not options.timeout:
        return None
    return options.timeout * len(options.levels) + _TIMEOUT_GRACE


def _pool_context():
    import multiprocessing

    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


# --------------------------------------------------------------------------- the tree


def _excluded_result(entry: Excluded, path: str, level: str) -> FileResult:
    return FileResult(path=path, action=entry.action, level=level, files=entry.files,
                      bytes_in=entry.size, reason=entry.reason)


def compress_tree(
    roots: str | os.PathLike | Iterable[str | os.PathLike],
    *,
    level: str = "signatures",
    levels: Sequence[str] | None = None,
    jobs: int | None = None,
    include: Sequence[str] = (),
    exclude: Sequence[str] = (),
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
    only_supported: bool = False,
    tokens: bool = True,
    encoding: str = DEFAULT_ENCODING,
    line_refs: bool = False,
    with_text: bool = True,
    cache: bool = True,
    cache_dir: str | os.PathLike | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    gitignore: bool = True,
    skip: Iterable[str | os.PathLike] = (),
    include_generated: bool = False,
    on_result: Callable[[FileResult], None] | None = None,
) -> Iterator[FileResult]:
    """Compress every file under ``roots``; yield one result per entry, in path order.

    ``jobs`` worker processes work in parallel (default: every core). A file
    still running ``timeout`` seconds per level after it started has its
    worker killed and is kept whole; so with a ``timeout`` even one job runs
    in a worker, and only ``jobs=1, timeout=0`` works in this process. Each
    worker's memory is bounded (:func:`memory_budget`). ``levels`` computes
    several levels per file (``ratios`` uses this); ``level`` is the one whose
    text and sizes fill the main fields.
    Results are cached by content (``cache_dir``, default the user's cache
    folder) so an unchanged tree is fast the second time. Files marked as
    generated are skipped unless ``include_generated`` is set.
    """
    if isinstance(roots, (str, os.PathLike)):
        roots = [roots]
    roots = [os.fspath(r) for r in roots]
    if not roots:
        raise CodepithError("compress_tree() needs at least one root")
    bad = [entry for entry in (root_problem(root, root) for root in roots) if entry is not None]
    if len(bad) == len(roots):  # nothing to do at all; a bad root among good ones is a skipped entry
        raise CodepithError("; ".join(f"{entry.path}: {entry.reason}" for entry in bad) + "; check the path")
    if timeout is not None and timeout < 0:
        raise InvalidOption("timeout", f"must be 0 (no limit) or more seconds, got {timeout:g}")
    levels = tuple(dict.fromkeys((level,) + tuple(levels or ())))  # `level` first, no repeats
    for lv in levels:
        if lv not in LEVELS:
            raise InvalidOption("level", f"unknown level {lv!r}; levels: {', '.join(LEVELS)}")
    if max_file_bytes <= 0:
        raise InvalidOption("max_file_bytes", f"must be positive, got {max_file_bytes}")
    if tokens and encoding not in ENCODINGS:
        get_encoding(encoding)  # raises UnknownEncoding, naming the known ones
    if jobs is None:
        jobs = os.cpu_count() or 1
    if jobs < 1:
        raise InvalidOption("jobs", f"must be at least 1, got {jobs}")
    options = BulkOptions(levels=levels, tokens=tokens, encoding=encoding, line_refs=line_refs,
                          only_supported=only_supported, with_text=with_text, timeout=timeout,
                          include_generated=include_generated)
    walk_options = bulk_walk_options(include=include, exclude=exclude, max_file_bytes=max_file_bytes,
                                     gitignore=gitignore, skip=skip, cache_dir=cache_dir)
    # Arguments are checked above, when called; the work happens as results are read.
    return _run(roots, walk_options, options, cache, cache_dir, jobs, on_result)


def _run(roots, walk_options, options, cache, cache_dir, jobs, on_result) -> Iterator[FileResult]:
    store = ResultCache(cache_dir) if cache else None
    if store is not None and not store.enabled:
        store = None
    fingerprint = options.fingerprint() if store is not None else None
    max_bytes = walk_options.get("max_file_bytes", DEFAULT_MAX_FILE_BYTES)
    entries = walk_roots(roots, walk_options)
    try:
        if jobs == 1 and not options.timeout:
            # no time limit to enforce: the work runs in this process
            yield from _serial(entries, options, store, fingerprint, on_result, max_bytes)
        else:
            # a time limit is enforced from outside, so even one job runs in a worker
            yield from _parallel(entries, options, store, fingerprint, jobs, on_result, max_bytes)
    finally:
        if store is not None:
            store.close()


# --------------------------------------------------------------------------- cached rows

_ROW_SKIP = ("path", "transient", "data", "levels")  # not stored, or stored apart
_NONE = type(None)


def _field_types(cls, skip=()) -> dict[str, tuple[type, ...]]:
    """{field: the exact types its value may have} for a dataclass of plain fields."""
    hints = typing.get_type_hints(cls)
    out = {}
    for f in fields(cls):
        if f.name in skip:
            continue
        hint = hints[f.name]
        if typing.get_origin(hint) in (typing.Union, types.UnionType):
            allowed = typing.get_args(hint)
        else:
            allowed = (hint,)
        if float in allowed:
            allowed += (int,)  # JSON may write a float without a fraction
        out[f.name] = tuple(allowed)
    return out


_ROW_FIELDS: dict[str, tuple[type, ...]] | None = None
_LEVEL_FIELDS: dict[str, tuple[type, ...]] | None = None


def _row_fields():
    global _ROW_FIELDS, _LEVEL_FIELDS
    if _ROW_FIELDS is None:
        _ROW_FIELDS = _field_types(FileResult, _ROW_SKIP)
        _LEVEL_FIELDS = _field_types(LevelResult)
    return _ROW_FIELDS, _LEVEL_FIELDS


def _result_to_row(result: FileResult) -> dict:
    """A result as plain JSON values, for the cache (no path: rows are by content)."""
    row_fields, _ = _row_fields()
    row = {name: getattr(result, name) for name in row_fields}
    row["levels"] = {name: {k: getattr(lv, k) for k in _LEVEL_FIELDS} for name, lv in result.levels.items()}
    return row


def _plain(obj, spec) -> bool:
    """Whether ``obj`` is a dict with exactly ``spec``'s keys, each of an allowed
    type (exactly: a bool is not an int here), no count negative."""
    if type(obj) is not dict or obj.keys() != spec.keys():
        return False
    for name, allowed in spec.items():
        value = obj[name]
        if type(value) not in allowed:
            return False
        if type(value) is int and value < 0:
            return False
    return True


def _result_from_row(row) -> FileResult | None:
    """The result a cached row holds, or None when the row is not one
    (wrong shape, wrong types): such a row is a miss, never an answer."""
    row_fields, level_fields = _row_fields()
    if type(row) is not dict or row.keys() != row_fields.keys() | {"levels"}:
        return None
    levels = row["levels"]
    plain = {k: v for k, v in row.items() if k != "levels"}
    if not _plain(plain, row_fields) or type(levels) is not dict:
        return None
    action = plain["action"]
    if action not in ("compressed", "kept-whole") and not action.startswith("skipped:"):
        return None
    parsed = {}
    for name, level in levels.items():
        if not _plain(level, level_fields):
            return None
        parsed[name] = LevelResult(**level)
    return FileResult(path="", levels=parsed, **plain)


def _cached(store: ResultCache | None, fingerprint: str | None, path: str, abspath: str,
            level: str, max_bytes: int):
    """(key, result or None): the cached result; or the skip of a file that
    cannot be read (no key). Reads the file only when the cache is on."""
    if store is None:
        return None, None
    data, skipped = _read_input(path, abspath, level, max_bytes)
    if skipped is not None:
        return None, skipped
    key = content_key(data, fingerprint + "|" + (detect_language(path) or "-"))
    hit = store.get(key, decode=_result_from_row)
    if hit is not None:
        hit.path = path
    return key, hit


def _store(store: ResultCache | None, key: bytes | None, result: FileResult) -> None:
    if store is not None and key is not None and not result.transient:
        store.put(key, _result_to_row(result))


def _serial(entries, options, store, fingerprint, on_result, max_bytes) -> Iterator[FileResult]:
    level = options.levels[0]
    for path, entry in entries:
        if isinstance(entry, Excluded):
            result = _excluded_result(entry, path, level)
        else:
            _key, result = _cached(store, fingerprint, path, entry.abspath, level, max_bytes)
            if result is None:
                key, result = _read_and_process(path, entry.abspath, options, fingerprint, max_bytes)
                _store(store, key, result)
        if on_result is not None:
            on_result(result)
        yield result


#: files read ahead of the output; bounds memory with the size limit below
_LOOKAHEAD_FILES = 1024
_LOOKAHEAD_BYTES = 64 << 20
_TASK_BYTES = 256 << 10
_TASK_FILES = 64


def _parallel(entries, options, store, fingerprint, jobs, on_result, max_bytes) -> Iterator[FileResult]:
    """The files of ``entries`` in ``jobs`` worker processes, results in path order.

    Work goes out largest first from a bounded look-ahead, small files batched.
    A worker still on one file past its deadline is killed and replaced: that
    file is kept whole (timeout). A worker that dies costs the file it was on:
    that file runs again alone, and is kept whole if it kills a worker again.
    """
    level = options.levels[0]
    slots: deque[list] = deque()  # [index, result or None]
    by_index: dict[int, list] = {}
    heap: list[tuple[int, int, str, str]] = []  # (-size, index, path, abspath)
    sizes: dict[int, int] = {}
    ahead_bytes = 0
    next_index = 0
    exhausted = False
    it = iter(entries)
    quarantine: deque = deque()  # files whose worker died: each runs again alone
    alone: int | None = None  # the index of the file running alone

    def settle(index: int, result: FileResult) -> None:
        nonlocal ahead_bytes
        by_index.pop(index)[1] = result
        ahead_bytes -= sizes.pop(index, 0)

    def requeue(items) -> None:
        for index, path, abspath in items:
            heapq.heappush(heap, (-sizes[index], index, path, abspath))

    def kept_whole(item, reason: str) -> None:
        index, path, abspath = item
        result = FileResult(path=path, action="kept-whole", language=detect_language(path), level=level,
                            transient=True, reason=reason)
        _fill_whole(result, abspath, options, max_bytes)
        settle(index, result)

    pool = WorkerPool(jobs, context=_pool_context(), init=_init_worker,
                      init_args=(options, fingerprint, max_bytes, memory_budget(max_bytes)),
                      handle=_work, deadline=_file_deadline(options))
    try:
        while True:
            # read ahead, in path order
            while not exhausted and len(slots) < _LOOKAHEAD_FILES and ahead_bytes < _LOOKAHEAD_BYTES:
                try:
                    path, entry = next(it)
                except StopIteration:
                    exhausted = True
                    break
                slot = [next_index, None]
                next_index += 1
                slots.append(slot)
                if isinstance(entry, Excluded):
                    slot[1] = _excluded_result(entry, path, level)
                    continue
                _key, hit = _cached(store, fingerprint, path, entry.abspath, level, max_bytes)
                if hit is not None:
                    slot[1] = hit
                    continue
                by_index[slot[0]] = slot
                sizes[slot[0]] = entry.size
                ahead_bytes += entry.size
                heapq.heappush(heap, (-entry.size, slot[0], path, entry.abspath))

            # a file suspected of killing its worker runs alone, nothing beside it
            if quarantine and alone is None and not pool.busy:
                item = quarantine.popleft()
                alone = item[0]
                pool.submit(pool.room(), [item])
            # hand out work, largest first, small files batched together
            while heap and not quarantine and alone is None:
                worker = pool.room()
                if worker is None:
                    break
                task = []
                task_bytes = 0
                while heap and len(task) < _TASK_FILES and task_bytes < _TASK_BYTES:
                    neg_size, index, path, abspath = heapq.heappop(heap)
                    task.append((index, path, abspath))
                    task_bytes += -neg_size
                pool.submit(worker, task)

            # emit what is ready, in order
            while slots and slots[0][1] is not None:
                result = slots.popleft()[1]
                if on_result is not None:
                    on_result(result)
                yield result
            if not slots and exhausted and not pool.busy:
                break
            if not pool.busy:
                continue
            for event in pool.events():
                item = event.item
                was_alone = item is not None and item[0] == alone
                if was_alone:
                    alone = None
                if isinstance(event, Done):
                    index, key, result = event.value
                    settle(index, result)
                    _store(store, key, result)
                elif isinstance(event, Failed):
                    kept_whole(item, _failure_reason(event.error))
                elif isinstance(event, TimedOut):
                    requeue(event.requeue)
                    kept_whole(item, f"timed out after {options.timeout:g} s (its worker was stopped); "
                                     "kept whole")
                elif isinstance(event, Died):
                    requeue(event.requeue)
                    if item is None:
                        continue
                    if was_alone:
                        kept_whole(item, f"its worker died on it twice, the second time alone ({event.how}); "
                                         "kept whole")
                    else:
                        quarantine.append(item)
    finally:
        pool.close()


def _failure_reason(error: str) -> str:
    if error.startswith("MemoryError"):
        return "out of memory while compressing it (a worker's memory is bounded); kept whole"
    return f"its worker failed ({error}); kept whole"


def _fill_whole(result: FileResult, abspath: str, options: BulkOptions, max_bytes: int | None = None) -> None:
    data, skipped = _read_input(result.path, abspath, result.level, max_bytes)
    if skipped is not None:
        result.action, result.reason, result.language = skipped.action, skipped.reason, None
        return
    result.bytes_in = result.bytes_out = len(data)
    if options.tokens:
        result.tokens_in = result.tokens_out = count_tokens(data, encoding=options.encoding)
    result.text = _decode(data) if options.with_text else None
    result.valid = True
    _lossy_note(result, data, options)


def bulk_walk_options(
    *,
    include: Sequence[str] = (),
    exclude: Sequence[str] = (),
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
    gitignore: bool = True,
    skip: Iterable[str | os.PathLike] = (),
    cache_dir: str | os.PathLike | None = None,
) -> dict:
    """The :func:`~codepith.discover.walk` options of a bulk run (one place, so
    that the header's tree and the results see the same entries). codepith's
    results cache (``cache_dir``, or the user's cache folder) is never an input."""
    cache_folder = cache_dir if cache_dir is not None else default_cache_dir()
    return dict(include=include, exclude=exclude, max_file_bytes=max_file_bytes, gitignore=gitignore,
                skip=tuple(skip), state_dirs=(os.fspath(cache_folder),))


def tree_listing(
    roots: Sequence[str],
    walk_options: dict,
    counter: list[int],
    *,
    only_supported: bool = False,
    include_generated: bool = False,
) -> Iterator[tuple[str, str]]:
    """(path, note) of every entry of ``roots``, for the header's tree: what a
    run leaves out is marked with its action in brackets (``[skipped:binary]``,
    an ignored folder once as ``name/`` with its file count), whether the walk
    leaves it out or its content does (binary, generated, minified, another
    language with ``only_supported``). Files are read for that; a file that
    changes between this pass and the run may end up otherwise, and the
    report has the last word. Counts the files considered into ``counter[0]``
    (for the progress bar's total)."""
    limit = walk_options.get("max_file_bytes", DEFAULT_MAX_FILE_BYTES)
    for path, entry in walk_roots(roots, walk_options):
        if isinstance(entry, Excluded):
            counter[0] += entry.files
            yield _excluded_line(path, entry)
            continue
        counter[0] += 1
        verdict = _listing_verdict(path, entry.abspath, limit, only_supported, include_generated)
        yield (path, f"[{verdict}]" if verdict else "")


def _excluded_line(path: str, entry: Excluded) -> tuple[str, str]:
    if not entry.folder:
        return path, f"[{entry.action}]"
    if entry.action.startswith("ignored:"):
        count = "1 file" if entry.files == 1 else f"{entry.files} files"
        return path + "/", f"[{entry.action}, {count}]"
    return path + "/", f"[{entry.action}]"


def _listing_verdict(path: str, abspath: str, limit: int, only_supported: bool,
                     include_generated: bool) -> str | None:
    """The action of a file a run would leave out for its content, else None."""
    try:
        data = read_regular(abspath, max_bytes=limit)
    except NotRegularFile as exc:
        return "skipped:too-large" if exc.reason == "too-large" else "skipped:not-a-regular-file"
    except OSError:
        return "skipped:unreadable"
    language = detect_language(path)
    verdict = classify(data, language, include_generated=include_generated)
    if verdict is not None:
        return verdict.action
    if language is None and only_supported:
        return "skipped:unsupported-language"
    return None
