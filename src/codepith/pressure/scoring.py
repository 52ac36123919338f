"""Selects the context-pressure loops: the compiled core, or its pure-Python twin.

The rule is :func:`codepith._native.load`'s: the twin is used when
``CODEPITH_NO_EXTENSIONS`` is set or the extension was not built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._native import COMPILED, load

if TYPE_CHECKING:
    from . import _scoring_py as _impl
else:
    _impl, _ = load("._scoring", "._scoring_py", __package__)

IMPLEMENTATION: str = _impl.IMPLEMENTATION
KEEP, SIGNATURES, OUTLINE, EVICT = _impl.KEEP, _impl.SIGNATURES, _impl.OUTLINE, _impl.EVICT
PINNED, COMPRESSIBLE = _impl.PINNED, _impl.COMPRESSIBLE
score = _impl.score
select = _impl.select

native: bool = IMPLEMENTATION == COMPILED

__all__ = [
    "COMPRESSIBLE",
    "EVICT",
    "IMPLEMENTATION",
    "KEEP",
    "OUTLINE",
    "PINNED",
    "SIGNATURES",
    "native",
    "score",
    "select",
]
