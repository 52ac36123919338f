"""What a pack run hands back: one :class:`PackItem` per path considered, the
:class:`PackResult` of the run (its audit record included), and the two ways a
run ends early (:class:`PackFailed`, :class:`AuditUnwritable`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..errors import CodepithError

__all__ = ["PackItem", "PackResult", "PackFailed", "AuditUnwritable", "AUDIT_SCHEMA"]

AUDIT_SCHEMA = 1


@dataclass
class PackItem:
    """One path considered, and what the packer did with it."""

    path: str
    role: str  # required | pr-description | diff | pr-path | dependency-of:<path>
    action: str = "discard"  # inject | inject-compressed | inject-trimmed (the diff) | discard | reject
    reason: str = ""
    bytes: int | None = None  # of the file as read
    tokens: int | None = None
    out_bytes: int | None = None  # of its block in the output
    out_tokens: int | None = None
    compressed_level: str | None = None
    compressed_bytes: int | None = None
    compressed_tokens: int | None = None
    elided_lines: list[tuple[int, int]] = field(default_factory=list)
    printed: bool | None = None  # observe: True for a file printed whole (its action is what compact would do)
    #: the diff: each hunk left out, as {"file", "hunk" (its ``@@ … @@``), "reason"}
    dropped_hunks: list[dict[str, str]] = field(default_factory=list)


@dataclass
class PackResult:
    run_id: str
    status: str  # packed | observed (mode observe: the files printed whole) | failed
    mode: str
    output: str
    items: list[PackItem]
    byte_budget: int | None
    token_budget: int | None
    bytes_used: int
    tokens_used: int
    encoding: str
    failure: str | None = None
    root: str = ""
    warnings: list[str] = field(default_factory=list)  # one line each: what was dropped, and why
    deps_notes: list[str] = field(default_factory=list)  # PR paths whose imports are not followed, and why

    def audit_record(self) -> dict[str, Any]:
        return {
            "schema": AUDIT_SCHEMA,
            "event": "pack",
            "run_id": self.run_id,
            "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "root": self.root,
            "mode": self.mode,
            "budgets": {"bytes": self.byte_budget, "tokens": self.token_budget, "encoding": self.encoding},
            "bytes_used": self.bytes_used,
            "tokens_used": self.tokens_used,
            "status": self.status,
            "failure": self.failure,
            "items": [{k: v for k, v in asdict(item).items() if v is not None and v != []} for item in self.items],
            **({"deps_notes": self.deps_notes} if self.deps_notes else {}),
        }


class PackFailed(CodepithError):
    """A pack run stopped (a required file missing or too large, a path outside
    the root, a file over budget or a named path that cannot enter in
    fail-closed mode, nothing to pack in fail-closed mode). ``result`` holds
    the decisions made, as written to the audit.

    ``failure`` is the reason (as the audit records it). ``fix`` is the
    option that lets such a run go on, as (parameter, value), or None; each
    face names it its own way (:meth:`told`): the library ``mode="compact"``,
    the command line ``--mode compact``, the MCP tool its ``mode`` parameter.
    """

    def __init__(self, message: str, result: PackResult, fix: tuple[str, str] | None = None) -> None:
        self.failure = message
        self.result = result
        self.fix = fix
        super().__init__(self.told(lambda param, value: f'{param}="{value}"'))

    def told(self, option: Callable[[str, str], str]) -> str:
        """The message with its fix named by ``option(parameter, value)``."""
        if self.fix is None:
            return self.failure
        param, value = self.fix
        return f"{self.failure}; or {option(param, value)} {FIXES[self.fix]}"


#: what each fix does, after its option's name
FIXES = {("mode", "compact"): "compresses what does not fit and skips what cannot enter, with a warning"}


class AuditUnwritable(CodepithError):
    """The audit file cannot be written (a missing or read-only folder, a
    folder or FIFO in its place, a symlinked ``.codepith``). Raised before
    anything is packed, so a run never goes without its audit line."""

    def __init__(self, message: str, path: str) -> None:
        super().__init__(message)
        self.path = path
