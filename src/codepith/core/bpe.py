"""Selects the exact token counter: the compiled core, or its pure-Python twin.

The rule is :func:`codepith._native.load`'s: the twin is used when
``CODEPITH_NO_EXTENSIONS`` is set (to anything but an empty string) or when
the extension was not built. The choice is made once, at import time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._native import COMPILED, load

if TYPE_CHECKING:
    from ._bpe_py import IMPLEMENTATION, count, count_utf8
else:
    _impl, IMPLEMENTATION = load("._bpe", "._bpe_py", __package__)
    count, count_utf8 = _impl.count, _impl.count_utf8

native: bool = IMPLEMENTATION == COMPILED

__all__ = ["count", "count_utf8", "native", "IMPLEMENTATION"]
