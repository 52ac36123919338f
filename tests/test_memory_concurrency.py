"""Several processes sharing one recall index while the tree changes: no
process sees an error, every one gets the answer a lone process gets, and an
index found broken is built again without being asked."""

import json
import os
import sqlite3
import subprocess
import sys
import time

import pytest

from codepith.memory.recall import recall
from codepith.memory.recall_store import DB_FILE, fts5_available

needs_fts5 = pytest.mark.skipif(not fts5_available(), reason="this Python's sqlite3 has no FTS5")

FILES = 200
QUERY = "fn_3_4 function"
RECALLS = 20

#: one process: RECALLS recalls of QUERY, one JSON line each (the items and the warnings)
_WORKER = """
import json, sys
from codepith.memory.recall import recall
for _ in range(int(sys.argv[3])):
    try:
        r = recall(sys.argv[1], sys.argv[2], log=False)
        print(json.dumps({"items": r.items, "warnings": r.warnings}), flush=True)
    except Exception as exc:
        print(json.dumps({"items": None, "warnings": [repr(exc)]}), flush=True)
"""


def _module(i: int, variant: int) -> str:
    """The same definitions whatever ``variant``: only a body changes, so each
    rewrite is parsed and indexed again but the answer stays the same."""
    return "".join(f"def fn_{i}_{j}(x):\n    return x{' + 0' * variant}\n\n" for j in range(5))


def _tree(root) -> None:
    pkg = root / "pkg"
    pkg.mkdir()
    for i in range(FILES):
        (pkg / f"m{i}.py").write_text(_module(i, 0))


def _churn(root, rounds: int) -> None:
    """Rewrite modules (new content, same definitions; written whole and
    renamed into place, as editors save, so no reader sees half a file) and
    add and remove a file that is no source (a folder's time moves: the tree
    is walked again)."""
    for n in range(rounds):
        i = n % FILES
        tmp = root / "pkg" / f".m{i}.py.tmp"
        tmp.write_text(_module(i, 1 + n % 2))
        os.replace(tmp, root / "pkg" / f"m{i}.py")
        note = root / "pkg" / "notes.txt"
        if n % 3 == 0:
            note.write_text(str(n))
        elif note.exists():
            note.unlink()
        time.sleep(0.002)


@needs_fts5
def test_concurrent_recalls_while_files_change_share_the_index(tmp_path):
    _tree(tmp_path)
    expected = recall(tmp_path, QUERY, log=False).items
    assert expected and expected[0] == "symbol:pkg/m3.py:fn_3_4"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", _WORKER, str(tmp_path), QUERY, str(RECALLS)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for _ in range(5)
    ]
    try:
        while any(w.poll() is None for w in workers):
            _churn(tmp_path, 20)
        outputs = [w.communicate(timeout=600) for w in workers]
    finally:
        for w in workers:
            if w.poll() is None:
                w.kill()
    results = [json.loads(line) for out, _err in outputs for line in out.splitlines()]
    assert all(w.returncode == 0 for w in workers), [err[-2000:] for _out, err in outputs]
    assert len(results) == 5 * RECALLS
    assert [r["warnings"] for r in results if r["warnings"]] == []
    assert [sorted(set(r["items"]) ^ set(expected)) for r in results if r["items"] != expected] == []
    assert recall(tmp_path, QUERY, log=False).warnings == []  # the index is whole afterwards


@needs_fts5
def test_concurrent_hooks_while_files_change_print_no_warning(tmp_path):
    """The agent's per-prompt hook, five at once, as in the report."""
    _tree(tmp_path)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    payload = json.dumps({"prompt": QUERY, "cwd": str(tmp_path)})
    outputs = []
    for _round in range(3):
        hooks = [
            subprocess.Popen(
                [sys.executable, "-m", "codepith", "hook", "user-prompt-submit"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env=env,
            )
            for _ in range(5)
        ]
        for hook in hooks:
            hook.stdin.write(payload)
            hook.stdin.close()
        _churn(tmp_path, 10)
        outputs += [(hook.stdout.read(), hook.stderr.read(), hook.wait(timeout=600)) for hook in hooks]
    assert [err for _out, err, _rc in outputs if err] == []
    assert all(rc == 0 for _out, _err, rc in outputs)
    assert len({out for out, _err, _rc in outputs}) == 1 and "fn_3_4" in outputs[0][0]


@needs_fts5
def test_an_index_broken_under_a_query_is_built_again(tmp_path, monkeypatch):
    """An index that fails a query as broken (a malformed page, a failed
    constraint) is removed and built again, once, with no warning; the advice
    to remove the file by hand is gone."""
    _tree(tmp_path)
    assert recall(tmp_path, QUERY, log=False).items[0] == "symbol:pkg/m3.py:fn_3_4"
    import codepith.memory.recall_store as store_module

    real_match = store_module.Store.match
    calls = []

    def match(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise sqlite3.DatabaseError("database disk image is malformed")
        return real_match(self, *args, **kwargs)

    monkeypatch.setattr(store_module.Store, "match", match)
    result = recall(tmp_path, QUERY, log=False)
    assert result.warnings == []
    assert result.items[0] == "symbol:pkg/m3.py:fn_3_4"
    assert len(calls) == 2  # the second try ran on an index built again


@needs_fts5
def test_an_index_that_stays_unusable_says_the_fix(tmp_path, monkeypatch):
    """A disk or folder failure cannot be mended by a rebuild: the warning says
    what to check, never to remove the file."""
    _tree(tmp_path)
    import codepith.memory.recall_store as store_module

    def full(*_a, **_k):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store_module.Store, "match", full)
    result = recall(tmp_path, QUERY, log=False)
    assert result.items[0] == "symbol:pkg/m3.py:fn_3_4"  # the scan answered
    (warning,) = [w for w in result.warnings if DB_FILE in w]
    assert "disk is full" in warning and "can be written and the disk has room" in warning
    assert "remove the file" not in warning


@needs_fts5
def test_a_refresh_that_waits_too_long_for_another_is_one_clear_error(tmp_path, monkeypatch, capsys):
    """Another process holding the writers' lock past the wait: one line that
    names the lock and says to run again, no traceback, no scan of the tree."""
    import codepith.memory.recall_db as db_module
    from codepith.cli import main
    from codepith.fs.locking import exclusive

    _tree(tmp_path)
    recall(tmp_path, QUERY, log=False)
    monkeypatch.setattr(db_module, "LOCK_WAIT", 0.2)
    fd = os.open(tmp_path / ".codepith" / db_module.LOCK_FILE, os.O_RDWR)
    try:
        with exclusive(fd):
            assert main(["recall", QUERY, "--root", str(tmp_path), "--no-log"]) == 1
    finally:
        os.close(fd)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "recall.lock" in err and "run again" in err and "Traceback" not in err
