"""Selects the context-pressure loops: the compiled core, or its pure-Python twin.

Same rule as :mod:`codepith.slicer`: the twin is used when
``CODEPITH_NO_EXTENSIONS`` is set or the extension was not built.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

NO_EXTENSIONS = bool(os.environ.get("CODEPITH_NO_EXTENSIONS"))

if TYPE_CHECKING:
    from ._scoring_py import (
        COMPRESSIBLE,
        EVICT,
        IMPLEMENTATION,
        KEEP,
        OUTLINE,
        PINNED,
        SIGNATURES,
        score,
        select,
    )
else:
    if NO_EXTENSIONS:
        from ._scoring_py import (
            COMPRESSIBLE,
            EVICT,
            IMPLEMENTATION,
            KEEP,
            OUTLINE,
            PINNED,
            SIGNATURES,
            score,
            select,
        )
    else:
        try:
            from ._scoring import (
                COMPRESSIBLE,
                EVICT,
                IMPLEMENTATION,
                KEEP,
                OUTLINE,
                PINNED,
                SIGNATURES,
                score,
                select,
            )
        except ImportError:  # not built (pure-Python install)
            from ._scoring_py import (
                COMPRESSIBLE,
                EVICT,
                IMPLEMENTATION,
                KEEP,
                OUTLINE,
                PINNED,
                SIGNATURES,
                score,
                select,
            )

native: bool = IMPLEMENTATION == "cython"

__all__ = ["COMPRESSIBLE", "EVICT", "IMPLEMENTATION", "KEEP", "OUTLINE", "PINNED", "SIGNATURES", "native", "score", "select"]
