"""The ``codepith`` console script: one file's compression straight from its
arguments (:mod:`codepith.cli.fast`), everything else through the full
command line (:func:`codepith.cli.main`)."""

from __future__ import annotations

import sys

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """Console-script entry point."""
    from .cli.fast import run_one_file

    args = sys.argv[1:] if argv is None else list(argv)
    done = run_one_file(args)
    if done is not None:
        return done
    from .cli import main as full

    return full(args)
