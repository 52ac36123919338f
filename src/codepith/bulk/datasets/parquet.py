"""Parquet input: one partition per group of row groups of one file (never
split, never joined across files); a file that cannot be read costs only its
own partitions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import CodepithError
from .common import _cause, _shown
from .sources import _PARQUET_EXTS, UnknownInputFormat, UnreadableInput, _open_input, _regular_files

if TYPE_CHECKING:  # pragma: no cover
    import dask.dataframe as dd
    import pandas as pd


def _hive_keys(root: str, path: str) -> tuple[tuple[str, str], ...]:
    from urllib.parse import unquote

    base = root.rstrip("/") + "/"
    rel = path[len(base) :] if path.startswith(base) else ""
    keys = (part.partition("=") for part in rel.split("/")[:-1])
    return tuple((key, unquote(value)) for key, sep, value in keys if sep and key)


def _row_group_chunks(path: str, meta, hive: tuple, partition_bytes: int) -> list[tuple]:
    """The file's row groups in runs of about ``partition_bytes`` (never split)."""
    chunks: list[tuple] = []
    group: list[int] = []
    size = 0
    for i in range(meta.num_row_groups):
        group.append(i)
        size += meta.row_group(i).total_byte_size
        if size >= partition_bytes:
            chunks.append((path, tuple(group), hive, None))
            group, size = [], 0
    if group or not chunks:
        chunks.append((path, tuple(group), hive, None))
    return chunks


def _parquet_plan(fs, root: str, partition_bytes: int):
    """(schema, chunks): the dataset's Arrow schema, and one chunk per
    partition: ``(path, row_groups, hive_keys, None)``, or ``(path, None, (),
    cause)`` for a file whose footer cannot be read or whose columns clash."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    files = _regular_files(fs, root, lambda n: n.lower().endswith(_PARQUET_EXTS) or "." not in n)
    if not files:
        raise UnknownInputFormat(f"{root}: no Parquet files (.parquet) in this folder")
    schema = None
    hive_names: list[str] = []
    chunks: list[tuple] = []
    causes: list[str] = []
    for path in files:
        try:
            with _open_input(fs, path) as f:
                meta = pq.ParquetFile(f).metadata
            file_schema = meta.schema.to_arrow_schema()
            merged = file_schema if schema is None else pa.unify_schemas([schema, file_schema])
        except Exception as exc:  # noqa: BLE001 - any footer that cannot be read costs only its file
            causes.append(
                f"{_shown(path)}: cannot be read as Parquet ({_cause(exc)}); "
                "its rows are left out (repair or remove the file)"
            )
            chunks.append((path, None, (), causes[-1]))
            continue
        schema = merged
        hive = _hive_keys(root, path)
        hive_names.extend(k for k, _v in hive if k not in hive_names)
        chunks.extend(_row_group_chunks(path, meta, hive, partition_bytes))
    if schema is None:
        raise CodepithError(f"{causes[0]}; no file of the input can be read")
    for name in hive_names:
        if schema.get_field_index(name) < 0:
            schema = schema.append(pa.field(name, pa.string()))
    return schema, chunks


def _conform(table, schema):
    """``table`` with exactly ``schema``'s columns, in order and of its types."""
    import pyarrow as pa

    columns = []
    for field_ in schema:
        if field_.name in table.column_names:
            col = table.column(field_.name)
            columns.append(col if col.type == field_.type else col.cast(field_.type))
        else:
            columns.append(pa.nulls(table.num_rows, field_.type))
    return pa.Table.from_arrays(columns, schema=schema)


def _read_parquet_chunk(chunk: tuple, fs, schema) -> pd.DataFrame:
    import pyarrow as pa
    import pyarrow.parquet as pq

    path, groups, hive, cause = chunk
    if cause is not None:
        raise UnreadableInput(cause)
    try:
        with _open_input(fs, path) as f:
            table = pq.ParquetFile(f).read_row_groups(list(groups))
        for key, value in hive:
            if key not in table.column_names:
                table = table.append_column(key, pa.array([value] * table.num_rows, pa.string()))
        return _conform(table, schema).to_pandas()
    except Exception as exc:  # noqa: BLE001 - a corrupt file costs only its own rows
        where = (
            ""
            if not groups
            else f"row group {groups[0]}: "
            if len(groups) == 1
            else (f"row groups {groups[0]}-{groups[-1]}: ")
        )
        raise UnreadableInput(
            f"{_shown(path)}: cannot be read as Parquet ({where}{_cause(exc)}); "
            "its rows are left out (repair or remove the file)"
        ) from None


def _read_parquet(dd, fs, root: str, partition_bytes: int) -> dd.DataFrame:
    schema, chunks = _parquet_plan(fs, root, partition_bytes)
    meta = schema.empty_table().to_pandas()
    import dask

    with dask.config.set({"dataframe.convert-string": False}):  # the columns keep Arrow's own types
        return dd.from_map(
            _read_parquet_chunk,
            chunks,
            fs=fs,
            schema=schema,
            meta=meta,
            label="codepith-parquet",
            enforce_metadata=False,
        )
