"""tiktoken's counts, without handing tiktoken what makes it panic.

tiktoken's pre-tokenizer (``fancy-regex``) keeps one backtracking state per
character of a ``\\s+(?!\\S)`` match and panics (``PanicException``, a
``BaseException``) past a million of them: a run of about a million spaces or
tabs ends the process that counts it. So a long run of whitespace without a
newline is cut out of the text and its piece byte-pair merged by tiktoken
directly (``encode_single_piece``: no pattern), where the count is provably
the same. Both encodings' patterns agree on such a run, from its start ``a``
to its end ``q`` (both patterns have no look-behind):

- the pre-tokenizer cuts at ``a``: what precedes it is not whitespace, or is a
  newline, and no piece holds a newline and then a space or tab; the text
  before ``a``, alone, gives the same pieces (a newline run ending it is one
  piece, ``\\s*[\\r\\n]+``, or ``\\s++$`` over the same characters);
- when ``q`` holds a character that is not whitespace, ``\\s+(?!\\S)`` makes
  ``[a, q-1)`` one piece and the last space starts the next piece; at the end
  of the text the run is one piece (o200k's ``\\s+(?!\\S)``; cl100k's ``\\s++$``
  covers the whitespace before it too and never panics, so it is left alone);
- a run followed by a newline is inside a ``\\s*[\\r\\n]+`` piece, which the
  engine matches without backtracking states: it is left alone.

``tests/test_tokens_bounded.py`` checks the counts against tiktoken on texts
whose runs are cut at a few characters. Anything else tiktoken raises becomes
:class:`~codepith.errors.TokenizerFailed`: one text, never the process.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..errors import TokenizerFailed

__all__ = ["LONG_RUN", "ordinary_count", "bytes_count"]

#: a run of spaces and tabs at least this long is counted apart (tiktoken panics near 1,000,000)
LONG_RUN = 100_000
# Unicode's White_Space, less \r and \n (the pre-tokenizer's \s)
_BLANK = "\t\x0b\x0c \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"


_BLANKS = re.compile(f"[{_BLANK}]*")


def _may_hold_long_run(text: str, length: int) -> bool:
    """False when ``text`` certainly holds no run of ``length`` blanks: such a run
    holds a point ``i`` of every ``length // 2`` characters with at least
    ``length // 2`` blanks from it, so only those points are read (a text
    without one costs nothing more)."""
    step = max(1, length // 2)
    # ``[…]*`` matches everywhere: ``m`` is never None
    return any(
        (m := _BLANKS.match(text, i)) is not None and m.end() - i >= step for i in range(step - 1, len(text), step)
    )


@lru_cache(maxsize=8)
def _long_runs(length: int) -> re.Pattern[str]:
    # from a run's start only (look-behind), taken whole: a look-ahead's capture
    # never backtracks, so each character is read once (Python 3.10 has no
    # possessive quantifier)
    return re.compile(f"(?<![{_BLANK}])(?=([{_BLANK}]{{{length},}}))\\1(?![\r\n])")


def ordinary_count(enc, text: str, *, long_run: int = LONG_RUN) -> int:
    """``len(enc.encode_ordinary(text))``, exactly, for any ``text`` (a lone
    surrogate is replaced as tiktoken replaces it)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    core = enc._core_bpe
    pos = total = 0
    try:
        if len(text) >= long_run and _may_hold_long_run(text, long_run):
            for m in _long_runs(long_run).finditer(text):
                a, q = m.span()
                if q == len(text) and enc.name != "o200k_base":
                    break  # cl100k's \s++$ takes it (and the whitespace before it) without panicking
                end = q if q == len(text) else q - 1
                if pos < a:
                    total += len(core.encode_ordinary(text[pos:a]))
                total += len(core.encode_single_piece(text[a:end].encode("utf-8")))
                pos = end
        if pos < len(text):
            total += len(core.encode_ordinary(text[pos:]))
    except Exception as exc:  # noqa: BLE001 - tiktoken's own failure: one text
        raise TokenizerFailed(f"tiktoken could not count a text of {len(text)} characters ({exc!r})") from None
    except BaseException as exc:  # pyo3's PanicException is a BaseException
        if isinstance(exc, (KeyboardInterrupt, SystemExit, GeneratorExit)):
            raise
        raise TokenizerFailed(f"tiktoken panicked on a text of {len(text)} characters ({exc!r})") from None
    return total


def bytes_count(enc, data: bytes, *, long_run: int = LONG_RUN) -> int:
    """``len(enc._encode_bytes(data))`` for ``data`` that is not UTF-8: its
    valid start is tokenized by the pattern, the rest merged with its last
    piece. That merge can reach back over whitespace, so a long run in the
    valid start cannot be cut out: such a text is refused."""
    try:
        return ordinary_count(enc, data.decode("utf-8"), long_run=long_run)
    except UnicodeDecodeError as exc:
        valid = data[: exc.start].decode("utf-8")
    if len(valid) >= long_run and _may_hold_long_run(valid, long_run) and _long_runs(long_run).search(valid):
        raise TokenizerFailed(
            f"a text that is not UTF-8 holds a run of {long_run:,} or more spaces or tabs: tiktoken "
            "cannot count it (it panics on such runs, and the run cannot be cut out here); "
            "decode the text or shorten the run"
        )
    try:
        return len(enc._encode_bytes(data))
    except Exception as exc:  # noqa: BLE001
        raise TokenizerFailed(f"tiktoken could not count {len(data)} bytes ({exc!r})") from None
    except BaseException as exc:
        if isinstance(exc, (KeyboardInterrupt, SystemExit, GeneratorExit)):
            raise
        raise TokenizerFailed(f"tiktoken panicked on {len(data)} bytes ({exc!r})") from None
