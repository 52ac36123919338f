"""Selects the exact token counter: the compiled core, or its pure-Python twin.

The twin is used when ``CODEPITH_NO_EXTENSIONS`` is set (to anything but an
empty string) or when the extension was not built. The choice is made once,
at import time.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

NO_EXTENSIONS = bool(os.environ.get("CODEPITH_NO_EXTENSIONS"))

if TYPE_CHECKING:
    from ._bpe_py import IMPLEMENTATION, count, count_utf8
else:
    if NO_EXTENSIONS:
        from ._bpe_py import IMPLEMENTATION, count, count_utf8
    else:
        try:
            from ._bpe import IMPLEMENTATION, count, count_utf8
        except ImportError:  # not built (pure-Python install)
            from ._bpe_py import IMPLEMENTATION, count, count_utf8

native: bool = IMPLEMENTATION == "cython"

__all__ = ["count", "count_utf8", "native", "IMPLEMENTATION"]
