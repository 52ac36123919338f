"""The options of a pack run, checked before anything is read: each bad value
is an :class:`~codepith.errors.InvalidOption` naming the parameter of
:func:`codepith.pack` (``mode=``, ``fmt=``, ``byte_budget=``, ``diff=``…),
which the command line shows as its own flag. Also the paths a ``diff``
names (``git diff --name-only``) and its text (:func:`diff_text`)."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from ..core.compress import LEVELS
from ..core.discover import DEFAULT_MAX_FILE_BYTES
from ..core.literals import Encoding, Level, Mode, PackFormat
from ..core.tokens import DEFAULT_ENCODING, count_tokens
from ..errors import CodepithError, InvalidOption, UnknownEncoding
from ..fs.paths import display_name
from ..render.packs import PACK_FORMATS

__all__ = [
    "MODES",
    "PACK_FORMATS",
    "DEFAULT_BYTE_BUDGET",
    "DEFAULT_MAX_FILE_BYTES",
    "PackOptions",
    "PackSettings",
    "path_list",
    "changed_paths",
    "diff_text",
]

MODES = ("fail-closed", "compact", "observe")
DEFAULT_BYTE_BUDGET = 32768


@dataclass(frozen=True)
class PackOptions:
    """Every option of :func:`codepith.pack`, checked when made: a bad value is
    an :class:`InvalidOption` naming the field. ``mode`` has no default: a
    caller says whether the run fails closed, compacts or observes.

    ``required`` and ``pr_paths`` are paths relative to the root (file paths
    as strings; a lone string is refused, not read as one path per
    character); ``diff`` a git revision whose changed paths are PR paths too,
    and whose diff (``git diff BASE`` of the working tree) enters before them,
    role ``diff``. ``pr_description`` is the PR's description (its text), which
    enters before the diff, role ``pr-description``. ``allow_secrets`` are
    relative to the root, or absolute.
    """

    mode: Mode
    required: tuple[str, ...] = ()
    pr_paths: tuple[str, ...] = ()
    diff: str | None = None
    pr_description: str | None = None
    deps: bool = False
    deps_level: Level = "signatures"
    byte_budget: int | None = DEFAULT_BYTE_BUDGET
    token_budget: int | None = None
    encoding: Encoding = DEFAULT_ENCODING
    fmt: PackFormat = "markdown"
    audit: str | None = None
    write_audit: bool = True
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    include_generated: bool = False
    security_check: bool = True
    allow_secrets: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "required", tuple(path_list(self.required, "required")))
        object.__setattr__(self, "pr_paths", tuple(path_list(self.pr_paths, "pr_paths")))
        object.__setattr__(self, "allow_secrets", tuple(os.fspath(p) for p in self.allow_secrets))
        if self.audit is not None:
            object.__setattr__(self, "audit", os.fspath(self.audit))
        self._check()

    def _check(self) -> None:
        """Raise :class:`InvalidOption` for the first value :func:`codepith.pack` cannot take."""
        if self.mode not in MODES:
            raise InvalidOption("mode", f"must be one of {', '.join(MODES)}, got {self.mode!r}")
        if self.fmt not in PACK_FORMATS:
            raise InvalidOption("fmt", f"must be one of {', '.join(PACK_FORMATS)}, got {self.fmt!r}")
        for value, name in (
            (self.byte_budget, "byte_budget"),
            (self.token_budget, "token_budget"),
            (self.max_file_bytes, "max_file_bytes"),
        ):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value <= 0):
                raise InvalidOption(name, f"must be a positive number, got {value!r}")
        if self.pr_description is not None and not isinstance(self.pr_description, str):
            raise InvalidOption(
                "pr_description", f"takes the description's text (a string), got {type(self.pr_description).__name__}"
            )
        if self.deps_level not in LEVELS:
            raise InvalidOption("deps_level", f"must be one of {', '.join(LEVELS)}, got {self.deps_level!r}")
        if self.byte_budget is None and self.token_budget is None:
            raise InvalidOption("byte_budget", "and token_budget= are both None; give either or both")
        try:
            count_tokens("", encoding=self.encoding)
        except UnknownEncoding as exc:
            raise InvalidOption("encoding", str(exc)) from None


class PackSettings(TypedDict, total=False):
    """The fields of :class:`PackOptions` given by name (``pack(root,
    mode="compact")``), so that a type checker checks them there too; a test
    keeps the two the same."""

    mode: Mode
    required: Sequence[str]
    pr_paths: Sequence[str]
    diff: str | None
    pr_description: str | None
    deps: bool
    deps_level: Level
    byte_budget: int | None
    token_budget: int | None
    encoding: Encoding
    fmt: PackFormat
    audit: str | os.PathLike[str] | None
    write_audit: bool
    max_file_bytes: int
    include_generated: bool
    security_check: bool
    allow_secrets: Sequence[str | os.PathLike[str]]


def path_list(value: Sequence[str], name: str) -> list[str]:
    """``value`` (the argument ``name``) as a list of file paths."""
    if isinstance(value, (str, bytes)) or not all(isinstance(p, str) for p in value):
        raise InvalidOption(name, f"takes a list of file paths (strings), got {value!r}")
    return list(value)


def _git_diff(root: str, base: str, what: str, args: Sequence[str]) -> bytes:
    """The output of ``git diff ARGS BASE --`` in ``root``; ``what`` names it in errors."""
    if not isinstance(base, str) or not base or base.startswith("-") or "\0" in base:
        raise InvalidOption(
            "diff", f"{display_name(str(base))!s}: not a git revision; give a branch, tag or commit (e.g. main)"
        )
    try:
        proc = subprocess.run(["git", "diff", *args, base, "--"], cwd=root, capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as exc:
        # the revision may be fine: git itself is missing or hangs
        raise CodepithError(
            f"{what} since {display_name(base)}: could not run git ({exc}); check that git is installed"
        ) from None
    if proc.returncode != 0:
        message = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise InvalidOption(
            "diff", f"{display_name(base)}: git diff failed: {message[-1] if message else proc.returncode}"
        )
    return proc.stdout


def changed_paths(root: str, base: str) -> list[str]:
    """Paths under ``root`` changed since git revision ``base`` (relative to root)."""
    out = _git_diff(root, base, "changed paths", ["--name-only", "--relative", "-z"])
    return [p for p in out.decode("utf-8", "surrogateescape").split("\0") if p]


#: the diff's text does not depend on the user's git settings, and runs no program they configure
_DIFF_TEXT = ["--no-color", "--no-ext-diff", "--no-textconv", "--src-prefix=a/", "--dst-prefix=b/", "--relative"]


def diff_text(root: str, base: str) -> str:
    """``git diff BASE`` of the working tree under ``root`` (paths relative to
    it, ``a/``/``b/`` prefixes, no colour, no external diff or text
    conversion), as text: bytes that are not UTF-8 as surrogate escapes."""
    return _git_diff(root, base, "the diff", _DIFF_TEXT).decode("utf-8", "surrogateescape")
