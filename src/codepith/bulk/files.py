"""One file of a bulk run: read it (never blocking, never past its limit),
reach its verdict (:mod:`codepith.core.verdict`), compress it to each level
under a time limit, and count what came out."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from ..core import compress as _engine
from ..core.blank_lines import remove_blank_lines
from ..core.compress import compress
from ..core.languages import detect_language
from ..core.literals import Level
from ..core.tokens import count_tokens, count_tokens_pair
from ..core.verdict import UNSUPPORTED_REASON, classify, failure, secret_verdict, timed_out
from ..errors import FATAL, TokenizerFailed
from ..fs.safeio import NotRegularFile, read_regular
from .results import BulkOptions, FileResult, LevelResult

__all__ = ["process_bytes"]


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


def process_bytes(
    path: str,
    data: bytes,
    options: BulkOptions,
    *,
    keep_data: bool = False,
    language: str | None = None,
    force: bool = False,
    security_check: bool | None = None,
) -> FileResult:
    """The result for one file's bytes (what a worker does).

    The verdict (binary, generated, minified: skipped; another language: kept
    whole), the compression to each level and the exact counts of one file.
    ``language`` overrides the one ``path``'s extension names; ``force`` turns
    the content checks off (a file a user names and wants compressed), not
    the secret check; ``security_check`` says whether the file is scanned for secrets
    (default: ``options.security_check``). With
    ``keep_data`` the result's ``data`` holds the output's exact bytes when the
    file is in the output (compressed or kept whole); ``bytes_out`` and
    ``tokens_out`` describe those bytes unless ``options.with_text`` replaced
    bytes that are not UTF-8 in ``text`` (see ``reason``).
    """
    t0 = time.perf_counter()
    if language is None:
        language = detect_language(path, data)
    result = FileResult(path=path, action="kept-whole", language=language, level=options.levels[0], bytes_in=len(data))
    if security_check is None:
        security_check = options.security_check
    try:
        verdict = classify(
            data,
            language,
            include_generated=options.include_generated,
            force=force,
            path=path,
            security_check=security_check,
        )
        if verdict is not None:
            result.action, result.reason = verdict.action, verdict.reason
            result.tokens_in = count_tokens(data, encoding=options.encoding) if options.tokens else None
        elif language is None:
            _other_language(result, data, options, keep_data)
        else:
            main_bytes = _compress_levels(result, data, language, options)
            _fill(result, data, main_bytes, options, keep_data)
    except TokenizerFailed as exc:  # its tokens cannot be counted: left out, said why
        result = uncountable(path, language, options.levels[0], len(data), exc)
    result.seconds = time.perf_counter() - t0
    return result


def uncountable(path: str, language: str | None, level: str, size: int, exc: Exception) -> FileResult:
    """The result of a file whose tokens tiktoken cannot count: skipped, with why."""
    return FileResult(
        path=path,
        action="skipped:uncountable",
        language=language,
        level=level,
        bytes_in=size,
        reason=f"{exc}; left out",
    )


def _other_language(result: FileResult, data: bytes, options: BulkOptions, keep_data: bool) -> None:
    """A file in a language codepith does not compress: skipped with
    ``only_supported``, else passed through whole."""
    if options.only_supported:
        result.action, result.reason = "skipped:unsupported-language", UNSUPPORTED_REASON
        return
    result.reason = UNSUPPORTED_REASON
    _whole(result, data, options, keep_data)


def _whole(result: FileResult, data: bytes, options: BulkOptions, keep_data: bool) -> None:
    """``result`` describes ``data`` passed through whole."""
    if options.tokens and result.tokens_in is None:
        result.tokens_in = count_tokens(data, encoding=options.encoding)
    # valid: the output is the input, byte for byte, so it holds no error the input had not
    result.bytes_out, result.tokens_out, result.valid = len(data), result.tokens_in, True
    result.text = _decode(data) if options.with_text else None
    result.data = data if keep_data else None
    _lossy_note(result, data, options)


@contextmanager
def _time_limit(seconds: float) -> Iterator[tuple]:
    """(arm, disarm): functions that start and stop a timer of ``seconds``
    that raises :class:`_Timeout` in this thread when it runs out. Without a
    limit, or off the main thread (where signals cannot reach), they do
    nothing."""
    main_thread = threading.current_thread() is threading.main_thread()
    if not seconds or not hasattr(signal, "setitimer") or not main_thread:
        yield (lambda: None), (lambda: None)
        return
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        yield (lambda: signal.setitimer(signal.ITIMER_REAL, seconds), lambda: signal.setitimer(signal.ITIMER_REAL, 0))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


#: (language, level, line_refs) whose grammar and queries this process has loaded
_PREPARED: set[tuple[str, str, bool]] = set()


def _prepare(language: str, levels: tuple[Level, ...], line_refs: bool) -> None:
    """Load ``language``'s grammar and compile its queries, outside the time
    limit: once per process and language (a worker started from the fork
    server has none yet, and compiling them takes about 0.1 s, so a limit
    of a fraction of a second would stop the setup instead of the file)."""
    for level in levels:
        key = (language, level, line_refs)
        if key not in _PREPARED:
            _PREPARED.add(key)
            try:
                _engine.compress(b"", language=language, level=level, line_refs=line_refs)
            except Exception:  # noqa: BLE001 - the timed run below says what is wrong
                pass


def _compress_levels(result: FileResult, data: bytes, language: str, options: BulkOptions) -> bytes:
    """Compress ``data`` to each of ``options.levels`` into ``result.levels``,
    each level with the whole time limit; the main level's bytes. A level that
    times out, runs out of memory or fails clears them all: the file is kept
    whole, with the verdict's reason."""
    main_bytes = b""
    level = options.levels[0]
    if options.timeout:
        _prepare(language, tuple(options.levels), options.line_refs)
    try:
        with _time_limit(options.timeout) as (arm, disarm):
            for lvl in options.levels:
                arm()  # each level gets the whole limit; counting is not timed
                out = compress(data, language=language, level=lvl, line_refs=options.line_refs)
                text = remove_blank_lines(out.data, language=language) if options.remove_empty_lines else out.data
                disarm()
                if lvl == level:
                    main_bytes = text
                result.parse_errors = out.parse_errors
                result.levels[lvl] = _level_result(result, data, out, text, lvl == level, options)
    except TokenizerFailed:
        raise  # the file cannot be counted whole either
    except BaseException as exc:  # noqa: BLE001 - a budget, the machine, a bug, a dependency: kept whole, said why
        if isinstance(exc, FATAL):
            raise
        verdict = timed_out(options.timeout) if isinstance(exc, _Timeout) else failure(exc)
        result.levels.clear()
        result.reason, result.transient = verdict.reason, verdict.transient
    return main_bytes


def _level_result(result: FileResult, data: bytes, out, text: bytes, main: bool, options: BulkOptions) -> LevelResult:
    """What one level did, with its exact token count: ``out`` is the
    compressed file, ``text`` its bytes as written (without blank lines, with
    ``remove_empty_lines``)."""
    tokens_out = None
    if options.tokens:
        if text is not out.data:  # the elisions' offsets no longer describe the text
            if result.tokens_in is None:
                result.tokens_in = count_tokens(data, encoding=options.encoding)
            tokens_out = count_tokens(text, encoding=options.encoding)
        elif result.tokens_in is None:
            # both counts in one pass over the input: what lies between the
            # elisions is tokenized once
            spans = [(e.start_byte, e.end_byte, e.out_start, e.out_end) for e in out.elisions]
            result.tokens_in, tokens_out = count_tokens_pair(data, out.data, spans, encoding=options.encoding)
        else:
            tokens_out = count_tokens(out.data, encoding=options.encoding)
    return LevelResult(
        bytes_out=len(text),
        tokens_out=tokens_out,
        elisions=len(out.elisions),
        valid=out.valid,  # remove_blank_lines keeps the count of parse errors
        text=_decode(text) if (options.with_text and main) else None,
    )


def _fill(result: FileResult, data: bytes, main_bytes: bytes, options: BulkOptions, keep_data: bool) -> None:
    """The main fields from the main level, or from the whole file when no
    level came out (kept whole)."""
    main = result.levels.get(result.level)
    if main is None:
        _whole(result, data, options, keep_data)
        return
    result.action = "compressed"
    result.bytes_out, result.tokens_out = main.bytes_out, main.tokens_out
    result.elisions, result.valid, result.text = main.elisions, main.valid, main.text
    result.data = main_bytes if keep_data else None
    main.text = None
    _lossy_note(result, main_bytes, options)
    if result.parse_errors:
        result.reason = f"{result.parse_errors} parse error(s) in the input; those regions are kept verbatim"


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
        return None, FileResult(path=path, action="skipped:unreadable", level=level, reason=exc.strerror or str(exc))


def result_key(data: bytes, fingerprint: str, path: str, abspath: str, options: BulkOptions) -> bytes:
    """The cache key of one file's result: its content, the run's options, its
    language, and whether it was scanned for secrets (a file let in by
    ``--allow-secret`` never lends its result to a run that scans it)."""
    scanned = "" if options.security_check_applies(abspath) else "|secrets-allowed"
    from .cache import content_key  # (the one-file command has no cache: it does not load it)

    return content_key(data, fingerprint + "|" + (detect_language(path) or "-") + scanned)


def _read_and_process(
    path: str, abspath: str, options: BulkOptions, fingerprint: str | None, max_bytes: int | None = None
):
    data, skipped = _read_input(path, abspath, options.levels[0], max_bytes)
    if skipped is not None:
        return None, skipped
    key = result_key(data, fingerprint, path, abspath, options) if fingerprint else None
    return key, process_bytes(path, data, options, security_check=options.security_check_applies(abspath))


def _failure_reason(error: str) -> str:
    if error.startswith("MemoryError"):
        return "out of memory while compressing it (a worker's memory is bounded); kept whole"
    return f"its worker failed ({error}); kept whole"


def _fill_whole(result: FileResult, abspath: str, options: BulkOptions, max_bytes: int | None = None) -> None:
    data, skipped = _read_input(result.path, abspath, result.level, max_bytes)
    if skipped is not None:
        result.action, result.reason, result.language = skipped.action, skipped.reason, None
        return
    found = secret_verdict(data, result.path) if options.security_check_applies(abspath) else None
    if found is not None:  # its worker failed before its verdict: the secret check still holds
        result.action, result.reason, result.bytes_in = found.action, found.reason, len(data)
        return
    result.bytes_in = result.bytes_out = len(data)
    if options.tokens:
        try:
            result.tokens_in = result.tokens_out = count_tokens(data, encoding=options.encoding)
        except TokenizerFailed as exc:
            skipped = uncountable(result.path, result.language, result.level, len(data), exc)
            result.action, result.reason, result.bytes_out = skipped.action, skipped.reason, 0
            return
    result.text = _decode(data) if options.with_text else None
    result.valid = True  # the output is the input, byte for byte
    _lossy_note(result, data, options)
