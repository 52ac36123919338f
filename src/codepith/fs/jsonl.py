"""Append-only JSON-lines logs that many processes share.

The packer's audit, the session's event log and project memory's usage log
are all such files: one JSON object per line, each append one ``write`` on a
file opened with ``O_APPEND`` under an exclusive lock
(:func:`codepith.fs.locking.exclusive`: ``flock`` on POSIX, ``msvcrt`` on
Windows), so concurrent
writers never lose or interleave a line, and readers skip what is not a
JSON object (a line torn by a crash, a foreign line) instead of failing. An
append after a torn last line (a crash left no final newline) starts on a
fresh line, so the torn line never swallows the next record.

On Windows a lock covers the file's first bytes and is mandatory: no other
handle may read them while it is held, even in the same process. So a
reader that holds the lock reads through the locked descriptor
(:func:`records`), and a reader by path (:func:`read`) that meets another
process's lock waits for it, briefly, as a rename over a busy file does.

A log below a project ``root`` (``ROOT/.codepith/…``) is opened without
following a symlink anywhere below the root (see :mod:`codepith.statefiles`);
a log the user names outside the root is opened as named. Either way only a
regular file is read or written, and opening never blocks.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable, Iterator
from typing import Any

from .locking import exclusive
from .statefiles import open_file, while_busy

__all__ = ["append", "locked", "read", "records", "write"]

#: whether a lock bars other handles from reading the bytes it covers (Windows)
LOCKS_BAR_READS = os.name == "nt"


def _fresh_line(fd: int) -> None:
    """Write a line break when the file's last byte is not one."""
    size = os.fstat(fd).st_size
    if size:
        os.lseek(fd, size - 1, os.SEEK_SET)  # under the lock: no other writer moves the end
        if os.read(fd, 1) != b"\n":
            os.write(fd, b"\n")


@contextlib.contextmanager
def locked(path: str | os.PathLike, *, root: str | os.PathLike | None = None) -> Iterator[int]:
    """``path`` opened for appending (created with its folder if need be) and
    locked: no other writer appends until the block ends. Below ``root`` no
    link is followed (:class:`~codepith.safeio.UnsafeStatePath` otherwise)."""
    fd = open_file(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, root=root)
    try:
        with exclusive(fd):
            _fresh_line(fd)
            yield fd
    finally:
        os.close(fd)


def _line(record: dict[str, Any]) -> bytes:
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    try:
        return text.encode("utf-8") + b"\n"
    except UnicodeEncodeError:  # a lone surrogate (a non-UTF-8 name): written as a \u escape
        return json.dumps(record, ensure_ascii=True, separators=(",", ":")).encode("ascii") + b"\n"


def write(fd: int, records: Iterable[dict[str, Any]]) -> None:
    """Append ``records`` to a file from :func:`locked`, in one ``write``."""
    view = memoryview(b"".join(_line(r) for r in records))
    while view:
        view = view[os.write(fd, view) :]


def append(path: str | os.PathLike, record: dict[str, Any], *, root: str | os.PathLike | None = None) -> None:
    """Append one record to ``path`` as one line (``root``: as for :func:`locked`)."""
    with locked(path, root=root) as fd:
        write(fd, [record])


def _parse(data: bytes, skipped: list[int] | None) -> Iterator[dict[str, Any]]:
    for raw in data.splitlines():
        line = raw.decode("utf-8", "replace").strip()
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


def _read_all(fd: int) -> bytes:
    """The whole file ``fd`` from its first byte (its position is left at the end)."""
    os.lseek(fd, 0, os.SEEK_SET)
    chunks = []
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


def records(fd: int, skipped: list[int] | None = None) -> Iterator[dict[str, Any]]:
    """Every JSON object of the log open as ``fd`` (from :func:`locked`: read
    through the very descriptor that holds the lock), as :func:`read`."""
    return _parse(_read_all(fd), skipped)


def read(
    path: str | os.PathLike, skipped: list[int] | None = None, *, root: str | os.PathLike | None = None
) -> Iterator[dict[str, Any]]:
    """Every JSON object of ``path``, in order; other lines are skipped (and
    counted in ``skipped[0]`` when a list is given). Raises
    ``FileNotFoundError`` when there is no file; below ``root`` no link is
    followed. On Windows, a read refused by another process's lock (which
    covers the first bytes while it appends) is tried again for about a
    second."""
    fd = open_file(path, os.O_RDONLY, root=root)
    try:  # a refusal is a lock violation where locks bar reading; elsewhere a real one
        data = while_busy(lambda: _read_all(fd), retry=LOCKS_BAR_READS)
    finally:
        os.close(fd)
    return _parse(data, skipped)
