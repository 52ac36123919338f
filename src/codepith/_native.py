"""The one rule that picks each compiled module or its pure-Python twin.

codepith has five compiled modules (Cython), each with a pure-Python twin
of the same names and behaviour: the slicer (``core._slicer``), the exact
token counter (``core._bpe``), the secret check's literal search
(``core._needles``), the context-pressure loops (``pressure._scoring``) and
the repository map's ranking (``map._rank``). Each selector
(:mod:`codepith.core.slicer`, :mod:`codepith.core.bpe`,
:mod:`codepith.core.needles`, :mod:`codepith.pressure.scoring`,
:mod:`codepith.map.rank`) calls
:func:`load` once, at import time. The twin is used when
``CODEPITH_NO_EXTENSIONS`` is set (to anything but an empty string) or when
the compiled module was not built, so a partial build can leave one module
pure Python and the others compiled: :data:`native_modules` says which is
which, module by module.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import Any

__all__ = ["COMPILED", "NO_EXTENSIONS", "SELECTORS", "TWIN", "describe", "implementations", "load"]

NO_EXTENSIONS = bool(os.environ.get("CODEPITH_NO_EXTENSIONS"))

#: the ``IMPLEMENTATION`` of a compiled module, and of its twin
COMPILED = "cython"
TWIN = "python"

#: short name -> the selector module that loads it (the compiled modules of a
#: build, as tools/check_wheel.py expects them in a wheel)
SELECTORS = {
    "slicer": "codepith.core.slicer",
    "bpe": "codepith.core.bpe",
    "scoring": "codepith.pressure.scoring",
    "rank": "codepith.map.rank",
    "needles": "codepith.core.needles",
}

#: short name -> True when the compiled module is in use (worked out on first use)
native_modules: dict[str, bool]
#: True when every compiled module is in use
native: bool


def load(compiled: str, twin: str, package: str | None = None) -> tuple[ModuleType, str]:
    """The compiled module ``compiled``, or its twin ``twin``, and its
    ``IMPLEMENTATION`` (:data:`COMPILED` or :data:`TWIN`). Names may be
    relative to ``package``, as for :func:`importlib.import_module`."""
    if not NO_EXTENSIONS:
        try:
            module = importlib.import_module(compiled, package)
        except ImportError:  # not built (pure-Python install)
            pass
        else:
            return module, module.IMPLEMENTATION
    module = importlib.import_module(twin, package)
    return module, module.IMPLEMENTATION


def implementations() -> dict[str, str]:
    """Each compiled module's short name -> the ``IMPLEMENTATION`` in use
    (imports the selectors that are not imported yet)."""
    return {name: importlib.import_module(selector).IMPLEMENTATION for name, selector in SELECTORS.items()}


def describe(chosen: dict[str, str]) -> str:
    """``slicer: compiled, bpe: compiled, scoring: pure Python``."""
    return ", ".join(f"{name}: {'compiled' if impl == COMPILED else 'pure Python'}" for name, impl in chosen.items())


def __getattr__(name: str) -> Any:
    # native and native_modules are worked out on first use, then kept
    if name in ("native", "native_modules"):
        modules = {short: impl == COMPILED for short, impl in implementations().items()}
        globals().update(native_modules=modules, native=all(modules.values()))
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
