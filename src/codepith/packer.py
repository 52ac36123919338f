"""The context packer: which files enter a model's context, under budgets, with
an audit line for every run.

:func:`pack` takes the required files and the PR paths of a task, checks
every path before reading anything (a path that leaves the root stops the
run), and fills the output in order under a byte budget and an exact token
budget. In ``fail-closed`` mode anything that does not fit stops the run; in
``compact`` mode an optional file that does not fit is compressed
(``signatures``, then ``outline``) and enters compressed if that fits, else is
discarded; ``observe`` decides as ``compact`` but outputs the files whole.
Every run, failed ones included, appends one JSON line to the audit file.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from dataclasses import asdict, dataclass, field
from typing import Sequence

from .compress import LEVELS, compress
from . import jsonl
from .errors import CodepithError
from .paths import file_kind as _kind
from .paths import resolve_inside as _resolve
from .languages import detect_language
from .tokens import DEFAULT_ENCODING, count_tokens, joins_cleanly

__all__ = ["pack", "PackResult", "PackItem", "PackFailed", "MODES", "AUDIT_SCHEMA", "append_audit",
           "DEFAULT_AUDIT", "DEFAULT_BYTE_BUDGET"]

MODES = ("fail-closed", "compact", "observe")
PACK_FORMATS = ("markdown", "xml", "json")
AUDIT_SCHEMA = 1
DEFAULT_AUDIT = os.path.join(".codepith", "context-audit.jsonl")
DEFAULT_BYTE_BUDGET = 32768


@dataclass
class PackItem:
    """One path considered, and what the packer did with it."""

    path: str
    role: str  # required | pr-path | dependency-of:<path>
    action: str = "discard"  # inject | inject-compressed | discard | reject
    reason: str = ""
    bytes: int | None = None  # of the file as read
    tokens: int | None = None
    out_bytes: int | None = None  # of its block in the output
    out_tokens: int | None = None
    compressed_level: str | None = None
    compressed_bytes: int | None = None
    compressed_tokens: int | None = None
    elided_lines: list[tuple[int, int]] = field(default_factory=list)


@dataclass
class PackResult:
    run_id: str
    status: str  # packed | failed
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

    def audit_record(self) -> dict:
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
            "items": [
                {k: v for k, v in asdict(item).items() if v is not None and v != []} for item in self.items
            ],
        }


class PackFailed(CodepithError):
    """A pack run stopped (a required file missing or too large, a path outside
    the root, a file over budget in fail-closed mode). ``result`` holds the
    decisions made, as written to the audit."""

    def __init__(self, message: str, result: PackResult) -> None:
        super().__init__(message)
        self.result = result


# --------------------------------------------------------------------------- paths


# --------------------------------------------------------------------------- rendering


def _fence(text: str) -> str:
    longest = 2
    run = 0
    for ch in text:
        run = run + 1 if ch == "`" else 0
        longest = max(longest, run)
    return "`" * (longest + 1)


def _block(fmt: str, path: str, text: str, level: str | None, elided: list[tuple[int, int]]) -> str:
    if fmt == "xml":
        attrs = f' path="{_xml_attr(path)}"'
        if level:
            attrs += f' compressed="{level}" elided="{_ranges(elided)}"'
        body = text if text.endswith("\n") or not text else text + "\n"
        return f"<file{attrs}>\n{body}</file>\n\n"
    # markdown
    note = f" (compressed: {level}; elided lines {_ranges(elided) or 'none'})" if level else ""
    fence = _fence(text)
    lang = detect_language(path) or ""
    body = text if text.endswith("\n") or not text else text + "\n"
    return f"## {path}{note}\n\n{fence}{lang}\n{body}{fence}\n\n"


def _ranges(elided: list[tuple[int, int]]) -> str:
    return ",".join(f"{a}-{b}" if a != b else f"{a}" for a, b in elided)


def _xml_attr(value: str) -> str:
    return value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


def _json_text(text: str) -> str:
    """Text for a JSON document: bytes that are not UTF-8 become U+FFFD."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _json_doc(entries: list[dict]) -> str:
    return json.dumps({"files": entries}, ensure_ascii=False, indent=1) + "\n"


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class _Document:
    """The output under construction, with its exact size in bytes and tokens.

    The size of the document so far is kept, so measuring one more block
    costs that block alone whenever the tokenizer certainly cuts where it
    joins (markdown and XML blocks start a line with ``#`` or ``<``; see
    :func:`codepith.tokens.joins_cleanly`); otherwise, and for JSON (whose
    closing brackets move), the whole document is counted again.
    """

    def __init__(self, fmt: str, encoding: str) -> None:
        self.fmt = fmt
        self.encoding = encoding
        self.blocks: list[str] = []
        self.entries: list[dict] = []
        self.clean = True  # every block but the last is valid UTF-8 (no lone surrogates)
        self.size: tuple[int, int] | None = self._count(self._text_with(None, None)) if fmt == "json" else (0, 0)

    def _count(self, text: str) -> tuple[int, int]:
        data = text.encode("utf-8", "surrogateescape")
        return len(data), count_tokens(data, encoding=self.encoding)

    def _text_with(self, block: str | None, entry: dict | None) -> str:
        if self.fmt == "json":
            return _json_doc(self.entries + ([entry] if entry else []))
        return "".join(self.blocks) + (block or "")

    def measure(self, block: str, entry: dict) -> tuple[int, int]:
        """Bytes and tokens of the whole output if this block were added."""
        # the last block is checked by joins_cleanly, the ones before by `clean`
        if (self.size is not None and self.clean and self.fmt != "json"
                and joins_cleanly(self.blocks[-1] if self.blocks else "", block, encoding=self.encoding)):
            nbytes, ntokens = self._count(block)
            return self.size[0] + nbytes, self.size[1] + ntokens
        return self._count(self._text_with(block, entry))

    def add(self, block: str, entry: dict, size: tuple[int, int] | None = None) -> None:
        """Add a block; ``size`` is what :meth:`measure` said for it (without
        it the size is no longer known, and the next measure counts it all)."""
        if self.blocks and self.clean:
            self.clean = _is_utf8(self.blocks[-1])
        self.blocks.append(block)
        self.entries.append(entry)
        self.size = size

    def text(self) -> str:
        return self._text_with(None, None) if (self.blocks or self.fmt == "json") else ""


# --------------------------------------------------------------------------- the packer


def _check_budget(value: int | None, name: str) -> None:
    if value is not None and value <= 0:
        raise CodepithError(f"{name} must be a positive number, got {value}")


def pack(
    root: str | os.PathLike,
    *,
    required: Sequence[str] = (),
    pr_paths: Sequence[str] = (),
    diff: str | None = None,
    deps: bool = False,
    deps_level: str = "signatures",
    mode: str,
    byte_budget: int | None = DEFAULT_BYTE_BUDGET,
    token_budget: int | None = None,
    encoding: str = DEFAULT_ENCODING,
    fmt: str = "markdown",
    audit: str | os.PathLike | None = None,
    write_audit: bool = True,
) -> PackResult:
    """Pack the ``required`` files, then the ``pr_paths``, under the budgets.

    Raises :class:`PackFailed` when the run stops (after writing its audit
    line); the returned result of a successful run holds the output and one
    item per path considered.
    """
    if mode not in MODES:
        raise CodepithError(f"--mode must be one of {', '.join(MODES)}, got {mode!r}")
    if fmt not in PACK_FORMATS:
        raise CodepithError(f"--format must be one of {', '.join(PACK_FORMATS)}, got {fmt!r}")
    _check_budget(byte_budget, "--byte-budget")
    _check_budget(token_budget, "--token-budget")
    if deps_level not in LEVELS:
        raise CodepithError(f"--deps-level must be one of {', '.join(LEVELS)}, got {deps_level!r}")
    if byte_budget is None and token_budget is None:
        raise CodepithError("give --byte-budget, --token-budget or both")
    count_tokens("", encoding=encoding)  # an unknown encoding fails here, naming the known ones
    root = os.path.abspath(os.fspath(root))
    if not os.path.isdir(root):
        raise CodepithError(f"{root}: the root must be a folder")
    root_real = os.path.realpath(root)
    audit_path = os.fspath(audit) if audit is not None else os.path.join(root, DEFAULT_AUDIT)
    audit_real = os.path.realpath(audit_path)

    result = PackResult(
        run_id=uuid.uuid4().hex[:16], status="packed", mode=mode, output="", items=[],
        byte_budget=byte_budget, token_budget=token_budget, bytes_used=0, tokens_used=0, encoding=encoding,
        root=root,
    )

    def stop(message: str) -> PackResult:
        result.status = "failed"
        result.failure = message
        result.output = ""
        if write_audit:
            append_audit(audit_path, result.audit_record())
        raise PackFailed(message, result)

    changed: list[str] = []
    deleted: list[str] = []
    if diff is not None:
        for rel in changed_paths(root, diff):
            (changed if os.path.lexists(os.path.join(root, rel)) else deleted).append(rel)

    # 1. Every path is checked before anything is read.
    plan: list[tuple[PackItem, str | None]] = []
    seen: set[str] = set()
    for rel in deleted:  # reported, never read
        result.items.append(PackItem(path=rel, role="pr-path", action="discard", reason="deleted"))
        seen.add(rel)
    for role, paths in (("required", required), ("pr-path", list(pr_paths) + changed)):
        for raw in paths:
            abspath, rel, problem = _resolve(root_real, root, raw)
            key = rel if problem else os.path.realpath(abspath)
            if key in seen:
                continue  # duplicates enter once
            seen.add(key)
            item = PackItem(path=rel, role=role)
            result.items.append(item)
            if problem:
                item.action, item.reason = "reject", problem
                plan.append((item, None))
                continue
            kind = _kind(abspath)
            if os.path.realpath(abspath) == audit_real:
                kind = "audit-file"
            if kind != "file":
                item.action = "discard"
                item.reason = {"missing": "required-missing" if role == "required" else "missing"}.get(kind, kind)
                plan.append((item, None))
                continue
            plan.append((item, abspath))
    for item, _ in plan:
        if item.action == "reject":
            return stop(f"{item.path}: outside the root {root}; paths must stay inside it")
    for item, _ in plan:
        if item.role == "required" and item.reason in ("required-missing", "not-a-file", "audit-file"):
            return stop(f"required file {item.path}: {item.reason}")

    # Dependencies of the PR paths, after them (compressed to `deps_level`).
    if deps:
        from .deps import direct_dependencies

        for item, abspath in list(plan):
            if item.role != "pr-path" or abspath is None:
                continue
            for rel in direct_dependencies(root, item.path):
                dep_abs = os.path.join(root, rel)
                key = os.path.realpath(dep_abs)
                if key in seen:
                    continue
                seen.add(key)
                dep = PackItem(path=rel, role=f"dependency-of:{item.path}")
                result.items.append(dep)
                if key == audit_real or _kind(dep_abs) != "file":
                    dep.reason = "audit-file" if key == audit_real else _kind(dep_abs)
                    plan.append((dep, None))
                    continue
                plan.append((dep, dep_abs))

    # 2. Fill the output in order. Each file has forms to try, in order: whole
    # (a dependency: compressed to `deps_level` first), then, where an optional
    # file may be compacted, its `signatures` and `outline` compressions.
    doc = _Document(fmt, encoding)
    full = _Document(fmt, encoding)  # observe mode: every requested file whole
    for item, abspath in plan:
        if abspath is None:
            continue
        try:
            with open(abspath, "rb") as f:
                data = f.read()
        except OSError as exc:
            item.action, item.reason = "discard", f"unreadable: {exc.strerror}"
            if item.role == "required":
                return stop(f"required file {item.path}: unreadable ({exc.strerror})")
            continue
        text = data.decode("utf-8", "surrogateescape")
        item.bytes = len(data)
        item.tokens = count_tokens(data, encoding=encoding)
        whole = (_block(fmt, item.path, text, None, []), {"path": item.path, "content": _json_text(text)})
        full.add(*whole)
        language = detect_language(item.path)
        dependency = item.role.startswith("dependency-of:")
        levels: list[str] = []
        if language is not None:
            if dependency and deps_level != "full":
                levels.append(deps_level)
            if mode != "fail-closed" and item.role != "required":
                levels += [lv for lv in ("signatures", "outline") if lv not in levels and
                           LEVELS.index(lv) >= LEVELS.index(deps_level if dependency else "full")]
        whole_allowed = not (dependency and language is not None and deps_level != "full")
        sequence: list[str | None] = ([None] if whole_allowed else []) + levels
        over = ""
        entered = False
        for attempt, level in enumerate(sequence):
            if level is None:
                form = whole
            else:
                try:
                    r = compress(data, language=language, level=level, line_refs=True)
                except CodepithError:
                    break
                ctext = r.data.decode("utf-8", "surrogateescape")
                elided = [(e.start_line, e.end_line) for e in r.elisions if e.kind in ("body", "block", "data")]
                form = (_block(fmt, item.path, ctext, level, elided),
                        {"path": item.path, "compressed": level, "elided_lines": _ranges(elided),
                         "content": _json_text(ctext)})
                item.compressed_level = level
                item.compressed_bytes = len(r.data)
                item.compressed_tokens = count_tokens(r.data, encoding=encoding)
                item.elided_lines = elided
            size = doc.measure(*form)
            reason = _over(size, byte_budget, token_budget)
            if not reason:
                item.action = "inject" if level is None else "inject-compressed"
                item.reason = "budget-ok" if level is None else f"compressed:{level}"
                before = doc.size
                assert before is not None  # `doc` always adds with the measured size
                item.out_bytes, item.out_tokens = size[0] - before[0], size[1] - before[1]
                doc.add(*form, size)
                entered = True
                break
            if attempt == 0:
                over = reason
                if mode == "fail-closed" or item.role == "required":
                    item.action, item.reason = "discard", reason
                    what = "required file" if item.role == "required" else "file"
                    return stop(f"{what} {item.path} does not fit: {reason} "
                                f"(budget: {_budgets(byte_budget, token_budget)})")
        if not entered:
            item.action, item.reason = "discard", over or "budget"

    output = (full if mode == "observe" else doc).text()
    result.output = output
    written = output.encode("utf-8", "surrogateescape")  # exactly what goes to standard output
    result.bytes_used = len(written)
    result.tokens_used = count_tokens(written, encoding=encoding)
    if write_audit:
        append_audit(audit_path, result.audit_record())
    return result


def _budgets(byte_budget: int | None, token_budget: int | None) -> str:
    parts = []
    if byte_budget is not None:
        parts.append(f"{byte_budget} bytes")
    if token_budget is not None:
        parts.append(f"{token_budget} tokens")
    return ", ".join(parts)


def _over(size: tuple[int, int], byte_budget: int | None, token_budget: int | None) -> str:
    """'' when ``size`` fits, else the budget reason."""
    nbytes, ntokens = size
    over_bytes = byte_budget is not None and nbytes > byte_budget
    over_tokens = token_budget is not None and ntokens > token_budget
    if over_bytes and over_tokens:
        return "budget:bytes+tokens"
    if over_bytes:
        return "budget:bytes"
    if over_tokens:
        return "budget:tokens"
    return ""


def changed_paths(root: str, base: str) -> list[str]:
    """Paths under ``root`` changed since git revision ``base`` (relative to root)."""
    import subprocess

    try:
        proc = subprocess.run(
            ["git", "diff", "--name-only", "--relative", "-z", base, "--"],
            cwd=root, capture_output=True, timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise CodepithError(f"--diff {base}: could not run git ({exc})") from None
    if proc.returncode != 0:
        message = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise CodepithError(f"--diff {base}: git diff failed: {message[-1] if message else proc.returncode}")
    return [p for p in proc.stdout.decode("utf-8", "surrogateescape").split("\0") if p]


# --------------------------------------------------------------------------- audit


def append_audit(path: str | os.PathLike, record: dict) -> None:
    """Append ``record`` to the audit file as one JSON line (see :mod:`codepith.jsonl`)."""
    jsonl.append(path, record, root=record.get("root") or None)
