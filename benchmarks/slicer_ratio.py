"""Print native-vs-twin medians and ratios for the slicer and the
context-pressure loop, measured side by side.

    python benchmarks/slicer_ratio.py [--repeat N]
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from conftest import impl, make_edits, make_source  # noqa: E402
from scoring_items import make_items, plan_once, scoring_impl  # noqa: E402


def median_seconds(fn, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    mib = make_source(1 << 20)
    edits = make_edits(mib, 10_000)
    ten = make_source(10 << 20)
    items = make_items(100_000)
    cases = [
        ("slice_bytes, 1 MiB, 10,000 edits", impl, lambda m: lambda: m.slice_bytes(mib, edits)),
        ("line_index, 10 MiB", impl, lambda m: lambda: m.line_index(ten)),
        ("pressure plan, 100,000 items", scoring_impl, lambda m: lambda: plan_once(m, items)),
    ]
    print(f"{'benchmark':<36} {'native ms':>10} {'python ms':>10} {'ratio':>7}")
    for label, module, make in cases:
        # interleave the two so machine noise hits both alike
        nat, py = [], []
        for _ in range(args.repeat):
            nat.append(median_seconds(make(module("cython")), 1))
            py.append(median_seconds(make(module("python")), 1))
        n, p = statistics.median(nat), statistics.median(py)
        print(f"{label:<36} {n * 1e3:>10.2f} {p * 1e3:>10.2f} {p / n:>6.1f}x")


if __name__ == "__main__":
    main()
