"""``codepith sizes``: bytes, lines and exact tokens per source file."""

from __future__ import annotations

import os
from pathlib import Path

import click

from ..core.discover import Excluded, WalkOptions, walk_roots
from ..core.languages import detect_language
from ..core.literals import Encoding
from ..core.slicer import line_index
from ..core.tokens import count_tokens
from ..fs.paths import display_name
from ..fs.safeio import NotRegularFile, read_regular
from . import options
from .options import command


def _package_root() -> Path:
    return Path(__file__).resolve().parent.parent


def _files(paths: tuple[Path, ...], max_file_bytes: int):
    """(shown path, bytes, language) of every source file under ``paths``, as
    every other command walks them (.gitignore honoured, links out of the
    root, FIFOs and devices never read). A supported file that is left out is
    named on standard error with the reason."""
    roots = [os.fspath(p) for p in paths]
    for label, entry in walk_roots(roots, WalkOptions(max_file_bytes=max_file_bytes)):
        language = detect_language(label)
        if isinstance(entry, Excluded):
            if language is not None and entry.action.startswith("skipped:"):
                _left_out(label, entry.action, entry.reason)
            continue
        if language is None:
            continue
        try:
            data = read_regular(entry.abspath, max_bytes=max_file_bytes)
        except (NotRegularFile, OSError) as exc:
            _left_out(label, "skipped:unreadable", getattr(exc, "strerror", None) or str(exc))
            continue
        yield (entry.abspath if len(roots) == 1 else label), data, language


def _left_out(label: str, action: str, reason: str | None) -> None:
    click.echo(f"codepith: {display_name(label)}: {action}" + (f" ({reason})" if reason else ""), err=True)


@command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@options.encoding(help="Tokenizer used for the exact token counts.")
@options.max_file_bytes()
def sizes(paths: tuple[Path, ...], encoding: Encoding, max_file_bytes: int) -> None:
    """Print bytes, lines and exact token counts of each source file.

    PATHS are files or directories (default: codepith's own source). Only files
    in languages codepith supports are listed; one that cannot be read is
    named on standard error.
    """
    if not paths:
        paths = (_package_root(),)
    total_bytes = total_lines = total_tokens = count = 0
    click.echo(f"{'language':<11} {'bytes':>9} {'lines':>7} {'tokens':>8}  path")
    for path, data, language in _files(paths, max_file_bytes):
        lines = line_index(data).line_count
        tokens = count_tokens(data, encoding=encoding)
        click.echo(f"{language:<11} {len(data):>9} {lines:>7} {tokens:>8}  {display_name(path)}")
        count += 1
        total_bytes += len(data)
        total_lines += lines
        total_tokens += tokens
    click.echo(f"{'total':<11} {total_bytes:>9} {total_lines:>7} {total_tokens:>8}  {count} files ({encoding})")
