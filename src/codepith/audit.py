"""Reading the packer's audit file, and recording what happened after a run.

The audit file holds JSON lines of two kinds of event, each with a ``schema``
version: ``pack`` (one per :func:`codepith.pack` run) and ``outcome``
(the figures a harness reports after the task a run served, linked by
``run_id``). :func:`report` puts the raw figures side by side per repository
and task type; it computes no score.
"""

from __future__ import annotations

import os
import time
from collections import defaultdict
from typing import Iterator

from .errors import CodepithError
from . import jsonl
from .packer import AUDIT_SCHEMA, append_audit

__all__ = ["read_events", "record_outcome", "report", "OUTCOME_FIELDS"]

OUTCOME_FIELDS = ("repeat_questions", "same_task_rereads", "review_rounds")


def read_events(path: str | os.PathLike) -> Iterator[dict]:
    """Every event of the audit file, in order (lines that are not JSON are skipped)."""
    if not os.path.exists(path):
        raise CodepithError(f"{os.fspath(path)}: no audit file (a pack run writes one)")
    yield from jsonl.read(path)


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
    append_audit(path, event)
    return event


def report(path: str | os.PathLike) -> list[dict]:
    """Per repository and task type: runs and the raw figures, summed."""
    runs: dict[str, dict] = {}
    outcomes: list[dict] = []
    for event in read_events(path):
        if event.get("event", "pack") == "pack":
            runs[event.get("run_id")] = event
        elif event.get("event") == "outcome":
            outcomes.append(event)
    task_of = {o["run_id"]: o.get("task") or "-" for o in outcomes}
    rows: dict[tuple[str, str], dict] = defaultdict(lambda: {
        "runs": 0, "failed": 0, "injected_bytes": 0, "injected_tokens": 0, "discards": 0,
        "outcomes": 0, **{k: 0 for k in OUTCOME_FIELDS},
    })
    for run_id, run in runs.items():
        row = rows[(run.get("root") or "-", task_of.get(run_id, "-"))]
        row["runs"] += 1
        row["failed"] += run.get("status") == "failed"
        for item in run.get("items", []):
            if item.get("action") in ("inject", "inject-compressed"):
                row["injected_bytes"] += item.get("out_bytes") or 0
                row["injected_tokens"] += item.get("out_tokens") or 0
            elif item.get("action") in ("discard", "reject"):
                row["discards"] += 1
    for o in outcomes:
        run = runs.get(o["run_id"], {})
        row = rows[(run.get("root") or o.get("root") or "-", o.get("task") or "-")]
        row["outcomes"] += 1
        for key in OUTCOME_FIELDS:
            row[key] += int(o.get(key) or 0)
    return [{"repository": repo, "task": task, **figures} for (repo, task), figures in sorted(rows.items())]
