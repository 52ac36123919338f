"""Files a command writes: opened up front, named in one-line errors, never
left half-written, and always UTF-8 (standard output included)."""

from __future__ import annotations

import errno
import io
import os
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

from ..errors import CodepithError

__all__ = ["created", "check_writable", "utf8_stdout"]

_FIXES = {
    errno.ENOENT: "create its folder first, or choose another path for {option}",
    errno.ENOTDIR: "a part of the path is not a folder; choose another path for {option}",
    errno.EISDIR: "it is a folder; give {option} a file path",
    errno.EACCES: "choose a path you may write for {option}",
    errno.EPERM: "choose a path you may write for {option}",
    errno.EROFS: "the file system is read-only; choose another path for {option}",
}
_OTHER_PATH = "choose another path for {option}"


def _cannot_write(path: str, what: str, option: str, code: int | None, cause: str) -> CodepithError:
    fix = (_FIXES.get(code, _OTHER_PATH) if code is not None else _OTHER_PATH).format(option=option)
    return CodepithError(f"{path}: cannot write {what} ({cause}); {fix}")


@contextmanager
def created(path: str, option: str, what: str, *, binary: bool = False) -> Iterator[IO]:
    """``path`` opened for writing (UTF-8 text, or bytes with ``binary``), and
    removed again when the block fails: an unfinished document never passes
    for a finished one. An open that fails is one :class:`CodepithError`
    naming the path, the cause and the fix."""
    f: IO[Any]
    try:
        if binary:
            f = open(path, "wb")
        else:
            # names that are not UTF-8 are escaped before they are written; a
            # lone surrogate that slips through is shown as \udcXX, never a crash
            f = open(path, "w", encoding="utf-8", errors="backslashreplace", newline="")
    except OSError as exc:
        raise _cannot_write(path, what, option, exc.errno, exc.strerror or str(exc)) from None
    opened = os.fstat(f.fileno())
    try:
        with f:
            yield f
    except BaseException:
        _remove_if_ours(path, opened)
        raise


def _remove_if_ours(path: str, opened: os.stat_result) -> None:
    """Remove the unfinished file at ``path`` only when it is the regular file
    this run opened: a device (``-o /dev/null``), a FIFO or a file that took
    its place is left alone."""
    try:
        now = os.lstat(path)
        if stat.S_ISREG(opened.st_mode) and (now.st_dev, now.st_ino) == (opened.st_dev, opened.st_ino):
            os.remove(path)
    except OSError:
        pass


def check_writable(path: str, option: str, what: str) -> None:
    """Fail early, before a long run, when ``path`` clearly cannot be written
    (a folder, a missing or read-only folder). The write itself may still fail
    later; that error is reported the same way."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise _cannot_write(path, what, option, errno.EISDIR, os.strerror(errno.EISDIR))
    if not os.path.isdir(folder):
        raise _cannot_write(path, what, option, errno.ENOENT, os.strerror(errno.ENOENT))
    target = path if os.path.exists(path) else folder
    if not os.access(target, os.W_OK):
        raise _cannot_write(path, what, option, errno.EACCES, os.strerror(errno.EACCES))


@contextmanager
def utf8_stdout() -> Iterator[IO[str]]:
    """Standard output as UTF-8 text whatever the locale (a document is UTF-8
    on a pipe as in a file), with the same escaping as :func:`created`."""
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:  # a text-only stream (an embedding host): write to it as it is
        yield sys.stdout
        return
    out = io.TextIOWrapper(buffer, encoding="utf-8", errors="backslashreplace", newline="")
    try:
        yield out
    finally:
        try:
            out.flush()
        finally:
            out.detach()  # standard output stays open for whoever comes next
