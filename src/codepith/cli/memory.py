"""Project memory commands: ``index``, ``rules build|which``, ``recall``,
``hook user-prompt-submit``, ``memory stats`` and the lesson commands
(:mod:`.memory_lessons`)."""

from __future__ import annotations

import functools
import json
import os
import re
import sys

import click

from ..core.literals import Encoding
from ..errors import FATAL, CodepithError, InvalidOption
from ..fs.config import load_settings
from ..fs.paths import display_name
from ..memory.defaults import DEFAULT_BUDGET, DEFAULT_MAX_TOKENS, DEFAULT_RULE_FILE_TOKENS, DEFAULT_RULE_TOKENS
from ..memory.recall import recall, rule_section_ids
from ..memory.usage import USAGE_FILE, UsageLog, read_usage, usage_stats
from . import options
from .memory_lessons import lesson_commands

_root = click.option(
    "--root",
    type=click.Path(exists=True, file_okay=False),
    default=".",
    show_default=True,
    help="The project's root folder.",
)

HOOK_STDIN_MAX = 4 * 1024 * 1024

_log_prompts = click.option(
    "--log-prompts",
    is_flag=True,
    help="Keep the prompt's first 500 characters in the usage log "
    "[default: only a salted hash of it; `log_prompts = true` in .codepith.toml's "
    "[memory] table does the same].",
)
MEMORY_KEYS = {"log_prompts": bool}


def _keeps_prompts(root: str, flag: bool) -> bool:
    """``--log-prompts``, else the project's ``[memory] log_prompts`` setting (off by default)."""
    if flag:
        return True
    return bool(load_settings(root, "memory", MEMORY_KEYS).get("log_prompts", (False, ""))[0])


def _write_out(text: str) -> None:
    out = sys.stdout.buffer
    out.write(text.encode("utf-8", "surrogateescape"))
    out.flush()


def _os_errors(fn):
    """An ``OSError`` the library lets through (a working directory that was
    deleted, a file that vanished) ends as one line naming it, not a traceback."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except CodepithError:
            raise
        except OSError as exc:
            where = exc.filename or "the working directory"
            raise CodepithError(
                f"{where}: {exc.strerror or exc}; check that it exists and can be read "
                "(run from an existing folder, or give --root)"
            ) from None

    return wrapper


_LONE = re.compile("[\ud800-\udfff]")


def _shown(text: str) -> str:
    """``text`` with each lone surrogate (a byte of a file name that is not
    UTF-8) written as the escape codepith shows such names with (``\\xe9``)."""
    return _LONE.sub(lambda m: display_name(m.group()), text)


def _warn(warnings: list[str], prefix: str) -> None:
    for warning in warnings:
        click.echo(f"{prefix}: warning: {_shown(warning)}", err=True)


# --------------------------------------------------------------------------- index


@options.command(name="index")
@click.argument("root", type=click.Path(exists=True, file_okay=False), default=".")
@click.option(
    "--max-tokens",
    type=int,
    default=DEFAULT_MAX_TOKENS,
    show_default=True,
    help="Hard ceiling of the block, in exact tokens (markers and pointer line included).",
)
@click.option(
    "--write",
    "write",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="FILE",
    help="Replace the marked block in FILE (AGENTS.md, CLAUDE.md); append it when absent, "
    "create FILE when missing. Every other byte of FILE stays as it is.",
)
@options.encoding()
@_os_errors
def index_command(root: str, max_tokens: int, write: str | None, encoding: Encoding) -> None:
    """A bounded index of the project at ROOT: one line per module, and how to ask for more.

    Each line names a module (a top-level package or folder; the folders and
    most referenced files under it while they fit, so a one-package repository
    is described a level down) and what it is: its package docstring or its
    README's first sentence, then its most referenced public names. The
    ceiling is filled: descriptions are cut at a word to what fits; when not
    even the top-level names fit, the tail becomes `+N more`; the pointer line
    to `codepith recall` is always there.
    Same tree, same bytes. The block sits between
    <!-- codepith:index:start --> and <!-- codepith:index:end -->.

    \b
    Examples:
      codepith index . --max-tokens 250
      codepith index . --write AGENTS.md
    """
    from ..memory.index import build_index, write_block  # the builders load only for their commands

    warnings: list[str] = []
    if write is None:
        _write_out(build_index(root, max_tokens=max_tokens, encoding=encoding, warnings=warnings))
        _warn(warnings, "codepith index")
        return
    written, block = write_block(
        write,
        lambda newline: build_index(root, max_tokens=max_tokens, encoding=encoding, newline=newline, warnings=warnings),
        root=root,
    )
    _warn(warnings, "codepith index")
    from ..core.tokens import count_tokens

    tokens = count_tokens(block, encoding=encoding)
    click.echo(f"{write}: {'index block written' if written else 'unchanged'} ({tokens} tokens)")


# --------------------------------------------------------------------------- rules


@options.group(name="rules")
def rules_group() -> None:
    """Path-scoped rule files: generate them from the code, and see which apply where."""


@rules_group.command(name="build")
@click.argument("root", type=click.Path(exists=True, file_okay=False), default=".")
@click.option(
    "--file-tokens",
    type=int,
    default=DEFAULT_RULE_TOKENS,
    show_default=True,
    help="Most tokens of each source file's outline block.",
)
@click.option(
    "--max-tokens",
    type=int,
    default=DEFAULT_RULE_FILE_TOKENS,
    show_default=True,
    help="Most tokens of each rule file; the files left out are named in its last line.",
)
@click.option("--dry-run", is_flag=True, help="Say what would change; write nothing.")
@options.encoding()
@_os_errors
def rules_build(root: str, file_tokens: int, max_tokens: int, dry_run: bool, encoding: Encoding) -> None:
    """Write .claude/rules/codepith-<module>.md for every module of ROOT.

    One rule per module at the depth where its outline fits --max-tokens: a
    larger package becomes a rule for its own files (`paths: pkg/*`) and rules
    for each subpackage (`pkg/sub/**`). Each rule file has `paths:` front
    matter, so Claude Code loads it only when it works there, and the module's
    outline compression, file by file; a file that does not fit its share shows
    its most referenced signatures. A rule file is rewritten
    only when its bytes change; rule files that codepith generated for modules
    that are gone are removed.
    """
    from ..memory.rules import build_rules

    results = build_rules(root, file_tokens=file_tokens, max_tokens=max_tokens, encoding=encoding, dry_run=dry_run)
    verb = {
        "written": "would write" if dry_run else "wrote",
        "unchanged": "unchanged",
        "removed": "would remove" if dry_run else "removed",
    }
    for r in results:
        size = f" ({r.tokens} tokens)" if r.action != "removed" else ""
        click.echo(f"{verb[r.action]} {r.path}{size}")
    if not results:
        click.echo("no module with source files: nothing to write")


@rules_group.command(name="which")
@click.argument("paths", nargs=-1, required=True)
@_root
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@_os_errors
def rules_which(paths: tuple[str, ...], root: str, as_json: bool) -> None:
    """Which rule files apply to each of PATHS (relative to --root), and why.

    Reads Claude Code's .claude/rules/**/*.md (`paths:`, every pattern),
    GitHub's .github/instructions/**/*.instructions.md (`applyTo:`), Cursor's
    .cursor/rules/**/*.mdc (`globs:`, `alwaysApply:`), and the AGENTS.md and
    CLAUDE.md files on the way from the root. Warns about rule files whose
    patterns match no file or every file, about keys the tool ignores (`globs:`
    in a Claude rule scopes nothing), and about front matter it cannot read.
    """
    from ..memory.which import which_rules

    result = which_rules(root, list(paths))
    shown = _shown  # a name that is not UTF-8 is printed with its bytes as escapes
    if as_json:
        click.echo(
            json.dumps(
                {
                    "paths": {
                        shown(p): [{"rule": shown(m.rule), "tool": m.tool, "reason": shown(m.reason)} for m in ms]
                        for p, ms in result.matches.items()
                    },
                    "warnings": [shown(w) for w in result.warnings],
                },
                indent=1,
            )
        )
        return
    for path, matches in result.matches.items():
        click.echo(shown(path))
        if not matches:
            click.echo("  (no rule file applies)")
        for m in matches:
            click.echo(shown(f"  {m.rule}  [{m.tool}] {m.reason}"))
    if result.warnings:
        click.echo("warnings:")
        for warning in result.warnings:
            click.echo(f"  {shown(warning)}")


# --------------------------------------------------------------------------- recall


@options.command(name="recall")
@click.argument("query")
@click.argument("more_paths", nargs=-1, metavar="")
@click.option(
    "--paths",
    "paths",
    multiple=True,
    metavar="P…",
    help="Paths the task touches (relative to --root): their symbols and rules rank higher. "
    "Takes several values (`--paths a.py b.py`) and may be repeated.",
)
@click.option(
    "--budget", type=int, default=DEFAULT_BUDGET, show_default=True, help="Most tokens of the output (exact count)."
)
@_root
@options.encoding()
@click.option(
    "--session", default=None, help="A session id for the usage log (lines without one count as a session each)."
)
@click.option("--no-log", is_flag=True, help="Do not append to .codepith/usage.jsonl.")
@_log_prompts
@_os_errors
def recall_command(
    query: str,
    more_paths: tuple[str, ...],
    paths: tuple[str, ...],
    budget: int,
    root: str,
    encoding: Encoding,
    session: str | None,
    no_log: bool,
    log_prompts: bool,
) -> None:
    """The code and rules most relevant to QUERY, in at most --budget tokens.

    Needs no earlier step: it builds a symbol index of --root once (in
    .codepith/recall.sqlite, with progress on a terminal; later calls re-read
    only the files that changed) and ranks every
    definition and every section of hand-written rule files by the query's
    words (identifiers split at snake_case and camelCase), paths and docs, plus
    nearness to --paths (and to file paths written in the query). Prints
    the live lessons of LESSONS.md that the task touches (see `codepith memory
    add`; at most a third of the budget), then signatures with their doc's
    first line, grouped by file. Every injection
    appends a line to .codepith/usage.jsonl (see `codepith memory stats`),
    with a salted hash of the query, not the query (--log-prompts keeps it).

    \b
    Examples:
      codepith recall "how are token budgets enforced" --budget 600
      codepith recall "ResultCache flush" --paths src/app/cache.py src/app/bulk.py
    """
    if more_paths and not paths:
        raise click.UsageError(f"unexpected argument {more_paths[0]!r}: quote the query, or name paths after --paths")
    result = recall(
        root,
        query,
        paths=list(paths) + list(more_paths),
        budget=budget,
        encoding=encoding,
        log=False if no_log else UsageLog(session=session, log_prompts=_keeps_prompts(root, log_prompts)),
        progress=_progress(),
    )
    _warn(result.warnings, "codepith recall")
    if not result.text:
        click.echo("codepith recall: nothing in the index matches the query", err=True)
        return
    _write_out(result.text)


# --------------------------------------------------------------------------- hook


@options.group(name="hook")
def hook_group() -> None:
    """Entry points for agents' hooks."""


@hook_group.command(name="user-prompt-submit")
@click.option(
    "--budget", type=int, default=DEFAULT_BUDGET, show_default=True, help="Most tokens of the injection (exact count)."
)
@click.option(
    "--root",
    type=click.Path(file_okay=False),
    default=None,
    help="The project's root [default: the hook input's cwd, else $CLAUDE_PROJECT_DIR, else the git "
    "repository holding the working folder; with none of them, nothing is indexed].",
)
@options.encoding()
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help='Print Claude Code\'s JSON form ({"hookSpecificOutput": {"additionalContext": …}}) instead of plain text.',
)
@_log_prompts
def hook_user_prompt_submit(
    budget: int, root: str | None, encoding: Encoding, as_json: bool, log_prompts: bool
) -> None:
    """Read a UserPromptSubmit hook's JSON on standard input; print the recall for its prompt.

    The input is an object with `prompt` and `cwd` (and `session_id`, logged
    with the injection), as Claude Code sends it. Without `cwd` the project is
    $CLAUDE_PROJECT_DIR, else the git repository holding the working folder. The usage log gets a salted
    hash of the prompt, not the prompt (--log-prompts keeps it). This command
    never blocks or breaks the agent's prompt: on bad input or any failure (a
    `.codepith` that is a symlink included) it prints nothing, says why on
    standard error and exits 0. A mistake in its own options (a --budget too
    small to hold anything) is a usage error, as in every command.

    \b
    .claude/settings.json:
      {"hooks": {"UserPromptSubmit": [{"hooks": [
        {"type": "command", "command": "codepith hook user-prompt-submit --budget 600"}]}]}}
    """
    try:
        base, prompt, session = _hook_input(root)
        result = recall(
            base,
            prompt,
            budget=budget,
            encoding=encoding,
            log=UsageLog(source="hook", session=session, log_prompts=_keeps_prompts(base, log_prompts)),
            progress=_progress(),
        )
    except InvalidOption:
        raise  # the command line's mistake, not the input's: named as its flag
    except BaseException as exc:  # noqa: BLE001 - a hook must never break the prompt: nothing on stdout, exit 0
        if isinstance(exc, FATAL):
            raise  # a dependency's panic is a BaseException too, and is caught
        click.echo(f"codepith hook: nothing injected: {exc}", err=True)
        return
    _warn(result.warnings, "codepith hook")
    if not result.text:
        return
    if as_json:
        _write_out(
            json.dumps({"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": result.text}})
            + "\n"
        )
    else:
        _write_out(result.text)


def _progress():
    """A progress line for the index's first build, on standard error when it is a terminal; else None."""
    try:
        if not sys.stderr.isatty():
            return None
    except (AttributeError, ValueError):
        return None

    def report(parsed: int, done: bool) -> None:
        click.echo(f"\rcodepith: indexed {parsed} files for recall" + ("" if done else "\u2026"), err=True, nl=done)

    return report


#: the project folder Claude Code sets in its hooks' environment
PROJECT_ENV = "CLAUDE_PROJECT_DIR"


def _agent_project() -> str:
    """The project of a hook input without ``cwd``: ``$CLAUDE_PROJECT_DIR``,
    else the git repository holding the working folder; ``ValueError`` when
    there is neither (never the working folder itself: it may be ``/tmp``)."""
    from ..core.discover import repository_root

    env = os.environ.get(PROJECT_ENV)
    if env:
        return env
    try:
        here = os.getcwd()
    except OSError:
        here = None
    top = repository_root(here) if here else None
    if top is None:
        raise ValueError(
            f"no project found: the input has no `cwd`, ${PROJECT_ENV} is not set and the working "
            f"folder {display_name(here or '?')} is in no git repository; give --root"
        )
    return top


def _hook_input(root: str | None) -> tuple[str, str, str | None]:
    """(the root, the prompt, the session id) of the hook's JSON on standard
    input; ``ValueError`` saying what is wrong with it."""
    raw = sys.stdin.buffer.read(HOOK_STDIN_MAX + 1)
    if len(raw) > HOOK_STDIN_MAX:
        raise ValueError(f"the input is over {HOOK_STDIN_MAX} bytes")
    try:
        payload = json.loads(raw.decode("utf-8", "replace"))
    except ValueError as exc:
        raise ValueError(f"the input is not JSON ({exc})") from None
    if not isinstance(payload, dict):
        raise ValueError("the input is not a JSON object")  # noqa: TRY004 - reported, never raised out
    prompt = payload.get("prompt")
    if not isinstance(prompt, str):
        raise ValueError("the input has no string `prompt`")  # noqa: TRY004 - reported, never raised out
    base = root or payload.get("cwd") or _agent_project()
    if not isinstance(base, str) or not os.path.isdir(base):
        raise ValueError(f"the root {base!r} is not a folder")
    session = payload.get("session_id")
    return base, prompt, session if isinstance(session, str) else None


# --------------------------------------------------------------------------- stats


@options.group(name="memory")
def memory_group() -> None:
    """Lessons (hand-written facts in LESSONS.md) and the usage of project memory.

    \b
    add, list, supersede, consolidate, prune: the facts recall injects.
    stats: what recall and the hook pulled, and what they never do.

    The usage log (.codepith/usage.jsonl) keeps a salted hash of each prompt,
    not the prompt, unless --log-prompts (on recall and the hook) asks for it.
    Older logs keep prompts (lines with a `query` field) and are left as they
    are: nothing is rewritten behind your back. To clear them, delete
    .codepith/usage.jsonl (pull counts start over), or keep the counts:

    \b
      jq -c 'del(.query)' .codepith/usage.jsonl > usage.tmp && mv usage.tmp .codepith/usage.jsonl
    """


@memory_group.command(name="stats", renames={"idle_after": "sessions"})
@_root
@click.option(
    "--usage",
    "usage",
    type=click.Path(dir_okay=False),
    default=None,
    help=f"The usage log [default: ROOT/{USAGE_FILE}].",
)
@click.option(
    "--sessions",
    type=int,
    default=20,
    show_default=True,
    help="Not pulled in this many sessions: an eviction candidate.",
)
@click.option("--top", type=click.IntRange(min=0), default=20, show_default=True, help="How many items to list.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@_os_errors
def memory_stats(root: str, usage: str | None, sessions: int, top: int, as_json: bool) -> None:
    """Pull counts per symbol and rule, and what has not been pulled for --sessions sessions.

    Reads the usage log that every recall and hook injection appends to. Only
    pulls count: how recently something was written never makes it a
    candidate, and nothing is deleted — the candidates are for you to act on.
    Rule sections that exist now and were never pulled are candidates too, once
    the log holds that many sessions.
    """
    path = usage or os.path.join(root, USAGE_FILE)
    records = read_usage(path, root=root)
    stats = usage_stats(records, idle_after=sessions, known=rule_section_ids(root))
    if as_json:
        click.echo(
            json.dumps(
                {
                    "sessions": stats.sessions,
                    "injections": stats.injections,
                    "tokens": stats.tokens,
                    "items": [vars(s) for s in stats.items],
                    "candidates": [vars(s) for s in stats.candidates],
                },
                indent=1,
            )
        )
        return
    click.echo(f"{path}: {stats.injections} injections in {stats.sessions} sessions, {stats.tokens} tokens")
    if stats.items:
        width = max(len(s.item) for s in stats.items[:top] or stats.items)
        click.echo(f"  {'item':<{width}}  pulls  sessions  idle")
        for s in stats.items[:top]:
            click.echo(f"  {s.item:<{width}}  {s.pulls:>5}  {s.sessions:>8}  {s.idle_sessions:>4}")
        if len(stats.items) > top:
            click.echo(f"  … {len(stats.items) - top} more")
    click.echo(f"eviction candidates (not pulled in the last {sessions} sessions): {len(stats.candidates)}")
    for s in stats.candidates[:top]:
        click.echo(f"  {s.item}  ({'never pulled' if not s.pulls else f'{s.pulls} pulls'}, idle {s.idle_sessions})")
    if len(stats.candidates) > top:
        click.echo(f"  … {len(stats.candidates) - top} more")


for _command in lesson_commands:
    memory_group.add_command(_command)

commands = [index_command, rules_group, recall_command, hook_group, memory_group]
