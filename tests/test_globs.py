"""Rule-file globs on wcmatch: braces (nested, empty, escaped, ranges,
bounded), escapes, dot files, and every pattern matching only what it says."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codepith.memory.globs import escape_glob, expand_braces, glob_match


@pytest.mark.parametrize(
    "pattern, expected",
    [
        ("a{,b}c", ["ac", "abc"]),
        ("{src,lib}/**/*.py", ["src/**/*.py", "lib/**/*.py"]),
        ("a/{b,{c,d}}/x", ["a/b/x", "a/c/x", "a/d/x"]),
        ("{a,b}{a,b}", ["aa", "ab", "ba", "bb"]),
        ("{a,a,b}", ["a", "b"]),  # no repeats
        ("f{1..3}.py", ["f1.py", "f2.py", "f3.py"]),  # a numeric range
        ("{a}", ["{a}"]),  # one item: literal
        ("a{b", ["a{b"]),  # unclosed: literal
        ("a\\{b,c\\}", ["a\\{b,c\\}"]),  # escaped: literal
    ],
)
def test_brace_expansion(pattern, expected):
    assert expand_braces(pattern) == expected


@pytest.mark.parametrize(
    "pattern, path, expected",
    [
        ("{src,lib}/**/*.py", "lib/x/y.py", True),
        ("{src,lib}/**/*.py", "test/x/y.py", False),
        ("src/*.{js,ts}x", "src/a.tsx", True),
        ("src/*.{js,ts}x", "src/a.jsx", True),
        ("src/*.{js,ts}x", "src/a.x", False),
        ("a{,b}c", "ac", True),
        ("a\\{b,c\\}", "a{b,c}", True),
        ("a\\{b,c\\}", "ab", False),
        ("{docs/,}README.md", "docs/README.md", True),
        ("{docs/,}README.md", "README.md", True),
        ("f{1..3}.py", "f2.py", True),
        ("f{1..3}.py", "f4.py", False),
        ("*", ".env", True),  # a leading dot is matched
        ("**/*.py", ".venv/lib/x.py", True),
        ("*.PY", "a.py", False),  # case-sensitive on every OS
        ("a/**", "a", False),
        ("x/**/y", "x/y", True),
        ("!x", "!x", True),  # no negation: a literal
        ("@(a)", "@(a)", True),  # no extended globs
    ],
)
def test_glob_match_with_braces(pattern, path, expected):
    assert glob_match(pattern, path) is expected


def test_expansions_past_the_bound_keep_the_first_ones():
    got = expand_braces("{a,b}" * 12)
    assert len(got) == 256
    assert got[:2] == ["a" * 12, "a" * 11 + "b"]
    assert glob_match("{a,b}" * 12, "a" * 12)


_NAME = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="/\x00"), min_size=1, max_size=20)


# the paths escaped come from the walk, relative and normalised: no "." or ".." part
_PART = _NAME.filter(lambda name: name not in (".", ".."))


@given(st.lists(_PART, min_size=1, max_size=3), _NAME)
def test_an_escaped_path_matches_itself_and_nothing_else(parts, other):
    path = "/".join(parts)
    pattern = escape_glob(path)
    assert glob_match(pattern, path)
    if other != path:
        assert not glob_match(pattern, other)
