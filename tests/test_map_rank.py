"""The repository map's ranking loop, on both implementations: a ranking
that sums to 1, restarts where it is told, gives a dead end's rank back, and
the same bits from the compiled core and its twin."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import IMPLEMENTATIONS, load_impl

ARGS = {"damping": 0.85, "rounds": 100, "tolerance": 1e-12}


def csr(edges: list[list[tuple[int, float]]]):
    offsets, targets, weights = [0], [], []
    for out in edges:
        total = sum(w for _t, w in out)
        targets += [t for t, _w in out]
        weights += [w / total for _t, w in out]
        offsets.append(len(targets))
    return offsets, targets, weights


def test_a_cycle_ranks_every_node_alike(rank):
    offsets, targets, weights = csr([[(1, 1.0)], [(2, 1.0)], [(0, 1.0)]])
    ranks = rank.pagerank(offsets, targets, weights, [1 / 3] * 3, **ARGS)
    assert all(math.isclose(r, 1 / 3) for r in ranks)


def test_the_walk_restarts_where_it_is_told_and_a_dead_end_gives_back(rank):
    # 0 -> 1 -> 2, 2 has no edge; the walk restarts at 0 only
    offsets, targets, weights = csr([[(1, 1.0)], [(2, 1.0)], []])
    ranks = rank.pagerank(offsets, targets, weights, [1.0, 0.0, 0.0], **{**ARGS, "rounds": 400})
    assert math.isclose(sum(ranks), 1.0)
    assert ranks[0] > ranks[1] > ranks[2] > 0
    # the stationary equations: r0 = 0.15 + 0.85 r2 (what 2 gives back), r1 = 0.85 r0, r2 = 0.85 r1
    r0 = 0.15 / (1 - 0.85**3)
    assert math.isclose(ranks[0], r0 / (r0 * (1 + 0.85 + 0.85**2)), rel_tol=1e-9)


def test_bad_graphs_are_refused_naming_what_is_wrong(rank):
    with pytest.raises(ValueError, match="offsets must hold 3 entries"):
        rank.pagerank([0, 1], [1], [1.0], [0.5, 0.5], **ARGS)
    with pytest.raises(ValueError, match="target 5 is not a node"):
        rank.pagerank([0, 1, 1], [5], [1.0], [0.5, 0.5], **ARGS)
    assert list(rank.pagerank([0], [], [], [], **ARGS)) == []


@st.composite
def graphs(draw):
    n = draw(st.integers(1, 12))
    edges = [
        draw(st.lists(st.tuples(st.integers(0, n - 1), st.floats(0.01, 10.0)), max_size=5, unique_by=lambda e: e[0]))
        for _ in range(n)
    ]
    seeds = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    start = [1.0 if s else 0.0 for s in seeds] if any(seeds) else [1.0] * n
    total = sum(start)
    return csr(edges), [s / total for s in start]


@given(graph=graphs(), rounds=st.integers(1, 60))
def test_hyp_the_ranks_sum_to_one_and_are_never_negative(rank, graph, rounds):
    (offsets, targets, weights), start = graph
    ranks = rank.pagerank(offsets, targets, weights, start, damping=0.85, rounds=rounds, tolerance=1e-9)
    assert math.isclose(sum(ranks), 1.0, rel_tol=1e-9) and min(ranks) >= 0


# The compiled core and its twin agree to the bit (a pure-Python run has only one).
if len(IMPLEMENTATIONS) == 2:

    @given(graph=graphs(), rounds=st.integers(1, 60))
    def test_hyp_both_implementations_give_the_same_bits(graph, rounds):
        (offsets, targets, weights), start = graph
        args = {"damping": 0.85, "rounds": rounds, "tolerance": 1e-9}
        py = load_impl("python", "rank").pagerank(offsets, targets, weights, start, **args)
        cy = load_impl("cython", "rank").pagerank(offsets, targets, weights, start, **args)
        assert list(py) == list(cy)
