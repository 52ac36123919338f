"""Checks that a built wheel holds what codepith needs at run time.

    python tools/check_wheel.py dist/codepith-X-cpXY-….whl

Every file the installed package reads must be in it: ``py.typed``, each
query file of ``src/codepith/queries``, each module of ``src/codepith``, and
(unless the wheel is pure Python) the compiled core and the token counter's
tables the build writes (``core/_tables/<encoding>.bin``). Exits 1, naming what is
missing, otherwise prints a one-line summary.
"""

from __future__ import annotations

import os
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "codepith"
NATIVE = ("core/_slicer", "core/_bpe", "core/_needles", "pressure/_scoring", "map/_rank")
TABLES = ("core/_tables/o200k_base.bin", "core/_tables/cl100k_base.bin")


def expected() -> set[str]:
    """The package's files as a wheel names them (``codepith/…``), compiled modules aside."""
    files = {"codepith/py.typed"}
    for folder, dirs, names in os.walk(SOURCE, followlinks=True):  # queries/ is a link to the top-level folder
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in names:
            if name.endswith((".py", ".scm")):
                files.add("codepith/" + (Path(folder) / name).relative_to(SOURCE).as_posix())
    return files


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    wheel = Path(argv[1])
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    missing = sorted(expected() - names)
    pure = wheel.name.endswith("-none-any.whl")
    if not pure:
        for module in NATIVE:
            if not any(n.startswith(f"codepith/{module}.") and n.endswith((".so", ".pyd")) for n in names):
                missing.append(f"codepith/{module} (compiled)")
        missing += [
            f"codepith/{table} (the token counter's tables)" for table in TABLES if f"codepith/{table}" not in names
        ]
    if missing:
        print(f"{wheel.name}: missing from the wheel: " + ", ".join(missing), file=sys.stderr)
        return 1
    queries = sum(1 for n in names if n.endswith(".scm"))
    print(
        f"{wheel.name}: {len(names)} files, {queries} query files, "
        + ("pure Python" if pure else "compiled core: " + ", ".join(NATIVE) + "; token tables: " + ", ".join(TABLES))
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
