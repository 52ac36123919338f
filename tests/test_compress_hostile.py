"""The engine on input nobody here wrote: wrapped libraries, lone surrogates,
nesting deeper than a query cursor can count, comments where a placeholder goes."""

import gc
import signal
import sys
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

import codepith
from codepith import CodepithError, InvalidText, compress
from codepith.core.checks import check_retention, check_validity
from golden import LEVEL_FILES, expected_path, inputs, language_of

languages_module = sys.modules["codepith.core.languages"]


# --------------------------------------------------------------------------- text


def test_lone_surrogate_in_str_is_a_codepith_error():
    with pytest.raises(InvalidText) as info:
        compress("x = '\ud800'\n", language="python")
    assert isinstance(info.value, CodepithError)
    assert "U+D800" in str(info.value) and "bytes" in str(info.value)


def test_surrogateescaped_bytes_round_trip():
    # how Python carries bytes that are not UTF-8 in a str
    text = b"def f():\n    return 'caf\xe9'\n".decode("utf-8", "surrogateescape")
    r = compress(text, language="python")
    assert r.expand() == b"def f():\n    return 'caf\xe9'\n"
    assert r.data == b"def f():\n    ...\n"


# --------------------------------------------------------------------------- wrapped libraries

UMD = b"""(function (global, factory) {
  typeof exports === 'object' ? module.exports = factory() :
  (global = global || self, global.lib = factory());
}(this, (function () { 'use strict';
  var VERSION = '1.0';
  function isObject(obj) {
    return typeof obj === 'object';
  }
  const keys = (o) => Object.keys(o);
  return { VERSION, isObject, keys };
})));
"""


@pytest.mark.parametrize(
    "wrapped",
    [
        UMD,
        # `!function(){}()` with the factory bare or parenthesised
        b"!function(e,t){module.exports=t()}(this,function(){function isObject(o){return!!o}return isObject});\n",
        b"!function(e,t){module.exports=t()}(this,(function(){function isObject(o){return!!o}return isObject}));\n",
        # void / unary plus, sequences, conditionals
        b"void function(){ function isObject(o){ return !!o } }();\n",
        b"+function(){ function isObject(o){ return !!o } }();\n",
        b"0, (function(){ function isObject(o){ return !!o } })();\n",
        b"typeof define === 'function' ? define(function(){ function isObject(o){ return !!o } }) : 0;\n",
        # .call(this) / .apply
        b"(function(){ function isObject(o){ return !!o } }).call(this);\n",
        b"(function(){ function isObject(o){ return !!o } }).apply(this, []);\n",
        # AMD, System.register, esbuild/webpack IIFEs
        b"define(['a'], function (a) { function isObject(o){ return !!o } return isObject; });\n",
        b"System.register([], (function (exports) { return { execute: (function () {\n"
        b"  function isObject(o) { return !!o; }\n  exports('isObject', isObject);\n}) }; }));\n",
        b"var lib = (() => { function isObject(o) { return !!o; } return { isObject }; })();\n",
        b"(() => {\n  function isObject(o) { return !!o; }\n  window.isObject = isObject;\n})();\n",
    ],
)
def test_wrapped_definitions_are_kept(wrapped):
    for level in ("signatures", "outline"):
        r = compress(wrapped, language="javascript", level=level)
        assert b"function isObject(o" in r.data, r.text
        kept = check_retention(r)
        assert kept.ok, kept.missing
        assert check_validity(r)[1] == 0
        assert r.expand() == wrapped


def test_umd_factory_bodies_inside_are_still_elided():
    r = compress(UMD, language="javascript")
    assert b"function isObject(obj) { /* \xe2\x80\xa6 */ }" in r.data
    assert b"const keys = (o) => { /* \xe2\x80\xa6 */ };" in r.data or b"(o) => Object.keys" not in r.data


def test_callbacks_without_definitions_are_elided():
    src = b"describe('x', function () {\n  const a = 1;\n  it('y', () => {\n    expect(a).toBe(1);\n  });\n});\n"
    r = compress(src, language="javascript")
    assert r.data == b"describe('x', function () { /* \xe2\x80\xa6 */ });\n"


def test_retention_check_flags_a_lost_wrapped_definition(monkeypatch):
    # the checker must see what the engine would lose if it stopped descending
    monkeypatch.setattr(sys.modules["codepith.core.engine"], "wrapper_reach", lambda language: None)
    src = b"foo(function () {\n  function isObject(o) { return !!o; }\n});\n"
    r = compress(src, language="javascript")
    assert b"isObject" not in r.data
    kept = check_retention(r)
    assert not kept.ok and "wrapped function" in kept.missing[0]


def test_line_comment_before_a_body_keeps_the_brace():
    src = b"function f() // note\n{\n  return 1;\n}\nconst g = (a) =>\n{\n  return a;\n}\n"
    r = compress(src, language="javascript")
    assert check_validity(r) == (0, 0)
    assert r.data == b"function f() // note\n{ /* \xe2\x80\xa6 */ }\nconst g = (a) => { /* \xe2\x80\xa6 */ }\n"


# --------------------------------------------------------------------------- deep nesting


def test_nesting_deeper_than_a_query_cursor_counts_is_exact():
    # 11,000 nested func literals are ~66,000 tree levels: one query run counts
    # depth in 16 bits and loses bodies past 65,535 levels
    n = 11_000
    src = ("package p\nvar x = " + "func() int { return " * n + "1" + " }()" * n + "\n").encode()
    r = compress(src, language="go")
    assert r.data == b"package p\nvar x = func() int { /* \xe2\x80\xa6 */ }()\n"
    assert r.expand() == src
    # every body is captured (one run found 10,922 of 11,000)
    root = languages_module.get_parser("go").parse(src).root_node
    caps = languages_module.captures("go", "compress", root, utf8=True)
    assert len(caps["body.function"]) == n


@pytest.mark.parametrize("case", inputs(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_depth_bands_give_the_same_output(case, monkeypatch):
    # the band-by-band query runs (used on deep trees) find exactly what one run finds
    monkeypatch.setattr(languages_module, "MAX_QUERY_DEPTH", 0)
    monkeypatch.setattr(languages_module, "DEPTH_BAND", 3)
    src = case.read_bytes()
    for variant, (level, refs) in LEVEL_FILES.items():
        out = compress(src, language=language_of(case), level=level, line_refs=refs).data
        assert out == expected_path(case, variant).read_bytes()


# --------------------------------------------------------------------------- memory


def test_a_token_dense_input_whose_parse_would_not_fit_is_refused():
    # a one-line literal of small numbers: about 330 bytes of parse tree per token
    src = b"data = [" + b"1, " * 1_700_000 + b"]\n"
    with pytest.raises(codepith.InputTooLarge) as info:
        compress(src, language="python")
    assert "MB" in str(info.value) and "--max-file-bytes" in str(info.value)


def test_ordinary_code_of_the_same_size_is_compressed():
    unit = (
        b"def add(first_value, second_value):\n"
        b'    """Add two values and return their sum, as the manual documents it."""\n'
        b"    # the sum of the two values, whatever their types are\n"
        b"    return first_value + second_value\n\n"
    )
    src = unit * (5_000_000 // len(unit))
    r = compress(src, language="python")
    assert r.expand() == src and len(r.elisions) == src.count(b"def ")


# --------------------------------------------------------------------------- grammar loops

# 22 bytes on which the pinned TypeScript/TSX grammar never finishes (found by benchmarks/fuzz.py)
GRAMMAR_LOOP = b"[yield{}\"\"<}'e)e e I'f"


@pytest.mark.parametrize("language", ["typescript", "tsx"])
def test_a_parse_that_never_ends_is_stopped(language, monkeypatch):
    monkeypatch.setattr(languages_module, "PARSE_SECONDS_BASE", 0.3)
    with pytest.raises(codepith.ParseTimeout) as info:
        compress(GRAMMAR_LOOP, language=language)
    assert isinstance(info.value, CodepithError) and language in str(info.value)


def test_bulk_keeps_a_file_whose_parse_never_ends_whole(tmp_path, monkeypatch):
    monkeypatch.setattr(languages_module, "PARSE_SECONDS_BASE", 0.3)
    (tmp_path / "loop.ts").write_bytes(GRAMMAR_LOOP)
    (tmp_path / "ok.ts").write_bytes(b"export function f(): number {\n  return 1;\n}\n")
    results = {r.path: r for r in codepith.compress_tree(tmp_path, cache=False, jobs=1)}
    assert results["loop.ts"].action == "kept-whole"
    assert "did not finish" in results["loop.ts"].reason
    assert results["ok.ts"].action == "compressed"


# --------------------------------------------------------------------------- parses stopped halfway

RUST_FILE = (
    b"/// Adds.\npub fn add(a: i32, b: i32) -> i32 {\n    let sum = a + b;\n"
    b"    assert!(sum >= a.min(b));\n    sum\n}\n\npub struct Point { pub x: i32 }\n"
)
_UNIT = (
    b"pub fn compute_the_value(first_argument: i32) -> i32 {\n    let doubled_argument = first_argument * 2;\n"
    b"    doubled_argument + 1\n}\n"
)
LONG_RUST = _UNIT * (2_000_000 // len(_UNIT))  # 2 MB: parses for about 0.3 s


class _Stop(Exception):
    pass


def _stop():
    raise _Stop()


class _RaiseAt:
    """A parser whose ``where`` callback ("read" or "progress") does ``act``
    (by default: raise) on its ``at``-th call of a parse, as a signal's
    handler would (SIGALRM: the bulk per-file limit's timer running out)."""

    def __init__(self, parser, where: str, at: int, act=_stop):
        self.parser, self.where, self.at, self.act = parser, where, at, act

    def _counted(self, callback):
        calls = [0]

        def wrapped(*args):
            calls[0] += 1
            if calls[0] == self.at:
                self.act()
            return callback(*args)

        return wrapped

    def parse(self, source, **kw):
        if self.where == "read" and callable(source):
            source = self._counted(source)
        elif self.where == "progress" and kw.get("progress_callback"):
            kw["progress_callback"] = self._counted(kw["progress_callback"])
        return self.parser.parse(source, **kw)

    def reset(self):
        self.parser.reset()


def test_a_parse_stopped_by_an_exception_does_not_leak_into_the_next(monkeypatch):
    # an exception out of the parse's progress callback stops it halfway;
    # tree-sitter would resume that parse on the next call, with the next
    # file's bytes
    expected = compress(RUST_FILE, language="rust").data
    proxy = _RaiseAt(languages_module.get_parser("rust"), "progress", 3)
    monkeypatch.setattr(languages_module, "get_parser", lambda language: proxy)
    with pytest.raises(_Stop):
        compress(LONG_RUST, language="rust")
    monkeypatch.undo()
    tree = languages_module.parse("rust", RUST_FILE)
    assert tree.root_node.end_byte == len(RUST_FILE) and not tree.root_node.has_error
    assert compress(RUST_FILE, language="rust").data == expected


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no interval timers (Windows): no per-file limit there")
def test_a_file_stopped_by_the_time_limit_is_said_so_and_the_next_is_right(monkeypatch):
    # the limit's signal handler raises inside the parser's read callback,
    # which the binding wraps in SystemError
    from codepith.bulk.run import BulkOptions, process_bytes

    options = BulkOptions(timeout=60, tokens=False, security_check=False)
    expected = compress(RUST_FILE, language="rust").data
    assert expected != RUST_FILE
    proxy = _RaiseAt(languages_module.get_parser("rust"), "read", 3, act=lambda: signal.raise_signal(signal.SIGALRM))
    monkeypatch.setattr(languages_module, "get_parser", lambda language: proxy)
    slow = process_bytes("long.rs", LONG_RUST, options)
    assert slow.action == "kept-whole" and "timed out" in slow.reason
    monkeypatch.undo()
    quick = process_bytes("add.rs", RUST_FILE, options, keep_data=True)
    assert quick.action == "compressed" and quick.data == expected


def test_the_garbage_collectors_time_is_not_the_grammars(monkeypatch):
    # a full collection of a large program's heap may run inside the parse's
    # callbacks and take seconds; here one is made to look 1000 s long
    real, calls, skew = time.thread_time, [0], [0.0]

    def clock():
        calls[0] += 1
        if calls[0] == 3:
            gc.collect()
        return real() + skew[0]

    def slow_collection(phase, _info):
        if phase == "stop":
            skew[0] += 1000.0

    monkeypatch.setattr(time, "thread_time", clock)
    gc.callbacks.insert(0, slow_collection)
    try:
        tree = languages_module.parse("rust", LONG_RUST)
    finally:
        gc.callbacks.remove(slow_collection)
    assert calls[0] > 3 and skew[0] >= 1000.0  # the collection ran inside the parse
    assert tree.root_node.end_byte == len(LONG_RUST) and not tree.root_node.has_error


def test_a_signal_during_the_collectors_timing_is_raised_by_the_parse(monkeypatch):
    # the time limit's handler may run inside the parse's gc callback, whose
    # exceptions the collector would print and drop
    real, calls, collecting, dropped = time.thread_time, [0], [False], []

    def clock():
        calls[0] += 1
        if collecting[0]:
            collecting[0] = False
            raise _Stop()
        if calls[0] == 3:
            gc.collect()
        return real()

    def mark(phase, _info):
        collecting[0] = phase == "start"

    monkeypatch.setattr(time, "thread_time", clock)
    monkeypatch.setattr(sys, "unraisablehook", dropped.append)
    gc.callbacks.insert(0, mark)
    try:
        with pytest.raises(_Stop):
            languages_module.parse("rust", LONG_RUST)
    finally:
        gc.callbacks.remove(mark)
    assert dropped == []
    monkeypatch.undo()
    tree = languages_module.parse("rust", RUST_FILE)
    assert tree.root_node.end_byte == len(RUST_FILE) and not tree.root_node.has_error


_BY_LANGUAGE: dict[str, list] = {}
for _case in inputs():
    _BY_LANGUAGE.setdefault(language_of(_case), []).append(_case)


@st.composite
def _two_files(draw):
    language = draw(st.sampled_from(sorted(_BY_LANGUAGE)))
    return language, draw(st.sampled_from(_BY_LANGUAGE[language])), draw(st.sampled_from(_BY_LANGUAGE[language]))


@given(files=_two_files(), where=st.sampled_from(["read", "progress"]), at=st.integers(1, 60))
def test_a_parse_stopped_anywhere_leaves_the_next_one_right(files, where, at):
    from tree_sitter import Parser

    language, first, second = files
    long_first = first.read_bytes() * 40  # long enough for many calls of both callbacks
    src = second.read_bytes()
    real = languages_module.get_parser(language)
    saved = languages_module.get_parser
    languages_module.get_parser = lambda _language: _RaiseAt(real, where, at)
    try:
        try:
            languages_module.parse(language, long_first)
        except _Stop:
            pass
    finally:
        languages_module.get_parser = saved
    tree = languages_module.parse(language, src)
    fresh = Parser(languages_module.get_language(language)).parse(src)
    assert tree.root_node.end_byte == len(src)
    assert str(tree.root_node) == str(fresh.root_node)


# --------------------------------------------------------------------------- bounded runs


def _report(path) -> dict:
    import json

    return {r["path"]: r for r in json.loads(path.read_text())["files"]}


def test_text_that_makes_tiktoken_panic_costs_only_its_own_file(tmp_path, capsys, hang_guard):
    from codepith.cli import main

    src = tmp_path / "src"
    src.mkdir()
    (src / "a.py").write_text(" " * 1_000_000 + "\U0001e030")  # tiktoken panicked on its neighbourhood
    (src / "b.py").write_text("def f():\n    return 1\n")
    (src / "c.txt").write_bytes(b" " * 1_000_000 + b"\xff")  # not UTF-8: cannot be cut, cannot be counted
    out, report = tmp_path / "out.md", tmp_path / "report.json"
    code = main(["compress", str(src), "--max-file-bytes", "2000000", "-o", str(out), "--report", str(report)])
    err = capsys.readouterr().err
    assert code == 0 and "Traceback" not in err, err
    assert "## b.py" in out.read_text()
    files = _report(report)
    assert files["a.py"]["action"] == "skipped:minified" and files["a.py"]["tokens_in"] > 7800
    assert files["c.txt"]["action"] == "skipped:uncountable"
    assert files["c.txt"]["reason"].startswith("a text that is not UTF-8 holds a run of 100,000 or more spaces")
    assert "c.txt (uncountable)" in err


@pytest.mark.parametrize(
    "chars",
    [" ", "\n", "q", "7", "0123456789abcdef", "!", "\u4e2d", "\U0001f600"],
    ids=["spaces", "newlines", "letters", "digits", "hex", "punctuation", "cjk", "emoji"],
)
def test_a_50_mb_file_of_one_class_is_refused_by_the_size_gate(tmp_path, capsys, hang_guard, chars):
    from codepith.cli import main

    big = tmp_path / "src" / "big.py"
    big.parent.mkdir()
    block = (chars * ((1 << 20) // len(chars.encode()))).encode()  # about 1 MB, whole characters
    with open(big, "wb") as f:
        for _ in range(50):
            f.write(block)
    (big.parent / "ok.py").write_text("def f():\n    return 1\n")
    out, report = tmp_path / "out.md", tmp_path / "report.json"
    assert main(["compress", str(big.parent), "-o", str(out), "--report", str(report)]) == 0
    assert _report(report)["big.py"]["action"] == "skipped:too-large" and "## ok.py" in out.read_text()
    assert "big.py (too-large)" in capsys.readouterr().err
    assert main(["compress", str(big)]) == 1  # one file named: a one-line refusal
    err = capsys.readouterr().err
    assert err.startswith("codepith: error: ") and "skipped:too-large" in err and err.count("\n") == 1, err
