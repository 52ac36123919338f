"""Fidelity and ratio of codepith's compression on a corpus of real code.

    python benchmarks/fidelity.py CORPUS_DIR [--jobs N] [--levels signatures,outline] [--languages c,cpp]

CORPUS_DIR is laid out as ``../shared/corpus/make_corpus.sh`` builds it: one
folder per language (``python/ go/ … vue/ svelte/``; other folders are
ignored). Prints, per language: files, % of cleanly parsing files whose output
re-parses cleanly, % of definitions and imports kept with their full
signature, byte and token ratios (output / input, o200k_base) per level, and
compression time; then, for Vue and Svelte, the same validity figures for
their script and style regions, each in its own language.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import defaultdict
from multiprocessing import Pool

from codepith import count_tokens, detect_language, languages
from codepith.core.checks import check_regions, check_retention, check_validity
from codepith.core.compress import compress

# A language the corpus keeps in another's folder is measured with it (TSX
# files sit among TypeScript's); every other registered language is its own group.
FOLDED = {"tsx": "typescript"}
GROUPS = tuple(name for name in languages() if name not in FOLDED)


def group_of(path: str) -> str | None:
    """The language group of ``path``, told from its bytes where an extension is
    shared (``.h``: C or C++), as codepith tells it."""
    with open(path, "rb") as f:
        lang = detect_language(path, f.read())
    return FOLDED.get(lang, lang) if lang else None


def measure(args):
    path, levels = args
    src = open(path, "rb").read()
    row = {"bytes": len(src), "tokens": count_tokens(src), "levels": {}}
    for level in levels:
        t0 = time.perf_counter()
        try:
            result = compress(src, path=path, level=level)
        except Exception as exc:  # a bug: report it, keep measuring
            row["levels"][level] = {"error": f"{type(exc).__name__}: {exc}"}
            continue
        seconds = time.perf_counter() - t0
        errors_in, errors_out = check_validity(result)
        kept = check_retention(result)
        row["levels"][level] = {
            "seconds": seconds,
            "bytes": len(result.data),
            "tokens": count_tokens(result.data),
            "clean_input": errors_in == 0,
            "valid": errors_out <= errors_in,
            "valid_clean": errors_in == 0 and errors_out == 0,
            "defs": kept.definitions,
            "defs_kept": kept.definitions_kept,
            "imports": kept.imports,
            "imports_kept": kept.imports_kept,
            "missing": kept.missing[:3],
            "roundtrip": result.expand() == src,
            # a component's script and style regions, each in its own language: (language, in, out)
            "regions": check_regions(result),
        }
    return path, row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--levels", default="signatures,outline")
    parser.add_argument("--languages", default=",".join(GROUPS), help="comma-separated groups to measure")
    parser.add_argument("--show-missing", type=int, default=5, help="print up to N problem files")
    args = parser.parse_args()
    levels = args.levels.split(",")

    files = []
    groups = [g for g in GROUPS if g in args.languages.split(",")]
    for group in groups:
        top = os.path.join(args.corpus, group)
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames.sort()
            for name in sorted(filenames):
                path = os.path.join(dirpath, name)
                if group_of(path) == group:
                    files.append(path)
    if not files:
        print(f"no {'/'.join(GROUPS)} files under {args.corpus}", file=sys.stderr)
        return 2

    agg = defaultdict(lambda: defaultdict(float))
    problems = []
    t0 = time.perf_counter()
    with Pool(args.jobs) as pool:
        for path, row in pool.imap_unordered(measure, [(f, levels) for f in files], chunksize=8):
            g = agg[group_of(path)]
            g["files"] += 1
            g["bytes"] += row["bytes"]
            g["tokens"] += row["tokens"]
            for level, m in row["levels"].items():
                if "error" in m:
                    g[f"{level}:exceptions"] += 1
                    problems.append((path, level, m["error"]))
                    continue
                for key in ("seconds", "bytes", "tokens", "defs", "defs_kept", "imports", "imports_kept"):
                    g[f"{level}:{key}"] += m[key]
                g[f"{level}:clean"] += m["clean_input"]
                g[f"{level}:valid_clean"] += m["valid_clean"]
                g[f"{level}:valid"] += m["valid"]
                g[f"{level}:roundtrip"] += m["roundtrip"]
                for region, errors_in, errors_out in m["regions"]:
                    r = agg[(group_of(path), region)]
                    r[f"{level}:regions"] += 1
                    r[f"{level}:clean"] += errors_in == 0
                    r[f"{level}:valid_clean"] += errors_in == 0 and errors_out == 0
                    r[f"{level}:valid"] += errors_out <= errors_in
                if m["missing"] or not m["valid"] or (m["clean_input"] and not m["valid_clean"]) or not m["roundtrip"]:
                    problems.append((path, level, "; ".join(m["missing"]) or "invalid or round-trip failure"))
    wall = time.perf_counter() - t0

    def pct(a, b):
        return f"{100 * a / b:.2f}" if b else "-"

    header = (
        f"{'language':<11} {'level':<10} {'files':>6} {'MB':>7} {'valid%':>7} {'no-new-err%':>11} {'defs%':>7} {'imports%':>8} "
        f"{'bytes':>6} {'tokens':>6} {'MB/s':>6} {'roundtrip%':>10}"
    )
    print(header)
    print("-" * len(header))
    for group in GROUPS:
        g = agg.get(group)
        if not g:
            continue
        for level in levels:
            secs = g[f"{level}:seconds"] or 1e-9
            print(
                f"{group:<11} {level:<10} {int(g['files']):>6} {g['bytes'] / 1e6:>7.2f} "
                f"{pct(g[f'{level}:valid_clean'], g[f'{level}:clean']):>7} "
                f"{pct(g[f'{level}:valid'], g['files']):>11} "
                f"{pct(g[f'{level}:defs_kept'], g[f'{level}:defs']):>7} "
                f"{pct(g[f'{level}:imports_kept'], g[f'{level}:imports']):>8} "
                f"{g[f'{level}:bytes'] / g['bytes']:>6.3f} {g[f'{level}:tokens'] / g['tokens']:>6.3f} "
                f"{g['bytes'] / 1e6 / secs:>6.1f} {pct(g[f'{level}:roundtrip'], g['files']):>10}"
            )
    print(
        f"\nvalid% = of the files whose input parses cleanly, those whose output re-parses cleanly; "
        f"no-new-err% = files whose output holds no more error nodes than their input; "
        f"ratios = output/input (tokens: o200k_base); MB/s = compression alone, one core. "
        f"Wall time {wall:.1f}s on {args.jobs} processes."
    )
    regions = sorted(key for key in agg if isinstance(key, tuple))
    if regions:
        print(f"\n{'regions':<22} {'level':<10} {'count':>6} {'clean':>6} {'valid%':>7} {'no-new-err%':>11}")
        for key in regions:
            r = agg[key]
            for level in levels:
                print(
                    f"{key[0] + ' ' + key[1]:<22} {level:<10} {int(r[f'{level}:regions']):>6} "
                    f"{int(r[f'{level}:clean']):>6} {pct(r[f'{level}:valid_clean'], r[f'{level}:clean']):>7} "
                    f"{pct(r[f'{level}:valid'], r[f'{level}:regions']):>11}"
                )
        print("(a component's script and style regions, each parsed in its own language, input and output)")
    for group in GROUPS:
        g = agg.get(group)
        if g:
            unclean = int(g["files"] - g[f"{levels[0]}:clean"])
            print(f"{group}: {unclean} input files have parse errors")
    if problems:
        print(f"\n{len(problems)} problem(s); first {args.show_missing}:")
        for path, level, msg in problems[: args.show_missing]:
            print(f"  {path} [{level}]: {msg[:300]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
