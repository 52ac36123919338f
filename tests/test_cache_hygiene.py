"""The results cache stays tidy: a folder from platformdirs, a size cap that
evicts the least recently used rows and shrinks the file, `codepith cache
info/clear`, `cache=False` writing nothing, and runs sharing one cache."""

import io
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import platformdirs
import pytest

import codepith.bulk.cache as cache_module
from codepith.bulk.cache import ResultCache, cache_info, clear_cache, content_key, default_cache_dir, resolve_max_bytes
from codepith.bulk.run import compress_tree
from codepith.cli import main
from codepith.errors import CodepithError, InvalidOption
from helpers import write

PY = 'def f{i}(a, b):\n    """Add {i}."""\n    x = a + b\n    return x * {i}\n\n\n'


def tree(root, n=40, repeat=20):
    for i in range(n):
        write(root, f"pkg/m{i}.py", PY.format(i=i) * repeat)
    return root


def view(results):
    return [(r.path, r.action, r.bytes_out, r.tokens_out, r.text) for r in results]


def file_bytes(path: Path) -> int:
    return sum(os.stat(str(path) + s).st_size for s in ("", "-wal") if os.path.exists(str(path) + s))


def keys_in(cache_dir) -> set:
    db = sqlite3.connect(Path(cache_dir) / "results.sqlite")
    try:
        return {bytes(k) for (k,) in db.execute("SELECT key FROM results")}
    finally:
        db.close()


def set_used(cache_dir, stamps: dict) -> None:
    db = sqlite3.connect(Path(cache_dir) / "results.sqlite", isolation_level=None)
    try:
        db.executemany("UPDATE results SET used = ? WHERE key = ?", [(t, k) for k, t in stamps.items()])
    finally:
        db.close()


# --------------------------------------------------------------------------- where


def test_the_default_folder_is_platformdirs_user_cache_dir():
    assert default_cache_dir() == Path(platformdirs.user_cache_dir("codepith", appauthor=False, opinion=False))
    assert default_cache_dir() == Path(os.environ["XDG_CACHE_HOME"]) / "codepith"


def test_cache_false_writes_nothing_anywhere(tmp_path, monkeypatch):
    root = tree(tmp_path / "tree", n=5, repeat=2)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    before = sorted(p for p in tmp_path.rglob("*"))
    for jobs in (1, 2):
        got = list(compress_tree(root, jobs=jobs, cache=False, cache_dir=tmp_path / "named-cache"))
        assert all(r.action == "compressed" for r in got)
    assert sorted(p for p in tmp_path.rglob("*")) == before  # no folder, no file, no lock, no journal


# --------------------------------------------------------------------------- the cap


def test_max_bytes_comes_from_the_argument_then_the_environment_then_512mb(monkeypatch):
    monkeypatch.delenv(cache_module.MAX_MB_ENV, raising=False)
    assert resolve_max_bytes() == 512_000_000
    monkeypatch.setenv(cache_module.MAX_MB_ENV, "3.5")
    assert resolve_max_bytes() == 3_500_000
    assert resolve_max_bytes(2) == 2_000_000
    assert resolve_max_bytes(0) == 0
    monkeypatch.setenv(cache_module.MAX_MB_ENV, "lots")
    with pytest.raises(CodepithError, match=cache_module.MAX_MB_ENV):
        resolve_max_bytes()
    with pytest.raises(InvalidOption, match="megabytes"):
        resolve_max_bytes(-1)


def fill(cache_dir, n, size=2000, start=0, max_bytes=0):
    store = ResultCache(cache_dir, max_bytes=max_bytes)
    keys = []
    for i in range(start, start + n):
        key = content_key(str(i).encode(), "fp")
        store.put(key, {"i": i, "pad": "x" * size})
        keys.append(key)
    store.close()
    return keys, store


def test_past_the_cap_the_least_recently_used_rows_go_and_the_file_shrinks(tmp_path):
    cache_dir = tmp_path / "cache"
    old, _ = fill(cache_dir, 600)  # about 1.2 MB, no cap
    now = int(time.time())
    set_used(cache_dir, {k: now - 10_000 + i for i, k in enumerate(old)})  # old[0] least recently used
    path = cache_dir / "results.sqlite"
    big = file_bytes(path)
    assert big > 1_200_000
    new, store = fill(cache_dir, 100, start=1000, max_bytes=500_000)
    left = keys_in(cache_dir)
    assert store.evicted > 0
    assert set(new) <= left  # just written: the most recently used
    kept_old = [k for k in old if k in left]
    assert kept_old == old[len(old) - len(kept_old) :]  # the oldest went first
    assert file_bytes(path) <= 500_000 + 64 * 1024  # within the cap (a few pages of slack)
    assert file_bytes(path) < big / 2  # the file itself shrank
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()


def test_a_hit_refreshes_a_day_old_row_so_it_outlives_unused_ones(tmp_path):
    cache_dir = tmp_path / "cache"
    keys, _ = fill(cache_dir, 400)
    long_ago = int(time.time()) - 5 * 86400
    set_used(cache_dir, {k: long_ago for k in keys})
    store = ResultCache(cache_dir, max_bytes=0)
    assert store.get(keys[0])["i"] == 0  # used again
    store.close()
    store = ResultCache(cache_dir, max_bytes=300_000)  # a lowered cap applies when the next run ends
    store.close()
    left = keys_in(cache_dir)
    assert keys[0] in left
    assert len(left) < len(keys) / 2


def test_a_warm_run_within_the_day_writes_no_stamp(tmp_path):
    cache_dir = tmp_path / "cache"
    keys, _ = fill(cache_dir, 5)
    store = ResultCache(cache_dir, max_bytes=0)
    assert all(store.get(k) is not None for k in keys)
    assert store.touched == []
    store.close()


def test_a_capped_run_gives_the_same_results_as_an_uncapped_one(tmp_path):
    root = tree(tmp_path / "tree")
    expected = view(compress_tree(root, jobs=1, cache=False))
    for _ in range(2):
        got = view(compress_tree(root, jobs=1, cache_dir=tmp_path / "c", cache_max_mb=0.05))
        assert got == expected
    assert file_bytes(tmp_path / "c" / "results.sqlite") <= 50_000 + 64 * 1024


def test_a_bad_cap_is_a_usage_error_naming_the_flag(tmp_path, capsys):
    root = tree(tmp_path / "tree", n=2, repeat=1)
    assert main(["compress", str(root), "-q", "--cache-max-mb", "-5"]) == 2
    assert "--cache-max-mb" in capsys.readouterr().err


# --------------------------------------------------------------------------- codepith cache


def test_cache_info_and_clear(tmp_path, capsys, monkeypatch):
    cache_dir = tmp_path / "cache"
    assert main(["cache", "info", "--cache-dir", str(cache_dir)]) == 0
    out = capsys.readouterr().out
    assert "not created yet" in out and "entries  0" in out
    assert not cache_dir.exists()  # info creates nothing
    root = tree(tmp_path / "tree", n=6, repeat=150)
    assert (
        main(["compress", str(root), "-q", "-j", "1", "--cache-dir", str(cache_dir), "-o", str(tmp_path / "out.md")])
        == 0
    )
    info = cache_info(cache_dir)
    assert info.exists and info.entries == 6 and info.bytes > 0
    assert info.oldest is not None and info.oldest <= info.newest <= time.time() + 1
    assert main(["cache", "info", "--cache-dir", str(cache_dir)]) == 0
    out = capsys.readouterr().out
    assert str(cache_dir / "results.sqlite") in out and "entries  6" in out and "cap 512.0MB" in out

    # not a terminal and no --yes: refused, nothing deleted
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False)
    assert main(["cache", "clear", "--cache-dir", str(cache_dir)]) == 2
    assert "--yes" in capsys.readouterr().err
    assert cache_info(cache_dir).entries == 6
    assert main(["cache", "clear", "--cache-dir", str(cache_dir), "--yes"]) == 0
    assert "6 entries deleted" in capsys.readouterr().err
    after = cache_info(cache_dir)
    assert after.entries == 0 and after.bytes < info.bytes
    # and the cache works again afterwards
    assert (
        main(["compress", str(root), "-q", "-j", "1", "--cache-dir", str(cache_dir), "-o", str(tmp_path / "out.md")])
        == 0
    )
    assert cache_info(cache_dir).entries == 6


def test_clear_asks_on_a_terminal(tmp_path, monkeypatch, capsys):
    cache_dir = tmp_path / "cache"
    fill(cache_dir, 3)
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    assert main(["cache", "clear", "--cache-dir", str(cache_dir)]) == 130  # answered no: aborted
    assert cache_info(cache_dir).entries == 3
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    assert main(["cache", "clear", "--cache-dir", str(cache_dir)]) == 0
    assert cache_info(cache_dir).entries == 0


def test_a_file_that_is_not_a_cache_is_reported_and_cleared(tmp_path):
    cache_dir = tmp_path / "cache"
    cache_dir.mkdir()
    (cache_dir / "results.sqlite").write_bytes(b"not a database" * 100)
    with pytest.raises(CodepithError, match="cache clear"):
        cache_info(cache_dir)
    assert clear_cache(cache_dir) == 0
    assert not (cache_dir / "results.sqlite").exists()


# --------------------------------------------------------------------------- runs sharing a cache

_WRITER = """
import sys, warnings
from codepith.bulk.cache import ResultCache, content_key
warnings.simplefilter("error")  # a bypassed cache fails the writer
directory, start, cap = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
store = ResultCache(directory, max_bytes=cap)
for i in range(start, start + 3000):
    store.put(content_key(str(i).encode(), "fp"), {"i": i, "pad": "y" * 300})
    if i % 7 == 0:
        store.get(content_key(str(i - 1).encode(), "fp"))
store.close()
"""

_RUN = """
import sys
from codepith.bulk.run import compress_tree
for r in compress_tree(sys.argv[1], jobs=1, cache_dir=sys.argv[2], cache_max_mb=float(sys.argv[3])):
    print(r.path, r.action, r.tokens_out)
"""


def _spawn(code, *args):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    return subprocess.Popen(
        [sys.executable, "-c", code, *map(str, args)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_two_processes_writing_and_evicting_at_once_leave_a_sound_cache(tmp_path):
    cache_dir = tmp_path / "cache"
    procs = [_spawn(_WRITER, cache_dir, start, 600_000) for start in (0, 2000)]  # overlapping keys
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    db = sqlite3.connect(cache_dir / "results.sqlite")
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
    store = ResultCache(cache_dir, max_bytes=0)
    left = keys_in(cache_dir)
    assert left  # eviction kept the newest, it did not empty the cache
    for key in left:
        value = store.get(key)
        assert value is not None and content_key(str(value["i"]).encode(), "fp") == key
    assert store.damaged == 0
    store.close()
    assert file_bytes(cache_dir / "results.sqlite") <= 600_000 + 64 * 1024


def test_two_compress_runs_sharing_a_cache_agree_with_an_uncached_run(tmp_path):
    root = tree(tmp_path / "tree", n=60, repeat=10)
    expected = sorted(f"{r.path} {r.action} {r.tokens_out}" for r in compress_tree(root, jobs=1, cache=False))
    procs = [_spawn(_RUN, root, tmp_path / "cache", 0.2) for _ in range(2)]
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        assert "RuntimeWarning" not in err
        assert sorted(out.splitlines()) == expected
    db = sqlite3.connect(tmp_path / "cache" / "results.sqlite")
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
