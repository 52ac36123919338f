"""Tier 3: the code and rules relevant to one task, under an exact token budget.

:func:`recall` ranks every symbol of the tree (from the cached index of
:mod:`.symbols`) and every section of the hand-written rule files against a
query and, optionally, the paths the task touches, then fits the best under
the budget and renders them: signatures with the first line of their doc,
grouped by file, and rule sections.

Ranking is lexical and offline. The query and each symbol are cut into terms:
identifiers split at ``snake_case`` and ``camelCase`` boundaries, lower-cased,
common English words dropped, plurals and ``-ed``/``-ing`` endings folded.
A term scores its rarity across the tree (inverse document frequency) times
where it occurs — the symbol's name weighs most, then its class, path, doc,
signature and its file's doc. A query word equal to a symbol's whole name adds a large bonus, so
a query naming a symbol puts its definition first. Nearness to the given
paths (and to file paths written in the query) adds a bonus: same file, same
folder, a shared parent. Fields, variables and test files weigh a little less.

The live lessons of ``LESSONS.md`` that the task touches
(:func:`codepith.memory.lesson_use.relevant_lessons`) come first, right after
the header, in at most a third of the budget; the code and rules fill the rest.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field

from ..errors import CodepithError, InvalidOption
from ..core.safeio import UnsafeStatePath
from ..core.languages import fence_name, spec
from ..core.tokens import DEFAULT_ENCODING, count_tokens
from .globs import glob_match
from .lesson_use import LessonPick, relevant_lessons
from .rules import GENERATED_MARKER, rule_files
from .symbols import Symbol, SymbolIndex, load_index
from .usage import USAGE_FILE, log_injection

__all__ = ["DEFAULT_BUDGET", "Recall", "rank", "recall", "rule_section_ids", "split_identifier", "terms"]

DEFAULT_BUDGET = 600
HEADER = "# codepith recall: code and rules for this task\n"
SECTION_TOKENS = 150  # most tokens of one rule section
LESSON_SHARE = 3  # lessons take at most 1/3 of the budget; the code and rules the rest
_MAX_TRIES = 400
_MAX_MISSES = 40

_STOP = frozenset(["a", "about", "above", "after", "again", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be", "been", "before", "being", "below", "between", "both", "but", "by", "can", "could", "did", "do", "does", "doing", "done", "down", "during", "each", "even", "every", "few", "for", "from", "further", "get", "gets", "got", "had", "has", "have", "having", "he", "her", "here", "hers", "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "let", "like", "may", "me", "might", "more", "most", "much", "must", "my", "no", "nor", "not", "now", "of", "off", "on", "once", "only", "or", "other", "our", "out", "over", "own", "please", "same", "shall", "she", "should", "show", "so", "some", "such", "than", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those", "through", "to", "too", "under", "until", "up", "us", "use", "used", "uses", "using", "very", "want", "was", "way", "we", "were", "what", "when", "where", "which", "while", "who", "whom", "why", "will", "with", "within", "without", "would", "you", "your"])

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|[0-9]+")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z]|[0-9]|$)|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
_PATHLIKE = re.compile(r"[\w.\-/]*[\w\-]\.[A-Za-z0-9]+|[\w.\-]+(?:/[\w.\-]+)+/?")


def split_identifier(word: str) -> list[str]:
    """``parseHTTPResponse_v2`` -> ``['parse', 'http', 'response', 'v', '2']``."""
    out: list[str] = []
    for part in word.split("_"):
        out.extend(p.lower() for p in _CAMEL.findall(part))
    return out


def stem(word: str) -> str:
    """A light suffix folding, the same on both sides of a match."""
    for suffix in ("ings", "ing", "ies", "ied", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word.endswith("ss"):
                continue
            if suffix in ("ies", "ied"):
                return word[: -len(suffix)] + "y"
            return word[: -len(suffix)]
    return word


def terms(text: str) -> set[str]:
    """The terms of ``text``: identifier parts, lower-cased and stemmed, no stop words."""
    out: set[str] = set()
    for word in _WORD.findall(text):
        for part in split_identifier(word) if not word.isdigit() else [word]:
            if len(part) >= 2 and part not in _STOP:
                out.add(stem(part))
    return out


def _path_terms(path: str) -> set[str]:
    stemless = re.sub(r"\.[A-Za-z0-9]+$", "", path)
    return terms(stemless.replace("/", " "))


# --------------------------------------------------------------------------- documents


@dataclass
class _Doc:
    kind: str  # symbol | rule
    id: str
    path: str
    line: int
    fields: list[tuple[float, set[str]]]  # (weight, terms)
    name: str = ""  # a symbol's name, lower-cased (for exact matches)
    factor: float = 1.0
    symbol: Symbol | None = None
    title: str = ""
    text: str = ""
    patterns: list[str] = field(default_factory=list)


_LOW_KINDS = {"field": 0.6, "variable": 0.6, "constant": 0.7}


def _symbol_doc(sym: Symbol, file_doc: set[str]) -> _Doc:
    parents = sym.qualname.split(".")[:-1]
    sig_words = terms(sym.signature) - terms(sym.name)
    factor = _LOW_KINDS.get(sym.kind, 1.0)
    if sym.name.startswith("_"):
        factor *= 0.85
    if _is_test(sym.path):
        factor *= 0.7
    return _Doc(
        kind="symbol", id=f"symbol:{sym.id}", path=sym.path, line=sym.line, symbol=sym,
        name=sym.name.lower(), factor=factor,
        fields=[(3.0, terms(sym.name)), (1.5, terms(" ".join(parents))), (1.5, _path_terms(sym.path)),
                (1.0, terms(sym.doc)), (0.5, sig_words), (0.5, file_doc)],
    )


def _is_test(path: str) -> bool:
    parts = path.lower().split("/")
    name = parts[-1]
    return any(p in ("test", "tests", "__tests__", "testdata", "spec") for p in parts[:-1]) or \
        name.startswith("test_") or re.search(r"[._-](test|spec)\.[a-z]+$|_test\.go$", name) is not None


_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def _sections(root: str, files: list[str]) -> list[_Doc]:
    """The sections of the hand-written rule files (those codepith generated hold
    symbols that the index has already)."""
    docs: list[_Doc] = []
    for rule in rule_files(root, files):
        if GENERATED_MARKER in rule.body[:4096]:
            continue
        title, start, lines, fenced = "", rule.body_line, [], False
        chunks: list[tuple[str, int, list[str]]] = []
        for n, line in enumerate(rule.body.splitlines(), start=rule.body_line):
            if line.lstrip().startswith(("```", "~~~")):
                fenced = not fenced
            m = None if fenced else _HEADING.match(line)
            if m:
                if any(x.strip() for x in lines):
                    chunks.append((title, start, lines))
                title, start, lines = m.group(2), n, []
                continue
            lines.append(line)
        if any(x.strip() for x in lines):
            chunks.append((title, start, lines))
        for title, line_no, body in chunks:
            text = "\n".join(body).strip("\n")
            section = title or os.path.basename(rule.path)
            docs.append(_Doc(
                kind="rule", id=f"rule:{rule.path}#{section}", path=rule.path, line=line_no, title=section,
                text=text, patterns=list(rule.patterns),
                fields=[(2.0, terms(title)), (1.0, terms(text)), (1.0, _path_terms(rule.path))],
            ))
    return docs


def rule_section_ids(root: str | os.PathLike) -> list[str]:
    """The ids (``rule:PATH#SECTION``) of every section recall can inject from ``root``'s rule files."""
    root = os.path.abspath(os.fspath(root))
    return sorted({d.id for d in _sections(root, load_index(root).hidden_files)})


# --------------------------------------------------------------------------- ranking


def _nearness(doc: _Doc, near: list[str]) -> float:
    if not near:
        return 0.0
    if doc.kind == "rule":
        return 6.0 if any(glob_match(p, n) for p in doc.patterns for n in near) else 0.0
    best = 0.0
    folder = doc.path.rsplit("/", 1)[0] if "/" in doc.path else ""
    for path in near:
        path = path.rstrip("/")
        if doc.path == path or doc.path.startswith(path + "/"):
            return 6.0  # the file itself, or a file inside a given folder
        other = path.rsplit("/", 1)[0] if "/" in path else ""
        if folder == other:
            best = max(best, 3.0)
            continue
        a, b = folder.split("/") if folder else [], other.split("/") if other else []
        shared = 0
        for x, y in zip(a, b):
            if x != y:
                break
            shared += 1
        if shared:
            best = max(best, 1.5 * shared / max(len(a), len(b)))
    return best


def rank(docs: list[_Doc], query: str, near: list[str]) -> list[tuple[float, _Doc]]:
    """(score, doc) for every doc that scores above zero, best first (ties: path, line)."""
    q_terms = sorted(terms(query))
    q_names = {w.lower() for w in _WORD.findall(query) if len(w) >= 3 and w.lower() not in _STOP}
    n = max(len(docs), 1)
    df: dict[str, int] = {t: 0 for t in q_terms}
    for doc in docs:
        present = set()
        for _w, fterms in doc.fields:
            present |= fterms
        for t in q_terms:
            if t in present:
                df[t] += 1
    idf = {t: math.log(1 + n / (1 + df[t])) for t in q_terms}
    top_idf = max(idf.values(), default=1.0)
    out: list[tuple[float, _Doc]] = []
    for doc in docs:
        score = 0.0
        matched = 0
        for t in q_terms:
            weight = max((w for w, fterms in doc.fields if t in fterms), default=0.0)
            if weight:
                matched += 1
                score += idf[t] * weight
        if q_terms and matched:
            score *= 0.5 + matched / len(q_terms)
        if doc.name and doc.name in q_names:
            score += 4.0 * top_idf
        score = score * doc.factor + _nearness(doc, near)
        if score > 0:
            out.append((score, doc))
    out.sort(key=lambda x: (-x[0], x[1].path, x[1].line, x[1].id))
    return out


# --------------------------------------------------------------------------- rendering


def _symbol_lines(sym: Symbol, language: str) -> str:
    mark = spec(language).line_comment
    where = f"L{sym.line}" + (f" {sym.qualname}" if sym.qualname != sym.name else "")
    text = f"{sym.signature}  {mark} {where}\n"
    if sym.doc:
        text += f"    {mark} {sym.doc}\n"
    return text


def _cut_section(text: str, encoding: str) -> str:
    lines = text.splitlines()
    while lines and count_tokens("\n".join(lines), encoding=encoding) > SECTION_TOKENS:
        lines = lines[: max(1, len(lines) * 3 // 4)] if len(lines) > 1 else [lines[0][: len(lines[0]) // 2]]
        if lines == [""]:
            break
    out = "\n".join(lines)
    return out + ("\n\u2026" if out != text else "")


def _render(picked: list[_Doc], index: SymbolIndex, section_text: dict[str, str]) -> str:
    groups: dict[str, list[_Doc]] = {}
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
            parts.append(f"## {first.path} \u00a7 {first.title}\n{section_text[first.id]}\n")
            continue
        language = index.files[first.path].language if first.path in index.files else ""
        body = "".join(_symbol_lines(d.symbol, language) for d in sorted(docs, key=lambda d: (d.line, d.id)))
        parts.append(f"## {first.path}\n```{fence_name(language)}\n{body}```\n")
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
    encoding: str
    warnings: list[str] = field(default_factory=list)


def _query_paths(query: str, files: set[str], folders: set[str]) -> list[str]:
    out = []
    for raw in _PATHLIKE.findall(query):
        path = raw.strip("./") if raw.startswith("./") else raw.rstrip("/")
        if path in files or path in folders:
            out.append(path)
    return out


def recall(
    root: str | os.PathLike,
    query: str,
    *,
    paths: list[str] | tuple[str, ...] = (),
    budget: int = DEFAULT_BUDGET,
    encoding: str = DEFAULT_ENCODING,
    log: bool = True,
    usage: str | os.PathLike | None = None,
    source: str = "cli",
    session: str | None = None,
    cache: bool = True,
    log_prompts: bool = False,
) -> Recall:
    """The symbols and rule sections most relevant to ``query`` (and ``paths``),
    rendered in at most ``budget`` tokens (exact). An empty text means nothing
    matched. Every non-empty injection appends a line to the usage log (``usage``,
    default ``ROOT/.codepith/usage.jsonl``) unless ``log`` is False: the query
    as a salted hash, and as text too with ``log_prompts``. A state file or
    folder below the root that is a symlink is refused
    (:class:`~codepith.safeio.UnsafeStatePath`)."""
    root = _checked(root, budget, encoding)
    index = load_index(root, cache=cache)
    near = _near(root, list(paths), query, index)
    ranked = rank(_documents(root, index), query, near)
    lessons = relevant_lessons(root, query, near, budget // LESSON_SHARE, encoding=encoding)
    picked, text, lessons = _fit_with_lessons(ranked, index, lessons, budget, encoding)
    tokens = count_tokens(text, encoding=encoding) if text else 0
    result = Recall(text=text, tokens=tokens, items=lessons.items + [d.id for d in picked], paths=near,
                    budget=budget, encoding=encoding, warnings=list(index.warnings) + lessons.warnings)
    if text and log:
        log_path = os.fspath(usage) if usage is not None else os.path.join(root, USAGE_FILE)
        try:
            log_injection(log_path, query=query, items=result.items, tokens=tokens, budget=budget,
                          encoding=encoding, paths=near, source=source, session=session, root=root,
                          log_prompt=log_prompts)
        except UnsafeStatePath:
            raise
        except OSError as exc:
            result.warnings.append(f"{log_path}: the usage line could not be written ({exc.strerror or exc})")
    return result


def _checked(root: str | os.PathLike, budget: int, encoding: str) -> str:
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


def _near(root: str, paths: list[str], query: str, index: SymbolIndex) -> list[str]:
    """The paths the task touches, relative to ``root``: ``paths`` and the
    tree's files and folders written in ``query``, each once, none outside."""
    all_files = index.all_files()
    folders = {p.rsplit("/", 1)[0] for p in all_files if "/" in p}
    near: list[str] = []
    for raw in paths + _query_paths(query, set(all_files), folders):
        rel = os.path.relpath(raw, root) if os.path.isabs(raw) else raw
        rel = rel.replace(os.sep, "/")
        while rel.startswith("./"):
            rel = rel[2:]
        rel = rel.rstrip("/")
        if rel and not rel.startswith("../") and rel not in near:
            near.append(rel)
    return near


def _documents(root: str, index: SymbolIndex) -> list[_Doc]:
    """Every symbol of the index and every section of the hand-written rule files."""
    docs: list[_Doc] = []
    for entry in index.files.values():
        file_doc = terms(entry.doc)
        docs.extend(_symbol_doc(s, file_doc) for s in entry.symbols)
    return docs + _sections(root, index.hidden_files)


def _fit(ranked: list[tuple[float, _Doc]], index: SymbolIndex, budget: int,
         encoding: str) -> tuple[list[_Doc], str]:
    """(the docs picked, their text): the best ranked that fit in ``budget``
    tokens, tried in rank order; the search stops after ``_MAX_TRIES`` docs, or
    ``_MAX_MISSES`` in a row that do not fit."""
    section_text: dict[str, str] = {}
    picked: list[_Doc] = []
    text = ""
    misses = 0
    for tries, (_score, doc) in enumerate(ranked):
        if tries >= _MAX_TRIES or misses >= _MAX_MISSES:
            break
        if doc.kind == "rule" and doc.id not in section_text:
            section_text[doc.id] = _cut_section(doc.text, encoding)
        trial = _render(picked + [doc], index, section_text)
        if count_tokens(trial, encoding=encoding) <= budget:
            picked.append(doc)
            text = trial
            misses = 0
        else:
            misses += 1
    return picked, text


def _fit_with_lessons(ranked: list[tuple[float, _Doc]], index: SymbolIndex, lessons: LessonPick, budget: int,
                      encoding: str) -> tuple[list[_Doc], str, LessonPick]:
    """(the docs picked, the text, the lessons kept): the lessons of ``LESSONS.md``
    right after the header, then the best code and rules in the tokens left;
    the whole never over ``budget`` (else the code alone)."""
    if not lessons.text:
        return *_fit(ranked, index, budget, encoding), lessons
    room = budget - lessons.tokens
    for _ in range(3):  # joining texts can move a token or two across the seam
        picked, code = _fit(ranked, index, room, encoding) if room > 0 else ([], "")
        text = HEADER + lessons.text + code[len(HEADER):]
        over = count_tokens(text, encoding=encoding) - budget
        if over <= 0:
            return picked, text, lessons
        room -= over
    return *_fit(ranked, index, budget, encoding), LessonPick(warnings=lessons.warnings)
