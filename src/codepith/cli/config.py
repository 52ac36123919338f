"""``codepith config show``: the settings a command runs with, and where each comes from."""

from __future__ import annotations

import os
import textwrap
from typing import Any, TypedDict

import click

from ..errors import CodepithError
from ..render.formats import display_name, json_dumps
from ._output import created
from .compress import compress_command
from .compress_inputs import COMPRESS_KEYS, KEY_PARAMS, compress_settings
from .options import group

__all__ = ["config_group", "settings_template"]


class _Shown(TypedDict):
    """One setting as ``config show`` prints it: its value, and the file it comes from (or ``default``)."""

    value: Any
    source: str


@group(name="config")
def config_group() -> None:
    """Project settings: `[compress]` in .codepith.toml or `[tool.codepith.compress]` in pyproject.toml."""


def _defaults() -> dict:
    """The compress command's defaults, by settings key."""
    ctx = click.Context(compress_command)
    params = {p.name: p for p in compress_command.params}
    out = {}
    for key in COMPRESS_KEYS:
        param = params[KEY_PARAMS.get(key, key)]
        value = param.get_default(ctx)
        if not isinstance(value, (str, int, float, bool, type(None))):  # click's "not given"
            value = [] if param.multiple else None
        out[key] = value
    return out


_CONFIG_HELP = (
    "Read this settings file ([compress], or [tool.codepith.compress] in a pyproject.toml) instead of "
    ".codepith.toml and pyproject.toml of the current folder, as `codepith compress -c PATH` does."
)


@config_group.command(name="show")
@click.option("--json", "as_json", is_flag=True, help="One JSON object: {key: {value, source}}.")
@click.option("-c", "--config", type=click.Path(dir_okay=False), default=None, metavar="PATH", help=_CONFIG_HELP)
def show_command(as_json: bool, config: str | None) -> None:
    """Print the merged settings of `codepith compress` for the current folder:
    each key, its value and where it came from (.codepith.toml, pyproject.toml
    or the default). Options given on a command line win over all of these.

    \b
    Example:
      codepith config show
      codepith config show -c ci.codepith.toml
    """
    settings = compress_settings(config=config)
    rows: dict[str, _Shown] = {}
    for key, default in _defaults().items():
        value, source = settings.get(key, (default, "default"))
        rows[key] = {"value": list(value) if isinstance(value, tuple) else value, "source": source}
    if as_json:
        click.echo(json_dumps({"compress": rows}, indent=2))
        return
    click.echo("[compress]")
    width = max(len(k) for k in rows)
    for key, row in rows.items():
        shown = json_dumps(row["value"]) if row["value"] is not None else "(not set)"
        click.echo(f"{key:<{width}} = {shown}  # {display_name(row['source'])}")


@config_group.command(name="init")
@click.argument("path", type=click.Path(dir_okay=False), default=".codepith.toml", required=False)
@click.option("--force", is_flag=True, help="Overwrite PATH when it exists.")
def init_command(path: str, force: bool) -> None:
    """Write a .codepith.toml (or PATH) holding every `codepith compress`
    setting at its default, each with its explanation in a comment. A setting
    with no default value is written commented out. An existing file is left
    alone unless --force is given.

    \b
    Example:
      codepith config init
      codepith config show
    """
    if os.path.lexists(path) and not force:
        raise CodepithError(f"{display_name(path)}: the file exists; --force overwrites it")
    with created(path, "PATH", "the settings file") as f:
        f.write(settings_template())
    click.echo(f"wrote {display_name(path)}: every [compress] setting at its default", err=True)


def settings_template() -> str:
    """A commented ``.codepith.toml``: the ``[compress]`` table with every key
    at its default, each after its option's help; one with no default value
    commented out."""
    params = {p.name: p for p in compress_command.params}
    lines = [
        "# codepith settings: `codepith compress` reads [compress] from this file;",
        "# options given on the command line win. `codepith config show` prints them.",
        "",
        "[compress]",
    ]
    for key, value in _defaults().items():
        param = params[KEY_PARAMS.get(key, key)]
        flag = max(getattr(param, "opts", [key]), key=len)
        help_text = " ".join((getattr(param, "help", None) or "").split())
        lines.append("")
        lines += textwrap.wrap(f"{flag}: {help_text}", width=88, initial_indent="# ", subsequent_indent="# ")
        if value is None:
            lines.append(f"# {key} = {_example(COMPRESS_KEYS[key])}")
        else:
            lines.append(f"{key} = {_toml(value)}")
    return "\n".join(lines) + "\n"


def _toml(value: Any) -> str:
    """``value`` (a setting's default) as TOML: a JSON string, list or number
    is TOML as well."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return json_dumps(value)


def _example(kind: Any) -> str:
    """A value of ``kind`` to show in a commented-out line."""
    if isinstance(kind, tuple):
        return json_dumps(kind[0])
    return {int: "1", float: "1.0", str: '""', list: "[]", bool: "false"}[kind]
