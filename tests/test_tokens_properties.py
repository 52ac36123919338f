"""Hypothesis: counting the tokens of an input and its edited output together
(sharing what lies between the edits) equals counting each directly."""

from hypothesis import example, given
from hypothesis import strategies as st

from codepith import count_tokens
from codepith.core.tokens import _safe_starts, count_tokens_pair, joins_cleanly

# Lines built to stress the tokenizer's newline handling: blank and
# whitespace-only lines, CRLF, lines starting with `/`, punctuation runs
# before newlines, indentation, letters, digits and non-ASCII.
pieces = st.sampled_from(
    [
        "",
        " ",
        "    ",
        "\t",
        "x",
        "foo",
        "Bar",
        "123",
        "4567",
        "/",
        "//",
        "/* c */",
        "*/",
        ";",
        "{",
        "}",
        ")",
        "(",
        ":",
        "=>",
        "'s",
        "é",
        "中文",
        "😀",
        "\u0301",
        "\r",
        "  \t ",
        "...",
        "#",
        '"""',
        # Unicode whitespace: a line of only these is blank to the tokenizer
        "\u3000",
        "\u00a0",
        "\u2028",
        "\x85",
        "\x1c",
    ]
)
line = st.lists(pieces, max_size=6).map("".join)
texts = st.lists(line, max_size=25).map(lambda ls: "\n".join(ls)).map(lambda s: s.encode("utf-8"))
replacements = st.sampled_from(
    [b"...", b"{ /* \xe2\x80\xa6 */ }", b"", b"\n    ...", b"    ...", b"  # L1-2", b"/", b"\n", b" x\n/"]
)


def char_boundaries(data: bytes) -> list[int]:
    text = data.decode("utf-8")
    out = [0]
    for ch in text:
        out.append(out[-1] + len(ch.encode("utf-8")))
    return out


@st.composite
def edited(draw):
    data = draw(texts)
    bounds = char_boundaries(data)
    cuts = sorted(draw(st.lists(st.sampled_from(bounds), max_size=8)))
    spans = []
    out = []
    pos = 0
    out_len = 0
    for a, b in zip(cuts[::2], cuts[1::2], strict=False):
        rep = draw(replacements)
        out.append(data[pos:a])
        out_len += a - pos
        spans.append((a, b, out_len, out_len + len(rep)))
        out.append(rep)
        out_len += len(rep)
        pos = b
    out.append(data[pos:])
    return data, b"".join(out), spans


@given(edited())
def test_hyp_pair_count_equals_direct_counts(case):
    original, output, spans = case
    assert count_tokens_pair(original, output, spans) == (count_tokens(original), count_tokens(output))


@given(edited())
def test_hyp_other_encodings_fall_back_to_direct_counts(case):
    original, output, spans = case
    got = count_tokens_pair(original, output, spans, encoding="cl100k_base")
    assert got == (count_tokens(original, encoding="cl100k_base"), count_tokens(output, encoding="cl100k_base"))


@given(texts)
@example("\n\n\u3000\n\u00a0.1".encode())  # a line of only U+3000 is blank: not a cut
def test_hyp_safe_starts_are_cuts(data):
    # At every position called safe, the counts of the two sides add up.
    safe = _safe_starts(data)
    text = data.decode("utf-8")
    total = count_tokens(text)
    for p in char_boundaries(data):
        if safe(p):
            assert count_tokens(data[:p]) + count_tokens(data[p:]) == total, p


@given(texts, texts)
def test_hyp_clean_joins_add_up(a, b):
    before, after = a.decode("utf-8"), b.decode("utf-8")
    for x, y in ((before, after), (before + "\n", after), (before + "\n", "## " + after)):
        if joins_cleanly(x, y):
            assert count_tokens(x + y) == count_tokens(x) + count_tokens(y)
    assert joins_cleanly("a\n\n", "## b\n") and not joins_cleanly("a\n\n", "\u3000\nb")
