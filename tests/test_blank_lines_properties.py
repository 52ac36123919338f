"""``--remove-empty-lines``: blank lines leave the code, never a string, a
heredoc or a comment, and the output parses as before.

Python's own ``ast`` is the oracle for string contents: it reads every
string constant (docstrings included) independently of tree-sitter."""

import ast

import pytest
from hypothesis import given
from hypothesis import strategies as st

import codepith
from codepith.core.blank_lines import blank_line_spans, remove_blank_lines
from codepith.core.validity import file_errors


def _strings(source: bytes) -> list[str]:
    tree = ast.parse(source)
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


_blank = st.sampled_from(["\n", "   \n", "\t\n", " \r\n"])
_text = st.text(alphabet=st.sampled_from(list("ab \t\n")), max_size=12).map(lambda t: t.replace("\\", ""))


@st.composite
def _statement(draw, depth: int = 0) -> str:
    kind = draw(st.sampled_from(["assign", "string", "def", "class", "comment"] if depth < 2 else ["assign", "string"]))
    pad = "    " * depth
    blanks = "".join(draw(st.lists(_blank, max_size=2)))
    if kind == "assign":
        return f"{blanks}{pad}x = {draw(st.integers(0, 9))}\n"
    if kind == "string":
        body = draw(_text)
        return f'{blanks}{pad}s = """{body}"""\n'
    if kind == "comment":
        return f"{blanks}{pad}# note\n"
    doc = draw(_text)
    inner = "".join(draw(st.lists(_statement(depth + 1), min_size=1, max_size=3)))
    head = "def f(a):" if kind == "def" else "class C:"
    return f'{blanks}{pad}{head}\n{pad}    """{doc}"""\n{inner}'


_program = st.lists(_statement(), min_size=1, max_size=6).map("".join)


@given(_program, st.sampled_from(["full", "signatures", "outline"]))
def test_hyp_python_strings_and_parse_errors_are_kept(source, level):
    out = codepith.compress(source.encode(), language="python", level=level).data
    cleaned = remove_blank_lines(out, language="python")
    assert _strings(cleaned) == _strings(out)  # every string and docstring, blank lines in them included
    assert file_errors("python", cleaned) == file_errors("python", out) == 0
    # what goes is blank lines, and only them
    assert [line for line in out.splitlines() if line.strip()] == [
        line for line in cleaned.splitlines() if line.strip()
    ]
    # and every blank line left is inside a string
    inside = _string_lines(cleaned)
    assert all(n in inside for n, line in enumerate(cleaned.split(b"\n")[:-1], 1) if not line.strip())


def _string_lines(source: bytes) -> set[int]:
    """The numbers of the lines after the first of each string constant (its inside)."""
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.end_lineno:
            lines.update(range(node.lineno + 1, node.end_lineno + 1))
    return lines


@given(st.text(alphabet=st.sampled_from(list("ab(){}[]'\"`=#:;\\ \t\n")), max_size=60))
@pytest.mark.parametrize("language", ["python", "javascript", "go", "ruby"])
def test_hyp_arbitrary_text_keeps_its_parse_error_count(language, text):
    data = text.encode()
    cleaned = remove_blank_lines(data, language=language)
    assert file_errors(language, cleaned) == file_errors(language, data)
    # only whole blank lines ever go: the rest is kept in order
    assert [line for line in data.splitlines() if line.strip()] == [
        line for line in cleaned.splitlines() if line.strip()
    ]


@given(st.binary(max_size=80))
def test_hyp_blank_line_spans_cover_exactly_the_blank_lines(data):
    expected = []
    at = 0
    parts = data.split(b"\n")
    for i, part in enumerate(parts):
        size = len(part) + (i < len(parts) - 1)  # its line break, but after the last line
        if size and not part.strip(b" \t\f\v\r"):
            expected.append((at, at + size))
        at += size
    assert blank_line_spans(data) == expected


@pytest.mark.parametrize(
    "language, source, kept",
    [
        ("javascript", "const a = `x\n\ny`;\n\n\nconst b = `\n\n`;\n", ["`x\n\ny`", "`\n\n`"]),
        ("go", "package p\n\n\nvar a = `x\n\ny`\n", ["`x\n\ny`"]),
        ("rust", 'const A: &str = r#"x\n\ny"#;\n\n\nfn f() {}\n', ['r#"x\n\ny"#']),
        ("ruby", "x = <<~EOS\n  a\n\n  b\nEOS\n\n\ny = 1\n", ["  a\n\n  b\n"]),
        ("bash", "cat <<EOF\na\n\nb\nEOF\n\n\necho hi\n", ["a\n\nb\n"]),
        ("php", "<?php\n$a = <<<EOT\na\n\nb\nEOT;\n\n\n$c = 1;\n", ["a\n\nb\n"]),
        ("java", 'class A {\n\n  String s = """\n  a\n\n  b\n  """;\n}\n', ['"""\n  a\n\n  b\n  """']),
        ("c", "/* a\n\n b */\n\n\nint x;\n", ["/* a\n\n b */"]),
        ("dart", "var s = '''\na\n\nb\n''';\n\n\nvar t = 1;\n", ["'''\na\n\nb\n'''"]),
        ("lua", "local s = [[\na\n\nb\n]]\n\n\nlocal t = 1\n", ["[[\na\n\nb\n]]"]),
    ],
)
def test_blank_lines_in_strings_heredocs_and_comments_stay(language, source, kept):
    cleaned = remove_blank_lines(source.encode(), language=language).decode()
    for piece in kept:
        assert piece in cleaned
    assert "\n\n\n" not in cleaned  # the blank lines between statements went
    assert file_errors(language, cleaned.encode()) == file_errors(language, source.encode())


def test_a_file_without_blank_lines_is_returned_as_it_is():
    data = b"x = 1\ny = 2\n"
    assert remove_blank_lines(data, language="python") is data
