"""Source trees as datasets: the trees are walked here, the workers read and
compress the files, one row per entry (:func:`compress_directory`)."""

from __future__ import annotations

import math
import os
from collections.abc import Iterable
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from ..._settings import with_settings
from ...core.discover import Candidate, WalkOptions, walk_roots
from ...errors import CodepithError
from ...fs.safeio import NotRegularFile, read_regular
from .common import _TEXT, _require
from .rows import FrameOptions, compress_partition
from .sources import auto_partition_bytes, check_partitioning

if TYPE_CHECKING:  # pragma: no cover
    import dask.dataframe as dd
    import pandas as pd

#: a file that changed between the walk and the read
_CHANGED = {
    "not-a-file": "not a regular file when read (a FIFO, a device or a folder took its place after the walk)",
    "too-large": "grew past --max-file-bytes {} after the walk",
}


def _read_tree_partition(chunk: tuple, options: FrameOptions) -> pd.DataFrame:
    """Read one partition's files and compress them; entries the walk left
    out, and files that cannot be read, keep their action and reason."""
    import pandas as pd

    paths: list[str] = []
    contents: list[bytes | None] = []
    notes: list[tuple[str, str] | None] = []
    for path, abspath, action, reason in chunk:
        paths.append(path)
        if abspath is None:
            contents.append(None)
            notes.append((action, reason))
            continue
        try:
            # non-blocking and fstat-checked: a file swapped for a FIFO since the walk never hangs a worker
            contents.append(read_regular(abspath, max_bytes=options.max_file_bytes))
            notes.append(None)
        except NotRegularFile as exc:
            contents.append(None)
            notes.append((f"skipped:{exc.reason}", _CHANGED.get(exc.reason, str(exc)).format(options.max_file_bytes)))
        except OSError as exc:
            contents.append(None)
            notes.append(("skipped:unreadable", exc.strerror or str(exc)))
    df = pd.DataFrame(
        {
            # names that are not UTF-8 come as surrogateescape'd text, which only Python-held strings keep
            options.path_column: pd.array(paths, dtype=_TEXT),
            options.content_column: pd.Series(contents, dtype=object),
        }
    )
    out = compress_partition(df, options)
    if any(notes):
        action_col, reason_col = options.column("action"), options.column("reason")
        for i, note in enumerate(notes):
            if note is not None:
                out.loc[out.index[i], action_col] = note[0]
                out.loc[out.index[i], reason_col] = note[1]
    return out


def _tree_chunks(
    entries: list[tuple], sizes: list[int], partitions: int | None, partition_bytes: int | None
) -> list[tuple]:
    total = sum(sizes)
    if partition_bytes is None:
        partition_bytes = auto_partition_bytes(total)
    if partitions is None:
        partitions = max(1, math.ceil(total / partition_bytes))
    partitions = max(1, min(partitions, len(entries)))
    per = total / partitions if total else 0
    chunks: list[tuple] = []
    current: list[tuple] = []
    acc = 0
    for entry, size in zip(entries, sizes, strict=False):
        current.append(entry)
        acc += size
        # in path order; close a chunk when the running total passes its share
        if len(chunks) < partitions - 1 and acc >= per * (len(chunks) + 1) and current:
            chunks.append(tuple(current))
            current = []
    if current or not chunks:
        chunks.append(tuple(current))
    return chunks


def _tree_roots(roots: str | os.PathLike | Iterable[str | os.PathLike]) -> list[str]:
    """``roots`` as a list of folders; a CodepithError names one that is not."""
    if isinstance(roots, (str, os.PathLike)):
        roots = [roots]
    folders = [os.fspath(r) for r in roots]
    for root in folders:
        if not os.path.isdir(root):
            raise CodepithError(f"{root}: not a folder")
    return folders


def _tree_entries(roots: list[str], walk_options: WalkOptions) -> tuple[list[tuple], list[int]]:
    """(entries, sizes) of the walk, in path order: ``(path, abspath, None,
    None)`` for a file to read, ``(path, None, action, reason)`` for an entry
    the walk left out (its size 0)."""
    entries: list[tuple] = []
    sizes: list[int] = []
    for path, entry in walk_roots(roots, walk_options):
        if isinstance(entry, Candidate):
            entries.append((path, entry.abspath, None, None))
            sizes.append(entry.size)
        else:
            reason = entry.reason
            if reason is None and entry.files != 1:
                reason = f"a folder of {entry.files} files"
            entries.append((path, None, entry.action, reason))
            sizes.append(0)
    return entries, sizes


def compress_directory(
    roots: str | os.PathLike | Iterable[str | os.PathLike],
    options: FrameOptions | None = None,
    *,
    walk: WalkOptions | None = None,
    partitions: int | None = None,
    partition_bytes: int | None = None,
    **settings: Any,
) -> dd.DataFrame:
    """A compressed Dask DataFrame with one row per entry of source trees.

    The trees are walked here, as ``walk`` says (a
    :class:`~codepith.core.discover.WalkOptions`: ignore rules,
    ``include``/``exclude`` globs; files over ``max_file_bytes`` not read), as
    ``codepith compress`` walks them; the workers read the files, so on a
    cluster the paths must be reachable from every worker. Rows are in path
    order; ``content`` is bytes (text with ``text=True``). Entries that are
    left out (ignored, too large, not a regular file) are rows too, with a
    null content and the walk's action and reason; so are the default
    ignores (``ignored:default``, unless ``default_ignores`` is off).
    ``partitions`` (a count) or ``partition_bytes`` (default:
    :func:`auto_partition_bytes` of the files' total size) split the rows.
    ``options`` are the rows' (:class:`FrameOptions`, as for
    :func:`compress_frame`); ``settings`` names fields of either object
    (``compress_directory(root, level="outline", exclude=["vendor/"])``), and
    ``max_file_bytes`` holds for both.
    """
    dd = _require()
    walk_settings = {k: settings.pop(k) for k in list(settings) if k in _WALK_FIELDS}
    options = with_settings(FrameOptions, options, settings, "compress_directory")
    walk_settings["max_file_bytes"] = options.max_file_bytes
    walk = with_settings(WalkOptions, walk, walk_settings, "compress_directory")
    roots = _tree_roots(roots)
    check_partitioning(partitions, partition_bytes)
    entries, sizes = _tree_entries(roots, walk)
    chunks = _tree_chunks(entries, sizes, partitions, partition_bytes)
    return _tree_frame(dd, chunks, options)


#: the settings of :func:`compress_directory` that are the walk's
_WALK_FIELDS = frozenset(f.name for f in fields(WalkOptions)) - {"max_file_bytes"}


def _tree_frame(dd, chunks: list[tuple], options: FrameOptions) -> dd.DataFrame:
    """The lazy frame whose partitions read and compress ``chunks``."""
    import dask
    import pandas as pd

    empty = pd.DataFrame(
        {options.path_column: pd.array([], dtype=_TEXT), options.content_column: pd.Series([], dtype=object)}
    )
    meta = compress_partition(empty, options)
    # contents are bytes: Dask must not turn that object column into strings
    with dask.config.set({"dataframe.convert-string": False}):
        return dd.from_map(
            _read_tree_partition, chunks, options=options, meta=meta, label="codepith-tree", enforce_metadata=False
        )
