"""``codepith pack``: the files a task needs, under byte and token budgets, audited."""

from __future__ import annotations

import sys

import click

from ..core.compress import LEVELS
from ..core.tokens import DEFAULT_ENCODING
from ..deps.finder import followed_languages
from ..errors import CodepithError
from ..fs.config import load_profile
from ..packer.diffs import read_description
from ..packer.packing import (
    DEFAULT_BYTE_BUDGET,
    DEFAULT_MAX_FILE_BYTES,
    MODES,
    PACK_FORMATS,
    AuditUnwritable,
    PackFailed,
    PackResult,
    pack,
)
from . import options
from .compress_outputs import check_clipboard, copy_text

EXIT_ERROR = 1  # the audit cannot be written
EXIT_STOP = 2  # a usage error, or a run that stopped (fail-closed)


def _say(kind: str, message: str) -> None:
    click.echo(f"codepith: {kind}: {message}", err=True)


def _settings(root: str, profile: str | None, given: dict) -> dict:
    """The arguments of :func:`codepith.pack`: the profile's settings, with the
    options given on the command line over them."""
    settings = {}
    if profile:
        try:
            settings = load_profile(root, profile)
        except CodepithError as exc:
            raise click.BadParameter(str(exc), param_hint="--profile") from None
    no_check, allowed = given.pop("no_security_check", False), given.pop("allow_secret", ())
    given = {**given, "required": list(given["required"]) or None, "pr_paths": list(given["pr_paths"]) or None}
    settings.update({k: v for k, v in given.items() if v is not None})
    if no_check:
        settings["security_check"] = False
    if allowed:
        settings["allow_secrets"] = list(allowed)
    if settings.get("mode") is None:
        raise click.UsageError("--mode is required (or a --profile that sets it): " + ", ".join(MODES))
    if "token_budget" in settings:  # a token budget alone: no byte budget
        settings.setdefault("byte_budget", None)
    if "format" in settings:  # a profile's key
        settings["fmt"] = settings.pop("format")
    return settings


def _print(result: PackResult) -> None:
    for warning in result.warnings:
        _say("warning", warning)
    out = sys.stdout.buffer
    out.write(result.output.encode("utf-8", "surrogateescape"))
    out.flush()


@options.command(name="pack")
@click.argument("root", type=click.Path(exists=True, file_okay=False))
@click.option(
    "--profile",
    default=None,
    metavar="NAME",
    help="Settings of a kind of task from .codepith.toml [profiles.NAME] or pyproject.toml "
    "[tool.codepith.profiles.NAME]; options given here override it.",
)
@click.option(
    "--required",
    "required",
    multiple=True,
    metavar="PATH",
    help="A file that must enter first, whole (repeatable, in order). Missing, unreadable or too large stops the run.",
)
@click.option(
    "--pr-path",
    "pr_paths",
    multiple=True,
    metavar="PATH",
    help="A file the task touches (repeatable, in order). Name files, not folders or patterns: "
    "e.g. $(git ls-files src) for a folder's files.",
)
@click.option(
    "--diff",
    default=None,
    metavar="BASE",
    help="Add the diff since git revision BASE (git diff BASE of the working tree, role diff) and the "
    "paths it changes, as PR paths (deleted ones are reported, not read). In compact mode the diff "
    "loses whole hunks before any PR path is dropped.",
)
@click.option(
    "--pr-description",
    default=None,
    metavar="FILE",
    help="Add the PR's description from FILE (- reads standard input), role pr-description, "
    "before the diff and the PR paths.",
)
@click.option(
    "--deps",
    is_flag=True,
    default=None,
    help="After the PR paths, the files they import directly inside ROOT, role dependency-of:PATH; "
    f"followed in {', '.join(followed_languages())} (docs/packer.md says how). "
    "They only fill the budget the PR paths leave.",
)
@click.option(
    "--deps-level", type=click.Choice(LEVELS), default=None, help="How dependencies enter [default: signatures]."
)
@click.option(
    "--mode",
    type=click.Choice(MODES),
    default=None,
    help="Required here or in the profile. fail-closed: every file must enter whole; a named path "
    "that is missing, a folder or not a file, a file that does not fit, or a run that packs nothing "
    "stops the run. compact: the budget goes to the PR paths first (compressed to signatures, then "
    "outline, as needed), dependencies fill what is left; what cannot enter is skipped with a "
    "warning. observe: decide as compact and audit it (status observed), but print the files whole.",
)
@click.option(
    "--byte-budget", type=int, default=None, help=f"Most UTF-8 bytes of output [default: {DEFAULT_BYTE_BUDGET}]."
)
@click.option("--token-budget", type=int, default=None, help="Most tokens of output (exact count).")
@options.encoding(default=None, help=f"Tokenizer for the token budget [default: {DEFAULT_ENCODING}].")
@click.option(
    "--format", "fmt", type=click.Choice(PACK_FORMATS), default=None, help="Output format [default: markdown]."
)
@options.max_file_bytes(
    default=None, help=f"Larger files are not read (too-large) [default: {DEFAULT_MAX_FILE_BYTES}]."
)
@options.include_generated(
    help="Let files marked as generated (Go's `// Code generated … DO NOT EDIT.` line or "
    "`@generated` in the leading comments) be compressed when the budget needs it; by "
    "default they enter whole or not at all."
)
@options.no_security_check(
    help="Do not scan files for secrets (by default a file holding an API key, token, "
    "private key or password never enters; the audit records it as skipped:secret)."
)
@options.allow_secret(
    help="Let this file (relative to ROOT) enter even if the secret check finds something in it (repeatable)."
)
@click.option(
    "--audit", default=None, metavar="PATH", help="Audit file (JSON lines; default ROOT/.codepith/context-audit.jsonl)."
)
@click.option("--copy", is_flag=True, help="Also copy the pack to the clipboard (an error when the system has none).")
def pack_command(
    root: str, profile: str | None, diff: str | None, pr_description: str | None, copy: bool, **given
) -> None:
    """Pack the files a task needs from ROOT into one document on standard output.

    Paths are relative to ROOT and are checked before anything is read: a path
    outside ROOT stops the run. Every run, failed ones too, appends one line
    to the audit file saying what entered, what was refused, and why; each
    path that does not enter is also named on standard error, with the reason.

    \b
    Exit status:
      0  packed (in compact/observe mode, possibly with warnings, or nothing)
      1  the audit file cannot be written (checked first: nothing is packed),
         or another error (git cannot be run for --diff)
      2  a usage error, or the run stopped: a required file cannot enter, a
         path leaves ROOT, or in fail-closed mode anything that cannot enter
         whole or an empty pack; the reason on standard error, nothing on
         standard output

    \b
    Examples:
      codepith pack . --mode compact --required AGENTS.md --pr-path src/app.py
      codepith pack . --profile review --diff main --pr-description pr.md
    """
    settings = _settings(root, profile, given)
    if copy:
        check_clipboard()  # before anything is packed or audited
    if pr_description is not None:
        limit = settings.get("max_file_bytes") or DEFAULT_MAX_FILE_BYTES
        stdin = getattr(sys.stdin, "buffer", None)  # None: standard input is closed
        settings["pr_description"] = read_description(pr_description, max_bytes=limit, stdin=stdin)
    try:
        result = pack(root, diff=diff, **settings)
    except PackFailed as exc:
        for warning in exc.result.warnings:
            _say("warning", warning)
        _say("error", exc.told(lambda param, value: f"{options.flag_name(param)} {value}"))
        raise click.exceptions.Exit(EXIT_STOP) from None
    except AuditUnwritable as exc:
        _say("error", str(exc))
        raise click.exceptions.Exit(EXIT_ERROR) from None
    _print(result)
    if copy:
        copy_text(result.output)
