"""Hypothesis: the packer's document sizes equal counting the whole document,
in every format and encoding; and no name or content can break the document
(XML stays well-formed, markdown headings and fences cannot be forged)."""

import json
import os
import re
import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from codepith.core.tokens import count_tokens
from codepith.packer.layout import Layout

EXAMPLES = int(os.environ.get("HYPOTHESIS_EXAMPLES", "100"))

pieces = st.sampled_from(
    [
        "",
        " ",
        "\t",
        "x",
        "def f():",
        "return 1",
        "/",
        "//",
        "#",
        "## h",
        "<",
        "</file>",
        "</files>",
        "]]>",
        "<![CDATA[",
        "&",
        "&amp;",
        "```",
        "````",
        "~~~",
        "é",
        "中文",
        "😀",
        "\r",
        "\r\n",
        "\x00",
        "\x1b",
        "\x0b",
        "\u3000",
        "\u00a0",
        "\u2028",
        "\x85",
        "\udcff",
        "\udce9",
        "\ufffe",
        "...",
        "{",
        "}",
        '"',
        "'",
    ]
)
texts = st.lists(st.lists(pieces, max_size=5).map("".join), max_size=8).map("\n".join)
paths = st.one_of(
    st.sampled_from(
        [
            "a.py",
            "src/b.ts",
            "/weird",
            "\u3000c.go",
            "d e.md",
            "x\ny.py",
            "evil\n## injected.py",
            'q"<&>.py',
            "caf\udce9.py",
            "back\\slash.py",
            "t\tab\r.py",
            "```.py",
            "]]>.py",
        ]
    ),
    st.lists(pieces, min_size=1, max_size=4).map("".join),
)
levels = st.sampled_from([None, "signatures", "outline"])
files = st.lists(st.tuples(paths, texts, levels), max_size=6)


def _forms(layout, files):
    out = []
    for path, text, level in files:
        data = text.encode("utf-8", "surrogateescape")
        out.append(layout.form(path, text, level, [(1, 2)] if level else [], len(data), 0))
    return out


@settings(max_examples=EXAMPLES)
@given(st.sampled_from(["markdown", "xml", "json"]), st.sampled_from(["o200k_base", "cl100k_base"]), files)
def test_hyp_document_size_equals_whole_count(fmt, encoding, files):
    layout = Layout(fmt, encoding)
    forms = _forms(layout, files)
    for n in range(len(forms) + 1):
        whole = layout.text(forms[:n]).encode("utf-8", "surrogateescape")
        assert layout.size(forms[:n]) == (len(whole), count_tokens(whole, encoding=encoding))


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


@settings(max_examples=EXAMPLES)
@given(files)
def test_hyp_xml_is_well_formed_and_keeps_the_content(files):
    layout = Layout("xml", "o200k_base")
    text = layout.text(_forms(layout, files))
    data = text.encode("utf-8")  # valid UTF-8: no lone surrogate reaches the document
    root = ET.fromstring(data)
    assert root.tag == "files"
    got = list(root)
    assert len(got) == len(files)
    for element, (_path, content, level) in zip(got, files, strict=False):
        assert element.tag == "file" and "\n" not in element.get("path")
        expected = _NOT_XML.sub("\ufffd", content).replace("\r\n", "\n").replace("\r", "\n")
        assert (element.text or "") == expected  # XML parsers read line ends as \n
        assert (element.get("compressed") == level) if level else element.get("compressed") is None


@settings(max_examples=EXAMPLES)
@given(files)
def test_hyp_markdown_headings_and_fences_cannot_be_forged(files):
    layout = Layout("markdown", "o200k_base")
    text = layout.text(_forms(layout, files))
    lines = text.split("\n")
    headings = []
    fence = None
    for line in lines:
        if fence is None:
            if line.startswith("## "):
                headings.append(line)
            match = re.match("(`{3,})", line)
            if match:
                fence = match.group(1)
        elif re.fullmatch(re.escape(fence) + "`*", line.strip(" ")) and line.strip(" ").startswith("`"):
            fence = None
    assert fence is None
    assert len(headings) == len(files)


@settings(max_examples=EXAMPLES)
@given(files)
def test_hyp_json_is_valid_utf8_and_names_read_back(files):
    layout = Layout("json", "o200k_base")
    data = layout.text(_forms(layout, files)).encode("utf-8")
    doc = json.loads(data)
    assert [e["path"] for e in doc["files"]] == [p for p, _, _ in files]


#: what a heading (markdown) or opening tag (XML) may hold besides the name: a constant number of tokens
HEADING_TOKENS = 40
ranges = st.lists(st.tuples(st.integers(1, 10**6), st.integers(0, 50)), max_size=400).map(
    lambda rs: sorted((a, a + n) for a, n in rs)
)


@settings(max_examples=EXAMPLES)
@given(st.sampled_from(["markdown", "xml"]), paths, texts, st.sampled_from(["signatures", "outline"]), ranges)
def test_hyp_a_heading_is_bounded_by_a_constant_plus_the_name(fmt, path, text, level, elided):
    # however many bodies were elided: the ranges go to the audit and the JSON, not the prompt
    from codepith.fs.paths import display_name
    from codepith.render.primitives import xml_attr

    layout = Layout(fmt, "o200k_base")
    block = layout.form(path, text, level, elided, len(text.encode("utf-8", "surrogateescape")), 0).block
    shown = display_name(path) if fmt == "markdown" else xml_attr(display_name(path))
    heading = block.split("\n", 1)[0] if fmt == "markdown" else block[: block.index(">", len(shown)) + 1]
    assert shown in heading
    name_bytes = len(shown.encode("utf-8", "surrogateescape"))
    assert count_tokens(heading.encode("utf-8", "surrogateescape")) <= HEADING_TOKENS + name_bytes


_FIT = re.compile(
    r"does not fit: budget:(bytes\+tokens|bytes|tokens) \((?:whole|as \w+) it takes ([^,;]+), "
    r"[^;]+ included; ([^;]+) left of the budget"
)
_AMOUNT = re.compile(r"(\d+) (bytes|tokens)")
words = st.lists(st.sampled_from(["def", "f(x):", "return", "x", "#", "é", "\n", "    ", "`", "<a>"]), max_size=60)


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["a.py", "b/c.txt", "d" * 80 + ".md", "e.ts"]), words.map(" ".join)),
        min_size=1,
        max_size=4,
        unique_by=lambda f: f[0],
    ),
    st.sampled_from(["markdown", "xml", "json"]),
    st.integers(1, 400),
    st.integers(1, 1500),
    st.booleans(),
)
def test_hyp_a_fit_message_names_a_cost_over_what_is_left(files, fmt, tokens, nbytes, both):
    # the cost a message names is the one the budget check counted: over what it says is left
    import tempfile

    from codepith import pack

    with tempfile.TemporaryDirectory() as root:
        for name, text in files:
            os.makedirs(os.path.dirname(os.path.join(root, name)), exist_ok=True)
            with open(os.path.join(root, name), "w", encoding="utf-8") as f:
                f.write(text)
        result = pack(
            root,
            pr_paths=[n for n, _ in files],
            mode="compact",
            fmt=fmt,
            write_audit=False,
            token_budget=tokens,
            byte_budget=nbytes if both else None,
        )
    for warning in result.warnings:
        if "does not fit: budget:" not in warning:
            continue
        match = _FIT.search(warning)
        assert match, warning
        cost = {unit: int(n) for n, unit in _AMOUNT.findall(match.group(2))}
        left = {unit: int(n) for n, unit in _AMOUNT.findall(match.group(3))}
        over = match.group(1).split("+")
        assert all(cost[unit] > left[unit] for unit in over), warning
