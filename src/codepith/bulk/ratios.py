"""Compression ratios per language: the numbers ``codepith ratios`` reports.

:func:`measure_ratios` compresses every file of a tree at several levels at
once (one parse per file, in parallel, through :func:`codepith.bulk.compress_tree`)
and sums, per language and over all of them: files, input bytes and tokens,
and for each level the output bytes and tokens, the ratios (output / input,
summed over files, so large files weigh more) and the share of files whose
output is valid.

Only files that were compressed count: files in other languages, and files
skipped (binary, generated, minified, too large, unreadable) or kept whole
(compression failed or timed out) are counted apart, by reason.

The result is a plain dict, the shape ``codepith ratios --json`` prints::

    {"languages": {name: {"files", "bytes", "tokens", "seconds", "mb_per_s",
                          "levels": {level: {"bytes", "tokens", "byte_ratio",
                                             "token_ratio", "valid"}}}},
     "totals": {the same fields over all languages, and "wall_seconds",
                "wall_mb_per_s", "skipped", "skipped_by", "ignored"}}

``valid`` is a percentage (0 to 100). A ratio over zero input is ``None``.
"""

from __future__ import annotations

import os
import textwrap
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from .._settings import with_settings
from ..core.compress import LEVELS
from ..core.literals import Level
from ..core.units import human as _human
from ..core.units import ratio, ratio_text
from ..errors import InvalidOption
from .options import RatiosSettings, TreeOptions
from .run import FileResult, compress_tree

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["measure_ratios", "parse_levels", "format_table", "DEFAULT_LEVELS"]

DEFAULT_LEVELS: tuple[Level, ...] = ("signatures", "outline")


def parse_levels(levels: str | Iterable[str]) -> tuple[Level, ...]:
    """Levels from ``"signatures,outline"`` or a sequence: checked, in order, without repeats."""
    items = levels.split(",") if isinstance(levels, str) else list(levels)
    out: list[Level] = []
    for item in items:
        name = item.strip()
        if not name:
            continue
        if name not in LEVELS:
            raise InvalidOption("levels", f"unknown level {name!r}; levels: {', '.join(LEVELS)}")
        if name not in out:
            out.append(name)
    if not out:
        raise InvalidOption("levels", f"no level given; levels: {', '.join(LEVELS)}")
    return tuple(out)


class _Sums:
    """Running sums for one language (or all of them)."""

    __slots__ = ("files", "bytes", "tokens", "seconds", "levels")

    def __init__(self, levels: Sequence[str]) -> None:
        self.files = 0
        self.bytes = 0
        self.tokens = 0
        self.seconds = 0.0
        self.levels = {lv: [0, 0, 0] for lv in levels}  # bytes out, tokens out, valid files

    def add(self, r: FileResult) -> None:
        self.files += 1
        self.bytes += r.bytes_in
        self.tokens += r.tokens_in or 0
        self.seconds += r.seconds
        for lv, sums in self.levels.items():
            got = r.levels[lv]
            sums[0] += got.bytes_out
            sums[1] += got.tokens_out or 0
            sums[2] += bool(got.valid)

    def merge(self, other: _Sums) -> None:
        self.files += other.files
        self.bytes += other.bytes
        self.tokens += other.tokens
        self.seconds += other.seconds
        for lv, sums in self.levels.items():
            for i, v in enumerate(other.levels[lv]):
                sums[i] += v

    def as_dict(self) -> dict:
        return {
            "files": self.files,
            "bytes": self.bytes,
            "tokens": self.tokens,
            "levels": {
                lv: {
                    "bytes": b,
                    "tokens": t,
                    "byte_ratio": ratio(b, self.bytes),
                    "token_ratio": ratio(t, self.tokens),
                    "valid": 100.0 * v / self.files if self.files else None,
                }
                for lv, (b, t, v) in self.levels.items()
            },
            "seconds": self.seconds,
            "mb_per_s": self.bytes / 1e6 / self.seconds if self.seconds > 0 else None,
        }


def _skip_reason(r: FileResult) -> str:
    """Why an entry that is not ignored was not measured."""
    if r.action.startswith("skipped:"):
        return r.action.split(":", 1)[1]
    return r.action  # kept-whole: a supported file whose compression failed or timed out


def measure_ratios(
    roots: str | os.PathLike | Iterable[str | os.PathLike],
    options: TreeOptions | None = None,
    *,
    levels: Sequence[str] | str = DEFAULT_LEVELS,
    on_result: Callable[[FileResult], None] | None = None,
    **settings: Unpack[RatiosSettings],
) -> dict:
    """Byte and token ratios per language and level for every file under ``roots``.

    Each file is parsed once by a pool of ``jobs`` worker processes (default:
    every core) and compressed at every level in ``levels`` (the first one is
    the bulk run's main level). ``options`` (or ``settings``, its fields by
    name: ``include``, ``exclude``, ``max_file_bytes``, ``gitignore``,
    ``jobs``, ``encoding``, ``cache``, ``cache_dir``, ``cache_max_mb``…) are
    those of :func:`~codepith.bulk.run.compress_tree`; a ratios run measures
    only supported files, with exact tokens and no text, whatever they say.
    ``on_result`` sees every entry as it comes (for progress).

    Throughput: ``seconds`` sums each file's compute time (reading aside:
    input tokens, then every level compressed and its output counted) on one
    core, so ``mb_per_s`` is per-core throughput; a result from the cache
    keeps the time of the run that computed it. ``wall_seconds`` and
    ``wall_mb_per_s`` in the totals time the whole call.
    """
    levels = parse_levels(levels)
    options = with_settings(TreeOptions, options, settings, "measure_ratios")
    options = replace(options, level=levels[0], levels=levels, only_supported=True, tokens=True, with_text=False)
    tally = _Tally(levels)
    t0 = time.perf_counter()
    for r in compress_tree(roots, options, on_result=on_result):
        tally.add(r)
    return tally.report(time.perf_counter() - t0)


class _Tally:
    """The sums of a ratios run, per language, and what it left out."""

    def __init__(self, levels: tuple[str, ...]) -> None:
        self.levels = levels
        self.per_language: dict[str, _Sums] = {}
        self.skipped: dict[str, int] = {}
        self.ignored = 0

    def add(self, r: FileResult) -> None:
        if r.action == "compressed" and r.language is not None and all(lv in r.levels for lv in self.levels):
            sums = self.per_language.get(r.language)
            if sums is None:
                sums = self.per_language[r.language] = _Sums(self.levels)
            sums.add(r)
        elif r.action.startswith("ignored:"):
            self.ignored += r.files
        else:
            reason = _skip_reason(r)
            self.skipped[reason] = self.skipped.get(reason, 0) + r.files

    def report(self, wall: float) -> dict:
        totals = _Sums(self.levels)
        for sums in self.per_language.values():
            totals.merge(sums)
        total = totals.as_dict()
        total.update(
            wall_seconds=wall,
            wall_mb_per_s=total["bytes"] / 1e6 / wall if wall > 0 else None,
            skipped=sum(self.skipped.values()),
            skipped_by=dict(sorted(self.skipped.items())),
            ignored=self.ignored,
        )
        return {
            "languages": {name: self.per_language[name].as_dict() for name in sorted(self.per_language)},
            "totals": total,
        }


# --------------------------------------------------------------------------- the table


def _speed(mb_per_s: float | None) -> str:
    if mb_per_s is None:
        return "-"
    return f"{mb_per_s:.2f}" if mb_per_s < 10 else f"{mb_per_s:.1f}"


def _num(value: float | None, spec: str, suffix: str = "") -> str:
    return "-" if value is None else f"{value:{spec}}{suffix}"


# (header, width, align) of each column; fits 100 columns whatever the levels
_COLUMNS = (
    ("language", 11, "<"),
    ("files", 6, ">"),
    ("bytes", 9, ">"),
    ("tokens", 9, ">"),
    ("", 2, "<"),
    ("level", 11, "<"),
    ("bytes", 9, ">"),
    ("tokens", 9, ">"),
    ("bytes", 7, ">"),
    ("tokens", 7, ">"),
    ("valid", 8, ">"),
    ("MB/s", 7, ">"),
)
_GROUPS = ((2, 4, "input"), (6, 8, "output"), (8, 10, "ratio"))


def _row(cells: Sequence[str]) -> str:
    return "".join(f"{c:{a}{w}}" for c, (_h, w, a) in zip(cells, _COLUMNS, strict=False)).rstrip()


def _group_line() -> str:
    line = ""
    starts = [0]
    for _h, w, _a in _COLUMNS:
        starts.append(starts[-1] + w)
    for first, end, label in _GROUPS:
        left, right = starts[first] + 1, starts[end]
        span = right - left
        text = f" {label} ".center(span, "-")
        line = line.ljust(left) + text
    return line


def format_table(report: dict, *, encoding: str | None = None) -> str:
    """``report`` (from :func:`measure_ratios`) as aligned plain text, under 100 columns.

    One row per language and level; the language's input sizes and its
    per-core throughput sit on its first row. A footer says what was skipped.
    """
    lines = [_group_line(), _row([h for h, _w, _a in _COLUMNS])]
    rows = list(report["languages"].items())
    totals = report["totals"]
    rows.append(("total", totals))
    for name, row in rows:
        if name == "total":
            lines.append("-" * len(lines[1]))
        for i, (level, got) in enumerate(row["levels"].items()):
            head = (
                [name, str(row["files"]), _human(row["bytes"]), _human(row["tokens"])] if i == 0 else ["", "", "", ""]
            )
            mbs = _speed(row.get("mb_per_s")) if i == 0 else ""
            lines.append(
                _row(
                    head
                    + [
                        "",
                        level,
                        _human(got["bytes"]),
                        _human(got["tokens"]),
                        ratio_text(got["byte_ratio"]),
                        ratio_text(got["token_ratio"]),
                        _num(got["valid"], ".1f", "%"),
                        mbs,
                    ]
                )
            )
    tokens = f"{encoding} tokens" if encoding else "tokens"
    notes = [
        f"ratio = output / input, summed over files ({tokens}); valid = % of files whose output "
        "holds no more parse-error nodes than their input; MB/s = input per core-second.",
    ]
    wall = totals.get("wall_seconds")
    if wall is not None:
        speed = totals.get("wall_mb_per_s")
        notes.append(
            f"{totals['files']} files measured in {wall:.1f} s" + (f" ({speed:.1f} MB/s overall)." if speed else ".")
        )
    skipped = totals.get("skipped_by") or {}
    tail = f"Not measured: {totals.get('skipped', 0)} files skipped"
    if skipped:
        tail += " (" + ", ".join(f"{n} {reason}" for reason, n in skipped.items()) + ")"
    tail += f", {totals.get('ignored', 0)} ignored (.git, .gitignore, --include, --exclude)."
    notes.append(tail)
    lines.append("")
    for note in notes:
        lines.extend(textwrap.wrap(note, width=95, break_on_hyphens=False))
    return "\n".join(lines) + "\n"
