"""Hypothesis: a folder's output under a token budget, cut into parts.

Every file ends in exactly one part or in the left-out list, in path order;
the files kept fit the budget, and a file left out for the budget did not fit
what was left of it; every part holding more than one file is within
``part_tokens`` (counted exactly on the part's whole text)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from codepith.bulk.outputs import _fit, _parts
from codepith.bulk.results import FileResult
from codepith.core.tokens import count_tokens

pieces = st.sampled_from(
    [
        "",
        " ",
        "x",
        "def f():",
        "    return 1",
        "#",
        "## h",
        "```",
        "````",
        "é",
        "中文",
        "😀",
        "\r\n",
        "\t",
        "\x00",
        "\u2028",
        "{",
        "}",
        '"',
        "\\n",
        "a" * 40,
        "word " * 30,
    ]
)
texts = st.lists(st.lists(pieces, max_size=6).map("".join), max_size=30).map("\n".join)
actions = st.sampled_from(["compressed", "compressed", "kept-whole", "skipped:binary", "ignored:gitignore"])
entries = st.lists(st.tuples(actions, texts), max_size=12)


def results(drawn) -> list[FileResult]:
    out = []
    for i, (action, text) in enumerate(drawn):
        kept = action in ("compressed", "kept-whole")
        out.append(
            FileResult(
                path=f"d/f{i:02d}.py",
                action=action,
                language="python",
                level="signatures",
                text=text if kept else None,
                tokens_in=count_tokens(text),
                reason=None if kept or action == "compressed" else "why",
            )
        )
    return out


@given(entries, st.one_of(st.none(), st.integers(1, 3000)), st.integers(500, 2000))
def test_hyp_every_file_is_in_one_part_or_left_out_and_the_budgets_hold(drawn, budget, part_tokens):
    rs = results(drawn)
    blocks, left_out, actions, _ = _fit(rs, budget, "o200k_base")
    used = sum(tokens for _, _, tokens in blocks)
    for _, text, tokens in blocks:
        assert tokens == count_tokens(text)
    if budget is not None:
        assert used <= budget
        for x in left_out:
            if x["action"] == "omitted:budget":
                assert int(x["reason"].split()[0]) > budget - used
    parts = _parts(blocks, "# codepith: d (signatures)", part_tokens, "o200k_base")
    placed = [path for _, paths in parts for path in paths]
    assert placed == [path for path, _, _ in blocks]
    assert sorted(placed + [x["path"] for x in left_out]) == [r.path for r in rs]
    assert sum(actions.values()) == len(rs)
    for i, (text, paths) in enumerate(parts, 1):
        assert text.startswith(f"# codepith: d (signatures) — part {i} of {len(parts)}\n\n")
        if len(paths) > 1:
            assert count_tokens(text) <= part_tokens
