"""What lessons are for: recalling the relevant ones, finding duplicates, proposing idle ones.

- :func:`relevant_lessons`: the live lessons a task touches, under a token
  budget. A lesson is relevant when one of its path globs matches a path the
  task touches (given, or written in the query), or when it shares enough
  words with the query (identifiers split at ``snake_case``/``camelCase``,
  lower-cased, plurals and ``-ed``/``-ing`` folded, common words dropped; the
  words of its globs count too). Path matches rank first, then the share of
  the query's words the lesson holds, then the newest.
- :func:`similar_lessons`: pairs of live lessons to merge — near-duplicates
  (at least half of their words shared: Jaccard similarity ≥ 0.5) and possible
  contradictions (overlapping paths, a third of their words shared, and one
  says "never"/"not"/"no" where the other does not).
- :func:`idle_lessons`: live lessons not pulled in the last N sessions of the
  usage log, counting only the sessions since the lesson was added.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from itertools import combinations

from ..core.literals import Encoding
from ..core.tokens import DEFAULT_ENCODING, count_tokens
from ..errors import CodepithError
from .globs import glob_match
from .lessons import Lesson, load_lessons
from .terms import WORD, paths_in, split_identifier

__all__ = ["LessonPick", "Similar", "idle_lessons", "lesson_terms", "relevant_lessons", "similar_lessons"]

HEADING = "## Lessons (LESSONS.md)\n"
_MAX_MISSES = 20  # lessons in a row that do not fit: the budget is spent
_STOP = frozenset(
    "a about after all also an and any are as at be because been before but by can could did do does done "
    "each for from get had has have how i if in into is it its just may me more most must my no nor not of "
    "on only or our out over please should so some such than that the their them then there these they this "
    "those through to too under up use used uses using very want was way we were what when where which while "
    "who why will with would you your".split()
)
_NEGATIONS = frozenset(["never", "not", "no", "dont", "don", "doesnt", "cannot", "cant", "avoid", "without"])


def _stem(word: str) -> str:
    for suffix in ("ings", "ing", "ies", "ied", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not (suffix == "s" and word.endswith("ss")):
            return word[: -len(suffix)] + ("y" if suffix in ("ies", "ied") else "")
    return word


def lesson_terms(text: str) -> set[str]:
    """The words of ``text`` as matched: identifier parts, lower-cased, folded, no common words."""
    out: set[str] = set()
    for word in WORD.findall(text.replace("'", "")):
        for piece in split_identifier(word):
            if len(piece) >= 2 and piece not in _STOP:
                out.add(_stem(piece))
    return out


def _glob_terms(globs: list[str]) -> set[str]:
    return lesson_terms(" ".join(re.sub(r"\.[A-Za-z0-9]+$", "", g).replace("/", " ") for g in globs))


@dataclass
class LessonPick:
    """The lessons :func:`relevant_lessons` chose: their ``text`` (``tokens``
    exact tokens; empty when none), their ids as the usage log records them
    (``lesson:ID``), and what ``LESSONS.md`` could not say."""

    text: str = ""
    tokens: int = 0
    items: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def _score(lesson: Lesson, q_terms: set[str], near: list[str]) -> float:
    on_path = any(glob_match(g, p) for g in lesson.paths for p in near)
    words = lesson_terms(lesson.text) | _glob_terms(lesson.paths)
    shared = len(q_terms & words)
    need = 1 if len(q_terms) <= 2 else 2
    if not on_path and shared < need:
        return 0.0
    return (2.0 if on_path else 0.0) + shared / max(len(q_terms), 1)


def _line(lesson: Lesson) -> str:
    where = f" (paths: {', '.join(lesson.paths)})" if lesson.paths else ""
    return f"- [{lesson.id}] {lesson.text}{where}\n"


def relevant_lessons(
    root: str | os.PathLike,
    query: str,
    paths: list[str] | tuple[str, ...] = (),
    budget_tokens: int = 200,
    *,
    encoding: Encoding = DEFAULT_ENCODING,
) -> LessonPick:
    """The live lessons of ``ROOT/LESSONS.md`` relevant to ``query`` and ``paths``
    (relative to the root, with ``/``; file paths written in the query count
    too), best first, rendered under ``HEADING`` in at most ``budget_tokens``
    tokens (exact). Superseded and pruned lessons are never chosen."""
    try:
        lessons = load_lessons(root)
    except CodepithError as exc:  # a link, a special file, unreadable: recall goes on without them
        return LessonPick(warnings=[f"{exc}; no lesson injected"])
    pick = LessonPick(warnings=list(lessons.warnings))
    near = [p.strip("/") for p in list(paths) + paths_in(query)]
    q_terms = lesson_terms(query)
    scored = [(s, x) for x in lessons.live() if x.text and not x.secret and (s := _score(x, q_terms, near)) > 0]
    scored.sort(key=lambda sx: sx[1].id)
    scored.sort(key=lambda sx: sx[1].added, reverse=True)  # the newest first among equals
    scored.sort(key=lambda sx: -sx[0])
    chosen: list[Lesson] = []
    misses = 0
    for _, lesson in scored:
        if misses >= _MAX_MISSES:
            break
        text = HEADING + "".join(_line(x) for x in chosen + [lesson])
        tokens = count_tokens(text, encoding=encoding)
        if tokens <= budget_tokens:
            chosen.append(lesson)
            pick.text, pick.tokens = text, tokens
        else:
            misses += 1
    pick.items = [f"lesson:{x.id}" for x in chosen]
    return pick


@dataclass(frozen=True)
class Similar:
    a: Lesson
    b: Lesson
    kind: str  # duplicate | contradiction
    similarity: float  # Jaccard similarity of their words
    shared: tuple[str, ...]  # the words they share


def _overlap(a: Lesson, b: Lesson) -> bool:
    """Their paths overlap: a glob equal, or one glob matching the other's literal text; no paths: everywhere."""
    if not a.paths or not b.paths:
        return True
    return any(x == y or glob_match(x, y) or glob_match(y, x) for x in a.paths for y in b.paths)


def similar_lessons(root: str | os.PathLike, *, duplicate: float = 0.5, contradiction: float = 0.34) -> list[Similar]:
    """Pairs of live lessons to merge, most similar first (see the module's doc)."""
    live = [x for x in load_lessons(root).live() if x.text and not x.secret]  # pairs are printed with their text
    words = {x.id: lesson_terms(x.text) for x in live}
    negated = {x.id: bool(set(re.findall(r"[a-z]+", x.text.lower().replace("'", ""))) & _NEGATIONS) for x in live}
    out: list[Similar] = []
    for a, b in combinations(live, 2):
        union = words[a.id] | words[b.id]
        shared = words[a.id] & words[b.id]
        similarity = len(shared) / len(union) if union else 0.0
        if similarity >= duplicate and negated[a.id] == negated[b.id]:
            out.append(Similar(a, b, "duplicate", similarity, tuple(sorted(shared))))
        elif similarity >= contradiction and negated[a.id] != negated[b.id] and _overlap(a, b):
            out.append(Similar(a, b, "contradiction", similarity, tuple(sorted(shared))))
    out.sort(key=lambda s: (-s.similarity, s.a.id, s.b.id))
    return out


def idle_lessons(root: str | os.PathLike, records: list[dict], sessions: int) -> list[tuple[Lesson, int, int]]:
    """(lesson, its pulls, sessions since its last pull or its adding) for the live
    lessons idle for at least ``sessions`` sessions of ``records`` (the usage log's
    injection lines). A session is a hook's session id, or one line without one;
    a session counts for a lesson from the first line at or after its ``added`` time."""
    order: dict[str, str] = {}  # session -> time of its first line
    pulls: dict[str, list[str]] = {}  # lesson id -> times pulled
    for n, record in enumerate(records):
        key = str(record.get("session") or f"#line{n}")
        when = str(record.get("time") or "")
        order.setdefault(key, when)
        for item in record.get("items", []):
            if isinstance(item, str) and item.startswith("lesson:"):
                pulls.setdefault(item[len("lesson:") :], []).append(when)
    starts = sorted(order.values())
    out = []
    for lesson in load_lessons(root).live():
        since = max([lesson.added] + pulls.get(lesson.id, []))
        idle = sum(1 for t in starts if t > since) if pulls.get(lesson.id) else sum(1 for t in starts if t >= since)
        if idle >= sessions:
            out.append((lesson, len(pulls.get(lesson.id, [])), idle))
    return out
