"""Output: a compressed frame written to a folder of part files, one per
partition, by the workers (:func:`write_dataset`); OUTPUT checked before a run
(:func:`check_output`)."""

from __future__ import annotations

import os
import posixpath
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...errors import CodepithError, InvalidOption
from .cells import _arrow_table, _arrow_types, _json_line, _json_value
from .common import _cause, _require, _shown
from .summary import DatasetSummary, _stats

if TYPE_CHECKING:  # pragma: no cover
    import dask.dataframe as dd
    import pandas as pd

OUTPUT_FORMATS = ("parquet", "jsonl")


class _WriteFailed(CodepithError):
    """OUTPUT could not be written: the run stops (every partition would fail the same way)."""


def _write_partition(
    df: pd.DataFrame, fs, path: str, fmt: str, types: dict, prefix: str, path_column: str | None = None
) -> dict:
    """Write one part file under a hidden temporary name, then rename it: a
    part file is whole or absent, never partial."""
    if fmt == "parquet":
        import pyarrow.parquet as pq

        table = _arrow_table(df, types, prefix + "reason")

        def dump(f):
            pq.write_table(table, f)
    else:
        columns = [str(c) for c in df.columns]
        lines = [
            _json_line({c: _json_value(v) for c, v in zip(columns, values, strict=False)})
            for values in zip(*(df[c].tolist() for c in df.columns), strict=False)
        ]

        def dump(f):
            f.writelines(lines)

    stats = _stats(df, prefix, path, path_column)
    tmp = posixpath.join(posixpath.dirname(path), f".{posixpath.basename(path)}.{os.getpid()}.tmp")
    try:
        with fs.open(tmp, "wb") as f:
            dump(f)
        fs.mv(tmp, path)
    except OSError as exc:
        _remove_quietly(fs, tmp)
        raise _WriteFailed(
            f"{_shown(path)}: cannot be written ({_cause(exc)}); check OUTPUT "
            "(free space, permissions) or choose another folder"
        ) from None
    except BaseException:
        _remove_quietly(fs, tmp)
        raise
    return stats


def _remove_quietly(fs, path: str) -> None:
    try:
        fs.rm(path)
    except (OSError, ValueError):
        pass


def _is_part(name: str) -> bool:
    """A part file of a run, or one's temporary name."""
    base = posixpath.basename(name.rstrip("/"))
    return (base.startswith("part.") and base.endswith((".parquet", ".jsonl"))) or (
        base.startswith(".part.") and base.endswith(".tmp")
    )


def check_output(output: str | os.PathLike, *, overwrite: bool = False, storage_options: dict | None = None) -> None:
    """Raise a CodepithError when ``output`` cannot take a run's part files:
    it is not a folder, it holds files (and ``overwrite`` is not set), or it
    cannot be read or created. Nothing is written."""
    from fsspec.core import url_to_fs

    output = os.fspath(output)
    try:
        fs, root = url_to_fs(output, **(storage_options or {}))
        if not fs.exists(root):
            parent = posixpath.dirname(root.rstrip("/"))
            while parent and not fs.exists(parent):
                parent = posixpath.dirname(parent)
            if parent and not fs.isdir(parent):
                raise CodepithError(f"{output}: cannot be created: {parent} is not a folder; choose another OUTPUT")
            return
        if not fs.isdir(root):
            raise CodepithError(f"{output}: exists and is not a folder; OUTPUT is a folder of part files")
        if fs.ls(root, detail=False) and not overwrite:
            raise CodepithError(f"{output}: the folder is not empty; pass --overwrite to replace its part files")
    except OSError as exc:
        raise CodepithError(
            f"{output}: cannot be used as OUTPUT ({_cause(exc)}); check its permissions or choose another folder"
        ) from None


def _prepare_output(fs, root: str, output: str, overwrite: bool, storage_options: dict | None) -> None:
    check_output(output, overwrite=overwrite, storage_options=storage_options)
    try:
        if fs.exists(root):
            for name in fs.ls(root, detail=False):
                if _is_part(name):
                    fs.rm(name)
        fs.makedirs(root, exist_ok=True)
    except OSError as exc:
        raise CodepithError(
            f"{output}: cannot be used as OUTPUT ({_cause(exc)}); check its permissions or choose another folder"
        ) from None


def _partition_failed(exc: BaseException, index: int) -> str:
    """The message for a partition that could not be read."""
    if isinstance(exc, CodepithError):
        return str(exc)
    return f"partition {index}: {_cause(exc)}; its rows are left out (repair or remove the file)"


def write_dataset(
    frame: dd.DataFrame,
    output: str | os.PathLike,
    *,
    format: str = "parquet",
    overwrite: bool = False,
    content_column: str | None = "content",
    path_column: str | None = "path",
    prefix: str = "",
    client: Any = None,
    on_partition: Callable[[dict], None] | None = None,
    storage_options: dict | None = None,
) -> DatasetSummary:
    """Write a compressed frame to the folder ``output``, one file per partition
    (``part.00000.parquet`` or ``part.00000.jsonl``), and return the counts.

    Each worker writes its own partitions: no row passes through this
    process. ``client`` is a ``distributed.Client`` (default: the current one,
    else Dask's local scheduler). ``on_partition`` is called with each
    partition's counts as it completes (for a progress bar). An ``output``
    folder that holds files is refused unless ``overwrite`` (which removes
    the part files of an earlier run first).

    A part file is written under a hidden temporary name and renamed when
    whole. A partition that cannot be read (an unreadable Parquet file) is
    left out and named in the summary's ``failed``; the rest goes on. When a
    part file cannot be written (the disk is full, …) the run stops with a
    CodepithError and the part files it wrote are removed.
    """
    _require()
    from fsspec.core import url_to_fs

    _check_frame(frame, format, prefix)
    output = os.fspath(output)
    fs, root = url_to_fs(output, **(storage_options or {}))
    created = not fs.exists(root)
    _prepare_output(fs, root, output, overwrite, storage_options)
    names, tasks = _write_tasks(
        frame, fs, root, output, format, _arrow_types(frame._meta, prefix, content_column), prefix, path_column
    )
    summary = DatasetSummary()
    try:
        _run(tasks, client, _Collector(summary, on_partition))
    except BaseException:
        _remove_run(fs, root, names, created)  # a run that stops leaves no part file behind
        raise
    summary.files.sort()
    return summary


def _check_frame(frame: dd.DataFrame, format: str, prefix: str) -> None:
    if format not in OUTPUT_FORMATS:
        raise InvalidOption("format", f"unknown output format {format!r}; formats: {', '.join(OUTPUT_FORMATS)}")
    if prefix + "action" not in frame.columns:
        raise InvalidOption(
            "frame",
            f"has no {prefix + 'action'!r} column: write_dataset() writes a frame from "
            "compress_frame() or compress_directory() (pass prefix=… when one was used)",
        )


def _write_tasks(
    frame: dd.DataFrame, fs, root: str, output: str, format: str, types: dict, prefix: str, path_column: str | None
) -> tuple[list[str], list]:
    """(part file names, one delayed write per partition)."""
    import dask

    ext = "parquet" if format == "parquet" else "jsonl"
    parts = frame.to_delayed()
    width = max(5, len(str(len(parts) - 1)))
    names = [posixpath.join(root, f"part.{i:0{width}d}.{ext}") for i in range(len(parts))]
    write = dask.delayed(_write_partition, pure=False)
    tasks = [
        write(
            part,
            fs,
            names[i],
            format,
            types,
            prefix,
            path_column,
            dask_key_name=f"codepith-write-{i}-{dask.base.tokenize(output, i)}",
        )
        for i, part in enumerate(parts)
    ]
    return names, tasks


class _Collector:
    """Adds each written partition's counts to ``summary`` (and tells
    ``on_partition``); a partition that could not be read is named in
    ``failed``; one that could not be written stops the run."""

    def __init__(self, summary: DatasetSummary, on_partition: Callable[[dict], None] | None) -> None:
        self.summary = summary
        self.on_partition = on_partition

    def __call__(self, index: int, stats: dict | None, exc: BaseException | None) -> None:
        if exc is None:
            assert stats is not None  # a partition written without an error has its counts
            self.summary.add(stats)
            if self.on_partition is not None:
                self.on_partition(stats)
            return
        if isinstance(exc, _WriteFailed):
            raise exc
        self.summary.failed.append(_partition_failed(exc, index))


def _remove_run(fs, root: str, names: list[str], created: bool) -> None:
    """Remove a stopped run's part files, and OUTPUT when the run created it."""
    for name in names:
        _remove_quietly(fs, name)
    if created:
        try:
            fs.rmdir(root)
        except (OSError, ValueError):
            pass


def _run(tasks: list, client: Any, done: Callable) -> None:
    """Compute ``tasks`` and call ``done(index, result, exception)`` for each as it ends."""
    if client is None:
        try:
            from distributed import get_client

            client = get_client()
        except (ImportError, ValueError):
            client = None
    if client is None:
        _run_here(tasks, done)
    else:
        _run_on(client, tasks, done)


def _run_here(tasks: list, done: Callable) -> None:
    """Dask's local scheduler: one task at a time per thread, each failing alone."""
    from concurrent.futures import ThreadPoolExecutor, as_completed

    pool = ThreadPoolExecutor(max_workers=os.cpu_count() or 1)
    try:
        futures = {pool.submit(task.compute, scheduler="sync"): i for i, task in enumerate(tasks)}
        for future in as_completed(futures):
            exc = future.exception()
            done(futures[future], None if exc else future.result(), exc)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _run_on(client, tasks: list, done: Callable) -> None:
    """A ``distributed`` cluster: every task submitted, each result taken as it ends."""
    from distributed import as_completed as distributed_completed

    futures = client.compute(tasks)
    index = {future.key: i for i, future in enumerate(futures)}
    try:
        for future in distributed_completed(futures):
            if future.status == "error":
                done(index[future.key], None, future.exception())
            else:
                done(index[future.key], future.result(), None)
    finally:
        for future in futures:
            future.cancel()
            future.release()
