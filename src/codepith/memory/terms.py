"""The terms recall matches: identifier parts, lower-cased, lightly stemmed.

Identifiers are split at ``snake_case`` and ``camelCase`` boundaries, common
English words dropped, plurals and ``-ed``/``-ing`` endings folded, the same
way on both sides of a match. A query also gets the joined forms of each pair
of its neighbouring words, in both orders (``migrations squashed`` ->
``squashmigration``), so a name written as one word (``squashmigrations.py``)
matches a prompt that spells it as two.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = [
    "PATHLIKE",
    "WORD",
    "compounds",
    "name_key",
    "path_terms",
    "paths_in",
    "split_identifier",
    "stem",
    "terms",
    "words",
]

_STOP = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "all",
        "also",
        "am",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "done",
        "down",
        "during",
        "each",
        "even",
        "every",
        "few",
        "for",
        "from",
        "further",
        "get",
        "gets",
        "got",
        "had",
        "has",
        "have",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "itself",
        "just",
        "let",
        "like",
        "may",
        "me",
        "might",
        "more",
        "most",
        "much",
        "must",
        "my",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "our",
        "out",
        "over",
        "own",
        "please",
        "same",
        "shall",
        "she",
        "should",
        "show",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "us",
        "use",
        "used",
        "uses",
        "using",
        "very",
        "want",
        "was",
        "way",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "within",
        "without",
        "would",
        "you",
        "your",
        "work",
        "works",
        "happen",
        "happens",
        "code",
        "find",
        "handle",
        "handled",
        "implemented",
        "implement",
        "implementation",
    ]
)
STOP = _STOP

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|[0-9]+")
#: a file path or file name written in a text (``src/app/pack.py``, ``pack.py``, ``src/app/``), as
#: :func:`paths_in` finds them; this expression backtracks quadratically on a long word, so it is
#: never run on a text (``tests/test_bounded.py`` checks that ``paths_in`` finds what it would)
PATHLIKE = re.compile(r"[\w.\-/]*[\w\-]\.[A-Za-z0-9]+|[\w.\-]+(?:/[\w.\-]+)+/?")
_PATH_RUN = re.compile(r"[\w.\-/]+")  # one greedy class: each character is read once
_ALNUM = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z]|[0-9]|$)|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")


def paths_in(text: str) -> list[str]:
    """What ``PATHLIKE.findall(text)`` gives, in time linear in ``text``.

    Every match lies inside one run of ``[\\w.\\-/]`` characters. In a run,
    the first alternative matches at most once, from the run's start to the
    end of its last ``x.ext``; the second takes ``seg/seg...`` and gives the
    same answer at every start inside one segment, so a segment is tried once.
    """
    out: list[str] = []
    for m in _PATH_RUN.finditer(text):
        out.extend(_paths_in_run(m.group()))
    return out


def _paths_in_run(run: str) -> list[str]:
    out: list[str] = []
    n = len(run)
    pos = 0
    dot = run.rfind(".")
    while dot > 0 and not (dot + 1 < n and run[dot + 1] in _ALNUM and _word_or_dash(run[dot - 1])):
        dot = run.rfind(".", 0, dot)
    if dot > 0:  # [\w.\-/]*[\w\-]\.[A-Za-z0-9]+ from the run's start, up to its last x.ext
        end = dot + 1
        while end < n and run[end] in _ALNUM:
            end += 1
        out.append(run[:end])
        pos = end
    while pos < n:  # [\w.\-]+(?:/[\w.\-]+)+/?
        if run[pos] == "/":
            pos += 1
            continue
        seg_end = run.find("/", pos)
        seg_end = n if seg_end < 0 else seg_end
        end = seg_end
        while end + 1 < n and run[end] == "/" and run[end + 1] != "/":
            nxt = run.find("/", end + 1)
            end = n if nxt < 0 else nxt
        if end == seg_end:  # no /segment follows: no start in this segment matches
            pos = seg_end
            continue
        if end < n:  # the optional trailing /
            end += 1
        out.append(run[pos:end])
        pos = end
    return out


def _word_or_dash(ch: str) -> bool:
    return ch == "-" or ch == "_" or ch.isalnum()


def split_identifier(word: str) -> list[str]:
    """``parseHTTPResponse_v2`` -> ``['parse', 'http', 'response', 'v', '2']``."""
    out: list[str] = []
    for part in word.split("_"):
        out.extend(p.lower() for p in _CAMEL.findall(part))
    return out


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A light suffix folding, the same on both sides of a match."""
    for suffix in ("ments", "ment"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return stem(word[: -len(suffix)])  # attachments -> attach, management -> manag
    for suffix in ("ings", "ing", "ies", "ied", "ify", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word.endswith("ss"):
                continue
            if suffix in ("ies", "ied"):
                return word[: -len(suffix)] + "y"
            return word[: -len(suffix)]
    return word


def _parts(text: str) -> list[str]:
    """The identifier parts of ``text``, lower-cased, not stemmed, no stop words."""
    out: list[str] = []
    for word in WORD.findall(text):
        out.extend(_word_parts(word))
    return out


@lru_cache(maxsize=65536)
def _word_parts(word: str) -> tuple[str, ...]:
    parts = split_identifier(word) if not word.isdigit() else [word]
    return tuple(p for p in parts if len(p) >= 2 and p not in _STOP)


def words(text: str) -> list[str]:
    """The terms of ``text`` in order (repeats kept)."""
    return [stem(part) for part in _parts(text)]


def terms(text: str) -> set[str]:
    """The terms of ``text``: identifier parts, lower-cased and stemmed, no stop words."""
    return set(words(text))


def compounds(text: str) -> dict[str, tuple[str, str]]:
    """The joined forms of each pair of neighbouring query terms, in both
    orders, mapped to the pair: ``{"squashmigration": ("squash", "migration")}``."""
    seq = _parts(text)
    out: dict[str, tuple[str, str]] = {}
    for a, b in zip(seq, seq[1:], strict=False):
        if a == b:
            continue
        pair = (stem(a), stem(b))
        for first, second, key in ((a, b, pair), (b, a, pair[::-1])):
            for joined in (first + second, stem(first) + second):
                out.setdefault(stem(joined), key)
    return out


def path_terms(path: str) -> tuple[set[str], set[str]]:
    """(the terms of a path's file name, without its extension; those of its folders)."""
    folder, _, name = path.rpartition("/")
    return terms(re.sub(r"\.[A-Za-z0-9]+$", "", name)), terms(folder.replace("/", " "))


def name_key(name: str) -> str:
    """A definition's whole name as one index token, whatever its parts:
    lower-cased, underscores dropped (``get_all``, ``getAll`` -> ``getall``;
    ``x_y`` -> ``xy``; ``Do`` -> ``do``)."""
    return name.lower().replace("_", "")
