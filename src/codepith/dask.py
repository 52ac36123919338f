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
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .bulk import BulkOptions, process_bytes
from .compress import LEVELS
from .discover import DEFAULT_MAX_FILE_BYTES, Candidate, Excluded, walk
from .errors import CodepithError
from .languages import detect_language
from .tokens import DEFAULT_ENCODING, ENCODINGS, get_encoding

if TYPE_CHECKING:  # pragma: no cover
    import dask.dataframe as dd
    import pandas as pd

__all__ = [
    "INPUT_FORMATS",
    "INSTALL_HINT",
    "MAX_PARTITION_BYTES",
    "MIN_PARTITION_BYTES",
    "OUTPUT_FORMATS",
    "RESULT_COLUMNS",
    "DatasetSummary",
    "FrameOptions",
    "auto_partition_bytes",
    "check_columns",
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


def _row(path: Any, content: Any, bulk: BulkOptions, options: FrameOptions) -> tuple:
    """(content, language, compressed, action, reason, bytes_in, bytes_out,
    tokens_in, tokens_out, elisions, valid) for one row."""
    name = path if isinstance(path, str) else ""
    language = detect_language(name) if name else None
    if _is_null(content):
        return (None, language, None, "skipped:no-content", "the content is null",
                None, None, None, None, 0, None)
    if isinstance(content, str):
        data = content.encode("utf-8", "surrogateescape")
        is_text = True
    elif isinstance(content, (bytes, bytearray, memoryview)):
        data = bytes(content)
        is_text = False
    else:
        return (content, language, None, "skipped:not-text",
                f"the content is a {type(content).__name__}, not text or bytes",
                None, None, None, None, 0, None)

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
        compressed: Any = out.decode("utf-8", "surrogateescape")
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
    bytes, unless ``options.text`` (JSONL output) asks for text.
    """
    import pandas as pd

    bulk = options.bulk()
    paths = df[options.path_column].tolist()
    contents = df[options.content_column].tolist()
    rows = [_row(p, c, bulk, options) for p, c in zip(paths, contents)]
    columns = list(zip(*rows)) if rows else [()] * 11
    out = df.copy(deep=False)
    content_dtype = df[options.content_column].dtype
    text_out = options.text or _is_string_dtype(content_dtype)
    if options.text and not _is_string_dtype(content_dtype):
        out[options.content_column] = pd.array(list(columns[0]), dtype="string")
    index = df.index
    new = {
        "language": pd.array(list(columns[1]), dtype="string"),
        "level": pd.array([options.level] * len(rows), dtype="string"),
        "compressed": (pd.array(list(columns[2]), dtype="string") if text_out
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
    listed = ", ".join(map(str, columns)) or "none"
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
      ``max_file_bytes``, ``skipped:no-content``, ``skipped:not-text``) and
      ``reason`` (why a row was kept whole or skipped, and parse errors);
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
        raise CodepithError(f"{source}: no such file or directory")
    names = [e.name for e in os.scandir(source) if not e.name.startswith(".")]
    if "_metadata" in names or any(_has_ext(n, _PARQUET_EXTS) for n in names) or any(
        "=" in n and os.path.isdir(os.path.join(source, n)) for n in names
    ):
        return "parquet"
    if any(_has_ext(n, _JSONL_EXTS) for n in names):
        return "jsonl"
    return "tree"


def _jsonl_paths(source: str) -> list[str]:
    if os.path.isdir(source):
        paths = sorted(
            os.path.join(source, e.name) for e in os.scandir(source)
            if e.is_file() and not e.name.startswith(".") and _has_ext(e.name, _JSONL_EXTS)
        )
        if not paths:
            raise CodepithError(f"{source}: no JSONL files (.jsonl, .ndjson, .json) in this folder")
        return paths
    return [source]


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
    groups are never split; a compressed JSONL file is one partition. Nothing
    is read here but metadata and a sample; the workers read the rest.
    """
    dd = _require()
    from fsspec.core import url_to_fs

    source = os.fspath(source)
    if format == "auto":
        format = detect_format(source)
    if partition_bytes is None:
        fs, root = url_to_fs(source, **(storage_options or {}))
        partition_bytes = auto_partition_bytes(int(fs.du(root)))
    if format == "parquet":
        return dd.read_parquet(source, split_row_groups="adaptive", blocksize=partition_bytes,
                               storage_options=storage_options)
    if format == "jsonl":
        paths = _jsonl_paths(source) if "://" not in source else [source]
        compressed = any(p.lower().endswith(_COMPRESSIONS) for p in paths)
        # the text is data: no column is turned into numbers or dates
        import pandas as pd

        no_dates = {} if int(pd.__version__.split(".")[0]) >= 3 else {
            "convert_dates": False, "keep_default_dates": False}  # pandas 3: dtype=False does it
        return dd.read_json(paths, lines=True, orient="records",
                            blocksize=None if compressed else partition_bytes,
                            storage_options=storage_options, dtype=False, **no_dates)
    if format == "tree":
        raise CodepithError("a source tree is read by compress_directory(), not read_dataset()")
    raise CodepithError(f"unknown input format {format!r}; formats: {', '.join(INPUT_FORMATS)}")


def _tree_entries(roots: Sequence[str], walk_options: dict) -> Iterable[tuple[str, Candidate | Excluded]]:
    multiple = len(roots) > 1
    for root in roots:
        prefix = root.rstrip("/\\") + "/" if multiple else ""
        for entry in walk(root, **walk_options):
            yield prefix + entry.path, entry


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
            with open(abspath, "rb") as f:
                contents.append(f.read())
            notes.append(None)
        except OSError as exc:
            contents.append(None)
            notes.append(("skipped:unreadable", exc.strerror or str(exc)))
    df = pd.DataFrame({
        options.path_column: pd.array(paths, dtype="string"),
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
    for path, entry in _tree_entries(roots, walk_options):
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

    empty = pd.DataFrame({path_column: pd.array([], dtype="string"),
                          content_column: pd.Series([], dtype=object)})
    meta = compress_partition(empty, options)
    import dask

    # contents are bytes: Dask must not turn that object column into strings
    with dask.config.set({"dataframe.convert-string": False}):
        return dd.from_map(_read_tree_partition, chunks, options=options, meta=meta,
                           label="codepith-tree", enforce_metadata=False)


# --------------------------------------------------------------------------- output


@dataclass
class DatasetSummary:
    """Counts over every row written."""

    rows: int = 0
    partitions: int = 0
    bytes_in: int = 0
    bytes_out: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    actions: Counter = field(default_factory=Counter)
    languages: dict[str, dict[str, int]] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)

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


def _stats(df: pd.DataFrame, prefix: str, file: str) -> dict:
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
    return {
        "rows": len(df), "file": file,
        "bytes_in": total("bytes_in"), "bytes_out": total("bytes_out"),
        "tokens_in": total("tokens_in"), "tokens_out": total("tokens_out"),
        "actions": dict(Counter(df[prefix + "action"].tolist())),
        "languages": languages,
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


def _arrow_table(df: pd.DataFrame, types: dict[str, Any]):
    """``df`` as an Arrow table whose codepith columns have the same types in
    every partition (a partition whose column is all null would get the null
    type)."""
    import pyarrow as pa

    table = pa.Table.from_pandas(df, preserve_index=False)
    for name, typ in types.items():
        i = table.schema.get_field_index(name)
        if i >= 0 and table.schema.field(i).type != typ:
            table = table.set_column(i, pa.field(name, typ), table.column(i).cast(typ))
    return table


def _write_partition(df: pd.DataFrame, fs, path: str, fmt: str, types: dict, prefix: str) -> dict:
    if fmt == "parquet":
        import pyarrow.parquet as pq

        with fs.open(path, "wb") as f:
            pq.write_table(_arrow_table(df, types), f)
    else:
        columns = [str(c) for c in df.columns]
        with fs.open(path, "wb") as f:
            for values in zip(*(df[c].tolist() for c in df.columns)):
                record = {c: _json_value(v) for c, v in zip(columns, values)}
                f.write(json.dumps(record, ensure_ascii=False).encode("utf-8") + b"\n")
    return _stats(df, prefix, path)


def _arrow_types(meta: pd.DataFrame, prefix: str, content_column: str | None) -> dict:
    import pyarrow as pa

    types: dict[str, Any] = {prefix + c: pa.large_string() for c in _STRING_COLUMNS}
    types.update({prefix + c: pa.int64() for c in _INT_COLUMNS})
    types[prefix + "valid"] = pa.bool_()
    compressed = prefix + "compressed"
    binary = meta[compressed].dtype == object
    types[compressed] = pa.large_binary() if binary else pa.large_string()
    if content_column is not None and content_column in meta.columns:
        types[content_column] = types[compressed]
    return types


def write_dataset(
    frame: dd.DataFrame,
    output: str | os.PathLike,
    *,
    format: str = "parquet",
    overwrite: bool = False,
    content_column: str | None = "content",
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
    if fs.exists(root):
        if not fs.isdir(root):
            raise CodepithError(f"{output}: exists and is not a folder; OUTPUT is a folder of part files")
        existing = fs.ls(root, detail=False)
        if existing and not overwrite:
            raise CodepithError(f"{output}: the folder is not empty; pass --overwrite to replace its part files")
        for name in existing:
            base = posixpath.basename(name.rstrip("/"))
            if base.startswith("part.") and base.endswith((".parquet", ".jsonl")):
                fs.rm(name)
    fs.makedirs(root, exist_ok=True)
    types = _arrow_types(frame._meta, prefix, content_column)
    parts = frame.to_delayed()
    width = max(5, len(str(len(parts) - 1)))
    write = dask.delayed(_write_partition, pure=False)
    tasks = [
        write(part, fs, posixpath.join(root, f"part.{i:0{width}d}.{ext}"), format, types, prefix,
              dask_key_name=f"codepith-write-{i}-{dask.base.tokenize(output, i)}")
        for i, part in enumerate(parts)
    ]
    summary = DatasetSummary()
    if client is None:
        try:
            from distributed import get_client

            client = get_client()
        except (ImportError, ValueError):
            client = None
    if client is None:
        for stats in dask.compute(*tasks):
            summary.add(stats)
            if on_partition is not None:
                on_partition(stats)
    else:
        from distributed import as_completed

        futures = client.compute(tasks)
        try:
            for future in as_completed(futures):
                stats = future.result()
                summary.add(stats)
                if on_partition is not None:
                    on_partition(stats)
        finally:
            for future in futures:
                future.release()
    summary.files.sort()
    return summary


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
        return self.client

    def __exit__(self, *exc) -> None:
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()
