"""``codepith audit``: read the packer's audit file, record outcomes, report."""

from __future__ import annotations

import json
import os

import click

from ..fs.paths import display_name
from ..packer.audit import DEFAULT_AUDIT, read_events, record_outcome, report
from ..packer.results import AUDIT_SCHEMA
from . import options


def _default_audit() -> str:
    return DEFAULT_AUDIT if os.path.exists(DEFAULT_AUDIT) else os.path.join(".", DEFAULT_AUDIT)


def _events(path: str) -> list[dict]:
    """The events of the audit file ``path``; the lines skipped are told (see :func:`_say_skipped`)."""
    skipped = [0]
    events = list(read_events(path, skipped))
    _say_skipped(path, skipped[0])
    return events


def _say_skipped(path: str, count: int) -> None:
    """Count, on standard error, the lines of ``path`` that were not read (not JSON: torn or hand-edited)."""
    if count:
        lines = "line was" if count == 1 else "lines were"
        click.echo(
            f"codepith: warning: {display_name(path)}: {count} {lines} skipped: not a JSON object "
            "(a torn or hand-edited line)",
            err=True,
        )


def _text(value) -> str:
    """A value of the audit as one line of printable text (names that were
    not UTF-8, or that hold control characters, come escaped)."""
    return display_name(value if isinstance(value, str) else str(value))


@options.group(name="audit")
def audit_group() -> None:
    """Read the packer's audit file: what entered the context, what was refused, why."""


@audit_group.command(name="show", renames={"path": "file"})
@click.argument("file", type=click.Path(dir_okay=False), required=False)
@click.option("--last", type=click.IntRange(min=1), default=5, show_default=True, help="How many runs.")
def show(file: str | None, last: int) -> None:
    """Print the last pack runs of FILE (default .codepith/context-audit.jsonl) as tables."""
    path = file or _default_audit()
    runs = [e for e in _events(path) if e.get("event", "pack") == "pack"][-last:]
    if not runs:
        click.echo(f"{path}: no pack runs yet")
        return
    for run in runs:
        if run.get("schema") != AUDIT_SCHEMA:
            schema = run.get("schema")
            click.echo(
                f"a record of unknown schema {_text(schema) if schema is not None else '(none)'}: this "
                f"codepith reads schema {AUDIT_SCHEMA}; a newer codepith may show it\n"
            )
            continue
        budgets = run.get("budgets")
        if not isinstance(budgets, dict):
            budgets = {}
        limit = ", ".join(f"{v} {k}" for k, v in budgets.items() if k in ("bytes", "tokens") and v)
        click.echo(
            f"run {_text(run.get('run_id'))}  {_text(run.get('time', ''))}  {_text(run.get('mode'))}  "
            f"{_text(run.get('status'))}  "
            f"used {run.get('bytes_used')} bytes, {run.get('tokens_used')} tokens (budget {limit})"
        )
        if run.get("failure"):
            click.echo(f"  failure: {_text(run['failure'])}")
        items = [i for i in run.get("items", []) if isinstance(i, dict)]
        width = max([len(_text(i.get("path", ""))) for i in items] + [4])
        click.echo(f"  {'path':<{width}}  {'role':<16} {'action':<18} {'bytes':>8} {'tokens':>7}  reason")
        for item in items:
            size = item.get("out_bytes", item.get("bytes"))
            tokens = item.get("out_tokens", item.get("tokens"))
            click.echo(
                f"  {_text(item.get('path', '')):<{width}}  {_text(item.get('role', '')):<16} "
                f"{_text(item.get('action', '')):<18} "
                f"{'' if size is None else size:>8} {'' if tokens is None else tokens:>7}  "
                f"{_text(item.get('reason', ''))}{'; printed whole' if item.get('printed') is True else ''}"
            )
        click.echo()


@audit_group.command(name="outcome", renames={"path": "file"})
@click.option(
    "--run",
    "run_id",
    required=True,
    metavar="RUN_ID",
    help="The pack run this outcome follows (its id: `codepith audit show` lists them).",
)
@click.option("--task", required=True, help="The kind of task (bugfix, review, …).")
@click.option("--pr", default=None, help="The pull request it became.")
@click.option(
    "--repeat-questions",
    type=int,
    default=0,
    show_default=True,
    metavar="N",
    help="How many questions the agent asked more than once during the task.",
)
@click.option(
    "--same-task-rereads",
    type=int,
    default=0,
    show_default=True,
    metavar="N",
    help="How many times the agent read a file again within the task.",
)
@click.option(
    "--review-rounds",
    type=int,
    default=0,
    show_default=True,
    metavar="N",
    help="How many review rounds the pull request took.",
)
@click.option(
    "--audit",
    "file",
    type=click.Path(dir_okay=False),
    default=None,
    help="Audit file (default .codepith/context-audit.jsonl).",
)
def outcome(run_id, task, pr, repeat_questions, same_task_rereads, review_rounds, file) -> None:
    """Record what happened after a pack run: raw figures, linked to the run."""
    event = record_outcome(
        file or _default_audit(),
        run_id=run_id,
        task=task,
        pr=pr,
        repeat_questions=repeat_questions,
        same_task_rereads=same_task_rereads,
        review_rounds=review_rounds,
    )
    click.echo(json.dumps(event))


@audit_group.command(name="report", renames={"path": "file"})
@click.argument("file", type=click.Path(dir_okay=False), required=False)
@click.option("--json", "as_json", is_flag=True, help="Print JSON rows.")
def report_command(file: str | None, as_json: bool) -> None:
    """Per repository and task type, the raw figures side by side (no score)."""
    path, skipped = file or _default_audit(), [0]
    rows = report(path, skipped)
    _say_skipped(path, skipped[0])
    if as_json:
        click.echo(json.dumps(rows, indent=1))
        return
    cols = [
        "runs",
        "failed",
        "injected_bytes",
        "injected_tokens",
        "discards",
        "outcomes",
        "repeat_questions",
        "same_task_rereads",
        "review_rounds",
    ]
    click.echo("repository / task")
    click.echo("  " + " ".join(f"{c:>17}" for c in cols))
    for row in rows:
        click.echo(f"{_text(row['repository'])} / {_text(row['task'])}")
        click.echo("  " + " ".join(f"{row[c]:>17}" for c in cols))
