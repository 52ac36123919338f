"""Which level each file of a map is shown at, under an exact token budget.

Files come in rank order, focus files first. Each may be shown as code
(``full``, ``signatures``, ``outline``), by its names only (one line: its most
used definitions), or left out. The choice, in four steps:

1. each focus file at the richest level whose code fits in :data:`FOCUS_SHARE`
   of the budget, with the others before it (else by its names), when the
   document still fits: the map is of the repository around the focus files,
   so they leave it half of the budget at least;
2. depth: the next files in rank order, each at the richest level whose
   section fits in :data:`DEPTH_SHARE` of the budget (estimated from each
   section's own tokens): a quarter, so that breadth, the names of many
   files, gets most of what the focus files leave;
3. breadth: as many of the remaining files as fit, in rank order, by their
   names -- the most that fit, found by a binary search over exact counts of
   the whole document (:func:`~codepith.memory.fitting.most_that_fit`), then
   the next file with as many of its names as still fit; when even none fit,
   the lowest ranked file shown as code is dropped first;
4. when every file is named and tokens remain, more files are shown as code
   in rank order, each only if the whole document still fits;
5. and then the files shown by their names show more of them, in rank order.

Every decision that could push the document over the budget is checked
against an exact count of the whole document, so the map is never over it;
the breadth step uses what depth leaves to within one line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ..memory.fitting import most_that_fit
from ..render.maps import MapEntry

__all__ = ["DEPTH_SHARE", "RICH_LEVELS", "fit"]

#: the levels a file is shown at as code, richest first
RICH_LEVELS = ("full", "signatures", "outline")
#: the share of the budget the focus files may take as code (their names need not fit in it)
FOCUS_SHARE = 0.5
#: the share of the budget the depth step may give to files shown as code
DEPTH_SHARE = 0.25
#: how many files the depth steps look at, in rank order
DEPTH_CANDIDATES = 48


class _Fitter:
    def __init__(
        self,
        order: Sequence[str],
        make: Callable[[str, str], MapEntry | None],
        tokens_of: Callable[[list[MapEntry]], int],
        budget: int,
    ) -> None:
        self.order = list(order)
        self.make = make
        self.tokens_of = tokens_of
        self.budget = budget
        self._base: int | None = None
        self._costs: dict[tuple[str, str], int] = {}

    def entries(self, shown: dict[str, MapEntry]) -> list[MapEntry]:
        return [shown[p] for p in self.order if p in shown]

    def fits(self, shown: dict[str, MapEntry]) -> bool:
        return self.tokens_of(self.entries(shown)) <= self.budget

    def cost(self, entry: MapEntry) -> int:
        """The tokens ``entry`` adds to a document (its section and its line)."""
        key = (entry.path, entry.level)
        if key not in self._costs:
            if self._base is None:
                self._base = self.tokens_of([])
            self._costs[key] = max(0, self.tokens_of([entry]) - self._base)
        return self._costs[key]


def fit(
    order: Sequence[str],
    focus: Sequence[str],
    budget: int,
    make: Callable[[str, str], MapEntry | None],
    tokens_of: Callable[[list[MapEntry]], int],
) -> list[MapEntry]:
    """The entries of the map, in ``order`` (see the module doc). ``make(path,
    level)`` gives a file's entry at a level (None where it has none: a file
    that does not parse cleanly has no code level, one without definitions
    no names); ``tokens_of(entries)`` is the exact size of the document."""
    f = _Fitter(order, make, tokens_of, budget)
    fixed: dict[str, MapEntry] = {}
    share = int(budget * FOCUS_SHARE)
    for path in [p for p in order if p in set(focus)]:
        for level in (*RICH_LEVELS, "names"):
            entry = make(path, level)
            if entry is None:
                continue
            within = level == "names" or sum(f.cost(e) for e in fixed.values()) + f.cost(entry) <= share
            if within and f.fits({**fixed, path: entry}):
                fixed[path] = entry
                break
    rich = _depth(f, fixed, set(focus), int(budget * DEPTH_SHARE))
    while not f.fits(rich):
        dropped = next((p for p in reversed(order) if p in rich and p not in fixed), None)
        if dropped is None:  # the focus files alone fit (step 1): this cannot be
            return f.entries(fixed)
        del rich[dropped]
    named: list[tuple[str, MapEntry]] = []
    rest = iter([p for p in order if p not in rich])
    estimate = f.tokens_of(f.entries(rich))
    more = True

    def shown_with(k: int) -> dict[str, MapEntry]:
        return {**rich, **dict(named[:k])}

    # the names lines that could fit, by their estimated sizes (a little over, never under: what
    # is counted apart is at least what is counted together), then the most that fit, counted exactly
    while more:
        for path in rest:
            entry = make(path, "names")
            if entry is not None:
                named.append((path, entry))
                estimate += f.cost(entry)
                if estimate > budget * 1.1 + 64:
                    break
        else:
            more = False
        k = most_that_fit(0, len(named), lambda k: f.fits(shown_with(k)))
        if k < len(named):
            more = False
        estimate += budget  # every line taken fit: look further
    shown = shown_with(k)
    if k == len(named):
        shown = _more_depth(f, shown, set(rich))
        shown = _more_names(f, shown)
    else:  # the next file, with as many of its names as still fit
        shown = _with_most_names(f, shown, named[k][1], 1)
    return f.entries(shown)


def _with_most_names(f: _Fitter, shown: dict[str, MapEntry], entry: MapEntry, least: int) -> dict[str, MapEntry]:
    """``shown`` with ``entry`` showing as many of its names as fit (at least
    ``least``, else as it was)."""

    def with_names(m: int) -> dict[str, MapEntry]:
        return {**shown, entry.path: replace(entry, shown=m)}

    m = most_that_fit(least - 1, len(entry.names), lambda m: m >= least and f.fits(with_names(m)))
    return with_names(m) if m >= least else shown


def _more_names(f: _Fitter, shown: dict[str, MapEntry]) -> dict[str, MapEntry]:
    """Step 5: every file is shown and tokens remain: the files shown by their
    names show more of them, in rank order."""
    for path in f.order:
        entry = shown.get(path)
        if entry is not None and entry.level == "names" and entry.more:
            shown = _with_most_names(f, shown, entry, entry.shown + 1)
    return shown


def _depth(f: _Fitter, fixed: dict[str, MapEntry], focus: set[str], share: int) -> dict[str, MapEntry]:
    """Step 2: files after the focus ones, each at its richest level whose
    estimated section still fits in ``share``."""
    rich = dict(fixed)
    used = sum(f.cost(e) for e in fixed.values())
    for path in [p for p in f.order if p not in focus][:DEPTH_CANDIDATES]:
        if used >= share:
            break
        for level in RICH_LEVELS:
            entry = f.make(path, level)
            if entry is not None and used + f.cost(entry) <= share:
                rich[path] = entry
                used += f.cost(entry)
                break
    return rich


def _more_depth(f: _Fitter, shown: dict[str, MapEntry], rich: set[str]) -> dict[str, MapEntry]:
    """Step 4: every file is named and tokens remain: show more as code."""
    for path in [p for p in f.order if p not in rich][:DEPTH_CANDIDATES]:
        for level in RICH_LEVELS:
            entry = f.make(path, level)
            if entry is not None and f.fits({**shown, path: entry}):
                shown = {**shown, path: entry}
                break
    return shown
