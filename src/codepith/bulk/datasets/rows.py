"""Rows: the options that decide a row's result columns, one row's verdict
and output, and a pandas partition (:func:`compress_partition`) or a Dask
frame (:func:`compress_frame`) with codepith's columns added."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..._settings import with_settings
from ...core.compress import LEVELS
from ...core.discover import DEFAULT_MAX_FILE_BYTES
from ...core.languages import detect_language
from ...core.literals import Encoding, Level
from ...core.secrets import NO_CHECK_HINT, SECRET_HINT
from ...core.tokens import DEFAULT_ENCODING, check_encoding
from ...core.verdict import failure, too_large
from ...errors import FATAL, InvalidOption
from ..run import BulkOptions, process_bytes
from .common import (
    _TEXT,
    READ_COLUMN,
    _as_text,
    _is_null,
    _is_string_dtype,
    _join,
    _json_kind,
    _require,
    _surrogate_reason,
)

if TYPE_CHECKING:  # pragma: no cover
    import dask.dataframe as dd
    import pandas as pd

#: the columns :func:`compress_frame` adds, in order (after ``prefix``)
RESULT_COLUMNS = (
    "language",
    "level",
    "compressed",
    "action",
    "reason",
    "bytes_in",
    "bytes_out",
    "tokens_in",
    "tokens_out",
    "elisions",
    "valid",
)
_STRING_COLUMNS = ("language", "level", "action", "reason")
_INT_COLUMNS = ("bytes_in", "bytes_out", "tokens_in", "tokens_out", "elisions")
_NOT_UTF8 = "not valid UTF-8: the text shows U+FFFD for its invalid bytes; sizes and tokens count the original bytes"
_SKIPPED = (None, 0, None)  # tokens_out, elisions, valid of a row that is not read as text


@dataclass(frozen=True)
class FrameOptions:
    """What decides the result columns of a row (sent to every worker)."""

    path_column: str = "path"
    content_column: str = "content"
    level: Level = "signatures"
    tokens: bool = True
    encoding: Encoding = DEFAULT_ENCODING
    line_refs: bool = False
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    text: bool = False
    prefix: str = ""
    #: a row whose content holds a secret loses its content (``skipped:secret``)
    security_check: bool = True

    def __post_init__(self) -> None:
        self.check()

    def check(self) -> None:
        """Raise :class:`~codepith.errors.InvalidOption` naming the parameter
        whose value cannot be used (done when the options are made)."""
        if self.level not in LEVELS:
            raise InvalidOption("level", f"unknown level {self.level!r}; levels: {', '.join(LEVELS)}")
        if self.tokens:
            check_encoding(self.encoding)  # raises UnknownEncoding, naming the known ones
        if self.max_file_bytes <= 0:
            raise InvalidOption("max_file_bytes", f"must be positive, got {self.max_file_bytes}")
        if self.path_column == self.content_column:
            raise InvalidOption(
                "content_column", f"the path and the content need two columns; both are {self.content_column!r}"
            )

    def bulk(self) -> BulkOptions:
        return BulkOptions(
            levels=(self.level,),
            tokens=self.tokens,
            encoding=self.encoding,
            line_refs=self.line_refs,
            with_text=False,
            security_check=self.security_check,
        )

    def column(self, name: str) -> str:
        return self.prefix + name


# --------------------------------------------------------------------------- one row


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
    """:func:`_row` for a row whose content was read: its bytes, their verdict
    and output, shown as the content's type (or as text)."""
    if _is_null(content):
        return (None, language, None, "skipped:no-content", "the content is null", None, None, None, *_SKIPPED)
    if isinstance(content, str):
        try:
            data = content.encode("utf-8")
        except UnicodeEncodeError as exc:
            # the text cannot become bytes without a guess: it is kept exactly as it came
            return (
                content,
                language,
                content,
                "skipped:invalid-text",
                _surrogate_reason(content, exc.start),
                None,
                None,
                None,
                *_SKIPPED,
            )
        is_text = True
    elif isinstance(content, (bytes, bytearray, memoryview)):
        data = bytes(content)
        is_text = False
    else:
        return (
            content,
            language,
            None,
            "skipped:not-text",
            f"the content is {_json_kind(content)}, not text or bytes",
            None,
            None,
            None,
            *_SKIPPED,
        )

    out, language, action, reason, *counts = _outcome(name, language, data, bulk, options)
    if action == "skipped:secret":  # neither its content nor any form of it is written
        reason = reason.removesuffix(SECRET_HINT) + NO_CHECK_HINT  # rows have no --allow-secret
        return (None, language, None, action, reason, counts[0], None, None, None, 0, None)
    if is_text:
        compressed: Any = out.decode("utf-8")
    elif options.text:
        content, exact = _as_text(data)
        compressed, _ = _as_text(out)
        if not exact:
            reason = _join(reason, _NOT_UTF8)
    else:
        compressed = out
    return (content, language, compressed, action, reason, *counts)


def _outcome(name: str, language: str | None, data: bytes, bulk: BulkOptions, options: FrameOptions) -> tuple:
    """(output bytes, language, action, reason, bytes_in, bytes_out,
    tokens_in, tokens_out, elisions, valid) of one row's bytes: the verdict
    every face gives a file (core.verdict, through bulk's process_bytes).
    ``valid`` is the compression's own check, or True for a row whose output
    is its input, byte for byte."""
    if len(data) > options.max_file_bytes:
        verdict = too_large(len(data), options.max_file_bytes)
        return (data, language, verdict.action, verdict.reason, len(data), len(data), None, None, 0, True)
    try:
        r = process_bytes(name, data, bulk, keep_data=True)
    except BaseException as exc:  # noqa: BLE001 - a bug, a dependency's panic: keep the row whole, say why
        if isinstance(exc, FATAL):
            raise
        verdict = failure(exc)
        return (data, language, verdict.action, verdict.reason, len(data), len(data), None, None, 0, True)
    if r.data is not None:
        return (
            r.data,
            r.language,
            r.action,
            r.reason,
            r.bytes_in,
            r.bytes_out,
            r.tokens_in,
            r.tokens_out,
            r.elisions,
            r.valid,
        )
    # skipped (binary, generated, minified): the row keeps its content whole
    return (data, r.language, r.action, r.reason, r.bytes_in, len(data), r.tokens_in, r.tokens_in, r.elisions, True)


# --------------------------------------------------------------------------- one partition


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
    rows = [
        _row(p, c, bulk, options, n if isinstance(n, str) else None)
        for p, c, n in zip(paths, contents, notes, strict=False)
    ]
    columns = list(zip(*rows, strict=False)) if rows else [()] * 11
    out = df.copy(deep=False)
    content_dtype = df[options.content_column].dtype
    text_out = options.text or from_jsonl or _is_string_dtype(content_dtype)
    if options.text and not (_is_string_dtype(content_dtype) or pd.api.types.is_numeric_dtype(content_dtype)):
        # bytes shown as text; other values (numbers, …) unchanged
        out[options.content_column] = pd.Series(list(columns[0]), dtype=object, index=df.index)
    secret = pd.Series([a == "skipped:secret" for a in columns[3]], index=df.index, dtype=bool)
    if secret.any():  # a row holding a secret keeps no copy of it, in any column codepith writes
        out[options.content_column] = out[options.content_column].where(~secret, None)
    new = _result_columns(columns, options.level, text_out, df.index)
    for name in RESULT_COLUMNS:
        values = new[name]
        out[options.column(name)] = values if isinstance(values, pd.Series) else pd.Series(values, index=df.index)
    return out


def _result_columns(columns: list, level: str, text_out: bool, index) -> dict[str, Any]:
    """codepith's columns, by name, from the rows' values (``columns[1:]``),
    each of the type it has in every partition."""
    import pandas as pd

    new = {
        "language": pd.array(list(columns[1]), dtype="string"),
        "level": pd.array([level] * len(columns[1]), dtype="string"),
        # Python-held strings: text that is not valid Unicode is kept as it came (see _arrow_table)
        "compressed": (
            pd.array(list(columns[2]), dtype=_TEXT)
            if text_out
            else pd.Series(list(columns[2]), dtype=object, index=index)
        ),
        "action": pd.array(list(columns[3]), dtype="string"),
        "reason": pd.array(list(columns[4]), dtype="string"),
    }
    for i, name in enumerate(RESULT_COLUMNS[5:-1], start=5):
        new[name] = pd.array(list(columns[i]), dtype="Int64")
    new["valid"] = pd.array(list(columns[10]), dtype="boolean")
    return new


# --------------------------------------------------------------------------- frames


def check_columns(columns: Sequence[str], options: FrameOptions, what: str = "the frame") -> None:
    """Raise :class:`~codepith.errors.InvalidOption` naming the parameter to
    set when ``columns`` lack the path or content column (``path_column``,
    ``content_column``), or already hold a result column (``prefix``)."""
    listed = ", ".join(str(c) for c in columns if c != READ_COLUMN) or "none"
    for col, parameter in ((options.path_column, "path_column"), (options.content_column, "content_column")):
        if col not in columns:
            raise InvalidOption(
                parameter,
                f"{what} has no column {col!r} (its columns: {listed}); name the column that "
                f"holds the {parameter.split('_')[0]}",
            )
    clash = [options.column(c) for c in RESULT_COLUMNS if options.column(c) in columns]
    if clash:
        raise InvalidOption(
            "prefix",
            f"{what} already has column(s) {', '.join(map(repr, clash))}, which codepith writes; "
            "give codepith's columns a prefix",
        )


def compress_frame(ddf: dd.DataFrame, options: FrameOptions | None = None, **settings: Any) -> dd.DataFrame:
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
      was kept whole or skipped, and parse errors); ``skipped:secret``: the
      content holds a credential (unless ``security_check`` is off), and the
      row's ``content`` and ``compressed`` are null, its reason naming the
      finding's kind and line, never its value;
    - ``bytes_in``, ``bytes_out``, ``tokens_in``, ``tokens_out`` (exact, of
      ``encoding``; null with ``tokens=False``), ``elisions``, ``valid``.

    ``text=True`` makes ``content`` and ``compressed`` text even when the
    content is bytes (for JSONL): bytes that are not UTF-8 show as U+FFFD and
    the row's ``reason`` says so; sizes and tokens still count the original
    bytes. ``options`` (a :class:`FrameOptions`) holds these settings, or
    ``settings`` names them (``compress_frame(ddf, text=True)``). A bad
    argument raises :class:`~codepith.errors.InvalidOption`.
    """
    _require()
    options = with_settings(FrameOptions, options, settings, "compress_frame")
    check_columns(list(ddf.columns), options)
    meta = compress_partition(ddf._meta, options)
    return ddf.map_partitions(compress_partition, options, meta=meta)
