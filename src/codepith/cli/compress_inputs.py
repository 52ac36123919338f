"""What ``codepith compress`` reads besides its PATHS: a list of paths on
standard input (``--stdin``), its settings file (``[compress]`` in
``.codepith.toml``, ``[tool.codepith.compress]`` in ``pyproject.toml``) and
the text placed at the top of its output (``--header-text``,
``--instruction-file``)."""

from __future__ import annotations

import os
import stat
import sys
from typing import Any

import click
from click.core import ParameterSource

from ..bulk.options import SORTS
from ..core.discover import Candidate, Excluded
from ..core.literals import LEVELS
from ..core.tokens import ENCODINGS
from ..core.verdict import too_large
from ..errors import CodepithError
from ..fs.config import load_settings, load_settings_file, settings_heading
from ..fs.safeio import NotRegularFile, read_regular
from ..render.formats import FORMATS, display_name

__all__ = [
    "COMPRESS_KEYS",
    "KEY_PARAMS",
    "apply_config",
    "compress_settings",
    "read_path_list",
    "list_walk",
    "preface_text",
]

#: the keys of ``[compress]``: each is the option of the same name (``format``
#: is ``--format``, ``no_cache`` is ``--no-cache``), and what it may hold
COMPRESS_KEYS: dict[str, Any] = {
    "level": LEVELS,
    "format": FORMATS,
    "line_refs": bool,
    "include": list,
    "exclude": list,
    "max_file_bytes": int,
    "only_supported": bool,
    "include_generated": bool,
    "jobs": int,
    "encoding": ENCODINGS,
    "no_tokens": bool,
    "cache_dir": str,
    "no_cache": bool,
    "cache_max_mb": float,
    "timeout": float,
    "no_gitignore": bool,
    "no_default_ignores": bool,
    "no_security_check": bool,
    "allow_secret": list,
    "quiet": bool,
    "header_text": str,
    "instruction_file": str,
    "token_tree": bool,
    "top_files": int,
    "split_output": int,
    "copy": bool,
    "include_diff": bool,
    "include_log": int,
    "sort": SORTS,
    "remove_empty_lines": bool,
    "token_budget": int,
}
#: the least value of a number key (the command line's own checks)
_LEAST = {
    "cache_max_mb": 0,
    "top_files": 0,
    "split_output": 1,
    "jobs": 1,
    "max_file_bytes": 1,
    "timeout": 0,
    "include_log": 0,
    "token_budget": 1,
}
#: a key whose parameter has another name
KEY_PARAMS = {"format": "fmt"}

#: the largest instruction file read
MAX_INSTRUCTION_BYTES = 1_000_000


def compress_settings(root: str = ".", config: str | None = None) -> dict[str, tuple[Any, str]]:
    """The ``compress`` settings of the project at ``root`` (the current folder
    for the command), each as (value, file), checked against :data:`COMPRESS_KEYS`;
    with ``config`` (``-c/--config``), those of that one file instead."""
    if config is not None:
        return load_settings_file(config, "compress", COMPRESS_KEYS)
    return load_settings(root, "compress", COMPRESS_KEYS)


def apply_config(ctx: click.Context, params: dict[str, Any], config: str | None = None) -> set[str]:
    """``params`` with each setting of the current folder's config file (or of
    ``config``, given by ``-c/--config``) put in where the command line did
    not give the option (the command line wins). Returns the parameters the
    config file set."""
    from_file = set()
    for key, (value, source) in compress_settings(config=config).items():
        least = _LEAST.get(key)
        if least is not None and value < least:
            heading = settings_heading(source, "compress")
            raise CodepithError(f"{source}: {heading} {key} must be at least {least}, got {value!r}; fix the file")
        param = KEY_PARAMS.get(key, key)
        if ctx.get_parameter_source(param) in (ParameterSource.DEFAULT, None):
            params[param] = tuple(value) if isinstance(value, list) else value
            from_file.add(param)
    return from_file


def read_path_list(null: bool) -> list[str]:
    """The paths listed on standard input: one a line (``git ls-files``, ``fd``),
    or NUL-separated with ``null`` (``git ls-files -z``, ``fd -0``). Blank
    entries are not paths; a name that is not UTF-8 keeps its bytes."""
    stream = sys.stdin
    if stream is None or stream.isatty():
        raise click.UsageError(
            "--stdin reads a list of paths from a pipe, and standard input is a terminal: "
            "git ls-files | codepith compress --stdin (or git ls-files -z | codepith compress "
            "--stdin -0)"
        )
    data = getattr(stream, "buffer", stream).read()
    if isinstance(data, str):
        data = os.fsencode(data)
    entries = data.split(b"\0") if null else data.splitlines()
    paths = [os.fsdecode(e) for e in entries if e.strip(b"\r\n")]
    if not paths:
        raise click.UsageError(
            "--stdin: standard input held no paths; pipe a list of files, one a line: "
            "git ls-files | codepith compress --stdin"
        )
    if not null and any("\0" in p for p in paths):
        raise click.UsageError(
            "--stdin: the list holds NUL characters; for a NUL-separated list (git ls-files -z, fd -0) add -0/--null"
        )
    return paths


def _label(path: str) -> str:
    """A listed path as the document names it: normalised, ``/``-separated,
    relative to the current folder when it lies below it."""
    label = os.path.normpath(path)
    if os.path.isabs(label):
        try:
            rel = os.path.relpath(label)
        except ValueError:  # another drive
            rel = label
        if rel != ".." and not rel.startswith(".." + os.sep):
            label = rel
    return label.replace(os.sep, "/")


def _problem(path: str, label: str, limit: int) -> Candidate | Excluded:
    """A listed path as a walk entry: a regular file to read, or why it is not one."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return Excluded(label, "skipped:missing", reason="no such file or directory")
    except OSError as exc:
        return Excluded(label, "skipped:unreadable", reason=exc.strerror or str(exc))
    if stat.S_ISDIR(st.st_mode):
        return Excluded(
            label,
            "skipped:not-a-regular-file",
            reason="a folder (--stdin takes files, one a line: list a folder's with git ls-files or fd)",
        )
    if not stat.S_ISREG(st.st_mode):
        return Excluded(
            label, "skipped:not-a-regular-file", reason="not a regular file (a FIFO, socket or device is never read)"
        )
    if st.st_size > limit:
        return Excluded(label, "skipped:too-large", 1, st.st_size, reason=too_large(st.st_size, limit).reason)
    return Candidate(label, path, st.st_size)


def list_walk(paths: list[str], max_file_bytes: int, skip: tuple[str, ...]):
    """The walk entries of a path list, in path order, one per distinct path
    (relative paths from the current folder), and the files to name as roots.
    A path that is missing, a folder or not a regular file is an entry that
    says why, named on standard error; when no path is a file, that is one
    error."""
    skipped = {os.path.realpath(p) for p in skip}
    walked: dict[str, Candidate | Excluded] = {}
    for path in paths:
        label = _label(path)
        if label in walked:
            continue
        if os.path.realpath(path) in skipped:
            walked[label] = Excluded(label, "ignored:output", reason="this run writes it")
            continue
        walked[label] = _problem(path, label, max_file_bytes)
    entries = sorted(walked.items())
    bad = [
        e
        for _, e in entries
        if isinstance(e, Excluded)
        and e.action in ("skipped:missing", "skipped:unreadable", "skipped:not-a-regular-file")
    ]
    roots = [e.abspath for _, e in entries if isinstance(e, Candidate)]
    if not roots and bad:
        raise CodepithError(
            "--stdin: no listed path is a file to read: "
            + "; ".join(f"{display_name(e.path)}: {e.reason}" for e in bad[:5])
            + (f"; and {len(bad) - 5} more" if len(bad) > 5 else "")
            + "; check the list"
        )
    for e in bad:
        click.echo(
            f"codepith: error: {display_name(e.path)}: {e.reason}; left out, the other listed paths are compressed",
            err=True,
        )
    return roots or [e.path for _, e in entries][:1], entries, bad


def preface_text(header_text: str | None, instruction_file: str | None) -> str:
    """The text placed at the top of the output: ``--header-text``, then the
    content of ``--instruction-file`` (UTF-8), a blank line between."""
    parts = [header_text] if header_text else []
    if instruction_file:
        try:
            data = read_regular(instruction_file, max_bytes=MAX_INSTRUCTION_BYTES)
        except FileNotFoundError:
            raise CodepithError(
                f"--instruction-file {display_name(instruction_file)}: no such file; check the path"
            ) from None
        except NotRegularFile as exc:
            limit = f"larger than {MAX_INSTRUCTION_BYTES} bytes" if exc.reason == "too-large" else "not a regular file"
            raise CodepithError(
                f"--instruction-file {display_name(instruction_file)}: {limit}; give a text file"
            ) from None
        except OSError as exc:
            raise CodepithError(
                f"--instruction-file {display_name(instruction_file)}: cannot be read "
                f"({exc.strerror or exc}); check its permissions"
            ) from None
        try:
            parts.append(data.decode("utf-8-sig"))
        except UnicodeDecodeError as exc:
            raise CodepithError(
                f"--instruction-file {display_name(instruction_file)}: not UTF-8 text (byte "
                f"{exc.start}); save it as UTF-8"
            ) from None
    return "\n\n".join(p.strip("\n") for p in parts if p.strip("\n"))
