"""The repository map's ranking loop, in pure Python: the twin of
``_rank.pyx``, with the same names, arguments, errors and results (the same
floating-point operations in the same order, so both give the same bits).

:func:`pagerank` is power iteration over a graph in compressed rows: node
``i``'s edges are ``targets[offsets[i]:offsets[i + 1]]`` with ``weights`` that
sum to 1 (or none: a node without edges gives its rank back to ``start``).
"""

from __future__ import annotations

from array import array

__all__ = ["IMPLEMENTATION", "pagerank"]

IMPLEMENTATION = "python"


def _check(offsets, targets, weights, start) -> int:
    n = len(start)
    if len(offsets) != n + 1 or len(targets) != len(weights) or (n and offsets[n] != len(targets)):
        raise ValueError(
            f"pagerank: offsets must hold {n + 1} entries ending at len(targets), and targets and weights one per "
            f"edge; got {len(offsets)} offsets, {len(targets)} targets, {len(weights)} weights"
        )
    for t in targets:
        if not 0 <= t < n:
            raise ValueError(f"pagerank: target {t} is not a node (0..{n - 1})")
    return n


def pagerank(offsets, targets, weights, start, *, damping: float, rounds: int, tolerance: float) -> array:
    """The stationary distribution of a walk that follows an edge with
    probability ``damping`` and restarts at ``start`` otherwise: at most
    ``rounds`` rounds, fewer once the ranks move by less than ``tolerance``
    (the sum of the absolute changes); normalised to sum to 1."""
    n = _check(offsets, targets, weights, start)
    rank = array("d", start)
    restart = array("d", [(1.0 - damping) * s for s in start])
    for _ in range(rounds):
        nxt = array("d", restart)
        dangling = 0.0
        for i in range(n):
            r = rank[i]
            if r == 0.0:
                continue
            lo, hi = offsets[i], offsets[i + 1]
            if lo == hi:
                dangling += r
                continue
            r = r * damping
            for j in range(lo, hi):
                nxt[targets[j]] += r * weights[j]
        if dangling != 0.0:
            dangling = dangling * damping
            for i in range(n):
                if start[i] != 0.0:
                    nxt[i] += dangling * start[i]
        change = 0.0
        for i in range(n):
            change += abs(nxt[i] - rank[i])
        rank = nxt
        if change < tolerance:
            break
    total = 0.0
    for i in range(n):
        total += rank[i]
    if total == 0.0:
        total = 1.0
    return array("d", [r / total for r in rank])
