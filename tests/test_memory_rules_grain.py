"""`codepith rules build` at the right grain: a package too large for one rule
becomes rules for its own files and its subpackages, and a file too large for
its share shows its most referenced signatures, not its first lines."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codepith.core.tokens import count_tokens
from codepith.errors import InvalidOption
from codepith.memory.frontmatter import read_front_matter
from codepith.memory.rules import build_rules, which_rules
from memory_trees import make_tree


def module_file(prefix: str, n: int) -> str:
    return "".join(
        f'def {prefix}_{i}(value: int, other: str = "x") -> int:\n    """Do {prefix} {i}."""\n    return value\n\n\n'
        for i in range(n)
    )


def big_tree() -> dict[str, str]:
    files = {"big/__init__.py": '"""A big package."""\n\nVERSION = "1"\n', "small/tool.py": "def tool():\n    pass\n"}
    for sub in ("alpha", "beta", "gamma"):
        files[f"big/{sub}/__init__.py"] = f'"""The {sub} part."""\n'
        for j in range(3):
            files[f"big/{sub}/part{j}.py"] = module_file(f"{sub}{j}", 2)
    return files


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    root = tmp_path_factory.mktemp("big")
    make_tree(root, big_tree())
    return root


def rules(root) -> dict[str, str]:
    folder = root / ".claude" / "rules"
    return {p.name: p.read_text() for p in sorted(folder.iterdir())}


def test_a_large_package_splits_into_subpackage_rules(big):
    built = build_rules(big, max_tokens=400)
    assert [r.path.rsplit("/", 1)[1] for r in built] == [
        "codepith-big-alpha.md",
        "codepith-big-beta.md",
        "codepith-big-gamma.md",
        "codepith-big.md",
        "codepith-small.md",
    ]
    assert all(r.tokens <= 400 for r in built)
    got = rules(big)
    paths = {name: read_front_matter(text).fields["paths"] for name, text in got.items()}
    assert paths == {
        "codepith-big-alpha.md": ["big/alpha/**"],
        "codepith-big-beta.md": ["big/beta/**"],
        "codepith-big-gamma.md": ["big/gamma/**"],
        "codepith-big.md": ["big/*"],
        "codepith-small.md": ["small/**"],
    }
    assert "def alpha2_1(value: int" in got["codepith-big-alpha.md"]  # the subpackage's files, whole
    assert "(outline" not in got["codepith-big-alpha.md"] and "more files" not in got["codepith-big-alpha.md"]
    # a file of a subpackage loads its subpackage's rule, not its parent's
    applied = which_rules(big, ["big/beta/part1.py", "big/__init__.py"]).matches
    assert [m.rule for m in applied["big/beta/part1.py"]] == [".claude/rules/codepith-big-beta.md"]
    assert [m.rule for m in applied["big/__init__.py"]] == [".claude/rules/codepith-big.md"]


def test_a_package_that_fits_stays_one_rule(big, tmp_path):
    make_tree(tmp_path, big_tree())
    built = build_rules(tmp_path, max_tokens=5000, file_tokens=5000)
    assert [r.path.rsplit("/", 1)[1] for r in built] == ["codepith-big.md", "codepith-small.md"]
    assert read_front_matter(rules(tmp_path)["codepith-big.md"]).fields["paths"] == ["big/**"]


def test_an_oversized_file_keeps_its_most_referenced_signatures(tmp_path):
    engine = (
        module_file("unused", 40) + "class Engine:\n    def run(self) -> None:\n        pass\n\n\n"
        "def popular(x: int) -> int:\n    return x\n"
    )
    files = {
        "app/engine.py": engine,
        "app/aaa.py": "def lonely():\n    pass\n",
        "app/_private.py": "def hidden():\n    pass\n",
    }
    for j in range(4):
        files[f"app/user{j}.py"] = f"from app.engine import Engine, popular\n\n\ndef use{j}():\n    return popular(1)\n"
    make_tree(tmp_path, files)
    build_rules(tmp_path, max_tokens=400)
    text = rules(tmp_path)["codepith-app.md"]
    assert count_tokens(text) <= 400
    block = text.split("## app/engine.py")[1].split("\n## ")[0]
    assert "definitions, the most referenced)" in block
    # defined last, referenced by every other file: shown; the first lines of the file are not
    assert "def popular(x: int) -> int:" in block and "class Engine:" in block
    assert block.index("class Engine:") < block.index("def popular(")  # in source order
    assert "def unused_39(" not in block  # the unreferenced ones wait their turn
    for j in range(4):
        assert f"## app/user{j}.py" in text  # the other files keep their share
    # files by importance: the most referenced first, then the others, private ones last
    assert text.index("## app/engine.py") < text.index("## app/aaa.py") < text.index("## app/_private.py")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cap=st.integers(min_value=60, max_value=900))
def test_every_rule_stays_under_its_cap(big, cap):
    try:
        built = build_rules(big, max_tokens=cap, dry_run=True)
    except InvalidOption:  # below one rule's front matter and title: named, nothing written
        return
    assert built and all(r.tokens <= cap for r in built if r.action != "removed")


@pytest.fixture(scope="module")
def oversized(tmp_path_factory):
    root = tmp_path_factory.mktemp("oversized")
    files = {f"lib/mod{j}.py": module_file(f"m{j}", 30) for j in range(5)}
    files["lib/use.py"] = "from lib.mod3 import m3_29, m3_7\n"
    make_tree(root, files)
    return root


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(file_tokens=st.integers(min_value=20, max_value=600), cap=st.integers(min_value=120, max_value=1500))
def test_signature_blocks_hold_both_caps(oversized, file_tokens, cap):
    built = build_rules(oversized, file_tokens=file_tokens, max_tokens=cap)
    text = (oversized / ".claude" / "rules" / "codepith-lib.md").read_text()
    assert count_tokens(text) <= cap and [r.tokens for r in built] == [count_tokens(text)]
    for block in text.split("\n## ")[1:]:
        block = "## " + block.split("\n+")[0]
        assert count_tokens(block.rstrip("\n") + "\n") <= file_tokens
    if "## lib/mod3.py (" in text and "definitions, the most referenced)" in text.split("## lib/mod3.py")[1][:60]:
        mod3 = text.split("## lib/mod3.py")[1].split("\n## ")[0]
        assert "def m3_29(" in mod3 or "def m3_7(" in mod3  # the referenced ones come first
