import importlib
import random

import pytest


def impl(name):
    return importlib.import_module("codepith.core._slicer" if name == "cython" else "codepith.core._slicer_py")


def make_source(size: int, seed: int = 7) -> bytes:
    """Deterministic Python-like source of about ``size`` bytes, some of it multi-byte."""
    rng = random.Random(seed)
    words = ["value", "result", "héllo", "données", "名前", "count", "🚀", "items", "self"]
    lines = []
    total = 0
    while total < size:
        indent = "    " * rng.randint(0, 3)
        line = f"{indent}{rng.choice(words)} = {rng.choice(words)}({rng.randint(0, 999)})  # {rng.choice(words)}\n"
        lines.append(line)
        total += len(line.encode("utf-8"))
    return "".join(lines).encode("utf-8")[:size].rsplit(b"\n", 1)[0] + b"\n"


def make_edits(data: bytes, count: int, seed: int = 11):
    """``count`` non-overlapping edits on line boundaries, in shuffled order."""
    rng = random.Random(seed)
    starts = [0]
    i = data.find(b"\n")
    while i >= 0:
        starts.append(i + 1)
        i = data.find(b"\n", i + 1)
    picks = sorted(rng.sample(range(len(starts) - 1), count * 2))
    edits = [(starts[a], starts[b], b"    ...\n") for a, b in zip(picks[::2], picks[1::2], strict=False)]
    rng.shuffle(edits)
    return edits


@pytest.fixture(scope="session")
def mib_source():
    data = make_source(1 << 20)
    return data, make_edits(data, 10_000)


@pytest.fixture(scope="session")
def ten_mib_source():
    return make_source(10 << 20)
