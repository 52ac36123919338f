"""One pack run: its options, the paths it considers (:class:`Entry`), its
decisions and warnings so far, and the two ways it ends: a stop (audited as
failed, then :class:`~codepith.packer.results.PackFailed`) or its audit line."""

from __future__ import annotations

import os
import uuid
from dataclasses import dataclass, field

from ..core.literals import Level
from ..core.secrets import SecurityCheck, allowed_paths
from ..core.verdict import Verdict
from ..errors import CodepithError
from ..fs.paths import display_name
from .audit import append_audit
from .diffs import DIFF_ROLE, Hunk
from .layout import Form, Layout, budgets_text, over
from .options import PackOptions
from .results import AuditUnwritable, PackFailed, PackItem, PackResult

__all__ = ["Entry", "Run"]


@dataclass
class Entry:
    """A path of the run: its audit item, and what the packer knows of it."""

    item: PackItem
    abspath: str | None = None  # None: never read
    named: bool = True  # named by the caller (--required, --pr-path), not found (--diff, --deps)
    problem: str = ""  # why it cannot enter ('' while it may)
    detail: str = ""
    raw: str = ""
    data: bytes | None = None  # once read
    whole: Form | None = None  # once read
    levels: list[Level | None] = field(default_factory=list)  # its forms, in order of preference (None: whole)
    made: dict[Level | None, Form | None] = field(default_factory=dict)  # None when it cannot be made
    form: Form | None = None  # the form that entered
    classified: bool = False  # its content checked, once, when a compression is first asked for
    verdict: Verdict | None = None  # set when the verdict skips compressing it: whole only
    given: bytes | None = None  # content given, not read from a file (the PR description, the diff)
    hunks: list[Hunk] = field(default_factory=list)  # the diff: the hunks that may enter
    hunks_total: int = 0  # the diff: every hunk, those left out for their content included

    @property
    def required(self) -> bool:
        return self.item.role == "required"

    @property
    def is_diff(self) -> bool:
        return self.item.role == DIFF_ROLE

    @property
    def dependency(self) -> bool:
        return self.item.role.startswith("dependency-of:")


class Run:
    """One pack run: its options, its entries and decisions so far, its warnings."""

    def __init__(self, root: str, options: PackOptions, audit_path: str) -> None:
        self.root = root
        self.root_real = os.path.realpath(root)
        self.options = options
        self.mode = options.mode
        self.byte_budget, self.token_budget = options.byte_budget, options.token_budget
        self.encoding = options.encoding
        self.deps_level = options.deps_level
        self.max_file_bytes = options.max_file_bytes
        self.diff = options.diff
        self.include_generated = options.include_generated
        # the allowed files as real paths; relative ones are relative to the root
        allowed = allowed_paths(os.path.join(root, p) for p in options.allow_secrets)
        self.security = SecurityCheck(options.security_check, allowed)
        self.audit_path = audit_path
        self.audit_real = os.path.realpath(audit_path)
        self.write_audit = options.write_audit
        self.layout = Layout(options.fmt, options.encoding)
        self.entries: list[Entry] = []
        self.chosen: list[Entry] = []  # what entered, in document order
        self.seen: set[str] = set()
        self.result = PackResult(
            run_id=uuid.uuid4().hex[:16],
            status="packed",
            mode=options.mode,
            output="",
            items=[],
            byte_budget=options.byte_budget,
            token_budget=options.token_budget,
            bytes_used=0,
            tokens_used=0,
            encoding=options.encoding,
            root=root,
        )

    def stop(self, message: str, fix: tuple[str, str] | None = None) -> None:
        """End the run: audit it as failed and raise :class:`PackFailed` (``fix``:
        the option that would let it go on, as (parameter, value))."""
        result = self.result
        result.status, result.failure, result.output = "failed", message, ""
        result.bytes_used = result.tokens_used = 0
        try:
            self.audit()
        except AuditUnwritable as exc:
            raise AuditUnwritable(f"{exc} (the run had stopped: {message})", exc.path) from None
        raise PackFailed(message, result, fix)

    def warn(self, message: str) -> None:
        self.result.warnings.append(message)

    def audit(self) -> None:
        if not self.write_audit:
            return
        try:
            append_audit(self.audit_path, self.result.audit_record())
        except (OSError, CodepithError) as exc:
            cause = getattr(exc, "strerror", None) or str(exc)
            raise AuditUnwritable(
                f"{display_name(self.audit_path)}: cannot write the audit ({cause}); nothing was printed; "
                "pass a writable file with --audit PATH",
                self.audit_path,
            ) from None

    def over(self, size: tuple[int, int]) -> str:
        return over(size, self.byte_budget, self.token_budget)

    def budgets(self) -> str:
        return budgets_text(self.byte_budget, self.token_budget)
