"""The ``codepith`` command line: a thin face over the library.

Exit codes: 0 success; 1 a codepith error (a file that cannot be read or
written, an unsupported language, …) or a bug in codepith; 2 a usage error
(a bad option or argument) or a fail-closed stop; 130 interrupted. Every error
is one line on standard error: ``codepith: error: <what>: <cause>; <fix>``.
Set ``CODEPITH_DEBUG=1`` to see the traceback of an unexpected error.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import cli as cli

__all__ = ["main", "cli"]

from ._errors import EXIT_ERROR as EXIT_ERROR
from ._errors import EXIT_INTERRUPTED as EXIT_INTERRUPTED
from ._errors import EXIT_OK as EXIT_OK
from ._errors import EXIT_USAGE as EXIT_USAGE


def main(argv: list[str] | None = None) -> int:
    """Run a command (``argv``: its arguments; default: the process's) and map
    every error to one line on standard error and an exit code. The command
    group and the framework under it are loaded here, not when a command's
    module is imported on its own (:mod:`codepith._entry` runs one file's
    compression without them)."""
    from .app import main as run

    return run(argv)


def __getattr__(name: str) -> Any:
    if name == "cli":  # the click group, loaded on first use
        from .app import cli

        return cli
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
