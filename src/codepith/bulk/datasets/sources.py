"""Where rows come from: an input's format told from its name, the files of
a dataset, each opened without ever hanging on a FIFO, and the size of a
partition."""

from __future__ import annotations

import os
import posixpath
import stat
from collections.abc import Callable, Sequence

from ...errors import CodepithError, InvalidOption
from ...fs.safeio import NotRegularFile
from .common import _shown

#: By default a partition holds about 1/100 of the input, within these bounds:
#: on a modest dataset, small partitions keep every worker busy to the end
#: (a partition is the unit of work: the last ones decide when a run ends);
#: on a large one, the cap keeps the task count, which the scheduler holds,
#: moderate (16 thousand partitions for 1 TB).
MIN_PARTITION_BYTES = 1 << 20
MAX_PARTITION_BYTES = 64 << 20
_PARTITIONS_PER_INPUT = 100
_PARQUET_EXTS = (".parquet", ".pq", ".parq")
_JSONL_EXTS = (".jsonl", ".ndjson", ".json")
_COMPRESSIONS = (".gz", ".bz2", ".xz", ".zst")


def auto_partition_bytes(total: int) -> int:
    """Input bytes per partition for an input of ``total`` bytes."""
    return min(MAX_PARTITION_BYTES, max(MIN_PARTITION_BYTES, total // _PARTITIONS_PER_INPUT))


def check_partitioning(partitions: int | None, partition_bytes: int | None) -> None:
    """Raise :class:`~codepith.errors.InvalidOption` for a partition count or
    size below 1."""
    for name, value in (("partitions", partitions), ("partition_bytes", partition_bytes)):
        if value is not None and value < 1:
            raise InvalidOption(name, f"must be at least 1, got {value}")


class UnknownInputFormat(CodepithError, ValueError):
    """An input whose format cannot be told from its name, or that holds no
    rows of the format it was taken for: the fix is to name its format.
    ``what`` says what is wrong with the input, ``or_else`` another fix."""

    def __init__(self, what: str, *, or_else: str = "") -> None:
        super().__init__(f"{what}; pass format='parquet' or format='jsonl'{or_else}")
        self.what = what
        self.or_else = or_else


class UnreadableInput(CodepithError):
    """A part of the input (a Parquet file or some of its row groups) that
    cannot be read: its partition is left out of the output and the run's
    summary names it, with the cause; the rest of the run goes on."""


def _has_ext(name: str, exts: Sequence[str]) -> bool:
    lower = name.lower()
    for comp in ("",) + _COMPRESSIONS:
        if any(lower.endswith(ext + comp) for ext in exts):
            return True
    return False


def detect_format(source: str) -> str:
    """``tree``, ``parquet`` or ``jsonl`` for an input path.

    A file is Parquet or JSONL by its extension; a folder is a Parquet dataset
    when it holds Parquet files, or ``_metadata``, or ``key=value`` partition
    folders at its top; JSONL files when it holds those; otherwise a source
    tree. A URL (``s3://…``) is told by its extension. An input whose format
    cannot be told raises :class:`UnknownInputFormat`.
    """
    if "://" in source:
        if _has_ext(source.rstrip("/"), _PARQUET_EXTS):
            return "parquet"
        if _has_ext(source, _JSONL_EXTS):
            return "jsonl"
        raise UnknownInputFormat(f"{source}: cannot tell its format from its name")
    if os.path.isfile(source):
        if _has_ext(source, _PARQUET_EXTS):
            return "parquet"
        if _has_ext(source, _JSONL_EXTS):
            return "jsonl"
        raise UnknownInputFormat(
            f"{source}: a file that is neither Parquet (.parquet) nor JSONL (.jsonl)",
            or_else=" or give the folder holding it",
        )
    if not os.path.isdir(source):
        if os.path.exists(source):
            raise CodepithError(
                f"{source}: not a regular file or a folder (a FIFO, a device?); give a file or a folder"
            )
        raise CodepithError(f"{source}: no such file or directory")
    names = [e.name for e in os.scandir(source) if not e.name.startswith(".")]
    if (
        "_metadata" in names
        or any(_has_ext(n, _PARQUET_EXTS) for n in names)
        or any("=" in n and os.path.isdir(os.path.join(source, n)) for n in names)
    ):
        return "parquet"
    if any(_has_ext(n, _JSONL_EXTS) for n in names):
        return "jsonl"
    return "tree"


def _open_input(fs, path: str):
    """``path`` opened for reading; a local one only when it is a regular file
    (opened non-blocking and checked, so a FIFO put in a file's place never
    hangs a worker)."""
    from fsspec.implementations.local import LocalFileSystem

    if not isinstance(fs, LocalFileSystem):
        return fs.open(path, "rb")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(f"{path!r} is not a regular file", "not-a-file")
        if getattr(os, "O_NONBLOCK", 0):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _regular_files(fs, root: str, keep: Callable[[str], bool]) -> list[str]:
    """The regular files under ``root`` (or ``root`` itself) whose name passes
    ``keep``, in path order; names starting with ``.`` or ``_`` (``_metadata``,
    ``_SUCCESS``, temporary files) are not data."""
    if not fs.isdir(root):
        if fs.info(root).get("type", "file") != "file":
            raise CodepithError(f"{_shown(root)}: not a regular file (a FIFO, a device?); give a file or a folder")
        return [root]
    base = root.rstrip("/") + "/"
    files = []
    for path, info in sorted(fs.find(root, detail=True).items()):
        rel = path[len(base) :] if path.startswith(base) else posixpath.basename(path)
        if info.get("type") != "file" or any(p.startswith((".", "_")) for p in rel.split("/")):
            continue
        if keep(posixpath.basename(path)):
            files.append(path)
    return files
