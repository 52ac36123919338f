"""Checks pyright's ``--verifytypes`` report on codepith's public API.

    pyright --verifytypes codepith --ignoreexternal --outputjson > report.json
    python tools/verify_types.py report.json

pyright counts every module whose name has no leading underscore, so its
score covers codepith's internals too. The public API is what ``codepith``
re-exports (``codepith.__all__``): this script fails (exit 1) when any symbol
of it, or a member of a class in it, has an unknown or ambiguous type, and
prints pyright's whole-package score beside it.
"""

from __future__ import annotations

import json
import sys


def public(names: list[str], api: set[str]) -> bool:
    for name in names:
        parts = name.split(".")
        if len(parts) >= 2 and parts[0] == "codepith" and parts[1] in api:
            return True
    return False


def main(argv: list[str]) -> int:
    import codepith

    with open(argv[1], encoding="utf-8") as f:
        report = json.load(f)["typeCompleteness"]
    api = set(codepith.__all__)
    symbols = report["symbols"]
    classes = {
        s["name"]
        for s in symbols
        if s["category"] == "class" and public([s["name"], *s.get("alternateNames", [])], api)
    }
    mine, bad = 0, []
    for s in symbols:
        names = [s["name"], *s.get("alternateNames", [])]
        owner = s["name"].rsplit(".", 1)[0]
        if not (public(names, api) or owner in classes):
            continue
        mine += 1
        errors = [d["message"] for d in s["diagnostics"] if d["severity"] == "error"]
        if not s["isTypeKnown"] or s["isTypeAmbiguous"] or errors:
            bad.append((s["name"], errors))
    for name, errors in bad:
        print(f"{name}: {'; '.join(errors) or 'type unknown or ambiguous'}")
    print(f"public API (codepith.__all__ and its classes' members): {mine - len(bad)} of {mine} symbols typed")
    print(f"pyright's score over every module: {report['completenessScore']:.1%}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
