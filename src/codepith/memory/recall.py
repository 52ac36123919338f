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
naming a symbol puts its definition first. Nearness to the given paths (and
to file paths written in the query) adds a bonus. Fields, variables and test
files weigh a little less. Definitions that repeat one another across files
(the same kind, name and signature: seventeen ``class Migration`` stubs) are
shown once with a count, and each further definition from a file already
ranked counts a little less, so the results spread across files.
"""

from __future__ import annotations

import math
import os
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from ..errors import CodepithError, InvalidOption
from ..core.safeio import UnsafeStatePath
from ..core.languages import fence_name, spec
from ..core.tokens import DEFAULT_ENCODING, count_tokens
from .globs import glob_match
from .recall_store import Progress, fts5_available, open_store
from .rules import GENERATED_MARKER, rule_files
from .symbols import Symbol, load_index
from .terms import STOP as _STOP
from .terms import WORD as _WORD
from .terms import compounds, path_terms, split_identifier, stem, terms
from .usage import USAGE_FILE, log_injection

__all__ = ["DEFAULT_BUDGET", "Recall", "rank", "recall", "rule_section_ids", "split_identifier", "stem", "terms"]

DEFAULT_BUDGET = 600
HEADER = "# codepith recall: code and rules for this task\n"
SECTION_TOKENS = 150  # most tokens of one rule section
_MAX_TRIES = 400
_MAX_MISSES = 40
_CANDIDATES = 300  # definitions read from the index per query
_NEAR_CANDIDATES = 200  # definitions read per path the task touches
_FEW = 20  # a plain query word that names at most this many definitions names one of them
_SPREAD = 0.8  # the k-th definition ranked from one file counts _SPREAD**k
#: field weights, in the order of recall_store.FIELDS
_WEIGHTS = (3.0, 1.5, 2.5, 1.0, 1.0, 0.5, 0.5)
NO_FTS5 = "this Python's sqlite3 has no FTS5: recall scans the tree on every query (slower)"

_PATHLIKE = re.compile(r"[\w.\-/]*[\w\-]\.[A-Za-z0-9]+|[\w.\-]+(?:/[\w.\-]+)+/?")


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
    alike: list[str] = field(default_factory=list)  # the files of the definitions collapsed into this one


_LOW_KINDS = {"field": 0.6, "variable": 0.6, "constant": 0.7}


def _symbol_doc(sym: Symbol, file_doc: set[str], fields: tuple[set[str], ...] | None = None) -> _Doc:
    """A symbol as a ranked document; ``fields``: its terms by field when the index has them."""
    if fields is None:
        name = terms(sym.name)
        file_terms, dir_terms = path_terms(sym.path)
        parents = terms(" ".join(sym.qualname.split(".")[:-1]))
        fields = (name, parents, file_terms, dir_terms, terms(sym.doc), terms(sym.signature) - name, file_doc)
    factor = _LOW_KINDS.get(sym.kind, 1.0)
    if sym.name.startswith("_"):
        factor *= 0.85
    if _is_test(sym.path):
        factor *= 0.7
    return _Doc(
        kind="symbol", id=f"symbol:{sym.id}", path=sym.path, line=sym.line, symbol=sym,
        name=sym.name.lower(), factor=factor,
        fields=list(zip(_WEIGHTS, fields)),
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
                fields=[(2.0, terms(title)), (1.0, terms(text)), (1.0, set().union(*path_terms(rule.path)))],
            ))
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
        hidden = load_index(root).hidden_files
    return sorted({d.id for d in _sections(root, hidden)})


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


def _query_terms(query: str) -> tuple[list[str], dict[str, tuple[str, str]]]:
    """(the query's terms, its joined word pairs that are not terms already)."""
    base = sorted(terms(query))
    return base, {c: pair for c, pair in compounds(query).items() if c not in base}


def document_counts(docs: list[_Doc], words: list[str]) -> dict[str, int]:
    """How many of ``docs`` hold each of ``words``."""
    df = dict.fromkeys(words, 0)
    for doc in docs:
        present = set().union(*(fterms for _w, fterms in doc.fields))
        for t in words:
            if t in present:
                df[t] += 1
    return df


def rank(docs: list[_Doc], query: str, near: list[str], *,
         counts: tuple[dict[str, int], int] | None = None) -> list[tuple[float, _Doc]]:
    """(score, doc) for every doc that scores above zero, best first (ties: path,
    line), alike definitions collapsed and files spread. ``counts``: the
    document frequency of each query term and the number of documents, when
    ``docs`` are only the candidates of a larger set."""
    base, joined = _query_terms(query)
    words = base + sorted(joined)
    # identifiers written in the query (`ShoppingCart`, `add_item`), and plain words that name few
    # definitions (`slugify`): a word equal to a generic name (`path`, `url`) gets no bonus
    q_words = {w.lower(): w for w in _WORD.findall(query) if len(w) >= 3 and w.lower() not in _STOP}
    df, n = counts if counts is not None else (document_counts(docs, words), len(docs))
    n = max(n, 1)
    idf = {t: math.log(1 + n / (1 + df.get(t, 0))) for t in words}
    top_idf = max(idf.values(), default=1.0)
    q_names = {low for low, w in q_words.items()
               if not (w.isalpha() and w.islower()) or df.get(stem(low), 0) <= _FEW}
    out: list[tuple[float, _Doc]] = []
    for doc in docs:
        score, covered = 0.0, set()
        for t in words:
            weight = max((w for w, fterms in doc.fields if t in fterms), default=0.0)
            if weight:
                score += idf[t] * weight
                covered.update(joined.get(t, (t,)))
        if base and covered:
            score *= 0.5 + len(covered & set(base)) / len(base)
        if doc.name and doc.name in q_names:
            score += 4.0 * top_idf  # the query names it
        elif doc.name and stem(doc.name.replace("_", "")) in joined:
            score += 2.0 * top_idf  # the query names it as two words (`fetch cart`: fetchCart)
        score = score * doc.factor + _nearness(doc, near)
        if score > 0:
            out.append((score, doc))
    out.sort(key=_order)
    return _spread(_collapse(out))


def _order(item: tuple[float, _Doc]) -> tuple:
    return (-item[0], item[1].path, item[1].line, item[1].id)


def _collapse(ranked: list[tuple[float, _Doc]]) -> list[tuple[float, _Doc]]:
    """Definitions of the same kind, name and signature in other files folded
    into the best ranked one (its ``alike``)."""
    kept: dict[tuple[str, str, str], _Doc] = {}
    out: list[tuple[float, _Doc]] = []
    for score, doc in ranked:
        if doc.symbol is not None:
            key = (doc.symbol.kind, doc.symbol.name, doc.symbol.signature)
            first = kept.setdefault(key, doc)
            if first is not doc and first.path != doc.path:
                first.alike.append(doc.path)
                continue
        out.append((score, doc))
    return out


def _spread(ranked: list[tuple[float, _Doc]]) -> list[tuple[float, _Doc]]:
    """Each further definition of a file already ranked counts ``_SPREAD`` times less."""
    seen: Counter[str] = Counter()
    out = []
    for score, doc in ranked:
        out.append((score * _SPREAD ** seen[doc.path], doc))
        seen[doc.path] += 1
    out.sort(key=_order)
    return out


# --------------------------------------------------------------------------- rendering


def _symbol_lines(doc: _Doc, language: str) -> str:
    sym = doc.symbol
    mark = spec(language).line_comment if language else "#"
    where = f"L{sym.line}" + (f" {sym.qualname}" if sym.qualname != sym.name else "")
    text = f"{sym.signature}  {mark} {where}\n"
    if sym.doc:
        text += f"    {mark} {sym.doc}\n"
    if doc.alike:
        text += f"    {mark} +{len(doc.alike)} alike in other files, e.g. {doc.alike[0]}\n"
    return text


def _cut_section(text: str, encoding: str) -> str:
    lines = text.splitlines()
    while lines and count_tokens("\n".join(lines), encoding=encoding) > SECTION_TOKENS:
        lines = lines[: max(1, len(lines) * 3 // 4)] if len(lines) > 1 else [lines[0][: len(lines[0]) // 2]]
        if lines == [""]:
            break
    out = "\n".join(lines)
    return out + ("\n\u2026" if out != text else "")


def _render(picked: list[_Doc], language_of: Callable[[str], str], section_text: dict[str, str]) -> str:
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
        language = language_of(first.path)
        body = "".join(_symbol_lines(d, language) for d in sorted(docs, key=lambda d: (d.line, d.id)))
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


def _query_paths(query: str, exists: Callable[[str], bool]) -> list[str]:
    out = []
    for raw in _PATHLIKE.findall(query):
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
    encoding: str = DEFAULT_ENCODING,
    log: bool = True,
    usage: str | os.PathLike | None = None,
    source: str = "cli",
    session: str | None = None,
    cache: bool = True,
    log_prompts: bool = False,
    progress: Progress | None = None,
) -> Recall:
    """The symbols and rule sections most relevant to ``query`` (and ``paths``),
    rendered in at most ``budget`` tokens (exact). An empty text means nothing
    matched. Every non-empty injection appends a line to the usage log (``usage``,
    default ``ROOT/.codepith/usage.jsonl``) unless ``log`` is False: the query
    as a salted hash, and as text too with ``log_prompts``. A state file or
    folder below the root that is a symlink is refused
    (:class:`~codepith.safeio.UnsafeStatePath`).

    The index lives in ``ROOT/.codepith/recall.sqlite`` and is brought up to
    date first (its first build calls ``progress`` with the number of files
    parsed so far, and whether it is done); with ``cache`` False, or without FTS5 in sqlite, the tree
    is scanned instead (:mod:`.symbols`)."""
    root = _checked(root, budget, encoding)
    if cache and fts5_available():
        picked, text, near, warnings = _from_store(root, query, list(paths), budget, encoding, progress)
    else:
        picked, text, near, warnings = _from_scan(root, query, list(paths), budget, encoding, cache)
    tokens = count_tokens(text, encoding=encoding) if text else 0
    result = Recall(text=text, tokens=tokens, items=[d.id for d in picked], paths=near, budget=budget,
                    encoding=encoding, warnings=warnings)
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


def _from_store(root: str, query: str, paths: list[str], budget: int, encoding: str,
                progress: Progress | None) -> tuple[list[_Doc], str, list[str], list[str]]:
    """(picked, text, near paths, warnings) from the persistent index: only the
    definitions that match the query's terms, or lie in the paths it touches."""
    store = open_store(root, progress=progress)
    try:
        near = _near(root, paths, query, store.exists)
        base, joined = _query_terms(query)
        words = base + sorted(joined)
        found = store.match(words, _WEIGHTS, _CANDIDATES)
        for path in near:
            found += [(sym, None) for sym in store.under(path, _NEAR_CANDIDATES)]
        docs, seen = [], set()
        for sym, fields in found:
            if sym.id not in seen:
                seen.add(sym.id)
                docs.append(_symbol_doc(sym, set() if fields else terms(store.file_doc(sym.path)), fields))
        sections = _sections(root, store.hidden_files())
        df = store.df(words)
        for t, k in document_counts(sections, words).items():
            df[t] = df.get(t, 0) + k
        ranked = rank(docs + sections, query, near, counts=(df, store.count() + len(sections)))
        picked, text = _fit(ranked, store.language, budget, encoding)
        return picked, text, near, store.warnings()
    finally:
        store.close()


def _from_scan(root: str, query: str, paths: list[str], budget: int, encoding: str,
               cache: bool) -> tuple[list[_Doc], str, list[str], list[str]]:
    """(picked, text, near paths, warnings) from a scan of the whole tree."""
    index = load_index(root, cache=cache)
    all_files = index.all_files()
    known = set(all_files) | {p.rsplit("/", 1)[0] for p in all_files if "/" in p}
    near = _near(root, paths, query, known.__contains__)
    docs: list[_Doc] = []
    for entry in index.files.values():
        file_doc = terms(entry.doc)
        docs.extend(_symbol_doc(s, file_doc) for s in entry.symbols)
    docs += _sections(root, index.hidden_files)

    def language_of(path: str) -> str:
        return index.files[path].language if path in index.files else ""

    picked, text = _fit(rank(docs, query, near), language_of, budget, encoding)
    warnings = list(index.warnings) + ([NO_FTS5] if cache else [])
    return picked, text, near, warnings


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


def _fit(ranked: list[tuple[float, _Doc]], language_of: Callable[[str], str], budget: int,
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
        trial = _render(picked + [doc], language_of, section_text)
        if count_tokens(trial, encoding=encoding) <= budget:
            picked.append(doc)
            text = trial
            misses = 0
        else:
            misses += 1
    return picked, text
