"""Context-pressure scoring and selection, pure Python. Twin of ``_scoring``.

Two loops over parallel arrays, one entry per item in an agent's context:

``score`` turns ages and features into staleness in [0, 1]; ``select`` walks
the items from most to least stale, phase by phase, and decides for each:
keep, compress to signatures, compress to outline, or evict. Both twins take
and return the same ``array.array`` types, compute staleness with the same
floating-point operations in the same order, and break ties the same way
(stable order by falling staleness, then by index), so their decisions are
identical.

Inputs of ``select`` (``n`` items):

- ``staleness``: float64, from ``score``; 0 means used this turn (fresh);
- ``tokens``: int64, tokens the item costs now;
- ``tokens_sig`` / ``tokens_outline``: int64, tokens at ``signatures`` /
  ``outline``, or -1 when that form does not exist;
- ``level``: int8, the item's level now (0 full, 1 signatures, 2 outline);
- ``flags``: uint8, bit 0 pinned, bit 1 compressible.

Phases (``PHASE_*``), each from most to least stale, stopping as soon as usage
is at or below ``target``: stale items only, (1) compress to signatures,
(2) then to outline, (3) evict what is not compressed, (4) evict what is
compressed; then, when ``fresh_last_resort`` is set and the target is still
not met, the same four over fresh items (5-8). Pinned items are never touched.

Once the target is met, what was cut more than it needed is given back, from
the least stale item to the most stale: (a) each evicted item comes back in
its smallest form (compressed, or whole) where that still meets the target,
then (b) each compressed item gets the richest form that still meets it. A
late, large eviction can leave room for what was cut before it; after this no
single decision can be undone with the target still met.
"""

from __future__ import annotations

import math
from array import array

__all__ = [
    "COMPRESSIBLE",
    "EVICT",
    "IMPLEMENTATION",
    "KEEP",
    "OUTLINE",
    "PINNED",
    "SIGNATURES",
    "score",
    "select",
]

IMPLEMENTATION = "python"

KEEP, SIGNATURES, OUTLINE, EVICT = 0, 1, 2, 3
PINNED, COMPRESSIBLE = 1, 2

# exp() of more than this overflows a double; the sigmoid is 0 or 1 there.
_EXP_LIMIT = 700.0


def _sigmoid(x: float) -> float:
    """1 / (1 + exp(-x)), clamped the same way in both twins."""
    if -x > _EXP_LIMIT:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def score(
    turn: int,
    last_read: array,
    last_edit: array,
    importance: array,
    imported: array,
    tokens: array,
    weights: tuple[float, float, float, float, float, float],
) -> array:
    """Staleness of each item, in [0, 1] (float64 array); ``weights`` is
    (k, midpoint, edit_weight, import_weight, importance_weight, share_weight).

    ``decay(age)`` is the turn-decay sigmoid ``1/(1+exp(-k(age-midpoint)))``
    rescaled so that it is exactly 0 at age 0 and tends to 1::

        decay(a)   = (sig(k(a-mid)) - sig(-k mid)) / (1 - sig(-k mid)),  0 when a <= 0
        staleness  = decay(turn - max(last_read, last_edit))
                     * (1 - edit_weight * (1 - decay(turn - last_edit)))  # if ever edited
                     * (1 - import_weight)            # if a recently edited file imports it
                     * (1 - importance_weight * importance)
                     * (1 + share_weight * share) / (1 + share_weight)

    where ``share`` is the item's part of all tokens. ``last_edit`` is -1 for
    an item never edited.
    """
    k, midpoint, edit_weight, import_weight, importance_weight, share_weight = weights
    n = len(tokens)
    total = sum(tokens)
    s0 = _sigmoid(-k * midpoint)
    span = 1.0 - s0
    out = array("d", bytes(8 * n))
    for i in range(n):
        used = last_read[i]
        used = max(used, last_edit[i])
        age = turn - used
        if age <= 0:
            continue  # used this turn: never stale
        d = (_sigmoid(k * (age - midpoint)) - s0) / span
        if last_edit[i] >= 0:
            eage = turn - last_edit[i]
            if eage <= 0:
                de = 0.0
            else:
                de = (_sigmoid(k * (eage - midpoint)) - s0) / span
            d = d * (1.0 - edit_weight * (1.0 - de))
        if imported[i]:
            d = d * (1.0 - import_weight)
        d = d * (1.0 - importance_weight * importance[i])
        share = tokens[i] / total if total > 0 else 0.0
        d = d * ((1.0 + share_weight * share) / (1.0 + share_weight))
        if d < 0.0 or math.isnan(d):
            d = 0.0
        elif d > 1.0:
            d = 1.0
        out[i] = d
    return out


def _order(staleness: array) -> list[int]:
    """Indices by falling staleness; equal staleness keeps index order."""
    return sorted(range(len(staleness)), key=staleness.__getitem__, reverse=True)


def select(
    staleness: array,
    tokens: array,
    tokens_sig: array,
    tokens_outline: array,
    level: array,
    flags: array,
    target: int,
    fresh_last_resort: bool,
) -> tuple[array, array, array, int]:
    """Decide each item's action; returns ``(action, phase, tokens_after, used_after)``.

    ``action`` (int8) is KEEP, SIGNATURES, OUTLINE or EVICT; ``phase`` (int8)
    the phase that decided it (0 for kept items); ``tokens_after`` (int64)
    what each item costs after the plan; ``used_after`` their sum.
    """
    n = len(tokens)
    # Python's sort is stable, and reverse=True keeps equal keys in index order.
    order = _order(staleness)
    action = array("b", bytes(n))
    phase = array("b", bytes(n))
    after = array("q", tokens)
    cur_level = array("b", level)
    used = sum(tokens)
    decided = (action, phase, after, cur_level)
    if used <= target:
        return action, phase, after, used
    for fresh in (False, True) if fresh_last_resort else (False,):
        base = 4 if fresh else 0
        # (1) signatures, (2) outline, (3) evict what is not compressed, (4) then what is
        for step in (1, 2, 3, 4):
            if used <= target:
                break
            if step <= 2:
                form = tokens_sig if step == 1 else tokens_outline
                used = _compress_phase(order, step, form, fresh, base + step, staleness, flags, decided, used, target)
            else:
                used = _evict_phase(order, step == 4, fresh, base + step, staleness, flags, decided, used, target)
    if used <= target:
        forms = (tokens, tokens_sig, tokens_outline, level)
        for richest in (False, True):  # (a) the evicted come back smallest, (b) then each gets its richest form
            used = _give_back(order, richest, forms, staleness, decided, used, target)
    return action, phase, after, used


def _compress_phase(
    order: list[int],
    want: int,
    form: array,
    fresh: bool,
    phase_no: int,
    staleness: array,
    flags: array,
    decided: tuple[array, array, array, array],
    used: int,
    target: int,
) -> int:
    """Phases 1-2 (5-6 for fresh items): compress each unpinned, compressible
    item of the round to ``want`` (SIGNATURES or OUTLINE) where ``form`` is
    smaller, most stale first, until ``used`` is at most ``target``; returns
    the usage after. ``decided`` holds ``(action, phase, after, cur_level)``."""
    action, phase, after, cur_level = decided
    for i in order:
        if used <= target:
            break
        if flags[i] & PINNED or not flags[i] & COMPRESSIBLE:
            continue
        if (staleness[i] > 0.0) == fresh or action[i] == EVICT:
            continue
        if cur_level[i] >= want or form[i] < 0 or form[i] >= after[i]:
            continue
        used -= after[i] - form[i]
        after[i] = form[i]
        cur_level[i] = want
        action[i] = want
        phase[i] = phase_no
    return used


def _evict_phase(
    order: list[int],
    compressed: bool,
    fresh: bool,
    phase_no: int,
    staleness: array,
    flags: array,
    decided: tuple[array, array, array, array],
    used: int,
    target: int,
) -> int:
    """Phases 3-4 (7-8 for fresh items): evict each unpinned item of the round
    that is (``compressed``) or is not compressed, most stale first, until
    ``used`` is at most ``target``; returns the usage after."""
    action, phase, after, cur_level = decided
    for i in order:
        if used <= target:
            break
        if flags[i] & PINNED or action[i] == EVICT:
            continue
        if (staleness[i] > 0.0) == fresh:
            continue
        if (cur_level[i] > 0) != compressed:
            continue
        used -= after[i]
        after[i] = 0
        action[i] = EVICT
        phase[i] = phase_no
    return used


def _give_back(
    order: list[int],
    richest: bool,
    forms: tuple[array, array, array, array],
    staleness: array,
    decided: tuple[array, array, array, array],
    used: int,
    target: int,
) -> int:
    """Undo what the target did not need, least stale item first: with
    ``richest`` False each evicted item comes back in its smallest form,
    else each compressed item gets its richest form; a form is taken only
    where usage stays at most ``target``. ``forms`` holds ``(tokens,
    tokens_sig, tokens_outline, level)``; returns the usage after."""
    action, phase, after, cur_level = decided
    tokens, tokens_sig, tokens_outline, level = forms
    for j in range(len(order) - 1, -1, -1):
        i = order[j]
        if action[i] == KEEP or (action[i] == EVICT) == richest:
            continue
        best, best_cost = -1, -1
        for want in (0, SIGNATURES, OUTLINE):  # richest first: as it came (level[i]), then smaller forms
            if want == 0:
                cost = tokens[i]
            elif want <= level[i] or (richest and want >= cur_level[i]):
                continue
            else:
                cost = tokens_sig[i] if want == SIGNATURES else tokens_outline[i]
                if cost < 0 or cost >= tokens[i]:
                    continue
            if richest:
                if used - after[i] + cost <= target:
                    best, best_cost = want, cost
                    break
            elif best < 0 or cost < best_cost:  # the smallest; of equal ones, the richest
                best, best_cost = want, cost
        if best < 0 or used - after[i] + best_cost > target:
            continue
        used += best_cost - after[i]
        after[i] = best_cost
        if best == 0:
            action[i], phase[i], cur_level[i] = KEEP, 0, level[i]
        else:
            action[i], cur_level[i] = best, best
            phase[i] = best + (0 if staleness[i] > 0.0 else 4)
    return used
