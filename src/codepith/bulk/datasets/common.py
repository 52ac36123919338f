"""What every part of the Dask layer shares: the optional dependencies, the
column :func:`~codepith.bulk.datasets.read_dataset` adds, and how values are
told apart and shown (null, text or bytes, valid Unicode or not)."""

from __future__ import annotations

import importlib
import math
import re
from typing import Any

from ...errors import CodepithError

INSTALL_HINT = 'pip install "codepith[dask]"'
#: the column :func:`read_dataset` adds to a JSONL frame: null, or what went
#: wrong reading that line (``ACTION\tREASON``, or ``\tNOTE``); compress_frame
#: turns it into the row's action and reason and leaves it out
READ_COLUMN = "_codepith_read"
#: pandas strings held as Python objects: they keep text that is not valid Unicode as it came
_TEXT = "string[python]"
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def _require():
    """``dask.dataframe``, or a CodepithError that says how to install it."""
    try:
        import dask.dataframe as dd

        for name in ("distributed", "pyarrow"):
            importlib.import_module(name)
    except ImportError as exc:
        missing = (exc.name or "dask").split(".")[0]
        raise CodepithError(
            f"datasets on Dask need dask[dataframe,distributed] and pyarrow, and {missing} "
            f"is not installed: {INSTALL_HINT}"
        ) from None
    return dd


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


def _is_string_dtype(dtype) -> bool:
    import pandas as pd

    if isinstance(dtype, pd.StringDtype):
        return True
    if isinstance(dtype, pd.ArrowDtype):
        import pyarrow as pa

        return pa.types.is_string(dtype.pyarrow_dtype) or pa.types.is_large_string(dtype.pyarrow_dtype)
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
    for types, json_name in ((bool, "boolean"), ((int, float), "number"), ((list, tuple), "array"), (dict, "object")):
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


def _cause(exc: BaseException) -> str:
    """``exc`` in one line: its type and the first line of its message."""
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__
