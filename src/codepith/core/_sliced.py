"""Result types shared by both slicer implementations.

The native core and its pure-Python twin both hand back plain bytes and
integer arrays; these classes wrap them. Records are built lazily so that a
caller who only wants the output bytes pays nothing for them.
"""

from __future__ import annotations

from array import array
from typing import NamedTuple


class EditRecord(NamedTuple):
    """One applied edit.

    ``start_byte``/``end_byte`` are offsets in the original data;
    ``start_line``/``end_line`` are the 1-based lines of the first and last
    original byte replaced (for an insertion, both are the line of the
    offset); ``out_start``/``out_end`` locate the replacement in the output.
    """

    start_byte: int
    end_byte: int
    start_line: int
    end_line: int
    out_start: int
    out_end: int


class Sliced:
    """Output of :func:`codepith.slice_bytes`: ``data`` plus one record per applied edit."""

    __slots__ = ("data", "_source", "_cols", "_records")

    def __init__(
        self,
        data: bytes,
        source: bytes,
        starts: array[int],
        ends: array[int],
        start_lines: array[int],
        end_lines: array[int],
        out_starts: array[int],
        out_ends: array[int],
    ) -> None:
        self.data: bytes = data
        self._source = source
        self._cols = (starts, ends, start_lines, end_lines, out_starts, out_ends)
        self._records: tuple[EditRecord, ...] | None = None

    @property
    def records(self) -> tuple[EditRecord, ...]:
        """The applied edits in order of their offsets."""
        if self._records is None:
            self._records = tuple(EditRecord(*row) for row in zip(*self._cols, strict=False))
        return self._records

    @property
    def source(self) -> bytes:
        """The original data the edits were applied to."""
        return self._source

    def __len__(self) -> int:
        return len(self._cols[0])

    def original(self, record: EditRecord) -> bytes:
        """The original bytes that ``record``'s replacement stands for."""
        return self._source[record.start_byte : record.end_byte]

    def expand(self) -> bytes:
        """Rebuild the original data, byte for byte, from the output and the records."""
        parts = []
        pos = 0
        src = self._source
        for start, end, out_start, out_end in zip(
            self._cols[0], self._cols[1], self._cols[4], self._cols[5], strict=False
        ):
            parts.append(self.data[pos:out_start])
            parts.append(src[start:end])
            pos = out_end
        parts.append(self.data[pos:])
        return b"".join(parts)

    def __repr__(self) -> str:
        return f"<Sliced {len(self._source)} -> {len(self.data)} bytes, {len(self)} edits>"
