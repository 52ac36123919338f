"""Grammars and query files: offline, shipped inside the package."""

from importlib import resources

import pytest

import codepith
from codepith import UnsupportedLanguage, detect_language
from codepith.core.languages import (
    captures,
    comment_kinds,
    get_parser,
    get_query,
    grammar_versions,
    query_names,
    query_source,
)
from codepith.core.registry import SPECS

SNIPPETS = {
    "python": b"def f(x: int) -> int:\n    return x\n",
    "typescript": b"function f<T>(x: T): T { return x; }\n",
    "tsx": b'const A = () => <div className="a">hi</div>;\n',
    "javascript": b"const f = (x) => x;\nmodule.exports = { f };\n",
    "go": b"package main\n\nfunc f(x int) int { return x }\n",
    "java": b"class A { <T> T f(T x) { return x; } }\n",
    "csharp": b"namespace N;\nclass C { int F(int x) => x; }\n",
    "rust": b"pub fn f<T>(x: T) -> T { x }\n",
    "ruby": b"class A\n  def f(x, *r, k: 1)\n    x\n  end\nend\n",
    "php": b"<?php\nfunction f(int $x): int { return $x; }\n",
    "c": b"#include <stdio.h>\nint f(int x) { return x; }\n",
    "cpp": b"namespace n { template <typename T> T f(T x) { return x; } }\n",
    "css": b"@media (min-width: 40em) { .a > .b:hover { color: red; } }\n",
    "scss": b"@mixin m($a) { .x-#{$a} { color: $a; } }\n",
    "swift": b"struct S<T> { var v: Int { get { 1 } set {} } }\nfunc f<T>(_ x: T) -> T { x }\n",
    "dart": b"class A<T> { A(this.x) : y = 1; final T x; int get n => 1; }\nT f<T>(T x) => x;\n",
    "scala": b"class A[T](val x: T) {\n  def f(y: Int)(using c: C): Int = y\n}\nenum E:\n  case A, B\n",
    "kotlin": b"class A<T>(val x: T) {\n init { f() }\n val n: Int\n  get() = 1\n}\nfun <T> f(x: T): T = x\n",
    "lua": b"local M = {}\nfunction M.f(x, ...) return x end\nlocal g = function() end\nreturn M\n",
    "bash": b'f() { echo "$1"; }\nfunction g {\n  :\n}\nh() ( ls )\n',
    "solidity": b"pragma solidity ^0.8.0;\ncontract C is B { uint public x; function f(uint a) external returns (uint) { return a; } }\n",
    "vue": b'<template><p>{{ a }}</p></template>\n<script setup lang="ts">\nconst a: number = 1\n</script>\n',
    "svelte": b"<script>\n  export let a = 1;\n</script>\n{#each xs as x}<p>{x}</p>{/each}\n",
}


def test_languages():
    assert codepith.languages() == [
        "python",
        "typescript",
        "tsx",
        "javascript",
        "go",
        "java",
        "csharp",
        "rust",
        "ruby",
        "php",
        "c",
        "cpp",
        "css",
        "scss",
        "swift",
        "dart",
        "kotlin",
        "scala",
        "lua",
        "bash",
        "solidity",
        "vue",
        "svelte",
    ]


@pytest.mark.parametrize(
    "path, language",
    [
        ("a.py", "python"),
        ("a.pyi", "python"),
        ("pkg/A.PY", "python"),
        ("a.ts", "typescript"),
        ("a.mts", "typescript"),
        ("a.cts", "typescript"),
        ("types.d.ts", "typescript"),
        ("a.tsx", "tsx"),
        ("a.js", "javascript"),
        ("a.mjs", "javascript"),
        ("a.cjs", "javascript"),
        ("a.jsx", "javascript"),
        ("x/y/main.go", "go"),
        ("src/a/B.java", "java"),
        ("src/App.CS", "csharp"),
        ("lib/a.rb", "ruby"),
        ("tasks/x.rake", "ruby"),
        ("a.gemspec", "ruby"),
        ("Rakefile", "ruby"),
        ("app/Gemfile", "ruby"),
        ("Gemfile.lock", None),
        ("web/index.php", "php"),
        ("static/site.css", "css"),
        ("src/_mixins.SCSS", "scss"),
        ("views/a.PHTML", "php"),
        ("README.md", None),
        ("Makefile", None),
        ("a.pyc", None),
        (".py", None),
    ],
)
def test_detect_language(path, language):
    assert detect_language(path) == language


@pytest.mark.parametrize("language", list(SNIPPETS))
def test_grammars_parse_offline(language):
    tree = get_parser(language).parse(SNIPPETS[language])
    assert not tree.root_node.has_error


def test_tsx_uses_the_tsx_grammar():
    # JSX is an error under the plain typescript grammar, valid under tsx.
    assert get_parser("tsx").parse(SNIPPETS["tsx"]).root_node.has_error is False
    assert get_parser("typescript").parse(SNIPPETS["tsx"]).root_node.has_error is True


def test_unsupported_language_errors():
    with pytest.raises(UnsupportedLanguage, match="supported: python"):
        get_parser("cobol")


@pytest.mark.parametrize("language", list(SNIPPETS))
def test_queries_ship_inside_the_package(language):
    folder = resources.files("codepith").joinpath("queries", language)
    names = query_names(language)
    assert names, f"no .scm file shipped for {language}"
    for name in names:
        assert folder.joinpath(f"{name}.scm").is_file()
        text = query_source(language, name)
        assert "; Captures:" in text  # every query documents its captures
        query = get_query(language, name)
        # (a component's markup defines nothing: its regions' languages' tags stand for it)
        assert query.pattern_count > 0 or (name == "tags" and SPECS[language].regions is not None)


def test_grammar_versions_are_pinned():
    versions = grammar_versions()
    assert versions["tree-sitter-language-pack"] == "0.13.0"
    assert versions["tree-sitter"].startswith("0.26.")


COMMENTED = {
    "python": b"# a\nx = 1  # b\n",
    "typescript": b"// a\nlet x = 1; /* b */\n",
    "tsx": b"// a\nconst A = () => <div/>; /* b */\n",
    "javascript": b"// a\nvar x = 1; /* b */\n",
    "go": b"// a\npackage p /* b */\n",
    "java": b"// a\nclass A { } /* b */\n",
    "csharp": b"// a\nclass C { } /* b */\n",
    "rust": b"// a\nfn f() {} /* b */\n",
    "ruby": b"# a\nclass A; end\n=begin\nb\n=end\n",
    "php": b"<?php\n// a\nfunction f() {} /* b */\n",
    "c": b"// a\nint x; /* b */\n",
    "cpp": b"// a\nclass A { }; /* b */\n",
    "css": b"/* a */\n.a { color: red; } /* b */\n",
    "scss": b"// a\n.a { color: red; } /* b */\n",
    "swift": b"// a\nstruct A { } /* b */\n",
    "dart": b"// a\nclass A { } /* b */\n",
    "kotlin": b"// a\nclass A { } /* b */\n",
    "scala": b"// a\nclass A { } /* b */\n",
    "lua": b"-- a\nlocal x = 1 --[[ b ]]\n",
    "bash": b"# a\nx=1 # b\n",
    "solidity": b"// a\ncontract A { } /* b */\n",
    "vue": b"<!-- a -->\n<template><p>x</p></template> <!-- b -->\n",
    "svelte": b"<!-- a -->\n<p>x</p> <!-- b -->\n",
}


@pytest.mark.parametrize("language", codepith.languages())
def test_comment_kinds_are_what_the_query_calls_comments(language):
    # derived from the grammar and the registry's comment markers, never
    # written in Python: every comment the compress query captures is of them
    kinds = comment_kinds(language)
    assert kinds
    tree = get_parser(language).parse(COMMENTED[language])
    found = captures(language, "compress", tree.root_node, frozenset({"comment"}))["comment"]
    assert len(found) == 2 and {n.type for n in found} <= kinds


def test_a_guarded_scanner_reads_latin1_letters_in_place_of_what_it_cannot():
    """Bash's scanner tests the characters after ``{`` with isdigit(): past
    U+00FF they are masked at the same byte length, and nothing else is."""
    from codepith.core.languages import guard_scanner

    src = "echo {中 {12..3\U0010d136} {é} x\U0010d136 {1.\U0010d136}\n".encode()
    guarded = guard_scanner("bash", src)
    assert len(guarded) == len(src)
    assert guarded == "echo {ªa {12..3ªª} {é} x\U0010d136 {1.\U0010d136}\n".encode()
    assert guard_scanner("python", src) is src  # no guard: untouched
    assert guard_scanner("bash", b"{1..2}") == b"{1..2}"
    broken = b"{\xf4\x8d\x84"  # a character cut short: the parser reads an error, safely
    assert guard_scanner("bash", broken) == broken


def test_characters_the_bash_scanner_cannot_read_cost_nothing(tmp_path):
    """Once a random crash of the whole process (the grammar's scanner read a
    code point through the C library's narrow isdigit table): now every such
    text compresses, its round trip exact, in a child that must not die."""
    import subprocess
    import sys

    script = """
import itertools
from codepith import compress
pieces = ["{", "{1", "{1..", "{1..2", " {", "\\n{"]
chars = ["\\U0010d136", "\\U0010ffff", "\\U000f1acd", "\\u4e2d", "\\u0100", "\\U0001f600"]
for _ in range(40):
    for piece, char in itertools.product(pieces, chars):
        text = f"f() {{ echo {piece}{char}; }}\\n{piece}{char}\\n"
        result = compress(text, language="bash")
        assert result.expand() == text.encode(), text
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "ok"
