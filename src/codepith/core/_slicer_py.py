"""Pure-Python reference implementation of the byte-space slicer.

Same names, signatures and errors as the Cython module ``_slicer``; the test
suite runs every slicer test against both.
"""

from __future__ import annotations

import operator
from array import array
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from typing import Any

from ..errors import EditOverlapError, EditRangeError, Utf8BoundaryError
from ._sliced import Sliced

__all__ = ["slice_bytes", "line_index", "longest_line", "LineIndex", "IMPLEMENTATION"]

IMPLEMENTATION = "python"


def _utf8_inside(data: bytes, offset: int) -> bool:
    """True when ``offset`` falls strictly inside a UTF-8 multi-byte sequence.

    A position is inside a character when the byte there is a continuation
    byte that belongs to a lead byte at most three bytes before it. Stray
    continuation bytes of invalid input are not characters, so cutting next to
    them is allowed.
    """
    n = len(data)
    if offset <= 0 or offset >= n or (data[offset] & 0xC0) != 0x80:
        return False
    j = offset - 1
    lowest = max(offset - 3, 0)
    while j >= lowest:
        b = data[j]
        if (b & 0xC0) == 0x80:
            j -= 1
            continue
        if 0xC0 <= b <= 0xDF:
            length = 2
        elif 0xE0 <= b <= 0xEF:
            length = 3
        elif 0xF0 <= b <= 0xF7:
            length = 4
        else:
            return False
        return j + length > offset
    return False


def _check_boundary(data: bytes, offset: int, index: int) -> None:
    if _utf8_inside(data, offset):
        raise Utf8BoundaryError(
            f"edit #{index} cuts at byte offset {offset}, inside a UTF-8 multi-byte character; "
            "edit offsets must fall on character boundaries (a tree-sitter node's "
            "start_byte/end_byte always do on valid input)",
            offset,
        )


def _normalise(data: bytes, edits: Iterable[Sequence]) -> list[tuple[int, int, bytes, int]]:
    n = len(data)
    out = []
    for index, edit in enumerate(edits):
        try:
            start, end, replacement = edit
            start = operator.index(start)
            end = operator.index(end)
        except (TypeError, ValueError):
            raise TypeError(f"edit #{index} must be a (start, end, replacement) tuple, got {edit!r}") from None
        if not isinstance(replacement, (bytes, bytearray, memoryview)):
            raise TypeError(
                f"edit #{index}: replacement must be bytes, got {type(replacement).__name__}; "
                "encode text with .encode('utf-8')"
            )
        if start < 0 or end > n or start > end:
            raise EditRangeError(
                f"edit #{index} ({start}, {end}) is out of range for {n} bytes of data "
                "(need 0 <= start <= end <= len(data))"
            )
        _check_boundary(data, start, index)
        if end != start:
            _check_boundary(data, end, index)
        out.append((start, end, bytes(replacement), index))
    return out


def _select(edits: list[tuple[int, int, bytes, int]]) -> list[tuple[int, int, bytes]]:
    """Sort edits, drop nested ones, reject overlaps and conflicting duplicates."""
    # Insertions at an offset come before ranges starting there; among ranges
    # with one start, the longest (outermost) comes first.
    edits.sort(key=lambda e: (e[0], e[0] != e[1], -e[1], e[3]))
    kept: list[tuple[int, int, bytes]] = []
    cur_end = 0  # end of the last applied range edit
    cur_start = -1
    prev = None
    for start, end, rep, index in edits:
        if prev is not None and prev[0] == start and prev[1] == end:
            if prev[2] != rep:
                raise EditOverlapError(
                    f"edits #{prev[3]} and #{index} replace the same range ({start}, {end}) with different bytes"
                )
            continue  # an identical duplicate: applied once
        prev = (start, end, rep, index)
        if start == end:
            if start < cur_end and start > cur_start:
                continue  # an insertion strictly inside a replaced range
            kept.append((start, end, rep))
            continue
        if start >= cur_end:
            kept.append((start, end, rep))
            cur_start, cur_end = start, end
        elif end <= cur_end:
            continue  # nested inside the previous range: the outermost wins
        else:
            raise EditOverlapError(
                f"edit #{index} ({start}, {end}) overlaps the edit ({cur_start}, {cur_end}) without being nested in it"
            )
    return kept


def slice_bytes(data: bytes, edits: Iterable[Sequence[Any]]) -> Sliced:
    """Apply ``(start, end, replacement)`` edits to ``data``; see :func:`codepith.slice_bytes`."""
    data = bytes(data)
    kept = _select(_normalise(data, edits))
    parts = []
    starts = array("q")
    ends = array("q")
    start_lines = array("q")
    end_lines = array("q")
    out_starts = array("q")
    out_ends = array("q")
    pos = 0
    out_len = 0
    line = 1  # line of offset `pos`
    for start, end, rep in kept:
        parts.append(data[pos:start])
        out_len += start - pos
        line += data.count(b"\n", pos, start)
        starts.append(start)
        ends.append(end)
        start_lines.append(line)
        if end > start:
            end_line = line + data.count(b"\n", start, end - 1)
        else:
            end_line = line
        end_lines.append(end_line)
        out_starts.append(out_len)
        parts.append(rep)
        out_len += len(rep)
        out_ends.append(out_len)
        line += data.count(b"\n", start, end)
        pos = end
    parts.append(data[pos:])
    return Sliced(b"".join(parts), data, starts, ends, start_lines, end_lines, out_starts, out_ends)


class LineIndex:
    """Maps byte offsets to 1-based line numbers (lines end at ``\\n``)."""

    __slots__ = ("_starts", "_size", "line_count")

    def __init__(self, data: bytes) -> None:
        starts = array("q", [0])
        find = data.find
        i = find(b"\n")
        while i >= 0:
            starts.append(i + 1)
            i = find(b"\n", i + 1)
        self._starts = starts
        self._size = len(data)
        # A final line without a newline still counts; an empty file has none.
        self.line_count: int = len(starts) - (1 if starts[-1] == len(data) else 0)

    def line_of(self, byte_offset: int) -> int:
        """1-based line of ``byte_offset`` (0 <= offset <= len(data))."""
        if byte_offset < 0 or byte_offset > self._size:
            raise EditRangeError(f"byte offset {byte_offset} is out of range for {self._size} bytes of data")
        return bisect_right(self._starts, byte_offset)

    def line_start(self, line: int) -> int:
        """Byte offset where 1-based ``line`` starts."""
        if line < 1 or line > len(self._starts):
            raise EditRangeError(f"line {line} is out of range (1..{len(self._starts)})")
        return self._starts[line - 1]

    def __repr__(self) -> str:
        return f"<LineIndex {self.line_count} lines>"


def line_index(data: bytes) -> LineIndex:
    """Build a :class:`LineIndex` over ``data``."""
    return LineIndex(bytes(data))


def longest_line(data: bytes) -> int:
    """Length in bytes of the longest line of ``data`` (without its ``\\n``)."""
    longest = 0
    pos = 0
    find = data.find
    n = len(data)
    while pos <= n:
        nl = find(b"\n", pos)
        end = n if nl < 0 else nl
        if end - pos > longest:
            longest = end - pos
        if nl < 0:
            break
        pos = nl + 1
    return longest
