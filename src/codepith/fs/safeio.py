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

Two ways to hold to that, chosen once per process (:data:`DIR_FD`):

- **By folder descriptor** (Linux, macOS, the BSDs: every OS with ``dir_fd``,
  ``O_DIRECTORY`` and ``O_NOFOLLOW``): each folder below the root is opened
  relative to its parent's descriptor with ``O_NOFOLLOW``, and the file
  relative to its folder's; nothing can be swapped in between.
- **By path** (Windows, which has none of them): each component below the
  root is checked with ``lstat`` before the file is opened (a symlink, and on
  Windows any reparse point that names another path — a junction too — is
  refused), the file is opened by its path, and after opening, the path is
  looked at once more: it must still be a regular file, and the very file
  opened (the same file index, ``fstat`` against ``lstat``), or it is closed
  and refused (when another regular file has taken its place by a rename,
  the new one is opened instead). This is weaker, and documented as such: a
  folder on the way swapped for a link *between* its check and the open is
  not caught, and a file opened with ``O_TRUNC`` through a link swapped in at
  that instant is truncated before the second look refuses it. The swap has
  to land inside a window of a few system calls, by a process that can
  already write to the project.

``O_NONBLOCK`` is used where the OS has it (opening a FIFO never blocks);
Windows has no FIFOs in the file system, so none is needed there.
"""

from __future__ import annotations

import errno
import os
import stat

from ..errors import CodepithError

__all__ = [
    "DEFAULT_MAX_FILE_BYTES",
    "DIR_FD",
    "STATE_DIR",
    "NotRegularFile",
    "UnsafeStatePath",
    "check_folders",
    "is_link",
    "open_checked",
    "open_state",
    "read_regular",
    "same_file",
    "state_dir",
]

STATE_DIR = ".codepith"
#: the largest file codepith reads by default (``--max-file-bytes``)
DEFAULT_MAX_FILE_BYTES = 1_000_000

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_REPARSE_POINT = getattr(stat, "FILE_ATTRIBUTE_REPARSE_POINT", 0x400)
#: the reparse-tag bit of a name surrogate: a symlink, a junction (mount point), …
_NAME_SURROGATE = 0x20000000
_REOPENS = 5

#: open state files relative to folder descriptors, never following a link
#: (True where the OS has what it takes); False: by path, checked with
#: ``lstat`` before and after opening (the weaker way described above)
DIR_FD = bool(
    _NOFOLLOW
    and _DIRECTORY
    and {os.open, os.mkdir, os.stat, os.unlink, os.rename} <= os.supports_dir_fd
    and os.stat in os.supports_follow_symlinks
    and os.scandir in os.supports_fd
)


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


def is_link(st: os.stat_result) -> bool:
    """Whether an ``lstat`` result is a symlink, or on Windows any reparse
    point that names another path (a junction leads elsewhere just as a
    symlink does). Other reparse points, such as a cloud-synced placeholder
    or a deduplicated file, are files where they are."""
    if stat.S_ISLNK(st.st_mode):
        return True
    return bool(
        getattr(st, "st_file_attributes", 0) & _REPARSE_POINT and getattr(st, "st_reparse_tag", 0) & _NAME_SURROGATE
    )


def same_file(a: os.stat_result, b: os.stat_result) -> bool:
    """Whether two stat results of one path, one taken through the open file
    (``fstat``) and one by its name (``lstat``), are of one file: the same
    file index. The device is not compared: the path's folders were checked
    on the way, and Windows may report the volume's serial number at a
    different width by name and by handle. Where the file system gives no
    file index (FAT on Windows) it cannot tell and says yes."""
    if not a.st_ino or not b.st_ino:
        return True
    return a.st_ino == b.st_ino


def _open_dir_nofollow(parent_fd: int, name: str) -> int:
    """Open the directory ``name`` under ``parent_fd`` without following a symlink."""
    try:
        return os.open(name, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC, dir_fd=parent_fd)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
            raise UnsafeStatePath(
                f"{name!r} is a symlink or not a folder; codepith will not write through it"
            ) from None
        raise


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


def check_folders(root: str, parts: list[str], *, create: bool) -> str:
    """The path of ``root/parts...`` (the way by path), each component below
    ``root`` checked with ``lstat`` to be a real folder, not a link or a
    reparse point; missing folders are created when ``create`` is set, else
    ``FileNotFoundError``."""
    path = root
    for part in parts:
        if part in ("", ".", ".."):
            raise UnsafeStatePath(f"state path component {part!r} is not allowed")
        path = os.path.join(path, part)
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            if not create:
                raise
            try:
                os.mkdir(path, 0o755)
            except FileExistsError:
                pass
            st = os.lstat(path)
        if is_link(st) or not stat.S_ISDIR(st.st_mode):
            raise UnsafeStatePath(f"{path!r} is a symlink or not a folder; codepith will not write through it")
    return path


def open_checked(path: str, flags: int, mode: int = 0o644) -> int:
    """A descriptor for the regular file ``path`` opened with ``flags`` (the
    way by path): refused with :class:`UnsafeStatePath` when ``path`` is a
    link or a special file before opening, or a link just after. When the
    path names another regular file just after (another process replaced it
    by a rename, as :func:`codepith.fs.statefiles.write_atomic` does), the
    file is opened again. Its folders are the caller's to check."""
    for _ in range(_REOPENS):
        try:
            before = os.lstat(path)
        except FileNotFoundError:
            before = None
        if before is not None and (is_link(before) or not stat.S_ISREG(before.st_mode)):
            raise UnsafeStatePath(f"{path!r} is a symlink or not a regular file; codepith will not use it")
        try:
            fd = os.open(path, flags | _NOFOLLOW | _NONBLOCK | _BINARY | _CLOEXEC, mode)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.EMLINK):  # O_NOFOLLOW, where there is one, saw a link
                raise UnsafeStatePath(f"{path!r} is a symlink; codepith will not use it") from None
            raise
        try:
            opened = os.fstat(fd)
            try:
                after = os.lstat(path)
            except FileNotFoundError:  # removed since: what is open is what was checked
                after = opened
            if not stat.S_ISREG(opened.st_mode) or is_link(after) or not stat.S_ISREG(after.st_mode):
                raise UnsafeStatePath(
                    f"{path!r} was swapped for a link or a special file while being opened; codepith will not use it"
                )
            if same_file(opened, after):
                if _NONBLOCK:
                    os.set_blocking(fd, True)
                return fd
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)  # replaced in between: open the file that is there now
    raise UnsafeStatePath(f"{path!r} kept changing while being opened; codepith will not use it (run again)")


def _write_gitignore(path: str, dir_fd: int | None) -> None:
    try:
        gfd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY | _CLOEXEC, 0o644, dir_fd=dir_fd)
    except FileExistsError:
        return
    try:
        os.write(gfd, b"# codepith's own state: never committed\n*\n")
    finally:
        os.close(gfd)


def state_dir(root: str | os.PathLike, *, create: bool = True) -> str:
    """``ROOT/.codepith``, created (with a ``.gitignore`` holding ``*``) when
    missing. Raises :class:`UnsafeStatePath` when it is a symlink or not a
    folder."""
    root = os.fspath(root)
    if not DIR_FD:
        _write_gitignore(os.path.join(check_folders(root, [STATE_DIR], create=create), ".gitignore"), None)
        return os.path.join(root, STATE_DIR)
    fd = _walk_to(root, [STATE_DIR], create=create)
    try:
        _write_gitignore(".gitignore", fd)
    finally:
        os.close(fd)
    return os.path.join(root, STATE_DIR)


def open_state(root: str | os.PathLike, rel: str, flags: int, mode: int = 0o644) -> int:
    """A descriptor for the state file ``ROOT/rel`` (``rel`` uses ``/``),
    opened with ``flags`` (in binary mode) without following a symlink in any
    component below ``ROOT``; folders on the way are created when ``flags``
    holds ``O_CREAT``. When the first component is ``.codepith`` the folder
    gets its ``.gitignore``. Raises :class:`UnsafeStatePath` for a symlink or
    a non-regular file."""
    root = os.fspath(root)
    parts = [p for p in rel.replace(os.sep, "/").split("/")]
    if not parts or any(p in ("", ".", "..") for p in parts):
        raise UnsafeStatePath(f"state path {rel!r} is not a plain relative path")
    create = bool(flags & os.O_CREAT)
    if parts[0] == STATE_DIR and create:
        state_dir(root)
    if not DIR_FD:
        try:
            return open_checked(os.path.join(check_folders(root, parts[:-1], create=create), parts[-1]), flags, mode)
        except UnsafeStatePath:
            raise UnsafeStatePath(
                f"{rel!r} under {root!r} is a symlink or not a regular file; codepith will not write through it "
                "(remove the link)"
            ) from None
    dfd = _walk_to(root, parts[:-1], create=create)
    try:
        name = parts[-1]
        try:
            fd = os.open(name, flags | _NOFOLLOW | _NONBLOCK | _BINARY | _CLOEXEC, mode, dir_fd=dfd)
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
