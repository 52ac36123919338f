"""JSONL input: every line read with Python's json, one at a time; a line that
cannot be read is a row saying so (in the column ``READ_COLUMN``)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ...errors import CodepithError
from .common import READ_COLUMN, _cause, _json_kind, _shown
from .sources import _JSONL_EXTS, UnknownInputFormat, _has_ext, _open_input, _regular_files

if TYPE_CHECKING:  # pragma: no cover
    import dask.dataframe as dd
    import pandas as pd

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
        note = (
            f"not UTF-8 (the byte 0x{body[exc.start]:02X} at byte {exc.start + 1} of the line); "
            "such bytes are read as lone surrogates U+DC80-U+DCFF"
        )
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
                        notes.append(
                            f"key(s) {', '.join(_shown(repr(k)) for k in extra)} not among the "
                            "dataset's columns (taken from its first lines): left out"
                        )
                    self.add(record, f"\t{where} line {self.line_number(index)}: {'; '.join(notes)}" if notes else None)
        except Exception as exc:  # noqa: BLE001 - what cannot be read is a row that says so; the rest goes on
            after = f" after line {self.line_number(index)}" if index >= 0 else ""
            self.add(
                None,
                f"skipped:unreadable\t{where}: cannot be read{after} ({_cause(exc)}); "
                "the rest of its lines are not in the output",
            )

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
        raise UnknownInputFormat(
            f"{source}: no JSON object in the first lines of its files (is it JSON Lines, one JSON object a line?)"
        )
    blocks: list[tuple[str, int, int | None]] = []
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
        return dd.from_map(
            _read_jsonl_block, blocks, fs=fs, keys=columns, meta=meta, label="codepith-jsonl", enforce_metadata=False
        )
