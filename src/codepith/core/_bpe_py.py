"""Pure-Python twin and reference of the exact token counter.

Twin of the Cython module ``_bpe``: same names, same keyword-only
signatures, same counts. ``count(text, encoding=...)`` equals
``len(get_encoding(encoding).encode_ordinary(text))`` for every input; here
it simply asks tiktoken, which is faster than any pure-Python BPE.

``reference_count`` is the native module's algorithm in plain Python, the
specification that the property tests prove against tiktoken: the text is cut where the pre-tokenizer always cuts (``cut_points``);
spans made only of ASCII are split into pieces by ``ascii_pieces`` (each
encoding's pattern restricted to ASCII) and every piece is counted by
byte-pair merging against the ranks; any span holding a non-ASCII byte is
handed to tiktoken whole.
"""

from __future__ import annotations

from .tokens import get_encoding

__all__ = [
    "count", "count_utf8", "reference_count", "reference_count_utf8",
    "ascii_pieces", "bpe_count", "cut_spans", "IMPLEMENTATION",
]

IMPLEMENTATION = "python"

_WS = frozenset(b" \t\n\x0b\x0c\r")
_NL = frozenset(b"\r\n")


def _letter(c: int) -> bool:
    return 0x41 <= c <= 0x5A or 0x61 <= c <= 0x7A


def _upper(c: int) -> bool:
    return 0x41 <= c <= 0x5A


def _lower(c: int) -> bool:
    return 0x61 <= c <= 0x7A


def _digit(c: int) -> bool:
    return 0x30 <= c <= 0x39


def _punct(c: int) -> bool:
    """``[^\\s\\p{L}\\p{N}]`` on ASCII."""
    return not (_letter(c) or _digit(c) or c in _WS)


def _contraction(b: bytes, k: int, n: int) -> int:
    """End of ``(?i:'s|'t|'re|'ve|'m|'ll|'d)`` at ``k``, or ``k``."""
    if k + 1 < n and b[k] == 0x27 and _letter(b[k + 1]):
        x = b[k + 1] | 0x20
        if x in b"stmd":
            return k + 2
        if k + 2 < n and _letter(b[k + 2]):
            pair = bytes((x, b[k + 2] | 0x20))
            if pair in (b"re", b"ve", b"ll"):
                return k + 3
    return k


def ascii_pieces(b: bytes, *, o200k: bool) -> list[tuple[int, int]]:
    """The pre-tokenizer's pieces of the ASCII text ``b`` (its end is the
    end of the text), as (start, end) pairs."""
    out = []
    n = len(b)
    i = 0
    while i < n:
        c = b[i]
        end = 0
        if not o200k and c == 0x27 and i + 1 < n and _letter(b[i + 1]):
            # '(?i:[sdmt]|ll|ve|re)
            x = b[i + 1] | 0x20
            if x in b"sdmt":
                end = i + 2
            elif i + 2 < n and _letter(b[i + 2]) and bytes((x, b[i + 2] | 0x20)) in (b"ll", b"ve", b"re"):
                end = i + 3
        if end:
            pass
        elif _letter(c) or (c not in _NL and not _digit(c) and i + 1 < n and _letter(b[i + 1])):
            k = i if _letter(c) else i + 1
            if o200k:
                while k < n and _upper(b[k]):
                    k += 1
                while k < n and _lower(b[k]):
                    k += 1
                k = _contraction(b, k, n)
            else:
                while k < n and _letter(b[k]):
                    k += 1
            end = k
        elif _digit(c):
            k = i + 1
            while k < n and k < i + 3 and _digit(b[k]):
                k += 1
            end = k
        elif _punct(c) or (c == 0x20 and i + 1 < n and _punct(b[i + 1])):
            k = i + 1
            while k < n and _punct(b[k]):
                k += 1
            tail = b"\r\n/" if o200k else b"\r\n"
            while k < n and b[k] in tail:
                k += 1
            end = k
        else:  # whitespace
            q = i + 1
            last_nl = i if c in _NL else -1
            while q < n and b[q] in _WS:
                if b[q] in _NL:
                    last_nl = q
                q += 1
            if not o200k and q == n:
                end = n  # \s++$
            elif last_nl >= 0:
                end = last_nl + 1  # \s*[\r\n]+
            elif q == n:
                end = n  # \s+(?!\S) at the end
            elif q - i >= 2:
                end = q - 1  # \s+(?!\S): the last space goes to the next piece
            else:
                end = i + 1
        out.append((i, end))
        i = end
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


def _is_cut(b: bytes, p: int) -> bool:
    """Whether the pre-tokenizer cuts at ``p`` whatever surrounds it.

    Two rules, both proven piece by piece against the patterns (which have
    no look-behind, and whose look-aheads end at whitespace):
    - a space after an ASCII non-space byte: no piece holds a non-space
      character followed by a space;
    - a line start (after ``\\n``) whose first byte is not ``\\r``, ``\\n``
      or ``/`` and whose line holds a non-space ASCII byte before any
      non-ASCII one: every piece spanning a newline ends at the last
      newline of its whitespace run (``/`` after newlines can be swallowed
      by o200k's punctuation piece) — the rule ``tokens.py`` uses.
    """
    c = b[p]
    prev = b[p - 1]
    if c == 0x20:
        return prev < 0x80 and prev not in _WS
    if prev != 0x0A or c in b"\r\n/":
        return False
    k = p
    n = len(b)
    while k < n and b[k] in b" \t\x0b\x0c":
        k += 1
    return k < n and b[k] < 0x80 and b[k] not in _WS


def cut_spans(b: bytes) -> list[tuple[int, int, bool]]:
    """``b`` (UTF-8) as consecutive spans (start, end, ascii) whose ends
    are all cut points; a span holding a non-ASCII byte is as small as the
    cut points allow."""
    n = len(b)
    spans: list[tuple[int, int, bool]] = []
    pos = 0  # start of the span not yet emitted
    i = 0
    while i < n:
        if b[i] < 0x80:
            i += 1
            continue
        a = i
        while a > pos and not _is_cut(b, a):
            a -= 1
        e = i + 1
        while e < n and not (b[e] < 0x80 and _is_cut(b, e) and b[e - 1] < 0x80):
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
    encode = enc._core_bpe.encode_ordinary
    total = 0
    for a, e, ascii_only in cut_spans(data):
        if ascii_only:
            chunk = data[a:e]
            for s, t in ascii_pieces(chunk, o200k=o200k):
                total += bpe_count(chunk[s:t], ranks)
        else:
            total += len(encode(data[a:e].decode("utf-8")))
    return total


def _tiktoken_count_utf8(data: bytes, *, encoding: str = "o200k_base") -> int:
    return len(get_encoding(encoding)._core_bpe.encode_ordinary(data.decode("utf-8")))


def _count_with(count_utf8, text, encoding: str) -> int:
    enc = get_encoding(encoding)
    if isinstance(text, str):
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:  # lone surrogates: tiktoken's own handling
            return len(enc.encode_ordinary(text))
        return count_utf8(data, encoding=encoding)
    data = bytes(text)
    if data.isascii():
        return count_utf8(data, encoding=encoding)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return len(enc._encode_bytes(data))
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
