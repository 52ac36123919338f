"""Valid means checked, and the gaps between a header and its body.

``valid`` (of :func:`codepith.compress`, a bulk result, a dataset row) is the
outcome of a parse of the output, never an assumption. And bytes a grammar
allows between a definition's header and its body, or just after the body
(comments of every syntax, preprocessor lines, line splices, a ``;``), never
cost the output its validity or a definition.
"""

from __future__ import annotations

import pandas as pd
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from codepith import compress
from codepith.bulk.datasets.rows import FrameOptions, compress_partition
from codepith.bulk.files import process_bytes
from codepith.bulk.results import BulkOptions
from codepith.core.checks import check_retention
from codepith.core.compress import count_errors
from codepith.core.elide import BraceStyle
from codepith.core.languages import captures, parse

C_SRC = b"int add(int a, int b)\n{\n    int c = a + b;\n    return c * 2;\n}\n"


def errors_of(language: str, data: bytes) -> int:
    return count_errors(parse(language, data).root_node)


@pytest.fixture
def broken_placeholder(monkeypatch):
    """A brace placeholder that does not parse (its `}` missing): only a parse
    of the output can tell that an edit made with it broke the file."""
    monkeypatch.setattr(BraceStyle, "body", lambda self, rows, line_refs: "{ /* \u2026 */".encode())


# --------------------------------------------------------------------------- valid means checked


def test_valid_comes_from_a_parse_of_the_output(broken_placeholder):
    r = compress(C_SRC, language="c")
    assert errors_of("c", r.data) == r.output_errors == 0 and r.valid
    assert r.data == C_SRC and not r.elisions  # the edit that broke it was undone
    assert r.expand() == C_SRC


def test_unverified_output_is_still_checked(broken_placeholder):
    r = compress(C_SRC, language="c", verify=False)
    assert r.elisions  # kept unchecked, as asked
    assert r.output_errors == errors_of("c", r.data) > 0
    assert r.valid is False


def test_unverified_clean_output_is_valid():
    r = compress(C_SRC, language="c", verify=False)
    assert r.elisions and r.valid is True and r.output_errors == 0


def test_bulk_valid_is_checked(broken_placeholder):
    r = process_bytes("a.c", C_SRC, BulkOptions(), keep_data=True)
    assert r.action == "compressed" and r.valid is True
    assert errors_of("c", r.data) == 0


def test_dataset_valid_column_is_checked(broken_placeholder):
    frame = pd.DataFrame({"path": ["a.c"], "content": [C_SRC]})
    out = compress_partition(frame, FrameOptions(tokens=False))
    row = out.iloc[0]
    assert row["action"] == "compressed" and bool(row["valid"]) is True
    assert errors_of("c", row["compressed"]) == 0


# --------------------------------------------------------------------------- between a header and its body

BODY = "{\n    return compute_total(a, b);\n}\n"
CS_BODY = "{\n        return ComputeTotal(a, b);\n    }\n"


def cs_class(member: str) -> str:
    return "class C\n{\n" + member + "}\n"


#: (language, clean input, body elisions expected at `signatures`)
GAPS = {
    "php-hash-comment": (
        "php",
        "<?php\nfunction total(array $xs): int # sums the list\n{\n  return array_sum($xs);\n}\n",
        1,
    ),
    "php-slash-comment": (
        "php",
        "<?php\nfunction total(array $xs): int // sums the list\n{\n  return array_sum($xs);\n}\n",
        1,
    ),
    "php-hash-comment-method": ("php", "<?php\nclass A {\n  public function f($a, $b) # why\n  " + BODY + "}\n", 1),
    "c-comment-spliced": ("c", "int f(int a, int b) // note \\\n continued\n" + BODY, 1),
    "cpp-comment-spliced": ("cpp", "int f(int a, int b) // note \\\n continued\n" + BODY, 1),
    "c-header-spliced": ("c", "int f(int a, int b) \\\n" + BODY, 1),
    "cpp-header-spliced": ("cpp", "int f(int a, int b) \\\n" + BODY, 1),
    "c-header-spliced-crlf": ("c", ("int f(int a, int b) \\\n" + BODY).replace("\n", "\r\n"), 1),
    "cs-pragma": ("csharp", cs_class("    int F(int a, int b)\n#pragma warning disable CS0168\n    " + CS_BODY), 1),
    "cs-region": ("csharp", cs_class("    int F(int a, int b)\n#region body\n    " + CS_BODY + "#endregion\n"), 1),
    "cs-nullable": ("csharp", cs_class("    int F(int a, int b)\n#nullable enable\n    " + CS_BODY), 1),
    "cs-line": ("csharp", cs_class('    int F(int a, int b)\n#line 200 "x.cs"\n    ' + CS_BODY), 1),
    "cs-warning": ("csharp", cs_class("    int F(int a, int b)\n#warning look\n    " + CS_BODY), 1),
    "cs-pragma-before-arrow": (
        "csharp",
        cs_class("    int F(int a, int b)\n#pragma warning disable X\n        => ComputeTotal(a, b);\n"),
        1,
    ),
    "cs-pragma-after-arrow": (
        "csharp",
        cs_class("    int F(int a, int b) =>\n#pragma warning disable X\n        ComputeTotal(a, b);\n"),
        0,
    ),
    "cs-pragma-before-semicolon": (
        "csharp",
        cs_class("    int F(int a, int b) => ComputeTotal(a, b)\n#pragma warning restore X\n        ;\n"),
        0,
    ),
    "cs-lambda-pragma": (
        "csharp",
        cs_class("    Func<int, int> f = x =>\n#pragma warning disable X\n        ComputeTotal(x, x);\n"),
        1,
    ),
    "cs-lambda-if": (
        "csharp",
        cs_class(
            "    Func<int, int> f = x =>\n#if A\n        ComputeTotal(x, x)\n#else\n"
            "        ComputeTotal(x, 1)\n#endif\n        ;\n"
        ),
        0,
    ),
    "cs-region-crossing-out": (
        "csharp",
        cs_class(
            "    int F(int a, int b)\n    {\n#region r\n        return ComputeTotal(a, b);\n"
            "    }\n#endregion\n    int G(int a, int b)\n    " + CS_BODY
        ),
        1,
    ),
    "cs-region-crossing-in": (
        "csharp",
        cs_class("#region r\n    int F(int a, int b)\n    {\n        return ComputeTotal(a, b);\n#endregion\n    }\n"),
        0,
    ),
    "cs-region-inside": (
        "csharp",
        cs_class("    int F(int a, int b)\n    {\n#region r\n        return ComputeTotal(a, b);\n#endregion\n    }\n"),
        1,
    ),
    "cs-comment-before-arrow": (
        "csharp",
        cs_class("    int F(int a, int b) // why\n        => ComputeTotal(a, b);\n"),
        1,
    ),
    "js-html-comment": ("javascript", "function f(a, b) <!-- why\n" + BODY, 1),
    "js-html-comment-close": ("javascript", "function f(a, b) --> why\n" + BODY, 1),
    "cpp-semicolon-file": ("cpp", "void f(int a, int b) { return compute_total(a, b); };\n", 1),
    "cpp-semicolon-next-line": ("cpp", "namespace n {\nvoid f(int a, int b)\n" + BODY + ";\n}\n", 1),
    "cpp-semicolon-class": (
        "cpp",
        "struct S {\n  void f(int a, int b) { return compute_total(a, b); };\n  int x;\n};\n",
        1,
    ),
    "cpp-semicolons": ("cpp", "void f(int a, int b) { return compute_total(a, b); };;\n", 1),
    "cpp-semicolons-class": ("cpp", "struct S {\n  void f(int a, int b) { return compute_total(a, b); }; ;\n};\n", 1),
    "cpp-semicolons-comment": ("cpp", "void f(int a, int b) { return compute_total(a, b); }; // why\n;\n", 0),
    "cpp-semicolon-template": ("cpp", "template <class T>\nT f(T a, T b)\n" + BODY + ";\n", 1),
    "cpp-semicolon-nested-template": (
        "cpp",
        "template <class A>\ntemplate <class B>\nvoid f(A a, B b)\n" + BODY + "\n;\n",
        1,
    ),
    "cpp-semicolon-after-declaration": ("cpp", "void f(int a, int b)\n" + BODY + "int x = 1;\n;\n", 1),
    "cpp-semicolon-spliced": ("cpp", "void f(int a, int b) { return compute_total(a, b); }\\\n;\n", 1),
    "cpp-semicolon-after-comment": ("cpp", "void f(int a, int b) { return compute_total(a, b); } /* why */ ;\n", 0),
    "cpp-lambda-default": ("cpp", "int g(int (*cb)(int) = [](int x) { return compute_total(x, x); });\n", 0),
    "cpp-lambda-default-method": (
        "cpp",
        "struct S {\n  int g(int (*cb)(int) = [](int x) { return compute_total(x, x); });\n};\n",
        0,
    ),
    "cpp-lambda-default-definition": (
        "cpp",
        "int g(int (*cb)(int) = [](int x) { return compute_total(x, x); })\n" + BODY,
        1,
    ),
    "cpp-lambda-template-default": (
        "cpp",
        "template <class F = decltype([](int x) { return compute_total(x, x); })>\nint h(int a, int b)\n" + BODY,
        1,
    ),
}


def definitions(language: str, data: bytes) -> list[tuple[str, str, bytes]]:
    """(capture, node kind, name) of every definition the tags query finds."""
    tree = parse(language, data)
    found = []
    for name, nodes in captures(language, "tags", tree.root_node).items():
        if name.startswith("definition."):
            for node in nodes:
                ident = node.child_by_field_name("name")
                found.append((name, node.type, b"" if ident is None else data[ident.start_byte : ident.end_byte]))
    return sorted(found)


def directive_lines(data: bytes, elisions=()) -> list[bytes]:
    """The preprocessor lines of ``data`` outside ``elisions`` (a body's own go with it)."""
    found, pos = [], 0
    for line in data.splitlines(keepends=True):
        inside = any(e.start_byte <= pos < e.end_byte for e in elisions)
        if line.lstrip().startswith(b"#") and b"#[" not in line and not inside:
            found.append(line.strip())
        pos += len(line)
    return found


@pytest.mark.parametrize("case", sorted(GAPS))
@pytest.mark.parametrize("level", ["signatures", "outline"])
def test_gap_keeps_validity_and_definitions(case, level):
    language, text, bodies = GAPS[case]
    src = text.encode()
    assert errors_of(language, src) == 0, "the case itself must parse cleanly"
    r = compress(src, language=language, level=level)
    assert errors_of(language, r.data) == 0 and r.valid, r.text
    assert definitions(language, r.data) == definitions(language, src), r.text
    assert check_retention(r).ok, (check_retention(r).missing, r.text)
    assert r.expand() == src
    if language != "php":  # PHP's `#` lines are comments, dropped at `outline`
        assert directive_lines(r.data) == directive_lines(src, r.elisions), r.text
    for opens, closes in ((b"#region", b"#endregion"), (b"#if", b"#endif")):  # runs of lines stay paired
        assert r.data.count(opens) - r.data.count(closes) == src.count(opens) - src.count(closes), r.text
    if level == "signatures":
        assert sum(e.kind == "body" for e in r.elisions) == bodies, r.text


def test_header_comment_stays_on_the_header_line():
    r = compress(GAPS["php-hash-comment"][1], language="php")
    assert b"function total(array $xs): int # sums the list\n{ /* " in r.data


# --------------------------------------------------------------------------- properties

COMMON_GAP = [" ", "\n", "\r\n", "\n\n", "\t", " /* c */ ", "/* c */\n", " // c\n", "\n// c\n"]
#: (a definition with {gap} before its body and {after} just after it, fragments of the language)
TEMPLATES = {
    "c": (
        "int f(int a, int b){gap}{{\n  return compute_total(a, b);\n}}{after}\nint g(void);\n",
        ["\\\n", " \\\n", " // c \\\n more\n", " /* c */ \\\n", ";"],
    ),
    "cpp": (
        "struct S {{\n  int f(int a, int b){gap}{{\n    return compute_total(a, b);\n  }}{after}\n}};\n"
        "int h(int a){gap}{{ return compute_total(a, a); }}{after}\n",
        ["\\\n", " // c \\\n more\n", ";", " ;", "\n;", ";;"],
    ),
    "csharp": (
        "class C\n{{\n    int F(int a, int b){gap}{{\n        return ComputeTotal(a, b);\n    }}{after}\n"
        "    int G(int a){gap}=> ComputeTotal(a, a);\n}}\n",
        [
            "\n#pragma warning disable X\n",
            "\n#region r\n",
            "\n#endregion\n",
            "\n#nullable enable\n",
            "\n#line 7\n",
            "\n#if A\n#endif\n",
            "\n#warning w\n",
        ],
    ),
    "php": (
        "<?php\nclass A {{\n  public function f($a, $b){gap}{{\n    return compute_total($a, $b);\n  }}{after}\n}}\n"
        "function g($a){gap}{{\n  return compute_total($a, $a);\n}}{after}\n",
        [" # c\n", "#c\n", "\n# c\n", ";"],
    ),
    "java": (
        "class A {{\n  int f(int a, int b){gap}{{\n    return computeTotal(a, b);\n  }}{after}\n}}\n",
        [" /** d */ ", ";"],
    ),
    "javascript": (
        "function f(a, b){gap}{{\n  return computeTotal(a, b);\n}}{after}\n"
        "class K {{\n  m(a){gap}{{\n    return computeTotal(a, a);\n  }}{after}\n}}\n",
        [";", "\n/** d */\n"],
    ),
}
fragment_runs = st.lists(st.sampled_from(range(64)), max_size=3)


@pytest.mark.parametrize("language", sorted(TEMPLATES))
@given(gap=fragment_runs, after=fragment_runs, crlf=st.booleans())
def test_hyp_gap_fragments_keep_the_promises(language, gap, after, crlf):
    template, extra = TEMPLATES[language]
    frags = COMMON_GAP + extra
    text = template.format(
        gap="".join(frags[i % len(frags)] for i in gap), after="".join(frags[i % len(frags)] for i in after)
    )
    src = (text.replace("\r\n", "\n").replace("\n", "\r\n") if crlf else text).encode()
    assume(errors_of(language, src) == 0)
    for level, refs in (("signatures", False), ("signatures", True), ("outline", False)):
        r = compress(src, language=language, level=level, line_refs=refs)
        assert errors_of(language, r.data) == 0 and r.valid, r.text
        assert check_retention(r).ok, (check_retention(r).missing, r.text)
        assert definitions(language, r.data) == definitions(language, src), r.text
        assert r.expand() == src and len(r.data) <= len(src)
        if language != "php":
            assert directive_lines(r.data) == directive_lines(src, r.elisions), r.text


# --------------------------------------------------------------------------- indented bodies

SPLICED_DOC = b'def ble(se):\n      \\\n"""Doc."""\n      h(1, 2, 3, 4, 5)\n      return h(6, 7, 8)\n'
#: a gap fuzzer's shrunk find: the `...` at column 0 ended the `if` before its `else`
SPLICED_DOC_FOUND = (
    b'if s:\n  def s(t,):\n         "  """\n      (p2cr)\n     def ble(se):\n      \\\n""""""\n'
    b"      h (\n SS)\n       def d(sup):\n else:\n  for  fd2 in (up):\n  if (_k < 0):\nawn(e)"
)


@pytest.mark.parametrize("crlf", [False, True])
def test_docstring_after_a_line_splice_keeps_the_placeholder_indented(crlf):
    src = SPLICED_DOC.replace(b"\n", b"\r\n") if crlf else SPLICED_DOC
    r = compress(src, language="python", verify=False)  # the engine's own edits, unchecked
    eol = b"\r\n" if crlf else b"\n"
    assert r.data.endswith(b'"""Doc."""' + eol + b"      ..." + eol), r.data
    assert r.valid and definitions("python", r.data) == definitions("python", src)


@pytest.mark.parametrize("level", ["signatures", "outline"])
def test_docstring_after_a_line_splice_found_by_the_gap_fuzzer(level):
    assert errors_of("python", SPLICED_DOC_FOUND) == 0
    r = compress(SPLICED_DOC_FOUND, language="python", level=level, verify=False)
    assert errors_of("python", r.data) == 0 and r.valid and r.elisions, r.data
    assert r.expand() == SPLICED_DOC_FOUND
