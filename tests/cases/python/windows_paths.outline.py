"""Helpers for Windows paths."""

import ntpath
import re

DRIVE_RE = re.compile(r"^[A-Za-z]:")

RESERVED_NAMES = [...]


class WinPath:
    """A path on a Windows file system."""

    sep = "\\"

    def __init__(self, raw: str) -> None:
        ...

    @property
    def drive(self) -> str:
        """The drive letter with its colon, or an empty string."""
        ...

    def parts(self) -> list[str]:
        ...


def is_reserved(name: str) -> bool:
    """True when ``name`` is a reserved device name."""
    ...


def to_posix(path: str) -> str:
    ...
