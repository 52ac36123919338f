"""Byte edits of one file, for :mod:`codepith.core.compress`: the edit record,
nested-interval lookups, the line helpers the passes measure with, and the
resolution that makes the proposed edits disjoint.

Everything here works on bytes and offsets; no grammar and no language is
known here.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from typing import NamedTuple

__all__ = [
    "Edit",
    "Intervals",
    "resolve",
    "outermost",
    "line_start",
    "line_end",
    "space_back",
    "blank",
    "lines_ref",
]


class Edit(NamedTuple):
    """Replace ``start:end`` of the input with ``replacement``; ``kind`` is an
    :class:`~codepith.core.compress.Elision` kind."""

    start: int
    end: int
    replacement: bytes
    kind: str


def line_start(src: bytes, pos: int) -> int:
    """Offset of the start of the line that holds ``pos``."""
    return src.rfind(b"\n", 0, pos) + 1


def line_end(src: bytes, pos: int) -> int:
    """Offset of the newline ending the line that holds ``pos`` (or len)."""
    i = src.find(b"\n", pos)
    return len(src) if i < 0 else i


def space_back(src: bytes, pos: int, blanks: bytes) -> int:
    """The offset where the run of ``blanks`` bytes ending at ``pos`` starts."""
    while pos > 0 and src[pos - 1] in blanks:
        pos -= 1
    return pos


def blank(b: bytes) -> bool:
    """``b`` holds nothing but spaces, tabs, carriage returns and form feeds."""
    return not b.strip(b" \t\r\f\v")


def lines_ref(first_row: int, last_row: int) -> str:
    """``L3`` or ``L3-9``: the 1-based lines of 0-based rows ``first_row`` to ``last_row``."""
    a, b = first_row + 1, last_row + 1
    return f"L{a}" if a == b else f"L{a}-{b}"


class Intervals:
    """Innermost enclosing interval lookups over properly nested ranges."""

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        self.spans = sorted(set(spans), key=lambda s: (s[0], -s[1]))
        self.starts = [s[0] for s in self.spans]

    def innermost_of(self, points: Iterable[int]) -> dict[int, tuple[int, int]]:
        """For each point inside some span, the innermost span holding it (one
        sweep; spans must nest, as syntax nodes do)."""
        found: dict[int, tuple[int, int]] = {}
        stack: list[tuple[int, int]] = []
        spans = self.spans
        i = 0
        for pos in sorted(points):
            while i < len(spans) and spans[i][0] <= pos:
                while stack and stack[-1][1] <= spans[i][0]:
                    stack.pop()
                stack.append(spans[i])
                i += 1
            while stack and stack[-1][1] <= pos:
                stack.pop()
            if stack:
                found[pos] = stack[-1]
        return found

    def any_within(self, start: int, end: int) -> bool:
        """Some span starts inside ``start:end``."""
        i = bisect_right(self.starts, start - 1)
        return i < len(self.starts) and self.starts[i] < end


def outermost(spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans not nested in another (syntax nodes nest or are disjoint)."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans, key=lambda s: (s[0], -s[1])):
        if out and start < out[-1][1]:
            continue
        out.append((start, end))
    return out


_PRIORITY = {"body": 5, "block": 4, "data": 3, "docstring": 2, "doc": 2, "comment": 1}


def resolve(edits: list[Edit]) -> list[Edit]:
    """Make the edits disjoint: nested ones go, partial overlaps are settled by kind.

    Queries may propose overlapping ranges (a comment inside an elided body, a
    comment line beside a block). The outermost edit wins over the ones nested
    in it; of two edits that overlap without nesting, the more important kind
    (a body over a comment) is kept. Nothing fails for the whole file.
    """
    edits = sorted(edits, key=lambda e: (e.start, -e.end))
    if all(a.end <= b.start for a, b in zip(edits, edits[1:], strict=False)):
        return edits  # the usual case: already disjoint
    # Greedy by importance, outermost first. An edit nested in a kept one goes;
    # one that contains kept ones replaces them (the outermost wins); one that
    # overlaps a kept one without nesting goes.
    ranked = sorted(edits, key=lambda e: (-_PRIORITY[e.kind], e.start - e.end, e.start))
    starts: list[int] = []
    kept: list[Edit] = []
    for e in ranked:
        lo = bisect_right(starts, e.start)
        if lo > 0 and kept[lo - 1].end > e.start:
            lo -= 1
        hi = lo
        while hi < len(kept) and (kept[hi].start < e.end or (kept[hi].start == e.start == e.end)):
            hi += 1
        overlapping = kept[lo:hi]
        if any(k.start <= e.start and e.end <= k.end for k in overlapping):
            continue  # nested in a kept edit
        if any(not (e.start <= k.start and k.end <= e.end) for k in overlapping):
            continue  # a partial overlap with a more important edit
        del kept[lo:hi]
        del starts[lo:hi]
        kept.insert(lo, e)
        starts.insert(lo, e.start)
    return kept
