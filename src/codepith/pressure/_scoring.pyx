# cython: language_level=3
"""Native context-pressure scoring and selection (Cython). Twin of
``_scoring_py``: same names, arrays in and out, same decisions (the phases,
then what the target did not need given back).

The loops run over typed memoryviews without Python objects: staleness with
the same floating-point operations in the same order as the twin, the order
by a stable LSD radix sort on the bits of the (non-negative) staleness, and
the phases as plain index walks.
"""

from cpython.array cimport array, clone
from libc.math cimport exp
from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

__all__ = [
    "score",
    "select",
    "IMPLEMENTATION",
    "KEEP",
    "SIGNATURES",
    "OUTLINE",
    "EVICT",
    "PINNED",
    "COMPRESSIBLE",
]

IMPLEMENTATION = "cython"

KEEP, SIGNATURES, OUTLINE, EVICT = 0, 1, 2, 3
PINNED, COMPRESSIBLE = 1, 2

cdef array _D = array("d")
cdef array _Q = array("q")
cdef array _B = array("b")

DEF _EXP_LIMIT = 700.0
DEF _PINNED_BIT = 1  # PINNED, COMPRESSIBLE and EVICT as C constants for the nogil loops
DEF _COMPRESSIBLE_BIT = 2
DEF _EVICT_CODE = 3
DEF _DIGIT = 11
DEF _BUCKETS = 2048


cdef inline double _sigmoid(double x) noexcept nogil:
    if -x > _EXP_LIMIT:
        return 0.0
    return 1.0 / (1.0 + exp(-x))


def score(
    int64_t turn,
    const int64_t[::1] last_read,
    const int64_t[::1] last_edit,
    const double[::1] importance,
    const uint8_t[::1] imported,
    const int64_t[::1] tokens,
    tuple weights,
):
    """Staleness of each item, in [0, 1] (float64 array); see ``_scoring_py.score``."""
    cdef double k, midpoint, edit_weight, import_weight, importance_weight, share_weight
    k, midpoint, edit_weight, import_weight, importance_weight, share_weight = weights
    cdef Py_ssize_t n = tokens.shape[0]
    if not (last_read.shape[0] == last_edit.shape[0] == importance.shape[0] == imported.shape[0] == n):
        raise ValueError("score(): all arrays must have the same length")
    cdef array out = clone(_D, n, True)
    cdef double[::1] s = out
    cdef Py_ssize_t i
    cdef int64_t total = 0, used, age, eage
    cdef double s0, span, d, de, share
    with nogil:
        for i in range(n):
            total += tokens[i]
        s0 = _sigmoid(-k * midpoint)
        span = 1.0 - s0
        for i in range(n):
            used = last_read[i]
            if last_edit[i] > used:
                used = last_edit[i]
            age = turn - used
            if age <= 0:
                continue
            d = (_sigmoid(k * (<double>age - midpoint)) - s0) / span
            if last_edit[i] >= 0:
                eage = turn - last_edit[i]
                if eage <= 0:
                    de = 0.0
                else:
                    de = (_sigmoid(k * (<double>eage - midpoint)) - s0) / span
                d = d * (1.0 - edit_weight * (1.0 - de))
            if imported[i]:
                d = d * (1.0 - import_weight)
            d = d * (1.0 - importance_weight * importance[i])
            share = (<double>tokens[i]) / (<double>total) if total > 0 else 0.0
            d = d * ((1.0 + share_weight * share) / (1.0 + share_weight))
            if d < 0.0 or d != d:
                d = 0.0
            elif d > 1.0:
                d = 1.0
            s[i] = d
    return out


cdef int _order(const double[::1] staleness, Py_ssize_t* order) except -1 nogil:
    """Indices by falling staleness, ties in index order (stable LSD radix).

    One read pass counts every digit; a digit that all keys share is skipped;
    the passes ping-pong between two buffers.
    """
    cdef Py_ssize_t n = staleness.shape[0]
    cdef int passes = (64 + _DIGIT - 1) // _DIGIT
    cdef uint64_t* keys = <uint64_t*>malloc(2 * n * sizeof(uint64_t) + 1)
    cdef Py_ssize_t* tmp = <Py_ssize_t*>malloc(n * sizeof(Py_ssize_t) + 1)
    cdef Py_ssize_t* count = <Py_ssize_t*>malloc(passes * _BUCKETS * sizeof(Py_ssize_t))
    if keys == NULL or tmp == NULL or count == NULL:
        free(keys); free(tmp); free(count)
        with gil:
            raise MemoryError()
    cdef uint64_t* src_k = keys
    cdef uint64_t* dst_k = keys + n
    cdef Py_ssize_t* src_i = order
    cdef Py_ssize_t* dst_i = tmp
    cdef uint64_t* swap_k
    cdef Py_ssize_t* swap_i
    cdef Py_ssize_t i, pos, c
    cdef Py_ssize_t* cnt
    cdef int p, shift
    cdef uint64_t bits, key, digit
    cdef double v
    memset(count, 0, passes * _BUCKETS * sizeof(Py_ssize_t))
    for i in range(n):
        v = staleness[i]
        if v == 0.0:
            v = 0.0  # no negative zero
        memcpy(&bits, &v, 8)
        key = ~bits  # non-negative doubles: bits rise with the value
        src_k[i] = key
        src_i[i] = i
        for p in range(passes):
            count[p * _BUCKETS + ((key >> (p * _DIGIT)) & (_BUCKETS - 1))] += 1
    for p in range(passes):
        shift = p * _DIGIT
        cnt = count + p * _BUCKETS
        if n == 0 or cnt[(src_k[0] >> shift) & (_BUCKETS - 1)] == n:
            continue  # every key has this digit: the pass would not move anything
        pos = 0
        for i in range(_BUCKETS):
            c = cnt[i]
            cnt[i] = pos
            pos += c
        for i in range(n):
            key = src_k[i]
            digit = (key >> shift) & (_BUCKETS - 1)
            c = cnt[digit]
            cnt[digit] = c + 1
            dst_k[c] = key
            dst_i[c] = src_i[i]
        swap_k = src_k; src_k = dst_k; dst_k = swap_k
        swap_i = src_i; src_i = dst_i; dst_i = swap_i
    if src_i != order:
        memcpy(order, src_i, n * sizeof(Py_ssize_t))
    free(keys); free(tmp); free(count)
    return 0


def select(
    const double[::1] staleness,
    const int64_t[::1] tokens,
    const int64_t[::1] tokens_sig,
    const int64_t[::1] tokens_outline,
    const int8_t[::1] level,
    const uint8_t[::1] flags,
    int64_t target,
    bint fresh_last_resort,
):
    """Decide each item's action; see ``_scoring_py.select``."""
    cdef Py_ssize_t n = tokens.shape[0]
    if not (staleness.shape[0] == tokens_sig.shape[0] == tokens_outline.shape[0]
            == level.shape[0] == flags.shape[0] == n):
        raise ValueError("select(): all arrays must have the same length")
    cdef array action_a = clone(_B, n, True)
    cdef array phase_a = clone(_B, n, True)
    cdef array after_a = clone(_Q, n, False)
    cdef array cur_a = clone(_B, n, False)
    cdef int8_t[::1] action = action_a
    cdef int8_t[::1] phase = phase_a
    cdef int64_t[::1] after = after_a
    cdef int8_t[::1] cur_level = cur_a
    cdef Py_ssize_t i
    cdef int64_t used = 0
    cdef int r, step
    cdef bint fresh
    for i in range(n):
        after[i] = tokens[i]
        cur_level[i] = level[i]
        used += tokens[i]
    if used <= target:
        return action_a, phase_a, after_a, used
    cdef Py_ssize_t* order = <Py_ssize_t*>malloc(n * sizeof(Py_ssize_t) + 1)
    if order == NULL:
        raise MemoryError()
    try:
        with nogil:
            _order(staleness, order)
            for r in range(2 if fresh_last_resort else 1):
                fresh = r == 1
                # (1) signatures, (2) outline, (3) evict what is not compressed, (4) then what is
                for step in range(1, 5):
                    if used <= target:
                        break
                    if step == 1:
                        used = _compress_phase(order, 1, tokens_sig, fresh, 4 * r + step, staleness, flags,
                                               action, phase, after, cur_level, used, target)
                    elif step == 2:
                        used = _compress_phase(order, 2, tokens_outline, fresh, 4 * r + step, staleness, flags,
                                               action, phase, after, cur_level, used, target)
                    else:
                        used = _evict_phase(order, step == 4, fresh, 4 * r + step, staleness, flags,
                                            action, phase, after, cur_level, used, target)
            if used <= target:  # (a) the evicted come back smallest, (b) then each gets its richest form
                used = _give_back(order, False, tokens, tokens_sig, tokens_outline, level, staleness,
                                  action, phase, after, cur_level, used, target)
                used = _give_back(order, True, tokens, tokens_sig, tokens_outline, level, staleness,
                                  action, phase, after, cur_level, used, target)
    finally:
        free(order)
    return action_a, phase_a, after_a, used


cdef int64_t _compress_phase(
    const Py_ssize_t* order, int8_t want, const int64_t[::1] form, bint fresh, int8_t phase_no,
    const double[::1] staleness, const uint8_t[::1] flags, int8_t[::1] action, int8_t[::1] phase,
    int64_t[::1] after, int8_t[::1] cur_level, int64_t used, int64_t target,
) noexcept nogil:
    """Phases 1-2 (5-6 for fresh items); see ``_scoring_py._compress_phase``."""
    cdef Py_ssize_t j, i, n = staleness.shape[0]
    for j in range(n):
        if used <= target:
            break
        i = order[j]
        if flags[i] & _PINNED_BIT or not flags[i] & _COMPRESSIBLE_BIT:
            continue
        if (staleness[i] > 0.0) == fresh or action[i] == _EVICT_CODE:
            continue
        if cur_level[i] >= want or form[i] < 0 or form[i] >= after[i]:
            continue
        used -= after[i] - form[i]
        after[i] = form[i]
        cur_level[i] = want
        action[i] = want
        phase[i] = phase_no
    return used


cdef int64_t _evict_phase(
    const Py_ssize_t* order, bint compressed, bint fresh, int8_t phase_no,
    const double[::1] staleness, const uint8_t[::1] flags, int8_t[::1] action, int8_t[::1] phase,
    int64_t[::1] after, int8_t[::1] cur_level, int64_t used, int64_t target,
) noexcept nogil:
    """Phases 3-4 (7-8 for fresh items); see ``_scoring_py._evict_phase``."""
    cdef Py_ssize_t j, i, n = staleness.shape[0]
    for j in range(n):
        if used <= target:
            break
        i = order[j]
        if flags[i] & _PINNED_BIT or action[i] == _EVICT_CODE:
            continue
        if (staleness[i] > 0.0) == fresh:
            continue
        if (cur_level[i] > 0) != compressed:
            continue
        used -= after[i]
        after[i] = 0
        action[i] = _EVICT_CODE
        phase[i] = phase_no
    return used


cdef int64_t _give_back(
    const Py_ssize_t* order, bint richest, const int64_t[::1] tokens, const int64_t[::1] tokens_sig,
    const int64_t[::1] tokens_outline, const int8_t[::1] level, const double[::1] staleness,
    int8_t[::1] action, int8_t[::1] phase, int64_t[::1] after, int8_t[::1] cur_level, int64_t used, int64_t target,
) noexcept nogil:
    """Undo what the target did not need; see ``_scoring_py._give_back``."""
    cdef Py_ssize_t j, i, n = staleness.shape[0]
    cdef int8_t want, best
    cdef int64_t cost, best_cost
    for j in range(n - 1, -1, -1):
        i = order[j]
        if action[i] == 0 or (action[i] == _EVICT_CODE) == richest:
            continue
        best = -1
        best_cost = -1
        for want in range(3):  # richest first: as it came (level[i]), then smaller forms
            if want == 0:
                cost = tokens[i]
            elif want <= level[i] or (richest and want >= cur_level[i]):
                continue
            else:
                cost = tokens_sig[i] if want == 1 else tokens_outline[i]
                if cost < 0 or cost >= tokens[i]:
                    continue
            if richest:
                if used - after[i] + cost <= target:
                    best = want
                    best_cost = cost
                    break
            elif best < 0 or cost < best_cost:  # the smallest; of equal ones, the richest
                best = want
                best_cost = cost
        if best < 0 or used - after[i] + best_cost > target:
            continue
        used += best_cost - after[i]
        after[i] = best_cost
        if best == 0:
            action[i] = 0
            phase[i] = 0
            cur_level[i] = level[i]
        else:
            action[i] = best
            cur_level[i] = best
            phase[i] = best + (0 if staleness[i] > 0.0 else 4)
    return used
