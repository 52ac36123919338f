"""Opening inputs and codepith's own state without hanging or leaving the root.

Inputs: a path that was a regular file when a walk looked at it may be a FIFO,
a device or a different file by the time it is opened (a swap). Every input is
opened with ``O_NONBLOCK`` (opening a FIFO never blocks) and checked with
``fstat`` on the opened descriptor before a byte is read: only a regular file
is read, and never more than its limit.

State: codepith writes only inside ``ROOT/.codepith`` (and the rule folders of
project memory). A repository may ship those folders, or the files in them, as
symlinks pointing anywhere; every state path is opened without following a
symlink in any component below the root (``O_NOFOLLOW`` on each step), so a
planted link is refused with :class:`UnsafeStatePath` instead of written
through. The state folder is created with a ``.gitignore`` holding ``*``, so
``git add -A`` never stages it.

Where the OS has no ``O_NOFOLLOW`` / ``O_NONBLOCK`` / ``O_DIRECTORY`` the
flags are 0 and the checks fall back to ``lstat`` before opening (weaker: a
swap between the check and the open is not caught).
"""

from __future__ import annotations

import errno
import os
import stat

from ..errors import CodepithError

__all__ = [
    "DEFAULT_MAX_FILE_BYTES",
    "STATE_DIR",
    "NotRegularFile",
    "UnsafeStatePath",
    "read_regular",
    "state_dir",
    "open_state",
]

STATE_DIR = ".codepith"
#: the largest file codepith reads by default (``--max-file-bytes``)
DEFAULT_MAX_FILE_BYTES = 1_000_000

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class NotRegularFile(CodepithError, OSError):
    """An input that is not (or no longer) a regular file, or that grew past
    its limit between the walk and the read. ``reason`` is a short tag for
    reports: ``not-a-file``, ``changed`` or ``too-large``."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class UnsafeStatePath(CodepithError, OSError):
    """A state file or folder of codepith's that is a symlink, or not a regular
    file/folder, or leads outside the project root: codepith refuses to write
    through it."""


def read_regular(path: str | os.PathLike, *, max_bytes: int | None = None) -> bytes:
    """The bytes of ``path``, which must be a regular file when opened.

    Never blocks on a FIFO or device (``O_NONBLOCK``, then ``fstat`` on the
    descriptor). Raises :class:`NotRegularFile` (reason ``not-a-file``) for
    anything else, and (reason ``too-large``) when the file holds more than
    ``max_bytes``; ``OSError`` for a file that cannot be opened at all.
    """
    fd = os.open(os.fspath(path), os.O_RDONLY | _NONBLOCK | _BINARY | _CLOEXEC)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFile(f"{os.fspath(path)!r} is not a regular file", "not-a-file")
        if max_bytes is not None and st.st_size > max_bytes:
            raise NotRegularFile(
                f"{os.fspath(path)!r} holds {st.st_size} bytes, over the limit of {max_bytes}", "too-large"
            )
        chunks = []
        total = 0
        # read to EOF: the size may have changed since fstat
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if max_bytes is not None and total > max_bytes:
                raise NotRegularFile(
                    f"{os.fspath(path)!r} grew past the limit of {max_bytes} bytes while being read", "too-large"
                )
        return b"".join(chunks)
    finally:
        os.close(fd)


def _open_dir_nofollow(parent_fd: int, name: str) -> int:
    """Open the directory ``name`` under ``parent_fd`` without following a symlink."""
    if _NOFOLLOW and _DIRECTORY:
        try:
            return os.open(name, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC, dir_fd=parent_fd)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
                raise UnsafeStatePath(f"{name!r} is a symlink or not a folder; codepith will not write through it") from None
            raise
    st = os.lstat(name, dir_fd=parent_fd) if os.lstat in os.supports_dir_fd else os.lstat(name)
    if not stat.S_ISDIR(st.st_mode):
        raise UnsafeStatePath(f"{name!r} is a symlink or not a folder; codepith will not write through it")
    return os.open(name, os.O_RDONLY, dir_fd=parent_fd)


def _walk_to(root: str, parts: list[str], *, create: bool) -> int:
    """A descriptor of ``root/parts...``, each step opened without following
    symlinks, creating missing folders when ``create`` is set."""
    fd = os.open(root, os.O_RDONLY | _DIRECTORY | _CLOEXEC)
    try:
        for part in parts:
            if part in ("", ".", ".."):
                raise UnsafeStatePath(f"state path component {part!r} is not allowed")
            try:
                nfd = _open_dir_nofollow(fd, part)
            except FileNotFoundError:
                if not create:
                    raise
                try:
                    os.mkdir(part, 0o755, dir_fd=fd)
                except FileExistsError:
                    pass
                nfd = _open_dir_nofollow(fd, part)
            os.close(fd)
            fd = nfd
        return fd
    except BaseException:
        os.close(fd)
        raise


def state_dir(root: str | os.PathLike, *, create: bool = True) -> str:
    """``ROOT/.codepith``, created (with a ``.gitignore`` holding ``*``) when
    missing. Raises :class:`UnsafeStatePath` when it is a symlink or not a
    folder."""
    root = os.fspath(root)
    fd = _walk_to(root, [STATE_DIR], create=create)
    try:
        try:
            gfd = os.open(
                ".gitignore", os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o644, dir_fd=fd
            )
        except FileExistsError:
            pass
        else:
            try:
                os.write(gfd, b"# codepith's own state: never committed\n*\n")
            finally:
                os.close(gfd)
    finally:
        os.close(fd)
    return os.path.join(root, STATE_DIR)


def open_state(root: str | os.PathLike, rel: str, flags: int, mode: int = 0o644) -> int:
    """A descriptor for the state file ``ROOT/rel`` (``rel`` uses ``/``),
    opened with ``flags`` without following a symlink in any component below
    ``ROOT``; folders on the way are created when ``flags`` holds ``O_CREAT``.
    When the first component is ``.codepith`` the folder gets its
    ``.gitignore``. Raises :class:`UnsafeStatePath` for a symlink or a
    non-regular file."""
    root = os.fspath(root)
    parts = [p for p in rel.replace(os.sep, "/").split("/")]
    if not parts or any(p in ("", ".", "..") for p in parts):
        raise UnsafeStatePath(f"state path {rel!r} is not a plain relative path")
    create = bool(flags & os.O_CREAT)
    if parts[0] == STATE_DIR and create:
        state_dir(root)
    dfd = _walk_to(root, parts[:-1], create=create)
    try:
        name = parts[-1]
        if not _NOFOLLOW:
            try:
                st = os.lstat(os.path.join(root, *parts))
            except FileNotFoundError:
                pass
            else:
                if not stat.S_ISREG(st.st_mode):
                    raise UnsafeStatePath(f"{rel!r} under {root!r} is a symlink or not a regular file")
        try:
            fd = os.open(name, flags | _NOFOLLOW | _NONBLOCK | _CLOEXEC, mode, dir_fd=dfd)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.EMLINK):
                raise UnsafeStatePath(
                    f"{rel!r} under {root!r} is a symlink; codepith will not write through it (remove the link)"
                ) from None
            raise
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            os.close(fd)
            raise UnsafeStatePath(f"{rel!r} under {root!r} is not a regular file; codepith will not write to it")
        if _NONBLOCK:
            os.set_blocking(fd, True)
        return fd
    finally:
        os.close(dfd)
