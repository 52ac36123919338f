"""A Dask DataFrame over a Parquet dataset or JSONL files: :func:`read_dataset`."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ...errors import CodepithError, InvalidOption
from .common import _cause, _require
from .jsonl import _read_jsonl
from .parquet import _read_parquet
from .sources import auto_partition_bytes, check_partitioning, detect_format

if TYPE_CHECKING:  # pragma: no cover
    import dask.dataframe as dd

INPUT_FORMATS = ("auto", "tree", "parquet", "jsonl")


def read_dataset(
    source: str | os.PathLike,
    *,
    format: str = "auto",
    partition_bytes: int | None = None,
    partitions: int | None = None,
    storage_options: dict | None = None,
) -> dd.DataFrame:
    """A Dask DataFrame over a Parquet dataset or JSONL files (``format``:
    ``auto``, ``parquet`` or ``jsonl``).

    Partitions hold about ``partition_bytes`` of input (default:
    :func:`auto_partition_bytes` of the input's size on disk). Parquet row
    groups are never split, nor files joined; a compressed JSONL file is one
    partition. ``partitions`` (a count) repartitions the frame to that many.
    Nothing is read here but Parquet footers and the first lines of JSONL
    files (their keys are the columns); the workers read the rest.

    Bad input costs only itself. A Parquet file whose footer cannot be read
    (empty, truncated, not Parquet) or whose columns clash with the others, or
    whose row groups turn out corrupt, fails only its own partitions
    (:class:`UnreadableInput`, which :func:`write_dataset` reports and goes
    on); when no file can be read, this raises a CodepithError. A JSONL line
    is read with Python's json: a line that is not a JSON object becomes a row
    whose action is ``skipped:bad-json`` (the reason names the file and the
    line), bytes that are not UTF-8 are read with surrogateescape, and JSON
    values keep their types (a frame from JSONL holds text, numbers, lists…,
    never bytes); what a line's reading says goes in the column
    :data:`READ_COLUMN`, which :func:`compress_frame` turns into the action
    and reason. An input whose format cannot be told, or that holds no rows
    of its format, raises :class:`UnknownInputFormat`; a bad argument
    :class:`~codepith.errors.InvalidOption`.
    """
    dd = _require()
    from fsspec.core import url_to_fs

    check_partitioning(partitions, partition_bytes)
    source = os.fspath(source)
    if format == "auto":
        format = detect_format(source)
    if format == "tree":
        raise InvalidOption("format", "a source tree is read by compress_directory(), not read_dataset()")
    if format not in ("parquet", "jsonl"):
        raise InvalidOption("format", f"unknown input format {format!r}; formats: auto, parquet, jsonl")
    fs, root = url_to_fs(source, **(storage_options or {}))
    try:
        if not fs.exists(root):
            raise CodepithError(f"{source}: no such file or directory; check INPUT")
        if partition_bytes is None:
            partition_bytes = auto_partition_bytes(int(fs.du(root)))
        reader = _read_parquet if format == "parquet" else _read_jsonl
        frame = reader(dd, fs, root, partition_bytes)
    except OSError as exc:
        raise CodepithError(f"{source}: cannot be read ({_cause(exc)}); check INPUT") from None
    if partitions is not None and partitions != frame.npartitions:
        frame = frame.repartition(npartitions=partitions)
    return frame
