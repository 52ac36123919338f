"""A `.h` file is told C or C++ by its code: `::`, `namespace`, `class X {`
in a comment or a string (sqlite3.h, zstd.h, expat.h, Linux's headers) leave
it C; C++ in the code still makes it C++. The scan that blanks comments and
literals is linear and reads a bounded prefix."""

import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codepith import detect_language
from codepith.core import languages
from codepith.core.languages import HINT_BYTES, code_only

C_WITH_CPP_WORDS = {
    "a license comment": b"/*\n** The author disclaims copyright. See std::vector and namespace docs.\n*/\n"
    b"int sqlite3_open(const char *filename);\n",
    "a line comment": b"// namespace foo {\n// class Widget {\nint f(void);\n",
    "a doc comment on its own lines": b"/**\n * class Parser {\n * public:\n * template <typename T>\n */\n"
    b"struct parser { int x; };\n",
    "a string": b'static const char *usage = "call ns::f() or namespace x";\nint g(void);\n',
    "a char literal then a string": b"char c = ':'; char d = '\\''; const char *s = \"a::b\";\n",
    "an escaped quote in a string": b'const char *s = "say \\"std::x\\" namespace";\nint h(void);\n',
    "a line comment continued by a backslash": b"// a note \\\nnamespace n {\nint f(void);\n",
    "a comment holding a quote": b"/* it's std::move */ int k(void);\n",
    "an unterminated comment": b"int f(void);\n/* trailing notes: a::b namespace\n",
    "an unterminated string": b'int f(void);\nconst char *s = "a::b\n',
    "Windows line ends": b"/* class X {\r\n*/\r\nint f(void);\r\n",
}

CPP = {
    "a namespace": b"/* C++ */\nnamespace n {\nint f();\n}\n",
    "a class after a comment": b"/* license */ class Widget {\npublic:\n  int f();\n};\n",
    "a scope in code": b"int f() { return std::max(1, 2); } // done\n",
    "code after a comment's end": b"/* license\n */ namespace n {\n}\n",
    "a template after a string": b'const char *s = "x";\ntemplate <typename T> T id(T x);\n',
    "extern C++ after a comment with a quote": b'/* don\'t */\nextern "C++" {\n}\n',
    "code after a URL in a string": b'const char *u = "http://x";\nusing namespace std;\n',
}


@pytest.mark.parametrize("name", list(C_WITH_CPP_WORDS))
def test_cpp_words_in_comments_and_strings_leave_a_header_c(name):
    assert detect_language("include/x.h", C_WITH_CPP_WORDS[name]) == "c"


@pytest.mark.parametrize("name", list(CPP))
def test_cpp_in_the_code_makes_a_header_cpp(name):
    assert detect_language("include/x.h", CPP[name]) == "cpp"


def test_real_headers_on_this_machine():
    """sqlite3.h and expat.h name C++ only in comments; a C++ standard
    library header (when installed) is C++."""
    found = 0
    for path, language in (
        ("/usr/include/sqlite3.h", "c"),
        ("/usr/include/expat.h", "c"),
        ("/usr/include/zstd.h", "c"),
        ("/usr/include/linux/stat.h", "c"),
    ):
        if os.path.isfile(path):
            with open(path, "rb") as f:
                assert detect_language(path, f.read()) == language, path
            found += 1
    if not found:
        pytest.skip("no system headers here")


def test_the_hint_scan_reads_a_bounded_prefix(monkeypatch):
    """A huge header is judged on its first HINT_BYTES: the linear scan's
    input never grows past it."""
    seen = []
    real = languages.code_only
    monkeypatch.setattr(languages, "code_only", lambda data, lang: seen.append(len(data)) or real(data, lang))
    for unit in (b"'", b"/*", b'"\\', b"//\\\n", b"a::"):
        data = unit * (3 * HINT_BYTES // len(unit))
        detect_language("big.h", data)
    assert seen and max(seen) == HINT_BYTES
    assert detect_language("big.h", b"/*" * HINT_BYTES + b"\nnamespace n {}\n") == "c"  # past the prefix


def _skip_escaped(data: bytes, i: int, stop: tuple[bytes, ...]) -> int:
    """Past the bytes from ``i`` up to one of ``stop`` (a backslash takes the next byte with it)."""
    n = len(data)
    while i < n and data[i : i + 1] not in stop:
        if data[i : i + 1] == b"\\":
            if i + 1 == n:
                break  # a last lone backslash is left as it is
            i += 1
        i += 1
    return i


def _reference(data: bytes) -> bytes:
    """A byte-by-byte scanner of C comments and literals, each replaced by one
    space (a double-quoted plain word kept, then a space)."""
    out, i, n = bytearray(), 0, len(data)
    while i < n:
        two, one = data[i : i + 2], data[i : i + 1]
        if two == b"//":
            i = _skip_escaped(data, i + 2, (b"\n",))
        elif two == b"/*":
            end = data.find(b"*/", i + 2)
            i = n if end < 0 else end + 2
        elif one in (b'"', b"'"):
            start = i
            i = _skip_escaped(data, i + 1, (one, b"\n"))
            if data[i : i + 1] == one:
                i += 1
                body = data[start + 1 : i - 1]
                if one == b'"' and all(chr(c).isascii() and (chr(c).isalnum() or chr(c) in "_+") for c in body):
                    out += data[start:i]
        else:
            out += one
            i += 1
            continue
        out += b" "
    return bytes(out)


_PIECES = st.sampled_from(
    [
        b"/",
        b"*",
        b'"',
        b"'",
        b"\\",
        b"\n",
        b"\r",
        b":",
        b"::",
        b"a",
        b" ",
        b"namespace",
        b"//",
        b"/*",
        b"*/",
        b"\xe9",
        b"class X {",
    ]
)


@given(st.lists(_PIECES, max_size=40).map(b"".join))
def test_hyp_code_only_blanks_what_a_byte_scanner_blanks(data):
    assert code_only(data, "c") == _reference(data)
