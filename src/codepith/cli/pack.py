"""``codepith pack``: the files a task needs, under byte and token budgets, audited."""

from __future__ import annotations

import sys

import click

from ..config import load_profile
from ..compress import LEVELS
from ..errors import CodepithError
from ..packer import DEFAULT_BYTE_BUDGET, MODES, PACK_FORMATS, PackFailed, pack
from ..tokens import DEFAULT_ENCODING, ENCODINGS


@click.command(name="pack")
@click.argument("root", type=click.Path(exists=True, file_okay=False))
@click.option("--profile", default=None, metavar="NAME",
              help="Settings of a kind of task from .codepith.toml [profiles.NAME] or pyproject.toml "
              "[tool.codepith.profiles.NAME]; options given here override it.")
@click.option("--required", "required", multiple=True, metavar="PATH",
              help="A file that must enter first (repeatable, in order). Missing or too large stops the run.")
@click.option("--pr-path", "pr_paths", multiple=True, metavar="PATH",
              help="A file the task touches (repeatable, in order).")
@click.option("--diff", default=None, metavar="BASE",
              help="Add the paths changed since git revision BASE (deleted ones are reported, not read).")
@click.option("--deps", is_flag=True, default=None,
              help="After the PR paths, the files they import directly inside ROOT (Python imports, "
              "relative JS/TS imports and requires, Go packages of the same module), role dependency-of:PATH.")
@click.option("--deps-level", type=click.Choice(LEVELS), default=None,
              help="How dependencies enter [default: signatures].")
@click.option("--mode", type=click.Choice(MODES), default=None,
              help="Required here or in the profile. fail-closed: anything that does not fit stops the run. "
              "compact: an optional file that does not fit is compressed (signatures, then outline), else "
              "discarded. observe: decide as compact, audit it, but print the files whole.")
@click.option("--byte-budget", type=int, default=None,
              help=f"Most UTF-8 bytes of output [default: {DEFAULT_BYTE_BUDGET}].")
@click.option("--token-budget", type=int, default=None, help="Most tokens of output (exact count).")
@click.option("--encoding", type=click.Choice(ENCODINGS), default=None,
              help=f"Tokenizer for the token budget [default: {DEFAULT_ENCODING}].")
@click.option("--format", "fmt", type=click.Choice(PACK_FORMATS), default=None,
              help="Output format [default: markdown].")
@click.option("--audit", type=click.Path(dir_okay=False), default=None,
              help="Audit file (JSON lines; default ROOT/.codepith/context-audit.jsonl).")
def pack_command(root, profile, required, pr_paths, diff, deps, deps_level, mode, byte_budget, token_budget,
                 encoding, fmt, audit) -> None:
    """Pack the files a task needs from ROOT into one document on standard output.

    Paths are relative to ROOT and are checked before anything is read: a path
    outside ROOT stops the run. Every run, failed ones too, appends one line
    to the audit file saying what entered, what was refused, and why. A run that
    stops exits with status 2, the reason on standard error and nothing on
    standard output.

    \b
    Examples:
      codepith pack . --mode compact --required AGENTS.md --pr-path src/app.py
      codepith pack . --profile review --diff main
    """
    settings = {}
    if profile:
        try:
            settings = load_profile(root, profile)
        except CodepithError as exc:
            raise click.BadParameter(str(exc), param_hint="--profile") from None
    given = {
        "required": list(required) or None, "pr_paths": list(pr_paths) or None, "mode": mode,
        "byte_budget": byte_budget, "token_budget": token_budget, "encoding": encoding, "format": fmt,
        "audit": audit, "deps": deps, "deps_level": deps_level,
    }
    settings.update({k: v for k, v in given.items() if v is not None})
    if settings.get("mode") is None:
        raise click.UsageError("--mode is required (or a --profile that sets it): " + ", ".join(MODES))
    if "byte_budget" not in settings and "token_budget" not in settings:
        settings["byte_budget"] = DEFAULT_BYTE_BUDGET
    for name, key in (("--byte-budget", "byte_budget"), ("--token-budget", "token_budget")):
        value = settings.get(key)
        if value is not None and value <= 0:
            raise click.BadParameter("must be a positive number", param_hint=name)
    try:
        result = pack(
            root, required=settings.get("required", ()), pr_paths=settings.get("pr_paths", ()), diff=diff,
            mode=settings["mode"], byte_budget=settings.get("byte_budget"),
            token_budget=settings.get("token_budget"), encoding=settings.get("encoding", DEFAULT_ENCODING),
            fmt=settings.get("format", "markdown"), audit=settings.get("audit"),
            deps=bool(settings.get("deps", False)), deps_level=settings.get("deps_level", "signatures"),
        )
    except PackFailed as exc:
        click.echo(f"codepith pack: {exc}", err=True)
        raise click.exceptions.Exit(2) from None
    except CodepithError as exc:
        raise click.UsageError(str(exc)) from None
    out = sys.stdout.buffer
    out.write(result.output.encode("utf-8", "surrogateescape"))
    out.flush()
