"""repomix plain, ``repomix --compress`` and repomix with codepith as its processor.

    python benchmarks/repomix_processor.py CORPUS_DIR [--language python] [--files N] [--runs 3]

Takes the files of one language folder of CORPUS_DIR (``--files N``: N of them,
evenly spread over the sorted list), copies them into a scratch tree and packs
it three ways with the same repomix (``$CODEPITH_REPOMIX``, else ``repomix``
on PATH; ``--repomix PATH`` wins):

- ``plain``: no compression;
- ``--compress``: repomix's own tree-sitter extraction;
- ``codepith``: ``docs/repomix.config.json``, one ``codepith compress`` process
  per file (the ``codepith`` on PATH; this script puts its own environment's
  first).

It prints, per way: the whole process's wall time (median of ``--runs``),
tokens out (o200k_base, summed over the packed files' contents), the share of
packed files that re-parse with no error node (the content as the xml and
plain styles write it: repomix trims each file, they add a newline), and the share of definitions
outside function bodies that a parse of the output still finds (both over the
files whose input parses cleanly). repomix's token cache is off and its user
config is not read. Nothing here is asserted by a test.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter

from codepith import count_tokens, detect_language
from codepith.core.languages import parse
from codepith.core.validity import file_errors
from peers import definitions, found_share

HERE = os.path.dirname(os.path.abspath(__file__))
CONFIG = os.path.join(os.path.dirname(HERE), "docs", "repomix.config.json")
#: repomix's warning when a processor exits non-zero (lib/core/file/fileProcessorRun.js)
PROCESSOR_FAILED = re.compile(r'^File processor for ".*" failed, using original content', re.M)


def pick_files(folder: str, language: str, count: int | None) -> list[str]:
    """Paths (relative to ``folder``) of the language's files, ``count`` of them
    evenly spread over the sorted list when given."""
    found = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames.sort()
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            if os.path.isfile(path) and not os.path.islink(path) and detect_language(path) == language:
                found.append(os.path.relpath(path, folder))
    found.sort()
    if count is None or count >= len(found):
        return found
    step = len(found) / count
    return [found[int(i * step)] for i in range(count)]


def pack(repomix: str, tree: str, scratch: str, way: str) -> tuple[float, dict[str, str], int]:
    """(wall seconds, path -> packed content, processor failures) of one repomix
    run over ``tree``. codepith runs as a filter (``--filter``: it writes
    something for every file), so a failed processor is a real failure and
    stops the run (``onError: "fail"``); with a config that says ``"skip"``,
    repomix warns and packs the file whole, and the count says how often."""
    out = os.path.join(scratch, f"{way}.json")
    empty = os.path.join(scratch, "empty.config.json")
    if not os.path.exists(empty):
        with open(empty, "w", encoding="utf-8") as f:
            f.write("{}\n")
    args = [repomix, "--style", "json", "--output", out]
    if way == "codepith":
        args += ["--config", CONFIG]
    else:
        args += ["--config", empty]
        if way == "--compress":
            args.append("--compress")
    env = {
        **os.environ,
        "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""),
        "XDG_CONFIG_HOME": os.path.join(scratch, "xdg"),
        "REPOMIX_TOKEN_CACHE": "0",
        "NO_COLOR": "1",
    }
    started = time.perf_counter()
    done = subprocess.run(args + [tree], cwd=tree, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"repomix ({way}) failed with exit {done.returncode}:\n{done.stderr[-2000:]}")
    with open(out, encoding="utf-8") as f:
        files = json.load(f)["files"]
    return wall, files, len(PROCESSOR_FAILED.findall(done.stdout + done.stderr))


def measure(language: str, inputs: dict[str, bytes], files: dict[str, str]) -> dict:
    tokens = clean = checked = 0
    wanted_total = found_total = 0
    for rel, text in files.items():
        tokens += count_tokens(text)
        # repomix trims each file (lib/core/file/fileProcess.js); its xml and
        # plain styles then write a newline, which some grammars need at the
        # end (Go after a closing `)`): parse the content as those styles show it
        out = text.encode("utf-8") + b"\n"
        src = inputs.get(rel)
        if src is None:
            continue
        src_root = parse(language, src).root_node
        if file_errors(language, src, src_root) != 0:
            continue
        checked += 1
        out_root = parse(language, out).root_node
        clean += file_errors(language, out, out_root) == 0
        wanted: Counter = definitions(language, src, src_root)
        wanted_n, found_n = found_share(wanted, definitions(language, out, out_root))
        wanted_total += wanted_n
        found_total += found_n
    return {
        "files": len(files),
        "tokens": tokens,
        "clean": clean / max(checked, 1),
        "defs": found_total / max(wanted_total, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", metavar="CORPUS_DIR")
    parser.add_argument("--language", default="python")
    parser.add_argument("--files", type=int, default=None, metavar="N", help="N files, evenly spread (default: all)")
    parser.add_argument("--runs", type=int, default=3, help="runs per way; the median wall time is shown")
    parser.add_argument("--repomix", default=os.environ.get("CODEPITH_REPOMIX") or shutil.which("repomix"))
    args = parser.parse_args()
    if not args.repomix:
        parser.error("no repomix: pass --repomix PATH, set CODEPITH_REPOMIX or put repomix on PATH")
    folder = os.path.join(args.corpus, args.language)
    if not os.path.isdir(folder):
        parser.error(f"{folder} is not a folder: CORPUS_DIR holds one folder per language")
    chosen = pick_files(folder, args.language, args.files)
    if not chosen:
        parser.error(f"no {args.language} files in {folder}")
    version = subprocess.run([args.repomix, "--version"], capture_output=True, text=True).stdout.strip()
    print(f"repomix {version} ({args.repomix}); {len(chosen)} {args.language} files of {folder}; {args.runs} runs")
    print(f"cores: {os.cpu_count()}; repomix runs at most min(8, cores) processors at once")

    with tempfile.TemporaryDirectory(prefix="codepith-repomix-") as scratch:
        tree = os.path.join(scratch, "tree")
        inputs: dict[str, bytes] = {}
        for rel in chosen:
            target = os.path.join(tree, rel)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(os.path.join(folder, rel), target)
            with open(target, "rb") as f:
                inputs[rel.replace(os.sep, "/")] = f.read()
        in_tokens = sum(count_tokens(data) for data in inputs.values())
        rows = []
        for way in ("plain", "--compress", "codepith"):
            walls, files, failed = [], {}, 0
            for _ in range(args.runs):
                wall, files, failed = pack(args.repomix, tree, scratch, way)
                walls.append(wall)
            rows.append((way, statistics.median(walls), failed, measure(args.language, inputs, files)))
            print(f"  {way}: " + ", ".join(f"{w:.1f}" for w in walls) + " s", file=sys.stderr)

    print(f"input: {len(inputs)} files, {in_tokens} tokens (o200k_base)")
    print(
        f"{'way':<12}{'wall s':>8}{'ms/file':>9}{'files':>7}{'whole':>7}"
        f"{'tokens out':>12}{'ratio':>7}{'clean':>8}{'defs':>8}"
    )
    for way, wall, failed, m in rows:
        print(
            f"{way:<12}{wall:>8.1f}{1000 * wall / len(inputs):>9.0f}{m['files']:>7}{failed:>7}{m['tokens']:>12}"
            f"{m['tokens'] / max(in_tokens, 1):>7.3f}{m['clean']:>8.1%}{m['defs']:>8.1%}"
        )
    print("whole: files a processor failed on, packed whole (codepith refused them or crashed; see its stderr)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
