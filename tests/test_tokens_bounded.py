"""Token counts of texts that make tiktoken panic: exact, and one text fails at most.

tiktoken's pre-tokenizer panics on a run of about a million spaces or tabs; such
a run is counted apart (``core/_tiktoken.py``). The property tests prove the cut
exact against tiktoken itself on texts whose runs are cut at a few characters
(``long_run``), small enough for tiktoken to count whole.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codepith.core import _tiktoken
from codepith.core.tokens import count_tokens, get_encoding
from codepith.errors import TokenizerFailed

# whitespace of every kind, and what may follow a run: letters, digits, marks, punctuation,
# a character newer than the class tables (U+1E030), a lone surrogate
BLANKS = [" ", "\t", "\u3000", "\xa0", "\x0b", "\x0c", "\u2028", "\x85", "\u2003"]
OTHERS = [
    "\n",
    "\r",
    "\r\n",
    "a",
    "Z",
    "7",
    "!",
    "/",
    "'s",
    "\u4e2d",
    "\u0301",
    "\U0001e030",
    "\U0001f600",
    "\udce9",
    "x.y",
    "  ",
]
PIECES = st.one_of(
    st.tuples(st.sampled_from(BLANKS), st.integers(1, 12)).map(lambda t: t[0] * t[1]),
    st.lists(st.sampled_from(BLANKS), min_size=1, max_size=10).map("".join),
    st.sampled_from(OTHERS),
)
TEXTS = st.lists(PIECES, max_size=12).map("".join)


@pytest.mark.parametrize("encoding", ["o200k_base", "cl100k_base"])
@given(text=TEXTS, long_run=st.integers(2, 6))
def test_hyp_a_text_with_its_long_runs_cut_out_counts_as_tiktoken_counts_it(encoding, text, long_run):
    enc = get_encoding(encoding)
    assert _tiktoken.ordinary_count(enc, text, long_run=long_run) == len(enc.encode_ordinary(text))


@pytest.mark.parametrize("encoding", ["o200k_base", "cl100k_base"])
@given(text=TEXTS.filter(lambda t: "\udce9" not in t), tail=st.sampled_from([b"\xff", b"\xc3", b"\xe4\xb8", b"\x80a"]))
def test_hyp_bytes_that_are_not_utf8_count_as_tiktoken_counts_them(encoding, text, tail):
    enc = get_encoding(encoding)
    data = text.encode() + tail
    assert _tiktoken.bytes_count(enc, data, long_run=10**6) == len(enc._encode_bytes(data))


@pytest.mark.parametrize("encoding", ["o200k_base", "cl100k_base"])
def test_a_million_spaces_are_counted_without_a_panic(encoding):
    enc = get_encoding(encoding)
    single = enc._core_bpe.encode_single_piece  # tiktoken's merge of one piece, no pattern
    run = len(single(b" " * 999_999))
    assert count_tokens(" " * 1_000_000, encoding=encoding) == len(single(b" " * 1_000_000))
    # a character newer than the native tables sends its neighbourhood to tiktoken (the native build)
    assert count_tokens(" " * 1_000_000 + "\U0001e030", encoding=encoding) == run + len(
        enc.encode_ordinary(" \U0001e030")
    )
    assert count_tokens("x" + "\t" * 1_000_000 + "y", encoding=encoding) == 1 + len(single(b"\t" * 999_999)) + len(
        enc.encode_ordinary("\ty")
    )
    assert count_tokens((" " * 1_000_000 + "\udce9"), encoding=encoding) == run + len(enc.encode_ordinary(" \ufffd"))


def test_bytes_that_are_not_utf8_after_a_million_spaces_are_refused_in_one_line():
    with pytest.raises(TokenizerFailed, match="not UTF-8 holds a run of 100,000 or more spaces"):
        count_tokens(b" " * 1_000_000 + b"\xff")


def test_a_panic_of_tiktoken_is_one_error_never_the_process(monkeypatch):
    class Panic(BaseException):
        pass

    class Core:
        def encode_ordinary(self, text):
            raise Panic("called `Result::unwrap()` on an `Err` value")

    class Enc:
        name = "o200k_base"
        _core_bpe = Core()

    with pytest.raises(TokenizerFailed, match="tiktoken panicked on a text of 3 characters"):
        _tiktoken.ordinary_count(Enc(), "abc")
    Core.encode_ordinary = lambda self, text: (_ for _ in ()).throw(KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        _tiktoken.ordinary_count(Enc(), "abc")


@given(text=TEXTS, length=st.integers(1, 9))
def test_hyp_the_quick_check_never_misses_a_long_run(text, length):
    import re

    if re.search(f"[{_tiktoken._BLANK}]{{{length},}}", text):
        assert _tiktoken._may_hold_long_run(text, length)
