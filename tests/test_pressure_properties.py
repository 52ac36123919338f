"""Property tests of the context-pressure loops, run on both twins.

The plan never touches pinned items, never increases usage, stops as soon as
the target is met, reaches it whenever compressing and evicting every
unpinned item could, cuts nothing the target did not need (no decision can be
undone with the target still met), and the native and pure-Python loops agree
on every input.
"""

from __future__ import annotations

import math
from array import array

from hypothesis import given
from hypothesis import strategies as st

from helpers import IMPLEMENTATIONS, load_impl

KEEP, SIGNATURES, OUTLINE, EVICT = 0, 1, 2, 3
PINNED, COMPRESSIBLE = 1, 2

weights = st.floats(0.0, 1.0, allow_nan=False)


@st.composite
def contexts(draw, max_items=40):
    """Random items: ages, features, token counts at each level, flags."""
    n = draw(st.integers(0, max_items))
    turn = draw(st.integers(0, 30))
    rows = []
    for _ in range(n):
        last_read = draw(st.integers(0, turn))
        last_edit = draw(st.one_of(st.just(-1), st.integers(0, turn)))
        tokens = draw(st.integers(0, 5000))
        level = draw(st.sampled_from([0, 0, 0, 1, 2]))
        compressible = draw(st.booleans())
        sig = draw(st.one_of(st.just(-1), st.integers(0, tokens))) if compressible and level < 1 else -1
        outline = draw(st.one_of(st.just(-1), st.integers(0, tokens))) if compressible and level < 2 else -1
        rows.append(
            dict(
                last_read=last_read,
                last_edit=last_edit,
                importance=draw(weights),
                imported=draw(st.integers(0, 1)),
                tokens=tokens,
                sig=sig,
                outline=outline,
                level=level,
                flags=(PINNED if draw(st.integers(0, 4)) == 0 else 0) | (COMPRESSIBLE if compressible else 0),
            )
        )
    params = dict(
        k=draw(st.floats(0.01, 20.0)),
        midpoint=draw(st.floats(0.0, 20.0)),
        edit_weight=draw(weights),
        import_weight=draw(weights),
        importance_weight=draw(weights),
        share_weight=draw(weights),
    )
    total = sum(r["tokens"] for r in rows)
    target = draw(st.integers(0, total + 10))
    return turn, rows, params, target, draw(st.booleans())


def run(impl, turn, rows, params, target, fresh_last_resort):
    def col(key, code):
        return array(code, [r[key] for r in rows])

    staleness = impl.score(
        turn, col("last_read", "q"), col("last_edit", "q"), col("importance", "d"), col("imported", "B"), col("tokens", "q"),
        (params["k"], params["midpoint"], params["edit_weight"], params["import_weight"],
         params["importance_weight"], params["share_weight"]),
    )  # fmt: skip
    out = impl.select(
        staleness, col("tokens", "q"), col("sig", "q"), col("outline", "q"), col("level", "b"), col("flags", "B"),
        target, fresh_last_resort,
    )  # fmt: skip
    return staleness, out


# The native and pure-Python loops agree (a pure-Python run has only one).
if len(IMPLEMENTATIONS) == 2:

    @given(contexts())
    def test_native_and_twin_agree(ctx):
        py = run(load_impl("python", "scoring"), *ctx)
        cy = run(load_impl("cython", "scoring"), *ctx)
        assert py == cy

    @given(contexts(max_items=3), st.integers(-5, 5), st.integers(-1, 3))
    def test_native_and_twin_agree_on_edge_turns(ctx, shift, target):
        turn, rows, params, _, fresh_last_resort = ctx
        # ages of 0 and below, equal staleness everywhere, tiny targets
        ctx = (max(0, turn + shift), rows, params, target, fresh_last_resort)
        assert run(load_impl("python", "scoring"), *ctx) == run(load_impl("cython", "scoring"), *ctx)


@given(contexts())
def test_plan_properties(scoring, ctx):
    turn, rows, params, target, fresh_last_resort = ctx
    staleness, (action, phase, after, used_after) = run(scoring, *ctx)
    n = len(rows)
    used = sum(r["tokens"] for r in rows)
    assert sum(after) == used_after
    assert used_after <= used  # never increases usage
    for i, r in enumerate(rows):
        s = staleness[i]
        assert 0.0 <= s <= 1.0 and not math.isnan(s)
        age = turn - max(r["last_read"], r["last_edit"])
        if age == 0:
            assert s == 0.0  # used this turn: never stale
        assert 0 <= after[i] <= r["tokens"]  # no item grows
        if r["flags"] & PINNED:
            assert action[i] == KEEP and after[i] == r["tokens"]  # pinned: untouched
        if action[i] == KEEP:
            assert after[i] == r["tokens"] and phase[i] == 0
        elif action[i] == EVICT:
            assert after[i] == 0
        else:
            assert r["flags"] & COMPRESSIBLE and action[i] > r["level"]
            assert after[i] == (r["sig"] if action[i] == SIGNATURES else r["outline"])
        if action[i] != KEEP and s == 0.0:
            assert fresh_last_resort  # fresh items only as a last resort

    # Reaches the target whenever cutting every item it may cut could.
    untouchable = sum(
        r["tokens"]
        for i, r in enumerate(rows)
        if r["flags"] & PINNED or (staleness[i] == 0.0 and not fresh_last_resort)
    )
    if untouchable <= target:
        assert used_after <= target
    if used <= target:
        assert list(action) == [KEEP] * n

    # Stops as soon as the target is met: undoing the last step leaves it above.
    if used_after < used:
        last = max((phase[i], order_position(staleness, i), i) for i in range(n) if action[i] != KEEP)[2]
        undone = used_after - after[last] + previous_tokens(rows[last], action[last], phase[last])
        assert undone > target

    # Nothing is cut more than the target needs: no decision can be undone
    # (an evicted item back in any of its forms, a compressed one at a richer
    # level) with the target still met.
    for i, r in enumerate(rows):
        for cost in undone_costs(r, action[i]):
            assert used_after - after[i] + cost > target, (i, action[i], cost)


def test_plan_undo_property_on_the_reported_plan(scoring):
    # two stale code files, one fresh file, and a large fresh JSON file that cannot be compressed (issue 26)
    rows = [
        dict(
            last_read=1,
            last_edit=-1,
            importance=0.0,
            imported=0,
            tokens=9000,
            sig=3000,
            outline=1500,
            level=0,
            flags=COMPRESSIBLE,
        )
        for _ in range(2)
    ]
    rows.append(
        dict(
            last_read=6,
            last_edit=-1,
            importance=0.0,
            imported=0,
            tokens=1383,
            sig=700,
            outline=400,
            level=0,
            flags=COMPRESSIBLE,
        )
    )
    rows.append(
        dict(last_read=6, last_edit=-1, importance=0.0, imported=0, tokens=67000, sig=-1, outline=-1, level=0, flags=0)
    )
    params = dict(k=1.0, midpoint=3.0, edit_weight=0.5, import_weight=0.5, importance_weight=0.5, share_weight=0.5)
    _, (action, _, after, used_after) = run(scoring, 6, rows, params, 42000, True)
    assert list(action) == [KEEP, KEEP, KEEP, EVICT]  # the JSON's eviction leaves room for everything else
    assert used_after == 9000 + 9000 + 1383


def order_position(staleness, i):
    """Position of ``i`` in the walk order: falling staleness, then index."""
    return sum(
        1 for j in range(len(staleness)) if staleness[j] > staleness[i] or (staleness[j] == staleness[i] and j < i)
    )


def smallest(row):
    """Tokens of an item compressed as far as its forms go."""
    t = row["tokens"]
    if row["level"] < 1 and 0 <= row["sig"] < t:
        t = row["sig"]
    if row["level"] < 2 and 0 <= row["outline"] < t:
        t = row["outline"]
    return t


def undone_costs(row, act):
    """What an item would cost with its decision undone: an evicted one in
    each of its forms, a compressed one at each richer level."""
    t = row["tokens"]
    sig = row["sig"] if row["level"] < 1 and 0 <= row["sig"] < t else None
    outline = row["outline"] if row["level"] < 2 and 0 <= row["outline"] < t else None
    if act == EVICT:
        return [c for c in (t, sig, outline) if c is not None]
    if act == OUTLINE:
        return [c for c in (t, sig) if c is not None]
    if act == SIGNATURES:
        return [t]
    return []


def previous_tokens(row, act, ph):
    """Tokens of an item just before the step that decided it."""
    step = (ph - 1) % 4 + 1
    if step == 2 and row["level"] < 1 and 0 <= row["sig"] < row["tokens"]:
        return row["sig"]  # went to signatures first, then outline
    if step == 4:
        return smallest(row)
    return row["tokens"]
