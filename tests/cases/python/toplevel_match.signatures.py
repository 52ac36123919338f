"""Platform-specific defaults, chosen once at import time.

Bug repro: at ``outline`` the body block of a top-level ``match`` is elided
whole, giving ``match sys.platform:...`` (not valid Python), and the
verification does not notice because the error is a hidden MISSING node.
"""

import os
import sys

DEFAULTS = {"shell": "/bin/sh", "editor": "vi"}


def describe() -> str:
    """One line describing the platform defaults."""
    ...


match sys.platform:
    case "win32":
        os.environ.setdefault("PATHEXT", ".COM;.EXE;.BAT")
        print("running on Windows", file=sys.stderr)
    case "darwin":
        os.environ.setdefault("EDITOR", "nano")
    case _:
        pass


if __name__ == "__main__":
    print(describe())
