"""Source trees as datasets: the trees are walked here, the workers read and
compress the files, one row per entry (:func:`compress_directory`)."""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ...core.discover import DEFAULT_MAX_FILE_BYTES, Candidate, walk_roots
from ...core.tokens import DEFAULT_ENCODING
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

    paths, contents, notes = [], [], []
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
    roots = [os.fspath(r) for r in roots]
    for root in roots:
        if not os.path.isdir(root):
            raise CodepithError(f"{root}: not a folder")
    return roots


def _tree_entries(roots: list[str], walk_options: dict) -> tuple[list[tuple], list[int]]:
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
    *,
    path_column: str = "path",
    content_column: str = "content",
    level: str = "signatures",
    tokens: bool = True,
    encoding: str = DEFAULT_ENCODING,
    line_refs: bool = False,
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
    text: bool = False,
    prefix: str = "",
    include: Sequence[str] = (),
    exclude: Sequence[str] = (),
    gitignore: bool = True,
    skip: Iterable[str | os.PathLike] = (),
    partitions: int | None = None,
    partition_bytes: int | None = None,
    security_check: bool = True,
    default_ignores: bool = True,
) -> dd.DataFrame:
    """A compressed Dask DataFrame with one row per entry of source trees.

    The trees are walked here (as ``codepith compress`` walks them: ignore
    rules, ``include``/``exclude`` globs, files over ``max_file_bytes`` not read);
    the workers read the files, so on a cluster the paths must be reachable
    from every worker. Rows are in path order; ``content`` is bytes (text with
    ``text=True``). Entries that are left out (ignored, too large, not a
    regular file) are rows too, with a null content and the walk's action and
    reason; so are the default ignores (``ignored:default``, unless
    ``default_ignores`` is off). ``partitions`` (a count) or ``partition_bytes`` (default:
    :func:`auto_partition_bytes` of the files' total size) split the rows.
    Other options: as :func:`compress_frame`.
    """
    dd = _require()
    options = FrameOptions(
        path_column=path_column,
        content_column=content_column,
        level=level,
        tokens=tokens,
        encoding=encoding,
        line_refs=line_refs,
        max_file_bytes=max_file_bytes,
        text=text,
        prefix=prefix,
        security_check=security_check,
    )
    options.check()
    roots = _tree_roots(roots)
    check_partitioning(partitions, partition_bytes)
    walk_options = {
        "include": include,
        "exclude": exclude,
        "max_file_bytes": max_file_bytes,
        "gitignore": gitignore,
        "skip": tuple(skip),
        "default_ignores": default_ignores,
    }
    entries, sizes = _tree_entries(roots, walk_options)
    chunks = _tree_chunks(entries, sizes, partitions, partition_bytes)
    return _tree_frame(dd, chunks, options)


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
