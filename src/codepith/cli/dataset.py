"""``codepith dataset compress``: a dataset of files compressed on Dask."""

from __future__ import annotations

import importlib.util
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import click

from ..bulk import datasets as cdask
from ..core.compress import LEVELS
from ..core.discover import WalkOptions
from ..core.units import human as _human
from ..errors import CodepithError
from . import options


@options.group(name="dataset")
def dataset_group() -> None:
    """Datasets of files (Parquet, JSONL or a source tree) on a Dask cluster.

    Needs the optional dependencies: pip install "codepith[dask]".
    """


@dataset_group.command(name="compress", renames={"prefix": "column_prefix"})
@click.argument("input_path", metavar="INPUT", type=click.Path())
@click.argument("output", metavar="OUTPUT", type=click.Path())
@click.option(
    "--level",
    type=click.Choice(LEVELS),
    default="signatures",
    show_default=True,
    help="full: unchanged; signatures: bodies elided; outline: also docs cut to one line, "
    "comments, large data and inert top-level blocks elided.",
)
@click.option(
    "--input-format",
    type=click.Choice(cdask.INPUT_FORMATS),
    default="auto",
    show_default=True,
    help="auto: a .parquet file or a folder of them (or with key=value partition folders) "
    "is Parquet; .jsonl/.ndjson/.json files (or a folder of them) are JSONL; any other "
    "folder is a source tree, walked like `codepith compress` walks it.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(cdask.OUTPUT_FORMATS),
    default="parquet",
    show_default=True,
    help="OUTPUT is a folder of part files in this format (part.00000.parquet, …).",
)
@click.option(
    "--path-column",
    default="path",
    show_default=True,
    metavar="NAME",
    help="The input column holding each row's path (its extension picks the language).",
)
@click.option(
    "--content-column",
    default="content",
    show_default=True,
    metavar="NAME",
    help="The input column holding each row's content (text or bytes).",
)
@click.option(
    "--column-prefix",
    default="",
    metavar="PREFIX",
    help="Prefix codepith's result columns (when the input already has a `language` column, …).",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="Run on an existing Dask cluster (tcp://host:8786); its workers need codepith[dask] "
    "installed and must reach INPUT and OUTPUT. Default: a local cluster on this machine.",
)
@click.option(
    "--workers", type=int, default=None, help="Worker processes of the local cluster (default: one per core)."
)
@click.option(
    "--partitions",
    type=int,
    default=None,
    metavar="N",
    help="Split the input into N partitions (default: about 1/100 of the input each, "
    "between 1 and 64 MiB). A partition is what one worker holds in memory at a time.",
)
@options.max_file_bytes(
    help="Rows whose content is larger are kept whole (skipped:too-large); files of a source tree over it are not read."
)
@click.option("--line-refs", is_flag=True, help="Name the original line range in each placeholder.")
@options.encoding()
@options.no_tokens(help="Skip token counting (faster; token columns are null).")
@options.include(help="Source tree only: only files matching this gitignore-style glob (repeatable).")
@options.exclude(help="Source tree only: leave out matching paths (repeatable).")
@options.no_gitignore(help="Source tree only: do not honour .gitignore files.")
@options.no_default_ignores(
    help="Source tree only: do not leave out dependencies, build output, lock files, "
    "minified files and source maps (ignored:default rows; see docs/bulk.md)."
)
@options.no_security_check(
    help="Do not scan rows for secrets (by default a row whose content holds an API key, "
    "token, private key or password gets a null content and compressed, action "
    "skipped:secret)."
)
@click.option("--overwrite", is_flag=True, help="Replace the part files of an earlier run in OUTPUT.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar and no summary on standard error.")
def dataset_compress_command(
    input_path, output, input_format, fmt, scheduler, workers, partitions, overwrite, quiet, **params
) -> int:
    """Compress every row of a dataset on Dask.

    \b
    INPUT holds rows with a path and a content column: a Parquet dataset,
    JSONL files, or a source tree (one row per file). OUTPUT is a folder of
    Parquet (or JSONL) part files with every input column and codepith's:
    language, level, compressed, action, reason, bytes_in, bytes_out,
    tokens_in, tokens_out, elisions, valid. No row is dropped: a row that is
    not compressed keeps its content in `compressed`, with its action
    (kept-whole, skipped:binary, …) and reason -- except a row holding a
    secret (skipped:secret): its content and compressed are null, and it is
    named on standard error with the finding's kind and line. In JSONL, content that is not
    UTF-8 shows U+FFFD for its invalid bytes, and the row's reason says so.
    Bad input costs only itself: a JSONL line that is not JSON, content that
    is not text or not valid Unicode are rows saying so; an unreadable Parquet
    file is left out; each is named on standard error.

    \b
    Examples:
      codepith dataset compress rows.parquet out/
      codepith dataset compress data/ out/ --format jsonl --content-column text
      codepith dataset compress repo/ out/ --scheduler tcp://10.0.0.5:8786 --partitions 64
    """
    cdask._require()
    # the library checks every argument before any work: the cluster's, then the rows'
    cluster = cdask.local_client(scheduler, workers=workers)
    frame_options = options.options_from(
        cdask.FrameOptions, params, text=fmt == "jsonl", prefix=params.pop("column_prefix")
    )
    walk = options.options_from(WalkOptions, params, skip=(output,), max_file_bytes=frame_options.max_file_bytes)
    tree_options = walk.include or walk.exclude or not walk.gitignore or not walk.default_ignores
    # the input is listed, its columns and OUTPUT checked, before a cluster starts
    with _input_format_hint():
        kind = _input_kind(input_path, input_format, tree_options=bool(tree_options))
        cdask.check_output(output, overwrite=overwrite)
        if kind == "tree":
            frame = cdask.compress_directory(input_path, frame_options, walk=walk, partitions=partitions)
        else:
            frame = _compressed_dataset(input_path, kind, partitions, frame_options)

    from ..bulk.datasets.cluster import one_line_logs

    with one_line_logs(), cluster as client:
        if not quiet:
            _announce(client, f"{kind} {input_path} -> {output} ({fmt}), {frame.npartitions} partitions", scheduler)
        t0 = time.perf_counter()
        summary = _write(
            frame, output, fmt, overwrite, frame_options, client, progress=not quiet and sys.stderr.isatty()
        )
        seconds = time.perf_counter() - t0
    if not quiet:
        _print_summary(summary, seconds, tokens=frame_options.tokens)
    _print_problems(summary)
    # input left out of OUTPUT (an unreadable Parquet file) is a codepith error, once the rest is written
    return 1 if summary.failed else 0


@contextmanager
def _input_format_hint() -> Iterator[None]:
    """The library's "name the input's format" said with this command's flag."""
    try:
        yield
    except cdask.UnknownInputFormat as exc:
        raise CodepithError(f"{exc.what}; pass --input-format{exc.or_else}") from None


def _input_kind(input_path: str, input_format: str, *, tree_options: bool) -> str:
    """``tree``, ``parquet`` or ``jsonl``: what INPUT is read as."""
    if "://" not in input_path and not os.path.exists(input_path):
        raise click.BadParameter(f"{input_path}: no such file or directory", param_hint="INPUT")
    kind = cdask.detect_format(input_path) if input_format == "auto" else input_format
    if kind != "tree" and tree_options:
        raise click.UsageError(
            "--include, --exclude, --no-gitignore and --no-default-ignores apply to a source tree INPUT"
        )
    return kind


def _compressed_dataset(input_path: str, kind: str, partitions: int | None, frame_options):
    """The compressed frame over a Parquet or JSONL INPUT, its columns checked."""
    frame = cdask.read_dataset(input_path, format=kind, partitions=partitions)
    cdask.check_columns(list(frame.columns), frame_options, what=f"INPUT ({kind})")
    return cdask.compress_frame(frame, frame_options)


def _announce(client, what: str, scheduler: str | None) -> None:
    """One line on stderr: what runs where (and the dashboard's address)."""
    where = scheduler or f"a local cluster of {len(client.scheduler_info().get('workers', {}))} workers"
    line = f"codepith: {what}, on {where}"
    link = _dashboard(client)
    if link:
        line += f"; dashboard: {link}"
    click.echo(line, err=True)


def _write(frame, output: str, fmt: str, overwrite: bool, frame_options, client, *, progress: bool):
    """Write the frame's part files (with a progress bar over partitions); the summary."""
    bar = _Progress(frame.npartitions) if progress else None
    try:
        return cdask.write_dataset(
            frame,
            output,
            format=fmt,
            overwrite=overwrite,
            content_column=frame_options.content_column,
            path_column=frame_options.path_column,
            prefix=frame_options.prefix,
            client=client,
            on_partition=bar.advance if bar is not None else None,
        )
    finally:
        if bar is not None:
            bar.close()


def _print_problems(summary) -> None:
    """Name on stderr the input that is not in the output as it came (also with -q)."""
    err = sys.stderr
    for message in summary.failed:
        err.write(f"codepith: error: {message}\n")
    for path, action, reason in summary.problems:
        where = f"{path}: " if path else ""
        err.write(f"codepith: warning: {where}{action}: {reason}\n")
    more = summary.problem_rows - len(summary.problems)
    if more > 0:
        err.write(f"codepith: warning: {more} more rows of bad input; see the action and reason columns\n")


def _dashboard(client) -> str | None:
    if importlib.util.find_spec("bokeh") is None:  # the dashboard needs it
        return None
    return getattr(client, "dashboard_link", None)


class _Progress:
    """A progress bar over partitions, on standard error."""

    def __init__(self, total: int) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        self.p = Progress(
            TextColumn("partitions"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rows]} rows"),
            TimeRemainingColumn(),
            transient=True,
            console=Console(stderr=True),
        )
        self.p.start()
        self.rows = 0
        self.task = self.p.add_task("partitions", total=total, rows=0)

    def advance(self, stats: dict) -> None:
        self.rows += stats["rows"]
        self.p.update(self.task, advance=1, rows=self.rows)

    def close(self) -> None:
        self.p.stop()


def _print_summary(summary, seconds: float, *, tokens: bool) -> None:
    err = sys.stderr
    head = f"{'language':<11}{'rows':>8}{'bytes in':>10}{'out':>9}{'ratio':>7}"
    if tokens:
        head += f"{'tokens in':>11}{'out':>9}{'ratio':>7}"
    err.write(head + "\n")
    rows = sorted(summary.languages.items())
    rows.append(
        (
            "total",
            {
                "rows": summary.rows,
                "bytes_in": summary.bytes_in,
                "bytes_out": summary.bytes_out,
                "tokens_in": summary.tokens_in,
                "tokens_out": summary.tokens_out,
            },
        )
    )
    for name, v in rows:
        line = (
            f"{name:<11}{v['rows']:>8}{_human(v['bytes_in']):>10}{_human(v['bytes_out']):>9}"
            f"{(v['bytes_out'] / v['bytes_in']) if v['bytes_in'] else 0:>7.3f}"
        )
        if tokens:
            line += (
                f"{_human(v['tokens_in']):>11}{_human(v['tokens_out']):>9}"
                f"{(v['tokens_out'] / v['tokens_in']) if v['tokens_in'] else 0:>7.3f}"
            )
        err.write(line + "\n")
    actions = ", ".join(f"{n} {k}" for k, n in sorted(summary.actions.items()))
    err.write(f"{summary.rows} rows in {summary.partitions} partitions in {seconds:.1f} s: {actions}\n")
    if summary.failed:
        err.write(f"{len(summary.failed)} partitions could not be read; their rows are not in the output\n")
