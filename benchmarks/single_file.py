"""One file compressed as a whole process, next to Python's own start.

    python benchmarks/single_file.py [FILE ...] [--repeat 20]

For each FILE (default: a few of codepith's own sources, one per size) this
runs, alternating so that the machine's drift falls on all of them:

- ``python -c pass``: the interpreter's own start, the floor of any process;
- ``python -c "import codepith"``: the package itself;
- ``codepith compress FILE``: the file at signatures, with the exact tokens
  in and out counted and printed on standard error (the default);
- ``codepith compress -q FILE``: the same without the counts.

It prints the median wall time of each (``--repeat`` runs) and codepith's time
over Python's. A packer that starts codepith once per file (repomix's
processors) pays the ``compress`` column per file; ``codepith serve`` pays it
once. No test asserts any of this: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FILES = [
    ROOT / "src" / "codepith" / "core" / "units.py",
    ROOT / "src" / "codepith" / "map" / "fit.py",
    ROOT / "src" / "codepith" / "core" / "languages.py",
]


def _script() -> list[str]:
    """The ``codepith`` console script of this interpreter's environment."""
    here = Path(sys.executable).parent
    for name in ("codepith", "codepith.exe"):
        if (here / name).exists():
            return [str(here / name)]
    return [sys.executable, "-m", "codepith"]


def _time(cmd: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {done.stderr.decode(errors='replace').strip()}")
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    files = args.files or DEFAULT_FILES
    codepith = _script()
    env_note = "" if os.environ.get("PYTHONDONTWRITEBYTECODE") is None else " (PYTHONDONTWRITEBYTECODE is set!)"
    print(f"{sys.executable}, {os.cpu_count()} cores, medians of {args.repeat} runs{env_note}")
    check = subprocess.run([*codepith, "compress", str(files[0])], capture_output=True, text=True)
    print("one run's summary line:", check.stderr.strip().splitlines()[-1] if check.stderr.strip() else "(none)")
    floors = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "import codepith": [sys.executable, "-c", "import codepith"],
    }
    rows: dict[str, list[float]] = {name: [] for name in floors}
    runs = {}
    for f in files:
        size = f.stat().st_size
        runs[f"compress {f.name} ({size / 1000:.1f} kB)"] = [*codepith, "compress", str(f)]
        runs[f"compress -q {f.name}"] = [*codepith, "compress", "-q", str(f)]
    rows.update({name: [] for name in runs})
    every = {**floors, **runs}
    for cmd in every.values():  # warm the file cache and the byte-code caches
        _time(cmd)
    for _ in range(args.repeat):
        for name, cmd in every.items():
            rows[name].append(_time(cmd))
    floor = statistics.median(rows["python -c pass"])
    print(f"{'run':<44}{'median ms':>10}{'min ms':>9}{'x python':>10}")
    for name, times in rows.items():
        med = statistics.median(times)
        print(f"{name:<44}{med * 1000:>10.1f}{min(times) * 1000:>9.1f}{med / floor:>10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
