"""What git knows about the trees of a bulk run: the working tree's diff and
the last commits, as sections of the document (:func:`git_sections`), and
how often each file changed, to order the files by it (:func:`order_by_changes`).

Nothing here fails a run: outside a git repository (or without git) a
section is not made and the order stays the path order, with a note saying
why. The diff passes the same secret check as a file: the diff of a file
that holds a secret is left out of the section, with a note naming the
finding's kind and line, never its value; a commit subject holding one is
replaced by a note.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..core.discover import Candidate, Excluded, repository_root
from ..core.secrets import SecurityCheck, allowed_paths, describe, is_env_file, scan_text
from ..fs.git import GitUnavailable, run_git, toplevel
from ..fs.paths import display_name
from ..fs.safeio import DEFAULT_MAX_FILE_BYTES, STATE_DIR
from ..render.formats import Section

__all__ = ["GitSections", "git_sections", "order_by_changes", "CHANGES_COMMITS"]

#: how many of the last commits ``order_by_changes`` counts (repomix's default)
CHANGES_COMMITS = 100


@dataclass
class GitSections:
    """The sections made (:class:`~codepith.render.formats.Section`), the notes
    on what could not be made (not a repository, no commits) and, apart, the
    secrets left out (``path: kinds and lines``, never the value)."""

    sections: list[Section] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    secrets: list[str] = field(default_factory=list)


def _repository(roots: Sequence[str]) -> tuple[str, list[str], list[str]]:
    """(the work tree's top of the first root in a repository, the real paths
    of the roots in it, the roots in no repository or another one). Roots
    are placed by their ``.git`` folders (a long list of files costs no git
    call each); git is asked once, about the top found."""
    tops: dict[str, str | None] = {}  # folder -> its repository's top
    top: str | None = None
    inside: list[str] = []
    others: list[str] = []
    for root in roots:
        real = os.path.realpath(root)
        folder = real if os.path.isdir(real) else os.path.dirname(real)
        if folder not in tops:
            tops[folder] = repository_root(folder)
        here = tops[folder]
        if here is not None and top is None:
            top = here
        if here is not None and here == top:
            inside.append(real)
        else:
            others.append(root)
    if top is None:
        shown = _roots_text(roots)
        raise GitUnavailable(f"{shown} {'is' if len(roots) == 1 else 'are'} not in a git repository")
    return toplevel(top), inside, others


def _head_or_empty_tree(top: str) -> str:
    """``HEAD``, or git's empty tree in a repository with no commit yet."""
    try:
        run_git(["rev-parse", "--verify", "--quiet", "HEAD"], top)
        return "HEAD"
    except GitUnavailable:
        return os.fsdecode(run_git(["hash-object", "-t", "tree", "--stdin"], top).data.strip())


def git_sections(
    roots: Sequence[str],
    *,
    diff: bool = True,
    log: int = 0,
    security_check: bool = True,
    allow_secrets: Sequence[str] = (),
    max_bytes: int = DEFAULT_MAX_FILE_BYTES,
) -> GitSections:
    """The git sections of a document about ``roots``: with ``diff``, the
    diff of the working tree (staged and unstaged changes) against ``HEAD``;
    with ``log`` above 0, the last ``log`` commits (short hash, date,
    subject). Both are limited to the paths under ``roots``, in the
    repository of the first root that is in one. The diff is read up to
    ``max_bytes``; the files past it are named in a note. With
    ``security_check``, the diff of a file holding a secret (unless its path
    is one of ``allow_secrets``) and a subject holding one are left out."""
    out = GitSections()
    if not diff and log <= 0:
        return out
    wanted = " or ".join(w for w, on in (("git diff", diff), ("git log", log > 0)) if on)
    try:
        top, inside, others = _repository(roots)
    except GitUnavailable as exc:
        out.notes.append(f"no {wanted} section: {exc}")
        return out
    if others:
        out.notes.append(
            f"{wanted}: {_roots_text(others)} not in the repository at {display_name(top)}; only its paths are shown"
        )
    paths = ["--", *inside]
    check = SecurityCheck(security_check, allowed_paths(allow_secrets))
    if diff:
        try:
            base = _head_or_empty_tree(top)
            got = run_git(["diff", "--no-ext-diff", "--no-textconv", base, *paths], top, limit=max_bytes)
        except GitUnavailable as exc:
            out.notes.append(f"no git diff section: {exc}")
        else:
            out.sections.append(_diff_section(got.data, got.truncated, top, check, max_bytes, out.secrets))
    if log > 0:
        try:
            args = ["log", f"-n{log}", "--date=short", "--format=%h%x1f%ad%x1f%s%x1e", *paths]
            got = run_git(args, top, limit=max_bytes)
        except GitUnavailable as exc:
            out.notes.append(f"no git log section: {exc}")
        else:
            out.sections.append(_log_section(got.data, got.truncated, log, check, out.secrets, max_bytes))
    return out


def _roots_text(roots: Sequence[str]) -> str:
    return ", ".join(display_name(r) for r in roots[:3]) + (", …" if len(roots) > 3 else "")


def _chunks(text: str) -> list[str]:
    """The diff split into one chunk per file (each starts with ``diff --git``)."""
    starts = [0] if text.startswith("diff --git ") else []
    at = text.find("\ndiff --git ")
    while at != -1:
        starts.append(at + 1)
        at = text.find("\ndiff --git ", at + 1)
    if not starts:
        return [text] if text else []
    head = [text[: starts[0]]] if starts[0] else []
    return head + [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)], strict=True)]


def _chunk_path(chunk: str) -> str:
    """The file a chunk of the diff is about: its new name (its old one when
    deleted), as git prints it."""
    old = new = None
    for line in chunk.split("\n", 8)[:8]:  # the header: a few lines before the first hunk
        if line.startswith("+++ ") and line[4:] != "/dev/null":
            new = line[4:]
        elif line.startswith("--- ") and line[4:] != "/dev/null":
            old = line[4:]
    name = new or old
    if name is None:  # no text hunks (a binary file, a mode change): "diff --git a/X b/X"
        rest = chunk.split("\n", 1)[0][len("diff --git ") :]
        half = (len(rest) - 1) // 2
        name = rest[half + 1 :] if rest[:half] == "a/" + rest[half + 3 :] else rest
    name = name.rstrip("\t").strip('"')
    return name[2:] if name[:2] in ("a/", "b/") else name


def _content(chunk: str) -> str:
    """A chunk's lines without their diff marks (``+``, ``-``, space), for
    the secret check: an env file's ``KEY=value`` is found as in the file."""
    return "\n".join(line[1:] if line[:1] in "+- " else line for line in chunk.split("\n"))


def _diff_section(
    data: bytes, truncated: bool, top: str, check: SecurityCheck, limit: int, secrets: list[str]
) -> Section:
    text = data.decode("utf-8", "replace")
    chunks = _chunks(text)
    notes: list[str] = []
    if truncated and chunks:
        cut = _chunk_path(chunks.pop())
        notes.append(
            f"the diff is longer than --max-file-bytes {limit}: the files from {cut} on are left out; "
            "raise --max-file-bytes to see them"
        )
    kept: list[str] = []
    for chunk in chunks:
        path = _chunk_path(chunk)
        if STATE_DIR in path.split("/"):
            notes.append(f"{path}: codepith's own state; left out")
            continue
        if check.applies(os.path.join(top, path)):
            found = scan_text(_content(chunk), env=is_env_file(os.path.basename(path)))
            if found:
                reason = f"{path}: its diff holds a secret (lines counted in its diff: {describe(found)}); left out"
                notes.append(reason)
                secrets.append("git diff: " + reason)
                continue
        kept.append(chunk)
    return Section("git_diff", "Git diff (working tree against HEAD)", "".join(kept), "diff", tuple(notes))


def _log_section(
    data: bytes, truncated: bool, count: int, check: SecurityCheck, secrets: list[str], limit: int
) -> Section:
    lines: list[str] = []
    records = data.decode("utf-8", "replace").split("\x1e")
    notes: tuple[str, ...] = ()
    if truncated:
        records.pop()  # the record the limit cut
        notes = (f"the log is longer than --max-file-bytes {limit}: its older commits are left out",)
    for record in records:
        parts = record.strip("\n").split("\x1f")
        if len(parts) != 3:
            continue
        short, date, subject = parts
        if check.security_check:
            found = scan_text(subject)
            if found:
                secrets.append(f"git log: commit {short}: its subject holds a secret ({describe(found)}); left out")
                subject = "[subject left out: it holds a secret]"
        lines.append(f"{short} {date} {subject}")
    title = f"Git log (last {count} commit{'' if count == 1 else 's'})"
    return Section("git_log", title, "".join(line + "\n" for line in lines), "text", notes)


def _git_path(label: str, entry: Candidate | Excluded, roots: Sequence[str]) -> str:
    """Where an entry of a walk of ``roots`` is (its label is relative to its
    root with one root, and starts with it with several)."""
    if isinstance(entry, Candidate):
        return entry.abspath
    if len(roots) == 1 and os.path.isdir(roots[0]):
        return os.path.join(roots[0], label)
    return label


def order_by_changes(
    entries: Sequence[tuple[str, Candidate | Excluded]], roots: Sequence[str], *, commits: int = CHANGES_COMMITS
) -> tuple[list[tuple[str, Candidate | Excluded]], str | None]:
    """The entries of a walk ordered by how many of the last ``commits``
    commits changed each file, the most changed last (as repomix orders
    them); ties keep their order. Returns (entries, None), or (the entries
    as given, a note saying why they could not be ordered)."""
    entries = list(entries)
    try:
        top, _inside, _others = _repository(roots)
        out = run_git(["log", f"-n{commits}", "--format=", "--name-only", "-z"], top).data
    except GitUnavailable as exc:
        return entries, f"--sort changes: {exc}; files stay in path order"
    counts = Counter(name for name in out.split(b"\0") if name)
    real_top = os.path.realpath(top)

    def changes(item: tuple[str, Candidate | Excluded]) -> int:
        path = os.path.realpath(_git_path(item[0], item[1], roots))
        try:
            rel = os.path.relpath(path, real_top)
        except ValueError:  # another drive
            return 0
        return counts.get(os.fsencode(rel.replace(os.sep, "/")), 0)

    return sorted(entries, key=changes), None
