"""Count every file of a corpus with tiktoken and with codepith's exact
counter, side by side in one run: mismatches (must be 0) and MB/s of each,
per language, one thread.

    python benchmarks/token_counter.py [CORPUS] [--encoding NAME ...] [--impl cython|python]
    python benchmarks/token_counter.py --code-points

--code-points counts, for every code point, a short text where it meets each
alternative of the encodings' patterns, with both counters, and reports the
code points whose counts differ (must be none).

CORPUS defaults to ../corpus (build it with tools/corpus/make_corpus.sh).
Languages are the corpus's top folders; ``_generated/<lang>`` counts apart.
Exits 1 when any count differs.
"""

import argparse
import importlib
import sys
import time
from collections import defaultdict
from pathlib import Path

from codepith.core.tokens import ENCODINGS, get_encoding


def reference(enc, data: bytes) -> int:
    """tiktoken's count, as ``count_tokens`` takes it from bytes."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return len(enc._encode_bytes(data))
    return len(enc.encode_ordinary(text))


def corpus_files(root: Path) -> dict:
    groups = defaultdict(list)
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.parent == root:
            continue
        parts = path.relative_to(root).parts
        group = f"{parts[1]} (generated)" if parts[0] == "_generated" and len(parts) > 2 else parts[0]
        groups[group].append(path)
    return groups


def probe(ch: str) -> str:
    return f"a{ch}b {ch}{ch}1 '{ch}s A{ch}{ch}B\n{ch}\u3000{ch}  {ch}!{ch}'ll\n"


def every_code_point(module, encodings) -> int:
    bad = 0
    for encoding in encodings:
        enc = get_encoding(encoding)
        wrong = []
        t0 = time.perf_counter()
        for cp in range(0x110000):
            if 0xD800 <= cp <= 0xDFFF:
                continue
            text = probe(chr(cp))
            if module.count(text, encoding=encoding) != len(enc.encode_ordinary(text)):
                wrong.append(cp)
        print(
            f"{encoding}: {0x110000 - 0x800} code points, {len(wrong)} mismatches "
            f"({time.perf_counter() - t0:.0f} s){': ' + ' '.join(hex(c) for c in wrong[:20]) if wrong else ''}"
        )
        bad += len(wrong)
    return 1 if bad else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", nargs="?", default=str(Path(__file__).resolve().parents[2] / "corpus"))
    parser.add_argument("--encoding", action="append", choices=ENCODINGS)
    parser.add_argument("--impl", choices=["cython", "python"], default="cython")
    parser.add_argument("--code-points", action="store_true", help="check every code point instead of the corpus")
    args = parser.parse_args()
    module = importlib.import_module("codepith.core._bpe" if args.impl == "cython" else "codepith.core._bpe_py")
    if args.code_points:
        return every_code_point(module, args.encoding or list(ENCODINGS))
    groups = corpus_files(Path(args.corpus))
    if not groups:
        print(f"no files under {args.corpus}; build the corpus with tools/corpus/make_corpus.sh DIR", file=sys.stderr)
        return 2
    bad = 0
    for encoding in args.encoding or list(ENCODINGS):
        enc = get_encoding(encoding)
        module.count(b"warm up", encoding=encoding)
        print(f"\n{encoding} ({args.impl})")
        print(
            f"{'language':<24} {'files':>6} {'MB':>8} {'tiktoken MB/s':>14} {'codepith MB/s':>14} {'speed-up':>9} {'mismatches':>11}"
        )
        totals = [0, 0, 0.0, 0.0, 0]
        for group, paths in sorted(groups.items()):
            datas = [p.read_bytes() for p in paths]
            size = sum(len(d) for d in datas)
            t0 = time.perf_counter()
            expected = [reference(enc, d) for d in datas]
            t1 = time.perf_counter()
            got = [module.count(d, encoding=encoding) for d in datas]
            t2 = time.perf_counter()
            wrong = [p for p, e, g in zip(paths, expected, got, strict=False) if e != g]
            for p in wrong[:5]:
                print(f"  MISMATCH {p}", file=sys.stderr)
            bad += len(wrong)
            mb = size / 1e6
            print(
                f"{group:<24} {len(paths):>6} {mb:>8.2f} {mb / (t1 - t0):>14.1f} {mb / (t2 - t1):>14.1f} "
                f"{(t1 - t0) / (t2 - t1):>8.1f}x {len(wrong):>11}"
            )
            for i, v in enumerate((len(paths), size, t1 - t0, t2 - t1, len(wrong))):
                totals[i] += v
        n, size, tt, tc, w = totals
        mb = size / 1e6
        print(f"{'all':<24} {n:>6} {mb:>8.2f} {mb / tt:>14.1f} {mb / tc:>14.1f} {tt / tc:>8.1f}x {w:>11}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
