"""Reading the packer's audit file, and recording what happened after a run.

The audit file holds JSON lines of two kinds of event, each with a ``schema``
version: ``pack`` (one per :func:`codepith.pack` run) and ``outcome``
(the figures a harness reports after the task a run served, linked by
``run_id``). :func:`report` puts the raw figures side by side per repository
and task type; it computes no score.
"""

from __future__ import annotations

import os
import stat
import time
from collections import defaultdict
from typing import Iterator

from ..errors import CodepithError
from ..core import jsonl
from .packing import AUDIT_SCHEMA, append_audit
from ..core.paths import display_name

__all__ = ["read_events", "record_outcome", "report", "OUTCOME_FIELDS"]

OUTCOME_FIELDS = ("repeat_questions", "same_task_rereads", "review_rounds")


def _check_readable(path: str | os.PathLike) -> None:
    """An audit file must be a regular file: a FIFO would block the read."""
    name = display_name(os.fspath(path))
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise CodepithError(f"{name}: no audit file (a pack run writes one); name it with --audit PATH") from None
    except OSError as exc:
        raise CodepithError(f"{name}: cannot read the audit file ({exc.strerror})") from None
    if not stat.S_ISREG(st.st_mode):
        raise CodepithError(f"{name}: not a regular file; name the audit file (JSON lines)")


def read_events(path: str | os.PathLike) -> Iterator[dict]:
    """Every event of the audit file, in order (lines that are not JSON are skipped)."""
    _check_readable(path)
    try:
        yield from jsonl.read(path)
    except OSError as exc:
        raise CodepithError(f"{display_name(os.fspath(path))}: cannot read the audit file ({exc.strerror})") from None


def record_outcome(
    path: str | os.PathLike,
    *,
    run_id: str,
    task: str,
    pr: str | None = None,
    repeat_questions: int = 0,
    same_task_rereads: int = 0,
    review_rounds: int = 0,
) -> dict:
    """Append an ``outcome`` event for pack run ``run_id`` (which must be in the file)."""
    for name, value in (("--repeat-questions", repeat_questions), ("--same-task-rereads", same_task_rereads),
                        ("--review-rounds", review_rounds)):
        if value < 0:
            raise CodepithError(f"{name} must be 0 or more, got {value}")
    runs = {e.get("run_id"): e for e in read_events(path) if e.get("event", "pack") == "pack"}
    if run_id not in runs:
        raise CodepithError(f"no pack run {run_id!r} in {os.fspath(path)}; `codepith audit show` lists them")
    event = {
        "schema": AUDIT_SCHEMA,
        "event": "outcome",
        "run_id": run_id,
        "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "root": runs[run_id].get("root"),
        "task": task,
        "pr": pr,
        "repeat_questions": repeat_questions,
        "same_task_rereads": same_task_rereads,
        "review_rounds": review_rounds,
    }
    try:
        append_audit(path, event)
    except OSError as exc:
        raise CodepithError(f"{display_name(os.fspath(path))}: cannot write the audit file ({exc.strerror}); "
                            "check its folder can be written") from None
    return event


def _number(value) -> int:
    """A count from the file; anything that is not one (a hand-edited line) counts 0."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def report(path: str | os.PathLike) -> list[dict]:
    """Per repository and task type: runs and the raw figures, summed."""
    runs: dict[str, dict] = {}
    outcomes: list[dict] = []
    for event in read_events(path):
        if event.get("event", "pack") == "pack":
            runs[event.get("run_id")] = event
        elif event.get("event") == "outcome":
            outcomes.append(event)
    outcomes = [o for o in outcomes if isinstance(o.get("run_id"), str)]
    task_of = {o["run_id"]: o.get("task") or "-" for o in outcomes}
    rows: dict[tuple[str, str], dict] = defaultdict(lambda: {
        "runs": 0, "failed": 0, "injected_bytes": 0, "injected_tokens": 0, "discards": 0,
        "outcomes": 0, **{k: 0 for k in OUTCOME_FIELDS},
    })
    for run_id, run in runs.items():
        row = rows[(str(run.get("root") or "-"), str(task_of.get(run_id, "-")))]
        row["runs"] += 1
        row["failed"] += run.get("status") == "failed"
        for item in run.get("items") if isinstance(run.get("items"), list) else []:
            if not isinstance(item, dict):
                continue
            if item.get("action") in ("inject", "inject-compressed"):
                row["injected_bytes"] += _number(item.get("out_bytes"))
                row["injected_tokens"] += _number(item.get("out_tokens"))
            elif item.get("action") in ("discard", "reject"):
                row["discards"] += 1
    for o in outcomes:
        run = runs.get(o["run_id"], {})
        row = rows[(str(run.get("root") or o.get("root") or "-"), str(o.get("task") or "-"))]
        row["outcomes"] += 1
        for key in OUTCOME_FIELDS:
            row[key] += _number(o.get(key))
    return [{"repository": repo, "task": task, **figures} for (repo, task), figures in sorted(rows.items())]
