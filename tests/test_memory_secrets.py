"""Project memory never carries a secret: a file holding one stays out of
recall, the index and the rules (a constant's signature is its value), and
says so, naming the file, the kind and the line, never the value."""

import os

import pytest

from codepith.cli import main
from codepith.memory.index import build_index
from codepith.memory.recall import recall
from codepith.memory.recall_store import fts5_available
from codepith.memory.rules import build_rules
from codepith.memory.symbols import load_index
from memory_trees import PROJECT, make_tree

# built from pieces, so that no scanner flags this test file itself
STRIPE = "sk_" + "live_" + "4eC39HqLyjWDarjtT1zdp7dc"
BILLING = f'"""Billing through the card provider."""\n\nSTRIPE_BILLING_KEY = "{STRIPE}"\n\n\ndef charge_card(amount: int) -> None:\n    pass\n'
CLEAN = '"""Billing through the card provider."""\n\nSTRIPE_BILLING_KEY = os.environ["KEY"]\n\n\ndef charge_card(amount: int) -> None:\n    pass\n'
ALLOWED = BILLING.replace(f'"{STRIPE}"', f'"{STRIPE}"  # pragma: allowlist secret')


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "repo"
    make_tree(root, {**PROJECT, "src/shop/billing.py": BILLING})
    return root


def _bump(path):
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))


def _secret_warnings(warnings):
    return [w for w in warnings if "holds a secret" in w]


@pytest.mark.parametrize("cache", [True, False], ids=["index", "scan"])
def test_recall_leaves_a_file_with_a_secret_out_and_says_why(project, cache):
    result = recall(project, "stripe billing key charge card", log=False, cache=cache)
    assert STRIPE not in result.text
    assert not any(i.startswith("symbol:src/shop/billing.py:") for i in result.items)
    [warning] = _secret_warnings(result.warnings)
    assert warning.startswith("src/shop/billing.py: holds a secret") and "line 3" in warning
    assert "pragma: allowlist secret" in warning and STRIPE not in warning


@pytest.mark.skipif(not fts5_available(), reason="this Python's sqlite3 has no FTS5")
def test_once_the_secret_is_gone_the_file_is_indexed_again(project):
    billing = project / "src/shop/billing.py"
    assert _secret_warnings(recall(project, "charge card", log=False).warnings)
    billing.write_text(CLEAN)
    _bump(billing)
    result = recall(project, "charge card", log=False)
    assert "symbol:src/shop/billing.py:charge_card" in result.items
    assert not _secret_warnings(result.warnings)


def test_an_allowlisted_line_is_indexed(project):
    (project / "src/shop/billing.py").write_text(ALLOWED)
    result = recall(project, "stripe billing key charge card", log=False)
    assert "symbol:src/shop/billing.py:STRIPE_BILLING_KEY" in result.items
    assert not _secret_warnings(result.warnings)


def test_the_index_and_the_rules_leave_it_out(project):
    index = load_index(project)
    assert "src/shop/billing.py" not in index.files
    assert _secret_warnings(index.warnings)
    assert STRIPE not in build_index(project, max_tokens=400)
    build_rules(project)
    rules = project / ".claude" / "rules"
    written = "".join(p.read_text() for p in rules.iterdir())
    assert written and STRIPE not in written and "billing.py" not in written


def test_the_hook_injects_no_secret_and_warns_on_stderr(project, capsys, monkeypatch):
    import io
    import json

    stdin = json.dumps({"prompt": "stripe billing key", "cwd": str(project)})
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    assert main(["hook", "user-prompt-submit"]) == 0
    out, err = capsys.readouterr()
    assert STRIPE not in out and STRIPE not in err
    assert "src/shop/billing.py: holds a secret" in err


# --------------------------------------------------------------------------- lessons, rule sections, quotes

AWS_ID = "AK" + "IA" + "Q2ZR7N4XBV5TLMHW"
GITHUB = "gh" + "p_" + "k3Jq9XzV2mWfT7bLr8NcYp4HdS6gAe1uQo5i"


def _run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_memory_add_refuses_a_secret_naming_its_kind_and_line(project, capsys):
    for args in (
        ["memory", "add", f"The deploy user is {AWS_ID}, see the vault"],
        ["memory", "add", f"Deploy keys\nthe CI one is {GITHUB}"],
        ["memory", "add", "Deploys go through CI", "--paths", f"ci/{GITHUB}/**"],
    ):
        code, out, err = _run(capsys, *args, "--root", str(project))
        assert code == 1 and out == ""
        assert "holds a secret" in err and AWS_ID not in err and GITHUB not in err
    code, _, err = _run(capsys, "memory", "add", f"Deploy keys\nthe CI one is {GITHUB}", "--root", str(project))
    assert "GitHub Token on line 2" in err
    assert not (project / "LESSONS.md").exists()


def test_the_lesson_api_refuses_a_secret_too(project):
    from codepith.memory import add_lesson, supersede_lesson
    from codepith.memory.lessons import LessonError

    with pytest.raises(LessonError, match="AWS Access Key on line 1") as caught:
        add_lesson(project, f"the key is {AWS_ID}")
    assert AWS_ID not in str(caught.value)
    lesson = add_lesson(project, "Deploys go through CI", ["src/**"])
    with pytest.raises(LessonError, match="holds a secret"):
        supersede_lesson(project, lesson.id, f"Deploys use {GITHUB}")
    assert AWS_ID not in (project / "LESSONS.md").read_text() and GITHUB not in (project / "LESSONS.md").read_text()


def _hand_written_lesson(project, text):
    from codepith.memory import add_lesson

    add_lesson(project, "Charging a card goes through charge_card", ["src/shop/**"])
    lessons = project / "LESSONS.md"
    lessons.write_text(
        lessons.read_text() + f"\n## L0badc0de\n- paths: `src/shop/**`\n- added: 2026-01-01T00:00:00Z\n\n{text}\n"
    )


def test_a_hand_written_lesson_with_a_secret_is_never_recalled_nor_printed(project, capsys):
    _hand_written_lesson(project, f"Charging a card in tests uses the key {AWS_ID}.")
    result = recall(project, "charge card", paths=["src/shop/cart.py"], log=False)
    assert "charge_card" in result.text and AWS_ID not in result.text
    assert "lesson:L0badc0de" not in result.items
    [warning] = [w for w in result.warnings if "L0badc0de" in w]
    assert (
        "LESSONS.md:13: lesson L0badc0de holds a secret (AWS Access Key on line 17)" in warning
        and AWS_ID not in warning
    )
    for args in (
        ["memory", "list"],
        ["memory", "list", "--json"],
        ["memory", "consolidate"],
        ["memory", "prune", "--sessions", "1"],
        ["recall", "charge card", "--paths", "src/shop/cart.py"],
    ):
        _, out, err = _run(capsys, *args, "--root", str(project))
        assert AWS_ID not in out + err, args
    _, out, _ = _run(capsys, "memory", "list", "--root", str(project))
    assert "text held back: it holds a secret, AWS Access Key on line 17" in out


def test_a_rule_section_with_a_secret_is_left_out_and_named(project):
    rules = project / ".claude" / "rules"
    rules.mkdir(parents=True)
    (rules / "payments.md").write_text(
        "# Payments\n\n## Charging cards\nUse charge_card for every card payment.\n\n"
        f"## Test credentials\nThe charge card sandbox key is {AWS_ID}.\n"
    )
    for cache in (True, False):
        result = recall(project, "charge card payments sandbox credentials", log=False, cache=cache)
        assert AWS_ID not in result.text
        assert "rule:.claude/rules/payments.md#Charging cards" in result.items
        assert not any(i.endswith("#Test credentials") for i in result.items)
        [warning] = [w for w in result.warnings if "payments.md" in w]
        assert "holds a secret (AWS Access Key on line 7)" in warning and AWS_ID not in warning


def test_the_index_drops_a_readme_sentence_with_a_secret_even_with_its_underscores_stripped(project, capsys):
    (project / "web" / "README.md").write_text(f"# web\n\nThe storefront, deployed with the token {GITHUB}.\n")
    (project / "src" / "shop" / "__init__.py").write_text(f'"""Shop: carts, orders, payments ({AWS_ID})."""\n')
    stripped = GITHUB.replace("_", "")
    warnings = []
    block = build_index(project, max_tokens=400, warnings=warnings)
    assert stripped not in block and GITHUB not in block and AWS_ID not in block
    assert any(
        w.startswith("web/README.md: the text the index quotes holds a secret (GitHub Token on line 3)")
        for w in warnings
    )
    code, out, err = _run(capsys, "index", str(project), "--max-tokens", "400")
    assert code == 0 and stripped not in out and GITHUB not in out + err and AWS_ID not in out + err
    assert "web/README.md: the text the index quotes holds a secret" in err
    assert "src/shop/__init__.py: holds a secret (AWS Access Key on line 1)" in err


def test_the_hook_injects_no_secret_lesson_and_names_it_on_stderr(project, capsys, monkeypatch):
    import io
    import json

    _hand_written_lesson(project, f"Charging a card in tests uses the key {AWS_ID}.")
    stdin = json.dumps({"prompt": "how do I charge a card in src/shop/cart.py", "cwd": str(project)})
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    assert main(["hook", "user-prompt-submit"]) == 0
    out, err = capsys.readouterr()
    assert "Charging a card goes through charge_card" in out
    assert AWS_ID not in out + err
    assert "lesson L0badc0de holds a secret (AWS Access Key on line 17)" in err
