"""Append-only JSON-lines logs that many processes share.

The packer's audit, the session's event log and project memory's usage log
are all such files: one JSON object per line, each append one ``write`` on a
file opened with ``O_APPEND`` under an exclusive ``flock``, so concurrent
writers never lose or interleave a line, and readers skip what is not a
JSON object (a line torn by a crash, a foreign line) instead of failing.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable, Iterator
from typing import Any

__all__ = ["append", "locked", "read", "write"]


@contextlib.contextmanager
def locked(path: str | os.PathLike) -> Iterator[int]:
    """``path`` opened for appending (created with its folder if need be) and
    locked: no other writer appends until the block ends."""
    path = os.fspath(path)
    directory = os.path.dirname(path)
    if directory:
        os.makedirs(directory, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        try:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX)
        except ImportError:  # pragma: no cover - not POSIX: O_APPEND alone
            pass
        yield fd
    finally:
        os.close(fd)


def write(fd: int, records: Iterable[dict[str, Any]]) -> None:
    """Append ``records`` to a file from :func:`locked`, in one ``write``."""
    data = "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n" for r in records).encode("utf-8")
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def append(path: str | os.PathLike, record: dict[str, Any]) -> None:
    """Append one record to ``path`` as one line."""
    with locked(path) as fd:
        write(fd, [record])


def read(path: str | os.PathLike, skipped: list[int] | None = None) -> Iterator[dict[str, Any]]:
    """Every JSON object of ``path``, in order; other lines are skipped (and
    counted in ``skipped[0]`` when a list is given). Raises
    ``FileNotFoundError`` when there is no file."""
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                record = json.loads(line)
            except ValueError:
                record = None
            if isinstance(record, dict):
                yield record
            elif skipped is not None:
                skipped[0] += 1
