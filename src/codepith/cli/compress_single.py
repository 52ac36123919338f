"""``codepith compress FILE``: one file (or standard input) to its compressed bytes."""

from __future__ import annotations

import os
import sys

import click

from ..bulk.files import process_bytes
from ..bulk.options import TreeOptions
from ..bulk.results import BulkOptions
from ..core.languages import detect_language, languages, resolve_language
from ..core.secrets import allowed_paths
from ..core.verdict import FORCE_HINT, UNSUPPORTED_REASON, too_large
from ..errors import CodepithError, InvalidOption
from ..fs.safeio import NotRegularFile, read_regular
from ..render.formats import display_name
from ._output import created
from .compress_outputs import copy_text

__all__ = ["single_file", "read_source"]


def single_file(
    source: str, run: TreeOptions, *, language: str | None, force: bool, output: str | None, copy: bool
) -> None:
    """One FILE (or standard input) to its compressed bytes, with the verdict a
    folder run would give it: a file a folder run skips (binary, minified,
    generated, too large) is an error naming the verdict, its reason and the
    fix; one it keeps whole is written whole, the reason on standard error."""
    if language is None and source == "-":
        raise click.UsageError("reading standard input needs --language (one of: " + ", ".join(languages()) + ")")
    data = sys.stdin.buffer.read() if source == "-" else read_source(source, run.max_file_bytes)
    if language is None and detect_language(source) is None:
        raise CodepithError(
            f"{source}: {UNSUPPORTED_REASON} (by its extension; supported: "
            f"{', '.join(languages())}); --language names the language to parse it as"
        )
    options = BulkOptions(
        levels=(run.level,),
        tokens=False,
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
        raise CodepithError(f"{source}: {result.action} ({result.reason})")
    if not result.in_output:
        fix = "raise --max-file-bytes to compress it" if result.action == "skipped:too-large" else FORCE_HINT
        raise CodepithError(f"{source}: {result.action} ({result.reason}); {fix}")
    if result.action == "kept-whole" and result.reason:
        click.echo(f"codepith: note: {display_name(source)}: kept whole: {result.reason}", err=True)
    written = result.data
    assert written is not None  # asked for with keep_data=True: a file in the output has its bytes
    if output and output != "-":
        with created(output, "-o/--output", "the output", binary=True) as f:
            f.write(written)
    else:
        out = sys.stdout.buffer
        out.write(written)
        out.flush()
    if copy:
        copy_text(written.decode("utf-8", "replace"))


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
