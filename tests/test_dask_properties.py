"""Hypothesis properties of codepith.bulk.datasets's row and partition handling (no cluster)."""

from __future__ import annotations

import pandas as pd
from hypothesis import given
from hypothesis import strategies as st

from codepith import count_tokens
from codepith.bulk import datasets as cdask
from codepith.bulk.datasets import (
    MAX_PARTITION_BYTES,
    MIN_PARTITION_BYTES,
    _tree_chunks,
    auto_partition_bytes,
)


@given(
    st.lists(st.integers(min_value=0, max_value=5000), max_size=60),
    st.one_of(st.none(), st.integers(min_value=1, max_value=80)),
    st.integers(min_value=1, max_value=20000),
)
def test_hyp_tree_chunks_keep_every_entry_in_order(sizes, partitions, partition_bytes):
    entries = [(f"f{i:03d}", None, None, None) for i in range(len(sizes))]
    chunks = _tree_chunks(entries, sizes, partitions, partition_bytes)
    assert [e for chunk in chunks for e in chunk] == entries  # nothing lost, nothing repeated, in order
    assert all(chunks) or entries == []
    if partitions is not None:
        assert len(chunks) <= max(1, partitions)
        if len(entries) >= partitions and sum(sizes) == 0:
            assert len(chunks) >= 1
    else:
        # no chunk holds much more than its share: it closes as soon as it passes it
        total = sum(sizes)
        share = total / len(chunks) if chunks else 0
        for chunk in chunks[:-1]:
            held = sum(sizes[int(e[0][1:])] for e in chunk)
            assert held <= share + max(sizes, default=0)


@given(st.integers(min_value=0, max_value=1 << 42))
def test_hyp_auto_partition_bytes_is_bounded(total):
    size = auto_partition_bytes(total)
    assert MIN_PARTITION_BYTES <= size <= MAX_PARTITION_BYTES
    assert auto_partition_bytes(total + (1 << 20)) >= size  # monotonic


@given(st.binary(max_size=300), st.sampled_from(["a.py", "b.ts", "c.go", "d.md", "e.js"]))
def test_hyp_any_bytes_make_a_row_with_exact_counts(data, path):
    df = pd.DataFrame({"path": [path], "content": pd.Series([data], dtype=object)})
    for text in (False, True):
        row = cdask.compress_partition(df, cdask.FrameOptions(text=text)).iloc[0]
        assert row["bytes_in"] == len(data)
        assert row["tokens_in"] == count_tokens(data)  # the original bytes, in text mode too
        assert row["action"] in (
            "compressed",
            "kept-whole",
            "skipped:binary",
            "skipped:encoding",
            "skipped:minified",
            "skipped:generated",
        )
        if text:
            assert row["content"] == data.decode("utf-8", "replace")
            assert isinstance(row["compressed"], str)
            not_utf8 = row["content"].encode("utf-8") != data
            assert not_utf8 == ("U+FFFD" in (row["reason"] if isinstance(row["reason"], str) else ""))
        else:
            assert row["content"] == data and isinstance(row["compressed"], bytes)
            if row["action"] != "compressed":
                assert row["compressed"] == data
            assert row["bytes_out"] == len(row["compressed"])


# any text, lone surrogates included (what json.loads gives for "\udce9" or "\ud800")
_ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=80)


@given(_ANY_TEXT, st.sampled_from(["a.py", "b.ts", "c.go", "d.md"]))
def test_hyp_any_text_makes_a_row_that_writes_back(text, path):
    import json

    from codepith.bulk.datasets import _arrow_table, _arrow_types, _json_line

    df = pd.DataFrame({"path": [path], "content": pd.Series([text], dtype=object)})
    out = cdask.compress_partition(df, cdask.FrameOptions(text=True))
    row = out.iloc[0]
    lone = any(0xD800 <= ord(c) <= 0xDFFF for c in text)
    assert (row["action"] == "skipped:invalid-text") == lone
    if lone:
        assert row["compressed"] == text and row["content"] == text  # never silently changed
        assert "lone surrogate" in row["reason"]
    # JSONL: the record reads back to the same values, surrogates included
    record = {"path": path, "content": text, "compressed": row["compressed"]}
    line = _json_line(record)
    line.decode("utf-8")  # a valid UTF-8 line
    assert json.loads(line) == record
    # Parquet: always writable (U+FFFD where it must, and the reason says so)
    table = _arrow_table(out, _arrow_types(out, "", "content"))
    assert table.num_rows == 1
    if lone:
        assert "U+FFFD" in table.column("reason")[0].as_py()


@given(
    st.lists(st.binary(max_size=30).map(lambda b: b.replace(b"\n", b"")), max_size=20),
    st.integers(min_value=1, max_value=60),
)
def test_hyp_jsonl_blocks_hold_every_line_once(lines, block):
    import io

    from codepith.bulk.datasets import _jsonl_lines

    data = b"".join(line + b"\n" for line in lines)
    got = []
    for start in range(0, max(len(data), 1), block):
        got.extend(line for _pos, line in _jsonl_lines(io.BytesIO(data), start, start + block))
    assert got == [line + b"\n" for line in lines]
