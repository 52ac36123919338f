"""Hypothesis: counting the tokens of an input and its edited output together
(sharing what lies between the edits) equals counting each directly."""

from hypothesis import given
from hypothesis import strategies as st

from codepith import count_tokens
from codepith.tokens import count_tokens_pair

# Lines built to stress the tokenizer's newline handling: blank and
# whitespace-only lines, CRLF, lines starting with `/`, punctuation runs
# before newlines, indentation, letters, digits and non-ASCII.
pieces = st.sampled_from(
    ["", " ", "    ", "\t", "x", "foo", "Bar", "123", "4567", "/", "//", "/* c */", "*/", ";", "{", "}",
     ")", "(", ":", "=>", "'s", "é", "中文", "😀", "\u0301", "\r", "  \t ", "...", "#", "\"\"\""]
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
    for a, b in zip(cuts[::2], cuts[1::2]):
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
