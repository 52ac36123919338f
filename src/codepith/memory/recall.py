"""Tier 3: the code and rules relevant to one task, under an exact token budget.

:func:`recall` ranks the tree's definitions (from the persistent index of
:mod:`.recall_store`, or, where sqlite lacks FTS5, the cached scan of
:mod:`.symbols`) and every section of the hand-written rule files against a
query and, optionally, the paths the task touches, then fits the best under
the budget and renders them: signatures with the first line of their doc,
grouped by file, and rule sections.

Ranking is lexical and offline (see :mod:`.terms`). The index hands over the
few hundred definitions that FTS5's ``bm25()`` ranks best for the query's
terms; each is then scored by field: a term scores its rarity across the tree
(inverse document frequency) times where it occurs — the symbol's name weighs
most, then its file's name, its class, its folders, doc, signature and its
file's doc — scaled by how many of the query's words it covers. The joined
form of two neighbouring query words (``squashmigration``) counts as both. A
query word equal to a symbol's whole name adds a large bonus, so a query
naming a symbol puts its definition first; the index also holds each whole
name as one token, so a name none of whose parts is a term (``get_all``,
``x_y``, ``handle``) is found too (:func:`.ranking.query_names`). Nearness to the given paths (and
to file paths written in the query) adds a bonus. Fields, variables and test
files weigh a little less. Definitions that repeat one another across files
(the same kind, name and signature: seventeen ``class Migration`` stubs) are
shown once with a count, and each further definition from a file already
ranked counts a little less, so the results spread across files.

The live lessons of ``LESSONS.md`` that the task touches
(:func:`codepith.memory.lesson_use.relevant_lessons`) come first, right after
the header, in at most a third of the budget; the code and rules fill the rest.
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from ..core.languages import fence_name, spec
from ..core.literals import Encoding
from ..core.tokens import DEFAULT_ENCODING, count_tokens
from ..errors import CodepithError, InvalidOption
from ..fs.paths import display_name
from ..fs.safeio import STATE_DIR, UnsafeStatePath
from .defaults import DEFAULT_BUDGET
from .definitions import Symbol
from .lesson_use import LessonPick, relevant_lessons
from .ranking import WEIGHTS, Doc, document_counts, name_keys, query_terms, rank, symbol_doc
from .recall_store import DB_FILE, IndexBusy, Progress, broken, discard, fts5_available, open_store
from .terms import path_terms, paths_in, split_identifier, stem, terms
from .usage import USAGE_FILE, Injection, UsageLog, log_injection
from .which import GENERATED_MARKER, rule_files

__all__ = [
    "DEFAULT_BUDGET",
    "MAX_QUERY_CHARS",
    "Recall",
    "rank",
    "recall",
    "rule_section_ids",
    "split_identifier",
    "stem",
    "terms",
]

HEADER = "# codepith recall: code and rules for this task\n"
SECTION_TOKENS = 150  # most tokens of one rule section
#: recall reads at most this many characters of a query, from its start (a prompt that pastes a
#: long log is read up to there), so that a recall ends in about a second whatever it is asked
MAX_QUERY_CHARS = 20_000
LESSON_SHARE = 3  # lessons take at most 1/3 of the budget; the code and rules the rest
_MAX_TRIES = 400
_MAX_MISSES = 40
_CANDIDATES = 300  # definitions read from the index per query
_NEAR_CANDIDATES = 200  # definitions read per path the task touches
NO_FTS5 = "this Python's sqlite3 has no FTS5: recall scans the tree on every query (slower)"

# --------------------------------------------------------------------------- rule sections


#: a Markdown heading line: its text is what follows, less any closing ``#`` run (stripped in
#: :func:`heading`: a pattern ``(.*?)\s*#*\s*$`` backtracks cubically on a long run of spaces)
_HEADING = re.compile(r"(#{1,6})\s+(.*)")


def heading(line: str) -> str | None:
    """The text of a Markdown heading ``line`` (``## Title ##`` -> ``Title``), or None."""
    m = _HEADING.fullmatch(line)
    return None if m is None else m.group(2).rstrip().rstrip("#").rstrip()


def _sections(root: str, files: list[str], warnings: list[str] | None = None) -> list[Doc]:
    """The sections of the hand-written rule files (those codepith generated hold
    symbols that the index has already). A section holding a secret is left
    out, and said in ``warnings`` (its file, kind and line, never the value)."""
    from ..core.secrets import Finding, describe, scan_text

    docs: list[Doc] = []
    for rule in rule_files(root, files):
        if GENERATED_MARKER in rule.body[:4096]:
            continue
        lines: list[str] = []
        title, start, fenced = "", rule.body_line, False
        chunks: list[tuple[str, int, list[str]]] = []
        for n, line in enumerate(rule.body.splitlines(), start=rule.body_line):
            if line.lstrip().startswith(("```", "~~~")):
                fenced = not fenced
            found = None if fenced else heading(line)
            if found is not None:
                if any(x.strip() for x in lines):
                    chunks.append((title, start, lines))
                title, start, lines = found, n, []
                continue
            lines.append(line)
        if any(x.strip() for x in lines):
            chunks.append((title, start, lines))
        for title, line_no, body in chunks:
            text = "\n".join(body).strip("\n")
            section = title or os.path.basename(rule.path)
            findings = scan_text("\n".join([title] + body if title else body))  # from its heading's line
            if findings:
                shown = describe([Finding(f.kind, f.line + line_no - 1) for f in findings])
                if warnings is not None:
                    warnings.append(
                        f"{rule.path}: a section holds a secret ({shown}); not injected: remove "
                        "the value from the rule file"
                    )
                continue
            docs.append(
                Doc(
                    kind="rule",
                    id=f"rule:{display_name(rule.path)}#{display_name(section)}",
                    path=rule.path,
                    line=line_no,
                    title=section,
                    text=text,
                    patterns=list(rule.patterns),
                    fields=[(2.0, terms(title)), (1.0, terms(text)), (1.0, set().union(*path_terms(rule.path)))],
                )
            )
    return docs


def rule_section_ids(root: str | os.PathLike) -> list[str]:
    """The ids (``rule:PATH#SECTION``) of every section recall can inject from ``root``'s rule files."""
    root = os.path.abspath(os.fspath(root))
    if fts5_available():
        store = open_store(root)
        try:
            hidden = store.hidden_files()
        finally:
            store.close()
    else:
        from .symbols import load_index  # the scan, where the persistent index is not used

        hidden = load_index(root).hidden_files
    return sorted({d.id for d in _sections(root, hidden)})


# --------------------------------------------------------------------------- ranking


# --------------------------------------------------------------------------- rendering


def _symbol_lines(doc: Doc, language: str) -> str:
    sym = doc.symbol
    assert sym is not None  # a symbol's document (a rule's is rendered whole)
    mark = spec(language).line_comment if language else "#"
    where = f"L{sym.line}" + (f" {sym.qualname}" if sym.qualname != sym.name else "")
    text = f"{sym.signature}  {mark} {where}\n"
    if sym.doc:
        text += f"    {mark} {sym.doc}\n"
    if doc.alike:
        text += f"    {mark} +{len(doc.alike)} alike in other files, e.g. {doc.alike[0]}\n"
    return text


def _cut_section(text: str, encoding: Encoding) -> str:
    lines = text.splitlines()
    while lines and count_tokens("\n".join(lines), encoding=encoding) > SECTION_TOKENS:
        lines = lines[: max(1, len(lines) * 3 // 4)] if len(lines) > 1 else [lines[0][: len(lines[0]) // 2]]
        if lines == [""]:
            break
    out = "\n".join(lines)
    return out + ("\n\u2026" if out != text else "")


def _render(picked: list[Doc], language_of: Callable[[str], str], section_text: dict[str, str]) -> str:
    groups: dict[str, list[Doc]] = {}
    order: list[str] = []
    for doc in picked:
        key = doc.path if doc.kind == "symbol" else doc.id
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(doc)
    parts = [HEADER]
    for key in order:
        docs = groups[key]
        first = docs[0]
        if first.kind == "rule":
            parts.append(
                f"## {display_name(first.path)} \u00a7 {display_name(first.title)}\n{section_text[first.id]}\n"
            )
            continue
        language = language_of(first.path)
        body = "".join(_symbol_lines(d, language) for d in sorted(docs, key=lambda d: (d.line, d.id)))
        parts.append(f"## {display_name(first.path)}\n```{fence_name(language)}\n{body}```\n")
    return "".join(parts)


@dataclass
class Recall:
    """What :func:`recall` injected: ``text`` (exactly ``tokens`` tokens), the ids
    of its items, the paths it counted as near, and the index warnings."""

    text: str
    tokens: int
    items: list[str]
    paths: list[str]
    budget: int
    encoding: Encoding
    warnings: list[str] = field(default_factory=list)


def _query_paths(query: str, exists: Callable[[str], bool]) -> list[str]:
    out = []
    for raw in paths_in(query):
        path = raw.strip("./") if raw.startswith("./") else raw.rstrip("/")
        if exists(path):
            out.append(path)
    return out


def recall(
    root: str | os.PathLike,
    query: str,
    *,
    paths: list[str] | tuple[str, ...] = (),
    budget: int = DEFAULT_BUDGET,
    encoding: Encoding = DEFAULT_ENCODING,
    log: bool | UsageLog = True,
    cache: bool = True,
    progress: Progress | None = None,
) -> Recall:
    """The symbols and rule sections most relevant to ``query`` (and ``paths``),
    rendered in at most ``budget`` tokens (exact). An empty text means nothing
    matched. Every non-empty injection appends a line to the usage log unless
    ``log`` is False; a :class:`~codepith.memory.usage.UsageLog` says where
    (default ``ROOT/.codepith/usage.jsonl``), who asked, and whether the query
    is kept as text beside its salted hash (``log_prompts``). A state file or
    folder below the root that is a symlink is refused
    (:class:`~codepith.safeio.UnsafeStatePath`).

    The index lives in ``ROOT/.codepith/recall.sqlite`` and is brought up to
    date first (its first build calls ``progress`` with the number of files
    parsed so far, and whether it is done); with ``cache`` False, or without FTS5 in sqlite, the tree
    is scanned instead (:mod:`.symbols`)."""
    root = _checked(root, budget, encoding)
    asked, query, cut = query, *_bounded(query)
    lessons_for = partial(_lessons_for, root, query, budget // LESSON_SHARE, encoding)
    if cache and fts5_available():
        picked, text, near, warnings, lessons = _from_index(
            root, query, list(paths), budget, encoding, progress, lessons_for
        )
    else:
        picked, text, near, warnings, lessons = _from_scan(
            root, query, list(paths), budget, encoding, cache, lessons_for
        )
    tokens = count_tokens(text, encoding=encoding) if text else 0
    result = Recall(
        text=text,
        tokens=tokens,
        items=lessons.items + [d.id for d in picked],
        paths=near,
        budget=budget,
        encoding=encoding,
        warnings=cut + warnings + lessons.warnings,
    )
    if text and log is not False:
        usage = log if isinstance(log, UsageLog) else UsageLog()
        log_path = os.fspath(usage.path) if usage.path is not None else os.path.join(root, USAGE_FILE)
        try:
            injection = Injection(asked, result.items, tokens, budget, encoding, near)
            log_injection(log_path, injection, usage, root=root)
        except UnsafeStatePath:
            raise
        except OSError as exc:
            result.warnings.append(f"{log_path}: the usage line could not be written ({exc.strerror or exc})")
    return result


def _from_index(
    root: str,
    query: str,
    paths: list[str],
    budget: int,
    encoding: Encoding,
    progress: Progress | None,
    lessons_for: Callable[[list[str]], LessonPick],
) -> tuple[list[Doc], str, list[str], list[str], LessonPick]:
    """:func:`_from_store`; an index that a query finds broken is removed and
    built again once; when the index still cannot be used, a scan, with a
    warning that names the cause and the fix."""
    db = os.path.join(root, STATE_DIR, DB_FILE)
    for attempt in (1, 2):
        try:
            return _from_store(root, query, paths, budget, encoding, progress, lessons_for)
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc):
                raise CodepithError(
                    f"{db}: {exc}; another program holds the recall index: run again when it is done"
                ) from None
            failure: Exception = exc
        except (UnsafeStatePath, IndexBusy):
            raise
        except (sqlite3.Error, OSError) as exc:  # a read-only tree, a full disk, a broken file
            failure = exc
        if not isinstance(failure, sqlite3.Error) or not broken(failure) or attempt == 2:
            break
        try:
            discard(root)  # found broken by a query, not by the refresh (which rebuilds it itself)
        except OSError:
            break
    picked, text, near, warnings, lessons = _from_scan(root, query, paths, budget, encoding, False, lessons_for)
    if isinstance(failure, sqlite3.Error) and broken(failure):
        fix = "it was built again and still fails: please report this as a bug in codepith"
    else:
        fix = f"check that {os.path.dirname(db)} can be written and the disk has room"
    warnings.insert(0, f"{db}: the recall index cannot be used ({failure}); the tree was scanned instead: {fix}")
    return picked, text, near, warnings, lessons


def _bounded(query: str) -> tuple[str, list[str]]:
    """(the part of ``query`` recall reads, the warning that says so when it is not all of it)."""
    if len(query) <= MAX_QUERY_CHARS:
        return query, []
    end = query.rfind(" ", MAX_QUERY_CHARS // 2, MAX_QUERY_CHARS)  # not inside a word, when it can
    end = MAX_QUERY_CHARS if end < 0 else end
    return query[:end], [
        f"the query is {len(query):,} characters long; recall read its first {end:,} (at most {MAX_QUERY_CHARS:,})"
    ]


def _checked(root: str | os.PathLike, budget: int, encoding: Encoding) -> str:
    """``root`` as an absolute path, once the arguments are known to be usable."""
    if budget <= 0:
        raise InvalidOption("budget", f"must be a positive number, got {budget}")
    count_tokens("", encoding=encoding)  # an unknown encoding fails here, naming the known ones
    root = os.path.abspath(os.fspath(root))
    if not os.path.isdir(root):
        raise CodepithError(f"{root}: the root must be a folder")
    least = count_tokens(HEADER, encoding=encoding) + 10
    if least > budget:
        raise InvalidOption("budget", f"{budget} is too small: recall needs at least {least} tokens")
    return root


def _from_store(
    root: str,
    query: str,
    paths: list[str],
    budget: int,
    encoding: Encoding,
    progress: Progress | None,
    lessons_for: Callable[[list[str]], LessonPick],
) -> tuple[list[Doc], str, list[str], list[str], LessonPick]:
    """(picked, text, near paths, warnings, lessons) from the persistent index:
    only the definitions that match the query's terms, or lie in the paths it
    touches."""
    store = open_store(root, progress=progress)
    try:
        near = _near(root, paths, query, store.exists)
        base, joined = query_terms(query)
        words = base + sorted(joined)
        # the near paths' symbols join with no fields
        found: list[tuple[Symbol, tuple[set[str], ...] | None]] = list(
            store.match(words, WEIGHTS, _CANDIDATES, names=name_keys(query))
        )
        for path in near:  # the path, its folder and the folders above it: all rank by nearness
            parts = path.split("/")
            for prefix in dict.fromkeys(["/".join(parts[:n]) for n in range(len(parts), -1, -1)]):
                found += [(sym, None) for sym in store.under(prefix, _NEAR_CANDIDATES)]
        docs, seen = [], set()
        for sym, fields in found:
            if sym.id not in seen:
                seen.add(sym.id)
                docs.append(symbol_doc(sym, set() if fields else terms(store.file_doc(sym.path)), fields))
        section_warnings: list[str] = []
        sections = _sections(root, store.hidden_files(), section_warnings)
        df = store.df(words)
        for t, k in document_counts(sections, words).items():
            df[t] = df.get(t, 0) + k
        ranked = rank(docs + sections, query, near, counts=(df, store.count() + len(sections)))
        languages: dict[str, str] = {}

        def language_of(path: str) -> str:
            if path not in languages:
                languages[path] = store.language(path)
            return languages[path]

        picked, text, lessons = _fit_with_lessons(ranked, language_of, lessons_for(near), budget, encoding)
        return picked, text, near, store.warnings() + section_warnings, lessons
    finally:
        store.close()


def _from_scan(
    root: str,
    query: str,
    paths: list[str],
    budget: int,
    encoding: Encoding,
    cache: bool,
    lessons_for: Callable[[list[str]], LessonPick],
) -> tuple[list[Doc], str, list[str], list[str], LessonPick]:
    """(picked, text, near paths, warnings, lessons) from a scan of the whole tree."""
    from .symbols import load_index  # the scan: a fallback, not the per-prompt path

    index = load_index(root, cache=cache)
    all_files = index.all_files()
    known = set(all_files) | {p.rsplit("/", 1)[0] for p in all_files if "/" in p}
    near = _near(root, paths, query, known.__contains__)
    docs: list[Doc] = []
    for entry in index.files.values():
        file_doc = terms(entry.doc)
        docs.extend(symbol_doc(s, file_doc) for s in entry.symbols)
    section_warnings: list[str] = []
    docs += _sections(root, index.hidden_files, section_warnings)

    def language_of(path: str) -> str:
        return index.files[path].language if path in index.files else ""

    picked, text, lessons = _fit_with_lessons(rank(docs, query, near), language_of, lessons_for(near), budget, encoding)
    warnings = list(index.warnings) + section_warnings + ([NO_FTS5] if cache else [])
    return picked, text, near, warnings, lessons


def _near(root: str, paths: list[str], query: str, exists: Callable[[str], bool]) -> list[str]:
    """The paths the task touches, relative to ``root``: ``paths`` and the
    tree's files and folders written in ``query`` (``exists``), each once, none outside."""
    near: list[str] = []
    for raw in paths + _query_paths(query, exists):
        rel = os.path.relpath(raw, root) if os.path.isabs(raw) else raw
        rel = rel.replace(os.sep, "/")
        while rel.startswith("./"):
            rel = rel[2:]
        rel = rel.rstrip("/")
        if rel and not rel.startswith("../") and rel not in near:
            near.append(rel)
    return near


def _fit(
    ranked: list[tuple[float, Doc]], language_of: Callable[[str], str], budget: int, encoding: Encoding
) -> tuple[list[Doc], str]:
    """(the docs picked, their text): the best ranked that fit in ``budget``
    tokens, tried in rank order; the search stops after ``_MAX_TRIES`` docs, or
    ``_MAX_MISSES`` in a row that do not fit."""
    section_text: dict[str, str] = {}
    picked: list[Doc] = []
    text = ""
    misses = 0
    for tries, (_score, doc) in enumerate(ranked):
        if tries >= _MAX_TRIES or misses >= _MAX_MISSES:
            break
        if doc.kind == "rule" and doc.id not in section_text:
            section_text[doc.id] = _cut_section(doc.text, encoding)
        trial = _render(picked + [doc], language_of, section_text)
        if count_tokens(trial, encoding=encoding) <= budget:
            picked.append(doc)
            text = trial
            misses = 0
        else:
            misses += 1
    return picked, text


def _lessons_for(root: str, query: str, budget: int, encoding: Encoding, near: list[str]) -> LessonPick:
    return relevant_lessons(root, query, near, budget, encoding=encoding)


def _fit_with_lessons(
    ranked: list[tuple[float, Doc]],
    language_of: Callable[[str], str],
    lessons: LessonPick,
    budget: int,
    encoding: Encoding,
) -> tuple[list[Doc], str, LessonPick]:
    """(the docs picked, the text, the lessons kept): the lessons of ``LESSONS.md``
    right after the header, then the best code and rules in the tokens left;
    the whole never over ``budget`` (else the code alone)."""
    if not lessons.text:
        return *_fit(ranked, language_of, budget, encoding), lessons
    room = budget - lessons.tokens
    for _ in range(3):  # joining texts can move a token or two across the seam
        picked, code = _fit(ranked, language_of, room, encoding) if room > 0 else ([], "")
        text = HEADER + lessons.text + code[len(HEADER) :]
        over = count_tokens(text, encoding=encoding) - budget
        if over <= 0:
            return picked, text, lessons
        room -= over
    return *_fit(ranked, language_of, budget, encoding), LessonPick(warnings=lessons.warnings)
