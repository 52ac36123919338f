"""Micro-benchmark of the context-pressure loop (score + select), 100,000 items:
native core vs pure-Python twin.

Run: pytest benchmarks/test_bench_scoring.py --benchmark-enable --benchmark-group-by=group
"""

import pytest

from scoring_items import make_items, plan_once, scoring_impl


@pytest.fixture(scope="session")
def items_100k():
    return make_items(100_000)


@pytest.mark.parametrize("name", ["cython", "python"])
@pytest.mark.benchmark(group="pressure plan, 100,000 items")
def test_bench_pressure_plan_100k(benchmark, items_100k, name):
    _, phase, _, used = benchmark(plan_once, scoring_impl(name), items_100k)
    assert used <= items_100k[3] and {4} <= set(phase)  # every stale phase ran
