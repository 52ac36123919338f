"""Synthetic context items for the context-pressure benchmarks."""

from __future__ import annotations

import importlib
import random
from array import array


def scoring_impl(name: str):
    return importlib.import_module(
        "codepith.pressure._scoring" if name == "cython" else "codepith.pressure._scoring_py"
    )


def make_items(n: int, seed: int = 5, turn: int = 200):
    """``n`` items as the arrays ``score`` and ``select`` take, and a target
    that needs all four stale phases (compress, outline, evict, evict)."""
    rng = random.Random(seed)
    last_read = array("q", (rng.randint(0, turn) for _ in range(n)))
    last_edit = array("q", (rng.choice((-1, rng.randint(0, turn))) for _ in range(n)))
    importance = array("d", (rng.random() for _ in range(n)))
    imported = array("B", (rng.random() < 0.1 for _ in range(n)))
    tokens = array("q", (rng.randint(50, 20_000) for _ in range(n)))
    compressible = [rng.random() < 0.7 for _ in range(n)]
    sig = array("q", (t * 4 // 10 if c else -1 for t, c in zip(tokens, compressible, strict=False)))
    outline = array("q", (t * 2 // 10 if c else -1 for t, c in zip(tokens, compressible, strict=False)))
    level = array("b", bytes(n))
    flags = array("B", ((1 if rng.random() < 0.05 else 0) | (2 if c else 0) for c in compressible))
    target = sum(tokens) // 8
    return turn, (last_read, last_edit, importance, imported, tokens), (sig, outline, level, flags), target


WEIGHTS = (1.0, 3.0, 0.5, 0.5, 0.5, 0.5)


def plan_once(module, items):
    """Score and select: the whole loop a plan runs."""
    turn, feats, forms, target = items
    staleness = module.score(turn, *feats, WEIGHTS)
    tokens = feats[4]
    sig, outline, level, flags = forms
    return module.select(staleness, tokens, sig, outline, level, flags, target, True)
