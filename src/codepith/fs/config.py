"""Project configuration: task profiles for the packer.

A profile names the required files, mode and budgets of a kind of task, so a
harness needs only ``codepith pack ROOT --profile review --diff main``::

    # .codepith.toml                    # or pyproject.toml
    [profiles.review]                   # [tool.codepith.profiles.review]
    required = ["AGENTS.md", "pyproject.toml"]
    mode = "compact"                    # fail-closed | compact | observe
    byte_budget = 65536
    token_budget = 16000

``.codepith.toml`` wins over ``pyproject.toml`` when both define the profile.

A command's own settings (``[compress]`` in ``.codepith.toml``,
``[tool.codepith.compress]`` in ``pyproject.toml``) are read and checked by
:func:`load_settings` against the command's keys.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import Any

from ..errors import CodepithError
from .safeio import read_regular

__all__ = ["load_profile", "load_table", "load_settings", "load_settings_file", "settings_heading", "PROFILE_KEYS"]

PROFILE_KEYS: dict[str, type] = {
    "required": list,
    "pr_paths": list,
    "mode": str,
    "byte_budget": int,
    "token_budget": int,
    "encoding": str,
    "format": str,
    "deps": bool,
    "deps_level": str,
    "audit": str,
    "max_file_bytes": int,
}

#: keys whose list must hold strings (file paths)
_PATH_LISTS = ("required", "pr_paths")

#: a configuration file larger than this is refused rather than read
MAX_CONFIG_BYTES = 1_000_000


def _read(path: str) -> dict:
    """The TOML document at ``path`` ({} when there is none). Read without
    blocking: a FIFO or device in its place is an error, not a hang."""
    try:
        data = read_regular(path, max_bytes=MAX_CONFIG_BYTES)
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise CodepithError(f"{path}: cannot read it ({exc.strerror or exc}); fix or remove the file") from None
    if sys.version_info >= (3, 11):  # imported once a file is there: most projects have none
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    try:
        return tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise CodepithError(f"{path}: cannot read it as TOML ({exc}); fix the file") from None


def _table(document: dict, keys: tuple[str, ...], source: str) -> dict:
    """``document[keys[0]][keys[1]]…``, {} where a key is missing; a value on
    the way that is not a table is an error naming it."""
    table = document
    for depth, key in enumerate(keys):
        table = table.get(key, {})
        if not isinstance(table, dict):
            raise CodepithError(f"{source}: [{'.'.join(keys[: depth + 1])}] must be a table")
    return table


def _pyproject(root: str) -> dict:
    return _read(os.path.join(root, "pyproject.toml"))


def _profiles(root: str) -> list[tuple[str, dict]]:
    own = _table(_read(os.path.join(root, ".codepith.toml")), ("profiles",), ".codepith.toml")
    project = _table(_pyproject(root), ("tool", "codepith", "profiles"), "pyproject.toml")
    return [(".codepith.toml", own), ("pyproject.toml [tool.codepith]", project)]


def load_profile(root: str | os.PathLike, name: str) -> dict:
    """The settings of profile ``name`` for the project at ``root``, checked."""
    root = os.fspath(root)
    known = []
    for source, profiles in _profiles(root):
        known += list(profiles)
        if name in profiles:
            settings = profiles[name]
            if not isinstance(settings, dict):
                raise CodepithError(f"{source}: profile {name!r} must be a table")
            for key, value in settings.items():
                kind = PROFILE_KEYS.get(key)
                if kind is None:
                    raise CodepithError(
                        f"{source}: profile {name!r} has an unknown key {key!r}; known keys: {', '.join(PROFILE_KEYS)}"
                    )
                if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                    raise CodepithError(f"{source}: profile {name!r}: {key} must be a {kind.__name__}")
                # a path list's value is a list (checked above): the isinstance is for the type checker
                if key in _PATH_LISTS and isinstance(value, list) and not all(isinstance(p, str) for p in value):
                    raise CodepithError(f"{source}: profile {name!r}: {key} must be a list of file paths (strings)")
            return dict(settings)
    raise CodepithError(
        f"no profile {name!r} in {root}/.codepith.toml or pyproject.toml"
        + (f"; profiles: {', '.join(sorted(set(known)))}" if known else "")
    )


def load_table(root: str | os.PathLike, name: str) -> list[tuple[str, dict]]:
    """The ``[NAME]`` table of ``.codepith.toml`` and ``[tool.codepith.NAME]`` of
    ``pyproject.toml`` at ``root``, as ``(source, table)`` pairs, the one that
    wins first (keys of ``.codepith.toml`` win over ``pyproject.toml``'s)."""
    root = os.fspath(root)
    out = []
    own = _table(_read(os.path.join(root, ".codepith.toml")), (name,), os.path.join(root, ".codepith.toml"))
    out.append((".codepith.toml", own))
    project = _table(_pyproject(root), ("tool", "codepith", name), os.path.join(root, "pyproject.toml"))
    out.append(("pyproject.toml", project))
    return out


#: what a setting may hold: a type (``list`` means a list of strings), or the
#: tuple of the strings it may be
Kind = type | tuple


def _kind_text(kind: Kind) -> str:
    if isinstance(kind, tuple):
        return "one of " + ", ".join(repr(k) for k in kind)
    return {list: "a list of strings", int: "an integer", float: "a number", bool: "true or false", str: "a string"}[
        kind
    ]


def _fits(value: Any, kind: Kind) -> bool:
    if isinstance(kind, tuple):
        return isinstance(value, str) and value in kind
    if kind is list:
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if isinstance(value, bool):
        return kind is bool
    if kind is float:
        return isinstance(value, (int, float))
    return isinstance(value, kind)


def load_settings(root: str | os.PathLike, name: str, keys: Mapping[str, Kind]) -> dict[str, tuple[Any, str]]:
    """The settings of table ``name`` for the project at ``root``
    (``.codepith.toml [NAME]`` over ``pyproject.toml [tool.codepith.NAME]``,
    key by key), each as ``(value, the file it came from)``. A key not in
    ``keys`` or a value of the wrong kind is a :class:`CodepithError` naming
    the file, the table, the key and the valid keys or values."""
    root = os.fspath(root)
    settings: dict[str, tuple[Any, str]] = {}
    for source, table in reversed(load_table(root, name)):
        where = os.path.normpath(os.path.join(root, source))
        _check_settings(table, where, settings_heading(source, name), keys, settings)
    return settings


def settings_heading(path: str, name: str) -> str:
    """The heading of table ``name`` in the settings file at ``path``:
    ``[tool.codepith.NAME]`` in a ``pyproject.toml``, ``[NAME]`` in any other."""
    return f"[tool.codepith.{name}]" if os.path.basename(path) == "pyproject.toml" else f"[{name}]"


def load_settings_file(path: str | os.PathLike, name: str, keys: Mapping[str, Kind]) -> dict[str, tuple[Any, str]]:
    """The settings of table ``name`` in the one file at ``path`` (a file given
    by ``-c/--config``): ``[tool.codepith.NAME]`` when it is named
    ``pyproject.toml``, ``[NAME]`` otherwise; checked as :func:`load_settings`
    checks them. A missing, unreadable or malformed file is a
    :class:`CodepithError` naming it."""
    path = os.fspath(path)
    if not os.path.isfile(path):
        cause = "no such file" if not os.path.exists(path) else "not a regular file"
        raise CodepithError(f"--config {path}: {cause}; give the path of a .codepith.toml or pyproject.toml")
    heading = settings_heading(path, name)
    keys_path = ("tool", "codepith", name) if heading.startswith("[tool.") else (name,)
    table = _table(_read(path), keys_path, path)
    settings: dict[str, tuple[Any, str]] = {}
    _check_settings(table, path, heading, keys, settings)
    return settings


def _check_settings(
    table: dict, where: str, heading: str, keys: Mapping[str, Kind], settings: dict[str, tuple[Any, str]]
) -> None:
    """Each key of ``table`` checked against ``keys`` and put in ``settings`` as (value, ``where``)."""
    for key, value in table.items():
        kind = keys.get(key)
        if kind is None:
            raise CodepithError(f"{where}: {heading} has an unknown key {key!r}; valid keys: {', '.join(sorted(keys))}")
        if not _fits(value, kind):
            raise CodepithError(f"{where}: {heading} {key} must be {_kind_text(kind)}, got {value!r}; fix the file")
        settings[key] = (float(value) if kind is float else value, where)
