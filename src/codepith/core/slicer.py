"""Selects the slicer implementation: the compiled core, or its pure-Python twin.

The twin is used when ``CODEPITH_NO_EXTENSIONS`` is set (to anything but an
empty string) or when the extension was not built. The choice is made once,
at import time.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

NO_EXTENSIONS = bool(os.environ.get("CODEPITH_NO_EXTENSIONS"))

if TYPE_CHECKING:
    from ._slicer_py import IMPLEMENTATION, LineIndex, line_index, longest_line, slice_bytes
else:
    if NO_EXTENSIONS:
        from ._slicer_py import IMPLEMENTATION, LineIndex, line_index, longest_line, slice_bytes
    else:
        try:
            from ._slicer import IMPLEMENTATION, LineIndex, line_index, longest_line, slice_bytes
        except ImportError:  # not built (pure-Python install)
            from ._slicer_py import IMPLEMENTATION, LineIndex, line_index, longest_line, slice_bytes

native: bool = IMPLEMENTATION == "cython"

__all__ = ["slice_bytes", "line_index", "longest_line", "LineIndex", "native", "IMPLEMENTATION"]
