"""Selects the context-pressure loops: the compiled core, or its pure-Python twin.

Same rule as :mod:`codepith.core.slicer`: the twin is used when
``CODEPITH_NO_EXTENSIONS`` is set or the extension was not built.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

NO_EXTENSIONS = bool(os.environ.get("CODEPITH_NO_EXTENSIONS"))

if TYPE_CHECKING or NO_EXTENSIONS:
    from . import _scoring_py as _impl
else:
    try:
        from . import _scoring as _impl
    except ImportError:  # not built (pure-Python install)
        from . import _scoring_py as _impl

IMPLEMENTATION: str = _impl.IMPLEMENTATION
KEEP, SIGNATURES, OUTLINE, EVICT = _impl.KEEP, _impl.SIGNATURES, _impl.OUTLINE, _impl.EVICT
PINNED, COMPRESSIBLE = _impl.PINNED, _impl.COMPRESSIBLE
score = _impl.score
select = _impl.select

native: bool = IMPLEMENTATION == "cython"

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
