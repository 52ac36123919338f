"""Recall's ranking: each candidate definition or rule section as a document of
weighted fields, scored against a query (see :mod:`.recall` for the rules).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field

from ..fs.paths import display_name
from .definitions import Symbol
from .globs import glob_match
from .terms import STOP as _STOP
from .terms import WORD as _WORD
from .terms import compounds, name_key, path_terms, stem, terms

__all__ = ["Doc", "WEIGHTS", "document_counts", "name_keys", "query_names", "query_terms", "rank", "symbol_doc"]

_FEW = 20  # a plain query word that names at most this many definitions names one of them
_SHORT = 2  # a query of at most this many words may name any definition (a common word, a short one)
_SPREAD = 0.8  # the k-th definition ranked from one file counts _SPREAD**k
#: field weights, in the order of recall_store.FIELDS
WEIGHTS = (3.0, 1.5, 2.5, 1.0, 1.0, 0.5, 0.5)


@dataclass
class Doc:
    """A definition or a rule section, as recall ranks it."""

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


def symbol_doc(sym: Symbol, file_doc: set[str], fields: tuple[set[str], ...] | None = None) -> Doc:
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
    return Doc(
        kind="symbol",
        id=f"symbol:{display_name(sym.id)}",
        path=sym.path,
        line=sym.line,
        symbol=sym,
        name=sym.name.lower(),
        factor=factor,
        fields=list(zip(WEIGHTS, fields, strict=False)),
    )


def _is_test(path: str) -> bool:
    parts = path.lower().split("/")
    name = parts[-1]
    return (
        any(p in ("test", "tests", "__tests__", "testdata", "spec") for p in parts[:-1])
        or name.startswith("test_")
        or re.search(r"[._-](test|spec)\.[a-z]+$|_test\.go$", name) is not None
    )


def _nearness(doc: Doc, near: list[str]) -> float:
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
        for x, y in zip(a, b, strict=False):
            if x != y:
                break
            shared += 1
        if shared:
            best = max(best, 1.5 * shared / max(len(a), len(b)))
    return best


def query_terms(query: str) -> tuple[list[str], dict[str, tuple[str, str]]]:
    """(the query's terms, its joined word pairs that are not terms already)."""
    found = terms(query)
    return sorted(found), {c: pair for c, pair in compounds(query).items() if c not in found}


def _identifier_shaped(word: str) -> bool:
    """Written as an identifier, not as a word: ``get_all``, ``x_y``, ``getAll``, ``v2``."""
    inner = word.strip("_")
    return (
        "_" in inner
        or (not word.isdigit() and any(c.isdigit() for c in word))
        or (any(c.isupper() for c in word[1:]) and any(c.islower() for c in word))
    )


def query_names(query: str) -> dict[str, tuple[str, bool]]:
    """The words of ``query`` that may name a definition, lower-cased -> (as
    written, whether it names one whatever its parts). Those are identifiers
    written as such (``get_all``, ``x_y``, ``getAll``) and every word of a
    query of at most :data:`_SHORT` words (``handle``, ``class Do``). Other
    words of three letters or more that are not common English may name one
    too, when few definitions share them (see :func:`rank`)."""
    found = _WORD.findall(query)
    short = len(found) <= _SHORT
    out: dict[str, tuple[str, bool]] = {}
    for w in found:
        exact = (short and not w.isdigit()) or _identifier_shaped(w)
        if exact or (len(w) >= 3 and w.lower() not in _STOP):
            low = w.lower()
            out[low] = (w, exact or out.get(low, ("", False))[1])
    return out


def name_keys(query: str) -> set[str]:
    """The index tokens (:func:`~.terms.name_key`) of the names ``query`` gives
    whatever their parts: the definitions the index must hand over even when
    none of their parts is a term (``get_all``: two common words)."""
    return {name_key(low) for low, (_w, exact) in query_names(query).items() if exact} - {""}


def document_counts(docs: list[Doc], words: list[str]) -> dict[str, int]:
    """How many of ``docs`` hold each of ``words``."""
    df = dict.fromkeys(words, 0)
    for doc in docs:
        present = set().union(*(fterms for _w, fterms in doc.fields))
        for t in words:
            if t in present:
                df[t] += 1
    return df


def rank(
    docs: list[Doc], query: str, near: list[str], *, counts: tuple[dict[str, int], int] | None = None
) -> list[tuple[float, Doc]]:
    """(score, doc) for every doc that scores above zero, best first (ties: path,
    line), alike definitions collapsed and files spread. ``counts``: the
    document frequency of each query term and the number of documents, when
    ``docs`` are only the candidates of a larger set."""
    base, joined = query_terms(query)
    words = base + sorted(joined)
    df, n = counts if counts is not None else (document_counts(docs, words), len(docs))
    n = max(n, 1)
    idf = {t: math.log(1 + n / (1 + df.get(t, 0))) for t in words}
    top_idf = max(idf.values(), default=1.0)
    # a plain word of a longer query that names many definitions (`path`, `url`) gets no bonus
    q_names = {
        low
        for low, (w, exact) in query_names(query).items()
        if exact or not (w.isalpha() and w.islower()) or df.get(stem(low), 0) <= _FEW
    }
    keys = name_keys(query)
    out: list[tuple[float, Doc]] = []
    for doc in docs:
        score = 0.0
        covered: set[str] = set()
        for t in words:
            weight = max((w for w, fterms in doc.fields if t in fterms), default=0.0)
            if weight:
                score += idf[t] * weight
                covered.update(joined.get(t, (t,)))
        if base and covered:
            score *= 0.5 + len(covered & set(base)) / len(base)
        if doc.name and doc.name in q_names:
            score += 4.0 * top_idf  # the query names it
        elif doc.name and name_key(doc.name) in keys:
            score += 2.0 * top_idf  # the query names it in another case style (`getAll`: get_all)
        elif doc.name and stem(doc.name.replace("_", "")) in joined:
            score += 2.0 * top_idf  # the query names it as two words (`fetch cart`: fetchCart)
        score = score * doc.factor + _nearness(doc, near)
        if score > 0:
            out.append((score, doc))
    out.sort(key=_order)
    return _spread(_collapse(out))


def _order(item: tuple[float, Doc]) -> tuple:
    return (-item[0], item[1].path, item[1].line, item[1].id)


def _collapse(ranked: list[tuple[float, Doc]]) -> list[tuple[float, Doc]]:
    """Definitions of the same kind, name and signature in other files folded
    into the best ranked one (its ``alike``)."""
    kept: dict[tuple[str, str, str], Doc] = {}
    out: list[tuple[float, Doc]] = []
    for score, doc in ranked:
        if doc.symbol is not None:
            key = (doc.symbol.kind, doc.symbol.name, doc.symbol.signature)
            first = kept.setdefault(key, doc)
            if first is not doc and first.path != doc.path:
                first.alike.append(doc.path)
                continue
        out.append((score, doc))
    return out


def _spread(ranked: list[tuple[float, Doc]]) -> list[tuple[float, Doc]]:
    """Each further definition of a file already ranked counts ``_SPREAD`` times less."""
    seen: Counter[str] = Counter()
    out = []
    for score, doc in ranked:
        out.append((score * _SPREAD ** seen[doc.path], doc))
        seen[doc.path] += 1
    out.sort(key=_order)
    return out
