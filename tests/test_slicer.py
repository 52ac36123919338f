"""Behaviour of codepith.slice_bytes and line_index, on both implementations."""

import pytest

import codepith
from codepith import EditOverlapError, EditRangeError, Utf8BoundaryError


def test_public_entry_point_is_the_selected_implementation():
    from codepith.core import slicer as selector

    assert codepith.slice_bytes is selector.slice_bytes
    assert codepith.native is (selector.IMPLEMENTATION == "cython")
    assert codepith.native_available() is codepith.native


def test_no_edits_copies_data(slicer):
    data = b"a\r\nb\x00\xff\xfe"
    out = slicer.slice_bytes(data, [])
    assert out.data == data
    assert out.records == ()
    assert out.expand() == data


def test_single_replacement_and_record(slicer):
    data = b"def f():\n    return 1\n\nx = 2\n"
    start = data.index(b"return")
    end = data.index(b"\n\nx")
    out = slicer.slice_bytes(data, [(start, end, b"...")])
    assert out.data == b"def f():\n    ...\n\nx = 2\n"
    (rec,) = out.records
    assert (rec.start_byte, rec.end_byte) == (start, end)
    assert (rec.start_line, rec.end_line) == (2, 2)
    assert out.data[rec.out_start : rec.out_end] == b"..."
    assert out.original(rec) == b"return 1"
    assert out.expand() == data


def test_edits_are_sorted_and_records_in_offset_order(slicer):
    data = b"0123456789"
    out = slicer.slice_bytes(data, [(7, 9, b"B"), (1, 3, b"A")])
    assert out.data == b"0A3456B9"
    assert [(r.start_byte, r.end_byte) for r in out.records] == [(1, 3), (7, 9)]
    assert [(r.out_start, r.out_end) for r in out.records] == [(1, 2), (6, 7)]


def test_nested_edit_is_dropped_outermost_wins(slicer):
    data = b"0123456789"
    for edits in ([(1, 8, b"X"), (2, 4, b"Y")], [(2, 4, b"Y"), (1, 8, b"X")]):
        out = slicer.slice_bytes(data, edits)
        assert out.data == b"0X89"
        assert len(out.records) == 1


def test_nested_sharing_an_edge_is_dropped(slicer):
    out = slicer.slice_bytes(b"0123456789", [(2, 5, b"a"), (2, 8, b"b"), (6, 8, b"c")])
    assert out.data == b"01b89"


def test_partial_overlap_raises(slicer):
    with pytest.raises(EditOverlapError) as info:
        slicer.slice_bytes(b"0123456789", [(1, 5, b""), (3, 8, b"")])
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, codepith.CodepithError)
    assert "(3, 8)" in str(info.value) and "(1, 5)" in str(info.value)


def test_adjacent_edits_are_not_overlapping(slicer):
    out = slicer.slice_bytes(b"0123456789", [(2, 4, b"a"), (4, 6, b"b")])
    assert out.data == b"01ab6789"


@pytest.mark.parametrize("edit", [(-1, 2, b""), (3, 11, b""), (5, 4, b""), (11, 11, b"")])
def test_out_of_range_raises(slicer, edit):
    with pytest.raises(EditRangeError) as info:
        slicer.slice_bytes(b"0123456789", [edit])
    assert isinstance(info.value, ValueError)
    assert "out of range" in str(info.value)


def test_insertions(slicer):
    data = b"abc"
    out = slicer.slice_bytes(data, [(0, 0, b"<"), (3, 3, b">"), (1, 1, b"|")])
    assert out.data == b"<a|bc>"
    assert [r.start_line for r in out.records] == [1, 1, 1]
    assert out.expand() == data


def test_insertion_at_range_edges_kept_inside_dropped(slicer):
    data = b"0123456789"
    out = slicer.slice_bytes(data, [(2, 5, b"R"), (2, 2, b"<"), (5, 5, b">"), (3, 3, b"!")])
    assert out.data == b"01<R>56789"
    assert out.expand() == data


def test_identical_duplicates_applied_once(slicer):
    out = slicer.slice_bytes(b"0123456789", [(2, 4, b"x"), (2, 4, b"x"), (5, 5, b"i"), (5, 5, b"i")])
    assert out.data == b"01x4i56789"
    assert len(out.records) == 2


@pytest.mark.parametrize("edits", [[(2, 4, b"x"), (2, 4, b"y")], [(5, 5, b"a"), (5, 5, b"b")]])
def test_conflicting_duplicates_raise(slicer, edits):
    with pytest.raises(EditOverlapError):
        slicer.slice_bytes(b"0123456789", edits)


@pytest.mark.parametrize(
    "text, offset",
    [("aé", 2), ("a€b", 2), ("a€b", 3), ("😀", 1), ("😀", 2), ("😀", 3), ("中文", 4)],
)
def test_cut_inside_multibyte_character_raises_naming_offset(slicer, text, offset):
    data = text.encode("utf-8")
    for edit in ((offset, len(data), b""), (0, offset, b""), (offset, offset, b"x")):
        with pytest.raises(Utf8BoundaryError) as info:
            slicer.slice_bytes(data, [edit])
        assert info.value.offset == offset
        assert f"byte offset {offset}" in str(info.value)
        assert isinstance(info.value, ValueError)


def test_cuts_on_character_boundaries_are_fine(slicer):
    data = "é€😀中".encode()
    bounds = [0, 2, 5, 9, 12]
    edits = [(a, b, b"_") for a, b in zip(bounds, bounds[1:], strict=False)]
    out = slicer.slice_bytes(data, edits)
    assert out.data == b"____"


def test_invalid_utf8_survives_byte_for_byte(slicer):
    data = b"\xef\xbb\xbfx = '\xff\xfe\x80'\r\n\x00def f():\r\n\treturn \xc3\r\n\xe2\x82"
    start = data.index(b"return")
    out = slicer.slice_bytes(data, [(start, start + 6, b"pass"), (len(data), len(data), b"\n")])
    assert out.data == data[:start] + b"pass" + data[start + 6 :] + b"\n"
    assert out.expand() == data


def test_stray_continuation_bytes_are_not_characters(slicer):
    data = b"a\x80\x80b\xe2\x82"  # stray continuation bytes; a truncated sequence at the end
    out = slicer.slice_bytes(data, [(1, 2, b""), (3, 4, b"B")])
    assert out.data == b"a\x80B\xe2\x82"


def test_line_numbers_of_records(slicer):
    data = b"l1\nl2\nl3\nl4\nl5"
    # replace "l2\nl3\n": first byte on line 2, last byte (the newline) on line 3
    s = data.index(b"l2")
    e = data.index(b"l4")
    out = slicer.slice_bytes(data, [(s, e, b""), (len(data), len(data), b"!"), (1, 1, b"")])
    recs = out.records
    assert [(r.start_line, r.end_line) for r in recs] == [(1, 1), (2, 3), (5, 5)]


def test_replacement_types(slicer):
    out = slicer.slice_bytes(b"abc", [(0, 1, bytearray(b"X")), (2, 3, memoryview(b"Y"))])
    assert out.data == b"XbY"
    with pytest.raises(TypeError, match="replacement must be bytes"):
        slicer.slice_bytes(b"abc", [(0, 1, "X")])
    with pytest.raises(TypeError, match=r"edit #0"):
        slicer.slice_bytes(b"abc", [(0, 1)])
    with pytest.raises(TypeError):
        slicer.slice_bytes(b"abc", [(0.5, 1, b"")])


def test_accepts_any_iterable_of_edits(slicer):
    out = slicer.slice_bytes(b"abcdef", ((i, i + 1, b"-") for i in range(0, 6, 2)))
    assert out.data == b"-b-d-f"


def test_line_index(slicer):
    data = b"ab\ncd\n\nef"
    idx = slicer.line_index(data)
    assert idx.line_count == 4
    assert [idx.line_of(i) for i in range(len(data) + 1)] == [1, 1, 1, 2, 2, 2, 3, 4, 4, 4]
    assert idx.line_start(2) == 3
    with pytest.raises(EditRangeError):
        idx.line_of(len(data) + 1)
    with pytest.raises(EditRangeError):
        idx.line_of(-1)


@pytest.mark.parametrize("data, count", [(b"", 0), (b"x", 1), (b"x\n", 1), (b"\n", 1), (b"x\ny", 2), (b"\r\n\r\n", 2)])
def test_line_count(slicer, data, count):
    assert slicer.line_index(data).line_count == count


def test_line_of_end_after_trailing_newline(slicer):
    idx = slicer.line_index(b"a\nb\n")
    assert idx.line_of(4) == 3  # an insertion at EOF sits on the line after the last


@pytest.mark.parametrize(
    "data, longest",
    [(b"", 0), (b"abc", 3), (b"a\nbcd\n", 3), (b"\n\n", 0), (b"ab\r\ncdef", 4), ("é😀\nx".encode(), 6)],
)
def test_longest_line(slicer, data, longest):
    assert slicer.longest_line(data) == longest
