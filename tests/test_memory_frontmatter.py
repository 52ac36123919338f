"""The front matter reader and the glob matcher that `rules which` relies on."""

import pytest
import yaml  # PyYAML, from the test extra: what a library reader would do

from codepith.memory.frontmatter import (
    read_front_matter,
    render_paths_front_matter,
    split_patterns,
)
from codepith.memory.globs import escape_glob, expand_braces, glob_match


def fm(text: str):
    return read_front_matter(text)


def test_block_list_quoted_and_unquoted():
    got = fm("---\npaths:\n  - \"src/**/*.ts\"\n  - 'lib/**'\n  - tests/**/*.test.ts\n---\n# Body\n")
    assert got.present and not got.warnings
    assert got.fields == {"paths": ["src/**/*.ts", "lib/**", "tests/**/*.test.ts"]}
    assert got.body == "# Body\n"
    assert got.body_line == 7


def test_block_list_at_the_key_indent_and_comments():
    got = fm('---\n# a comment\npaths:\n- a/**  # why\n- "b/**"\n---\n')
    assert got.fields == {"paths": ["a/**", "b/**"]}
    assert not got.warnings


def test_flow_list_and_braces_stay_whole():
    got = fm('---\nglobs: ["src/**/*.{ts,tsx}", lib/*.js]\n---\n')
    assert got.fields["globs"] == ["src/**/*.{ts,tsx}", "lib/*.js"]
    assert split_patterns(got.fields["globs"]) == ["src/**/*.{ts,tsx}", "lib/*.js"]


def test_comma_separated_string_unquoted_as_cursor_writes_it():
    got = fm("---\ndescription: API rules\nglobs: **/*.ts, src/**/*.{js,jsx}\nalwaysApply: false\n---\n")
    assert got.fields["globs"] == "**/*.ts, src/**/*.{js,jsx}"
    assert split_patterns(got.fields["globs"]) == ["**/*.ts", "src/**/*.{js,jsx}"]
    assert got.fields["alwaysApply"] is False
    assert not got.warnings


def test_quoted_apply_to_with_escapes():
    got = fm('---\napplyTo: "**/*.py,docs/\\"q\\".md"\n---\n')
    assert split_patterns(got.fields["applyTo"]) == ["**/*.py", 'docs/"q".md']


def test_empty_values():
    got = fm("---\nglobs:\nalwaysApply: true\npaths: []\n---\n")
    assert got.fields == {"globs": None, "alwaysApply": True, "paths": []}
    assert split_patterns(None) == []


def test_crlf_and_bom():
    got = fm('\ufeff---\r\npaths:\r\n  - "a/**"\r\n---\r\nbody\r\n')
    assert got.present and got.fields == {"paths": ["a/**"]}
    assert got.body == "body\r\n"


def test_no_front_matter():
    got = fm("# Title\n\ntext\n")
    assert not got.present and got.fields == {} and got.body == "# Title\n\ntext\n"


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("---\npaths:\n  nested: value\n---\n", "cannot read 'nested: value'"),
        ("---\npaths: |\n  a/**\n---\n", "block scalars"),
        ("---\npaths: [a, b\n---\n", "cannot read the value"),
        ('---\npaths: "a/**\n---\n', "unterminated"),
        ("---\npaths:\n  - a\n", "never closed"),
        ("---\npaths:\n  -\n---\n", "empty list item"),
        ("---\npaths:\n  - {a: 1}\n---\n", "cannot read the list item"),
    ],
)
def test_what_it_cannot_read_is_a_warning_naming_the_line(text, fragment):
    got = fm(text)
    assert any(fragment in w for w in got.warnings), got.warnings


def test_a_repeated_key_warns():
    got = fm("---\nglobs: a\nglobs: b\n---\n")
    assert got.fields["globs"] == "b"
    assert any("appears again" in w for w in got.warnings)


def test_rendered_front_matter_reads_back():
    text = render_paths_front_matter(["src/app/**", 'odd "name"/**'])
    assert read_front_matter(text).fields == {"paths": ["src/app/**", 'odd "name"/**']}


@pytest.mark.parametrize(
    "pattern, path, expected",
    [
        ("src/**", "src/a.py", True),
        ("src/**", "src/a/b/c.py", True),
        ("src/**", "srcx/a.py", False),
        ("**/*.py", "a.py", True),
        ("**/*.py", "a/b/c.py", True),
        ("*.py", "a.py", True),
        ("*.py", "a/b.py", False),
        ("src/*.ts", "src/a/b.ts", False),
        ("src/**/*.{ts,tsx}", "src/x/y.tsx", True),
        ("src/**/*.{ts,tsx}", "src/x/y.js", False),
        ("a/{b,{c,d}}/x", "a/d/x", True),
        ("file?.md", "file1.md", True),
        ("file?.md", "file/.md", False),
        ("[!a]*.py", "b.py", True),
        ("[!a]*.py", "a.py", False),
        ("[ab].py", "b.py", True),
        ("./docs/", "docs/a/b.md", True),
        ("/docs/*.md", "docs/a.md", True),
        ("a\\*b", "a*b", True),
        ("a\\*b", "axb", False),
        ("**", "anything/at/all", True),
    ],
)
def test_glob_match(pattern, path, expected):
    assert glob_match(pattern, path) is expected


def test_escape_glob_matches_itself_only():
    name = "weird[1]{a,b}*?.py"
    assert glob_match(escape_glob(name), name)
    assert not glob_match(escape_glob(name), "weird1a.py")


def test_brace_expansion_is_bounded():
    assert len(expand_braces("{a,b}" * 12)) == 256


@pytest.mark.parametrize(
    "line, expected",
    [
        ("globs: **/*.ts, src/**", {"globs": "**/*.ts, src/**"}),  # a YAML alias error: the block would be lost
        ("applyTo: on", {"applyTo": "on"}),  # YAML 1.1 makes it True
        ("globs: 1.10", {"globs": "1.10"}),  # YAML makes it the float 1.1
    ],
)
def test_values_a_yaml_safe_loader_would_lose_or_change(line, expected):
    got = fm(f"---\n{line}\n---\n")
    assert got.fields == expected and got.warnings == []
    try:
        loaded = yaml.safe_load(line)
    except yaml.YAMLError:
        loaded = None
    assert loaded != expected  # why the reader stays hand-written (see its module docstring)
