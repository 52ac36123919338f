"""The exact token counter equals tiktoken's ``encode_ordinary`` on every
input, for both encodings and both implementations (the native one and its
pure-Python twin)."""

import string

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from codepith.core import _bpe_py as reference
from codepith.core.tokens import ENCODINGS, count_tokens, count_tokens_pair, get_encoding

# Pieces that stress each branch of the pre-tokenizers' patterns.
FRAGMENTS = [
    "'s",
    "'S",
    "'t",
    "'T",
    "'re",
    "'RE",
    "'rE",
    "'ve",
    "'Ve",
    "'m",
    "'M",
    "'ll",
    "'LL",
    "'lL",
    "'d",
    "'D",
    "'",
    "''",
    "'r",
    "'l",
    " ",
    "  ",
    "   ",
    "\t",
    "\n",
    "\r",
    "\r\n",
    "\n\n",
    "\x0b",
    "\x0c",
    " \n",
    "\n ",
    "\t\n",
    "/",
    "//",
    "/*",
    "*/",
    "#",
    "->",
    "=>",
    "...",
    "({[",
    "]})",
    ";",
    "::",
    "\\",
    "x",
    "X",
    "ab",
    "AB",
    "Http",
    "HTTPServer",
    "camelCase",
    "snake_case",
    "don",
    "IS",
    "1",
    "12",
    "123",
    "4567",
    "0x1F",
    "3.14",
    "\x00",
    "\x1c",
    "\x7f",
    "\u00a0",
    "\u3000",
    "\u0085",
    "\u2028",
    "é",
    "e\u0301",
    "\u0301",
    "日本語",
    "中",
    "😀",
    "👍🏽",
    "ſ",
    "\u212a",
    "İ",
    "ǅ",
    "ß",
    "٣",
    "Ⅻ",
    "<|endoftext|>",
    # modifier letters (in both of o200k's word sets), combining marks of each kind, numbers that are no digits
    "ʰ",
    "ー",
    "ǈa",
    "\u0903",
    "\u20dd",
    "A\u0301B",
    "\u0301B",
    "½",
    "²",
    "𝟘",
    # assigned after Unicode 14: their class is left to tiktoken
    "\U00011f04",
    "\U00010d4a",
    "\U0001e4d0",
    "\U0002ebf0",
]

# runs of characters from the categories the patterns tell apart
unicode_runs = st.text(
    st.characters(
        categories=("Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Zs", "Po", "So", "Cf")
    ),
    max_size=8,
)

ASCII_FRAGMENTS = [f for f in FRAGMENTS if f.isascii()] + list(string.punctuation)

texts = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=3), unicode_runs), max_size=40).map("".join)
ascii_texts = st.lists(
    st.one_of(st.sampled_from(ASCII_FRAGMENTS), st.text(st.characters(max_codepoint=127), max_size=3)),
    max_size=40,
).map("".join)

encodings = pytest.mark.parametrize("encoding", ENCODINGS)


def expected(text, encoding):
    """tiktoken's own count (str), or as ``count_tokens`` took it from bytes
    before it used the counter."""
    enc = get_encoding(encoding)
    if isinstance(text, str):
        return len(enc.encode_ordinary(text))
    try:
        return len(enc.encode_ordinary(text.decode("utf-8")))
    except UnicodeDecodeError:
        return len(enc._encode_bytes(text))


@encodings
@given(text=ascii_texts)
@example(text="don't HTTPServer  x\n\n  y  ")
@example(text="a \n ")
@example(text="x\r\r\n\t ")
@example(text="''s //\n/x 12345 ((abc")
def test_ascii_text_counts_exactly(bpe, encoding, text):
    assert bpe.count(text, encoding=encoding) == expected(text, encoding)


@encodings
@given(text=texts)
@example(text="a\u00a0b \u3000\n  c")
@example(text="x's\u017f y")
@example(text="\n\u00a0\n  z")
@example(text="!\u0301B \u0301\u0301AB\u0301 \u02b0\u02b0A'S")
@example(text="x \U00011f04y\n\U00010d4a\n  z \u3000\U0001e4d0")
def test_any_text_counts_exactly(bpe, encoding, text):
    assert bpe.count(text, encoding=encoding) == expected(text, encoding)
    data = text.encode("utf-8", "surrogatepass")
    assert bpe.count(data, encoding=encoding) == expected(data, encoding)


@encodings
@given(lines=st.lists(texts, max_size=8), sep=st.sampled_from(["\n", "\r\n", "\n\n", " \n"]))
def test_multi_line_text_counts_exactly(bpe, encoding, lines, sep):
    text = sep.join(lines)
    assert bpe.count(text, encoding=encoding) == expected(text, encoding)


@encodings
@given(data=st.binary(max_size=40))
def test_bytes_count_like_tiktoken(bpe, encoding, data):
    assert bpe.count(data, encoding=encoding) == expected(data, encoding)


@encodings
@given(text=ascii_texts)
@example(text="don't HTTPServer  x\n\n  y  ")
@example(text="''s //\n/x 12345 ((abc")
def test_reference_ascii_text_counts_exactly(encoding, text):
    # the native module's algorithm, written in plain Python
    assert reference.reference_count(text, encoding=encoding) == expected(text, encoding)


@encodings
@given(text=texts)
@example(text="a\u00a0b \u3000\n  c")
def test_reference_any_text_counts_exactly(encoding, text):
    assert reference.reference_count(text, encoding=encoding) == expected(text, encoding)
    data = text.encode("utf-8", "surrogatepass")
    assert reference.reference_count(data, encoding=encoding) == expected(data, encoding)


def test_empty(bpe):
    assert bpe.count("") == 0
    assert bpe.count(b"", encoding="cl100k_base") == 0


@encodings
@given(text=texts)
def test_count_tokens_uses_the_exact_counter(encoding, text):
    assert count_tokens(text, encoding=encoding) == expected(text, encoding)
    data = text.encode("utf-8", "surrogatepass")
    assert count_tokens(memoryview(data), encoding=encoding) == expected(data, encoding)


@given(lines=st.lists(texts, min_size=1, max_size=8), cut=st.integers(0, 7), keep=st.sampled_from(["", "...", "x\n"]))
def test_count_tokens_pair_matches_tiktoken(lines, cut, keep):
    original = "\n".join(lines).encode("utf-8", "surrogatepass")
    a = min(len(original), len("\n".join(lines[:cut])))
    b = min(len(original), a + 5)
    output = original[:a] + keep.encode() + original[b:]
    spans = [(a, b, a, a + len(keep))]
    assert count_tokens_pair(original, output, spans) == (
        expected(original, "o200k_base"),
        expected(output, "o200k_base"),
    )


@encodings
@pytest.mark.parametrize(
    "text",
    [
        "=" * 5000,
        "ab" * 700,
        " " * 3000 + "x",
        "\n" * 2000,
        "-" * 999 + "\r\n" * 5 + "/" * 7,
        "=" * 128,
        "=" * 129,
        "\t" * 200 + "\n",
        "x" * 300 + "\u00e9" + "y" * 300,
    ],
)
def test_long_pieces_count_exactly(bpe, encoding, text):
    # long pieces are merged by tiktoken's single-piece BPE in the native module
    assert bpe.count(text, encoding=encoding) == expected(text, encoding)


@encodings
@given(
    text=st.one_of(
        st.text(st.sampled_from(string.ascii_letters), min_size=129, max_size=700),
        st.text(st.sampled_from("=-*#/+<>!~._"), min_size=129, max_size=700),
        st.text(st.sampled_from("\u4e2d\u6587\u5b57\u00e9\u0301ab"), min_size=50, max_size=400),
    )
)
def test_long_single_pieces_count_exactly(bpe, encoding, text):
    # one piece of more than 128 bytes: the native module merges it with a heap
    assert bpe.count(text, encoding=encoding) == expected(text, encoding)


def test_counting_builds_no_tiktoken_encoding_in_the_native_build(tmp_path):
    # tiktoken's Encoding takes about 75 MB; the native counter reads the ranks
    # file itself and leaves tiktoken only characters assigned after Unicode 14
    import subprocess
    import sys

    code = (
        "from codepith.core import bpe, encodings, tokens\n"
        "tokens.count_tokens('def f(x):\\n    return x  # \\u00e9\\u4e2d\\U0001f600\\n' * 50)\n"
        "tokens.count_tokens(b'=' * 5000, encoding='cl100k_base')\n"
        "print(bpe.native, sorted(encodings._cache))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split(
        maxsplit=1
    )
    native = out[0] == "True"
    assert out[1].strip() == ("[]" if native else "['cl100k_base', 'o200k_base']")
