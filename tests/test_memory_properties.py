"""Properties of project memory: the index's ceiling and recall's budget hold
for any tree, query and budget (exact tokens)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codepith.core.tokens import count_tokens
from codepith.errors import CodepithError
from codepith.memory.index import POINTER, IndexLine, fit_index
from codepith.memory.recall import recall
from memory_trees import PROJECT, make_tree

# each example tokenizes whole documents: a fifth of the profile's count (CI raises it)
EXAMPLES = max(20, settings.default.max_examples // 5)

words = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=40)


@st.composite
def module_lines(draw):
    n = draw(st.one_of(st.integers(1, 30), st.integers(1, 5000)))
    depth = draw(st.integers(1, 3))
    lines: list[IndexLine] = []
    for i in range(n):
        lines.append(IndexLine(f"m{i}/", draw(words) if i < 40 else f"module {i}", 1, draw(st.integers(0, 9))))
        parent = len(lines) - 1
        for d in range(1, draw(st.integers(1, depth))):
            lines.append(IndexLine(f"s{d}/", f"level {d}", d + 1, 1, parent))
            parent = len(lines) - 1
    return lines


@settings(max_examples=EXAMPLES)
@given(lines=module_lines(), budget=st.integers(30, 400), crlf=st.booleans())
def test_hyp_index_ceiling_holds_for_any_tree(lines, budget, crlf):
    newline = "\r\n" if crlf else "\n"
    try:
        text = fit_index(lines, max_tokens=budget, newline=newline)
    except CodepithError as exc:
        assert "below this index's minimum" in str(exc)
        return
    assert count_tokens(text) <= budget
    assert text.split(newline)[-3] == POINTER
    assert fit_index(lines, max_tokens=budget, newline=newline) == text  # deterministic


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    root = tmp_path_factory.mktemp("recall")
    files = dict(PROJECT)
    for i in range(30):
        files[f"pkg{i % 4}/mod{i}.py"] = "".join(
            f'def handle_{w}_{i}(value_{w}: int) -> int:\n    """Handle {w} number {i}: ünïcode ✓."""\n    ...\n\n'
            for w in ("order", "cart", "budget", "token", "refund")
        )
    make_tree(root, files)
    return root


query_words = st.lists(
    st.sampled_from(
        [
            "order",
            "cart",
            "ShoppingCart",
            "budget",
            "token",
            "handle_order_3",
            "refund",
            "how",
            "the",
            "fetchCart",
            "src/shop/cart.py",
            "pkg1/mod5.py",
            "✓",
            "ünïcode",
            "zzz",
        ]
    ),
    max_size=8,
)


@settings(max_examples=EXAMPLES)
@given(
    words=query_words,
    extra=words,
    budget=st.integers(23, 900),
    paths=st.lists(st.sampled_from(["src/shop/cart.py", "pkg2", "web/api.ts", "nope.py"]), max_size=2),
)
def test_hyp_recall_never_exceeds_its_budget(tree, words, extra, budget, paths):
    r = recall(tree, " ".join(words) + " " + extra, paths=paths, budget=budget, log=False)
    assert r.tokens == count_tokens(r.text) <= budget
    assert len(set(r.items)) == len(r.items)


@settings(max_examples=EXAMPLES)
@given(words=query_words, paths=st.lists(st.sampled_from(["src/shop/cart.py", "pkg2", "web/api.ts"]), max_size=2))
def test_hyp_the_recall_index_answers_as_a_scan_of_the_tree_does(tree, words, paths):
    query = " ".join(words)
    indexed = recall(tree, query, paths=paths, log=False)
    scanned = recall(tree, query, paths=paths, log=False, cache=False)
    assert indexed.items == scanned.items and indexed.text == scanned.text


@given(low=st.integers(0, 50), span=st.integers(0, 200), cut=st.integers(-10, 260))
def test_hyp_most_that_fit_is_the_largest_k_for_a_monotonic_test(low, span, cut):
    from codepith.memory.fitting import most_that_fit

    high = low + span
    k = most_that_fit(low, high, lambda k: k <= cut)
    assert low <= k <= high
    assert k == (min(high, cut) if cut >= low else low)


@given(low=st.integers(0, 20), span=st.integers(0, 100), fitting=st.sets(st.integers(0, 130)))
def test_hyp_most_that_fit_answers_a_fitting_k_for_any_test(low, span, fitting):
    """Token counts are only nearly monotonic: whatever the test says, the
    answer fits, or is ``low`` (which the caller checks)."""
    from codepith.memory.fitting import most_that_fit

    k = most_that_fit(low, low + span, lambda k: k in fitting)
    assert low <= k <= low + span
    assert k in fitting or k == low
