"""Numbers for people: one short form for sizes and counts in summaries."""

from __future__ import annotations

__all__ = ["human", "human_bytes", "ratio", "ratio_text", "NO_RATIO"]


def human(n: float) -> str:
    """``n`` in a short form for tables: ``950``, ``1.2k``, ``3.4M``, ``1.0G``
    (decimal units: bytes and tokens alike)."""
    for unit, size in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= size:
            return f"{n / size:.1f}{unit}"
    return str(int(n))


def human_bytes(n: float) -> str:
    """A size in bytes for people: :func:`human` with a ``B``: ``950B``, ``1.2kB``, ``3.4MB``."""
    return human(n) + "B"


#: how a report shows the ratio of nothing to nothing (an empty file, an empty
#: run): there is no input to compress, so no ratio; JSON reports hold null
NO_RATIO = "n/a"


def ratio(out: float, into: float) -> float | None:
    """``out / into``; None when ``into`` is 0 (the ratio of an empty input is undefined)."""
    return out / into if into else None


def ratio_text(value: float | None, spec: str = ".3f") -> str:
    """A ratio for a table: ``0.412``, or :data:`NO_RATIO` for an undefined one."""
    return NO_RATIO if value is None else f"{value:{spec}}"
