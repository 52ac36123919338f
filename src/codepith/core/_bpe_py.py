"""Pure-Python twin and reference of the exact token counter.

Twin of the Cython module ``_bpe``: same names, same keyword-only
signatures, same counts. ``count(text, encoding=...)`` equals
``len(get_encoding(encoding).encode_ordinary(text))`` for every input; here
it simply asks tiktoken, which is faster than any pure-Python BPE.

``reference_count`` is the native module's algorithm in plain Python, the
specification that the property tests prove against tiktoken: every
character gets its class from the generated tables (``_unicode_classes``);
the text is split into pieces by ``pieces`` (each encoding's pattern, its
alternatives tried in order as a backtracking engine tries them) and every
piece is counted by byte-pair merging against the ranks. Around a character
whose class the tables do not agree on (one assigned after Unicode 14), the
text is cut where the pre-tokenizer always cuts (``cut_spans``) and that span
is handed to tiktoken.
"""

from __future__ import annotations

from bisect import bisect_right

from ._tiktoken import bytes_count, ordinary_count
from ._unicode_classes import RUNS
from .encodings import get_encoding

__all__ = [
    "count",
    "count_utf8",
    "reference_count",
    "reference_count_utf8",
    "pieces",
    "char_class",
    "bpe_count",
    "cut_spans",
    "IMPLEMENTATION",
]

IMPLEMENTATION = "python"

# character classes, the same bits as in ``_bpe.pyx`` (see tools/gen_unicode_classes.py)
UP, LO, DIG, WS, NL, PUN, LET, UNK = 1, 2, 4, 8, 16, 32, 64, 128
_RUN_STARTS = [start for start, _ in RUNS]


def char_class(ch: str) -> int:
    """The class bits of one character, from the generated tables."""
    return RUNS[bisect_right(_RUN_STARTS, ord(ch)) - 1][1]


def _contraction_letters(t: str, k: int) -> int:
    """End of ``(?i:[sdmt]|ll|ve|re)`` at ``k`` (U+017F LONG S folds to
    s, as the regex engine folds), or ``k``."""
    if k >= len(t):
        return k
    x = t[k].lower() if t[k].isascii() else t[k]
    if x in "sdmt\u017f":
        return k + 1
    if t[k : k + 2].isascii() and t[k : k + 2].lower() in ("ll", "ve", "re"):
        return k + 2
    return k


def _contraction(t: str, k: int) -> int:
    """End of o200k's optional ``(?i:'s|'t|'re|'ve|'m|'ll|'d)?`` at ``k``."""
    if k < len(t) and t[k] == "'":
        e = _contraction_letters(t, k + 1)
        if e > k + 1:
            return e
    return k


def _run(cls: list[int], k: int, bits: int) -> int:
    while k < len(cls) and cls[k] & bits:
        k += 1
    return k


def _upper_lower(t: str, cls: list[int], s: int) -> int:
    """``UP*LO+'x?`` at ``s`` as a backtracking engine matches it, its end or 0."""
    u = _run(cls, s, UP)
    if u < len(cls) and cls[u] & LO:
        return _contraction(t, _run(cls, u, LO))
    for j in range(u - 1, s - 1, -1):  # UP* gives characters back to LO+
        if cls[j] & LO:
            return _contraction(t, j + 1)
    return 0


def _upper(t: str, cls: list[int], s: int) -> int:
    """``UP+LO*'x?`` at ``s``, its end or 0."""
    k = _run(cls, s, UP)
    return _contraction(t, _run(cls, k, LO)) if k > s else 0


def _o200k_word(t: str, cls: list[int], i: int) -> int:
    """o200k's two word alternatives at ``i``, each with and then without
    its optional ``[^\\r\\n\\p{L}\\p{N}]`` prefix: the end, or 0."""
    prefix = not cls[i] & (NL | LET | DIG) and i + 1 < len(t)
    for core in (_upper_lower, _upper):
        for s in (i + 1, i) if prefix else (i,):
            e = core(t, cls, s)
            if e:
                return e
    return 0


def _piece_end(t: str, cls: list[int], i: int, o200k: bool) -> int:
    """End of the pre-tokenizer's piece at ``i`` (the end of ``t`` is the
    end of the text): the alternatives of the encoding's pattern in order."""
    n = len(t)
    c = cls[i]
    if o200k:
        e = _o200k_word(t, cls, i)
        if e:
            return e
    else:
        if t[i] == "'":
            e = _contraction_letters(t, i + 1)
            if e > i + 1:
                return e  # '(?i:[sdmt]|ll|ve|re)
        if c & LET:
            return _run(cls, i + 1, LET)  # \p{L}++
        if not c & (NL | DIG) and i + 1 < n and cls[i + 1] & LET:
            return _run(cls, i + 2, LET)  # [^\r\n\p{L}\p{N}]?+\p{L}++
    if c & DIG:
        return _run(cls[: i + 3], i, DIG)  # \p{N}{1,3}
    if c & PUN or (t[i] == " " and i + 1 < n and cls[i + 1] & PUN):
        k = _run(cls, i + 1 if c & PUN else i + 2, PUN)  # ' ?[^\s\p{L}\p{N}]+'
        tail = "\r\n/" if o200k else "\r\n"
        while k < n and t[k] in tail:
            k += 1
        return k
    q = _run(cls, i, WS)  # whitespace
    newlines = [k for k in range(i, q) if cls[k] & NL]
    if not o200k and q == n:
        return n  # \s++$
    if newlines:
        return newlines[-1] + 1  # \s*[\r\n]+ (o200k), \s*[\r\n] (cl100k)
    if q == n:
        return n  # \s+(?!\S) at the end
    return q - 1 if q - i >= 2 else q  # \s+(?!\S) leaves the last one; \s+


def pieces(t: str, *, o200k: bool) -> list[tuple[int, int]]:
    """The pre-tokenizer's pieces of ``t`` (no character of class UNK; its
    end is the end of the text), as (start, end) character offsets."""
    cls = [char_class(ch) for ch in t]
    out = []
    i = 0
    while i < len(t):
        e = _piece_end(t, cls, i, o200k)
        out.append((i, e))
        i = e
    return out


def bpe_count(piece: bytes, ranks: dict) -> int:
    """Number of tokens byte-pair merging makes of ``piece`` (the lowest
    rank first, the leftmost on ties, as tiktoken merges)."""
    if piece in ranks:
        return 1
    parts = [piece[i : i + 1] for i in range(len(piece))]
    while len(parts) > 1:
        best = -1
        best_rank = None
        for i in range(len(parts) - 1):
            r = ranks.get(parts[i] + parts[i + 1])
            if r is not None and (best_rank is None or r < best_rank):
                best, best_rank = i, r
        if best < 0:
            break
        parts[best : best + 2] = [parts[best] + parts[best + 1]]
    return len(parts)


def _is_cut(t: str, p: int) -> bool:
    """Whether the pre-tokenizer cuts at ``p`` whatever surrounds it.

    Two rules, both proven piece by piece against the patterns (which have
    no look-behind, and whose look-aheads end at whitespace):
    - a space after an ASCII non-space character: no piece holds a non-space
      character followed by a space;
    - a line start (after ``\\n``) whose first character is not ``\\r``,
      ``\\n`` or ``/`` and whose line holds a non-space ASCII character
      before any non-ASCII one: every piece spanning a newline ends at the
      last newline of its whitespace run (``/`` after newlines can be
      swallowed by o200k's punctuation piece) — the rule ``tokens.py`` uses.
    """
    c = t[p]
    prev = t[p - 1]
    if c == " ":
        return prev.isascii() and prev not in _ASCII_WS
    if prev != "\n" or c in "\r\n/":
        return False
    k = p
    while k < len(t) and t[k] in " \t\x0b\x0c":
        k += 1
    return k < len(t) and t[k].isascii() and t[k] not in _ASCII_WS


_ASCII_WS = " \t\n\x0b\x0c\r"


def cut_spans(t: str) -> list[tuple[int, int, bool]]:
    """``t`` as consecutive spans (start, end, known) whose ends are all cut
    points; a span holding a character of class UNK (known False) is as
    small as the cut points allow."""
    n = len(t)
    spans: list[tuple[int, int, bool]] = []
    pos = 0  # start of the span not yet emitted
    i = 0
    while i < n:
        if t[i].isascii() or not char_class(t[i]) & UNK:
            i += 1
            continue
        a = i
        while a > pos and not _is_cut(t, a):
            a -= 1
        e = i + 1
        while e < n and not (t[e].isascii() and t[e - 1].isascii() and _is_cut(t, e)):
            e += 1
        if a > pos:
            spans.append((pos, a, True))
        spans.append((a, e, False))
        pos = i = e
    if pos < n:
        spans.append((pos, n, True))
    return spans


def reference_count_utf8(data: bytes, *, encoding: str = "o200k_base") -> int:
    """Exact token count of ``data`` (valid UTF-8) by the native module's
    algorithm: the specification ``_bpe`` follows, proven against tiktoken by
    the property tests. Too slow in pure Python to serve ``count``."""
    enc = get_encoding(encoding)
    ranks = enc._mergeable_ranks
    o200k = encoding == "o200k_base"
    t = data.decode("utf-8")
    total = 0
    for a, e, known in cut_spans(t):
        if known:
            chunk = t[a:e]
            for s, u in pieces(chunk, o200k=o200k):
                total += bpe_count(chunk[s:u].encode("utf-8"), ranks)
        else:
            total += ordinary_count(enc, t[a:e])
    return total


def _tiktoken_count_utf8(data: bytes, *, encoding: str = "o200k_base") -> int:
    return ordinary_count(get_encoding(encoding), data.decode("utf-8"))


def _count_with(count_utf8, text, encoding: str) -> int:
    enc = get_encoding(encoding)
    if isinstance(text, str):
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:  # lone surrogates: tiktoken's own handling
            return ordinary_count(enc, text)
        return count_utf8(data, encoding=encoding)
    data = bytes(text)
    if data.isascii():
        return count_utf8(data, encoding=encoding)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return bytes_count(enc, data)
    return count_utf8(data, encoding=encoding)


def reference_count(text, *, encoding: str = "o200k_base") -> int:
    """``count`` by the native module's algorithm (see ``reference_count_utf8``)."""
    return _count_with(reference_count_utf8, text, encoding)


def count_utf8(data: bytes, *, encoding: str = "o200k_base") -> int:
    """Exact token count of ``data``, which must be valid UTF-8 (tiktoken's,
    in the pure-Python build)."""
    return _tiktoken_count_utf8(data, encoding=encoding)


def count(text, *, encoding: str = "o200k_base") -> int:
    """Exact ``len(get_encoding(encoding).encode_ordinary(text))``: ``text``
    is str or bytes (bytes that are not UTF-8 are tokenized as raw bytes, as
    ``count_tokens`` does). The pure-Python build asks tiktoken itself."""
    return _count_with(_tiktoken_count_utf8, text, encoding)
