"""The packer's audit file: checking it can be written before a run, appending
a run's line, reading it back, and recording what happened after a run.

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
from collections.abc import Iterator

from ..errors import CodepithError, InvalidOption
from ..fs import jsonl
from ..fs.paths import display_name
from ..fs.safeio import UnsafeStatePath, open_state
from ..render.primitives import json_dumps
from .results import AUDIT_SCHEMA, AuditUnwritable

__all__ = ["check_audit", "append_audit", "read_events", "record_outcome", "report", "OUTCOME_FIELDS", "DEFAULT_AUDIT"]

DEFAULT_AUDIT = os.path.join(".codepith", "context-audit.jsonl")
OUTCOME_FIELDS = ("repeat_questions", "same_task_rereads", "review_rounds")


# --------------------------------------------------------------------------- writing


def _file_in_the_way(folder: str) -> str | None:
    """The nearest existing path at or above ``folder``, when it is not a folder."""
    while folder and not os.path.lexists(folder):
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent
    return folder if folder and not os.path.isdir(folder) else None


def check_audit(path: str | os.PathLike, root: str | os.PathLike | None = None) -> None:
    """Make sure the audit file ``path`` can be appended to, before a run.

    The file (and its folder) is created if need be. Inside ``root`` it is
    opened without following any symlink (:func:`codepith.safeio.open_state`),
    so a planted ``.codepith`` link is refused; elsewhere it must be a regular
    file when opened. Raises :class:`AuditUnwritable` naming the path, the
    cause and the fix.
    """
    path = os.fspath(path)
    abspath = os.path.abspath(path)
    fix = "pass a writable file with --audit PATH"
    try:
        rel = os.path.relpath(abspath, root) if root is not None else os.pardir
        if root is not None and not (rel == os.pardir or rel.startswith(os.pardir + os.sep)):
            fd = open_state(os.fspath(root), rel.replace(os.sep, "/"), os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        else:
            folder = os.path.dirname(abspath)
            os.makedirs(folder, exist_ok=True)
            fd = os.open(
                abspath,
                os.O_WRONLY
                | os.O_APPEND
                | os.O_CREAT
                | getattr(os, "O_NONBLOCK", 0)
                | getattr(os, "O_BINARY", 0)
                | getattr(os, "O_CLOEXEC", 0),
                0o644,
            )
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                raise AuditUnwritable(f"{display_name(path)}: the audit path is not a regular file; {fix}", path)
        os.close(fd)
    except UnsafeStatePath as exc:
        raise AuditUnwritable(f"{display_name(path)}: cannot write the audit: {exc}; {fix}", path) from None
    except OSError as exc:
        cause = exc.strerror or str(exc)
        blocking = _file_in_the_way(os.path.dirname(abspath))
        if isinstance(exc, IsADirectoryError) or os.path.isdir(abspath):
            cause = "the audit path is a folder"
        elif blocking:
            cause = f"{display_name(blocking)} is a file, not a folder"
        raise AuditUnwritable(f"{display_name(path)}: cannot write the audit ({cause}); {fix}", path) from None


def append_audit(path: str | os.PathLike, record: dict) -> None:
    """Append ``record`` to the audit file as one JSON line, under the lock of
    :func:`codepith.jsonl.locked`. Names that were not UTF-8 are written as
    ``\\udcXX`` escapes: the line stays valid UTF-8 JSON and reads back to the
    same string."""
    data = (json_dumps(record, separators=(",", ":")) + "\n").encode("utf-8")
    # below the root no link is followed; every append starts on a fresh line
    with jsonl.locked(path, root=record.get("root") or None) as fd:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]


# --------------------------------------------------------------------------- reading


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


def read_events(path: str | os.PathLike, skipped: list[int] | None = None) -> Iterator[dict]:
    """Every event of the audit file, in order. Lines that are not JSON
    objects (a torn or hand-edited line) are skipped, and counted in
    ``skipped[0]`` when a list is given."""
    _check_readable(path)
    try:
        yield from jsonl.read(path, skipped)
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
    for name, value in (
        ("repeat_questions", repeat_questions),
        ("same_task_rereads", same_task_rereads),
        ("review_rounds", review_rounds),
    ):
        if value < 0:
            raise InvalidOption(name, f"must be 0 or more, got {value}")
    # a run id is a string: a hand-edited line holding another value names no run
    runs = {
        e["run_id"]: e
        for e in read_events(path)
        if e.get("event", "pack") == "pack" and isinstance(e.get("run_id"), str)
    }
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
        raise CodepithError(
            f"{display_name(os.fspath(path))}: cannot write the audit file ({exc.strerror}); "
            "check its folder can be written"
        ) from None
    return event


def _number(value) -> int:
    """A count from the file; anything that is not one (a hand-edited line) counts 0."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def report(path: str | os.PathLike, skipped: list[int] | None = None) -> list[dict]:
    """Per repository and task type: runs and the raw figures, summed (lines
    that are not JSON objects counted in ``skipped[0]``, as :func:`read_events`)."""
    runs: dict[str, dict] = {}
    unnamed: list[dict] = []  # pack runs without a string run id (hand-edited lines): no outcome joins them
    outcomes: list[dict] = []
    for event in read_events(path, skipped):
        if event.get("event", "pack") == "pack":
            run_id = event.get("run_id")
            if isinstance(run_id, str):
                runs[run_id] = event
            else:
                unnamed.append(event)
        elif event.get("event") == "outcome":
            outcomes.append(event)
    outcomes = [o for o in outcomes if isinstance(o.get("run_id"), str)]
    task_of = {o["run_id"]: o.get("task") or "-" for o in outcomes}
    rows: dict[tuple[str, str], dict] = defaultdict(
        lambda: {
            "runs": 0,
            "failed": 0,
            "injected_bytes": 0,
            "injected_tokens": 0,
            "discards": 0,
            "outcomes": 0,
            **{k: 0 for k in OUTCOME_FIELDS},
        }
    )
    named: list[tuple[str | None, dict]] = list(runs.items())
    for run_id, run in named + [(None, run) for run in unnamed]:
        row = rows[(str(run.get("root") or "-"), str(task_of.get(run_id, "-")))]
        row["runs"] += 1
        row["failed"] += run.get("status") == "failed"
        items = run.get("items")
        for item in items if isinstance(items, list) else []:
            if not isinstance(item, dict):
                continue
            if item.get("action") in ("inject", "inject-compressed", "inject-trimmed"):
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
