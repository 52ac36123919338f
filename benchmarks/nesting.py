"""Compress time and memory against nesting depth and literal size, per language.

    python benchmarks/nesting.py [--depths 1000,10000,50000] [--sizes 1,5,20] [--runs 3]

Each case is built in memory (nested function literals and data at 1k/10k/50k
levels, each unit repeated to about the same size so that depths compare on
equal input; one literal of 1/5/20 MB on one line) and compressed at
``signatures`` and ``outline`` in a fresh process, which reports the median
time of ``--runs`` runs and its peak resident memory above what the process
held before the input was built. Work per file is meant to be linear in its
size whatever its shape: the table prints the time per MB, its spread within
each shape (max / min, target <= 3) and the peak memory over the input size;
an input whose parse could exceed 20x its size + 256 MB is refused
(``InputTooLarge``) and shown so.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

# language -> shape -> one nested unit of depth n; a case repeats its unit to
# about the same size at every depth (PREFIX first), so time per MB compares
# depth with depth on equal input
SHAPES = {
    "javascript": {
        "nested calls": lambda n: "g(" + "() => g(" * n + "1" + ")" * n + ");\n",
        "nested blocks": lambda n: "const f = " + "() => {\n return " * n + "1" + ";}\n" * n,
        "nested objects": lambda n: "const o = " + "{a: " * n + "1" + "}" * n + ";\n",
        "nested IIFEs": lambda n: "(function () {\nvar a = 1;\n" * n + "})();\n" * n,
    },
    "typescript": {
        "nested calls": lambda n: "g(" + "(x: number) => g(" * n + "1" + ")" * n + ");\n",
        "nested objects": lambda n: "const o: unknown = " + "{a: " * n + "1" + "}" * n + ";\n",
    },
    "tsx": {
        "nested calls": lambda n: "g(" + "(x: number) => g(" * n + "1" + ")" * n + ");\n",
    },
    "go": {
        "nested func literals": lambda n: "var x = " + "func() int { return " * n + "1" + " }()" * n + "\n",
        "nested composite literals": lambda n: "var x = " + "[]any{" * n + "1" + "}" * n + "\n",
    },
    "python": {
        "nested lists": lambda n: "x = " + "[" * n + "1" + "]" * n + "\n",
        "nested calls": lambda n: "x = " + "f(" * n + "1" + ")" * n + "\n",
    },
}
PREFIX = {"go": "package p\n"}

LITERALS = {
    "javascript": lambda n: "const data = [" + "1, " * n + "];\n",
    "typescript": lambda n: "export const data: number[] = [" + "1, " * n + "];\n",
    "tsx": lambda n: "export const data: number[] = [" + "1, " * n + "];\n",
    "go": lambda n: "var data = []int{" + "1, " * n + "}\n",
    "python": lambda n: "data = [" + "1, " * n + "]\n",
}

CHILD = r"""
import json, resource, statistics, sys, time
import codepith
spec = json.loads(sys.argv[1])
codepith.compress("x = 1\n", language="python")  # load the grammar stack first
codepith.compress("x = 1\n", language=spec["language"])
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
exec(spec["builder"], globals())
unit = build(spec["n"])
src = (spec["prefix"] + unit * max(1, spec["size"] // len(unit))).encode()
try:
    codepith.compress(src, language=spec["language"], level="full")
except codepith.InputTooLarge as exc:
    print(json.dumps({"bytes": len(src), "refused": str(exc)}))
    sys.exit(0)
times = []
for _ in range(spec["runs"]):
    t0 = time.perf_counter()
    for level in ("signatures", "outline"):
        r = codepith.compress(src, language=spec["language"], level=level)
    times.append(time.perf_counter() - t0)
    assert r.expand() == src
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"bytes": len(src), "seconds": statistics.median(times), "peak_kb": peak - base,
                  "out": r.compressed_bytes}))
"""


def _builder_source(language: str, shape: str | None) -> str:
    # the lambdas above, re-created in the child from this file's own text
    import inspect

    fn = LITERALS[language] if shape is None else SHAPES[language][shape]
    src = inspect.getsource(fn).strip()
    body = src.split("lambda n:", 1)[1].rstrip(",").strip()
    return f"def build(n):\n    return {body}\n"


def run_case(language: str, shape: str | None, n: int, runs: int, timeout: float, size: int = 0) -> dict | None:
    spec = {
        "language": language,
        "n": n,
        "runs": runs,
        "builder": _builder_source(language, shape),
        "prefix": PREFIX.get(language, ""),
        "size": size,
    }
    try:
        out = subprocess.run(
            [sys.executable, "-c", CHILD, json.dumps(spec)], capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return None
    if out.returncode != 0:
        print(out.stderr, file=sys.stderr)
        return None
    return json.loads(out.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--depths", default="1000,10000,50000")
    ap.add_argument("--sizes", default="1,5,20", help="literal sizes in MB")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument(
        "--depth-bytes",
        type=int,
        default=600_000,
        help="size of each nesting case: its unit repeated to about this many bytes",
    )
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--languages", default=",".join(SHAPES))
    args = ap.parse_args()
    depths = [int(x) for x in args.depths.split(",")]
    sizes = [float(x) for x in args.sizes.split(",")]
    header = f"{'language':<11}{'shape':<27}{'n':>9}{'MB':>8}{'s (median)':>12}{'s/MB':>8}{'peak MB':>9}{'peak/in':>9}"
    print(header)
    print("-" * len(header))
    worst_spread = 0.0
    worst_mem = 0.0
    over_limit = float("-inf")
    for language in args.languages.split(","):
        cases = [(shape, depths) for shape in SHAPES[language]]
        cases.append((None, [int(mb * 1_000_000 / 3) for mb in sizes]))
        for shape, ns in cases:
            per_mb = []
            for n in ns:
                r = run_case(language, shape, n, args.runs, args.timeout, args.depth_bytes if shape else 0)
                label = shape or "one literal"
                if r is None:
                    print(f"{language:<11}{label:<27}{n:>9}{'':>8}{'timeout/fail':>12}")
                    per_mb.append(float("inf"))
                    continue
                mb = r["bytes"] / 1e6
                if "refused" in r:
                    print(
                        f"{language:<11}{label:<27}{n:>9}{mb:>8.2f}  refused: InputTooLarge (parse would exceed 20x + 256 MB)"
                    )
                    continue
                spmb = r["seconds"] / mb
                per_mb.append(spmb)
                mem = r["peak_kb"] / 1024
                ratio = mem / mb
                worst_mem = max(worst_mem, ratio)
                over_limit = max(over_limit, mem - (20 * mb + 256))
                print(
                    f"{language:<11}{label:<27}{n:>9}{mb:>8.2f}{r['seconds']:>12.3f}{spmb:>8.2f}{mem:>9.1f}{ratio:>9.1f}"
                )
            if not per_mb:
                continue
            spread = max(per_mb) / min(per_mb)
            worst_spread = max(worst_spread, spread)
            print(f"{'':<11}{'':<27}{'time/MB spread (max/min):':>38} {spread:.2f}")
    print(f"\nworst time/MB spread within a shape: {worst_spread:.2f} (target <= 3)")
    print(f"worst peak memory / input: {worst_mem:.1f}")
    print(f"peak memory against the limit of 20x the input + 256 MB: worst {over_limit:+.1f} MB (<= 0 is within)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
