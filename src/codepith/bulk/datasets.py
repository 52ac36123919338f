"""Datasets on Dask: rows of ``(path, content)`` compressed on a cluster.

Code datasets are rows rather than checkouts: Parquet or JSONL files holding a
path and a file's content per row, millions of them. This module compresses
them on Dask: :func:`compress_frame` adds codepith's result columns to a Dask
DataFrame (one ``map_partitions``, so it fits in a user's own pipeline);
:func:`read_dataset` and :func:`compress_directory` make such a frame from
Parquet, JSONL or a source tree; :func:`write_dataset` writes it partition by
partition, in the workers, and returns per-partition counts.

Each row goes through the same per-file work as ``codepith compress``
(:func:`codepith.bulk.process_bytes`: the binary, generated and minified
checks, the language from the path, :func:`codepith.compress`, exact token
counts), so the result columns use the same actions and reasons. Rows are never
dropped: a row that is not compressed keeps its content in ``compressed``,
with its ``action`` and ``reason``.

Grammars, queries and the tokenizer are cached per process (see
:mod:`codepith.languages` and :mod:`codepith.tokens`): each Dask worker loads
them once, on its first row, and keeps them.

``dask[dataframe,distributed]`` and ``pyarrow`` are an optional extra
(``pip install "codepith[dask]"``); they are imported only when a function here
is called, and their absence raises :class:`~codepith.CodepithError` with the
install command.
"""

from __future__ import annotations

import json
import math
import os
import posixpath
import re
import stat
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .run import BulkOptions, process_bytes
from ..core.compress import LEVELS
from ..core.discover import DEFAULT_MAX_FILE_BYTES, Candidate, walk_roots
from ..errors import CodepithError
from ..core.languages import detect_language
from ..core.safeio import NotRegularFile, read_regular
from ..core.tokens import DEFAULT_ENCODING, ENCODINGS, get_encoding

if TYPE_CHECKING:  # pragma: no cover
    import dask.dataframe as dd
    import pandas as pd

__all__ = [
    "INPUT_FORMATS",
    "INSTALL_HINT",
    "MAX_PARTITION_BYTES",
    "MIN_PARTITION_BYTES",
    "OUTPUT_FORMATS",
    "PROBLEM_ACTIONS",
    "READ_COLUMN",
    "RESULT_COLUMNS",
    "DatasetSummary",
    "UnreadableInput",
    "FrameOptions",
    "auto_partition_bytes",
    "check_columns",
    "check_output",
    "compress_directory",
    "compress_frame",
    "compress_partition",
    "detect_format",
    "local_client",
    "read_dataset",
    "write_dataset",
]

INSTALL_HINT = 'pip install "codepith[dask]"'
#: the columns :func:`compress_frame` adds, in order (after ``prefix``)
RESULT_COLUMNS = (
    "language", "level", "compressed", "action", "reason",
    "bytes_in", "bytes_out", "tokens_in", "tokens_out", "elisions", "valid",
)
INPUT_FORMATS = ("auto", "tree", "parquet", "jsonl")
OUTPUT_FORMATS = ("parquet", "jsonl")
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
_NOT_UTF8 = ("not valid UTF-8: the text shows U+FFFD for its invalid bytes; "
             "sizes and tokens count the original bytes")
_STRING_COLUMNS = ("language", "level", "action", "reason")
#: the column :func:`read_dataset` adds to a JSONL frame: null, or what went
#: wrong reading that line (``ACTION\tREASON``, or ``\tNOTE``); compress_frame
#: turns it into the row's action and reason and leaves it out
READ_COLUMN = "_codepith_read"
_SURROGATE = re.compile(r"[\ud800-\udfff]")
#: pandas strings held as Python objects: they keep text that is not valid Unicode as it came
_TEXT = "string[python]"
_INT_COLUMNS = ("bytes_in", "bytes_out", "tokens_in", "tokens_out", "elisions")


def _require():
    """``dask.dataframe``, or a CodepithError that says how to install it."""
    try:
        import dask.dataframe as dd
        import distributed  # noqa: F401
        import pyarrow  # noqa: F401
    except ImportError as exc:
        missing = (exc.name or "dask").split(".")[0]
        raise CodepithError(
            f"datasets on Dask need dask[dataframe,distributed] and pyarrow, and {missing} "
            f"is not installed: {INSTALL_HINT}"
        ) from None
    return dd


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class FrameOptions:
    """What decides the result columns of a row (sent to every worker)."""

    path_column: str = "path"
    content_column: str = "content"
    level: str = "signatures"
    tokens: bool = True
    encoding: str = DEFAULT_ENCODING
    line_refs: bool = False
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    text: bool = False
    prefix: str = ""

    def check(self) -> None:
        if self.level not in LEVELS:
            raise CodepithError(f"unknown level {self.level!r}; levels: {', '.join(LEVELS)}")
        if self.tokens and self.encoding not in ENCODINGS:
            get_encoding(self.encoding)  # raises UnknownEncoding, naming the known ones
        if self.max_file_bytes <= 0:
            raise CodepithError(f"max_file_bytes (--max-file-bytes) must be positive, got {self.max_file_bytes}")
        if self.path_column == self.content_column:
            raise CodepithError(
                f"path_column and content_column are both {self.path_column!r}; "
                "name two columns (--path-column, --content-column)"
            )

    def bulk(self) -> BulkOptions:
        return BulkOptions(levels=(self.level,), tokens=self.tokens, encoding=self.encoding,
                           line_refs=self.line_refs, with_text=False)

    def column(self, name: str) -> str:
        return self.prefix + name


# --------------------------------------------------------------------------- one partition


def auto_partition_bytes(total: int) -> int:
    """Input bytes per partition for an input of ``total`` bytes."""
    return min(MAX_PARTITION_BYTES, max(MIN_PARTITION_BYTES, total // _PARTITIONS_PER_INPUT))


def _is_null(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, float):
        return math.isnan(value)
    try:
        import pandas as pd

        return value is pd.NA or value is pd.NaT
    except ImportError:  # pragma: no cover - pandas comes with dask
        return False


def _as_text(data: bytes) -> tuple[str, bool]:
    """(text, exact): bytes shown as text; not exact when they are not UTF-8."""
    try:
        return data.decode("utf-8"), True
    except UnicodeDecodeError:
        return data.decode("utf-8", "replace"), False


def _join(reason: str | None, note: str) -> str:
    return f"{reason}; {note}" if reason else note


def _json_kind(value: Any) -> str:
    """What a value is: its type, and its name in JSON where it is one."""
    name = type(value).__name__
    for types, json_name in ((bool, "boolean"), ((int, float), "number"), ((list, tuple), "array"),
                             (dict, "object")):
        if isinstance(value, types):
            return f"{name} (a JSON {json_name})"
    return name


def _invalid_text(text: str) -> str | None:
    """Why ``text`` is not valid Unicode (it holds a lone surrogate), or None."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return _surrogate_reason(text, exc.start)
    return None


def _surrogate_reason(text: str, at: int) -> str:
    """The reason for a text whose first lone surrogate is at character ``at``."""
    code = ord(text[at])
    count = len(_SURROGATE.findall(text))
    why = f"the text is not valid Unicode: a lone surrogate U+{code:04X} at character {at}"
    if count > 1:
        why += f" ({count} in all)"
    if 0xDC80 <= code <= 0xDCFF:  # what surrogateescape makes of a byte that is not UTF-8
        why += f"; it stands for the byte 0x{code - 0xDC00:02X}, which is not UTF-8"
    return why + "; not compressed, kept as it is"


def _escaped(text: str) -> str:
    """``text`` shown in ASCII; a name of bytes that are not UTF-8 as those bytes."""
    try:
        return repr(text.encode("utf-8", "surrogateescape"))
    except UnicodeEncodeError:
        return ascii(text)


def _shown(text: str) -> str:
    """``text`` safe to print and to store as UTF-8 (lone surrogates as ``\\udcXX``)."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


_SKIPPED = (None, 0, None)  # tokens_out, elisions, valid of a row that is not read as text


def _row(path: Any, content: Any, bulk: BulkOptions, options: FrameOptions, note: str | None = None) -> tuple:
    """(content, language, compressed, action, reason, bytes_in, bytes_out,
    tokens_in, tokens_out, elisions, valid) for one row. ``note`` is what the
    reader says of the row: ``ACTION\tREASON`` (the row could not be read) or
    ``\tNOTE`` (added to the reason)."""
    name = path if isinstance(path, str) else ""
    language = detect_language(name) if name else None
    extra = None
    if note:
        action, _, extra = note.partition("\t")
        if action:
            return (None, None, None, action, extra, None, None, None, None, 0, None)
    row = _content_row(name, language, content, bulk, options)
    if extra:
        row = row[:4] + (_join(row[4], extra),) + row[5:]
    return row


def _content_row(name: str, language: str | None, content: Any, bulk: BulkOptions, options: FrameOptions) -> tuple:
    if _is_null(content):
        return (None, language, None, "skipped:no-content", "the content is null", None, None, None, *_SKIPPED)
    if isinstance(content, str):
        try:
            data = content.encode("utf-8")
        except UnicodeEncodeError as exc:
            # the text cannot become bytes without a guess: it is kept exactly as it came
            return (content, language, content, "skipped:invalid-text", _surrogate_reason(content, exc.start),
                    None, None, None, *_SKIPPED)
        is_text = True
    elif isinstance(content, (bytes, bytearray, memoryview)):
        data = bytes(content)
        is_text = False
    else:
        return (content, language, None, "skipped:not-text",
                f"the content is {_json_kind(content)}, not text or bytes", None, None, None, *_SKIPPED)

    if len(data) > options.max_file_bytes:
        action, reason = "skipped:too-large", f"{len(data)} bytes, over --max-file-bytes {options.max_file_bytes}"
        out, tokens_in, tokens_out, elisions, valid = data, None, None, 0, True
        bytes_in = bytes_out = len(data)
    else:
        try:
            r = process_bytes(name, data, bulk, keep_data=True)
        except Exception as exc:  # noqa: BLE001 - a bug must not end the run: keep the row whole, say why
            action, reason = "kept-whole", f"compression failed ({type(exc).__name__}: {exc}); kept whole"
            out, tokens_in, tokens_out, elisions, valid = data, None, None, 0, True
            bytes_in = bytes_out = len(data)
        else:
            action, reason, language = r.action, r.reason, r.language
            bytes_in, tokens_in, elisions = r.bytes_in, r.tokens_in, r.elisions
            if r.data is not None:
                out, bytes_out, tokens_out, valid = r.data, r.bytes_out, r.tokens_out, r.valid
            else:  # skipped (binary, generated, minified): the row keeps its content whole
                out, bytes_out, tokens_out, valid = data, len(data), r.tokens_in, True

    if is_text:
        compressed: Any = out.decode("utf-8")
    elif options.text:
        content, exact = _as_text(data)
        compressed, _ = _as_text(out)
        if not exact:
            reason = _join(reason, _NOT_UTF8)
    else:
        compressed = out
    return (content, language, compressed, action, reason, bytes_in, bytes_out,
            tokens_in, tokens_out, elisions, valid)


def _is_string_dtype(dtype) -> bool:
    import pandas as pd

    if isinstance(dtype, pd.StringDtype):
        return True
    if isinstance(dtype, pd.ArrowDtype):
        import pyarrow as pa

        return pa.types.is_string(dtype.pyarrow_dtype) or pa.types.is_large_string(dtype.pyarrow_dtype)
    return False


def compress_partition(df: pd.DataFrame, options: FrameOptions) -> pd.DataFrame:
    """``df`` (a pandas DataFrame) with codepith's result columns added.

    The function :func:`compress_frame` maps over a Dask DataFrame's
    partitions; it works on any pandas DataFrame with the path and content
    columns. Content that is text gives text in ``compressed``; bytes give
    bytes, unless ``options.text`` (JSONL output) asks for text. A frame read
    from JSONL by :func:`read_dataset` (it has the column ``READ_COLUMN``)
    holds JSON values, never bytes: its ``compressed`` is text, and the read
    column becomes the action and reason of the lines that could not be read
    (and is left out of the result).
    """
    import pandas as pd

    bulk = options.bulk()
    notes: list = [None] * len(df)
    from_jsonl = READ_COLUMN in df.columns
    if from_jsonl:
        notes = df[READ_COLUMN].tolist()
        df = df.drop(columns=[READ_COLUMN])
    paths = df[options.path_column].tolist()
    contents = df[options.content_column].tolist()
    rows = [_row(p, c, bulk, options, n if isinstance(n, str) else None)
            for p, c, n in zip(paths, contents, notes)]
    columns = list(zip(*rows)) if rows else [()] * 11
    out = df.copy(deep=False)
    content_dtype = df[options.content_column].dtype
    text_out = options.text or from_jsonl or _is_string_dtype(content_dtype)
    index = df.index
    if options.text and not (_is_string_dtype(content_dtype) or pd.api.types.is_numeric_dtype(content_dtype)):
        # bytes shown as text; other values (numbers, …) unchanged
        out[options.content_column] = pd.Series(list(columns[0]), dtype=object, index=index)
    new = {
        "language": pd.array(list(columns[1]), dtype="string"),
        "level": pd.array([options.level] * len(rows), dtype="string"),
        # Python-held strings: text that is not valid Unicode is kept as it came (see _arrow_table)
        "compressed": (pd.array(list(columns[2]), dtype=_TEXT) if text_out
                       else pd.Series(list(columns[2]), dtype=object, index=index)),
        "action": pd.array(list(columns[3]), dtype="string"),
        "reason": pd.array(list(columns[4]), dtype="string"),
        "bytes_in": pd.array(list(columns[5]), dtype="Int64"),
        "bytes_out": pd.array(list(columns[6]), dtype="Int64"),
        "tokens_in": pd.array(list(columns[7]), dtype="Int64"),
        "tokens_out": pd.array(list(columns[8]), dtype="Int64"),
        "elisions": pd.array(list(columns[9]), dtype="Int64"),
        "valid": pd.array(list(columns[10]), dtype="boolean"),
    }
    for name in RESULT_COLUMNS:
        values = new[name]
        out[options.column(name)] = values if isinstance(values, pd.Series) else pd.Series(values, index=index)
    return out


# --------------------------------------------------------------------------- frames


def check_columns(columns: Sequence[str], options: FrameOptions, what: str = "the frame") -> None:
    """Raise a CodepithError naming the option to set when ``columns`` lack
    the path or content column, or already hold a result column."""
    listed = ", ".join(str(c) for c in columns if c != READ_COLUMN) or "none"
    for col, option, kw in ((options.path_column, "--path-column", "path_column"),
                            (options.content_column, "--content-column", "content_column")):
        if col not in columns:
            raise CodepithError(
                f"{what} has no column {col!r} (its columns: {listed}); name the column that "
                f"holds the {kw.split('_')[0]} with {option} ({kw}=… in Python)"
            )
    clash = [options.column(c) for c in RESULT_COLUMNS if options.column(c) in columns]
    if clash:
        raise CodepithError(
            f"{what} already has column(s) {', '.join(map(repr, clash))}, which codepith writes; "
            "give codepith's columns a prefix with --column-prefix (prefix=… in Python)"
        )


def compress_frame(
    ddf: dd.DataFrame,
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
) -> dd.DataFrame:
    """``ddf`` with codepith's result columns added, lazily (one ``map_partitions``).

    ``ddf`` needs a column of paths (their extension picks the language) and
    one of contents (text or bytes). Every input column is kept, and these are
    added (each name after ``prefix``):

    - ``language`` (``None`` when not one codepith compresses), ``level``;
    - ``compressed``: the output, of the content's type (text or bytes); for a
      row that is not compressed, its content unchanged; null only when the
      content is null or neither text nor bytes;
    - ``action`` (``compressed``, ``kept-whole``, ``skipped:binary``,
      ``skipped:generated``, ``skipped:minified``, ``skipped:too-large`` over
      ``max_file_bytes``, ``skipped:no-content``, ``skipped:not-text`` (a
      number, a list, …), ``skipped:invalid-text`` (text holding a lone
      surrogate: kept as it came, in ``compressed`` too), and from JSONL
      ``skipped:bad-json``, ``skipped:unreadable``) and ``reason`` (why a row
      was kept whole or skipped, and parse errors);
    - ``bytes_in``, ``bytes_out``, ``tokens_in``, ``tokens_out`` (exact, of
      ``encoding``; null with ``tokens=False``), ``elisions``, ``valid``.

    ``text=True`` makes ``content`` and ``compressed`` text even when the
    content is bytes (for JSONL): bytes that are not UTF-8 show as U+FFFD and
    the row's ``reason`` says so; sizes and tokens still count the original
    bytes.
    """
    _require()
    options = FrameOptions(path_column=path_column, content_column=content_column, level=level,
                           tokens=tokens, encoding=encoding, line_refs=line_refs, max_file_bytes=max_file_bytes,
                           text=text, prefix=prefix)
    options.check()
    check_columns(list(ddf.columns), options)
    meta = compress_partition(ddf._meta, options)
    return ddf.map_partitions(compress_partition, options, meta=meta)


# --------------------------------------------------------------------------- inputs


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
    tree. A URL (``s3://…``) is told by its extension.
    """
    if "://" in source:
        if _has_ext(source.rstrip("/"), _PARQUET_EXTS):
            return "parquet"
        if _has_ext(source, _JSONL_EXTS):
            return "jsonl"
        raise CodepithError(f"{source}: cannot tell its format from its name; pass --input-format")
    if os.path.isfile(source):
        if _has_ext(source, _PARQUET_EXTS):
            return "parquet"
        if _has_ext(source, _JSONL_EXTS):
            return "jsonl"
        raise CodepithError(
            f"{source}: a file that is neither Parquet (.parquet) nor JSONL (.jsonl); pass --input-format "
            "or give the folder holding it"
        )
    if not os.path.isdir(source):
        if os.path.exists(source):
            raise CodepithError(f"{source}: not a regular file or a folder (a FIFO, a device?); "
                                "give a file or a folder")
        raise CodepithError(f"{source}: no such file or directory")
    names = [e.name for e in os.scandir(source) if not e.name.startswith(".")]
    if "_metadata" in names or any(_has_ext(n, _PARQUET_EXTS) for n in names) or any(
        "=" in n and os.path.isdir(os.path.join(source, n)) for n in names
    ):
        return "parquet"
    if any(_has_ext(n, _JSONL_EXTS) for n in names):
        return "jsonl"
    return "tree"


class UnreadableInput(CodepithError):
    """A part of the input (a Parquet file or some of its row groups) that
    cannot be read: its partition is left out of the output and the run's
    summary names it, with the cause; the rest of the run goes on."""


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
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _cause(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


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
        rel = path[len(base):] if path.startswith(base) else posixpath.basename(path)
        if info.get("type") != "file" or any(p.startswith((".", "_")) for p in rel.split("/")):
            continue
        if keep(posixpath.basename(path)):
            files.append(path)
    return files


# ----- Parquet: one partition per group of row groups of one file (never split, never joined across files)


def _hive_keys(root: str, path: str) -> tuple[tuple[str, str], ...]:
    from urllib.parse import unquote

    base = root.rstrip("/") + "/"
    rel = path[len(base):] if path.startswith(base) else ""
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
        raise CodepithError(f"{root}: no Parquet files (.parquet) in this folder; pass --input-format")
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
            causes.append(f"{_shown(path)}: cannot be read as Parquet ({_cause(exc)}); "
                          "its rows are left out (repair or remove the file)")
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
        where = "" if not groups else f"row group {groups[0]}: " if len(groups) == 1 else (
            f"row groups {groups[0]}-{groups[-1]}: ")
        raise UnreadableInput(
            f"{_shown(path)}: cannot be read as Parquet ({where}{_cause(exc)}); "
            "its rows are left out (repair or remove the file)"
        ) from None


def _read_parquet(dd, fs, root: str, partition_bytes: int) -> dd.DataFrame:
    schema, chunks = _parquet_plan(fs, root, partition_bytes)
    meta = schema.empty_table().to_pandas()
    import dask

    with dask.config.set({"dataframe.convert-string": False}):  # the columns keep Arrow's own types
        return dd.from_map(_read_parquet_chunk, chunks, fs=fs, schema=schema, meta=meta,
                           label="codepith-parquet", enforce_metadata=False)


# ----- JSONL: every line read with Python's json, one at a time; a line that cannot be read is a row saying so

#: the dataset's columns are the keys of the records in its first lines
_SAMPLE_RECORDS = 1000
_SAMPLE_BYTES = 1 << 20


def _jsonl_paths(fs, source: str) -> list[str]:
    if fs.isdir(source):
        paths = _regular_files(fs, source, lambda n: _has_ext(n, _JSONL_EXTS))
        if not paths:
            raise CodepithError(f"{source}: no JSONL files (.jsonl, .ndjson, .json) in this folder")
        return paths
    if not fs.exists(source):
        raise CodepithError(f"{source}: no such file or directory")
    return [source]


def _compression(path: str) -> str | None:
    from fsspec.utils import infer_compression

    return infer_compression(path)


def _open_text_lines(fs, path: str):
    """A binary file object over ``path``'s lines (decompressed when its name says so)."""
    from fsspec.compression import compr

    raw = _open_input(fs, path)
    comp = _compression(path)
    if comp is None:
        return raw
    try:
        return compr[comp](raw, mode="rb")
    except BaseException:
        raw.close()
        raise


def _parse_line(body: bytes) -> tuple[Any, str | None, str | None]:
    """(record, error, note) for one line: the record read with Python's json
    (bytes that are not UTF-8 read with surrogateescape, and a note says so),
    or the reason it is not a JSON object."""
    note = None
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        text = body.decode("utf-8", "surrogateescape")
        note = (f"not UTF-8 (the byte 0x{body[exc.start]:02X} at byte {exc.start + 1} of the line); "
                "such bytes are read as lone surrogates U+DC80-U+DCFF")
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        return None, f"not JSON ({exc.msg} at column {exc.colno})", None
    except (ValueError, RecursionError) as exc:
        return None, f"not JSON ({_cause(exc)})", None
    if not isinstance(record, dict):
        return None, f"{_json_kind(record)}, not a JSON object", None
    return record, None, note


def _jsonl_lines(f, start: int, end: int | None) -> Iterable[tuple[int, bytes]]:
    """(offset, line) of every line that starts in ``[start, end)``."""
    pos = 0
    if start:
        f.seek(start - 1)
        pos = start
        if f.read(1) != b"\n":
            pos += len(f.readline())
    while end is None or pos < end:
        line = f.readline()
        if not line:
            return
        yield pos, line
        pos += len(line)


def _sample_columns(fs, paths: list[str]) -> list[str]:
    """The keys of the records in the first lines of the files, in order of appearance."""
    keys: dict[str, None] = {}
    records = read = 0
    for path in paths:
        try:
            with _open_text_lines(fs, path) as f:
                for _pos, line in _jsonl_lines(f, 0, None):
                    read += len(line)
                    record, _error, _note = _parse_line(line.rstrip(b"\r\n").lstrip(b"\xef\xbb\xbf"))
                    if record is not None:
                        keys.update(dict.fromkeys(map(str, record)))
                        records += 1
                    if records >= _SAMPLE_RECORDS or read >= _SAMPLE_BYTES:
                        break
        except Exception:  # noqa: BLE001 - an unreadable file becomes a row of its own, read by a worker
            continue
        if records >= _SAMPLE_RECORDS or read >= _SAMPLE_BYTES:
            break
    if READ_COLUMN in keys:
        raise CodepithError(f"the input has a column named {READ_COLUMN!r}, which codepith uses for itself")
    return list(keys)


def _count_lines(fs, path: str, upto: int) -> int:
    """How many lines end before byte ``upto`` of ``path``."""
    count = 0
    with _open_text_lines(fs, path) as f:
        while upto > 0:
            chunk = f.read(min(upto, 1 << 20))
            if not chunk:
                break
            count += chunk.count(b"\n")
            upto -= len(chunk)
    return count


class _JsonlBlock:
    """The rows of one block of a JSONL file, with line numbers for what cannot be read."""

    def __init__(self, fs, path: str, start: int, columns: list[str]) -> None:
        self.fs, self.path, self.start = fs, path, start
        self.columns = columns
        self.known = set(columns)
        self.values: dict[str, list] = {c: [] for c in columns}
        self.notes: list[str | None] = []
        self.first: int | None = None  # the offset of the block's first line
        self.base: int | None = 0 if start == 0 else None  # lines before it

    def line_number(self, index: int) -> int:
        if self.base is None:
            self.base = _count_lines(self.fs, self.path, self.first or 0)
        return self.base + index + 1

    def add(self, record: dict | None, note: str | None) -> None:
        for c in self.columns:
            self.values[c].append(None if record is None else record.get(c))
        self.notes.append(note)

    def read(self, end: int | None) -> None:
        where = _shown(self.path)
        index = -1
        try:
            with _open_text_lines(self.fs, self.path) as f:
                for index, (pos, line) in enumerate(_jsonl_lines(f, self.start, end)):
                    if self.first is None:
                        self.first = pos
                    body = line.rstrip(b"\r\n")
                    if pos == 0:
                        body = body.lstrip(b"\xef\xbb\xbf")  # a byte order mark
                    if not body.strip():
                        continue  # a blank line holds no record
                    record, error, note = _parse_line(body)
                    if error is not None:
                        self.add(None, f"skipped:bad-json\t{where} line {self.line_number(index)}: {error}")
                        continue
                    notes = [] if note is None else [note]
                    extra = [k for k in record if k not in self.known]
                    if extra:
                        notes.append(f"key(s) {', '.join(_shown(repr(k)) for k in extra)} not among the "
                                     "dataset's columns (taken from its first lines): left out")
                    self.add(record, f"\t{where} line {self.line_number(index)}: {'; '.join(notes)}"
                             if notes else None)
        except Exception as exc:  # noqa: BLE001 - what cannot be read is a row that says so; the rest goes on
            after = f" after line {self.line_number(index)}" if index >= 0 else ""
            self.add(None, f"skipped:unreadable\t{where}: cannot be read{after} ({_cause(exc)}); "
                     "the rest of its lines are not in the output")

    def frame(self) -> pd.DataFrame:
        import pandas as pd

        data = {c: pd.Series(v, dtype=object) for c, v in self.values.items()}
        data[READ_COLUMN] = pd.Series(self.notes, dtype=object)
        return pd.DataFrame(data, columns=[*self.columns, READ_COLUMN])


def _read_jsonl_block(block: tuple, fs, keys: list[str]) -> pd.DataFrame:
    path, start, end = block
    rows = _JsonlBlock(fs, path, start, keys)
    rows.read(end)
    return rows.frame()


def _read_jsonl(dd, fs, source: str, partition_bytes: int) -> dd.DataFrame:
    import pandas as pd

    paths = _jsonl_paths(fs, source)
    columns = _sample_columns(fs, paths)
    if not columns:
        raise CodepithError(f"{source}: no JSON object in the first lines of its files; is it JSON Lines "
                            "(one JSON object a line)? Pass --input-format for another format")
    blocks = []
    for path in paths:
        size = fs.size(path) or 0
        if _compression(path) is not None or size <= partition_bytes:
            blocks.append((path, 0, None))  # a compressed file is read whole
            continue
        blocks.extend((path, start, min(start + partition_bytes, size)) for start in range(0, size, partition_bytes))
    meta = pd.DataFrame({c: pd.Series([], dtype=object) for c in [*columns, READ_COLUMN]})
    import dask

    # JSON values stay as Python read them: Dask must not turn these object columns into strings
    with dask.config.set({"dataframe.convert-string": False}):
        # (not `columns=`: Dask takes that keyword for a column projection)
        return dd.from_map(_read_jsonl_block, blocks, fs=fs, keys=columns, meta=meta,
                           label="codepith-jsonl", enforce_metadata=False)


def read_dataset(
    source: str | os.PathLike,
    *,
    format: str = "auto",
    partition_bytes: int | None = None,
    storage_options: dict | None = None,
) -> dd.DataFrame:
    """A Dask DataFrame over a Parquet dataset or JSONL files (``format``:
    ``auto``, ``parquet`` or ``jsonl``).

    Partitions hold about ``partition_bytes`` of input (default:
    :func:`auto_partition_bytes` of the input's size on disk). Parquet row
    groups are never split, nor files joined; a compressed JSONL file is one
    partition. Nothing is read here but Parquet footers and the first lines of
    JSONL files (their keys are the columns); the workers read the rest.

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
    and reason.
    """
    dd = _require()
    from fsspec.core import url_to_fs

    source = os.fspath(source)
    if format == "auto":
        format = detect_format(source)
    if format == "tree":
        raise CodepithError("a source tree is read by compress_directory(), not read_dataset()")
    if format not in ("parquet", "jsonl"):
        raise CodepithError(f"unknown input format {format!r}; formats: {', '.join(INPUT_FORMATS)}")
    fs, root = url_to_fs(source, **(storage_options or {}))
    try:
        if not fs.exists(root):
            raise CodepithError(f"{source}: no such file or directory; check INPUT")
        if partition_bytes is None:
            partition_bytes = auto_partition_bytes(int(fs.du(root)))
        if format == "parquet":
            return _read_parquet(dd, fs, root, partition_bytes)
        return _read_jsonl(dd, fs, root, partition_bytes)
    except OSError as exc:
        raise CodepithError(f"{source}: cannot be read ({_cause(exc)}); check INPUT") from None


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
    df = pd.DataFrame({
        # names that are not UTF-8 come as surrogateescape'd text, which only Python-held strings keep
        options.path_column: pd.array(paths, dtype=_TEXT),
        options.content_column: pd.Series(contents, dtype=object),
    })
    out = compress_partition(df, options)
    if any(notes):
        action_col, reason_col = options.column("action"), options.column("reason")
        for i, note in enumerate(notes):
            if note is not None:
                out.loc[out.index[i], action_col] = note[0]
                out.loc[out.index[i], reason_col] = note[1]
    return out


def _tree_chunks(entries: list[tuple], sizes: list[int], partitions: int | None,
                 partition_bytes: int | None) -> list[tuple]:
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
    for entry, size in zip(entries, sizes):
        current.append(entry)
        acc += size
        # in path order; close a chunk when the running total passes its share
        if len(chunks) < partitions - 1 and acc >= per * (len(chunks) + 1) and current:
            chunks.append(tuple(current))
            current = []
    if current or not chunks:
        chunks.append(tuple(current))
    return chunks


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
) -> dd.DataFrame:
    """A compressed Dask DataFrame with one row per entry of source trees.

    The trees are walked here (as ``codepith compress`` walks them: ignore
    rules, ``include``/``exclude`` globs, files over ``max_file_bytes`` not read);
    the workers read the files, so on a cluster the paths must be reachable
    from every worker. Rows are in path order; ``content`` is bytes (text with
    ``text=True``). Entries that are left out (ignored, too large, not a
    regular file) are rows too, with a null content and the walk's action and
    reason. ``partitions`` (a count) or ``partition_bytes`` (default:
    :func:`auto_partition_bytes` of the files' total size) split the rows.
    Other options: as :func:`compress_frame`.
    """
    dd = _require()
    options = FrameOptions(path_column=path_column, content_column=content_column, level=level,
                           tokens=tokens, encoding=encoding, line_refs=line_refs, max_file_bytes=max_file_bytes,
                           text=text, prefix=prefix)
    options.check()
    if isinstance(roots, (str, os.PathLike)):
        roots = [roots]
    roots = [os.fspath(r) for r in roots]
    for root in roots:
        if not os.path.isdir(root):
            raise CodepithError(f"{root}: not a folder")
    if partitions is not None and partitions < 1:
        raise CodepithError(f"--partitions must be at least 1, got {partitions}")
    walk_options = {"include": include, "exclude": exclude, "max_file_bytes": max_file_bytes,
                    "gitignore": gitignore, "skip": tuple(skip)}
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
    chunks = _tree_chunks(entries, sizes, partitions, partition_bytes)
    import pandas as pd

    empty = pd.DataFrame({path_column: pd.array([], dtype=_TEXT),
                          content_column: pd.Series([], dtype=object)})
    meta = compress_partition(empty, options)
    import dask

    # contents are bytes: Dask must not turn that object column into strings
    with dask.config.set({"dataframe.convert-string": False}):
        return dd.from_map(_read_tree_partition, chunks, options=options, meta=meta,
                           label="codepith-tree", enforce_metadata=False)


# --------------------------------------------------------------------------- output

#: actions of rows whose input was bad (not text, not valid Unicode, not JSON,
#: not readable): the summary names them, and so does the command on stderr
PROBLEM_ACTIONS = ("skipped:bad-json", "skipped:invalid-text", "skipped:not-text", "skipped:unreadable",
                   "skipped:not-a-file")
#: how many such rows a summary names (all are counted in ``actions``)
MAX_NAMED_PROBLEMS = 50


@dataclass
class DatasetSummary:
    """Counts over every row written, and what could not be.

    ``problems`` names (up to :data:`MAX_NAMED_PROBLEMS`) the rows whose input
    was bad, as ``(path, action, reason)`` (``path`` is None for a JSONL line
    that is not a record); ``failed`` holds one message per partition that
    could not be read (an unreadable Parquet file), whose rows are not in the
    output.
    """

    rows: int = 0
    partitions: int = 0
    bytes_in: int = 0
    bytes_out: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    actions: Counter = field(default_factory=Counter)
    languages: dict[str, dict[str, int]] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)
    problems: list[tuple[str | None, str, str]] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def add(self, part: dict) -> None:
        self.partitions += 1
        self.rows += part["rows"]
        for key in ("bytes_in", "bytes_out", "tokens_in", "tokens_out"):
            setattr(self, key, getattr(self, key) + part[key])
        self.actions.update(part["actions"])
        for lang, counts in part["languages"].items():
            mine = self.languages.setdefault(lang, Counter())
            mine.update(counts)
        self.files.append(part["file"])
        room = MAX_NAMED_PROBLEMS - len(self.problems)
        self.problems.extend(tuple(p) for p in part.get("problems", ())[:max(0, room)])

    @property
    def problem_rows(self) -> int:
        """Rows whose input was bad (named or not in ``problems``)."""
        return sum(self.actions.get(a, 0) for a in PROBLEM_ACTIONS)


def _stats(df: pd.DataFrame, prefix: str, file: str, path_column: str | None = None) -> dict:
    def total(name: str) -> int:
        return int(df[prefix + name].fillna(0).sum())

    languages: dict[str, dict[str, int]] = {}
    lang_col = df[prefix + "language"].fillna("other")
    for lang, group in df.groupby(lang_col, sort=True):
        languages[str(lang)] = {
            "rows": len(group),
            **{k: int(group[prefix + k].fillna(0).sum())
               for k in ("bytes_in", "bytes_out", "tokens_in", "tokens_out")},
        }
    actions = df[prefix + "action"].tolist()
    problems = []
    bad = [i for i, a in enumerate(actions) if a in PROBLEM_ACTIONS][:MAX_NAMED_PROBLEMS]
    if bad:
        paths = df[path_column].tolist() if path_column in df.columns else [None] * len(df)
        reasons = df[prefix + "reason"].tolist()
        for i in bad:
            path = paths[i] if isinstance(paths[i], str) else None
            reason = reasons[i] if isinstance(reasons[i], str) else ""
            problems.append((None if path is None else _shown(path), actions[i], reason))
    return {
        "rows": len(df), "file": file,
        "bytes_in": total("bytes_in"), "bytes_out": total("bytes_out"),
        "tokens_in": total("tokens_in"), "tokens_out": total("tokens_out"),
        "actions": dict(Counter(actions)),
        "languages": languages,
        "problems": problems,
    }


def _json_value(value: Any) -> Any:
    if _is_null(value):
        return None
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).decode("utf-8", "replace")
    item = getattr(value, "item", None)  # numpy scalars
    if item is not None and not isinstance(value, (str, int, float, bool)):
        try:
            return item()
        except (TypeError, ValueError):
            pass
    if isinstance(value, float) and math.isinf(value):
        return None
    if hasattr(value, "tolist") and not isinstance(value, (str, bytes)):
        return value.tolist()
    return value


def _json_line(record: dict) -> bytes:
    """One JSONL line. Text that is not valid Unicode (a lone surrogate) is
    written as JSON ``\\uXXXX`` escapes, which read back to the same text."""
    try:
        return json.dumps(record, ensure_ascii=False, default=str).encode("utf-8") + b"\n"
    except UnicodeEncodeError:
        return json.dumps(record, ensure_ascii=True, default=str).encode("ascii") + b"\n"


def _as_arrow_text(value: Any, column: str) -> tuple[Any, str | None]:
    """(value fit for an Arrow string column, note on what changed or None)."""
    if _is_null(value):
        return None, None
    if isinstance(value, str):
        if _invalid_text(value) is None:
            return value, None
        shown = f"{column} {_escaped(value)}" if len(value) <= 200 else column
        return _SURROGATE.sub("\ufffd", value), f"U+FFFD in place of lone surrogates: {shown}"
    if isinstance(value, (bytes, bytearray, memoryview)):
        text, exact = _as_text(bytes(value))
        return text, None if exact else f"U+FFFD in place of bytes that are not UTF-8: {column}"
    try:
        text = json.dumps(_json_value(value), ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        text = str(value)
    return _SURROGATE.sub("\ufffd", text), f"{column} holds {_json_kind(value)}, written as its JSON text"


def _as_arrow_bytes(value: Any, column: str) -> tuple[Any, str | None]:
    if _is_null(value) or isinstance(value, (bytes, bytearray, memoryview)):
        return (None if _is_null(value) else bytes(value)), None
    text, note = _as_arrow_text(value, column)
    return text.encode("utf-8"), note


def _arrow_safe(df: pd.DataFrame, types: dict, reason_col: str) -> pd.DataFrame:
    """``df`` with the values Arrow cannot write as they are (text that is not
    valid Unicode, JSON values of mixed types) made writable; each changed row
    says what changed in its reason."""
    import pandas as pd
    import pyarrow as pa

    out = df.copy(deep=False)
    notes: list[list[str]] = [[] for _ in range(len(df))]
    for name in df.columns:
        if name == reason_col or not (df[name].dtype == object or _is_string_dtype(df[name].dtype)):
            continue
        target = types.get(name)
        try:
            pa.array(df[name], type=target, from_pandas=True)
            continue
        except (pa.ArrowException, UnicodeError, TypeError, ValueError, OverflowError):
            pass
        values = df[name].tolist()
        if target is None:
            target = pa.large_binary() if any(isinstance(v, bytes) for v in values) and not any(
                isinstance(v, str) for v in values) else pa.large_string()
        convert = _as_arrow_bytes if pa.types.is_binary(target) or pa.types.is_large_binary(target) else _as_arrow_text
        fixed = []
        for i, value in enumerate(values):
            value, note = convert(value, _shown(str(name)))
            fixed.append(value)
            if note is not None:
                notes[i].append(note)
        out[name] = pd.Series(fixed, dtype=object, index=df.index)
    if any(notes) and reason_col in out.columns:
        reasons = out[reason_col].tolist()
        out[reason_col] = pd.array(
            [_join(r if isinstance(r, str) else None, "Parquet: " + "; ".join(n)) if n else r
             for r, n in zip(reasons, notes)], dtype="string")
    return out


def _arrow_table(df: pd.DataFrame, types: dict[str, Any], reason_col: str = "reason"):
    """``df`` as an Arrow table whose codepith columns have the same types in
    every partition (a partition whose column is all null would get the null
    type). Values Arrow cannot hold as they are go through :func:`_arrow_safe`."""
    import pyarrow as pa

    def build(frame):
        table = pa.Table.from_pandas(frame, preserve_index=False)
        for name, typ in types.items():
            i = table.schema.get_field_index(name)
            if i >= 0 and table.schema.field(i).type != typ:
                table = table.set_column(i, pa.field(name, typ), table.column(i).cast(typ))
        return table

    try:
        return build(df)
    except (pa.ArrowException, UnicodeError, TypeError, ValueError, OverflowError):
        return build(_arrow_safe(df, types, reason_col))


class _WriteFailed(CodepithError):
    """OUTPUT could not be written: the run stops (every partition would fail the same way)."""


def _write_partition(df: pd.DataFrame, fs, path: str, fmt: str, types: dict, prefix: str,
                     path_column: str | None = None) -> dict:
    """Write one part file under a hidden temporary name, then rename it: a
    part file is whole or absent, never partial."""
    if fmt == "parquet":
        import pyarrow.parquet as pq

        table = _arrow_table(df, types, prefix + "reason")

        def dump(f):
            pq.write_table(table, f)
    else:
        columns = [str(c) for c in df.columns]
        lines = [_json_line({c: _json_value(v) for c, v in zip(columns, values)})
                 for values in zip(*(df[c].tolist() for c in df.columns))]

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
        raise _WriteFailed(f"{_shown(path)}: cannot be written ({_cause(exc)}); check OUTPUT "
                           "(free space, permissions) or choose another folder") from None
    except BaseException:
        _remove_quietly(fs, tmp)
        raise
    return stats


def _remove_quietly(fs, path: str) -> None:
    try:
        fs.rm(path)
    except (OSError, ValueError):
        pass


def _arrow_types(meta: pd.DataFrame, prefix: str, content_column: str | None) -> dict:
    import pyarrow as pa

    types: dict[str, Any] = {prefix + c: pa.large_string() for c in _STRING_COLUMNS}
    types.update({prefix + c: pa.int64() for c in _INT_COLUMNS})
    types[prefix + "valid"] = pa.bool_()
    compressed = prefix + "compressed"
    binary = meta[compressed].dtype == object
    types[compressed] = pa.large_binary() if binary else pa.large_string()
    # the content column takes compressed's type when it holds text or bytes (not numbers, …)
    if content_column is not None and content_column in meta.columns and (
            meta[content_column].dtype == object or _is_string_dtype(meta[content_column].dtype)):
        types[content_column] = types[compressed]
    return types


def _is_part(name: str) -> bool:
    """A part file of a run, or one's temporary name."""
    base = posixpath.basename(name.rstrip("/"))
    return (base.startswith("part.") and base.endswith((".parquet", ".jsonl"))) or (
        base.startswith(".part.") and base.endswith(".tmp"))


def check_output(output: str | os.PathLike, *, overwrite: bool = False,
                 storage_options: dict | None = None) -> None:
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
        raise CodepithError(f"{output}: cannot be used as OUTPUT ({_cause(exc)}); check its permissions "
                            "or choose another folder") from None


def _prepare_output(fs, root: str, output: str, overwrite: bool, storage_options: dict | None) -> None:
    check_output(output, overwrite=overwrite, storage_options=storage_options)
    try:
        if fs.exists(root):
            for name in fs.ls(root, detail=False):
                if _is_part(name):
                    fs.rm(name)
        fs.makedirs(root, exist_ok=True)
    except OSError as exc:
        raise CodepithError(f"{output}: cannot be used as OUTPUT ({_cause(exc)}); check its permissions "
                            "or choose another folder") from None


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
    import dask
    from fsspec.core import url_to_fs

    if format not in OUTPUT_FORMATS:
        raise CodepithError(f"unknown output format {format!r}; formats: {', '.join(OUTPUT_FORMATS)}")
    prefix_ok = prefix + "action" in frame.columns
    if not prefix_ok:
        raise CodepithError("write_dataset() writes a frame from compress_frame() or compress_directory() "
                            f"(no {prefix + 'action'!r} column; pass prefix=… when one was used)")
    output = os.fspath(output)
    fs, root = url_to_fs(output, **(storage_options or {}))
    ext = "parquet" if format == "parquet" else "jsonl"
    created = not fs.exists(root)
    _prepare_output(fs, root, output, overwrite, storage_options)
    types = _arrow_types(frame._meta, prefix, content_column)
    parts = frame.to_delayed()
    width = max(5, len(str(len(parts) - 1)))
    names = [posixpath.join(root, f"part.{i:0{width}d}.{ext}") for i in range(len(parts))]
    write = dask.delayed(_write_partition, pure=False)
    tasks = [
        write(part, fs, names[i], format, types, prefix, path_column,
              dask_key_name=f"codepith-write-{i}-{dask.base.tokenize(output, i)}")
        for i, part in enumerate(parts)
    ]
    summary = DatasetSummary()

    def done(index: int, stats: dict | None, exc: BaseException | None) -> None:
        if exc is None:
            summary.add(stats)
            if on_partition is not None:
                on_partition(stats)
            return
        if isinstance(exc, _WriteFailed):
            raise exc
        summary.failed.append(_partition_failed(exc, index))

    try:
        _run(tasks, client, done)
    except BaseException:
        for name in names:  # a run that stops leaves no part file behind
            _remove_quietly(fs, name)
        if created:
            try:
                fs.rmdir(root)
            except (OSError, ValueError):
                pass
        raise
    summary.files.sort()
    return summary


def _run(tasks: list, client: Any, done: Callable) -> None:
    """Compute ``tasks`` and call ``done(index, result, exception)`` for each as it ends."""
    if client is None:
        try:
            from distributed import get_client

            client = get_client()
        except (ImportError, ValueError):
            client = None
    if client is None:  # Dask's local scheduler: one task at a time per thread, each failing alone
        from concurrent.futures import ThreadPoolExecutor, as_completed

        pool = ThreadPoolExecutor(max_workers=os.cpu_count() or 1)
        try:
            futures = {pool.submit(task.compute, scheduler="sync"): i for i, task in enumerate(tasks)}
            for future in as_completed(futures):
                exc = future.exception()
                done(futures[future], None if exc else future.result(), exc)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        return
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


# --------------------------------------------------------------------------- clusters


class local_client:
    """A context manager: a ``distributed.Client`` on ``scheduler`` (an address
    such as ``tcp://host:8786``), or on a new local cluster of ``workers``
    processes (default: one per core), each with one thread, closed on exit."""

    def __init__(self, scheduler: str | None = None, *, workers: int | None = None) -> None:
        self.scheduler = scheduler
        self.workers = workers
        self.cluster = None
        self.client = None

    def __enter__(self):
        _require()
        from distributed import Client, LocalCluster

        if self.scheduler:
            try:
                self.client = Client(self.scheduler, timeout="30s")
            except OSError as exc:
                raise CodepithError(
                    f"cannot reach the Dask scheduler at {self.scheduler} ({exc}); check --scheduler"
                ) from None
            return self.client
        workers = self.workers or os.cpu_count() or 1
        if workers < 1:
            raise CodepithError(f"--workers must be at least 1, got {workers}")
        # codepith's work holds the GIL: one process per core, one thread each
        self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                    dashboard_address=":0")
        self.client = Client(self.cluster)
        _quiet_unreadable_input(self.client)
        return self.client

    def __exit__(self, *exc) -> None:
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def _drop_unreadable_input(record) -> bool:
    """A logging filter: False for a worker's "Compute Failed" record (with
    its traceback) about input that cannot be read, which the run's summary
    reports in one line."""
    return not (str(record.msg).startswith("Compute Failed") and "UnreadableInput" in str(record.args))


def _quiet_unreadable_input(client) -> None:
    """On the workers of a cluster codepith started (their log is the
    command's stderr), leave out the log records of unreadable input."""
    from distributed.diagnostics.plugin import WorkerPlugin

    class QuietUnreadableInput(WorkerPlugin):
        name = "codepith-quiet-unreadable-input"

        def setup(self, worker) -> None:
            import logging

            logging.getLogger("distributed.worker").addFilter(_drop_unreadable_input)

    client.register_plugin(QuietUnreadableInput())
