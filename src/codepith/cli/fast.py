"""``codepith compress FILE`` straight from its arguments.

A packer that runs ``codepith compress FILE`` once per file (repomix's
processors) pays for each process. Arguments of that one shape (one FILE,
options among :data:`_FLAGS` and :data:`_VALUED`, no ``compress``
settings in the current folder's settings files) are read here, without loading the
command-line framework or the walk, and run the same
:func:`~codepith.cli.compress_single.single_file` the full command runs. Any
other command line, and any value this cannot take exactly as the full
command would, is left to :func:`codepith.cli.main` untouched: that one gives
the usage errors. Errors print as the full command prints them (:mod:`._errors`).
"""

from __future__ import annotations

import os

from ._errors import EXIT_OK, guarded

__all__ = ["run_one_file"]

#: flags of ``compress`` the fast path takes -> the setting each turns on (or off: ``no_``)
_FLAGS = {
    "--line-refs": "line_refs",
    "--force": "force",
    "--filter": "as_filter",
    "--include-generated": "include_generated",
    "--no-security-check": "no_security_check",
    "--no-tokens": "no_tokens",
    "-q": "quiet",
    "--quiet": "quiet",
}
#: options of ``compress`` with a value that the fast path takes
_VALUED = {
    "--level": "level",
    "--language": "language",
    "--encoding": "encoding",
    "--timeout": "timeout",
    "--max-file-bytes": "max_file_bytes",
    "--allow-secret": "allow_secret",
}
#: the files that may hold settings for ``compress`` (:func:`codepith.fs.config.load_table`)
_SETTINGS_FILES = (".codepith.toml", "pyproject.toml")


def run_one_file(args: list[str]) -> int | None:
    """The exit code of ``codepith`` run with ``args`` when they compress one
    file in a way this path takes exactly; None for any other command line."""
    parsed = _one_file(args)
    return None if parsed is None else _run(parsed)


def _one_file(args: list[str]) -> dict | None:
    """The settings of ``compress FILE [options]`` when ``args`` are of that
    shape and every value is one the full command takes as it is; else None."""
    if len(args) < 2 or args[0] != "compress":
        return None
    found: dict = {"allow_secret": []}
    paths = []
    rest = iter(args[1:])
    for arg in rest:
        if arg in _FLAGS:
            found[_FLAGS[arg]] = True
            continue
        name, eq, value = arg.partition("=")
        if name in _VALUED:
            if not eq:
                following = next(rest, None)
                if following is None:
                    return None
                value = following
            key = _VALUED[name]
            if key == "allow_secret":
                found[key].append(value)
            elif key in found:  # given twice: the full command says what wins
                return None
            else:
                found[key] = value
            continue
        if arg.startswith("-") and arg != "-":
            return None
        paths.append(arg)
    if len(paths) != 1 or paths[0] == "-" or _has_settings():
        return None
    found["path"] = paths[0]
    return found if _checked(found) else None


def _has_settings() -> bool:
    """Whether the current folder's settings files set any ``compress`` option
    (a file that cannot be read leaves the run to the full command, which says why)."""
    if not any(os.path.isfile(name) for name in _SETTINGS_FILES):
        return False
    from ..fs.config import load_table

    try:
        return any(table for _source, table in load_table(".", "compress"))
    except Exception:  # noqa: BLE001 - the full command reads it again, and names the problem
        return True


def _checked(found: dict) -> bool:
    """Whether every value is one the full command would take unchanged (the
    rest is left to it, and to its messages)."""
    from ..core.literals import ENCODINGS, LEVELS

    if found.get("level", "signatures") not in LEVELS or found.get("encoding", "o200k_base") not in ENCODINGS:
        return False
    if "language" in found:
        from ..core.languages import languages

        if found["language"] not in languages():
            return False
    try:
        if "timeout" in found:
            found["timeout"] = float(found["timeout"])
            if not 0 < found["timeout"] < float("inf"):
                return False
        if "max_file_bytes" in found:
            found["max_file_bytes"] = int(found["max_file_bytes"])
            if found["max_file_bytes"] <= 0:
                return False
    except ValueError:
        return False
    return not os.path.isdir(found["path"])


def _run(found: dict) -> int:
    """One file compressed, its errors printed as the full command prints them."""

    def run() -> int:
        from .compress_single import OneFile, single_file

        settings = {key: found[key] for key in ("level", "encoding", "timeout", "max_file_bytes") if key in found}
        options = OneFile(
            **settings,
            line_refs=found.get("line_refs", False),
            include_generated=found.get("include_generated", False),
            security_check=not found.get("no_security_check", False),
            tokens=not found.get("no_tokens", False),
            allow_secrets=tuple(found["allow_secret"]),
        )
        single_file(
            found["path"],
            options,
            language=found.get("language"),
            force=found.get("force", False),
            output=None,
            copy=False,
            quiet=found.get("quiet", False),
            as_filter=found.get("as_filter", False),
        )
        return EXIT_OK

    return guarded(run)
