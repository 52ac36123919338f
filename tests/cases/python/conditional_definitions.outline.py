"""Module-level names defined inside top-level control flow."""

import os
import sys
from pathlib import Path

HERE = Path(__file__).parent

if sys.platform == "win32":
    DEFAULT_SHELL = "cmd.exe"
    LINE_END = "\r\n"
else:
    DEFAULT_SHELL = "/bin/sh"
    LINE_END = "\n"

with open(HERE / "VERSION", encoding="ascii") as fh:
    VERSION = fh.read().strip()

try:
    TOKEN = os.environ["SERVICE_TOKEN"]
except KeyError:
    TOKEN = None

for _var in ("HOME", "USER"):
    ...


def banner() -> str:
    """The banner printed at start-up."""
    ...
