"""Datasets on Dask against the local process pool, side by side, in one run.

    python benchmarks/dask_compare.py CORPUS_DIR [--languages python,go,...] [--repeat 3]

Builds a Parquet dataset (one row per file: path, content as bytes) from the
language folders of CORPUS_DIR (as ``tools/corpus/make_corpus.sh`` lays
them out; the corpus is read, never written, and the dataset lives in a
temporary folder), then measures, interleaved, ``--repeat`` times each:

- Dask, a LocalCluster of 1 worker process: read the dataset, compress every
  row, write the output dataset (Parquet);
- Dask, a LocalCluster of 2 worker processes: the same;
- the local pool: ``codepith.compress_tree`` over the same files with
  ``jobs=2``, no cache, each result written as a JSONL record.

All at the ``signatures`` level with exact token counts of input and output.
Cluster start-up is measured on its own and left out of the throughput (it is
paid once per cluster, not per dataset). Prints rows/s and MB/s (medians) and
the ratios 2 workers / 1 worker and local pool / Dask 2 workers. No test
asserts any of this: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import statistics
import sys
import tempfile
import time

LANGS = ("python", "go", "typescript", "javascript")


def build_dataset(roots: list[str], folder: str, row_group_bytes: int) -> tuple[int, int]:
    """Write every file under ``roots`` as a row of ``folder/rows.parquet``; (rows, bytes)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from codepith.core.discover import Candidate, walk

    schema = pa.schema([("path", pa.string()), ("content", pa.large_binary())])
    rows = total = 0
    paths: list[str] = []
    contents: list[bytes] = []
    pending = 0
    with pq.ParquetWriter(os.path.join(folder, "rows.parquet"), schema) as writer:

        def flush() -> None:
            nonlocal pending
            if paths:
                writer.write_table(pa.table({"path": paths, "content": contents}, schema=schema))
                paths.clear()
                contents.clear()
                pending = 0

        for root in roots:
            name = os.path.basename(root.rstrip("/"))
            for entry in walk(root, gitignore=False):
                if not isinstance(entry, Candidate):
                    continue
                with open(entry.abspath, "rb") as f:
                    data = f.read()
                paths.append(f"{name}/{entry.path}")
                contents.append(data)
                rows += 1
                total += len(data)
                pending += len(data)
                if pending >= row_group_bytes:
                    flush()
        flush()
    return rows, total


def run_dask(client, dataset: str, out: str, partition_bytes: int | None) -> tuple[float, int, int, float]:
    """(seconds, rows, partitions, busy): ``busy`` is the share of the run's
    wall time the workers spent computing tasks (1.0: every worker always busy)."""
    from distributed import get_task_stream

    from codepith.bulk import datasets as cdask

    shutil.rmtree(out, ignore_errors=True)
    t0 = time.perf_counter()
    with get_task_stream(client) as stream:
        frame = cdask.read_dataset(dataset, partition_bytes=partition_bytes)
        frame = cdask.compress_frame(frame, level="signatures", tokens=True)
        summary = cdask.write_dataset(frame, out, client=client)
    seconds = time.perf_counter() - t0
    busy = sum(s["stop"] - s["start"] for task in stream.data for s in task["startstops"] if s["action"] == "compute")
    workers = len(client.scheduler_info()["workers"])
    return seconds, summary.rows, summary.partitions, busy / (seconds * workers)


def run_local(roots: list[str], out: str) -> tuple[float, int, int]:
    from codepith import compress_tree

    t0 = time.perf_counter()
    n = 0
    with open(out, "w", encoding="utf-8") as f:
        for r in compress_tree(roots, level="signatures", jobs=2, cache=False, tokens=True, gitignore=False):
            if r.action.startswith("ignored:"):
                continue
            f.write(
                json.dumps(
                    {
                        "path": r.path,
                        "action": r.action,
                        "bytes_in": r.bytes_in,
                        "bytes_out": r.bytes_out,
                        "tokens_in": r.tokens_in,
                        "tokens_out": r.tokens_out,
                        "reason": r.reason,
                        "text": r.text,
                    },
                    ensure_ascii=False,
                )
                + "\n"
            )
            n += 1
    return time.perf_counter() - t0, n, 0, float("nan")


def _spin(path: str) -> float:
    from codepith import compress

    with open(path, "rb") as f:
        data = f.read()
    t0 = time.perf_counter()
    for _ in range(3):
        compress(data, path=path)
    return time.perf_counter() - t0


def machine_capacity(root: str) -> float:
    """How much two processes get done, against one, on the same CPU-bound work
    right now (the machine is shared: 2.0 on two idle cores, less when others run)."""
    import multiprocessing

    from codepith.core.discover import Candidate, walk

    files = sorted((e for e in walk(root, gitignore=False) if isinstance(e, Candidate)), key=lambda e: -e.size)[:8]
    paths = [e.abspath for e in files]
    ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    with ctx.Pool(1) as pool:
        t0 = time.perf_counter()
        pool.map(_spin, paths, chunksize=1)
        one = time.perf_counter() - t0
    with ctx.Pool(2) as pool:
        t0 = time.perf_counter()
        pool.map(_spin, paths * 2, chunksize=1)
        two = time.perf_counter() - t0
    return 2 * one / two


def _arguments() -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus")
    ap.add_argument("--languages", default=",".join(LANGS))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument(
        "--row-group-mb",
        type=float,
        default=1.0,
        help="Parquet row group size of the dataset (Dask never splits a row group)",
    )
    ap.add_argument(
        "--partition-mb", type=float, default=None, help="input MB per Dask partition (default: codepith's default)"
    )
    return ap.parse_args()


class _Runs:
    """The measurements of every run, by name, and the machine's capacity before each round."""

    NAMES = ("dask 1 worker", "dask 2 workers", "local pool, jobs=2")

    def __init__(self) -> None:
        self.times: dict[str, list[float]] = {k: [] for k in self.NAMES}
        self.counts: dict[str, int] = {}
        self.utilisation: dict[str, list[float]] = {k: [] for k in self.NAMES}
        self.capacity: list[float] = []
        self.startup: dict[int, float] = {}
        self.nparts = 0


def _start_clusters(runs: _Runs) -> dict:
    from distributed import Client, LocalCluster

    clusters = {}
    for n in (1, 2):
        t0 = time.perf_counter()
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None)
        clients = Client(cluster)
        runs.startup[n] = time.perf_counter() - t0
        clusters[n] = (cluster, clients)
    return clusters


def _measure(args, roots: list[str], work: str, dataset: str, part: int | None) -> _Runs:
    """Every run ``args.repeat`` times, interleaved."""
    runs = _Runs()
    clusters = _start_clusters(runs)
    try:
        for i in range(args.repeat):
            runs.capacity.append(machine_capacity(roots[0]))
            for name, run in (
                ("dask 1 worker", lambda: run_dask(clusters[1][1], dataset, os.path.join(work, "out1"), part)),
                ("dask 2 workers", lambda: run_dask(clusters[2][1], dataset, os.path.join(work, "out2"), part)),
                ("local pool, jobs=2", lambda: run_local(roots, os.path.join(work, "local.jsonl"))),
            ):
                seconds, n, parts, busy = run()
                runs.nparts = parts or runs.nparts
                runs.utilisation[name].append(busy)
                runs.times[name].append(seconds)
                runs.counts[name] = n
                print(f"  run {i + 1}: {name}: {seconds:.2f} s, {n} rows", file=sys.stderr)
    finally:
        for cluster, client in clusters.values():
            client.close()
            cluster.close()
    return runs


def _report(runs: _Runs, rows: int, nbytes: int, part: int | None, repeat: int) -> None:
    med = {k: statistics.median(v) for k, v in runs.times.items()}
    parts = f"{part / (1 << 20):g} MiB" if part else "default-sized"
    print(
        f"\n{rows} rows, {nbytes / 1e6:.1f} MB; signatures, exact tokens; {parts} partitions "
        f"({runs.nparts} of them); medians of {repeat}\n"
    )
    print("| run | rows | seconds | rows/s | MB/s | workers busy | cluster start-up s |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, seconds in med.items():
        start = {"dask 1 worker": f"{runs.startup[1]:.1f}", "dask 2 workers": f"{runs.startup[2]:.1f}"}.get(name, "-")
        busy = statistics.median(runs.utilisation[name])
        busy_text = "-" if math.isnan(busy) else f"{busy:.0%}"
        count = runs.counts[name]
        print(
            f"| {name} | {count} | {seconds:.2f} | {count / seconds:.0f} | "
            f"{nbytes / 1e6 / seconds:.2f} | {busy_text} | {start} |"
        )
    scale = med["dask 1 worker"] / med["dask 2 workers"]
    local = med["dask 2 workers"] / med["local pool, jobs=2"]
    print(f"\n2 workers / 1 worker throughput: {scale:.2f}x (target >= 1.7)")
    print(f"local pool / dask 2 workers throughput: {local:.2f}x (target <= 1.3)")
    print(
        f"machine: 2 processes / 1 process on the same CPU-bound work, measured before each round: "
        f"{', '.join(f'{c:.2f}x' for c in runs.capacity)} (2.00x on two idle cores)"
    )


def main() -> int:
    args = _arguments()
    part = int(args.partition_mb * (1 << 20)) if args.partition_mb else None
    roots = [os.path.join(args.corpus, lang) for lang in args.languages.split(",")]
    for root in roots:
        if not os.path.isdir(root):
            sys.exit(f"{root}: not a folder (build the corpus with tools/corpus/make_corpus.sh)")
    work = tempfile.mkdtemp(prefix="codepith-dask-bench-")
    try:
        dataset = os.path.join(work, "dataset")
        os.mkdir(dataset)
        rows, nbytes = build_dataset(roots, dataset, int(args.row_group_mb * (1 << 20)))
        print(f"dataset: {rows} rows, {nbytes / 1e6:.1f} MB, from {', '.join(roots)}", file=sys.stderr)
        runs = _measure(args, roots, work, dataset, part)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    _report(runs, rows, nbytes, part, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
