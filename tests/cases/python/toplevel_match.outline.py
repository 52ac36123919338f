"""Platform-specific defaults, chosen once at import time."""

import os
import sys

DEFAULTS = {"shell": "/bin/sh", "editor": "vi"}


def describe() -> str:
    """One line describing the platform defaults."""
    ...


match sys.platform:
    case "win32":
        ...
    case "darwin":
        ...
    case _:
        ...


if __name__ == "__main__":
    ...
