"""The secret check's literal search (``core._needles`` and its twin): which
needles occur in a text's bytes, exactly or ignoring ASCII case."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st


def test_each_needle_found_where_it_occurs(needles):
    data = b"x = 'AKIA' # hooks.SLACK.com and more"
    found = needles.find_needles(data, [b"AKIA", b"hooks.slack.com", b"zz", b"x", b"m"], bytes([0, 1, 0, 0, 1]))
    assert found == bytes([1, 1, 0, 1, 1])


def test_exact_needles_keep_their_case_and_folded_ones_do_not(needles):
    assert needles.find_needles(b"aKiA", [b"AKIA"], b"\x00") == b"\x00"
    assert needles.find_needles(b"aKiA", [b"akia"], b"\x01") == b"\x01"
    # only ASCII letters fold: a byte of a multi-byte character is never a letter
    assert needles.find_needles("Ä".encode(), [b"a"], b"\x01") == b"\x00"


@pytest.mark.parametrize(
    "data, needle",
    [
        (b"", b"a"),
        (b"ab", b"abc"),
        (b"abab", b"abc"),
        (b"\x00\xff\x80", b"a"),
        (b"a" * 1000 + b"b", b"aab"),
        (b"xyz", b"z"),
        (b"z", b"z"),
        ("\u017f and \u212a".encode(), "\u017f".encode()),
        ("\u017f and \u212a".encode(), "\u212a".encode()),
        (b"\xc5", "\u017f".encode()),
    ],
)
def test_edges_at_the_ends_of_the_data(needles, data, needle):
    """(and a needle of one byte, or of bytes that are not ASCII, matched exactly)"""
    assert needles.find_needles(data, [needle], b"\x00") == bytes([needle in data])


@pytest.mark.parametrize(
    "needle_list, folded, problem",
    [
        ([b""], b"\x00", "empty"),
        (["é".encode()], b"\x01", "ASCII lower case"),
        ([b"Aws"], b"\x01", "ASCII lower case"),
        ([b"a", b"b"], b"\x00", "one per needle"),
    ],
)
def test_bad_needles_are_refused_naming_the_fix(needles, needle_list, folded, problem):
    with pytest.raises(ValueError, match=problem):
        needles.find_needles(b"abc", needle_list, folded)


_ALPHABET = st.sampled_from(list(b"aAbBkK_-. \n\x00\xc3\xa9\xff"))
_NEEDLE_BYTES = st.sampled_from(list(b"abkAK_-.\xc3\xa9"))


@given(
    st.lists(_ALPHABET, max_size=300).map(bytes),
    st.lists(st.tuples(st.lists(_NEEDLE_BYTES, min_size=1, max_size=4), st.booleans()), max_size=8),
)
def test_hyp_each_implementation_gives_what_a_plain_search_gives(needles, data, spec):
    """What ``in`` gives: on the bytes, or on the bytes with ASCII letters
    lowered for a folded needle."""
    spec = [(bytes(chars), fold and bytes(chars).isascii()) for chars, fold in spec]  # (folded: ASCII)
    needle_list = [chars.lower() if fold else chars for chars, fold in spec]
    folded = bytes(fold for _chars, fold in spec)
    want = bytes((n in data.lower()) if f else (n in data) for n, f in zip(needle_list, folded, strict=True))
    assert needles.find_needles(data, needle_list, folded) == want
