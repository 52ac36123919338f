"""Options shared by several commands, declared once, and the command class
that turns the library's :class:`~codepith.errors.InvalidOption` into a usage
error naming the command's own flag.

Values are checked once, in the library: an option here declares its type and
help, and the library function it feeds says when a value is wrong (naming its
parameter, ``jobs=``); :class:`Command` shows that as ``--jobs``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

import click

from ..core.tokens import DEFAULT_ENCODING, ENCODINGS
from ..errors import InvalidOption
from ..fs.safeio import DEFAULT_MAX_FILE_BYTES

__all__ = [
    "options_from",
    "Command",
    "Group",
    "command",
    "group",
    "encoding",
    "include",
    "exclude",
    "max_file_bytes",
    "no_gitignore",
    "jobs",
    "no_tokens",
    "include_generated",
    "cache_dir",
    "no_cache",
    "cache_max_mb",
    "no_security_check",
    "allow_secret",
    "no_default_ignores",
]


class Command(click.Command):
    """A command whose library errors about one argument (``InvalidOption``)
    become usage errors about the flag that gave it (exit code 2).

    ``renames`` maps a library parameter to this command's parameter where
    their names differ (``{"idle_after": "sessions"}``)."""

    def __init__(self, *args: Any, renames: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.renames = dict(renames or {})

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except InvalidOption as exc:
            param = self.param_for(exc.parameter)
            hint = None if param is not None else flag_name(exc.parameter)
            raise click.BadParameter(exc.problem, ctx=ctx, param=param, param_hint=hint) from None

    def param_for(self, parameter: str) -> click.Parameter | None:
        """This command's parameter that feeds the library's ``parameter``."""
        name = self.renames.get(parameter, parameter)
        return next((p for p in self.params if p.name == name), None)


class Group(click.Group):
    """A group whose commands and subgroups are :class:`Command`\\s."""

    command_class = Command
    group_class = type  # subgroups are Groups too


T = TypeVar("T")

#: flags that turn an option off (``--no-cache``): the parameter -> the option it turns off
NEGATED = {
    "no_cache": "cache",
    "no_gitignore": "gitignore",
    "no_tokens": "tokens",
    "no_security_check": "security_check",
    "no_default_ignores": "default_ignores",
}
#: flags named in the singular because they repeat (``--allow-secret A --allow-secret B``)
PLURALS = {"allow_secret": "allow_secrets"}


def options_from(cls: type[T], params: dict[str, Any], **fixed: Any) -> T:
    """The options object ``cls`` (a dataclass) built from a command's
    parameters, taking out of ``params`` every one that names a field (or
    turns it off: ``no_cache`` sets ``cache``; or repeats it: ``allow_secret``
    fills ``allow_secrets``); ``fixed`` sets fields the command decides. So an
    option added to ``cls`` and declared as a flag of the same name reaches
    the library with no other change."""
    names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    values: dict[str, Any] = {}
    for param in list(params):
        if NEGATED.get(param) in names:
            values[NEGATED[param]] = not params.pop(param)
        elif PLURALS.get(param) in names:
            values[PLURALS[param]] = params.pop(param)
        elif param in names:
            values[param] = params.pop(param)
    values.update(fixed)
    return cls(**values)


def flag_name(parameter: str) -> str:
    """The flag a library parameter most likely came from: ``max_file_bytes``
    → ``--max-file-bytes``."""
    return "--" + parameter.replace("_", "-")


def command(name: str | None = None, **kwargs: Any) -> Callable[[Callable], Command]:
    """``@click.command`` making a :class:`Command`."""
    return click.command(name, cls=Command, **kwargs)


def group(name: str | None = None, **kwargs: Any) -> Callable[[Callable], Group]:
    """``@click.group`` making a :class:`Group`."""
    return click.group(name, cls=Group, **kwargs)


# --------------------------------------------------------------------------- shared options


def encoding(default: str | None = DEFAULT_ENCODING, help: str = "Tokenizer for the exact token counts.") -> Callable:
    return click.option(
        "--encoding", type=click.Choice(ENCODINGS), default=default, show_default=default is not None, help=help
    )


def include(help: str = "Only files matching this gitignore-style glob (repeatable).") -> Callable:
    return click.option("--include", multiple=True, metavar="GLOB", help=help)


def exclude(help: str = "Leave out matching paths (repeatable).") -> Callable:
    return click.option("--exclude", multiple=True, metavar="GLOB", help=help)


def max_file_bytes(
    default: int | None = DEFAULT_MAX_FILE_BYTES, help: str = "Skip files larger than this without reading them."
) -> Callable:
    return click.option("--max-file-bytes", type=int, default=default, show_default=default is not None, help=help)


def no_gitignore(
    help: str = "Do not honour .gitignore and .git/info/exclude (.codepithignore files still apply).",
) -> Callable:
    return click.option("--no-gitignore", is_flag=True, help=help)


def jobs(help: str = "Worker processes (default: every core).") -> Callable:
    return click.option("-j", "--jobs", type=int, default=None, help=help)


def no_tokens(help: str = "Skip token counting (faster).") -> Callable:
    return click.option("--no-tokens", is_flag=True, help=help)


def include_generated(
    help: str = "Compress files marked as generated (Go's `// Code generated … DO NOT EDIT.` "
    "line or `@generated` in the leading comments) instead of skipping them.",
) -> Callable:
    return click.option("--include-generated", is_flag=True, help=help)


def cache_dir(
    help: str = "Where the results cache lives (default: the user's cache folder; `codepith cache info` shows it).",
) -> Callable:
    return click.option("--cache-dir", type=click.Path(file_okay=False), default=None, help=help)


def no_cache(help: str = "Neither read nor write the results cache.") -> Callable:
    return click.option("--no-cache", is_flag=True, help=help)


def cache_max_mb(help: str | None = None) -> Callable:
    from ..bulk.cache import DEFAULT_MAX_MB, MAX_MB_ENV  # here: the memory commands never load the cache

    if help is None:
        help = (
            f"Size cap of the results cache in MB (default: ${MAX_MB_ENV}, else {DEFAULT_MAX_MB}; "
            "0: no cap). Past it the least recently used results are evicted and the file shrinks."
        )
    return click.option("--cache-max-mb", type=float, default=None, metavar="MB", help=help)


def no_security_check(
    help: str = "Do not scan files for secrets (by default a file holding an API key, token, "
    "private key or password is left out as skipped:secret).",
) -> Callable:
    return click.option("--no-security-check", is_flag=True, help=help)


def allow_secret(
    help: str = "Let this file in even if the secret check finds something in it (repeatable).",
) -> Callable:
    return click.option(
        "--allow-secret", "allow_secret", multiple=True, metavar="PATH", type=click.Path(dir_okay=False), help=help
    )


def no_default_ignores(
    help: str = "Do not leave out dependencies, build output, virtual environments, caches, "
    "lock files, minified files and source maps (node_modules/, dist/, build/, vendor/, "
    ".venv/, __pycache__/, target/, package-lock.json, yarn.lock, Cargo.lock, go.sum, "
    "*.min.*, *.map, …; see docs/bulk.md).",
) -> Callable:
    return click.option("--no-default-ignores", is_flag=True, help=help)
