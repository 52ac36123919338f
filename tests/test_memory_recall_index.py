"""The persistent recall index (.codepith/recall.sqlite): built once, refreshed
by folder and file times, sizes and content hashes; and recall's ranking."""

import importlib
import os
import sqlite3

import pytest

from codepith.cli import main
from codepith.memory.recall import recall
from codepith.memory.recall_store import DB_FILE, fts5_available, open_store
from codepith.memory.terms import compounds, stem
from memory_trees import PROJECT, make_tree

recall_module = importlib.import_module("codepith.memory.recall")
needs_fts5 = pytest.mark.skipif(not fts5_available(), reason="this Python's sqlite3 has no FTS5")


@pytest.fixture
def project(tmp_path):
    make_tree(tmp_path, {**PROJECT, ".gitignore": "ignored/\n", "ignored/hidden.py": "def secret_route():\n    pass\n"})
    return tmp_path


def _ids(root, query, **kw):
    return recall(root, query, log=False, **kw).items


def _parsed(root):
    store = open_store(str(root))
    try:
        return store.parsed
    finally:
        store.close()


def _bump(path):
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))


@needs_fts5
def test_the_index_is_built_once_and_reused(project):
    assert "symbol:src/shop/cart.py:ShoppingCart" in _ids(project, "shopping cart")
    assert (project / ".codepith" / DB_FILE).is_file()
    assert _parsed(project) == 0  # nothing changed: nothing read or parsed again


@needs_fts5
def test_an_upgraded_parsing_stack_rebuilds_the_index(project, monkeypatch, tmp_path_factory):
    """A reinstalled or upgraded grammar package (its files rewritten) makes
    the next query parse the tree again, with the new grammars."""
    import importlib.machinery
    import importlib.util

    package = tmp_path_factory.mktemp("site") / "__init__.py"
    package.write_text("")
    real_find = importlib.util.find_spec

    def find(name, *args):
        if name == "tree_sitter_language_pack":
            return importlib.machinery.ModuleSpec(name, None, origin=str(package))
        return real_find(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", find)
    _ids(project, "shopping cart")
    assert _parsed(project) == 0
    _bump(package)
    assert _parsed(project) > 0  # rebuilt: every file parsed again
    assert _parsed(project) == 0


@needs_fts5
def test_a_changed_file_is_parsed_again(project):
    _ids(project, "shopping cart")
    cart = project / "src/shop/cart.py"
    cart.write_text(cart.read_text().replace("def total_price", "def grand_total_price"))
    _bump(cart)
    items = _ids(project, "grand total price")
    assert "symbol:src/shop/cart.py:ShoppingCart.grand_total_price" in items
    assert "symbol:src/shop/cart.py:ShoppingCart.total_price" not in _ids(project, "total price")


@needs_fts5
def test_a_touched_file_with_the_same_content_is_not_parsed(project):
    _ids(project, "shopping cart")
    _bump(project / "src/shop/cart.py")
    assert _parsed(project) == 0


@needs_fts5
def test_files_added_and_removed_are_seen(project):
    _ids(project, "shopping cart")
    (project / "src/shop/payments/stripe.py").unlink()
    make_tree(project, {"src/shop/new/shipping.py": "def ship_parcel(address: str) -> None:\n    pass\n"})
    assert "symbol:src/shop/new/shipping.py:ship_parcel" in _ids(project, "ship a parcel")
    assert not [i for i in _ids(project, "charge card refund") if "stripe.py" in i]


@needs_fts5
def test_a_gitignore_change_is_honoured(project):
    assert not [i for i in _ids(project, "secret route") if "ignored/" in i]
    (project / ".gitignore").write_text("# nothing ignored\n")
    assert "symbol:ignored/hidden.py:secret_route" in _ids(project, "secret route")


@needs_fts5
def test_the_first_build_reports_progress(project):
    seen = []
    recall(project, "shopping cart", log=False, progress=lambda n, done: seen.append((n, done)))
    con = sqlite3.connect(project / ".codepith" / DB_FILE)
    assert seen and seen[-1] == (con.execute("SELECT count(*) FROM files").fetchone()[0], True)
    assert seen[-1][0] >= 5
    con.close()
    seen.clear()
    recall(project, "shopping cart", log=False, progress=lambda n, done: seen.append((n, done)))
    assert seen == []  # nothing parsed, nothing reported


@needs_fts5
def test_an_unreadable_index_is_rebuilt(project):
    (project / ".codepith").mkdir()
    (project / ".codepith" / DB_FILE).write_bytes(b"not a database at all" * 100)
    assert "symbol:src/shop/cart.py:ShoppingCart" in _ids(project, "shopping cart")
    con = sqlite3.connect(project / ".codepith" / DB_FILE)
    assert con.execute("SELECT count(*) FROM symbols").fetchone()[0] > 0
    con.close()


def test_without_fts5_recall_scans_and_says_so(project, monkeypatch):
    monkeypatch.setattr(recall_module, "fts5_available", lambda: False)
    result = recall(project, "shopping cart", log=False)
    assert "symbol:src/shop/cart.py:ShoppingCart" in result.items
    assert recall_module.NO_FTS5 in result.warnings
    assert not (project / ".codepith" / DB_FILE).exists()


@needs_fts5
def test_the_index_and_the_scan_pick_the_same(project):
    for query in ("shopping cart", "refund a charge", "add an item"):
        assert _ids(project, query) == _ids(project, query, cache=False)


# --------------------------------------------------------------------------- ranking


def test_joined_word_pairs():
    assert "squashmigration" in compounds("how are migrations squashed")
    assert stem("timesince") in compounds("human readable time since a date")
    assert stem("attachments") == stem("attach")


def test_alike_definitions_are_collapsed_with_a_count(tmp_path):
    stub = "from base import Base\n\n\nclass Migration(Base):\n    pass\n"
    make_tree(tmp_path, {f"app{n}/migrations/000{n}_initial.py": stub for n in range(1, 8)})
    make_tree(
        tmp_path,
        {
            "app1/commands/squashmigrations.py": '"""Squash a set of migrations into one."""\n\n\n'
            "class Command:\n    def handle(self):\n        pass\n"
        },
    )
    result = recall(tmp_path, "how are migrations squashed", log=False)
    assert result.items[0].startswith("symbol:app1/commands/squashmigrations.py:Command")
    migrations = [i for i in result.items if i.endswith(":Migration")]
    assert len(migrations) == 1
    assert "+6 alike in other files" in result.text


def test_a_generic_name_does_not_beat_the_described_one(tmp_path):
    make_tree(
        tmp_path,
        {
            **{f"m{n}.py": f"class Thing{n}:\n    path = '/'\n    url = '/'\n" for n in range(30)},
            "urls/resolvers.py": "class URLResolver:\n    def resolve(self, path):\n"
            '        """Match a path against the url patterns."""\n',
        },
    )
    assert _ids(tmp_path, "how does the url resolver match a path")[0].startswith("symbol:urls/resolvers.py:")


def test_results_spread_across_files(tmp_path):
    make_tree(
        tmp_path,
        {
            "big.py": "".join(f"def cache_flush_{n}():\n    pass\n" for n in range(40)),
            "other.py": "def flush_the_cache():\n    pass\n",
        },
    )
    items = _ids(tmp_path, "cache flush", budget=300)
    assert "symbol:other.py:flush_the_cache" in items


def test_recall_prints_progress_only_on_a_terminal(project, capsys):
    assert main(["recall", "shopping cart", "--root", str(project), "--no-log"]) == 0
    assert "indexed" not in capsys.readouterr().err


@needs_fts5
def test_an_index_that_cannot_be_used_falls_back_to_a_scan(project, monkeypatch):
    def broken(*_a, **_k):
        raise sqlite3.DatabaseError("disk I/O error")

    monkeypatch.setattr(recall_module, "open_store", broken)
    result = recall(project, "shopping cart", log=False)
    assert "symbol:src/shop/cart.py:ShoppingCart" in result.items
    (warning,) = [w for w in result.warnings if "recall index cannot be used" in w]
    assert "disk I/O error" in warning and "can be written and the disk has room" in warning
    assert "remove the file" not in warning  # a rebuild would not mend the disk


@needs_fts5
def test_a_locked_index_is_one_clear_error(project, monkeypatch, capsys):
    def locked(*_a, **_k):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(recall_module, "open_store", locked)
    assert main(["recall", "shopping cart", "--root", str(project), "--no-log"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "run again" in err and "Traceback" not in err


@needs_fts5
def test_a_tree_where_the_index_cannot_be_written_is_scanned(project, monkeypatch):
    store_module = importlib.import_module("codepith.memory.recall_store")

    def read_only(root):
        raise PermissionError(13, "Permission denied", os.path.join(root, ".codepith"))

    monkeypatch.setattr(store_module, "_db_path", read_only)
    result = recall(project, "shopping cart", log=False)
    assert "symbol:src/shop/cart.py:ShoppingCart" in result.items
    assert any("recall index cannot be used" in w and "Permission denied" in w for w in result.warnings)
