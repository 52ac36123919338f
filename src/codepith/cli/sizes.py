"""``codepith sizes``: bytes, lines and exact tokens per source file."""

from __future__ import annotations

import os
from pathlib import Path

import click

from ..core.languages import detect_language
from ..core.slicer import line_index
from ..core.tokens import DEFAULT_ENCODING, ENCODINGS, count_tokens


def _package_root() -> Path:
    return Path(__file__).resolve().parent.parent


def _files(paths: tuple[Path, ...]):
    for root in paths:
        if root.is_file():
            yield root
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__pycache__")
            for name in sorted(filenames):
                yield Path(dirpath, name)


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option(
    "--encoding",
    type=click.Choice(ENCODINGS),
    default=DEFAULT_ENCODING,
    show_default=True,
    help="Tokenizer used for the exact token counts.",
)
def sizes(paths: tuple[Path, ...], encoding: str) -> None:
    """Print bytes, lines and exact token counts of each source file.

    PATHS are files or directories (default: codepith's own source). Only files
    in languages codepith supports are listed.
    """
    if not paths:
        paths = (_package_root(),)
    total_bytes = total_lines = total_tokens = count = 0
    click.echo(f"{'language':<11} {'bytes':>9} {'lines':>7} {'tokens':>8}  path")
    for path in _files(paths):
        language = detect_language(path)
        if language is None:
            continue
        data = path.read_bytes()
        lines = line_index(data).line_count
        tokens = count_tokens(data, encoding=encoding)
        click.echo(f"{language:<11} {len(data):>9} {lines:>7} {tokens:>8}  {path}")
        count += 1
        total_bytes += len(data)
        total_lines += lines
        total_tokens += tokens
    click.echo(f"{'total':<11} {total_bytes:>9} {total_lines:>7} {total_tokens:>8}  {count} files ({encoding})")
