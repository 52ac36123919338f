"""Selects the slicer implementation: the compiled core, or its pure-Python twin.

The rule is :func:`codepith._native.load`'s: the twin is used when
``CODEPITH_NO_EXTENSIONS`` is set (to anything but an empty string) or when
the extension was not built. The choice is made once, at import time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._native import COMPILED, load

if TYPE_CHECKING:
    from ._slicer_py import IMPLEMENTATION, LineIndex, line_index, longest_line, slice_bytes
else:
    _impl, IMPLEMENTATION = load("._slicer", "._slicer_py", __package__)
    LineIndex, line_index = _impl.LineIndex, _impl.line_index
    longest_line, slice_bytes = _impl.longest_line, _impl.slice_bytes

native: bool = IMPLEMENTATION == COMPILED

__all__ = ["slice_bytes", "line_index", "longest_line", "LineIndex", "native", "IMPLEMENTATION"]
