# cython: language_level=3
"""The repository map's ranking loop (Cython). Twin of ``_rank_py``: same
names, arguments, errors and results, the same floating-point operations in
the same order over typed memoryviews, so both give the same bits."""

from cpython.array cimport array, clone
from libc.math cimport fabs
from libc.stdint cimport int64_t

__all__ = ["IMPLEMENTATION", "pagerank"]

IMPLEMENTATION = "cython"

cdef array _D = array("d")


def _check(offsets, targets, weights, start):
    cdef Py_ssize_t n = len(start)
    if len(offsets) != n + 1 or len(targets) != len(weights) or (n and offsets[n] != len(targets)):
        raise ValueError(
            f"pagerank: offsets must hold {n + 1} entries ending at len(targets), and targets and weights one per "
            f"edge; got {len(offsets)} offsets, {len(targets)} targets, {len(weights)} weights"
        )
    for t in targets:
        if not 0 <= t < n:
            raise ValueError(f"pagerank: target {t} is not a node (0..{n - 1})")
    return n


def pagerank(offsets, targets, weights, start, *, double damping, int rounds, double tolerance):
    """See ``_rank_py.pagerank``."""
    cdef Py_ssize_t n = _check(offsets, targets, weights, start)
    cdef const int64_t[::1] off = array("q", offsets)
    cdef const int64_t[::1] tgt = array("q", targets)
    cdef const double[::1] w = array("d", weights)
    cdef const double[::1] s = array("d", start)
    cdef array rank_a = clone(_D, n, False)
    cdef array next_a = clone(_D, n, False)
    cdef double[::1] rank = rank_a
    cdef double[::1] nxt = next_a
    cdef double[::1] swap
    cdef Py_ssize_t i, j, lo, hi, k
    cdef double r, dangling, change, total
    for i in range(n):
        rank[i] = s[i]
    with nogil:
        for k in range(rounds):
            for i in range(n):
                nxt[i] = (1.0 - damping) * s[i]
            dangling = 0.0
            for i in range(n):
                r = rank[i]
                if r == 0.0:
                    continue
                lo = off[i]
                hi = off[i + 1]
                if lo == hi:
                    dangling += r
                    continue
                r = r * damping
                for j in range(lo, hi):
                    nxt[tgt[j]] += r * w[j]
            if dangling != 0.0:
                dangling = dangling * damping
                for i in range(n):
                    if s[i] != 0.0:
                        nxt[i] += dangling * s[i]
            change = 0.0
            for i in range(n):
                change += fabs(nxt[i] - rank[i])
            swap = rank
            rank = nxt
            nxt = swap
            if change < tolerance:
                break
        total = 0.0
        for i in range(n):
            total += rank[i]
        if total == 0.0:
            total = 1.0
    out = clone(_D, n, False)
    cdef double[::1] o = out
    for i in range(n):
        o[i] = rank[i] / total
    return out
