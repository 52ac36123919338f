"""Bounded work on hostile text: every expression codepith runs on user text is linear.

Each rewritten expression is checked two ways: it finds what the old one found
(Hypothesis, on short texts where the old one is quick), and its work grows
linearly (the CPU time on 4n characters of the worst class is about 4 times that
on n, never the 16 times of a quadratic scan; the hang guard stops the old ones).
"""

from __future__ import annotations

import re
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codepith.core import secrets
from codepith.memory import references
from codepith.memory.lessons import _META
from codepith.memory.recall import heading
from codepith.memory.terms import PATHLIKE, paths_in

N = 50_000


def cpu(fn, text) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        fn(text)
        best = min(best, time.process_time() - start)
    return best


def assert_linear(fn, make) -> None:
    """``fn`` on ``make(4n)`` costs at most 8 times ``fn`` on ``make(n)`` (linear: 4; quadratic: 16)."""
    small, large = cpu(fn, make(N)), cpu(fn, make(4 * N))
    assert large <= 8 * max(small, 1e-3), (small, large)


# --------------------------------------------------------------------------- paths in a prompt

PATH_TEXT = st.text(alphabet="ab_-./1\u00e9\u00b2 /.", max_size=24)


@given(PATH_TEXT)
def test_hyp_paths_in_finds_what_the_path_pattern_finds(text):
    assert paths_in(text) == PATHLIKE.findall(text)


@pytest.mark.parametrize(
    "make",
    [
        lambda n: "q" * n,
        lambda n: "0123456789abcdef" * (n // 16),
        lambda n: "a/" * (n // 2),
        lambda n: "a." * (n // 2),
        lambda n: "/" * n,
        lambda n: "a-" * (n // 2),
        lambda n: "a//" * (n // 3),
    ],
    ids=["letters", "hex", "slashes", "dots", "only-slashes", "dashes", "double-slashes"],
)
def test_paths_in_a_long_word_are_found_in_linear_time(make, hang_guard):
    assert_linear(paths_in, make)


# --------------------------------------------------------------------------- rule, lesson, env lines

_OLD_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_OLD_META = re.compile(r"^- ([a-z-]+):[ \t]*(.*?)[ \t]*$")
_OLD_ENV = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][\w.-]*)\s*[=:]\s*(.*?)\s*$")
LINE = st.text(alphabet="# \t\u3000a-:=x\u00a0ex", max_size=20)


@given(LINE)
def test_hyp_heading_reads_a_heading_as_before(line):
    old = _OLD_HEADING.match(line)
    assert heading(line) == (old.group(2) if old else None)


@given(st.text(alphabet="- \tab:x", max_size=20).map(lambda s: "- " + s))
def test_hyp_lesson_fields_read_as_before(line):
    old, new = _OLD_META.match(line), _META.fullmatch(line)
    assert (new.group(1), new.group(2).strip(" \t")) == old.groups() if old else new is None


@given(st.sampled_from(["", " ", "export ", "export"]), LINE)
def test_hyp_env_lines_read_as_before(prefix, line):
    line = prefix + line
    old, new = _OLD_ENV.match(line), secrets._ENV_LINE.fullmatch(line)
    assert (new.group(1), new.group(2).strip()) == old.groups() if old else new is None


@pytest.mark.parametrize(
    "fn, make",
    [
        (heading, lambda n: "# a" + " " * n + "b"),
        (_META.fullmatch, lambda n: "- key: a" + " " * n + "b"),
        (secrets._ENV_LINE.fullmatch, lambda n: "KEY=a" + " " * n + "b"),
        (lambda text: secrets.scan(text.encode(), ".env"), lambda n: "KEY=a" + " " * n + "b\n"),
    ],
    ids=["heading", "lesson-field", "env-line", "env-file-scan"],
)
def test_lines_with_long_space_runs_are_read_in_linear_time(fn, make, hang_guard):
    assert_linear(fn, make)


# --------------------------------------------------------------------------- file contents


@pytest.mark.parametrize(
    "language, make",
    [
        ("javascript", lambda n: b"import " * (n // 7)),
        ("javascript", lambda n: b"export x " * (n // 9)),
        ("javascript", lambda n: b"const " * (n // 6)),
        ("python", lambda n: b"from x import (\n" * (n // 16)),
    ],
    ids=["js-imports", "js-exports", "js-consts", "python-open-parens"],
)
def test_import_scans_are_linear(language, make, hang_guard):
    assert_linear(lambda data: references._referred(data, language), make)


def test_import_scans_still_find_the_imported_names():
    js = b"import { a, b } from 'x';\nexport { c } from \"y\"\nconst d = require('z')\n"
    assert {b"a", b"b", b"c", b"d"} <= references._referred(js, "javascript")
    py = b"from a.b import (x,\n y)\nfrom q import r, \\\n s\nimport t\n"
    assert {b"x", b"y", b"r", b"s", b"t"} <= references._referred(py, "python")


def test_a_header_comment_is_cut_in_linear_time(hang_guard):
    from codepith.memory.definitions import drop_line_comments

    assert_linear(lambda text: drop_line_comments(text, "//"), lambda n: " " * n + "x")
    assert drop_line_comments("int f(int x)  // why\nint g() \t// how", "//") == "int f(int x)\nint g()"


# --------------------------------------------------------------------------- query predicates

_OLD_PHP_EXPORTED = rb"^(#\[.*\][ \t\r\n]*)*((static|final|abstract|readonly|var)[ \t\r\n]+)*(function|const|[$])"


def _php_exported() -> re.Pattern[bytes]:
    from pathlib import Path

    import codepith

    text = (Path(codepith.__file__).parent / "queries" / "php" / "tags.scm").read_text()
    [pattern] = re.findall(r'codepith-match\? @exported "((?:[^"\\]|\\.)*)"', text)
    return re.compile(pattern.encode().decode("unicode_escape").encode())


@given(
    st.lists(
        st.sampled_from(
            [b"#[", b"]", b"a", b" ", b"\t", b"\r", b"\n", b"$", b"static ", b"function", b"#", b"[", b"public "]
        ),
        max_size=10,
    ).map(b"".join)
)
def test_hyp_php_members_are_judged_exported_as_before(text):
    assert (_php_exported().search(text) is None) == (re.search(_OLD_PHP_EXPORTED, text) is None)


@pytest.mark.parametrize(
    "make",
    [
        lambda n: b"#[a]" * (n // 4) + b" public function f()",
        lambda n: b"#[a]\n" * (n // 5) + b"x",
        lambda n: b"#[a]\r" * (n // 5) + b"x",
    ],
    ids=["one-line", "lines", "carriage-returns"],
)
def test_php_attributes_are_read_in_linear_time(make, hang_guard):
    pattern = _php_exported()
    assert_linear(pattern.search, make)


# --------------------------------------------------------------------------- item boundaries


class _Panic(BaseException):
    """What pyo3's PanicException is: a BaseException, not an Exception."""


def test_a_dependency_panic_in_a_tool_is_a_tool_error_and_an_interrupt_is_not():
    from codepith.mcp.server import _registrar

    class ToolError(Exception):
        pass

    class Server:
        def tool(self, annotations):
            return lambda fn: fn

    tool = _registrar(Server(), ToolError)

    @tool(hints=None)
    def panics(text: str = "") -> dict:
        raise _Panic("called `Result::unwrap()` on an `Err` value")

    @tool(hints=None)
    def interrupted(text: str = "") -> dict:
        raise KeyboardInterrupt

    with pytest.raises(ToolError, match=r"failed in a library codepith uses \(_Panic: called"):
        panics(text="x")
    with pytest.raises(
        ToolError, match="Invalid value for 'text': 2,000,001 characters; a request may hold at most 2,000,000"
    ):
        panics(text="x" * 2_000_001)
    with pytest.raises(KeyboardInterrupt):
        interrupted()


def test_a_dependency_panic_never_breaks_the_prompt_hook(tmp_path, monkeypatch, capsysbinary):
    import io
    import json

    from codepith.cli import main

    def panic(*args, **kwargs):
        raise _Panic("tiktoken")

    monkeypatch.setattr("codepith.cli.memory.recall", panic)
    monkeypatch.setattr(
        "sys.stdin", io.TextIOWrapper(io.BytesIO(json.dumps({"prompt": "cart", "cwd": str(tmp_path)}).encode()))
    )
    assert main(["hook", "user-prompt-submit"]) == 0
    captured = capsysbinary.readouterr()
    assert captured.out == b"" and captured.err == b"codepith hook: nothing injected: tiktoken\n"


def test_a_dependency_panic_in_a_command_is_one_line_not_a_traceback(tmp_path, monkeypatch, capsys):
    from codepith.cli import main

    def panic(*args, **kwargs):
        raise _Panic("boom")

    monkeypatch.setattr("codepith.cli.compress_single.process_bytes", panic)
    (tmp_path / "a.py").write_text("def f():\n    return 1\n")
    code = main(["compress", str(tmp_path / "a.py")])
    err = capsys.readouterr().err
    assert code == 1 and "Traceback" not in err and "_Panic: boom" in err and err.count("\n") == 1, err


def test_a_dependency_panic_costs_one_file_of_a_bulk_run(tmp_path, monkeypatch):
    from codepith.bulk import files

    real = files.compress

    def compress(data, **kwargs):
        if b"panic" in data:
            raise _Panic("boom")
        return real(data, **kwargs)

    monkeypatch.setattr(files, "compress", compress)
    options = files.BulkOptions()
    bad = files.process_bytes("a.py", b"def panic():\n    return 1\n", options)
    good = files.process_bytes("b.py", b"def f():\n    return 1\n", options)
    assert bad.action == "kept-whole" and "compression failed (_Panic: boom)" in bad.reason
    assert good.action == "compressed"
