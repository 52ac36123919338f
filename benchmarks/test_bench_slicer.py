"""Micro-benchmarks of the slicer: native core vs pure-Python twin.

Run: pytest benchmarks --benchmark-enable --benchmark-group-by=group
"""

import pytest

from conftest import impl


@pytest.mark.parametrize("name", ["cython", "python"])
@pytest.mark.benchmark(group="slice_bytes 1 MiB, 10k edits")
def test_bench_slice_bytes_1mib_10k_edits(benchmark, mib_source, name):
    data, edits = mib_source
    module = impl(name)
    out = benchmark(module.slice_bytes, data, edits)
    assert len(out) == 10_000 and out.expand() == data


@pytest.mark.parametrize("name", ["cython", "python"])
@pytest.mark.benchmark(group="line_index 10 MiB")
def test_bench_line_index_10mib(benchmark, ten_mib_source, name):
    module = impl(name)
    idx = benchmark(module.line_index, ten_mib_source)
    assert idx.line_count == ten_mib_source.count(b"\n")
