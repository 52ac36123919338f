#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""Command-line front end for the deploy tool."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .config import Config

try:
    import tomllib
except ImportError:
    tomllib = None  # type: ignore[assignment]

try:
    from rich.console import Console
except ImportError:
    Console = None

VERSION = "2.4.1"

#: Exit codes returned by :func:`main`.
EXIT_OK, EXIT_USAGE, EXIT_FAILURE = 0, 2, 1

ENVIRONMENTS = {...}

REQUIRED_VARS = ["DEPLOY_TOKEN", "DEPLOY_REGION"]

RETRY_BACKOFF = [
    0.5,
    1.0,
    2.0,
]

REGIONS = (...)

HELP_EPILOG = """..."""

for _name in REQUIRED_VARS:
    ...


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser."""
    ...


def run(command: str, args: Sequence[str], *, config: Config | None = None) -> int:  # noqa: C901
    ...


def main(argv: Sequence[str] | None = None) -> int:
    ...


if sys.platform == "win32":
    ...
elif sys.platform == "darwin":
    ...
else:
    ...


if __name__ == "__main__":
    ...
