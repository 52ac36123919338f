"""A tree parsed with ``text=False`` (:func:`codepith.core.languages.parse`)
reads node texts through the parse's reader: every text is the source's bytes."""

from hypothesis import given, settings
from hypothesis import strategies as st

from codepith.core.languages import captures, parse


def _nodes(root):
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children)


@settings(max_examples=60, deadline=None)
@given(
    words=st.lists(st.text(st.characters(blacklist_categories=("Cs",)), max_size=40), max_size=30),
    width=st.integers(1, 400),
)
def test_every_node_text_is_the_sources_bytes(words, width):
    # (strings and comments long and short, characters of several bytes across the reader's pieces)
    body = "".join(
        f"    x{i} = {w!r}  # {w.replace(chr(10), ' ').replace(chr(13), ' ')}\n" for i, w in enumerate(words)
    )
    src = ("def f():\n" + body + "    return '" + "é" * width + "'\n").encode("utf-8")
    tree = parse("python", src, text=False)
    for node in _nodes(tree.root_node):
        assert node.text == src[node.start_byte : node.end_byte]


def test_a_query_with_predicates_finds_the_same_on_both_trees():
    src = (
        b"const a = require('x');\nmodule.exports = { a };\n"
        + b"function big() {\n"
        + b"  call(1);\n" * 200
        + b"}\n"
        + b"export default function g() { return 1 }\n"
    )
    with_text = captures("javascript", "compress", parse("javascript", src).root_node, utf8=True)
    without = captures("javascript", "compress", parse("javascript", src, text=False).root_node, utf8=True)
    spans = {k: [(n.start_byte, n.end_byte) for n in v] for k, v in with_text.items()}
    assert spans == {k: [(n.start_byte, n.end_byte) for n in v] for k, v in without.items()}
    assert spans  # (the query found something to compare)
