"""The compress() API: arguments, result fields, placeholders, error handling."""

import dataclasses

import pytest

import codepith
from codepith import CodepithError, InvalidOption, UnsupportedLanguage, compress
from codepith.core.checks import check_retention
from codepith.core.elide import BraceStyle, CommentLineStyle, IndentStyle, MarkupStyle, NullCommandStyle, style
from codepith.core.registry import SPECS

PY = b'''import os


def add(a: int,
        b: int = 2) -> int:
    """Add two numbers.

    More words.
    """
    total = a + b
    return total


class Box:
    size: int = 3

    def grow(self, by):
        self.size += by
        return self.size
'''


def test_result_fields():
    r = compress(PY, language="python")
    assert isinstance(r, codepith.Compressed)
    assert r.language == "python" and r.level == "signatures"
    assert r.original_bytes == len(PY) and r.compressed_bytes == len(r.data) < len(PY)
    assert r.text == r.data.decode()
    assert r.parse_errors == 0
    assert r.expand() == PY
    assert [e.kind for e in r.elisions] == ["body", "body"]
    first = r.elisions[0]
    assert (first.start_line, first.end_line) == (10, 11)
    assert PY[first.start_byte : first.end_byte] == b"    total = a + b\n    return total"
    assert r.data[first.out_start : first.out_end] == b"    ..."


def test_signatures_keep_docstring_and_put_ellipsis_after_it():
    text = compress(PY, language="python").text
    assert '    """Add two numbers.\n\n    More words.\n    """\n    ...\n' in text
    assert "def add(a: int,\n        b: int = 2) -> int:" in text
    assert "    size: int = 3" in text
    assert "        ...\n" in text  # grow's body at its own indentation


def test_outline_shortens_docstring():
    text = compress(PY, language="python", level="outline").text
    assert '"""Add two numbers."""\n    ...' in text


def test_line_refs_name_original_lines():
    r = compress(PY, language="python", line_refs=True)
    assert "...  # L10-11" in r.text
    assert "...  # L18-19" in r.text
    js = compress(b"function f(a) {\n  const x = a * 2;\n  return x;\n}\n", language="javascript", line_refs=True)
    assert js.text == "function f(a) { /* \u2026 L1-4 */ }\n"


def test_str_input_expands_to_utf8_bytes():
    src = "def f():\n    return 'héllo wörld, 中文 😀 ' * 3\n"
    r = compress(src, language="python")
    assert r.expand() == src.encode("utf-8")
    assert r.text == "def f():\n    ...\n"


def test_language_wins_over_path():
    r = compress(b"x = 1\n", language="python", path="weird.go")
    assert r.language == "python"
    assert compress(b"package p\n", path="a/b.go").language == "go"
    assert compress(b"const a = <div/>;\n", path="x.tsx").language == "tsx"


def test_language_or_path_required():
    with pytest.raises(CodepithError, match="language"):
        compress(b"x = 1\n")


def test_unsupported_language_and_extension():
    with pytest.raises(UnsupportedLanguage, match="cobol"):
        compress(b"x", language="cobol")
    with pytest.raises(UnsupportedLanguage, match="notes.txt"):
        compress(b"x", path="notes.txt")
    assert issubclass(UnsupportedLanguage, CodepithError)


def test_unknown_level():
    with pytest.raises(CodepithError, match="outline"):
        compress(b"x = 1\n", language="python", level="tiny")


def test_bad_arguments_name_the_parameter():
    with pytest.raises(InvalidOption) as info:
        compress(b"x = 1\n", language="python", level="tiny")
    assert info.value.parameter == "level" and isinstance(info.value, ValueError)
    assert str(info.value).startswith("level=: unknown level 'tiny'")
    with pytest.raises(InvalidOption) as info:
        compress(b"x = 1\n")
    assert info.value.parameter == "language"
    # a language codepith does not know stays UnsupportedLanguage
    with pytest.raises(UnsupportedLanguage):
        compress(b"x", language="cobol")


def test_full_level_is_identity_and_counts_errors():
    src = b"def f(:\n    pass\n"
    r = compress(src, language="python", level="full")
    assert r.data == src and r.elisions == ()
    assert r.parse_errors > 0


def test_never_longer_than_input():
    src = b"def f(): x\nfunction_body = 1\n"
    r = compress(src, language="python")
    assert r.data == src  # `...` is not shorter than `x`: kept
    go = compress(b"package p\n\nfunc f() {}\n", language="go")
    assert go.data == b"package p\n\nfunc f() {}\n"


def test_errors_in_input_are_kept_verbatim_and_not_increased():
    src = b"""export function ok(a: number): number {
  const doubled = a * 2;
  return doubled + 1;
}
export class Broken<in out T> {
  method(): void {
    console.log("this body sits in a class with syntax the grammar does not know");
  }
}
"""
    r = compress(src, language="typescript")
    assert r.parse_errors > 0
    assert r.output_errors <= r.parse_errors and r.valid
    assert "export function ok(a: number): number { /* \u2026 */ }" in r.text
    assert r.expand() == src


def test_crlf_bom_and_invalid_utf8_survive_outside_elisions():
    src = b"\xef\xbb\xbfimport os\r\n\r\nX = '\xff\xfe'\r\n\r\ndef f(a):\r\n    b = a\r\n    return b\r\n"
    r = compress(src, language="python")
    assert r.data == b"\xef\xbb\xbfimport os\r\n\r\nX = '\xff\xfe'\r\n\r\ndef f(a):\r\n    ...\r\n"
    assert r.expand() == src


def test_wrapper_iife_is_descended_into():
    src = b"""(function (root, factory) {
  if (typeof define === 'function' && define.amd) { define(['dep'], factory); }
  else { root.Lib = factory(root.Dep); }
})(this, function (Dep) {
  'use strict';
  var helper = require('./helper');
  function Lib(options) {
    this.options = options || {};
    this.ready = false;
  }
  Lib.prototype.start = function () {
    this.ready = true;
    return this;
  };
  return Lib;
});
"""
    r = compress(src, language="javascript")
    text = r.text
    assert "function Lib(options) { /* \u2026 */ }" in text
    assert "Lib.prototype.start = function () { /* \u2026 */ };" in text
    assert "var helper = require('./helper');" in text
    assert "'use strict';" in text
    assert "(function (root, factory) { /* \u2026 */ })" in text  # the loader itself defines nothing
    assert check_retention(r).ok


def test_function_in_default_parameter_is_part_of_the_signature():
    src = b"function f(cb = (x) => { return x * 2 + 1; }) {\n  return cb(1) + cb(2) + cb(3);\n}\n"
    r = compress(src, language="javascript")
    assert r.text == "function f(cb = (x) => { return x * 2 + 1; }) { /* \u2026 */ }\n"


def test_decorated_overloads_and_same_named_methods_all_kept():
    src = b"""from typing import overload


class A:
    @overload
    def get(self, key: int) -> int: ...
    @overload
    def get(self, key: str) -> str: ...
    def get(self, key):
        return self.data[key] if key in self.data else None


class B:
    def get(self, key):
        return self.other[key] if key in self.other else None
"""
    r = compress(src, language="python")
    assert r.text.count("def get(self, key: int) -> int: ...") == 1
    assert r.text.count("def get(self, key: str) -> str: ...") == 1
    assert r.text.count("    def get(self, key):\n        ...") == 2
    kept = check_retention(r)
    assert kept.ok and kept.definitions == kept.definitions_kept == 6


def test_the_placeholder_style_comes_from_the_registry():
    styles = {
        "indent": IndentStyle,
        "braces": BraceStyle,
        "comment-line": CommentLineStyle,
        "null-command": NullCommandStyle,
        "markup": MarkupStyle,
    }
    for entry in SPECS.values():
        assert isinstance(style(entry), styles[entry.placeholder])
    with pytest.raises(CodepithError, match="block comment"):
        style(dataclasses.replace(SPECS["go"], block_comment=None))


def test_placeholders_are_written_with_the_registrys_comment_markers(monkeypatch):
    src = b"def f(a):\n    b = a * 2\n    return b\n"
    monkeypatch.setitem(SPECS, "python", dataclasses.replace(SPECS["python"], line_comment="##"))
    assert compress(src, language="python", line_refs=True).data == b"def f(a):\n    ...  ## L2-3\n"
    monkeypatch.setitem(SPECS, "go", dataclasses.replace(SPECS["go"], block_comment=("/*:", ":*/")))
    out = compress(b"package p\n\nfunc f() int {\n\tx := 1\n\treturn x + 1\n}\n", language="go").data
    assert out == "package p\n\nfunc f() int { /*: \u2026 :*/ }\n".encode()


def test_expression_bodies_pair_with_their_terminators_as_brackets_do():
    # `{` … `}` accessor bodies (the grammar makes no node of them): an outer body
    # holding an inner one ends at its own `}`, not at the inner body's
    from types import SimpleNamespace as N

    from codepith.core.engine import _terminated

    def tok(a):
        return N(start_byte=a, end_byte=a + 1)

    outer, inner, lone = tok(0), tok(5), tok(30)
    caps = {"body.expression": [inner, outer, lone], "body.terminator": [tok(20), tok(9)]}
    assert _terminated(caps) == {0: 21, 5: 10, 30: -1}
    # C#'s `=> expr` and its `;`: the terminator follows the expression node
    arrow = N(start_byte=3, end_byte=12)
    assert _terminated({"body.expression": [arrow], "body.terminator": [tok(12)]}) == {3: 13}


def test_a_swift_accessor_body_is_elided_through_its_closing_brace():
    src = (
        b"struct S {\n    var v: Int {\n        get {\n            struct L { var w: Int { get { 1 } } }\n"
        b"            return L().w\n        }\n        set { print(newValue) }\n    }\n}\n"
    )
    out = compress(src, language="swift", line_refs=True).text
    assert "get { /* \u2026 L3-6 */ }" in out and "set { /* \u2026 L7 */ }" in out
    assert out.count("{") == out.count("}")


def test_a_body_node_that_runs_over_the_blank_lines_after_it_leaves_them():
    # Scala 3's indented block ends where the next definition's indentation does: the
    # placeholder ends at the body's last token, the blank lines and the next line stay
    src = (
        b"object O:\n  def f(x: Int): Int =\n    val y = x * 2\n    y + 1\n\n\n  def g: Int = 1\n"
        b"\ndef h(x: Int): Int =\n  val z = x * 3\n  z + 2\n\nval k = 1\n"
    )
    out = compress(src, language="scala", line_refs=True).text
    assert "  def f(x: Int): Int = { /* \u2026 L3-4 */ }\n\n\n  def g: Int = 1\n" in out
    assert "def h(x: Int): Int = { /* \u2026 L10-11 */ }\n\nval k = 1\n" in out


def test_a_shell_body_becomes_the_null_command_in_its_own_brackets():
    src = b"f() {\n  echo 'a } b'\n}\ng() (\n  cd /tmp\n  ls -la\n)\nh()\n{\n  cat <<E\n}\nE\n}\n"
    out = compress(src, language="bash", line_refs=True)
    assert out.data == b"f() { : ... L1-3; }\ng() ( : ... L4-7; )\nh()\n{ : ... L9-13; }\n"
    assert out.expand() == src and out.output_errors == 0
