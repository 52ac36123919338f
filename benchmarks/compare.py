"""Whole runs side by side, in one run, on the same files.

    python benchmarks/compare.py CORPUS_DIR [--languages python,go,...] [--repeat N]

For each language folder of CORPUS_DIR (one per registered language, as
``tools/corpus/make_corpus.sh`` lays them out; ``--languages`` picks some) this
measures, each as its own process:

- floor: read every file and parse it with tree-sitter, nothing else, one process
  (a Vue or Svelte component: its markup, then each region's text in its language);
- codepith, one process (``--jobs 1``), with exact token counts of input and
  output, and without token counts;
- codepith, all cores, with token counts;
- codepith, warm cache (the second run over the unchanged tree);
- ``repomix --compress`` when ``repomix`` is on PATH (same files, xml output, its
  own token counting).

It prints MB/s, peak resident memory (the largest single process of the run),
token ratios, and the ratios between runs. Medians of ``--repeat`` runs.

``--baseline SRC`` measures another codepith source tree (its ``src`` folder,
put first on ``PYTHONPATH``; e.g. a ``git worktree`` of an earlier commit)
side by side with this one: one process and all cores, the two trees' runs
alternating so that the machine's drift falls on both; it prints both MB/s
and the ratio of this tree's time to the baseline's (medians). With
``--baseline-only`` nothing else is measured.
No test asserts any of this: the machines are shared and noisy.
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


def corpus_languages(corpus: str) -> list[str]:
    """The registered languages that have a folder in ``corpus``, in the registry's order."""
    from codepith import languages

    return [name for name in languages() if os.path.isdir(os.path.join(corpus, name))]


FLOOR = r"""
import os, sys
from codepith.core.languages import get_parser, detect_language
from codepith.core.regions import find_regions
root = sys.argv[1]
total = 0
for d, ds, fs in os.walk(root):
    ds.sort()
    for f in sorted(fs):
        p = os.path.join(d, f)
        data = open(p, "rb").read()
        lang = detect_language(p, data)
        if lang is None:
            continue
        tree = get_parser(lang).parse(data)
        for r in find_regions(lang, data, tree.root_node):  # a component's script and style, on their own
            if r.language:
                get_parser(r.language).parse(data[r.start:r.end])
        total += len(data)
print(total)
"""


def run(cmd: list[str], env=None) -> tuple[float, float, str]:
    """(seconds, peak RSS in MB of the largest process, stdout)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out, err = b"", b""
    _pid, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - t0
    out = proc.stdout.read()
    err = proc.stderr.read()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({proc.returncode}): {err.decode()[-2000:]}")
    return seconds, usage.ru_maxrss / 1024, out.decode()


def corpus_bytes(root: str) -> int:
    from codepith import detect_language

    return sum(os.path.getsize(os.path.join(d, f)) for d, _ds, fs in os.walk(root) for f in fs if detect_language(f))


def _files_out(report: str) -> int:
    """The files a codepith run wrote into its document (compressed or whole), from its report."""
    actions = json.load(open(report))["totals"]["actions"]
    return actions.get("compressed", 0) + actions.get("kept-whole", 0)


def _xml_files(path: str) -> int:
    """The files a repomix XML document holds."""
    with open(path, encoding="utf-8", errors="replace") as f:
        return sum(line.count("<file path=") for line in f)


def median_run(cmd, repeat, env=None):
    runs = [run(cmd, env) for _ in range(repeat)]
    secs = statistics.median(r[0] for r in runs)
    rss = max(r[1] for r in runs)
    return secs, rss, runs[-1][2]


def language_roots(args):
    """(language, its folder) for each of ``--languages`` that the corpus has; the others are named on stderr."""
    for lang in args.languages.split(","):
        root = os.path.join(args.corpus, lang)
        if os.path.isdir(root):
            yield lang, root
        else:
            print(f"skip {lang}: no {root}", file=sys.stderr)


def _env_with(src: str) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([os.path.abspath(src)] + [p for p in [env.get("PYTHONPATH")] if p])
    return env


def compare_baseline(args) -> int:
    """This tree against ``args.baseline``, run by run alternating; prints the table."""
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "src")
    trees = {"this": _env_with(here), "baseline": _env_with(args.baseline)}
    exe = [sys.executable, "-m", "codepith"]
    rows = []
    for lang, root in language_roots(args):
        times: dict[tuple[str, str], list[float]] = {}
        with tempfile.TemporaryDirectory() as tmp:
            base = exe + [
                "compress",
                root,
                "-o",
                os.path.join(tmp, "out.md"),
                "--quiet",
                "--no-gitignore",
                "--no-cache",
            ]
            for _ in range(args.repeat):
                for name, env in trees.items():
                    for runs, jobs in (("one", "1"), ("all", str(args.jobs))):
                        times.setdefault((name, runs), []).append(run(base + ["--jobs", jobs], env)[0])
        rows.append((lang, corpus_bytes(root) / 1e6, {k: statistics.median(v) for k, v in times.items()}))
    print(
        f"{'language':<11}{'MB':>7}{'1 proc':>9}{'baseline':>9}{'ratio':>7}{'all':>9}{'baseline':>9}{'ratio':>7}"
        "   (MB/s; ratio: this tree's time / the baseline's, medians)"
    )
    for lang, mb, t in rows:
        print(
            f"{lang:<11}{mb:>7.1f}"
            f"{mb / t['this', 'one']:>9.2f}{mb / t['baseline', 'one']:>9.2f}{t['this', 'one'] / t['baseline', 'one']:>7.2f}"
            f"{mb / t['this', 'all']:>9.2f}{mb / t['baseline', 'all']:>9.2f}{t['this', 'all'] / t['baseline', 'all']:>7.2f}"
        )
    print()
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus")
    parser.add_argument("--languages", help="comma-separated (default: every language with a folder in CORPUS_DIR)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--baseline", metavar="SRC", help="another codepith source tree to measure side by side")
    parser.add_argument("--baseline-only", action="store_true", help="with --baseline: measure nothing else")
    args = parser.parse_args()
    args.languages = args.languages or ",".join(corpus_languages(args.corpus))
    if args.baseline_only and not args.baseline:
        parser.error("--baseline-only needs --baseline SRC")
    if args.baseline:
        paired = compare_baseline(args)
        if args.baseline_only:
            return paired
    exe = [sys.executable, "-m", "codepith"]
    repomix = shutil.which("repomix")
    rows = []
    for lang, root in language_roots(args):
        mb = corpus_bytes(root) / 1e6
        row = {"language": lang, "MB": mb}
        with tempfile.TemporaryDirectory() as tmp:
            report = os.path.join(tmp, "report.json")
            out = os.path.join(tmp, "out.md")
            cache = os.path.join(tmp, "cache")
            row["floor"] = median_run([sys.executable, "-c", FLOOR, root], args.repeat)
            base = exe + ["compress", root, "-o", out, "--quiet", "--no-gitignore"]
            row["one"] = median_run(base + ["--jobs", "1", "--no-cache", "--report", report], args.repeat)
            totals = json.load(open(report))["totals"]
            row["token_ratio"] = totals.get("token_ratio")
            row["one_notokens"] = median_run(base + ["--jobs", "1", "--no-cache", "--no-tokens"], args.repeat)
            row["all"] = median_run(base + ["--jobs", str(args.jobs), "--no-cache"], args.repeat)
            cold = run(base + ["--jobs", str(args.jobs), "--cache-dir", cache])
            row["cold"] = (cold[0], cold[1], "")
            row["warm"] = median_run(base + ["--jobs", str(args.jobs), "--cache-dir", cache], args.repeat)
            row["files"] = _files_out(report)
            if repomix:
                rx_out = os.path.join(tmp, "repomix.xml")
                # (--no-gitignore, as codepith's runs: a corpus inside a repository that ignores it is still packed)
                row["repomix"] = median_run(
                    [repomix, "--compress", "--no-gitignore", "--style", "xml", "-o", rx_out, "--quiet", root],
                    args.repeat,
                )
                row["repomix_files"] = _xml_files(rx_out)
        rows.append(row)

    def mbps(row, key):
        return row["MB"] / row[key][0]

    print(
        f"{'language':<11}{'MB':>7} {'floor':>8} {'1 proc':>8} {'1 no-tok':>9} {'all':>8} "
        f"{'warm':>9} {'repomix':>8}   (MB/s)"
    )
    for row in rows:
        rx = f"{mbps(row, 'repomix'):>8.1f}" if "repomix" in row else f"{'-':>8}"
        print(
            f"{row['language']:<11}{row['MB']:>7.1f} {mbps(row, 'floor'):>8.1f} {mbps(row, 'one'):>8.1f} "
            f"{mbps(row, 'one_notokens'):>9.1f} {mbps(row, 'all'):>8.1f} {mbps(row, 'warm'):>9.1f} {rx}"
        )
    print()
    print(
        f"{'language':<11}{'1proc/floor':>12}{'no-tok/floor':>13}{'all/1proc':>10}{'cold/warm':>10}"
        f"{'vs repomix':>11}{'token ratio':>12}{'peak RSS MB':>12}"
    )
    for row in rows:
        vs = f"{row['repomix'][0] / row['all'][0]:>10.1f}x" if "repomix" in row else f"{'-':>11}"
        peak = max(row[k][1] for k in ("one", "one_notokens", "all", "warm"))
        print(
            f"{row['language']:<11}{row['floor'][0] / row['one'][0]:>12.2f}"
            f"{row['floor'][0] / row['one_notokens'][0]:>13.2f}{row['one'][0] / row['all'][0]:>10.2f}"
            f"{row['cold'][0] / row['warm'][0]:>10.1f}{vs}"
            f"{(row['token_ratio'] or 0):>12.3f}{peak:>12.0f}"
        )
    for row in rows:
        if "repomix" in row and row["repomix_files"] != row["files"]:
            print(
                f"note: {row['language']}: repomix packed {row['repomix_files']} files, codepith "
                f"{row['files']}: the two columns do not describe the same work"
            )
    if repomix:
        print(
            "\nrepomix peak RSS MB: "
            + ", ".join(f"{r['language']} {r['repomix'][1]:.0f}" for r in rows if "repomix" in r)
        )
    else:
        print("\nrepomix is not on PATH (npm install -g repomix): its column is empty")
    return 0


if __name__ == "__main__":
    sys.exit(main())
