"""What a bulk run says about each file: :class:`FileResult` (and its
:class:`LevelResult` per level), the :class:`BulkOptions` that decide it, and
the plain rows the results cache stores them as."""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass, field, fields

from .. import _version
from .._version import __version__
from ..core.languages import grammar_versions, rules_digest
from ..core.literals import Encoding, Level
from ..core.secrets import SecurityCheck
from ..core.tokens import DEFAULT_ENCODING
from ..core.verdict import MINIFIED_RULE
from ..errors import InvalidOption

__all__ = [
    "FileResult",
    "LevelResult",
    "BulkOptions",
    "DEFAULT_TIMEOUT",
    "MAX_TIMEOUT",
    "check_timeout",
    "result_to_row",
    "result_from_row",
]

#: seconds one file may take (per level) before it is kept whole
DEFAULT_TIMEOUT = 60.0


#: the longest time limit for one file, in seconds (about 11 days; the clocks cannot take any number)
MAX_TIMEOUT = 1_000_000


def check_timeout(timeout: float | None) -> None:
    """Raise :class:`~codepith.errors.InvalidOption` (``timeout``) unless
    ``timeout`` is a number of seconds from 0 (no limit) to :data:`MAX_TIMEOUT`."""
    if timeout is None:
        return
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 <= timeout <= MAX_TIMEOUT:
        # NaN fails every comparison, so it lands here too
        raise InvalidOption(
            "timeout", f"must be a number of seconds from 0 (no limit) to {MAX_TIMEOUT}, got {timeout!r}"
        )


@dataclass
class LevelResult:
    """What one level did to a file."""

    bytes_out: int
    tokens_out: int | None
    elisions: int
    valid: bool
    text: str | None = None


@dataclass
class FileResult:
    """One entry of a bulk run.

    ``action`` is ``compressed``, ``kept-whole``, ``skipped:<reason>`` or
    ``ignored:<rule>``; ``reason`` adds detail (why a file was kept whole,
    what a skip measured). ``path`` is relative to its root with ``/``
    separators, prefixed with the root when a run has several. ``text`` is the
    output (the compressed file, or the whole file when kept whole) unless the
    entry is skipped or ignored. An ignored folder is one entry with ``files``
    counting what it holds.
    """

    path: str
    action: str
    language: str | None = None
    level: str = "signatures"
    bytes_in: int = 0
    bytes_out: int = 0
    tokens_in: int | None = None
    tokens_out: int | None = None
    elisions: int = 0
    valid: bool | None = None
    reason: str | None = None
    text: str | None = None
    files: int = 1
    parse_errors: int = 0
    seconds: float = 0.0
    levels: dict[str, LevelResult] = field(default_factory=dict)
    transient: bool = False  # a result that must not be cached (a timeout)
    #: the output's exact bytes (what ``text`` shows), filled only when
    #: :func:`process_bytes` is asked for them (``keep_data=True``)
    data: bytes | None = None

    @property
    def in_output(self) -> bool:
        """True when the file's content belongs in the packed output."""
        return self.action in ("compressed", "kept-whole")


@dataclass(frozen=True)
class BulkOptions:
    """Everything that decides a file's result (and so its cache key)."""

    levels: tuple[Level, ...] = ("signatures",)
    tokens: bool = True
    encoding: Encoding = DEFAULT_ENCODING
    line_refs: bool = False
    only_supported: bool = False
    with_text: bool = True
    timeout: float = DEFAULT_TIMEOUT
    #: compress files marked as generated instead of skipping them
    include_generated: bool = False
    #: leave files holding a secret out (``skipped:secret``)
    security_check: bool = True
    #: real paths of the files let in whatever secrets they hold (``--allow-secret``)
    allow_secrets: tuple[str, ...] = ()
    #: drop the blank lines of a compressed file that are not inside a string or comment
    remove_empty_lines: bool = False

    def __post_init__(self) -> None:
        check_timeout(self.timeout)

    def security_check_applies(self, abspath: str | None) -> bool:
        """Whether the file at ``abspath`` is scanned for secrets."""
        return SecurityCheck(self.security_check, self.allow_secrets).applies(abspath)

    def fingerprint(self) -> str:
        versions = grammar_versions()
        return "|".join(
            [
                __version__,
                _version.code_stamp(),
                "valid:reparsed",  # results from before every output was parsed again are misses
                versions["tree-sitter"],
                versions["tree-sitter-language-pack"],
                rules_digest(),
                ",".join(self.levels),
                self.encoding if self.tokens else "-",
                str(self.line_refs),
                str(self.only_supported),
                str(self.with_text),
                MINIFIED_RULE,
                f"generated:{'include' if self.include_generated else 'skip'}",
                f"secrets:{'check' if self.security_check else 'off'}",
                *(["blank-lines:removed"] if self.remove_empty_lines else []),
            ]
        )


# --------------------------------------------------------------------------- cached rows

_ROW_SKIP = ("path", "transient", "data", "levels")  # not stored, or stored apart
_NONE = type(None)


def _field_types(cls, skip=()) -> dict[str, tuple[type, ...]]:
    """{field: the exact types its value may have} for a dataclass of plain fields."""
    hints = typing.get_type_hints(cls)
    out = {}
    for f in fields(cls):
        if f.name in skip:
            continue
        hint = hints[f.name]
        if typing.get_origin(hint) in (typing.Union, types.UnionType):
            allowed = typing.get_args(hint)
        else:
            allowed = (hint,)
        if float in allowed:
            allowed += (int,)  # JSON may write a float without a fraction
        out[f.name] = tuple(allowed)
    return out


_ROW_FIELDS: dict[str, tuple[type, ...]] | None = None
_LEVEL_FIELDS: dict[str, tuple[type, ...]] | None = None


def _row_fields() -> tuple[dict[str, tuple[type, ...]], dict[str, tuple[type, ...]]]:
    global _ROW_FIELDS, _LEVEL_FIELDS
    if _ROW_FIELDS is None or _LEVEL_FIELDS is None:
        _ROW_FIELDS = _field_types(FileResult, _ROW_SKIP)
        _LEVEL_FIELDS = _field_types(LevelResult)
    return _ROW_FIELDS, _LEVEL_FIELDS


def result_to_row(result: FileResult) -> dict:
    """A result as plain JSON values, for the cache (no path: rows are by content)."""
    row_fields, level_fields = _row_fields()
    row = {name: getattr(result, name) for name in row_fields}
    row["levels"] = {name: {k: getattr(lv, k) for k in level_fields} for name, lv in result.levels.items()}
    return row


def _plain(obj, spec) -> bool:
    """Whether ``obj`` is a dict with exactly ``spec``'s keys, each of an allowed
    type (exactly: a bool is not an int here), no count negative."""
    if type(obj) is not dict or obj.keys() != spec.keys():
        return False
    for name, allowed in spec.items():
        value = obj[name]
        if type(value) not in allowed:
            return False
        if type(value) is int and value < 0:
            return False
    return True


def result_from_row(row) -> FileResult | None:
    """The result a cached row holds, or None when the row is not one
    (wrong shape, wrong types): such a row is a miss, never an answer."""
    row_fields, level_fields = _row_fields()
    if type(row) is not dict or row.keys() != row_fields.keys() | {"levels"}:
        return None
    levels = row["levels"]
    plain = {k: v for k, v in row.items() if k != "levels"}
    if not _plain(plain, row_fields) or type(levels) is not dict:
        return None
    action = plain["action"]
    if action not in ("compressed", "kept-whole") and not action.startswith("skipped:"):
        return None
    parsed = {}
    for name, level in levels.items():
        if not _plain(level, level_fields):
            return None
        parsed[name] = LevelResult(**level)
    return FileResult(path="", levels=parsed, **plain)
