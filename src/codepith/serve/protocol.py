"""The wire of ``codepith serve``: JSON Lines, one request or response a line.

A line is read as UTF-8 JSON (:func:`parse_line`): an object with an ``id``
(a string or a finite number, echoed back as it came), an ``op`` and the
op's fields (:data:`FIELDS`), each of a declared type and, for a closed set,
one of its values. Anything else is a :class:`RequestError` whose
:attr:`~RequestError.code` is one of :data:`ERROR_CODES`; it becomes one
error response (:func:`error_response`) and costs only its own line.
Responses are written by :func:`encode`: one JSON object, one line, UTF-8.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core.literals import ENCODINGS, FORMATS, LEVELS, MODES, PACK_FORMATS

__all__ = [
    "PROTOCOL",
    "OPS",
    "ERROR_CODES",
    "FIELDS",
    "Request",
    "RequestError",
    "parse_line",
    "error_response",
    "encode",
]

#: the protocol's version: a change a client could notice gets a new one
PROTOCOL = "1"

#: what a client can fix, and what it cannot (see docs/serve.md)
ERROR_CODES = {
    "line-too-long": "the line is longer than the server's --max-line-bytes",
    "invalid-utf8": "the line is not UTF-8",
    "invalid-json": "the line is not one JSON value (or nests deeper than 64 levels)",
    "not-an-object": "the line is JSON but not an object",
    "invalid-id": "the id is missing, or not a string or a finite number",
    "unknown-op": "the op is missing or not one of hello's ops",
    "invalid-request": "a field is missing, unknown, of the wrong type or value",
    "outside-root": "a path leaves the server's --root",
    "not-found": "no file or folder at the path",
    "unreadable": "the path cannot be read (not a regular file, no permission)",
    "timeout": "the request ran past its time limit; its worker was stopped",
    "worker-died": "the worker process died while on the request",
    "failed": "the library refused the request (a pack that stopped, say)",
    "internal": "a bug in codepith",
}

#: the longest string an id may be, in characters
MAX_ID_CHARS = 1024


@dataclass(frozen=True)
class Field:
    """One field of a request: its JSON type, whether it must be given, and
    for a closed set the values it may take."""

    kind: str  # string | integer | boolean | strings | integer-or-null
    required: bool = False
    choices: tuple[str, ...] = ()


_LEVEL = Field("string", choices=LEVELS)
_ENCODING = Field("string", choices=ENCODINGS)

#: op -> {field: Field}; ``id`` and ``op`` are every request's
FIELDS: dict[str, dict[str, Field]] = {
    "hello": {},
    "version": {},
    "compress": {
        "path": Field("string", required=True),
        "text": Field("string"),
        "level": _LEVEL,
        "encoding": _ENCODING,
        "language": Field("string"),
        "line_refs": Field("boolean"),
    },
    "count": {"text": Field("string", required=True), "encoding": _ENCODING},
    "compress_tree": {
        "path": Field("string"),
        "level": _LEVEL,
        "encoding": _ENCODING,
        "format": Field("string", choices=FORMATS),
        "texts": Field("boolean"),
    },
    "map": {
        "path": Field("string"),
        "tokens": Field("integer", required=True),
        "focus": Field("strings"),
        "mentions": Field("strings"),
        "encoding": _ENCODING,
    },
    "pack": {
        "mode": Field("string", required=True, choices=MODES),
        "required": Field("strings"),
        "paths": Field("strings"),
        "byte_budget": Field("integer-or-null"),
        "token_budget": Field("integer-or-null"),
        "deps": Field("boolean"),
        "deps_level": _LEVEL,
        "encoding": _ENCODING,
        "format": Field("string", choices=PACK_FORMATS),
    },
    "shutdown": {},
}

#: every op, in the order ``hello`` lists them
OPS = tuple(FIELDS)


class RequestError(Exception):
    """A request that is not answered: ``code`` (one of :data:`ERROR_CODES`)
    and a one-line ``message`` (what: cause; fix)."""

    def __init__(self, code: str, message: str) -> None:
        assert code in ERROR_CODES, code
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Request:
    """A request that passed every check: its ``id``, ``op``, the fields it
    gave (``params``), its line number and its size in bytes."""

    id: str | int | float
    op: str
    params: dict[str, Any]
    line: int
    size: int


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _valid_id(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, str):
        return len(value) <= MAX_ID_CHARS
    if isinstance(value, int):
        return True
    return isinstance(value, float) and math.isfinite(value)


#: the deepest nesting of arrays and objects a request line may hold (a request is a flat
#: object: its deepest field is a list of strings)
MAX_JSON_DEPTH = 64


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether ``value`` nests arrays and objects more than ``limit`` deep (iterative:
    linear in the containers, whatever the depth)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children: Iterable[Any]
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def parse_line(line: bytes, number: int) -> tuple[Request | None, dict | None]:
    """(the request, None), or (None, the error response) for one line
    (without its newline); ``number`` counts lines from 1."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, error_response(
            None,
            "invalid-utf8",
            f"line {number}: not UTF-8 (byte {exc.start} is 0x{line[exc.start]:02x}); "
            "send UTF-8, with a byte that is not UTF-8 in a string as a \\udcXX escape",
            number,
        )
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        return None, error_response(
            None, "invalid-json", f"line {number}: JSON nested too deep; send a flat request object", number
        )
    except ValueError as exc:
        return None, error_response(
            None, "invalid-json", f"line {number}: not JSON ({exc}); send one JSON object per line", number
        )
    if _deeper_than(value, MAX_JSON_DEPTH):  # (the same answer whatever the Python's own recursion limit)
        return None, error_response(
            None,
            "invalid-json",
            f"line {number}: JSON nested deeper than {MAX_JSON_DEPTH} levels; send a flat request object",
            number,
        )
    if not isinstance(value, dict):
        return None, error_response(
            None,
            "not-an-object",
            f"line {number}: a JSON {_json_type(value)}, not an object; send an object with id and op",
            number,
        )
    rid: Any = value.get("id")
    if "id" not in value or not _valid_id(rid):
        shown = "missing" if "id" not in value else f"a {_json_type(rid)}"
        return None, error_response(
            None,
            "invalid-id",
            f"line {number}: the id is {shown}; give an id that is a string (at most {MAX_ID_CHARS} "
            "characters) or a finite number",
            number,
        )
    try:
        op, params = _check_fields(value)
    except RequestError as exc:
        return None, error_response(rid, exc.code, exc.message, number)
    return Request(rid, op, params, number, len(line)), None


def _check_fields(value: dict) -> tuple[str, dict[str, Any]]:
    op = value.get("op")
    if not isinstance(op, str) or op not in FIELDS:
        shown = "missing" if op is None else json.dumps(op)[:80]
        raise RequestError("unknown-op", f"op {shown}: not an op of protocol {PROTOCOL}; ops: {', '.join(OPS)}")
    fields = FIELDS[op]
    params = {k: v for k, v in value.items() if k not in ("id", "op")}
    for name in params:
        if name not in fields:
            known = ", ".join(fields) or "none"
            raise RequestError("invalid-request", f"{op}: unknown field {json.dumps(name)[:80]}; its fields: {known}")
    for name, spec in fields.items():
        if name not in params:
            if spec.required:
                raise RequestError("invalid-request", f"{op}: field {name!r} is missing; give it ({_kind(spec)})")
            continue
        _check_value(op, name, spec, params[name])
    return op, params


def _check_value(op: str, name: str, spec: Field, value: Any) -> None:
    ok = {
        "string": isinstance(value, str),
        "boolean": isinstance(value, bool),
        "integer": isinstance(value, int) and not isinstance(value, bool),
        "integer-or-null": value is None or (isinstance(value, int) and not isinstance(value, bool)),
        "strings": isinstance(value, list) and all(isinstance(v, str) for v in value),
    }[spec.kind]
    if not ok:
        raise RequestError("invalid-request", f"{op}: field {name!r} is a {_json_type(value)}; give {_kind(spec)}")
    if spec.choices and value not in spec.choices:
        raise RequestError(
            "invalid-request",
            f"{op}: field {name!r} is {json.dumps(value)[:80]}; give one of: {', '.join(spec.choices)}",
        )


def _kind(spec: Field) -> str:
    return {
        "string": "a string",
        "boolean": "true or false",
        "integer": "a whole number",
        "integer-or-null": "a whole number or null",
        "strings": "a list of strings",
    }[spec.kind]


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def error_response(rid: Any, code: str, message: str, line: int | None = None) -> dict:
    """The response to a request that is not answered (``rid`` None when the
    line has no usable id; ``line`` the request's line number)."""
    assert code in ERROR_CODES, code
    error: dict[str, Any] = {"code": code, "message": " ".join(message.split("\n"))}
    if line is not None:
        error["line"] = line
    return {"id": rid, "error": error}


def encode(response: dict) -> bytes:
    """One response as one line of UTF-8 JSON. A string UTF-8 cannot hold (a
    lone surrogate, as an id may carry) is written as a ``\\uXXXX`` escape."""
    try:
        text = json.dumps(response, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        return text.encode("utf-8") + b"\n"
    except UnicodeEncodeError:
        return json.dumps(response, ensure_ascii=True, separators=(",", ":"), allow_nan=False).encode("ascii") + b"\n"
