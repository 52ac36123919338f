"""``codepith config show``: the settings a command runs with, and where each comes from."""

from __future__ import annotations

from typing import Any, TypedDict

import click

from ..render.formats import display_name, json_dumps
from .compress import compress_command
from .compress_inputs import COMPRESS_KEYS, KEY_PARAMS, compress_settings
from .options import group

__all__ = ["config_group"]


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


@config_group.command(name="show")
@click.option("--json", "as_json", is_flag=True, help="One JSON object: {key: {value, source}}.")
def show_command(as_json: bool) -> None:
    """Print the merged settings of `codepith compress` for the current folder:
    each key, its value and where it came from (.codepith.toml, pyproject.toml
    or the default). Options given on a command line win over all of these.

    \b
    Example:
      codepith config show
    """
    settings = compress_settings()
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
