"""Reading and writing codepith's own files below a project root, never through a link.

codepith writes state (``ROOT/.codepith/…``: the session, usage and audit
logs, the symbol index) and, for project memory, rule files
(``ROOT/.claude/rules/…``) and an instructions file. A repository may ship any
of those folders or files as a symlink pointing anywhere (a shell's rc file,
say). Every such path below the root is opened with :mod:`codepith.safeio`'s
rules: no symlink is followed in any component below the root, and only a
regular file is read or written; anything else is refused with
:class:`~codepith.safeio.UnsafeStatePath`, naming the path and the fix.

A path the user names outside the root (``pack --audit /tmp/audit.jsonl``) is
theirs: it is opened as named, but still only when it is a regular file (a
FIFO never blocks).

Atomic replacement (:func:`write_atomic`) writes a temporary file and renames
it inside a folder that was itself opened without following links, so the
rename cannot be redirected either.

Where the OS has no folder descriptors (Windows), :func:`folder` hands out
the folder's checked path instead, and every file in it is checked with
``lstat`` before and after it is opened: the weaker guarantee described in
:mod:`codepith.fs.safeio`. Callers never see the difference: they go
through :class:`Folder`'s methods and this module's functions.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from collections.abc import Callable, Iterator
from typing import TypeVar

from . import safeio
from .safeio import STATE_DIR, NotRegularFile, UnsafeStatePath, is_link, open_state, state_dir

__all__ = [
    "Folder",
    "check_state_dir",
    "folder",
    "inside",
    "open_file",
    "read_in",
    "refused",
    "replace_in",
    "while_busy",
    "write_atomic",
]

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_LINK_ERRORS = (errno.ELOOP, errno.ENOTDIR, errno.EMLINK)
T = TypeVar("T")
#: what Windows refuses while another process holds a file (a rename over it,
#: a read under its lock) is tried again: tries, and the pause between
_BUSY_TRIES = 20
_BUSY_PAUSE = 0.05


class Folder:
    """A folder below the project root reached without following a link:
    ``fd`` its descriptor where the OS has them (else None), ``path`` its
    path. Read and write in it with :func:`read_in` and :func:`replace_in`."""

    __slots__ = ("fd", "path")

    def __init__(self, fd: int | None, path: str) -> None:
        self.fd = fd
        self.path = path

    def entries(self) -> list[os.DirEntry[str]]:
        """Its entries (``is_file(follow_symlinks=False)`` tells a link apart)."""
        with os.scandir(self.fd if self.fd is not None else self.path) as found:
            return list(found)

    def listdir(self) -> list[str]:
        """The names of its entries."""
        return os.listdir(self.fd if self.fd is not None else self.path)

    def unlink(self, name: str) -> None:
        """Remove the entry ``name`` (a link itself, never what it points to)."""
        if self.fd is not None:
            os.unlink(name, dir_fd=self.fd)
        else:
            os.unlink(os.path.join(self.path, name))


def inside(root: str | os.PathLike | None, path: str | os.PathLike) -> str | None:
    """``path`` relative to ``root`` (with ``/``) when it lies below it, by its
    text (no link is followed); None otherwise, or when ``root`` is None."""
    if root is None:
        return None
    root = os.path.abspath(os.fspath(root))
    path = os.path.abspath(os.fspath(path))
    rel = os.path.relpath(path, root)
    if rel in (os.curdir, os.pardir) or rel.startswith(os.pardir + os.sep):
        return None
    return rel.replace(os.sep, "/")


def refused(path: str | os.PathLike, what: str, at: str | None = None) -> UnsafeStatePath:
    """The error for a path below the root that is (``at`` None) or goes
    through (``at``, a folder on the way) ``what``: a symlink, not a folder, …"""
    path = os.fspath(path)
    cause = what if at is None or at == path else f"{at} is {what}"
    return UnsafeStatePath(
        f"{path}: {cause}; codepith reads and writes its own files only through real folders "
        "and regular files inside the project root: remove the link (or the special file) and run again"
    )


def _unsafe_part(root: str, rel: str) -> tuple[str, str | None]:
    """(what, where) for the component of ``ROOT/rel`` that is a link or not
    what it should be."""
    parts = rel.split("/")
    for n in range(1, len(parts) + 1):
        path = os.path.join(root, *parts[:n])
        try:
            st = os.lstat(path)
        except OSError:
            break
        if is_link(st):
            return "a symlink", path
        if n < len(parts) and not stat.S_ISDIR(st.st_mode):
            return "not a folder", path
        if n == len(parts) and not stat.S_ISREG(st.st_mode):
            return "not a regular file", path
    return "a symlink or a special file on the way", None


def check_state_dir(root: str | os.PathLike) -> None:
    """Raise :class:`UnsafeStatePath` when ``ROOT/.codepith`` exists and is not a
    real folder (a symlink, a file); nothing is created."""
    path = os.path.join(os.fspath(root), STATE_DIR)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if is_link(st) or not stat.S_ISDIR(st.st_mode):
        kind = "a symlink" if is_link(st) else "not a folder"
        raise refused(path, kind)


def _check_regular(fd: int, path: str) -> int:
    """``fd`` when it is a regular file (made blocking again), else closed and refused."""
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise NotRegularFile(f"{path}: not a regular file; give the path of a regular file", "not-a-file")
    if _NONBLOCK:
        os.set_blocking(fd, True)
    return fd


def open_file(path: str | os.PathLike, flags: int, *, root: str | os.PathLike | None = None, mode: int = 0o644) -> int:
    """A descriptor for ``path`` opened with ``flags``.

    Below ``root`` it is opened through :func:`codepith.safeio.open_state` (no
    link followed; a missing ``.codepith`` is created with its ``.gitignore``
    when ``flags`` hold ``O_CREAT``). Elsewhere it is opened as named, its
    folder created with ``O_CREAT``. Either way only a regular file is
    returned, and opening never blocks.
    """
    path = os.path.abspath(os.fspath(path))
    rel = inside(root, path)
    if root is not None and rel is not None:  # rel is None when root is
        try:
            return open_state(root, rel, flags, mode)
        except UnsafeStatePath:
            raise refused(path, *_unsafe_part(os.path.abspath(os.fspath(root)), rel)) from None
    if flags & os.O_CREAT:
        os.makedirs(os.path.dirname(path), exist_ok=True)
    return _check_regular(os.open(path, flags | _NONBLOCK | _BINARY | _CLOEXEC, mode), path)


def _open_folder(parent: int, name: str, shown: str) -> int:
    try:
        return os.open(name, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC, dir_fd=parent)
    except OSError as exc:
        if exc.errno in _LINK_ERRORS:
            raise refused(shown, "a symlink or not a folder") from None
        raise


@contextlib.contextmanager
def folder(root: str | os.PathLike, rel: str, *, create: bool) -> Iterator[Folder]:
    """The folder ``ROOT/rel`` (``rel`` with ``/``; empty for the root), each
    component below the root reached without following a link; missing
    folders are created when ``create`` is set (a missing ``.codepith`` with
    its ``.gitignore``), else ``FileNotFoundError``."""
    root = os.fspath(root)
    parts = [p for p in rel.split("/") if p]
    if any(p in (".", "..") for p in parts):
        raise UnsafeStatePath(f"{rel!r}: not a plain path below the root {root}")
    if parts and parts[0] == STATE_DIR and create:
        try:
            state_dir(root)
        except UnsafeStatePath:
            raise refused(os.path.join(root, STATE_DIR), *_unsafe_part(os.path.abspath(root), STATE_DIR)) from None
    if not safeio.DIR_FD:
        try:
            path = safeio.check_folders(root, parts, create=create)
        except UnsafeStatePath:
            raise refused(os.path.join(root, *parts), *_unsafe_part(os.path.abspath(root), "/".join(parts))) from None
        yield Folder(None, path)
        return
    fd = os.open(root, os.O_RDONLY | _DIRECTORY | _CLOEXEC)
    try:
        for n, part in enumerate(parts):
            shown = os.path.join(root, *parts[: n + 1])
            try:
                nfd = _open_folder(fd, part, shown)
            except FileNotFoundError:
                if not create:
                    raise
                with contextlib.suppress(FileExistsError):
                    os.mkdir(part, 0o755, dir_fd=fd)
                nfd = _open_folder(fd, part, shown)
            os.close(fd)
            fd = nfd
        yield Folder(fd, os.path.join(root, *parts))
    finally:
        os.close(fd)


def _open_in(where: Folder, name: str, flags: int, shown: str, mode: int = 0o644) -> int:
    """A descriptor for the regular file ``name`` in ``where``, never opened
    through a link (refused, ``shown`` naming it)."""
    if where.fd is None:
        try:
            return safeio.open_checked(os.path.join(where.path, name), flags, mode)
        except UnsafeStatePath:
            raise refused(shown, "a symlink or not a regular file") from None
    try:
        fd = os.open(name, flags | _NOFOLLOW | _NONBLOCK | _BINARY | _CLOEXEC, mode, dir_fd=where.fd)
    except OSError as exc:
        if exc.errno in _LINK_ERRORS:
            raise refused(shown, "a symlink") from None
        raise
    return _check_regular(fd, shown)


def read_in(where: Folder, name: str, shown: str, *, max_bytes: int | None = None) -> bytes:
    """The bytes of the regular file ``name`` in the folder ``where``; a link
    or a special file is refused (``shown`` names it in the error)."""
    with os.fdopen(_open_in(where, name, os.O_RDONLY, shown), "rb") as f:
        data = f.read() if max_bytes is None else f.read(max_bytes + 1)
    if max_bytes is not None and len(data) > max_bytes:
        raise NotRegularFile(f"{shown}: over the limit of {max_bytes} bytes", "too-large")
    return data


def _lstat_in(where: Folder, name: str) -> os.stat_result:
    if where.fd is None:
        return os.lstat(os.path.join(where.path, name))
    return os.lstat(name, dir_fd=where.fd)


def _replace(where: Folder, tmp: str, name: str) -> None:
    """Rename ``tmp`` over ``name`` in ``where``. By path (Windows), a rename
    over a file that another process is reading fails for as long as it holds
    it open: tried again for about a second."""
    if where.fd is not None:
        os.replace(tmp, name, src_dir_fd=where.fd, dst_dir_fd=where.fd)
        return
    while_busy(lambda: os.replace(os.path.join(where.path, tmp), os.path.join(where.path, name)))


def while_busy(call: Callable[[], T], *, retry: bool = True) -> T:
    """``call()``, tried again for about a second while it raises
    ``PermissionError`` (Windows refuses a rename over a file another process
    holds open, and a read of bytes another handle has locked); with
    ``retry`` off, or after the last try, the error is raised."""
    for attempt in range(_BUSY_TRIES if retry else 1):
        try:
            return call()
        except PermissionError:
            if not retry or attempt == _BUSY_TRIES - 1:
                raise
            time.sleep(_BUSY_PAUSE)
    raise AssertionError("unreachable")  # pragma: no cover


def replace_in(where: Folder, name: str, data: bytes, *, mode: int, shown: str) -> None:
    """Replace the file ``name`` of the folder ``where`` by ``data``
    atomically (a temporary file, then a rename in that folder); a ``name``
    that is a symlink or a special file is refused (``shown`` names it in the
    error)."""
    try:
        st = _lstat_in(where, name)
    except FileNotFoundError:
        pass
    else:
        if is_link(st) or not stat.S_ISREG(st.st_mode):
            raise refused(shown, "a symlink" if is_link(st) else "not a regular file")
    tmp = f".{name}.{os.urandom(6).hex()}.tmp"
    fd = _open_in(where, tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, shown, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            if hasattr(os, "fchmod"):
                os.fchmod(f.fileno(), mode)
        if not hasattr(os, "fchmod"):
            os.chmod(os.path.join(where.path, tmp), mode)
        _replace(where, tmp, name)
    except BaseException:
        with contextlib.suppress(OSError):
            where.unlink(tmp)
        raise


def write_atomic(
    path: str | os.PathLike, data: bytes, *, mode: int = 0o600, root: str | os.PathLike | None = None
) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder
    and a rename, so readers see the old bytes or the new, never a mix.

    Below ``root`` the folder is reached without following links (created
    when missing) and a ``path`` that is a symlink or a special file is
    refused; elsewhere ``path`` is written as named.
    """
    path = os.path.abspath(os.fspath(path))
    rel = inside(root, path)
    if root is not None and rel is not None:  # rel is None when root is
        directory, _, name = rel.rpartition("/")
        with folder(root, directory, create=True) as where:
            replace_in(where, name, data, mode=mode, shown=path)
        return
    directory = os.path.dirname(path)
    os.makedirs(directory, exist_ok=True)
    if not safeio.DIR_FD:
        replace_in(Folder(None, directory), os.path.basename(path), data, mode=mode, shown=path)
        return
    dirfd = os.open(directory, os.O_RDONLY | _DIRECTORY | _CLOEXEC)
    try:
        replace_in(Folder(dirfd, directory), os.path.basename(path), data, mode=mode, shown=path)
    finally:
        os.close(dirfd)
