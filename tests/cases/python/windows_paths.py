"""Helpers for Windows paths.

Written on Windows: this file has CRLF line endings.
"""

import ntpath
import re

DRIVE_RE = re.compile(r"^[A-Za-z]:")

RESERVED_NAMES = [
    "CON",
    "PRN",
    "AUX",
    "NUL",
    "COM1",
    "COM2",
    "LPT1",
    "LPT2",
]


class WinPath:
    """A path on a Windows file system.

    Separators are normalized to backslashes.
    """

    sep = "\\"

    def __init__(self, raw: str) -> None:
        self.raw = raw.replace("/", "\\")

    @property
    def drive(self) -> str:
        """The drive letter with its colon, or an empty string."""
        m = DRIVE_RE.match(self.raw)
        return m.group(0) if m else ""

    def parts(self) -> list[str]:
        parts = self.raw.split(self.sep)
        # Skip empty components from doubled separators.
        return [p for p in parts if p]


def is_reserved(name: str) -> bool:
    """True when ``name`` is a reserved device name."""
    stem = ntpath.splitext(name)[0].upper()
    return stem in RESERVED_NAMES


def to_posix(path: str) -> str:
    return path.replace("\\", "/")
