#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""Command-line front end for the deploy tool.

Usage: deploy.py [--dry-run] COMMAND [ARGS...]
"""

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
except ImportError:  # Python < 3.11
    tomllib = None  # type: ignore[assignment]

try:
    from rich.console import Console
except ImportError:
    Console = None

# ---------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------

VERSION = "2.4.1"

#: Exit codes returned by :func:`main`.
EXIT_OK, EXIT_USAGE, EXIT_FAILURE = 0, 2, 1

ENVIRONMENTS = {
    "dev": {"host": "dev.internal", "replicas": 1},
    "staging": {"host": "staging.internal", "replicas": 2},
    "prod": {"host": "prod.internal", "replicas": 6},
    "prod-eu": {"host": "eu.prod.internal", "replicas": 4},
    "prod-us": {"host": "us.prod.internal", "replicas": 4},
    "prod-ap": {"host": "ap.prod.internal", "replicas": 2},
    "sandbox": {"host": "sandbox.internal", "replicas": 1},
    "perf": {"host": "perf.internal", "replicas": 3},
    "dr": {"host": "dr.internal", "replicas": 2},
    "canary": {"host": "canary.internal", "replicas": 1},
}

REQUIRED_VARS = ["DEPLOY_TOKEN", "DEPLOY_REGION"]

# Five lines: small enough to stay at every level.
RETRY_BACKOFF = [
    0.5,
    1.0,
    2.0,
]

# Six lines: large enough to be elided at `outline`.
REGIONS = (
    "eu-west-1",
    "eu-central-1",
    "us-east-1",
    "us-west-2",
)

HELP_EPILOG = """
Examples:
  deploy.py plan staging
  deploy.py apply prod --yes
  deploy.py rollback prod 2.4.0

Report bugs to the platform team.
"""

for _name in REQUIRED_VARS:
    os.environ.setdefault(_name, "")


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser."""
    ...  # L84-88


def run(command: str, args: Sequence[str], *, config: Config | None = None) -> int:  # noqa: C901
    ...  # L92-102


def main(argv: Sequence[str] | None = None) -> int:
    ...  # L106-109


if sys.platform == "win32":
    print("Windows is not supported", file=sys.stderr)
elif sys.platform == "darwin":
    os.environ.setdefault("DEPLOY_SHELL", "/bin/zsh")
else:
    pass


if __name__ == "__main__":
    # Running as a script.
    sys.exit(main())
