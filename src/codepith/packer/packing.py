"""The context packer: which files enter a model's context, under budgets, with
an audit line for every run.

:func:`pack` takes the required files and the PR paths of a task, checks
every path before reading anything (a path that leaves the root stops the
run), and fills the output under a byte budget and an exact token budget:
the required files first (whole), then the PR paths, then their dependencies.

- ``fail-closed``: every file must enter whole (a dependency at
  ``deps_level``); a named path that cannot enter stops the run, and so does
  a run that packs nothing.
- ``compact``: required files enter whole or stop the run. The budget goes to
  the PR paths first: every PR path that fits in its smallest form (the
  ``outline`` compression, or whole for a file without a language) next to the
  ones before it enters, then each is given back the richest form (whole,
  ``signatures``, ``outline``) that still fits. Dependencies only fill what
  is left. A file that cannot enter is discarded, with a warning.
- ``observe``: decides as ``compact`` but outputs the files whole.

Every run, failed ones included, appends one JSON line to the audit file; the
audit location is checked before anything else, so a run never goes without
its line. Warnings (one line each, for standard error) name every path that
was dropped and why.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import time
import uuid
from dataclasses import asdict, dataclass, field
from typing import Sequence

from ..core import jsonl
from ..core.compress import LEVELS, compress
from ..core.discover import DEFAULT_MAX_FILE_BYTES
from ..errors import CodepithError
from ..core.languages import detect_language, fence_name
from ..core.paths import display_name, is_state_path, path_kind, resolve_inside
from ..core.safeio import NotRegularFile, UnsafeStatePath, open_state, read_regular
from ..core.tokens import DEFAULT_ENCODING, count_tokens, joins_cleanly

__all__ = ["pack", "PackResult", "PackItem", "PackFailed", "AuditUnwritable", "MODES", "AUDIT_SCHEMA",
           "append_audit", "check_audit", "DEFAULT_AUDIT", "DEFAULT_BYTE_BUDGET", "DEFAULT_MAX_FILE_BYTES"]

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
    warnings: list[str] = field(default_factory=list)  # one line each: what was dropped, and why
    deps_notes: list[str] = field(default_factory=list)  # PR paths whose imports are not followed, and why

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
            **({"deps_notes": self.deps_notes} if self.deps_notes else {}),
        }


class PackFailed(CodepithError):
    """A pack run stopped (a required file missing or too large, a path outside
    the root, a file over budget or a named path that cannot enter in
    fail-closed mode, nothing to pack in fail-closed mode). ``result`` holds
    the decisions made, as written to the audit."""

    def __init__(self, message: str, result: PackResult) -> None:
        super().__init__(message)
        self.result = result


class AuditUnwritable(CodepithError):
    """The audit file cannot be written (a missing or read-only folder, a
    folder or FIFO in its place, a symlinked ``.codepith``). Raised before
    anything is packed, so a run never goes without its audit line."""

    def __init__(self, message: str, path: str) -> None:
        super().__init__(message)
        self.path = path


# --------------------------------------------------------------------------- rendering

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
# characters XML 1.0 cannot hold at all (not even as a character reference)
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _json_dumps(value, **kwargs) -> str:
    """JSON text for ``value``; lone surrogates (bytes of a name that were not
    UTF-8) become ``\\udcXX`` escapes, so the text is valid UTF-8 and reads
    back to the same string. They can only sit inside JSON strings, where the
    escape is legal."""
    text = json.dumps(value, ensure_ascii=False, **kwargs)
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _replace(pattern: re.Pattern, text: str) -> tuple[str, int]:
    """``text`` with every match of ``pattern`` made U+FFFD, and how many."""
    return pattern.subn("\ufffd", text)


def _fence(text: str) -> str:
    """A backtick fence longer than any backtick run in ``text`` (at least 3),
    so no line of the content can close it."""
    longest = max((len(run) for run in re.findall("`+", text)), default=0)
    return "`" * max(3, longest + 1)


def _ranges(elided: list[tuple[int, int]]) -> str:
    return ",".join(f"{a}-{b}" if a != b else f"{a}" for a, b in elided)


def _xml_attr(value: str) -> str:
    return value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


def _markdown_block(path: str, text: str, level: str | None, elided: list[tuple[int, int]]) -> str:
    note = f" (compressed: {level}; elided lines {_ranges(elided) or 'none'})" if level else ""
    fence = _fence(text)
    lang = fence_name(detect_language(path))
    body = text if text.endswith("\n") or not text else text + "\n"
    return f"## {display_name(path)}{note}\n\n{fence}{lang}\n{body}{fence}\n\n"


def _xml_block(path: str, text: str, level: str | None, elided: list[tuple[int, int]]) -> str:
    attrs = f' path="{_xml_attr(display_name(path))}"'
    if level:
        attrs += f' compressed="{level}" elided="{_ranges(elided)}"'
    body, replaced = _replace(_NOT_XML, text)
    if replaced:
        attrs += f' replaced="{replaced}"'
    if "<" in body or "&" in body or "]]>" in body:  # kept verbatim in CDATA sections
        body = "<![CDATA[" + body.replace("]]>", "]]]]><![CDATA[>") + "]]>"
    return f"<file{attrs}>{body}</file>\n"


def _json_entry(path: str, text: str, level: str | None, elided: list[tuple[int, int]]) -> dict:
    content, replaced = _replace(_LONE_SURROGATE, text)
    entry: dict = {"path": path}
    if level:
        entry["compressed"] = level
        entry["elided_lines"] = _ranges(elided)
    if replaced:
        entry["replaced"] = replaced
    entry["content"] = content
    return entry


@dataclass
class _Form:
    """One way a file can enter: whole (``level`` None) or compressed."""

    level: str | None
    block: str  # markdown / xml
    entry: dict  # json
    nbytes: int  # of the content in this form
    ntokens: int
    elided: list[tuple[int, int]]
    size: tuple[int, int] | None = None  # of the block alone, once counted


class _Layout:
    """The output document of one format: its frame (the empty document) and
    the exact size in bytes and tokens of any sequence of blocks.

    For markdown and XML the size of a document is the sum of its parts'
    sizes whenever the tokenizer certainly cuts where they join (each block
    starts a line with ``#`` or ``<``; see :func:`codepith.tokens.joins_cleanly`),
    so each block is counted once; otherwise, and for JSON (whose closing
    brackets move), the whole document is counted.
    """

    def __init__(self, fmt: str, encoding: str) -> None:
        self.fmt = fmt
        self.encoding = encoding
        self.prefix, self.suffix = ("<files>\n", "</files>\n") if fmt == "xml" else ("", "")
        (b1, t1), (b2, t2) = self.count(self.prefix), self.count(self.suffix)
        self.frame_size = (b1 + b2, t1 + t2)

    def count(self, text: str) -> tuple[int, int]:
        data = text.encode("utf-8", "surrogateescape")
        return len(data), count_tokens(data, encoding=self.encoding)

    def form(self, path: str, text: str, level: str | None, elided: list[tuple[int, int]],
             nbytes: int, ntokens: int) -> _Form:
        block = "" if self.fmt == "json" else (_xml_block if self.fmt == "xml" else _markdown_block)(
            path, text, level, elided)
        entry = _json_entry(path, text, level, elided) if self.fmt == "json" else {}
        return _Form(level, block, entry, nbytes, ntokens, elided)

    def text(self, forms: Sequence[_Form]) -> str:
        if self.fmt == "json":
            return _json_dumps({"files": [f.entry for f in forms]}, indent=1) + "\n"
        return self.prefix + "".join(f.block for f in forms) + self.suffix

    def size(self, forms: Sequence[_Form]) -> tuple[int, int]:
        """Bytes and tokens of the document holding ``forms``, exactly."""
        if self.fmt == "json":
            return self.count(self.text(forms))
        parts = [p for p in (self.prefix, *(f.block for f in forms), self.suffix) if p]
        if not all(joins_cleanly(a, b, encoding=self.encoding) for a, b in zip(parts, parts[1:])):
            return self.count(self.text(forms))
        nbytes, ntokens = self.frame_size
        for f in forms:
            if f.size is None:
                f.size = self.count(f.block)
            nbytes, ntokens = nbytes + f.size[0], ntokens + f.size[1]
        return nbytes, ntokens


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


def _budgets(byte_budget: int | None, token_budget: int | None) -> str:
    parts = []
    if byte_budget is not None:
        parts.append(f"{byte_budget} bytes")
    if token_budget is not None:
        parts.append(f"{token_budget} tokens")
    return ", ".join(parts)


# --------------------------------------------------------------------------- paths

_GLOB = re.compile(r"[*?\[]")

#: what each reason a path cannot enter means for a user, and what to do
_PROBLEMS = {
    "outside-root": "outside the root {root}; paths must stay inside it",
    "invalid-name": "not a file name ({detail}); name a file relative to the root",
    "folder": "is a folder; name its files (e.g. each of `git ls-files {name}`)",
    "not-a-file": "not a regular file (a {detail}); only regular files are packed",
    "unreadable": "cannot be read ({detail})",
    "too-large": "{detail}; raise --max-file-bytes to pack it",
    "codepith-state": "is codepith's own state (.codepith/), which is never packed",
    "audit-file": "is this run's audit file, which is never packed",
    "deleted": "deleted since {base}; reported in the audit, not read",
}


@dataclass
class _Entry:
    """A path of the run: its audit item, and what the packer knows of it."""

    item: PackItem
    abspath: str | None = None  # None: never read
    named: bool = True  # named by the caller (--required, --pr-path), not found (--diff, --deps)
    problem: str = ""  # why it cannot enter ('' while it may)
    detail: str = ""
    raw: str = ""
    data: bytes | None = None  # once read
    whole: _Form | None = None  # once read
    levels: list[str | None] = field(default_factory=list)  # its forms, in order of preference
    made: dict = field(default_factory=dict)  # level -> _Form, or None when it cannot be made
    form: _Form | None = None  # the form that entered

    @property
    def required(self) -> bool:
        return self.item.role == "required"

    @property
    def dependency(self) -> bool:
        return self.item.role.startswith("dependency-of:")


def _missing_message(entry: _Entry, root: str) -> str:
    name = display_name(entry.item.path)
    if _GLOB.search(entry.raw):
        return (f"{name}: no such file; it looks like a pattern your shell did not expand: "
                f"name the files (e.g. each of `git ls-files '{name}'`)")
    hint = "check the spelling (paths are relative to the root)"
    here, root_real = os.path.realpath(entry.raw), os.path.realpath(root)
    if not os.path.isabs(entry.raw) and os.path.isfile(here) and here.startswith(root_real + os.sep):
        hint = f"paths are relative to the root: did you mean {display_name(os.path.relpath(here, root_real))}?"
    return f"{name}: no such file under {root}; {hint}"


# --------------------------------------------------------------------------- the audit


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
        if not (rel == os.pardir or rel.startswith(os.pardir + os.sep)):
            fd = open_state(os.fspath(root), rel.replace(os.sep, "/"), os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        else:
            folder = os.path.dirname(abspath)
            os.makedirs(folder, exist_ok=True)
            fd = os.open(abspath, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
                         | getattr(os, "O_CLOEXEC", 0), 0o644)
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
    data = (_json_dumps(record, separators=(",", ":")) + "\n").encode("utf-8")
    # below the root no link is followed; every append starts on a fresh line
    with jsonl.locked(path, root=record.get("root") or None) as fd:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]


# --------------------------------------------------------------------------- a run


class _Run:
    """One pack run: its options, its decisions so far, its warnings."""

    def __init__(self, root: str, *, mode: str, byte_budget: int | None, token_budget: int | None,
                 encoding: str, fmt: str, deps_level: str, max_file_bytes: int, diff: str | None,
                 audit_path: str, write_audit: bool) -> None:
        self.root = root
        self.root_real = os.path.realpath(root)
        self.mode = mode
        self.byte_budget, self.token_budget = byte_budget, token_budget
        self.encoding = encoding
        self.deps_level = deps_level
        self.max_file_bytes = max_file_bytes
        self.diff = diff
        self.audit_path = audit_path
        self.audit_real = os.path.realpath(audit_path)
        self.write_audit = write_audit
        self.layout = _Layout(fmt, encoding)
        self.entries: list[_Entry] = []
        self.chosen: list[_Entry] = []  # what entered, in document order
        self.seen: set[str] = set()
        self.result = PackResult(
            run_id=uuid.uuid4().hex[:16], status="packed", mode=mode, output="", items=[],
            byte_budget=byte_budget, token_budget=token_budget, bytes_used=0, tokens_used=0,
            encoding=encoding, root=root,
        )

    # ------------------------------------------------------------ endings

    def stop(self, message: str) -> None:
        """End the run: audit it as failed and raise :class:`PackFailed`."""
        result = self.result
        result.status, result.failure, result.output = "failed", message, ""
        result.bytes_used = result.tokens_used = 0
        try:
            self.audit()
        except AuditUnwritable as exc:
            raise AuditUnwritable(f"{exc} (the run had stopped: {message})", exc.path) from None
        raise PackFailed(message, result)

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
                "pass a writable file with --audit PATH", self.audit_path) from None

    def over(self, size: tuple[int, int]) -> str:
        return _over(size, self.byte_budget, self.token_budget)

    def budgets(self) -> str:
        return _budgets(self.byte_budget, self.token_budget)

    # ------------------------------------------------------------ paths

    def add(self, raw: str, role: str, *, named: bool, problem: str = "") -> _Entry | None:
        """Check one path (nothing is opened); ``None`` for a duplicate."""
        abspath, rel, found = resolve_inside(self.root_real, self.root, raw)
        key = rel if found else os.path.realpath(abspath)
        if key in self.seen:
            return None  # duplicates enter once
        self.seen.add(key)
        entry = _Entry(PackItem(path=rel if rel is not None else raw, role=role), named=named, raw=raw)
        self.entries.append(entry)
        self.result.items.append(entry.item)
        entry.problem = problem or found
        if entry.problem == "invalid-name":
            entry.detail = "it holds a NUL byte" if raw else "it is empty"
        if entry.problem:
            return entry
        real_rel = os.path.relpath(key, self.root_real).replace(os.sep, "/")
        if is_state_path(entry.item.path) or is_state_path(real_rel):
            entry.problem = "codepith-state"
        elif key == self.audit_real:
            entry.problem = "audit-file"
        else:
            kind, entry.detail = path_kind(abspath)
            entry.problem = "" if kind == "file" else kind
        if not entry.problem:
            entry.abspath = abspath
        return entry

    def message(self, entry: _Entry) -> str:
        """``<path>: <cause>; <fix>`` for an entry that cannot enter."""
        if entry.problem == "missing":
            return _missing_message(entry, self.root)
        name = display_name(entry.item.path)
        text = _PROBLEMS[entry.problem].format(root=self.root, name=name, detail=entry.detail,
                                               base=display_name(self.diff or ""))
        return f"{name}: {text}"

    def refuse(self, entry: _Entry) -> None:
        """Record why ``entry`` cannot enter. A required file stops the run,
        and so does a named path outside the root, or any named path in
        fail-closed mode; anything else is a warning."""
        item = entry.item
        item.action = "reject" if entry.problem == "outside-root" else "discard"
        item.reason = {"folder": "not-a-file", "missing": "required-missing" if entry.required else "missing",
                       "unreadable": f"unreadable: {entry.detail}"}.get(entry.problem, entry.problem)
        message = self.message(entry)
        if entry.required:
            self.stop(f"required file {message}")
        if entry.named and entry.problem == "outside-root":
            self.stop(message)
        if entry.named and self.mode == "fail-closed":
            self.stop(f"{message}; fail-closed mode stops on a named path that cannot enter "
                      "(--mode compact skips it with a warning)")
        self.warn(message)

    def check_paths(self) -> None:
        """Refuse what cannot enter: the stops first (a named path outside the
        root, then a required file), then the rest in order."""
        problems = [e for e in self.entries if e.problem]
        problems.sort(key=lambda e: (not (e.named and e.problem == "outside-root"), not e.required))
        for entry in problems:
            self.refuse(entry)

    # ------------------------------------------------------------ reading

    def read(self, entry: _Entry) -> bool:
        """Read ``entry`` (non-blocking, regular files only); False, after a
        stop or a warning, when it cannot be read."""
        assert entry.abspath is not None
        try:
            data = read_regular(entry.abspath, max_bytes=self.max_file_bytes)
        except NotRegularFile as exc:
            if exc.reason == "too-large":
                entry.problem, entry.detail = "too-large", f"larger than --max-file-bytes {self.max_file_bytes}"
            else:
                entry.problem, entry.detail = "not-a-file", "FIFO, socket or device when it was opened"
        except OSError as exc:
            entry.problem, entry.detail = "unreadable", exc.strerror or str(exc)
        else:
            self.prepare(entry, data)
            return True
        self.refuse(entry)
        return False

    def prepare(self, entry: _Entry, data: bytes) -> None:
        """Count ``entry``'s bytes, make its whole form, and list the forms it
        may take, in order of preference: whole (a dependency: compressed to
        ``deps_level``), then, where an optional file may be compacted, its
        ``signatures`` and ``outline`` compressions (made only when asked)."""
        item = entry.item
        item.bytes = len(data)
        item.tokens = count_tokens(data, encoding=self.encoding)
        entry.whole = self.layout.form(item.path, data.decode("utf-8", "surrogateescape"), None, [],
                                       item.bytes, item.tokens)
        entry.made[None] = entry.whole
        entry.data = data
        first = self.deps_level if entry.dependency else "full"
        entry.levels = [None if first == "full" else first]
        if detect_language(item.path) is None:
            entry.levels = [None]  # nothing to compress: whole, whatever the role
        elif self.mode != "fail-closed" and not entry.required:
            entry.levels += [lv for lv in ("signatures", "outline")
                             if lv not in entry.levels and LEVELS.index(lv) > LEVELS.index(first)]

    def forms(self, entry: _Entry) -> list[_Form]:
        """Every form ``entry`` may take, in order of preference."""
        out = []
        for level in entry.levels:
            form = self.form(entry, level)
            if form is not None:
                out.append(form)
        return out

    def form(self, entry: _Entry, level: str | None) -> _Form | None:
        """``entry`` in form ``level``; None when it cannot be compressed to it,
        or comes out the same as a form before it."""
        if level not in entry.made:
            entry.made[level] = self.compressed(entry, level)
            form = entry.made[level]
            if form is not None and any(f is not form and f.block == form.block and f.entry == form.entry
                                        for f in entry.made.values() if f is not None):
                entry.made[level] = None
        return entry.made[level]

    def compressed(self, entry: _Entry, level: str) -> _Form | None:
        assert entry.data is not None and level is not None
        path = entry.item.path
        try:
            r = compress(entry.data, language=detect_language(path), level=level, line_refs=True)
        except Exception as exc:  # a file that cannot be compressed costs only its compressed forms
            self.warn(f"{display_name(path)}: cannot be compressed to {level} "
                      f"({type(exc).__name__}: {exc}); only its other forms are tried")
            return None
        elided = [(e.start_line, e.end_line) for e in r.elisions if e.kind in ("body", "block", "data")]
        return self.layout.form(path, r.data.decode("utf-8", "surrogateescape"), level, elided,
                                len(r.data), count_tokens(r.data, encoding=self.encoding))

    # ------------------------------------------------------------ filling

    def size(self, extra: Sequence[_Form] = (), swap: tuple[_Entry, _Form] | None = None) -> tuple[int, int]:
        """The document's size with what entered (``swap``: one entry in another
        form), then ``extra``."""
        forms = [swap[1] if swap is not None and e is swap[0] else e.form for e in self.chosen]
        return self.layout.size([*forms, *extra])  # type: ignore[list-item]

    def enter(self, entry: _Entry, form: _Form) -> None:
        entry.form = form
        self.chosen.append(entry)

    def discard(self, entry: _Entry, form: _Form, reason: str) -> None:
        """``entry`` does not fit, even as ``form``: a stop in fail-closed mode
        or for a required file, else a warning."""
        entry.item.action, entry.item.reason = "discard", reason
        used = self.size()
        left = []
        if self.byte_budget is not None:
            left.append(f"{max(self.byte_budget - used[0], 0)} bytes")
        if self.token_budget is not None:
            left.append(f"{max(self.token_budget - used[1], 0)} tokens")
        shape = f"as {form.level}" if form.level else "whole"
        message = (f"{display_name(entry.item.path)} does not fit: {reason} ({form.nbytes} bytes, "
                   f"{form.ntokens} tokens {shape}; {' and '.join(left)} left of the budget of {self.budgets()})")
        if entry.required:
            self.stop(f"required file {message}; raise the budget")
        if self.mode == "fail-closed":
            self.stop(f"{message}; raise the budget, or use --mode compact to compress what does not fit")
        self.warn(f"{message}; discarded")

    def fill_in_order(self, entry: _Entry) -> None:
        """The first form of ``entry`` that fits enters; if none does, it is
        discarded (or the run stops)."""
        tried: tuple[_Form, str] | None = None
        for level in entry.levels:
            form = self.form(entry, level)
            if form is None:
                continue
            reason = self.over(self.size([form]))
            if not reason:
                self.enter(entry, form)
                return
            tried = (form, reason)
        if tried is None:  # no compression could be made (each was warned about): whole, then
            assert entry.whole is not None
            reason = self.over(self.size([entry.whole]))
            if not reason:
                self.enter(entry, entry.whole)
                return
            tried = (entry.whole, reason)
        self.discard(entry, *tried)

    def fill_pr_paths(self, entries: list[_Entry]) -> None:
        """compact and observe: the budget goes to the PR paths in order. Each
        that fits in its smallest form next to the ones before it enters; then
        each, in order, is given the richest form that still fits."""
        wholes = [e.whole for e in entries]
        if not self.over(self.size(wholes)):  # everything fits whole: nothing to compress
            for entry in entries:
                self.enter(entry, entry.whole)  # type: ignore[arg-type]
            return
        for entry in entries:
            smallest = sorted(self.forms(entry), key=lambda f: (f.nbytes, f.ntokens))
            fit = next((f for f in smallest if not self.over(self.size([f]))), None)
            if fit is None:
                self.discard(entry, smallest[0], self.over(self.size(smallest[:1])))
            else:
                self.enter(entry, fit)
        for entry in [e for e in self.chosen if e in entries]:
            for form in self.forms(entry):  # the richest first
                if form is entry.form:
                    break
                if not self.over(self.size(swap=(entry, form))):
                    entry.form = form
                    break

    def check_frame(self) -> None:
        """The empty document must fit the budget too."""
        empty = self.layout.size([])
        reason = self.over(empty)
        if reason:
            message = (f"the empty {self.layout.fmt} document alone takes {empty[0]} bytes, {empty[1]} tokens: "
                       f"{reason} (budget: {self.budgets()}); raise the budget")
            if self.mode == "fail-closed":
                self.stop(message)
            self.warn(message + ("; nothing is printed" if self.mode == "compact" else ""))

    def fill(self) -> None:
        """Decide every entry that may enter: required, PR paths, dependencies."""
        self.check_frame()
        waiting = [e for e in self.entries if e.abspath is not None and not e.problem]
        for entry in [e for e in waiting if e.required]:
            if self.read(entry):
                self.fill_in_order(entry)
        prs = [e for e in waiting if e.item.role == "pr-path" and self.read(e)]
        if self.mode == "fail-closed":
            for entry in prs:
                self.fill_in_order(entry)
        else:
            self.fill_pr_paths(prs)
        for entry in [e for e in waiting if e.dependency]:
            if self.read(entry):
                self.fill_in_order(entry)

    # ------------------------------------------------------------ the end

    def nothing_packed(self) -> str:
        if not self.entries:
            return ("no file was named: give --required PATH, --pr-path PATH or --diff BASE "
                    "(or a --profile that does)")
        if self.diff is not None and all(e.problem == "deleted" for e in self.entries):
            return f"--diff {display_name(self.diff)} found no changed file to read"
        return "every path was discarded (see the warnings above, and the audit)"

    def finish(self) -> PackResult:
        """Name the decisions, check the run packed something within the
        budget, and audit it."""
        for entry in self.chosen:
            form = entry.form
            assert form is not None
            entry.item.action = "inject" if form.level is None else "inject-compressed"
            entry.item.reason = "budget-ok" if form.level is None else f"compressed:{form.level}"
        if not self.chosen:
            message = "nothing was packed: " + self.nothing_packed()
            if self.mode == "fail-closed":
                self.stop(message)
            self.warn(message)
        self.note_forms()
        self.measure_items()
        if self.mode == "observe":  # every file that was read, whole
            output = self.layout.text([e.whole for e in self.entries if e.whole is not None])
        else:
            output = self.layout.text([e.form for e in self.chosen])  # type: ignore[misc]
        size = self.layout.count(output)
        if self.mode != "observe" and self.over(size):
            output, size = "", (0, 0)  # only the empty document can be over: check_frame warned
        result = self.result
        result.output = output
        result.bytes_used, result.tokens_used = size
        self.audit()
        return result

    def note_forms(self) -> None:
        """In the audit: the compressed form that entered, or for a file that
        did not, the smallest compression tried."""
        for entry in self.entries:
            if entry.form is not None:
                form = entry.form if entry.form.level else None
            else:
                tried = [f for f in entry.made.values() if f is not None and f.level]
                form = min(tried, key=lambda f: (f.nbytes, f.ntokens)) if tried else None
            if form is not None:
                item = entry.item
                item.compressed_level, item.compressed_bytes = form.level, form.nbytes
                item.compressed_tokens, item.elided_lines = form.ntokens, form.elided

    def measure_items(self) -> None:
        """Each entered block's share of the output: what it added to the
        document before it (the shares and the empty document sum to the whole)."""
        before = self.layout.size([])
        forms: list[_Form] = []
        for entry in self.chosen:
            assert entry.form is not None
            forms.append(entry.form)
            after = self.layout.size(forms)
            entry.item.out_bytes, entry.item.out_tokens = after[0] - before[0], after[1] - before[1]
            before = after


# --------------------------------------------------------------------------- the packer


def _check_options(*, mode: str, fmt: str, byte_budget: int | None, token_budget: int | None,
                   deps_level: str, encoding: str, max_file_bytes: int) -> None:
    if mode not in MODES:
        raise CodepithError(f"--mode must be one of {', '.join(MODES)}, got {mode!r}")
    if fmt not in PACK_FORMATS:
        raise CodepithError(f"--format must be one of {', '.join(PACK_FORMATS)}, got {fmt!r}")
    for value, name in ((byte_budget, "--byte-budget"), (token_budget, "--token-budget"),
                        (max_file_bytes, "--max-file-bytes")):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value <= 0):
            raise CodepithError(f"{name} must be a positive number, got {value!r}")
    if deps_level not in LEVELS:
        raise CodepithError(f"--deps-level must be one of {', '.join(LEVELS)}, got {deps_level!r}")
    if byte_budget is None and token_budget is None:
        raise CodepithError("give --byte-budget, --token-budget or both")
    count_tokens("", encoding=encoding)  # an unknown encoding fails here, naming the known ones


def _path_list(value: Sequence[str], name: str) -> list[str]:
    if isinstance(value, (str, bytes)) or not all(isinstance(p, str) for p in value):
        raise CodepithError(f"{name} takes a list of file paths (strings), got {value!r}")
    return list(value)


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
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
) -> PackResult:
    """Pack the ``required`` files, then the ``pr_paths`` (and ``diff``'s
    changed paths), then their dependencies, under the budgets.

    Raises :class:`AuditUnwritable` before anything is read when the audit
    file cannot be written, and :class:`PackFailed` when the run stops (after
    writing its audit line); the returned result of a successful run holds the
    output, one item per path considered, and one warning per path dropped.
    """
    _check_options(mode=mode, fmt=fmt, byte_budget=byte_budget, token_budget=token_budget,
                   deps_level=deps_level, encoding=encoding, max_file_bytes=max_file_bytes)
    required = _path_list(required, "required")
    pr_paths = _path_list(pr_paths, "pr_paths")
    root = os.path.abspath(os.fspath(root))
    if not os.path.isdir(root):
        raise CodepithError(f"{display_name(root)}: the root must be a folder")
    audit_path = os.fspath(audit) if audit is not None else os.path.join(root, DEFAULT_AUDIT)
    if write_audit:
        check_audit(audit_path, root)
    run = _Run(root, mode=mode, byte_budget=byte_budget, token_budget=token_budget, encoding=encoding,
               fmt=fmt, deps_level=deps_level, max_file_bytes=max_file_bytes, diff=diff,
               audit_path=audit_path, write_audit=write_audit)
    changed = changed_paths(root, diff) if diff is not None else []

    # 1. Every path is checked before anything is read.
    for rel in changed:
        if not os.path.lexists(os.path.join(root, rel)):  # deleted: reported, never read
            run.add(rel, "pr-path", named=False, problem="deleted")
    for raw in required:
        run.add(raw, "required", named=True)
    for raw in pr_paths:
        run.add(raw, "pr-path", named=True)
    for rel in changed:
        if os.path.lexists(os.path.join(root, rel)):
            run.add(rel, "pr-path", named=False)
    run.check_paths()

    # Dependencies of the PR paths, after them (compressed to `deps_level`).
    if deps:
        from .deps import direct_dependencies, resolver_note

        for entry in [e for e in run.entries if e.item.role == "pr-path" and e.abspath is not None]:
            note = resolver_note(entry.item.path)
            if note is not None:
                run.result.deps_notes.append(note)
            for rel in direct_dependencies(root, entry.item.path):
                dep = run.add(rel, f"dependency-of:{entry.item.path}", named=False)
                if dep is not None and dep.problem:
                    run.refuse(dep)

    # 2. Fill the output in order; 3. print it and audit the run.
    run.fill()
    return run.finish()


def changed_paths(root: str, base: str) -> list[str]:
    """Paths under ``root`` changed since git revision ``base`` (relative to root)."""
    if not isinstance(base, str) or not base or base.startswith("-") or "\0" in base:
        raise CodepithError(f"--diff {display_name(str(base))!s}: not a git revision; give a branch, tag or "
                            "commit (e.g. --diff main)")
    try:
        proc = subprocess.run(
            ["git", "diff", "--name-only", "--relative", "-z", base, "--"],
            cwd=root, capture_output=True, timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise CodepithError(f"--diff {display_name(base)}: could not run git ({exc})") from None
    if proc.returncode != 0:
        message = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise CodepithError(f"--diff {display_name(base)}: git diff failed: "
                            f"{message[-1] if message else proc.returncode}")
    return [p for p in proc.stdout.decode("utf-8", "surrogateescape").split("\0") if p]
