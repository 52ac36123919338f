"""Lessons: hand-written facts about a project, in ``LESSONS.md`` at its root.

A lesson is one fact a person (or an agent, behind their review) wants
recalled when a task touches it — "the payment reconciler retries with
exponential backoff because the provider's 429 has no Retry-After" — with the
path globs it is about. The file is plain Markdown, meant to be read in review
and committed with the code::

    ## L3f9a2c1b
    - paths: `src/payments/**` `src/billing/*.py`
    - added: 2026-12-01T18:00:00Z
    - supersedes: L0a1b2c3d

    The payment reconciler retries with exponential backoff because …

Each lesson's heading is its id (``L`` and 8 hex digits, random, never
reused), so an id survives edits, reordering and merges; line numbers would
not. A fact is never rewritten in place by codepith: ``supersede`` adds the
new fact and marks the old one ``superseded-by`` (kept as history, never
injected again); ``prune --yes`` marks a fact ``pruned``. Text before the
first lesson and the bytes of every lesson codepith does not change are kept
as they are.

Why the root and not ``.claude/rules/``: Claude Code loads every rule file
there on its own (one without ``paths:`` on every session), history included,
and recall already injects hand-written rule sections; a lessons file there
would be injected twice, superseded facts with it. ``LESSONS.md`` is read by
codepith only, and only its live facts are injected.

Every change runs under an exclusive lock (``.codepith/lessons.lock``) around
read, change and an atomic replace (a temporary file, then a rename), so
concurrent ``memory add`` runs from several processes lose nothing, and a
reader sees the old file or the new one, never a mix.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from ..errors import CodepithError
from ..fs.locking import exclusive
from ..fs.statefiles import folder, open_file, read_in, write_atomic
from .globs import glob_match

__all__ = [
    "LESSONS_FILE",
    "Lesson",
    "LessonError",
    "Lessons",
    "add_lesson",
    "load_lessons",
    "mark_pruned",
    "supersede_lesson",
]

LESSONS_FILE = "LESSONS.md"
LOCK_FILE = os.path.join(".codepith", "lessons.lock")
FACT_MAX = 2000  # characters of one fact
LESSONS_MAX = 4 * 1024 * 1024  # bytes of LESSONS.md read
_ID = re.compile(r"^## (L[0-9a-f]{8})[ \t]*$", re.M)
_META = re.compile(r"- ([a-z-]+):(.*)")  # fullmatch; the value is stripped of spaces and tabs
_PREAMBLE = (
    "# Lessons\n\n"
    "Facts about this project that `codepith recall` and its prompt hook inject when a task\n"
    "touches their paths or words. Managed with `codepith memory add|list|supersede|consolidate|prune`;\n"
    "edit a fact's text freely, keep its `## L…` heading (its id) and the `- key:` lines under it.\n"
)


class LessonError(CodepithError):
    """A lesson command that cannot be done as asked (one line: what, and the fix)."""


@dataclass
class Lesson:
    id: str
    text: str
    paths: list[str] = field(default_factory=list)
    added: str = ""
    supersedes: str = ""
    superseded_by: str = ""
    pruned: str = ""
    line: int = 0  # of its heading in the file
    raw: str = ""  # its bytes as read ("" once changed: rendered anew)
    secret: str = ""  # what the secret check found in it as read (kinds and lines), "" when nothing

    @property
    def live(self) -> bool:
        """Injected by recall: neither superseded nor pruned."""
        return not self.superseded_by and not self.pruned

    @property
    def shown_text(self) -> str:
        """Its text as codepith prints it: held back when it holds a secret."""
        return f"(text held back: it holds a secret, {self.secret})" if self.secret else self.text

    @property
    def status(self) -> str:
        if self.superseded_by:
            return f"superseded by {self.superseded_by}"
        return "pruned" if self.pruned else "live"

    def render(self) -> str:
        if self.raw:
            return self.raw.rstrip("\n") + "\n\n"
        meta = [
            f"- paths: {' '.join(f'`{p}`' for p in self.paths)}" if self.paths else "- paths:",
            f"- added: {self.added}",
        ]
        if self.supersedes:
            meta.append(f"- supersedes: {self.supersedes}")
        if self.superseded_by:
            meta.append(f"- superseded-by: {self.superseded_by}")
        if self.pruned:
            meta.append(f"- pruned: {self.pruned}")
        return f"## {self.id}\n" + "\n".join(meta) + f"\n\n{self.text}\n\n"


@dataclass
class Lessons:
    path: str
    preamble: str
    lessons: list[Lesson]
    warnings: list[str] = field(default_factory=list)

    def get(self, lesson_id: str) -> Lesson:
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        known = ", ".join(x.id for x in self.lessons[-5:]) or "none yet"
        raise LessonError(
            f"{self.path}: no lesson {lesson_id!r} (ids look like L3f9a2c1b; "
            f"`codepith memory list --all` shows them; last ones: {known})"
        )

    def live(self) -> list[Lesson]:
        return [x for x in self.lessons if x.live]

    def render(self) -> str:
        head = self.preamble if self.preamble.strip() else _PREAMBLE
        if not head.endswith("\n\n"):
            head = head.rstrip("\n") + "\n\n"
        return (head + "".join(x.render() for x in self.lessons)).rstrip("\n") + "\n"


def _parse_lesson(lesson_id: str, chunk: str, line: int, path: str, warnings: list[str]) -> Lesson:
    lesson = Lesson(id=lesson_id, text="", line=line, raw=chunk)
    lines = chunk.splitlines()[1:]
    n = 0
    while n < len(lines) and (meta := _META.fullmatch(lines[n])):
        key, value = meta.group(1), meta.group(2).strip(" \t")
        if key == "paths":
            lesson.paths = re.findall(r"`([^`]*)`", value)
        elif key in ("added", "supersedes", "pruned"):
            setattr(lesson, key, value)
        elif key == "superseded-by":
            lesson.superseded_by = value.split()[0] if value else ""
        else:
            warnings.append(f"{path}:{line + n + 1}: unknown key {key!r} in lesson {lesson_id}; kept, ignored")
        n += 1
    lesson.text = " ".join("\n".join(lines[n:]).split())
    if not lesson.text:
        warnings.append(f"{path}:{line}: lesson {lesson_id} has no text; it is never injected")
    lesson.secret = _secret_in(chunk, lesson.text, line)
    if lesson.secret:
        warnings.append(
            f"{path}:{line}: lesson {lesson_id} holds a secret ({lesson.secret}); it is never "
            "injected nor printed: remove the value from the file"
        )
    return lesson


def _secret_in(chunk: str, text: str, line: int) -> str:
    """What the secret check finds in a lesson's ``chunk`` as read (lines
    counted from ``line``, its heading's) or in its ``text`` as printed, "" when nothing."""
    from ..core.secrets import Finding, describe, scan_text

    found = [Finding(f.kind, f.line + line - 1) for f in scan_text(chunk)]
    if not found:
        found = [Finding(f.kind, line) for f in scan_text(text)]
    return describe(found) if found else ""


def parse_lessons(text: str, path: str = LESSONS_FILE) -> Lessons:
    """The lessons of ``text`` (a ``LESSONS.md``); what cannot be read is a warning, never an error."""
    warnings: list[str] = []
    heads = list(_ID.finditer(text))
    preamble = text[: heads[0].start()] if heads else text
    lessons: list[Lesson] = []
    seen: set[str] = set()
    for n, m in enumerate(heads):
        chunk = text[m.start() : heads[n + 1].start() if n + 1 < len(heads) else len(text)]
        line = text.count("\n", 0, m.start()) + 1
        if m.group(1) in seen:
            warnings.append(
                f"{path}:{line}: a second lesson {m.group(1)}; only the first is used "
                "(give this one a new id or merge them)"
            )
            continue
        seen.add(m.group(1))
        lessons.append(_parse_lesson(m.group(1), chunk, line, path, warnings))
    return Lessons(path=path, preamble=preamble, lessons=lessons, warnings=warnings)


def lessons_path(root: str | os.PathLike) -> str:
    return os.path.join(os.path.abspath(os.fspath(root)), LESSONS_FILE)


def load_lessons(root: str | os.PathLike) -> Lessons:
    """The lessons of ``ROOT/LESSONS.md`` (none when it is missing)."""
    path = lessons_path(root)
    try:
        with folder(os.path.dirname(path), "", create=False) as where:
            data = read_in(where, LESSONS_FILE, path, max_bytes=LESSONS_MAX)
    except FileNotFoundError:
        return Lessons(path=path, preamble="", lessons=[])
    except CodepithError:
        raise  # a link, a special file, over the limit: named with the fix
    except OSError as exc:
        raise LessonError(f"{path}: cannot read it ({exc.strerror or exc}); give a regular file") from None
    return parse_lessons(data.decode("utf-8", "replace"), path)


@contextlib.contextmanager
def _locked(root: str) -> Iterator[None]:
    fd = open_file(os.path.join(root, LOCK_FILE), os.O_RDWR | os.O_CREAT, root=root, mode=0o600)
    try:
        with exclusive(fd):
            yield
    finally:
        os.close(fd)


_T = TypeVar("_T")


def _change(root: str | os.PathLike, change: Callable[[Lessons], _T]) -> _T:
    """Run ``change`` on the lessons of ``root`` under the lock, then write them atomically."""
    root = os.path.abspath(os.fspath(root))
    if not os.path.isdir(root):
        raise LessonError(f"{root}: the root must be a folder")
    with _locked(root):
        lessons = load_lessons(root)
        result = change(lessons)
        try:
            write_atomic(lessons.path, lessons.render().encode("utf-8"), mode=0o644, root=root)
        except OSError as exc:
            if isinstance(exc, CodepithError):
                raise
            raise LessonError(
                f"{lessons.path}: cannot write it ({exc.strerror or exc}); check its folder's permissions"
            ) from None
    return result


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: a byte of the command line that was not text
        return False
    return True


def clean_fact(fact: str) -> str:
    """``fact`` on one line; ``LessonError`` when it is empty, too long or holds a secret."""
    text = " ".join(fact.split())
    if not _encodable(text):
        raise LessonError("the fact holds bytes that are not text in the terminal's encoding; give it as UTF-8 text")
    if not text:
        raise LessonError('the fact is empty; give its text in quotes: codepith memory add "FACT" --paths GLOB')
    if len(text) > FACT_MAX:
        raise LessonError(
            f"the fact is {len(text)} characters, over the limit of {FACT_MAX}; split it into several lessons"
        )
    _refuse_secret("the fact", fact, text)
    return text


def _refuse_secret(what: str, given: str, text: str) -> None:
    """``LessonError`` naming the kind and line (never the value) when ``given``
    (or ``text``, the same on one line, as LESSONS.md keeps it) holds a secret:
    LESSONS.md is committed, and recall prints its facts into prompts."""
    from ..core.secrets import describe, scan_text

    found = scan_text(given) or scan_text(text)
    if found:
        raise LessonError(
            f"{what} holds a secret ({describe(found)}); LESSONS.md is committed and recalled "
            "into prompts: leave the value out and say where it is kept"
        )


def clean_globs(paths: list[str]) -> list[str]:
    out: list[str] = []
    for raw in paths:
        glob = raw.strip()
        if not glob:
            raise LessonError("--paths: an empty glob; give globs relative to the root, such as 'src/pay/**'")
        _refuse_secret("a --paths glob", glob, glob)  # before any message that shows the glob
        if not _encodable(glob) or not glob.isprintable():
            raise LessonError(
                f"--paths: {glob!r} holds a control character or undecodable bytes; give a glob of printable text"
            )
        if "`" in glob:
            raise LessonError(f"--paths: {glob!r} holds a backquote, which LESSONS.md cannot keep; leave it out")
        if glob not in out:
            out.append(glob)
    return out


def unmatched_globs(root: str | os.PathLike, globs: list[str]) -> list[str]:
    """The globs of ``globs`` that match no file below ``root`` (``.git`` and ``.codepith`` not looked in)."""
    left = list(globs)
    root = os.fspath(root)
    for here, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in (".git", ".codepith"))
        rel = os.path.relpath(here, root).replace(os.sep, "/")
        for name in files:
            path = name if rel == "." else f"{rel}/{name}"
            left = [g for g in left if not glob_match(g, path)]
            if not left:
                return []
    return left


def _new_id(lessons: Lessons) -> str:
    taken = {x.id for x in lessons.lessons}
    while True:
        lesson_id = "L" + os.urandom(4).hex()
        if lesson_id not in taken:
            return lesson_id


def add_lesson(
    root: str | os.PathLike, fact: str, paths: Sequence[str] = (), *, supersedes: str | None = None
) -> Lesson:
    """Append a lesson to ``ROOT/LESSONS.md`` (created when missing) and return it.
    With ``supersedes`` the named live lesson is marked ``superseded-by`` the new
    one (and the new one takes its paths when none are given)."""
    text, globs = clean_fact(fact), clean_globs(list(paths))

    def change(lessons: Lessons) -> Lesson:
        new = Lesson(id=_new_id(lessons), text=text, paths=globs, added=_now())
        if supersedes:
            old = lessons.get(supersedes)
            if not old.live:
                raise LessonError(
                    f"{lessons.path}: lesson {old.id} is already {old.status}; "
                    + (
                        f"supersede {old.superseded_by} instead"
                        if old.superseded_by
                        else "add the fact anew without --supersedes"
                    )
                )
            new.supersedes = old.id
            new.paths = new.paths or list(old.paths)
            for glob in new.paths:  # taken from a hand-edited lesson: checked as a given one is
                _refuse_secret("a --paths glob", glob, glob)
            old.superseded_by, old.raw = new.id, ""
        lessons.lessons.append(new)
        return new

    return _change(root, change)


def supersede_lesson(root: str | os.PathLike, lesson_id: str, fact: str, paths: Sequence[str] = ()) -> Lesson:
    """Replace live lesson ``lesson_id`` by a new fact (its paths unless ``paths``); the old one stays as history."""
    return add_lesson(root, fact, paths, supersedes=lesson_id)


def mark_pruned(root: str | os.PathLike, lesson_ids: list[str], reason: str) -> list[Lesson]:
    """Mark the live lessons ``lesson_ids`` as pruned (kept in the file, never injected)."""

    def change(lessons: Lessons) -> list[Lesson]:
        done = []
        for lesson_id in lesson_ids:
            lesson = lessons.get(lesson_id)
            if lesson.live:
                lesson.pruned, lesson.raw = f"{_now()} ({reason})", ""
                done.append(lesson)
        return done

    return _change(root, change)
