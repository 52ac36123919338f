"""A file or folder name that is not UTF-8 (``b"caf\\xe9.py"`` on Linux):
recall, the hook, the index, `memory stats` and `rules which` answer, and
show the name with its bytes as escapes (``caf\\xe9.py``), as the walker's
other faces do; nothing crashes and every output is valid UTF-8."""

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codepith.memory.recall import recall
from codepith.memory.recall_db import from_db, to_db
from codepith.memory.recall_store import fts5_available


def _tree(tmp_path):
    try:
        with open(os.path.join(os.fsencode(tmp_path), b"caf\xe9.py"), "wb") as f:
            f.write(b"def brew_coffee():\n    pass\n")
        os.mkdir(os.path.join(os.fsencode(tmp_path), b"pk\xff"))
    except (OSError, UnicodeError):
        pytest.skip("this file system takes only UTF-8 names")
    with open(os.path.join(os.fsencode(tmp_path), b"pk\xff", b"mill.py"), "wb") as f:
        f.write(b"def grind_beans():\n    pass\n")
    (tmp_path / "ok.py").write_text("def brew_tea():\n    pass\n")
    return tmp_path


def _run(*args, stdin=None):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "PYTHONIOENCODING": "utf-8"}
    out = subprocess.run(
        [sys.executable, "-m", "codepith", *args], input=stdin, capture_output=True, env=env, timeout=300
    )
    return out.returncode, out.stdout.decode("utf-8"), out.stderr.decode("utf-8")  # strict: valid UTF-8


@pytest.mark.parametrize("cache", [True, False], ids=["index", "scan"])
def test_recall_shows_a_name_that_is_not_utf8_escaped(tmp_path, cache):
    if cache and not fts5_available():
        pytest.skip("this Python's sqlite3 has no FTS5")
    root = _tree(tmp_path)
    result = recall(root, "brew coffee grind beans", log=False, cache=cache)
    assert "## caf\\xe9.py\n" in result.text and "## pk\\xff/mill.py\n" in result.text
    assert "symbol:caf\\xe9.py:brew_coffee" in result.items
    result.text.encode("utf-8")  # no lone surrogate left
    assert recall(root, "brew coffee", log=False, cache=cache).warnings == []  # and the index is reused


def test_the_cli_recall_the_hook_and_stats_print_it(tmp_path):
    root = _tree(tmp_path)
    code, out, err = _run("recall", "brew coffee", "--root", str(root))
    assert code == 0 and "## caf\\xe9.py" in out and "def brew_coffee():" in out, err
    payload = json.dumps({"prompt": "brew coffee", "cwd": str(root)}).encode()
    code, out, err = _run("hook", "user-prompt-submit", "--json", stdin=payload)
    assert code == 0 and err == ""
    assert "## caf\\xe9.py" in json.loads(out)["hookSpecificOutput"]["additionalContext"]
    code, out, err = _run("memory", "stats", "--root", str(root))
    assert code == 0 and "symbol:caf\\xe9.py:brew_coffee" in out, err


def test_the_index_and_rules_which_print_it(tmp_path):
    root = _tree(tmp_path)
    code, out, err = _run("index", str(root))
    assert code == 0 and "caf\\xe9.py" in out and "pk\\xff/" in out, err
    code, out, err = _run("index", str(root), "--write", str(root / "AGENTS.md"))
    assert code == 0, err
    assert "caf\\xe9.py" in (root / "AGENTS.md").read_text(encoding="utf-8")
    code, out, err = _run("rules", "which", "--root", str(root), "--json", os.fsdecode(b"pk\xff/mill.py"))
    assert code == 0 and list(json.loads(out)["paths"]) == ["pk\\xff/mill.py"], err
    code, out, err = _run("rules", "which", "--root", str(root), os.fsdecode(b"pk\xff/mill.py"))
    assert code == 0 and out.startswith("pk\\xff/mill.py\n"), err


_PATHS = st.text(st.sampled_from(["a", "/", "\\", "u", "x", "0", "\u00e9", "\udce9", "\udcff", "\ud800"]), max_size=12)


@given(_PATHS, _PATHS)
def test_hyp_stored_paths_are_utf8_round_trip_and_keep_prefixes(a, b):
    """The index's form of a path is valid UTF-8, gives the path back, and a
    folder's files still sort between ``folder/`` and ``folder0``."""
    stored = to_db(a)
    stored.encode("utf-8")
    assert from_db(stored) == a
    child = to_db(a + "/" + b)
    assert child.startswith(to_db(a) + "/")
    assert to_db(a) + "/" <= child < to_db(a) + "0"
