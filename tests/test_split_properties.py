"""Hypothesis: --split-output's plan puts every file in exactly one part, in
order, and no part over the limit unless it holds one file alone; the parts a
run writes hold that too, counted exactly."""

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codepith import count_tokens
from codepith.cli import main
from codepith.render.split import part_path, plan_parts

sizes = st.lists(st.integers(min_value=0, max_value=500), max_size=40)
limits = st.integers(min_value=1, max_value=800)


def check_plan(plan, n, limit, cost):
    # every block in exactly one part, in order: the parts are contiguous and cover 0..n
    assert [i for part in plan for i in part] == list(range(n))
    assert all(len(part) >= 1 for part in plan)
    for k, part in enumerate(plan):
        if len(part) > 1:
            assert cost(k, part.start, part.stop) <= limit


@given(sizes, limits, st.integers(min_value=0, max_value=100))
def test_hyp_plan_with_sums(sizes, limit, overhead):
    plan = plan_parts(sizes, limit, overhead=overhead)
    check_plan(plan, len(sizes), limit, lambda k, s, e: overhead + sum(sizes[s:e]))


@given(
    sizes,
    limits,
    st.integers(min_value=0, max_value=100),
    st.integers(min_value=0, max_value=100),
    st.lists(st.integers(min_value=-3, max_value=30), min_size=41, max_size=41),
)
def test_hyp_plan_with_an_exact_count_that_differs_from_the_sums(sizes, limit, first, other, extra):
    # the exact count of a part may be more (or less) than the sum of its blocks
    def exact(k, s, e):
        return (first if k == 0 else other) + sum(sizes[s:e]) + sum(extra[s:e])

    plan = plan_parts(sizes, limit, overhead=lambda k: first if k == 0 else other, exact=exact)
    check_plan(plan, len(sizes), limit, exact)


def test_a_plan_fills_parts_greedily():
    assert plan_parts([3, 3, 3, 3], 6) == [range(0, 2), range(2, 4)]
    assert plan_parts([10, 1, 1], 5) == [range(0, 1), range(1, 3)]  # the large one alone
    assert plan_parts([], 5) == []
    with pytest.raises(ValueError):
        plan_parts([1], 0)


def test_part_names():
    assert part_path("pith.md", 2) == "pith.2.md"
    assert part_path("out/pith.tar.xml", 1) == "out/pith.tar.1.xml"
    assert part_path("pith", 3) == "pith.3"
    assert part_path("d/.pith", 1) == "d/.pith.1"


body = st.lists(st.sampled_from(["x = 1", "y = 'é中'", "z = ']]>'", "# ```", "w = 2" * 20]), max_size=30)


# a whole run per example: a few dozen examples, however many the profile asks for
@settings(max_examples=min(settings.default.max_examples, 40))
@given(
    st.lists(body, min_size=1, max_size=8),
    st.integers(min_value=40, max_value=600),
    st.sampled_from(["markdown", "xml", "json", "jsonl", "plain"]),
)
def test_hyp_written_parts_hold_every_file_once_in_order_under_the_limit(tmp_path_factory, files, limit, fmt):
    root = tmp_path_factory.mktemp("proj")
    names = [f"m{i:02d}.py" for i in range(len(files))]
    for name, lines in zip(names, files, strict=False):
        (root / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path_factory.mktemp("out") / "pith.txt"
    assert (
        main(
            [
                "compress",
                str(root),
                "--level",
                "full",
                "--no-cache",
                "-j",
                "1",
                "-q",
                "--format",
                fmt,
                "--split-output",
                str(limit),
                "-o",
                str(out),
            ]
        )
        == 0
    )
    seen = []
    k = 1
    while (part := out.parent / f"pith.{k}.txt").exists():
        text = part.read_text(encoding="utf-8")
        held = _paths(text, fmt)
        assert count_tokens(text) <= limit or len(held) <= 1
        seen += held
        k += 1
    assert seen == names
    assert not (out.parent / "pith.txt").exists()


def _paths(text, fmt):
    if fmt == "markdown":
        return re.findall(r"^## (m\d\d\.py)", text, re.M)
    if fmt == "xml":
        return re.findall(r'<file path="(m\d\d\.py)"', text)
    if fmt == "json":
        return [f["path"] for f in json.loads(text)["files"]]
    if fmt == "jsonl":
        return [json.loads(line)["path"] for line in text.splitlines()]
    return re.findall(r"^File: (m\d\d\.py)$", text, re.M)
