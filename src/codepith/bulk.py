"""Many files: compress whole trees in parallel, in order, with a cache.

:func:`compress_tree` walks one or more roots (see :mod:`codepith.discover`),
compresses every supported file in a pool of processes, and yields one
:class:`FileResult` per entry considered, in sorted path order whatever the
scheduling. Nothing is lost silently: files that are ignored, skipped, kept
whole or that fail come out too, with their reason.

Work is handed out largest first from a bounded look-ahead, so one large file
does not serialise the run, and results stream out as soon as every earlier
path is done: memory stays bounded however large the tree is.
"""

from __future__ import annotations

import heapq
import os
import re
import signal
import sys
import time
from collections import deque
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Sequence

from ._version import __version__
from .cache import ResultCache, content_key, default_cache_dir
from .compress import LEVELS, compress
from .discover import DEFAULT_MAX_FILE_BYTES, Candidate, Excluded, root_problem, walk
from .errors import InputTooLarge, ParseTimeout, CodepithError
from .languages import detect_language, grammar_versions
from .safeio import NotRegularFile, read_regular
from .slicer import longest_line
from .tokens import DEFAULT_ENCODING, ENCODINGS, count_tokens, count_tokens_pair, get_encoding

__all__ = ["FileResult", "LevelResult", "BulkOptions", "compress_tree", "tree_listing", "bulk_walk_options",
           "DEFAULT_TIMEOUT"]

DEFAULT_TIMEOUT = 60.0
#: a supported file whose longest line is longer than this is minified
MINIFIED_LINE_BYTES = 2000
_SNIFF = 8192
# Generated files, as their conventions mark them, and only there:
# - Go's line (https://go.dev/s/generatedcode, `go help generate`): a line that
#   matches ^// Code generated .* DO NOT EDIT\.$ "before the first non-comment,
#   non-blank text in the file" (go/ast.IsGenerated reads the comments before
#   the package clause). Generators for other languages (protoc plugins for
#   TypeScript, Python tools) write the same line, with `#` where that is the
#   comment leader.
# - Meta's `@generated` (`// @generated`, `# @generated`, ` * @generated`), in
#   the leading comments, after an optional shebang or licence.
# Both are looked for in the leading comment region only (see
# _leading_comment_lines): a mention deeper in the file, or in a string or a
# docstring, marks nothing.
_GENERATED_LINE = re.compile(rb"(?://|#) Code generated .* DO NOT EDIT\.\r?")
_GENERATED_AT = re.compile(rb"(?:^|[^\w@.])@generated\b")
GENERATED_HINT = "--include-generated compresses it"


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


BINARY_REASON = "a NUL byte in the first 8 KiB"


def looks_binary(data: bytes) -> bool:
    """Whether ``data`` is taken for binary (a NUL byte in its first 8 KiB)."""
    return b"\0" in data[:_SNIFF]


def _leading_comment_lines(data: bytes) -> Iterator[bytes]:
    """The lines of ``data``'s leading comment region: after an optional BOM and
    ``#!`` line, every line up to the first one that holds code — blank lines
    are passed over; ``#`` and ``//`` line comments and ``/* … */`` blocks are
    yielded. The comment forms of every supported language are recognised
    together: none of them can start a line of code in another one."""
    start = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    in_block = False
    first = True
    size = len(data)
    while start < size:
        end = data.find(b"\n", start)
        if end < 0:
            end = size
        line = data[start:end]
        start = end + 1
        if first and line.startswith(b"#!"):
            first = False
            continue
        first = False
        text = line.strip()
        if in_block or text.startswith(b"/*"):
            yield line
            close = text.find(b"*/", 0 if in_block else 2)
            in_block = close < 0
            rest = b"" if in_block else text[close + 2 :].strip()
            if rest and not rest.startswith(b"//"):
                return  # code after the block on the same line
        elif text.startswith((b"//", b"#")):
            yield line
        elif text:
            return


def generated_marker(data: bytes) -> str | None:
    """The line that marks ``data`` as generated code, or None (see the
    conventions above: Go's ``// Code generated … DO NOT EDIT.`` line and
    ``@generated``, in the leading comments only)."""
    for line in _leading_comment_lines(data):
        if _GENERATED_LINE.fullmatch(line) or _GENERATED_AT.search(line):
            return line.strip().decode("utf-8", "replace")[:120]
    return None


def _classify(data: bytes, language: str | None, *, include_generated: bool = False) -> tuple[str, str] | None:
    """(action, reason) for content that is not compressed, else None."""
    if looks_binary(data):
        return "skipped:binary", BINARY_REASON
    if language is None:
        return None
    marker = None if include_generated else generated_marker(data)
    if marker is not None:
        return "skipped:generated", f"marked as generated ({marker}); {GENERATED_HINT}"
    if len(data) > MINIFIED_LINE_BYTES:
        longest = longest_line(data)
        if longest > MINIFIED_LINE_BYTES:
            return "skipped:minified", f"a line of {longest} bytes (over {MINIFIED_LINE_BYTES})"
    return None


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
    verdict = _classify(data, language, include_generated=options.include_generated)
    if verdict is not None or (language is None and not options.only_supported):
        result.tokens_in = count_tokens(data, encoding=options.encoding) if options.tokens else None
    if verdict is not None:
        result.action, result.reason = verdict
        result.seconds = time.perf_counter() - t0
        return result
    if language is None:
        if options.only_supported:
            result.action, result.reason = "skipped:unsupported-language", "not a language codepith compresses"
        else:
            result.reason = "not a language codepith compresses"
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
    except _Timeout:
        result.levels.clear()
        result.reason = f"timed out after {options.timeout:g} s; kept whole"
        result.transient = True  # depends on the machine's load: never cached
    except (InputTooLarge, ParseTimeout) as exc:  # too much memory, or a grammar that loops: kept whole
        result.levels.clear()
        result.reason = f"{exc}; kept whole"
    except Exception as exc:  # a bug must not end the run: keep the file whole, say why
        result.levels.clear()
        result.reason = f"compression failed ({type(exc).__name__}: {exc}); kept whole"
        # the machine's trouble, not the file's: try again next time
        result.transient = isinstance(exc, (MemoryError, RecursionError, OSError))
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


def _read_and_process(path: str, abspath: str, options: BulkOptions, fingerprint: str | None):
    try:
        with open(abspath, "rb") as f:
            data = f.read()
    except OSError as exc:
        return None, FileResult(path=path, action="skipped:unreadable", level=options.levels[0],
                                reason=exc.strerror or str(exc))
    key = content_key(data, fingerprint + "|" + (detect_language(path) or "-")) if fingerprint else None
    return key, process_bytes(path, data, options)


# --------------------------------------------------------------------------- workers

_worker_options: BulkOptions | None = None


def _init_worker(options: BulkOptions) -> None:
    global _worker_options
    _worker_options = options
    if options.tokens:
        get_encoding(options.encoding)  # load the tokenizer once per worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles ^C


def _run_task(items: list[tuple[int, str, str]], fingerprint: str | None):
    assert _worker_options is not None
    out = []
    for index, path, abspath in items:
        key, result = _read_and_process(path, abspath, _worker_options, fingerprint)
        out.append((index, key, result))
    return out


def _pool_context():
    import multiprocessing

    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


# --------------------------------------------------------------------------- the tree


def _excluded_result(entry: Excluded, path: str, level: str) -> FileResult:
    return FileResult(path=path, action=entry.action, level=level, files=entry.files,
                      bytes_in=entry.size, reason=entry.reason)


def _entries(roots: Sequence[str], walk_options: dict) -> Iterator[tuple[str, Candidate | Excluded]]:
    multiple = len(roots) > 1
    for root in roots:
        bad = root_problem(root, root if multiple else os.path.basename(root))
        if bad is not None:
            yield bad.path, bad
            continue
        if os.path.isfile(root):
            name = os.path.basename(root)
            size = os.path.getsize(root)
            limit = walk_options.get("max_file_bytes", DEFAULT_MAX_FILE_BYTES)
            label = root if multiple else name
            if size > limit:
                yield label, Excluded(label, "skipped:too-large", 1, size,
                                      reason=f"{size} bytes, over --max-file-bytes {limit}")
            else:
                yield label, Candidate(label, root, size)
            continue
        prefix = root.rstrip("/\\") + "/" if multiple else ""
        for entry in walk(root, **walk_options):
            yield prefix + entry.path, entry


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

    ``jobs`` processes work in parallel (default: every core; 1 runs in this
    process). ``levels`` computes several levels per file (``ratios`` uses
    this); ``level`` is the one whose text and sizes fill the main fields.
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
        raise CodepithError(f"--timeout must be 0 (none) or more seconds, got {timeout:g}")
    levels = tuple(dict.fromkeys((level,) + tuple(levels or ())))  # `level` first, no repeats
    for lv in levels:
        if lv not in LEVELS:
            raise CodepithError(f"unknown level {lv!r}; levels: {', '.join(LEVELS)}")
    if max_file_bytes <= 0:
        raise CodepithError(f"--max-file-bytes must be positive, got {max_file_bytes}")
    if tokens and encoding not in ENCODINGS:
        get_encoding(encoding)  # raises UnknownEncoding, naming the known ones
    if jobs is None:
        jobs = os.cpu_count() or 1
    if jobs < 1:
        raise CodepithError(f"--jobs must be at least 1, got {jobs}")
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
    entries = _entries(roots, walk_options)
    try:
        if jobs == 1:
            yield from _serial(entries, options, store, fingerprint, on_result)
        else:
            yield from _parallel(entries, options, store, fingerprint, jobs, on_result)
    finally:
        if store is not None:
            store.close()


def _cached(store: ResultCache | None, fingerprint: str | None, path: str, abspath: str):
    """(key, cached result or None); reads the file only when the cache is on."""
    if store is None:
        return None, None
    try:
        with open(abspath, "rb") as f:
            data = f.read()
    except OSError:
        return None, None
    key = content_key(data, fingerprint + "|" + (detect_language(path) or "-"))
    hit = store.get(key)
    if hit is not None:
        hit.path = path
    return key, hit


def _serial(entries, options, store, fingerprint, on_result) -> Iterator[FileResult]:
    level = options.levels[0]
    for path, entry in entries:
        if isinstance(entry, Excluded):
            result = _excluded_result(entry, path, level)
        else:
            _key, result = _cached(store, fingerprint, path, entry.abspath)
            if result is None:
                key, result = _read_and_process(path, entry.abspath, options, fingerprint)
                if store is not None and key is not None and not result.transient:
                    store.put(key, result)
        if on_result is not None:
            on_result(result)
        yield result


#: files read ahead of the output; bounds memory with the size limit below
_LOOKAHEAD_FILES = 1024
_LOOKAHEAD_BYTES = 64 << 20
_TASK_BYTES = 256 << 10
_TASK_FILES = 64


def _parallel(entries, options, store, fingerprint, jobs, on_result) -> Iterator[FileResult]:
    level = options.levels[0]
    slots: deque[list] = deque()  # [index, result or None]
    by_index: dict[int, list] = {}
    heap: list[tuple[int, int, str, str]] = []  # (-size, index, path, abspath)
    ahead_bytes = 0
    next_index = 0
    exhausted = False
    it = iter(entries)
    in_flight: dict = {}
    sizes: dict[int, int] = {}
    quarantine: deque = deque()
    isolated: set = set()  # futures of a suspect running alone

    executor = ProcessPoolExecutor(
        max_workers=jobs, mp_context=_pool_context(), initializer=_init_worker, initargs=(options,)
    )
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
                _key, hit = _cached(store, fingerprint, path, entry.abspath)
                if hit is not None:
                    slot[1] = hit
                    continue
                by_index[slot[0]] = slot
                sizes[slot[0]] = entry.size
                ahead_bytes += entry.size
                heapq.heappush(heap, (-entry.size, slot[0], path, entry.abspath))

            # files suspected of killing a worker run alone, one at a time
            if quarantine and not in_flight:
                item = quarantine.popleft()
                alone = executor.submit(_run_task, [item], fingerprint)
                in_flight[alone] = [item]
                isolated.add(alone)
            # hand out work, largest first, small files batched together
            while heap and not quarantine and len(in_flight) < jobs * 2:
                task = []
                task_bytes = 0
                while heap and len(task) < _TASK_FILES and task_bytes < _TASK_BYTES:
                    neg_size, index, path, abspath = heapq.heappop(heap)
                    task.append((index, path, abspath))
                    task_bytes += -neg_size
                future = executor.submit(_run_task, task, fingerprint)
                in_flight[future] = task

            # emit what is ready, in order
            while slots and slots[0][1] is not None:
                result = slots.popleft()[1]
                if on_result is not None:
                    on_result(result)
                yield result
            if not slots and exhausted and not in_flight:
                break
            if not in_flight:
                continue
            done, _ = wait(in_flight, return_when=FIRST_COMPLETED)
            failed: list[tuple[list, BaseException | None, bool]] = []
            for future in done:
                task = in_flight.pop(future)
                alone = future in isolated
                isolated.discard(future)
                try:
                    results = future.result()
                except Exception as exc:
                    failed.append((task, exc, alone))
                    continue
                for index, key, result in results:
                    slot = by_index.pop(index)
                    slot[1] = result
                    ahead_bytes -= sizes.pop(index, 0)
                    if store is not None and key is not None and not result.transient:
                        store.put(key, result)
            if not failed:
                continue
            if any(isinstance(exc, BrokenProcessPool) for _t, exc, _a in failed):
                # A worker died (a crash in a grammar, the OOM killer): every task
                # still in the pool is lost with it. Start a new pool.
                failed += [(task, None, False) for task in in_flight.values()]
                in_flight.clear()
                isolated.clear()
                executor.shutdown(wait=False, cancel_futures=True)
                executor = ProcessPoolExecutor(
                    max_workers=jobs, mp_context=_pool_context(), initializer=_init_worker,
                    initargs=(options,),
                )
            for task, exc, alone in failed:
                if not alone:
                    # run each file alone, so that only the culprit is kept whole
                    quarantine.extend(task)
                    continue
                index, path, abspath = task[0]
                result = FileResult(path=path, action="kept-whole", language=detect_language(path),
                                    level=level, transient=True,
                                    reason=f"its worker failed ({type(exc).__name__}: {exc}); kept whole")
                _fill_whole(result, abspath, options)
                by_index.pop(index)[1] = result
                ahead_bytes -= sizes.pop(index, 0)
    finally:
        executor.shutdown(wait=True, cancel_futures=True)


def _fill_whole(result: FileResult, abspath: str, options: BulkOptions) -> None:
    try:
        with open(abspath, "rb") as f:
            data = f.read()
    except OSError:
        result.action = "skipped:unreadable"
        return
    result.bytes_in = result.bytes_out = len(data)
    if options.tokens:
        result.tokens_in = result.tokens_out = count_tokens(data, encoding=options.encoding)
    result.text = _decode(data) if options.with_text else None
    result.valid = True


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
    for path, entry in _entries(roots, walk_options):
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
    verdict = _classify(data, language, include_generated=include_generated)
    if verdict is not None:
        return verdict[0]
    if language is None and only_supported:
        return "skipped:unsupported-language"
    return None
