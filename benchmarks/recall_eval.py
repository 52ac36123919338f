"""Recall's hit rate on an evaluation set, and its whole-process speed.

A case is a prompt and the definitions (``PATH:QUALNAME``) of which one must be
inside recall's injection (600 tokens by default) for the case to count as a
hit. The tree is copied to a temporary folder first (recall writes its index
under ``.codepith/``), so a read-only corpus can be measured::

    python benchmarks/recall_eval.py                      # codepith's own source, tests/memory_eval
    python benchmarks/recall_eval.py --tree ../corpus/python/django-5.2.8 \\
        --cases benchmarks/recall_django_cases.json
    python benchmarks/recall_eval.py --tree ../corpus/go/go-std-1.19.8-2 --speed-only --runs 12

``--speed`` also times ``codepith recall`` and ``codepith hook
user-prompt-submit`` as whole processes (first build, then median and worst of
``--runs`` runs) and their peak RSS. codepith's modules are byte-compiled
first, as ``pip install`` leaves them: with ``PYTHONDONTWRITEBYTECODE`` set and
no ``__pycache__``, every process would compile its sources again.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def hits(root: str, cases: list[dict], budget: int, verbose: bool) -> float:
    from codepith.memory.recall import recall

    good = 0
    for case in cases:
        result = recall(root, case["prompt"], budget=budget, log=False)
        items = {i.split(":", 1)[1] for i in result.items if i.startswith("symbol:")}
        ok = any(e in items for e in case["expect"])
        good += ok
        if verbose:
            print(f"{'HIT ' if ok else 'MISS'} {case['prompt']!r}" + ("" if ok else f" -> {sorted(items)[:6]}"))
    return good / len(cases)


def _timed(cmd: list[str], stdin: bytes | None = None) -> tuple[float, int]:
    """(seconds, peak RSS in KB) of one whole process."""
    start = time.perf_counter()
    proc = subprocess.run(
        ["/usr/bin/time", "-f", "%M"] + cmd,
        input=stdin,
        capture_output=True,
        env={**os.environ, "PYTHONPATH": os.path.join(REPO, "src")},
        check=False,
    )
    elapsed = time.perf_counter() - start
    rss = int(proc.stderr.decode().strip().splitlines()[-1])
    return elapsed, rss


def speed(root: str, prompt: str, runs: int) -> None:
    import compileall

    compileall.compile_dir(os.path.join(REPO, "src", "codepith"), quiet=1)
    base = [sys.executable, "-m", "codepith"]
    first, rss = _timed(base + ["recall", prompt, "--root", root, "--no-log"])
    print(f"first build (whole process): {first:.2f} s, peak RSS {rss / 1024:.0f} MB")
    for name, cmd, stdin in [
        ("recall", base + ["recall", prompt, "--root", root, "--no-log"], None),
        ("hook", base + ["hook", "user-prompt-submit"], json.dumps({"prompt": prompt, "cwd": root}).encode()),
    ]:
        times, peaks = [], []
        for _ in range(runs):
            t, r = _timed(cmd, stdin)
            times.append(t)
            peaks.append(r)
        print(
            f"{name}: median {statistics.median(times):.3f} s, worst {max(times):.3f} s, "
            f"peak RSS {max(peaks) / 1024:.0f} MB over {runs} runs"
        )
    from codepith.memory.recall import recall

    recall(root, prompt, log=False)  # the tokenizer loaded, the index opened once
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        recall(root, prompt, log=False)
        times.append(time.perf_counter() - start)
    print(
        f"recall() in one process (index refresh + query + fit): median {statistics.median(times):.3f} s, "
        f"worst {max(times):.3f} s over {runs} calls"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tree", default=os.path.join(REPO, "src"), help="the tree to recall from (copied first)")
    ap.add_argument("--cases", default=os.path.join(REPO, "tests", "memory_eval", "codepith_cases.json"))
    ap.add_argument("--budget", type=int, default=600)
    ap.add_argument("--speed", action="store_true", help="also time whole processes")
    ap.add_argument("--speed-only", action="store_true")
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--prompt", default="how are migrations squashed", help="the prompt --speed times")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    sys.path.insert(0, os.path.join(REPO, "src"))
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, os.path.basename(os.path.abspath(args.tree)))
        shutil.copytree(args.tree, root, symlinks=True, ignore=shutil.ignore_patterns(".codepith", "__pycache__"))
        if args.speed or args.speed_only:
            speed(root, args.prompt, args.runs)
        if not args.speed_only:
            with open(args.cases, encoding="utf-8") as f:
                cases = json.load(f)["cases"]
            rate = hits(root, cases, args.budget, not args.quiet)
            print(f"hit rate: {rate:.0%} of {len(cases)} cases ({args.cases})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
