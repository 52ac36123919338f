"""One formatter for sizes and counts in summaries, used everywhere."""

import ast
from pathlib import Path

import pytest

import codepith
from codepith.core.units import human, human_bytes


@pytest.mark.parametrize(
    "n, text", [(0, "0"), (950, "950"), (1200, "1.2k"), (3_400_000, "3.4M"), (1e9, "1.0G"), (999.9, "999")]
)
def test_human(n, text):
    assert human(n) == text


def test_human_bytes():
    assert human_bytes(512_000_000) == "512.0MB"
    assert human_bytes(28_672) == "28.7kB"


def test_no_other_module_scales_by_thousands_for_display():
    """A second formatter would hold the 1e3/1e6/1e9 steps of units.human."""
    src = Path(codepith.__file__).parent
    steps = {1e3, 1e6, 1e9, 1024.0, 1024**2, 1024**3}
    found = []
    for path in src.rglob("*.py"):
        if path.name == "units.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            pair = isinstance(node, ast.Tuple) and len(node.elts) == 2
            if pair and all(isinstance(e, ast.Constant) for e in node.elts):
                unit, size = (e.value for e in node.elts)
                if isinstance(unit, str) and len(unit) <= 3 and size in steps:
                    found.append(f"{path.relative_to(src)}:{node.lineno}")
    assert found == []
