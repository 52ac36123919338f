"""What lies between a definition's header and its body, and just after the
body: comments, preprocessor lines, line splices, a lone ``;``. The placeholder
styles (:mod:`codepith.core.elide`) ask it where a placeholder may go; the
engine (:mod:`codepith.core.compress`) asks it where a body's elision ends.

Everything is read from the level's query captures (``@comment``,
``@line.directive``, ``@line.open``/``@line.close``, ``@body.trailer``), sorted
once per file and searched by bisection: the work stays linear however deep
the nesting (no walk through the tree's siblings, which tree-sitter finds by
descending from the root).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from .edits import line_end

__all__ = ["Gaps", "GAP_CAPTURES"]

#: the captures :class:`Gaps` reads
GAP_CAPTURES = frozenset({"comment", "line.directive", "line.open", "line.close", "body.trailer"})

_SPLICE = re.compile(rb"\\\r?\n")  # a backslash that ends a line joins it to the next
_BLANKS = b" \t\r\n\f\v"


class Gaps:
    """The comments and preprocessor lines of one file, from its captures."""

    def __init__(self, src: bytes, caps: dict[str, list]) -> None:
        self.src = src
        self._caps = caps
        self._marks: tuple[list[int], list[int], list[int]] | None = None
        self._runs: tuple[list[int], list[int]] | None = None

    def in_comment_or_directive(self, pos: int) -> bool:
        """True when byte ``pos`` lies in a comment or on a preprocessor line."""
        starts, reach, _ = self._gap_marks()
        i = bisect_right(starts, pos) - 1
        return i >= 0 and reach[i] > pos

    def directive_in(self, start: int, end: int) -> bool:
        """True when a preprocessor line starts in ``start:end``."""
        directives = self._gap_marks()[2]
        i = bisect_left(directives, start)
        return i < len(directives) and directives[i] < end

    def balanced(self, start: int, end: int) -> bool:
        """True when ``start:end`` holds as many directives that open a run of
        lines (``@line.open``: ``#region``, ``#if``) as close one."""
        if self._runs is None:
            caps = self._caps
            self._runs = (
                sorted(n.start_byte for n in caps.get("line.open", [])),
                sorted(n.start_byte for n in caps.get("line.close", [])),
            )
        opens, closes = self._runs
        if not opens and not closes:
            return True
        held_open = bisect_left(opens, end) - bisect_left(opens, start)
        return held_open == bisect_left(closes, end) - bisect_left(closes, start)

    def trailed(self, bodies: list) -> dict[int, int]:
        """Where the elision of each body directly followed by a ``@body.trailer``
        (a lone ``;`` among C++ declarations) ends: after that ``;`` and any more
        that follow it, when only blanks lie between; -1 (left as it is) when a
        comment does, since ``} /* c */ ;`` reads as an initializer too. By the
        body's start byte."""
        trailers = self._caps.get("body.trailer")
        if not trailers:
            return {}
        src = self.src
        by_end = sorted(bodies, key=lambda b: b.end_byte)
        body_ends = [b.end_byte for b in by_end]
        ends: dict[int, int] = {}
        for semicolon in sorted(trailers, key=lambda t: t.start_byte):
            i = bisect_right(body_ends, semicolon.start_byte) - 1
            if i < 0 or by_end[i].start_byte in ends:
                continue  # the nearest `;` decides
            nxt, commented = self._past_comments(by_end[i].end_byte)
            if nxt != semicolon.start_byte:
                continue  # code between: not this body's `;`
            end = -1 if commented else semicolon.end_byte
            while end > 0:  # `};;`: each `;` left would make an initializer of the placeholder
                nxt, commented = self._past_comments(end)
                if src[nxt : nxt + 1] != b";":
                    break
                end = -1 if commented else nxt + 1
            ends[by_end[i].start_byte] = end
        return ends

    def _past_comments(self, pos: int) -> tuple[int, bool]:
        """(the first byte at or after ``pos`` that is neither blank, a line
        splice nor in a comment, whether a comment lay between)."""
        src = self.src
        starts, reach, _ = self._gap_marks()
        commented = False
        while True:
            while pos < len(src) and (src[pos] in _BLANKS or _SPLICE.match(src, pos)):
                pos += 1
            i = bisect_right(starts, pos) - 1
            if i < 0 or reach[i] <= pos:
                return pos, commented
            pos, commented = reach[i], True

    def _gap_marks(self) -> tuple[list[int], list[int], list[int]]:
        """(starts of the comments and directive lines, in order; the furthest
        end reached by each and those before it; starts of the directive lines),
        sorted the first time they are asked for."""
        if self._marks is None:
            caps = self._caps
            directives = sorted(n.start_byte for n in caps.get("line.directive", []))
            spans = sorted(
                [(n.start_byte, n.end_byte) for n in caps.get("comment", [])]
                + [(d, line_end(self.src, d)) for d in directives]
            )
            reach, far = [], 0
            for _start, stop in spans:
                far = max(far, stop)
                reach.append(far)
            self._marks = ([start for start, _stop in spans], reach, directives)
        return self._marks
