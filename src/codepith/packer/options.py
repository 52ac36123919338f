"""The options of a pack run, checked before anything is read: each bad value
is an :class:`~codepith.errors.InvalidOption` naming the parameter of
:func:`codepith.pack` (``mode=``, ``fmt=``, ``byte_budget=``, ``diff=``…),
which the command line shows as its own flag. Also the paths a ``diff``
names (``git diff --name-only``)."""

from __future__ import annotations

import subprocess
from collections.abc import Sequence

from ..core.compress import LEVELS
from ..core.discover import DEFAULT_MAX_FILE_BYTES
from ..core.tokens import count_tokens
from ..errors import CodepithError, InvalidOption, UnknownEncoding
from ..fs.paths import display_name
from ..render.packs import PACK_FORMATS

__all__ = [
    "MODES",
    "PACK_FORMATS",
    "DEFAULT_BYTE_BUDGET",
    "DEFAULT_MAX_FILE_BYTES",
    "check_options",
    "path_list",
    "changed_paths",
]

MODES = ("fail-closed", "compact", "observe")
DEFAULT_BYTE_BUDGET = 32768


def check_options(
    *,
    mode: str,
    fmt: str,
    byte_budget: int | None,
    token_budget: int | None,
    deps_level: str,
    encoding: str,
    max_file_bytes: int | None,
) -> None:
    """Raise :class:`InvalidOption` for the first argument :func:`codepith.pack`
    cannot take."""
    if mode not in MODES:
        raise InvalidOption("mode", f"must be one of {', '.join(MODES)}, got {mode!r}")
    if fmt not in PACK_FORMATS:
        raise InvalidOption("fmt", f"must be one of {', '.join(PACK_FORMATS)}, got {fmt!r}")
    for value, name in (
        (byte_budget, "byte_budget"),
        (token_budget, "token_budget"),
        (max_file_bytes, "max_file_bytes"),
    ):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value <= 0):
            raise InvalidOption(name, f"must be a positive number, got {value!r}")
    if deps_level not in LEVELS:
        raise InvalidOption("deps_level", f"must be one of {', '.join(LEVELS)}, got {deps_level!r}")
    if byte_budget is None and token_budget is None:
        raise InvalidOption("byte_budget", "and token_budget= are both None; give either or both")
    try:
        count_tokens("", encoding=encoding)
    except UnknownEncoding as exc:
        raise InvalidOption("encoding", str(exc)) from None


def path_list(value: Sequence[str], name: str) -> list[str]:
    """``value`` (the argument ``name``) as a list of file paths."""
    if isinstance(value, (str, bytes)) or not all(isinstance(p, str) for p in value):
        raise InvalidOption(name, f"takes a list of file paths (strings), got {value!r}")
    return list(value)


def changed_paths(root: str, base: str) -> list[str]:
    """Paths under ``root`` changed since git revision ``base`` (relative to root)."""
    if not isinstance(base, str) or not base or base.startswith("-") or "\0" in base:
        raise InvalidOption(
            "diff", f"{display_name(str(base))!s}: not a git revision; give a branch, tag or commit (e.g. main)"
        )
    try:
        proc = subprocess.run(
            ["git", "diff", "--name-only", "--relative", "-z", base, "--"],
            cwd=root,
            capture_output=True,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        # the revision may be fine: git itself is missing or hangs
        raise CodepithError(
            f"changed paths since {display_name(base)}: could not run git ({exc}); check that git is installed"
        ) from None
    if proc.returncode != 0:
        message = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise InvalidOption(
            "diff", f"{display_name(base)}: git diff failed: {message[-1] if message else proc.returncode}"
        )
    return [p for p in proc.stdout.decode("utf-8", "surrogateescape").split("\0") if p]
