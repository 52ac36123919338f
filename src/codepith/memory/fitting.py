"""The most of something that fits a token budget, by binary search."""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["most_that_fit"]


def most_that_fit(low: int, high: int, fits: Callable[[int], bool]) -> int:
    """The largest ``k`` in ``low..high`` for which ``fits(k)`` holds, or
    ``low`` when none above it does.

    A binary search, for a ``fits`` that is true up to some ``k`` and false
    after: more lines, words or definitions make a longer text. Token counts
    are only nearly monotonic in the text (adding a line can merge tokens at
    the join), so the ``k`` found is checked, and walked down until it fits:
    the answer always fits, unless it is ``low``, which the caller checks."""
    lo, hi = low, max(low, high)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    while lo > low and not fits(lo):
        lo -= 1
    return lo
