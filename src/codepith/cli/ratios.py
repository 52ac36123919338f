"""``codepith ratios``: compression ratios per language, as a table, JSON or a chart."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from ..bulk.chart import INSTALL_HINT, ChartUnavailable, chart_format, ratio_chart
from ..bulk.options import TreeOptions
from ..bulk.ratios import DEFAULT_LEVELS, format_table, measure_ratios
from ..core.compress import LEVELS
from ..errors import CodepithError
from . import options
from ._output import check_writable
from .options import command

CHART_MISSING = f"--chart needs matplotlib: {INSTALL_HINT}"


def _package_root() -> str:
    return str(Path(__file__).resolve().parent.parent)


@command(name="ratios")
@click.argument("paths", nargs=-1, metavar="[DIR]...", type=click.Path(exists=True))
@click.option(
    "--levels",
    default=",".join(DEFAULT_LEVELS),
    show_default=True,
    metavar="LEVEL[,LEVEL…]",
    help=f"Levels to measure, comma separated ({', '.join(LEVELS)}).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of the table.")
@click.option(
    "--chart",
    type=click.Path(),
    metavar="FILE.png",
    help="Also draw the token ratios per language and level as a bar chart "
    "(needs matplotlib: pip install 'codepith[chart]').",
)
@options.include()
@options.exclude()
@options.max_file_bytes()
@options.jobs()
@options.encoding()
@options.cache_dir()
@options.cache_max_mb()
@options.no_cache()
@options.no_gitignore()
def ratios_command(paths, levels, as_json, chart, **params) -> None:
    """Measure compression ratios per language: the benchmark numbers.

    Every file in a supported language under the DIRs (files work too;
    default: codepith's own source) is parsed once, in parallel, and
    compressed at each of --levels. Per language and in total: files, input
    bytes and tokens, and per level the output bytes and tokens, the ratios
    and the share of valid files, plus throughput.

    \b
    ratio   output / input, summed over files (large files weigh more);
            lower is smaller. Tokens are exact counts with --encoding.
    valid   a percentage (0-100, in the table and the JSON alike) of files
            whose output holds no more parse-error nodes than their input.
    MB/s    input megabytes per core-second of compression and counting
            (a cached result keeps the time of the run that computed it);
            the footer and JSON "wall_seconds" give elapsed time.

    Files in other languages, and binary, generated, minified, too large or
    unreadable files, are not measured; nor are supported files kept whole
    because compression failed. The footer (JSON: totals "skipped",
    "skipped_by") counts them by reason; "ignored" counts what .git,
    .gitignore, --include and --exclude left out. TSX is its own language.

    \b
    --json prints:
      {"languages": {NAME: {"files", "bytes", "tokens", "seconds", "mb_per_s",
                            "levels": {LEVEL: {"bytes", "tokens", "byte_ratio",
                                               "token_ratio", "valid"}}}},
       "totals": {the same fields, "wall_seconds", "wall_mb_per_s",
                  "skipped", "skipped_by", "ignored"}}
    A ratio over no input is null.

    \b
    Examples:
      codepith ratios corpus/go corpus/python
      codepith ratios repo/ --levels signatures --json > ratios.json
      codepith ratios repo/ --chart ratios.png --no-cache
    """
    if chart:
        _check_chart(chart)
    roots = list(paths) or [_package_root()]
    run = options.options_from(TreeOptions, params)
    progress = _progress() if sys.stderr.isatty() else None
    try:
        report = measure_ratios(roots, run, levels=levels, on_result=progress.advance if progress else None)
    finally:
        if progress is not None:
            progress.stop()
    _emit(report, as_json, chart, run.encoding)


def _check_chart(chart: str) -> None:
    """Fail before the measurement, not after it: a chart format matplotlib
    cannot write, matplotlib missing, or a path that cannot be written."""
    try:
        chart_format(chart)
    except ChartUnavailable:
        raise CodepithError(CHART_MISSING) from None
    except CodepithError as exc:
        raise click.BadParameter(str(exc), param_hint="--chart") from None
    check_writable(chart, "--chart", "the chart")


def _emit(report: dict, as_json: bool, chart: str | None, encoding: str) -> None:
    if as_json:
        click.echo(json.dumps(report, indent=2))
    else:
        click.echo(format_table(report, encoding=encoding), nl=False)
    if chart:
        try:
            ratio_chart(report, chart)
        except ChartUnavailable:
            raise CodepithError(CHART_MISSING) from None
        if not as_json:
            click.echo(f"Chart written to {os.fspath(chart)}.")


class _progress:
    """A transient count of files measured, on standard error."""

    def __init__(self) -> None:
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        self.p = Progress(
            SpinnerColumn(), TextColumn("measuring: {task.completed} files"), TimeElapsedColumn(), transient=True
        )
        self.task = self.p.add_task("ratios", total=None)
        self.p.start()

    def advance(self, result) -> None:
        self.p.advance(self.task, result.files)

    def stop(self) -> None:
        self.p.stop()
