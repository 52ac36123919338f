"""``codepith compress``: one file (or standard input) to standard output."""

from __future__ import annotations

import sys

import click

from ..compress import LEVELS, compress
from ..languages import languages


@click.command(name="compress")
@click.argument("source", type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "--level",
    type=click.Choice(LEVELS),
    default="signatures",
    show_default=True,
    help="full: unchanged; signatures: bodies elided; outline: also docs cut to one line, "
    "comments, large data and inert top-level blocks elided.",
)
@click.option(
    "--language",
    type=click.Choice(languages()),
    help="Language of SOURCE (default: from its extension; required for standard input).",
)
@click.option("--line-refs", is_flag=True, help="Name the original line range in each placeholder.")
def compress_command(source: str, level: str, language: str | None, line_refs: bool) -> None:
    """Compress SOURCE (a file, or - for standard input) and write it to standard output.

    The output keeps every import, definition and signature and still parses;
    `codepith compress FILE --level full` gives the file back unchanged.
    """
    if source == "-":
        if language is None:
            raise click.UsageError("reading standard input needs --language (one of: " + ", ".join(languages()) + ")")
        data = sys.stdin.buffer.read()
        path = None
    else:
        try:
            with open(source, "rb") as f:
                data = f.read()
        except OSError as exc:
            raise click.FileError(source, hint=exc.strerror) from None
        path = source
    result = compress(data, language=language, path=path, level=level, line_refs=line_refs)
    out = sys.stdout.buffer
    out.write(result.data)
    out.flush()
