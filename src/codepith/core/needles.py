"""Selects the needle search: the compiled core, or its pure-Python twin
(:func:`codepith._native.load`'s rule, made once at import time)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._native import COMPILED, load

if TYPE_CHECKING:
    from ._needles_py import IMPLEMENTATION, find_needles
else:
    _impl, IMPLEMENTATION = load("._needles", "._needles_py", __package__)
    find_needles = _impl.find_needles

native: bool = IMPLEMENTATION == COMPILED

__all__ = ["find_needles", "native", "IMPLEMENTATION"]
