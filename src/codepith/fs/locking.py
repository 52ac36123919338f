"""An exclusive lock on an open file, on every OS.

``flock`` on POSIX (Linux, macOS), ``msvcrt.locking`` on Windows (the first
64 KiB from byte 0, whatever the position) through ``portalocker``. The lock
is taken on the file descriptor codepith opened itself, not on a separate
lock file: a lock file beside a state file would be one more path to open
without following a link, and would be left behind. The append-only logs
(:mod:`codepith.fs.jsonl`) and project memory's salt file are written
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
import time
from collections.abc import Callable, Iterator

__all__ = ["LockTimeout", "exclusive"]

#: lock with ``fcntl.flock`` directly (POSIX); else through ``portalocker``
USE_FLOCK = os.name == "posix"
_PAUSE = 0.05  # seconds between two tries of a lock with a timeout


class LockTimeout(TimeoutError):
    """Another holder kept the lock for longer than the wait allowed."""


@contextlib.contextmanager
def exclusive(fd: int, *, timeout: float | None = None) -> Iterator[int]:
    """Hold an exclusive lock on the open file ``fd`` for the block (waiting
    for another holder to let go, at most ``timeout`` seconds when given, else
    :class:`LockTimeout`); released when the block ends."""
    if USE_FLOCK:
        import fcntl  # POSIX only: imported where it exists

        _take(lambda wait: fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB)), BlockingIOError, timeout)
        try:
            yield fd
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
        return
    import portalocker

    flags = portalocker.LockFlags
    _take(
        lambda wait: portalocker.lock(fd, flags.EXCLUSIVE | (0 if wait else flags.NON_BLOCKING)),
        portalocker.exceptions.LockException,
        timeout,
    )
    try:
        yield fd
    finally:
        portalocker.unlock(fd)


def _take(lock: Callable[[bool], object], busy: type[Exception], timeout: float | None) -> None:
    """``lock(True)`` (a blocking wait); with ``timeout``, ``lock(False)`` tried
    until it stops raising ``busy`` or the time is up."""
    if timeout is None:
        lock(True)
        return
    deadline = time.monotonic() + timeout
    while True:
        try:
            lock(False)
            return
        except busy:
            if time.monotonic() >= deadline:
                raise LockTimeout(f"the lock was held by another process for over {timeout:g} s") from None
            time.sleep(_PAUSE)
