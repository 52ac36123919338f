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
"""

from __future__ import annotations

import os
import sys

from .errors import CodepithError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

__all__ = ["load_profile", "load_table", "PROFILE_KEYS"]

PROFILE_KEYS = {
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
}


def _read(path: str) -> dict:
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        return {}
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CodepithError(f"{path}: cannot read it as TOML ({exc})") from None


def _profiles(root: str) -> list[tuple[str, dict]]:
    sources = []
    own = _read(os.path.join(root, ".codepith.toml")).get("profiles", {})
    sources.append((".codepith.toml", own if isinstance(own, dict) else {}))
    project = _read(os.path.join(root, "pyproject.toml")).get("tool", {}).get("codepith", {}).get("profiles", {})
    sources.append(("pyproject.toml [tool.codepith]", project if isinstance(project, dict) else {}))
    return sources


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
                        f"{source}: profile {name!r} has an unknown key {key!r}; "
                        f"known keys: {', '.join(PROFILE_KEYS)}"
                    )
                if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                    raise CodepithError(f"{source}: profile {name!r}: {key} must be a {kind.__name__}")
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
    own = _read(os.path.join(root, ".codepith.toml")).get(name, {})
    if not isinstance(own, dict):
        raise CodepithError(f"{root}/.codepith.toml: [{name}] must be a table")
    out.append((".codepith.toml", own))
    project = _read(os.path.join(root, "pyproject.toml")).get("tool", {}).get("codepith", {}).get(name, {})
    if not isinstance(project, dict):
        raise CodepithError(f"{root}/pyproject.toml: [tool.codepith.{name}] must be a table")
    out.append(("pyproject.toml", project))
    return out
