"""Hypothesis properties of the slicer, on both implementations and between them."""

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from codepith import Utf8BoundaryError
from helpers import IMPLEMENTATIONS, load_impl

# ASCII (with CR, LF, tab, NUL), Latin accents, CJK, emoji, combining marks,
# right-to-left scripts (Hebrew, Arabic), and a BOM.
ALPHABET = "abcxyz019 _(){}:;\t\n\r\x00éèüñçÅøß中文字漢한글かな😀🚀👍🏽🧑‍💻\u0301\u0308\u0327שלוםمرحبا\ufeff"

texts = st.text(alphabet=ALPHABET, max_size=200)
replacements = st.text(alphabet=ALPHABET, max_size=12).map(lambda s: s.encode("utf-8"))


def boundaries(text: str) -> list[int]:
    out = [0]
    for ch in text:
        out.append(out[-1] + len(ch.encode("utf-8")))
    return out


@st.composite
def text_and_edits(draw):
    text = draw(texts)
    data = text.encode("utf-8")
    bounds = boundaries(text)
    cuts = sorted(draw(st.lists(st.sampled_from(bounds), max_size=12)))
    edits = []
    for a, b in zip(cuts[::2], cuts[1::2], strict=False):
        edits.append((a, b, draw(replacements)))
        inner = [x for x in bounds if a <= x <= b]
        if draw(st.booleans()):  # a nested edit, dropped by the slicer
            lo = draw(st.sampled_from(inner))
            hi = draw(st.sampled_from([x for x in inner if x >= lo]))
            edits.append((lo, hi, draw(replacements)))
    for _ in range(draw(st.integers(0, 3))):  # insertions anywhere on a boundary
        at = draw(st.sampled_from(bounds))
        edits.append((at, at, draw(replacements)))
    if edits and draw(st.booleans()):
        edits.append(draw(st.sampled_from(edits)))  # an identical duplicate
    # drop insertions that collide with a different insertion at the same offset
    seen = {}
    unique = []
    for e in edits:
        key = (e[0], e[1])
        if key in seen and seen[key] != e[2]:
            continue
        seen[key] = e[2]
        unique.append(e)
    return data, draw(st.permutations(unique))


def outcome(impl, data, edits):
    try:
        out = impl.slice_bytes(data, edits)
    except Exception as exc:  # compare errors too
        return ("error", type(exc).__name__, str(exc))
    return ("ok", out.data, out.records)


# The two implementations agree, errors included (a pure-Python run has only one).
if len(IMPLEMENTATIONS) == 2:

    @given(text_and_edits())
    def test_hyp_implementations_agree_on_valid_text(case):
        data, edits = case
        assert outcome(load_impl("python"), data, edits) == outcome(load_impl("cython"), data, edits)

    @given(
        st.binary(max_size=120),
        st.lists(st.tuples(st.integers(-2, 125), st.integers(-2, 125), st.binary(max_size=4)), max_size=8),
    )
    def test_hyp_implementations_agree_on_arbitrary_bytes_and_edits(data, edits):
        assert outcome(load_impl("python"), data, edits) == outcome(load_impl("cython"), data, edits)


@given(text_and_edits())
def test_hyp_expand_round_trips_and_outside_bytes_unchanged(slicer, case):
    data, edits = case
    out = slicer.slice_bytes(data, edits)
    assert out.expand() == data
    # Between records, output and input are the same bytes; each record's
    # output range holds exactly the replacement given for its range.
    given_reps = {(s, e): r for s, e, r in edits}
    pos_in = pos_out = 0
    for rec in out.records:
        gap = rec.start_byte - pos_in
        assert out.data[pos_out : pos_out + gap] == data[pos_in : rec.start_byte]
        assert rec.out_start == pos_out + gap
        assert out.data[rec.out_start : rec.out_end] == given_reps[(rec.start_byte, rec.end_byte)]
        pos_in, pos_out = rec.end_byte, rec.out_end
    assert out.data[pos_out:] == data[pos_in:]
    # Every edit given is applied or lies inside an applied one.
    applied = [(r.start_byte, r.end_byte) for r in out.records]
    for s, e, _ in edits:
        assert any(a <= s and e <= b for a, b in applied)


@given(text_and_edits())
def test_hyp_output_is_utf8_when_input_is(slicer, case):
    data, edits = case
    out = slicer.slice_bytes(data, edits)
    out.data.decode("utf-8")  # raises if a cut split a character


@given(text_and_edits())
def test_hyp_record_lines_match_a_slow_count(slicer, case):
    data, edits = case
    for rec in slicer.slice_bytes(data, edits).records:
        assert rec.start_line == data[: rec.start_byte].count(b"\n") + 1
        last = max(rec.end_byte - 1, rec.start_byte)
        assert rec.end_line == data[:last].count(b"\n") + 1


@given(st.text(alphabet=ALPHABET, min_size=1, max_size=80), st.data())
def test_hyp_cut_inside_a_character_raises(slicer, text, draw):
    data = text.encode("utf-8")
    inside = sorted(set(range(len(data))) - set(boundaries(text)))
    assume(inside)
    offset = draw.draw(st.sampled_from(inside))
    with pytest.raises(Utf8BoundaryError) as info:
        slicer.slice_bytes(data, [(offset, len(data), b"")])
    assert info.value.offset == offset


@given(st.binary(max_size=300), st.lists(st.integers(0, 300), max_size=6))
def test_hyp_invalid_utf8_survives(slicer, data, points):
    points = sorted({p for p in points if p <= len(data)})
    edits = [(p, p, b"|") for p in points]
    try:
        out = slicer.slice_bytes(data, edits)
    except Utf8BoundaryError:
        return  # a point fell inside a real character of the random bytes
    assert out.data.replace(b"|", b"") == data.replace(b"|", b"")
    assert out.expand() == data


@given(st.binary(max_size=400).map(lambda b: b.replace(b"\x0b", b"\n")))
def test_hyp_line_index_matches_slow_count(slicer, data):
    idx = slicer.line_index(data)
    for off in range(0, len(data) + 1, max(1, len(data) // 37)):
        assert idx.line_of(off) == data[:off].count(b"\n") + 1
    expected = data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)
    assert idx.line_count == expected


@given(st.binary(max_size=400).map(lambda b: b.replace(b"\x0b", b"\n")))
def test_hyp_longest_line_matches_a_slow_count(slicer, data):
    assert slicer.longest_line(data) == max(len(line) for line in data.split(b"\n"))
