"""An exclusive lock on an open file, on every OS, through ``portalocker``.

``flock`` on POSIX (Linux, macOS), ``msvcrt.locking`` on Windows (the first
64 KiB from byte 0, whatever the position). The lock is taken on the file
descriptor codepith opened itself, not on a separate lock file: a lock file
beside a state file would be one more path to open without following a link,
and would be left behind. The append-only logs (:mod:`codepith.core.jsonl`)
and project memory's salt file are written under it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import portalocker

__all__ = ["exclusive"]


@contextlib.contextmanager
def exclusive(fd: int) -> Iterator[int]:
    """Hold an exclusive lock on the open file ``fd`` for the block (waiting
    for another holder to let go); released when the block ends."""
    portalocker.lock(fd, portalocker.LockFlags.EXCLUSIVE)
    try:
        yield fd
    finally:
        portalocker.unlock(fd)
