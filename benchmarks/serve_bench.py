"""One ``codepith serve`` against one process per file, on a real corpus.

    python benchmarks/serve_bench.py CORPUS_DIR [--requests 1000] [--processes N] [--jobs 2]

Picks ``--requests`` source files round-robin over the corpus' language
folders, sends them as pipelined ``compress`` requests to one ``codepith
serve`` (read from disk under the corpus root, level signatures) and times the
whole process, start to exit. Then runs ``codepith compress FILE`` once per
file for the first ``--processes`` files, ``--jobs`` at a time (the same
parallelism as the server's workers), and times that whole run. With fewer
processes than requests, the process time for all requests is extrapolated
from the measured run, and the table says so. Every output is compared: the
server's text must equal the command's standard output byte for byte (a file
the command refuses must be one the server skips).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from codepith import detect_language


def pick(corpus: Path, count: int) -> list[str]:
    """``count`` files (root-relative), round-robin over the language folders."""
    per_language = []
    for folder in sorted(p for p in corpus.iterdir() if p.is_dir() and not p.name.startswith(("_", "."))):
        files = [
            p.relative_to(corpus).as_posix()
            for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.is_symlink() and p.stat().st_size <= 1_000_000 and detect_language(p.name)
        ]
        if files:
            per_language.append(files)
    chosen: list[str] = []
    index = 0
    while len(chosen) < count and any(index < len(files) for files in per_language):
        chosen += [files[index] for files in per_language if index < len(files)]
        index += 1
    return chosen[:count]


def command() -> list[str]:
    found = shutil.which("codepith", path=os.path.dirname(sys.executable)) or shutil.which("codepith")
    return [found] if found else [sys.executable, "-m", "codepith"]


def run_server(corpus: Path, files: list[str], jobs: int) -> tuple[float, dict[int, dict]]:
    """(whole-process seconds, answers by id)."""
    lines = b"".join(
        json.dumps({"id": n, "op": "compress", "path": rel}).encode() + b"\n" for n, rel in enumerate(files)
    )
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [*command(), "serve", "--root", str(corpus), "--jobs", str(jobs)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None
    stdin = proc.stdin

    def send() -> None:
        stdin.write(lines)
        stdin.close()  # the end of input: answer everything, then exit

    writer = threading.Thread(target=send)
    writer.start()
    answers = {}
    for line in proc.stdout:
        answer = json.loads(line)
        answers[answer["id"]] = answer
    writer.join()
    code = proc.wait()
    seconds = time.perf_counter() - t0
    if code != 0:
        sys.exit(f"serve_bench: codepith serve exited {code}")
    return seconds, answers


def run_processes(
    corpus: Path, files: list[str], jobs: int
) -> tuple[float, list[float], list[tuple[int, bytes, bytes]]]:
    """(whole-run seconds, each process's seconds, each (exit code, stdout, stderr))."""

    def one(rel: str) -> tuple[float, int, bytes, bytes]:
        t = time.perf_counter()
        done = subprocess.run(
            [*command(), "compress", str(corpus / rel)], capture_output=True, stdin=subprocess.DEVNULL
        )
        return time.perf_counter() - t, done.returncode, done.stdout, done.stderr

    t0 = time.perf_counter()
    with ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(one, files))
    seconds = time.perf_counter() - t0
    return seconds, [r[0] for r in results], [(r[1], r[2], r[3]) for r in results]


def compare(
    files: list[str], answers: dict[int, dict], outputs: list[tuple[int, bytes, bytes]]
) -> tuple[int, list[str]]:
    """(identical, the differing files with why)."""
    same, differ = 0, []
    for n, (code, stdout, stderr) in enumerate(outputs):
        answer = answers.get(n)
        if answer is None or "error" in answer:
            differ.append(f"{files[n]}: the server answered {answer}")
            continue
        in_output = answer["action"] in ("compressed", "kept-whole")
        if code == 0 and in_output and answer["text"].encode("utf-8", "surrogatepass") == stdout:
            same += 1
        elif code != 0 and not in_output:
            same += 1  # refused by both: the command exits 1 naming the same verdict
        else:
            said = stderr.decode(errors="replace").strip().splitlines()[-1:] or [""]
            differ.append(f"{files[n]}: serve {answer['action']}, command exit {code} ({said[0][:200]})")
    return same, differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument(
        "--processes", type=int, default=None, help="single-file processes to run (default: --requests)"
    )
    parser.add_argument("--jobs", type=int, default=2, help="server workers, and processes run at once")
    args = parser.parse_args()
    corpus = args.corpus.resolve()
    files = pick(corpus, args.requests)
    if len(files) < args.requests:
        sys.exit(f"serve_bench: {corpus} holds {len(files)} source files; need {args.requests}")
    processes = min(args.processes or args.requests, len(files))

    serve_seconds, answers = run_server(corpus, files, args.jobs)
    if len(answers) != len(files):
        sys.exit(f"serve_bench: {len(answers)} answers to {len(files)} requests")
    proc_seconds, each, outputs = run_processes(corpus, files[:processes], args.jobs)
    same, differ = compare(files, answers, outputs)

    extrapolated = processes < len(files)
    full = proc_seconds * len(files) / processes
    languages = len({f.split("/", 1)[0] for f in files})
    mb = sum((corpus / f).stat().st_size for f in files) / 1e6
    print(f"corpus: {corpus} ({len(files)} files, {languages} language folders, {mb:.1f} MB); {args.jobs} at a time")
    print(f"{'':<40}{'files':>7}{'wall s':>10}{'ms/file':>10}")
    print(
        f"{'codepith serve (1 process)':<40}{len(files):>7}{serve_seconds:>10.2f}{1000 * serve_seconds / len(files):>10.2f}"
    )
    print(
        f"{'codepith compress FILE (1 per file)':<40}{processes:>7}{proc_seconds:>10.2f}"
        f"{1000 * proc_seconds / processes:>10.2f}   median process {1000 * statistics.median(each):.0f} ms"
    )
    if extrapolated:
        print(f"{'  extrapolated to all files':<40}{len(files):>7}{full:>10.2f}   ({processes} run, scaled linearly)")
    note = f" (process time extrapolated from {processes} runs)" if extrapolated else ""
    print(f"ratio: serve is {full / serve_seconds:.1f}x faster than one process per file{note}; target >= 20x")
    print(f"outputs identical: {same} of {processes}")
    for line in differ[:10]:
        print(f"  differs: {line}")


if __name__ == "__main__":
    main()
