"""``codepith compress FILE``: one file (or standard input) to its compressed bytes.

Free of the command-line framework: :mod:`.fast` runs it straight from the
arguments when they are those of one file, so that a packer that starts
codepith once per file pays for what one file needs and no more.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import Protocol

from ..bulk.files import process_bytes
from ..bulk.results import DEFAULT_TIMEOUT, BulkOptions, FileResult, check_timeout
from ..core.languages import detect_language, languages, resolve_language
from ..core.literals import LEVELS, Encoding, Level
from ..core.secrets import allowed_paths
from ..core.tokens import DEFAULT_ENCODING, check_encoding
from ..core.units import ratio, ratio_text
from ..core.verdict import FORCE_HINT, UNSUPPORTED_REASON, too_large
from ..errors import CodepithError, InvalidOption
from ..fs.paths import display_name
from ..fs.safeio import DEFAULT_MAX_FILE_BYTES, NotRegularFile, read_regular
from ._output import created

__all__ = ["FileSettings", "OneFile", "single_file", "read_source", "summary_line"]


class FileSettings(Protocol):
    """What one file's compression reads of the command's options (the whole
    command's :class:`~codepith.bulk.options.TreeOptions` has them all)."""

    @property
    def level(self) -> Level: ...
    @property
    def line_refs(self) -> bool: ...
    @property
    def timeout(self) -> float: ...
    @property
    def include_generated(self) -> bool: ...
    @property
    def security_check(self) -> bool: ...
    @property
    def allow_secrets(self) -> tuple[str, ...]: ...
    @property
    def max_file_bytes(self) -> int: ...
    @property
    def tokens(self) -> bool: ...
    @property
    def encoding(self) -> Encoding: ...


@dataclass(frozen=True)
class OneFile:
    """:class:`FileSettings` without the tree's options, checked as
    :class:`~codepith.bulk.options.TreeOptions` checks them (the one-file
    entry, :mod:`codepith._entry`, builds it without loading the walk)."""

    level: Level = "signatures"
    line_refs: bool = False
    timeout: float = DEFAULT_TIMEOUT
    include_generated: bool = False
    security_check: bool = True
    allow_secrets: tuple[str, ...] = ()
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    tokens: bool = True
    encoding: Encoding = DEFAULT_ENCODING

    def __post_init__(self) -> None:
        check_timeout(self.timeout)
        if self.level not in LEVELS:
            raise InvalidOption("level", f"unknown level {self.level!r}; levels: {', '.join(LEVELS)}")
        if self.max_file_bytes <= 0:
            raise InvalidOption("max_file_bytes", f"must be positive, got {self.max_file_bytes}")
        if self.tokens:
            check_encoding(self.encoding)


def single_file(
    source: str,
    run: FileSettings,
    *,
    language: str | None,
    force: bool,
    output: str | None,
    copy: bool,
    quiet: bool = False,
    as_filter: bool = False,
) -> None:
    """One FILE (or standard input) to its compressed bytes, with the verdict a
    folder run would give it: a file a folder run skips (binary, minified,
    generated, too large) is an error naming the verdict, its reason and the
    fix; one it keeps whole is written whole, the reason on standard error.
    Unless ``quiet`` (or tokens are not counted), one line on standard error
    gives its exact tokens in and out (:func:`summary_line`).

    ``as_filter``: a packer's per-file filter (repomix's processors), which
    takes what is written in place of the file: every verdict writes
    something and is not an error. A file a folder run skips (generated,
    minified, binary, too large, another language) is written whole; one
    holding a secret is written as one comment line naming the finding's
    kind and line (never its value), so that the packer cannot fall back to
    the file itself. Each says why on standard error."""
    if language is None and source == "-":
        import click

        raise click.UsageError("reading standard input needs --language (one of: " + ", ".join(languages()) + ")")
    if as_filter and source != "-":
        data = read_source(source, FILTER_MAX_BYTES)
        if len(data) > run.max_file_bytes:
            reason = too_large(len(data), run.max_file_bytes).reason
            return _write_whole(source, data, f"skipped:too-large ({reason})", output)
    else:
        data = sys.stdin.buffer.read() if source == "-" else read_source(source, run.max_file_bytes)
    if language is None and detect_language(source) is None:
        if as_filter:
            return _write_whole(source, data, f"{UNSUPPORTED_REASON} (by its extension)", output)
        raise CodepithError(
            f"{source}: {UNSUPPORTED_REASON} (by its extension; supported: "
            f"{', '.join(languages())}); --language names the language to parse it as"
        )
    options = BulkOptions(
        levels=(run.level,),
        tokens=run.tokens and not quiet,
        encoding=run.encoding,
        line_refs=run.line_refs,
        with_text=False,
        timeout=run.timeout,
        include_generated=run.include_generated,
        security_check=run.security_check,
        allow_secrets=allowed_paths(run.allow_secrets),
    )
    result = process_bytes(
        source,
        data,
        options,
        keep_data=True,
        language=resolve_language(language) if language else None,
        force=force,
        security_check=options.security_check_applies(None if source == "-" else source),
    )
    if result.action == "skipped:secret":  # the reason names the fix
        if as_filter:
            _note(f"codepith: secret: {display_name(source)}: written as a comment line: {result.reason}")
            return _write(_secret_line(result.language or language, result.reason or ""), output)
        raise CodepithError(f"{source}: {result.action} ({result.reason})")
    if not result.in_output and as_filter:
        return _write_whole(source, data, f"{result.action} ({result.reason})", output)
    if not result.in_output:
        fix = "raise --max-file-bytes to compress it" if result.action == "skipped:too-large" else FORCE_HINT
        raise CodepithError(f"{source}: {result.action} ({result.reason}); {fix}")
    if result.action == "kept-whole" and result.reason:
        _note(f"codepith: note: {display_name(source)}: kept whole: {result.reason}")
    written = result.data
    assert written is not None  # asked for with keep_data=True: a file in the output has its bytes
    _write(written, output)
    if copy:
        from .compress_outputs import copy_text

        copy_text(written.decode("utf-8", "replace"))
    if options.tokens:
        _note(summary_line(source, result, run.encoding))


#: the largest file a filter reads (a packer hands over files it already holds: repomix caps a
#: processor's output at 64 MiB); one over --max-file-bytes is written whole, not compressed
FILTER_MAX_BYTES = 64 * 1024 * 1024


def _write(data: bytes, output: str | None) -> None:
    """``data`` to ``output`` (a file) or to standard output."""
    if output and output != "-":
        with created(output, "-o/--output", "the output", binary=True) as f:
            f.write(data)
    else:
        out = sys.stdout.buffer
        out.write(data)
        out.flush()


def _write_whole(source: str, data: bytes, why: str, output: str | None) -> None:
    """A filter's answer for a file it does not compress: the file itself, why on standard error."""
    _note(f"codepith: note: {display_name(source)}: written whole: {why}")
    _write(data, output)


def _secret_line(language: str | None, reason: str) -> bytes:
    """One comment line of ``language`` saying the file was left out for a
    secret (``reason`` names kinds and lines, never a value); nothing in a
    language without comments."""
    from ..core.languages import spec

    text = " ".join(f"codepith: this file is left out, it holds a secret: {reason}".split())
    if language is None:
        return b""
    entry = spec(language)
    if entry.block_comment is not None:  # (where both exist, the one every dialect reads: CSS has no //)
        start, end = entry.block_comment
        return f"{start} {text.replace(end, ' ')} {end}\n".encode()
    if entry.line_comment:
        return f"{entry.line_comment} {text}\n".encode()
    return b""


def summary_line(source: str, result: FileResult, encoding: str) -> str:
    """``codepith: app.py: python, signatures: 1234 -> 321 tokens (0.260, o200k_base), valid``:
    what one file's compression gave, exactly counted."""
    what = (
        f"{result.language or 'unknown language'}, {result.level}" if result.action == "compressed" else result.action
    )
    check = "valid" if result.valid else "NOT valid (it has parse errors the input had not)"
    return (
        f"codepith: {display_name(source)}: {what}: {result.tokens_in} -> {result.tokens_out} tokens "
        f"({ratio_text(ratio(result.tokens_out or 0, result.tokens_in or 0))}, {encoding}), {check}"
    )


def _note(line: str) -> None:
    """One line on standard error (never a failure of the run: a closed standard error is ignored)."""
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # (a UnicodeError is a ValueError)
        pass


def read_source(source: str, max_file_bytes: int) -> bytes:
    """The bytes of one FILE: never blocks on a FIFO or a device; every failure
    is one CodepithError naming the file, the cause and the fix."""
    if max_file_bytes <= 0:  # the library's check, before the file is opened
        raise InvalidOption("max_file_bytes", f"must be positive, got {max_file_bytes}")
    try:
        return read_regular(source, max_bytes=max_file_bytes)
    except NotRegularFile as exc:
        if exc.reason == "too-large":
            verdict = too_large(_size(source), max_file_bytes)
            raise CodepithError(
                f"{source}: {verdict.action} ({verdict.reason}); raise --max-file-bytes to compress it"
            ) from None
        raise CodepithError(
            f"{source}: not a regular file (a FIFO, socket or device is never read); give a source file or a folder"
        ) from None
    except FileNotFoundError:
        raise CodepithError(f"{source}: no such file or directory; check the path") from None
    except OSError as exc:
        raise CodepithError(f"{source}: cannot be read ({exc.strerror or exc}); check its permissions") from None


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0
