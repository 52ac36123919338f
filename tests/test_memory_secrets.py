"""Project memory never carries a secret: a file holding one stays out of
recall, the index and the rules (a constant's signature is its value), and
says so, naming the file, the kind and the line, never the value."""

import os

import pytest
from memory_trees import PROJECT, make_tree

from codepith.cli import main
from codepith.memory.index import build_index
from codepith.memory.recall import recall
from codepith.memory.recall_store import fts5_available
from codepith.memory.rules import build_rules
from codepith.memory.symbols import load_index

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
