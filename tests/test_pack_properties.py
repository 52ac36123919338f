"""Hypothesis: the packer's running document size equals counting the whole
document, block after block, in every format and encoding."""

from hypothesis import given
from hypothesis import strategies as st

from codepith.packer import _block, _Document, _json_text
from codepith.tokens import count_tokens

pieces = st.sampled_from(
    ["", " ", "\t", "x", "def f():", "return 1", "/", "//", "#", "<", "</file>", "```", "é", "中文", "😀",
     "\r", "\u3000", "\u00a0", "\u2028", "\x85", "\udcff", "...", "{", "}"]
)
texts = st.lists(st.lists(pieces, max_size=5).map("".join), max_size=8).map("\n".join)
paths = st.sampled_from(["a.py", "src/b.ts", "/weird", "\u3000c.go", "d e.md", "x\ny.py"])
levels = st.sampled_from([None, "signatures", "outline"])


@given(st.sampled_from(["markdown", "xml", "json"]), st.sampled_from(["o200k_base", "cl100k_base"]),
       st.lists(st.tuples(paths, texts, levels), max_size=8))
def test_hyp_running_size_equals_whole_count(fmt, encoding, files):
    doc = _Document(fmt, encoding)
    for path, text, level in files:
        elided = [(1, 2)] if level else []
        block = _block(fmt, path, text, level, elided)
        entry = {"path": path, "content": _json_text(text)}
        size = doc.measure(block, entry)
        doc.add(block, entry, size)
        whole = doc.text().encode("utf-8", "surrogateescape")
        assert size == (len(whole), count_tokens(whole, encoding=encoding))
