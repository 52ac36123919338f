"""Values as the output formats hold them: a JSONL line of a row, and an
Arrow table of a partition whose codepith columns have the same types in every
partition; what Arrow cannot hold as it is (text that is not valid Unicode,
JSON values of mixed types) is made writable and the row's reason says so."""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any

from .common import _SURROGATE, _as_text, _escaped, _invalid_text, _is_null, _is_string_dtype, _join, _json_kind, _shown
from .rows import _INT_COLUMNS, _STRING_COLUMNS

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd


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
            target = (
                pa.large_binary()
                if any(isinstance(v, bytes) for v in values) and not any(isinstance(v, str) for v in values)
                else pa.large_string()
            )
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
            [
                _join(r if isinstance(r, str) else None, "Parquet: " + "; ".join(n)) if n else r
                for r, n in zip(reasons, notes, strict=False)
            ],
            dtype="string",
        )
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


def _arrow_types(meta: pd.DataFrame, prefix: str, content_column: str | None) -> dict:
    import pyarrow as pa

    types: dict[str, Any] = {prefix + c: pa.large_string() for c in _STRING_COLUMNS}
    types.update({prefix + c: pa.int64() for c in _INT_COLUMNS})
    types[prefix + "valid"] = pa.bool_()
    compressed = prefix + "compressed"
    binary = meta[compressed].dtype == object
    types[compressed] = pa.large_binary() if binary else pa.large_string()
    # the content column takes compressed's type when it holds text or bytes (not numbers, …)
    if (
        content_column is not None
        and content_column in meta.columns
        and (meta[content_column].dtype == object or _is_string_dtype(meta[content_column].dtype))
    ):
        types[content_column] = types[compressed]
    return types
