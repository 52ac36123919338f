"""Numbers for people: one short form for sizes and counts in summaries."""

from __future__ import annotations

__all__ = ["human", "human_bytes"]


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
