"""A grouped bar chart of compression ratios (matplotlib, drawn off-screen).

matplotlib is an optional extra (``pip install 'codepith[chart]'``) and is
imported only when a chart is drawn. The figure is rendered with the Agg
canvas directly, never through ``pyplot``, so drawing a chart does not touch
the host program's matplotlib backend or global figure state.
"""

from __future__ import annotations

import os

from ..errors import CodepithError

__all__ = ["ChartUnavailable", "INSTALL_HINT", "chart_format", "ratio_chart"]

INSTALL_HINT = "pip install 'codepith[chart]'"


class ChartUnavailable(CodepithError):
    """matplotlib is not installed."""


def _matplotlib():
    """(Figure, FigureCanvasAgg), or ChartUnavailable when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401  (first, so a missing package fails here)
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError as exc:
        raise ChartUnavailable(f"drawing a chart needs matplotlib: {INSTALL_HINT}") from exc
    return Figure, FigureCanvasAgg


def chart_format(path: str | os.PathLike) -> str:
    """The image format for ``path`` from its extension (``png`` without one).

    Raises :class:`ChartUnavailable` when matplotlib is missing and
    :class:`CodepithError` for an extension it cannot write, so a caller can
    check both before a long measurement.
    """
    Figure, FigureCanvasAgg = _matplotlib()
    ext = os.path.splitext(os.fspath(path))[1].lower().lstrip(".")
    if not ext:
        return "png"
    supported = FigureCanvasAgg(Figure()).get_supported_filetypes()
    if ext not in supported:
        raise CodepithError(f"cannot write a chart as .{ext}; formats: {', '.join(sorted(supported))}")
    return ext


def ratio_chart(
    report: dict,
    path: str | os.PathLike,
    *,
    metric: str = "token_ratio",
    title: str | None = None,
) -> None:
    """Draw ``report`` (from :func:`codepith.ratios.measure_ratios`) to ``path``.

    One group of bars per language, and one for all of them, with a bar per
    level showing ``metric`` (``token_ratio`` or ``byte_ratio``): output over
    input, lower is smaller.
    """
    if metric not in ("token_ratio", "byte_ratio"):
        raise CodepithError(f"metric must be token_ratio or byte_ratio, got {metric!r}")
    fmt = chart_format(path)
    Figure, FigureCanvasAgg = _matplotlib()
    languages = report["languages"]
    if not languages:
        raise CodepithError("no file in a supported language was measured: nothing to chart")
    totals = report["totals"]
    levels = list(totals["levels"])
    groups = [(name, row) for name, row in languages.items()]
    if len(groups) > 1:
        groups.append(("all", totals))

    fig = Figure(figsize=(max(6.0, 1.5 + len(groups) * (0.5 + 0.45 * len(levels))), 4.5), dpi=120)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    width = 0.8 / len(levels)
    xs = range(len(groups))
    for i, level in enumerate(levels):
        values = [row["levels"][level][metric] or 0.0 for _name, row in groups]
        offsets = [x - 0.4 + width * (i + 0.5) for x in xs]
        bars = ax.bar(offsets, values, width, label=level)
        ax.bar_label(bars, labels=[f"{v:.2f}" for v in values], fontsize=8, padding=2)
    ax.set_xticks(list(xs))
    ax.set_xticklabels([f"{name}\n{row['files']} files" for name, row in groups])
    unit = "tokens" if metric == "token_ratio" else "bytes"
    ax.set_ylabel(f"{unit} out / {unit} in")
    top = max((row["levels"][lv][metric] or 0.0) for _n, row in groups for lv in levels)
    ax.set_ylim(0, max(1.0, top) * 1.12)
    ax.axhline(1.0, color="0.6", linewidth=0.8, linestyle="--")
    ax.set_title(title or f"codepith: {unit[:-1]} ratio per language and level (lower is smaller)")
    ax.legend(title="level", fontsize=8, loc="upper right")
    ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    fig.savefig(os.fspath(path), format=fmt)
