"""The paths of a pack run: each is checked before anything is read (inside
the root, a regular file, not codepith's own state, not the audit file), and
read without blocking when its turn comes. A path that cannot enter is
refused with its reason: a stop or a warning, as the run's mode says."""

from __future__ import annotations

import os
import re

from ..core.secrets import NO_CHECK_HINT, SECRET_HINT, describe, name_reason, redact_path, scan
from ..core.verdict import secret_verdict
from ..fs.paths import display_name, is_state_path, path_kind, resolve_inside
from ..fs.safeio import NotRegularFile, read_regular
from .diffs import join_hunks, section_secrets, split_hunks
from .results import PackItem
from .run import Entry, Run

__all__ = ["Intake"]

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
    "secret": "skipped:secret ({detail})",
    "uncountable": "skipped:uncountable ({detail})",
}


def _missing_message(entry: Entry, root: str) -> str:
    name = display_name(entry.item.path)
    if _GLOB.search(entry.raw):
        return (
            f"{name}: no such file; it looks like a pattern your shell did not expand: "
            f"name the files (e.g. each of `git ls-files '{name}'`)"
        )
    hint = "check the spelling (paths are relative to the root)"
    here, root_real = os.path.realpath(entry.raw), os.path.realpath(root)
    if not os.path.isabs(entry.raw) and os.path.isfile(here) and here.startswith(root_real + os.sep):
        hint = f"paths are relative to the root: did you mean {display_name(os.path.relpath(here, root_real))}?"
    return f"{name}: no such file under {root}; {hint}"


class Intake:
    """Adds the paths of ``run`` (nothing is opened), refuses those that cannot
    enter, and reads the others."""

    def __init__(self, run: Run) -> None:
        self.run = run

    def add(self, raw: str, role: str, *, named: bool, problem: str = "") -> Entry | None:
        """Check one path (nothing is opened); ``None`` for a duplicate."""
        run = self.run
        abspath, rel, found = resolve_inside(run.root_real, run.root, raw)
        key = rel if found or abspath is None else os.path.realpath(abspath)
        if key in run.seen:
            return None  # duplicates enter once
        run.seen.add(key)
        entry = Entry(PackItem(path=rel, role=role), named=named, raw=raw)
        run.entries.append(entry)
        run.result.items.append(entry.item)
        entry.problem = problem or found
        redacted, secret = redact_path(entry.item.path)
        if secret:  # never shown, nor read: its name is a credential
            entry.item.path, entry.problem, entry.detail = redacted, "secret", name_reason(secret)
            return entry
        if entry.problem == "invalid-name":
            entry.detail = "it holds a NUL byte" if raw else "it is empty"
        if entry.problem:
            return entry
        assert abspath is not None  # no problem: the path resolved inside the root
        real_rel = os.path.relpath(key, run.root_real).replace(os.sep, "/")
        if is_state_path(entry.item.path) or is_state_path(real_rel):
            entry.problem = "codepith-state"
        elif key == run.audit_real:
            entry.problem = "audit-file"
        else:
            kind, entry.detail = path_kind(abspath)
            entry.problem = "" if kind == "file" else kind
        if not entry.problem:
            entry.abspath = abspath
        return entry

    def message(self, entry: Entry) -> str:
        """``<path>: <cause>; <fix>`` for an entry that cannot enter."""
        if entry.problem == "missing":
            return _missing_message(entry, self.run.root)
        name = display_name(entry.item.path)
        text = _PROBLEMS[entry.problem].format(
            root=self.run.root, name=name, detail=entry.detail, base=display_name(self.run.diff or "")
        )
        return f"{name}: {text}"

    def refuse(self, entry: Entry) -> None:
        """Record why ``entry`` cannot enter. A required file stops the run,
        and so does a named path outside the root, or any named path in
        fail-closed mode; anything else is a warning."""
        run = self.run
        item = entry.item
        item.action = "reject" if entry.problem == "outside-root" else "discard"
        item.reason = {
            "folder": "not-a-file",
            "missing": "required-missing" if entry.required else "missing",
            "unreadable": f"unreadable: {entry.detail}",
            "secret": f"skipped:secret ({entry.detail})",
            "uncountable": f"skipped:uncountable ({entry.detail})",
        }.get(entry.problem, entry.problem)
        message = self.message(entry)
        if entry.required:
            run.stop(f"required file {message}")
        if entry.named and entry.problem == "outside-root":
            run.stop(message)
        if entry.named and run.mode == "fail-closed":
            run.stop(f"{message}; fail-closed mode stops on a named path that cannot enter", ("mode", "compact"))
        run.warn(message)

    def check_paths(self) -> None:
        """Refuse what cannot enter: the stops first (a named path outside the
        root, then a required file), then the rest in order."""
        problems = [e for e in self.run.entries if e.problem]
        problems.sort(key=lambda e: (not (e.named and e.problem == "outside-root"), not e.required))
        for entry in problems:
            self.refuse(entry)

    def read(self, entry: Entry) -> bytes | None:
        """``entry``'s bytes (read without blocking, regular files only); None,
        after a stop or a warning, when it cannot be read."""
        assert entry.abspath is not None
        limit = self.run.max_file_bytes
        try:
            data = read_regular(entry.abspath, max_bytes=limit)
            found = self.secret(entry, data)
            if found is None:
                return data
            entry.problem, entry.detail = "secret", found
        except NotRegularFile as exc:
            if exc.reason == "too-large":
                entry.problem, entry.detail = "too-large", f"larger than --max-file-bytes {limit}"
            else:
                entry.problem, entry.detail = "not-a-file", "FIFO, socket or device when it was opened"
        except OSError as exc:
            entry.problem, entry.detail = "unreadable", exc.strerror or str(exc)
        self.refuse(entry)
        return None

    def secret(self, entry: Entry, data: bytes) -> str | None:
        """What the secret check found in ``entry``'s bytes (kinds and lines,
        never values, and the fix), or None: nothing, or the check is off for it."""
        if not self.run.security.applies(entry.abspath):
            return None
        verdict = secret_verdict(data, entry.item.path)
        return None if verdict is None else verdict.reason

    def take(self, entry: Entry) -> bytes | None:
        """The content given for ``entry`` (the PR description, the diff), once
        it passed the checks a file's content passes; None, after a stop or a
        warning, when nothing of it may enter. A description holding a secret
        is refused as a named file is. A diff loses each file's part that
        holds a secret or is codepith's own state, with a warning (in every
        mode, as the file itself, found by the diff, is discarded)."""
        assert entry.given is not None
        if entry.is_diff:
            return self.take_diff(entry)
        if self.run.security.security_check:
            try:
                findings = scan(entry.given)
            except Exception as exc:  # noqa: BLE001 - a failed check keeps it out, and leaks nothing
                found = f"the secret check failed ({type(exc).__name__})"
            else:
                found = describe(findings) if findings else ""
            if found:
                entry.problem = "secret"
                entry.detail = f"{found}; remove it from the description, or {NO_CHECK_HINT}"
                self.refuse(entry)
                return None
        return entry.given

    def take_diff(self, entry: Entry) -> bytes | None:
        run, item = self.run, entry.item
        hunks = split_hunks(entry.given.decode("utf-8", "surrogateescape"))  # type: ignore[union-attr]
        left: dict[int, tuple[str, str]] = {}  # section -> (reason, warning)
        for hunk in hunks:
            if hunk.section in left or not hunk.file:
                continue
            name = display_name(hunk.file)
            real = os.path.realpath(os.path.join(run.root, hunk.file))
            if is_state_path(hunk.file):
                left[hunk.section] = ("codepith-state", f"{name} is codepith's own state (.codepith/), never packed")
            elif real == run.audit_real:
                left[hunk.section] = ("audit-file", f"{name} is this run's audit file, never packed")
        scanned = [h for h in hunks if h.section not in left and run.security.applies(os.path.join(run.root, h.file))]
        for section, findings in section_secrets(scanned).items():
            name = display_name(next(h.file for h in hunks if h.section == section) or "(the diff's preamble)")
            reason = f"skipped:secret ({describe(findings)}, lines of the diff, in {name}; {SECRET_HINT})"
            left[section] = (reason, f"the changes to {name}: {reason}")
        for section in sorted(left):
            reason, warning = left[section]
            item.dropped_hunks += [
                {"file": h.file, "hunk": h.name, "reason": reason} for h in hunks if h.section == section
            ]
            run.warn(f"{display_name(item.path)}: left out: {warning}")
        entry.hunks = [h for h in hunks if h.section not in left]
        entry.hunks_total = len(hunks)
        if not entry.hunks:
            item.action, item.reason = "discard", left[min(left)][0] if left else "empty"
            return None
        return join_hunks(entry.hunks).encode("utf-8", "surrogateescape") if left else entry.given
