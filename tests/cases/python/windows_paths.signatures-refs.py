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
        ...  # L32

    @property
    def drive(self) -> str:
        """The drive letter with its colon, or an empty string."""
        ...  # L37-38

    def parts(self) -> list[str]:
        ...  # L41-43


def is_reserved(name: str) -> bool:
    """True when ``name`` is a reserved device name."""
    ...  # L48-49


def to_posix(path: str) -> str:
    ...  # L53
