"""Golden cases: ``tests/cases/<language>/<name>.<ext>`` is an input; beside it,
``<name>.<level>.<ext>`` holds the expected output of each level
(``signatures``, ``outline``) and ``<name>.signatures-refs.<ext>`` the expected
``signatures`` output with ``line_refs=True``. ``full`` must give the input back.

Regenerate the expected files after an intended change, then review the diff:

    python tests/golden.py [--check]
"""

from __future__ import annotations

import sys
from pathlib import Path

CASES = Path(__file__).parent / "cases"
LEVEL_FILES = {
    "signatures": ("signatures", False),
    "outline": ("outline", False),
    "signatures-refs": ("signatures", True),
}


def is_expected_file(path: Path) -> bool:
    parts = path.name.split(".")
    return len(parts) >= 3 and parts[-2] in LEVEL_FILES


def inputs() -> list[Path]:
    return sorted(
        p for p in CASES.glob("*/*") if p.is_file() and not is_expected_file(p) and not p.name.startswith(".")
    )


def expected_path(case: Path, variant: str) -> Path:
    return case.with_name(f"{case.stem}.{variant}{case.suffix}")


def language_of(case: Path) -> str:
    return case.parent.name


def main() -> int:
    from codepith import compress

    check = "--check" in sys.argv
    stale = 0
    for case in inputs():
        src = case.read_bytes()
        for variant, (level, refs) in LEVEL_FILES.items():
            out = compress(src, language=language_of(case), level=level, line_refs=refs).data
            target = expected_path(case, variant)
            if target.exists() and target.read_bytes() == out:
                continue
            stale += 1
            if check:
                print(f"stale: {target.relative_to(CASES.parent)}")
            else:
                target.write_bytes(out)
                print(f"wrote {target.relative_to(CASES.parent)}")
    return 1 if (check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
