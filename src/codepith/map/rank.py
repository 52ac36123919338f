"""Selects the map's ranking loop: the compiled core, or its pure-Python twin.

The rule is :func:`codepith._native.load`'s: the twin is used when
``CODEPITH_NO_EXTENSIONS`` is set or the extension was not built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._native import COMPILED, load

if TYPE_CHECKING:
    from . import _rank_py as _impl
else:
    _impl, _ = load("._rank", "._rank_py", __package__)

IMPLEMENTATION: str = _impl.IMPLEMENTATION
pagerank = _impl.pagerank

native: bool = IMPLEMENTATION == COMPILED

__all__ = ["IMPLEMENTATION", "native", "pagerank"]
