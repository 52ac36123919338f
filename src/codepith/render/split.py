"""Split a document into numbered parts under a token limit.

A document is a run of blocks (one per file) between a header and a footer.
:func:`plan_parts` cuts the run into contiguous parts: every block sits in
exactly one part, in order, and no part is over the limit unless it holds a
single block (a file larger than the limit alone gets a part of its own).

Token counts of concatenated texts are not always the sum of their parts' (a
tokenizer may merge across a boundary), so the plan is made with the sums and
then checked with ``exact``, the exact count of a whole part; a part the
exact count finds over the limit gives back its last block to the next one.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

__all__ = ["plan_parts", "part_path"]


def plan_parts(
    sizes: Sequence[int],
    limit: int,
    *,
    overhead: int | Callable[[int], int] = 0,
    exact: Callable[[int, int, int], int] | None = None,
) -> list[range]:
    """Contiguous ranges of block indices, one per part.

    ``sizes`` are the blocks' token counts; ``overhead`` is what a part costs
    around its blocks (header and footer), or a function of the part's index
    (the first part's header may hold the directory tree); ``exact(index,
    start, end)``, when given, is the exact token count of part ``index``
    holding blocks ``start:end``.
    """
    cost = overhead if callable(overhead) else (lambda _k: overhead)
    if limit < 1:
        raise ValueError(f"the token limit must be at least 1, got {limit}")
    parts: list[range] = []
    start, n = 0, len(sizes)
    while start < n:
        end, used = start + 1, cost(len(parts)) + sizes[start]
        while end < n and used + sizes[end] <= limit:
            used += sizes[end]
            end += 1
        if exact is not None:
            while end - start > 1 and exact(len(parts), start, end) > limit:
                end -= 1
        parts.append(range(start, end))
        start = end
    return parts


def part_path(output: str, number: int) -> str:
    """The file of part ``number`` of ``output``: the number goes before the
    extension (``pith.md`` -> ``pith.1.md``; ``pith`` -> ``pith.1``)."""
    folder, name = os.path.split(output)
    stem, dot, ext = name.rpartition(".")
    if not dot or not stem:  # no extension, or a dot file such as ".pith"
        return os.path.join(folder, f"{name}.{number}")
    return os.path.join(folder, f"{stem}.{number}.{ext}")
