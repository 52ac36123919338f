"""An exclusive lock on an open file, on every OS.

``flock`` on POSIX (Linux, macOS), ``msvcrt.locking`` on Windows (the first
64 KiB from byte 0, whatever the position) through ``portalocker``. The lock
is taken on the file descriptor codepith opened itself, not on a separate
lock file: a lock file beside a state file would be one more path to open
without following a link, and would be left behind. The append-only logs
(:mod:`codepith.core.jsonl`) and project memory's salt file are written
under it.

On POSIX, :func:`exclusive` calls ``fcntl.flock`` itself: it is the very
call ``portalocker`` makes there (the two interoperate), and importing
``portalocker`` costs 35 to 100 ms, because it reads its own package metadata
at import, which is a sixth of the per-prompt hook's whole time (the hook
appends to the usage log on every prompt). Elsewhere ``portalocker`` is
imported on the first lock. Neither module is imported at module level, so
this module imports on every OS.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

__all__ = ["exclusive"]

#: lock with ``fcntl.flock`` directly (POSIX); else through ``portalocker``
USE_FLOCK = os.name == "posix"


@contextlib.contextmanager
def exclusive(fd: int) -> Iterator[int]:
    """Hold an exclusive lock on the open file ``fd`` for the block (waiting
    for another holder to let go); released when the block ends."""
    if USE_FLOCK:
        import fcntl  # POSIX only: imported where it exists

        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            yield fd
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
        return
    import portalocker

    portalocker.lock(fd, portalocker.LockFlags.EXCLUSIVE)
    try:
        yield fd
    finally:
        portalocker.unlock(fd)
