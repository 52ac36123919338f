"""A query compiled for a few captures holds only the patterns that capture
them, found by :func:`~codepith.core.languages.query_patterns`: the patterns
tree-sitter finds, on every shipped query, and captures equal to those of the
whole query with the other patterns turned off."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codepith.core.engine import _SIGNATURE_CAPTURES
from codepith.core.languages import (
    get_language,
    get_query,
    languages,
    parse,
    query_names,
    query_patterns,
    query_source,
)

CASES = Path(__file__).parent / "cases"
QUERIES = [(language, name) for language in languages() for name in query_names(language)]
_NAME = re.compile(r"@([A-Za-z][\w.]*)")


@pytest.mark.parametrize("language, name", QUERIES, ids=[f"{lang}/{name}" for lang, name in QUERIES])
def test_the_splitter_finds_the_patterns_tree_sitter_finds(language, name):
    from tree_sitter import Query

    source = query_source(language, name)
    whole = Query(get_language(language), source)
    spans = query_patterns(source)
    assert len(spans) == whole.pattern_count
    raw = source.encode("utf-8")
    for i, (start, end) in enumerate(spans):
        theirs = raw[whole.start_byte_for_pattern(i) : whole.end_byte_for_pattern(i)].decode("utf-8")
        assert theirs.lstrip().startswith(source[start:end].strip()), (i, source[start:end])
        Query(get_language(language), source[start:end])  # each pattern compiles on its own


def _old_way(language: str, name: str, only: frozenset[str]):
    """The whole query, with the patterns that capture none of ``only`` turned off (the
    predicates tree-sitter's own, as ``get_query(..., native=True)`` makes them)."""
    from tree_sitter import Query

    source = query_source(language, name).replace("#codepith-eq?", "#eq?").replace("#codepith-match?", "#match?")
    query = Query(get_language(language), source)
    raw = source.encode("utf-8")
    off = 0
    for i in range(query.pattern_count):
        text = raw[query.start_byte_for_pattern(i) : query.end_byte_for_pattern(i)].decode("utf-8")
        if not set(_NAME.findall(re.sub(r";[^\n]*", "", text))) & only:
            query.disable_pattern(i)
            off += 1
    # (a query with every pattern turned off crashes tree-sitter's cursor: it captures nothing)
    return None if off == query.pattern_count else query


def _inputs(language: str) -> list[bytes]:
    folder = CASES / language
    return [p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and p.name.count(".") == 1][:12]


@pytest.mark.parametrize("language", [lang for lang in languages() if (CASES / lang).is_dir()])
def test_a_subset_query_captures_what_the_whole_query_captures_there(language):
    from tree_sitter import QueryCursor

    for only in (_SIGNATURE_CAPTURES, frozenset({"import"}), frozenset({"name", "definition.function"})):
        for name in ("compress", "tags"):
            if name not in query_names(language):
                continue
            subset, old = get_query(language, name, only, True), _old_way(language, name, only)
            for data in _inputs(language):
                tree = parse(language, data)  # (kept: its nodes live as long as it does)
                root = tree.root_node
                mine = {
                    k: [(n.start_byte, n.end_byte) for n in v] for k, v in QueryCursor(subset).captures(root).items()
                }
                theirs = (
                    {k: [(n.start_byte, n.end_byte) for n in v] for k, v in QueryCursor(old).captures(root).items()}
                    if old is not None
                    else {}
                )
                assert {k: v for k, v in mine.items() if k in only} == {k: v for k, v in theirs.items() if k in only}


@given(
    st.lists(
        st.sampled_from(["(a) @x", '"lit" @y', "[(b) (c)]* @z", "_", '; c ( " [\n', '((d) @w (#eq? @w "a)b"))']),
        max_size=8,
    )
)
def test_hyp_comments_and_strings_never_split_or_join_patterns(parts):
    source = "\n".join(parts)
    spans = query_patterns(source)
    expected = [p for p in parts if not p.startswith(";")]
    assert [source[a:b] for a, b in spans] == expected
