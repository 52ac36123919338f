"""``codepith cache``: where the results cache is, what it holds, and emptying it."""

from __future__ import annotations

import sys

import click

from ..bulk.cache import DEFAULT_MAX_MB, MAX_MB_ENV, cache_info, clear_cache, resolve_max_bytes
from ..core.units import human_bytes
from . import options

__all__ = ["cache_group"]


@options.group("cache")
def cache_group() -> None:
    """The results cache of `compress` and `ratios`: inspect or empty it.

    \b
    The cache is one sqlite file, results.sqlite, in the user's cache folder
    (--cache-dir elsewhere): ~/.cache/codepith (or $XDG_CACHE_HOME/codepith)
    on Linux, ~/Library/Caches/codepith on macOS, %LOCALAPPDATA%\\codepith on
    Windows. It is kept under a size cap (--cache-max-mb of `compress` and
    `ratios`, or $CODEPITH_CACHE_MAX_MB; default 512 MB) by evicting the least
    recently used results.
    """


@cache_group.command("info")
@options.cache_dir(help="The cache folder to describe (default: the user's cache folder).")
@options.cache_max_mb(help=f"The cap to show (default: ${MAX_MB_ENV}, else {DEFAULT_MAX_MB}).")
def info_command(cache_dir, cache_max_mb) -> None:
    """Where the cache is, its size on disk, its entries, and when the least
    and the most recently used entry were last used. Creates nothing.

    \b
    Example:
      codepith cache info
    """
    got = cache_info(cache_dir, max_bytes=resolve_max_bytes(cache_max_mb))
    click.echo("\n".join(got.lines()))


@cache_group.command("clear")
@options.cache_dir(help="The cache folder to empty (default: the user's cache folder).")
@click.option(
    "-y", "--yes", is_flag=True, help="Do not ask for confirmation (needed when standard input is not a terminal)."
)
def clear_command(cache_dir, yes) -> None:
    """Delete every cached result and shrink the file.

    \b
    On a terminal it asks first; --yes does not ask. Without a terminal
    (scripts, CI) it refuses unless --yes is given, and says so. A run using
    the cache at the same time is not disturbed: it misses and recomputes.

    \b
    Example:
      codepith cache clear --yes
    """
    got = cache_info(cache_dir, max_bytes=0)
    if not got.exists:
        click.echo(f"{got.path}: no cache there; nothing to clear", err=True)
        return
    if not yes:
        if not sys.stdin.isatty():
            raise click.UsageError(
                f"clearing {got.path} ({got.entries} entries) needs confirmation and standard "
                "input is not a terminal; add --yes"
            )
        click.confirm(f"Delete {got.entries} entries ({human_bytes(got.bytes)}) from {got.path}?", abort=True, err=True)
    gone = clear_cache(cache_dir)
    after = cache_info(cache_dir, max_bytes=0)
    click.echo(
        f"{after.path}: {gone} entries deleted; {human_bytes(got.bytes)} -> {human_bytes(after.bytes)}", err=True
    )
