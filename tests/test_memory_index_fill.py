"""`codepith index` uses its ceiling: a lone package is described a level (or
more) down, by docstrings and the most referenced public names, filling 80–100%
of the ceiling when the tree has more to say, never over, same bytes each time."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codepith.core.tokens import count_tokens
from codepith.memory.index import build_index, fit_index, index_lines
from codepith.memory.references import reference_counts
from codepith.memory.symbols import load_index
from memory_trees import make_tree

TOPICS = [
    "billing",
    "catalog",
    "checkout",
    "delivery",
    "inventory",
    "ledger",
    "mailer",
    "pricing",
    "refunds",
    "reports",
    "search",
    "users",
]


def lone_package() -> dict[str, str]:
    """One top-level package holding twelve subpackages, each with a docstring
    and two files; ``core`` defines the name every other file imports."""
    files = {
        "README.md": "# shop\n\nA shop.\n",
        "shop/__init__.py": '"""The shop."""\n',
        "shop/core.py": "class Engine:\n    pass\n\n\ndef rarely_used():\n    pass\n",
    }
    for topic in TOPICS:
        files[f"shop/{topic}/__init__.py"] = f'"""Everything about {topic}, from start to end."""\n'
        files[f"shop/{topic}/models.py"] = (
            "from shop.core import Engine\n\n\n"
            f"class {topic.title()}Record:\n    pass\n\n\ndef load_{topic}(key: str) -> None:\n    pass\n"
        )
        files[f"shop/{topic}/views.py"] = (
            f"from shop.{topic}.models import {topic.title()}Record\n\n\n"
            f"def show_{topic}(request) -> str:\n    return ''\n"
        )
    return files


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    root = tmp_path_factory.mktemp("shop")
    make_tree(root, lone_package())
    return root


def test_a_lone_package_is_described_one_level_down(shop):
    text = build_index(shop, max_tokens=250)
    assert "- shop/ \u2014 The shop. Main: Engine" in text  # the most referenced name first
    for topic in TOPICS:  # every subpackage is named, under its parent
        assert f"\n  - {topic}/" in text
    assert "  - billing/ \u2014 Everything about billing" in text  # its docstring, whole or cut at a word
    assert count_tokens(text) >= 200


def test_most_referenced_names_come_first(shop):
    index = load_index(shop)
    refs = reference_counts(index)
    assert refs["Engine"] == len(TOPICS)  # imported by every models.py, not counted where defined
    assert refs["BillingRecord"] == 1 and refs["rarely_used"] == 0
    line = next(line for line in index_lines(index) if line.label == "billing/")
    assert line.description.startswith("Everything about billing, from start to end. Main: BillingRecord")


def test_same_tree_same_bytes(shop, tmp_path):
    first = build_index(shop, max_tokens=250)
    assert build_index(shop, max_tokens=250, cache=False) == first
    make_tree(tmp_path, dict(reversed(list(lone_package().items()))))  # written in another order
    assert build_index(tmp_path, max_tokens=250) == first


@pytest.fixture(scope="module")
def shop_lines(shop):
    return index_lines(load_index(shop))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(budget=st.integers(min_value=50, max_value=1200))
def test_the_ceiling_is_used_and_never_exceeded(shop_lines, budget):
    whole = fit_index(shop_lines, max_tokens=100_000)
    text = fit_index(shop_lines, max_tokens=budget)
    used = count_tokens(text)
    assert used <= budget
    if count_tokens(whole) > budget:  # more to say than fits: at least 80% of the ceiling used
        assert used >= 0.8 * budget
    else:
        assert text == whole


def test_references_count_imports_and_qualified_uses_not_any_word(tmp_path):
    make_tree(
        tmp_path,
        {
            "lib/a.py": "class Widget:\n    pass\n\n\ndef helper():\n    pass\n",
            "lib/b.py": "from lib.a import Widget\n\n# a helper comment\nx = Widget()\n",
            "lib/c.py": "from lib import a\n\nw = a.Widget()\nhelper = 1\n",
            "pkg/size/size.go": "package size\n\n// Bytes counts.\nfunc Bytes() int { return 0 }\n\nfunc Parse() {}\n",
            "pkg/use/use.go": 'package use\n\nimport "example.com/pkg/size"\n\nfunc Use() int {\n'
            "\tvar v struct{ Parse int }\n\t_ = v.Parse\n\treturn size.Bytes()\n}\n",
        },
    )
    refs = reference_counts(load_index(tmp_path))
    assert refs["Widget"] == 2  # imported by name in b.py, used through its module in c.py
    assert refs["helper"] == 0  # a word in a comment and a variable are no references
    assert refs["Bytes"] == 1 and refs["Parse"] == 0  # Go: qualified by an imported package only
