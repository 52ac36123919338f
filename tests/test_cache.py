"""The results cache: a warm run is the same run, read back; damage never crashes."""

import os
import sqlite3
import time
import warnings

import pytest

import codepith
import codepith.bulk.files as files
import codepith.bulk.results as results
import codepith.bulk.run as bulk
from codepith.bulk.cache import ResultCache, content_key
from codepith.bulk.run import compress_tree
from helpers import write

# what these tests patch in this process (a compressor that hangs or fails, a
# counter of what was processed) must hold in the workers too: they fork them
pytestmark = pytest.mark.usefixtures("fork_workers")

PY = (
    'def f{i}(a, b):\n    """Add {i}."""\n    x = a + b\n    return x * {i}\n\n\n'
    "class C{i}:\n    def m(self, y):\n        return [y] * {i}\n\n"
)


def small_tree(root):
    write(root, "a.py", PY.format(i=1))
    write(root, "src/b.py", PY.format(i=2) * 3)
    write(root, "src/c.ts", "export function c(a: number): number {\n  return a * 3;\n}\n")
    write(root, "main.go", "package main\n\nfunc main() {\n\tprintln(1)\n}\n")
    write(root, "README.md", "# readme\n")
    write(root, "img.bin", b"\x00\x01\x02")
    write(root, ".gitignore", "*.log\n")
    write(root, "x.log", "log\n")


def view(results):
    return [
        (
            r.path,
            r.action,
            r.language,
            r.level,
            r.bytes_in,
            r.bytes_out,
            r.tokens_in,
            r.tokens_out,
            r.elisions,
            r.valid,
            r.reason,
            r.text,
            r.files,
        )
        for r in results
    ]


def run(root, cache_dir, **kw):
    kw.setdefault("jobs", 1)
    return list(compress_tree(root, cache_dir=cache_dir, **kw))


def forbid_processing(monkeypatch):
    def boom(*a, **kw):
        raise AssertionError("process_bytes called: the result was not read from the cache")

    monkeypatch.setattr(files, "process_bytes", boom)


def count_processing(monkeypatch, log):
    """Paths processed, read back from ``log``: workers (forked, with the patch)
    append to it too."""
    real = files.process_bytes

    def counting(path, data, options, **kw):
        with open(log, "a", encoding="utf-8") as f:
            f.write(path + "\n")
        return real(path, data, options, **kw)

    monkeypatch.setattr(files, "process_bytes", counting)
    return lambda: log.read_text(encoding="utf-8").split() if log.exists() else []


# --------------------------------------------------------------------------- warm runs


def test_a_change_to_codepiths_own_modules_makes_every_result_a_miss(tmp_path, monkeypatch):
    # a development checkout edited without a new version number: results of the old code are not served
    root = tmp_path / "tree"
    small_tree(root)
    cache_dir = tmp_path / "cache"
    processed = count_processing(monkeypatch, tmp_path / "log")
    run(root, cache_dir)
    cold = processed()
    run(root, cache_dir)
    assert processed() == cold and len(cold) > 3  # all from the cache
    monkeypatch.setattr(codepith._version, "code_stamp", lambda: "edited")
    run(root, cache_dir)
    assert processed() == cold + cold


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_warm_run_returns_the_same_results_from_the_cache(tmp_path, monkeypatch, jobs):
    root = tmp_path / "tree"
    small_tree(root)
    cache_dir = tmp_path / "cache"
    cold = run(root, cache_dir, jobs=jobs)
    assert (cache_dir / "results.sqlite").is_file()
    # with jobs=2 the workers are forked from this process and inherit the patch:
    # a miss there comes back as a failed (kept-whole) result and differs
    forbid_processing(monkeypatch)
    warm = run(root, cache_dir, jobs=jobs)
    assert view(warm) == view(cold)


def test_a_changed_file_is_recomputed_and_only_it(tmp_path, monkeypatch):
    root = tmp_path / "tree"
    small_tree(root)
    cache_dir = tmp_path / "cache"
    run(root, cache_dir)
    write(root, "src/b.py", PY.format(i=7))
    calls = count_processing(monkeypatch, tmp_path / "processed.log")
    results = {r.path: r for r in run(root, cache_dir)}
    assert calls() == ["src/b.py"]
    new = codepith.compress(PY.format(i=7), path="b.py")
    assert results["src/b.py"].text == new.data.decode()
    assert results["src/b.py"].tokens_in == codepith.count_tokens(PY.format(i=7))


def test_a_moved_or_duplicated_file_is_served_under_its_own_path(tmp_path, monkeypatch):
    root = tmp_path / "tree"
    write(root, "a.py", PY.format(i=1))
    cache_dir = tmp_path / "cache"
    first = run(root, cache_dir)
    os.rename(root / "a.py", root / "moved.py")
    write(root, "copy.py", PY.format(i=1))
    forbid_processing(monkeypatch)
    warm = run(root, cache_dir)
    assert [r.path for r in warm] == ["copy.py", "moved.py"]
    for r in warm:
        assert r.text == first[0].text and r.action == "compressed"


def test_options_that_change_the_result_are_part_of_the_key(tmp_path):
    root = tmp_path / "tree"
    write(root, "a.py", PY.format(i=1) * 2)
    write(root, "n.md", "# n\n")
    cache_dir = tmp_path / "cache"
    text = (root / "a.py").read_text()
    sig = run(root, cache_dir, level="signatures")[0]
    outline = run(root, cache_dir, level="outline")[0]
    assert outline.level == "outline"
    assert outline.text == codepith.compress(text, path="a.py", level="outline").data.decode()
    assert sig.text == codepith.compress(text, path="a.py", level="signatures").data.decode()
    refs = run(root, cache_dir, line_refs=True)[0]
    assert refs.text == codepith.compress(text, path="a.py", line_refs=True).data.decode()
    no_tokens = run(root, cache_dir, tokens=False)[0]
    assert no_tokens.tokens_in is None
    cl = run(root, cache_dir, encoding="cl100k_base")[0]
    assert cl.tokens_in == codepith.count_tokens(text, encoding="cl100k_base")
    only = {r.path: r.action for r in run(root, cache_dir, only_supported=True)}
    assert only["n.md"] == "skipped:unsupported-language"
    again = {r.path: r.action for r in run(root, cache_dir)}
    assert again["n.md"] == "kept-whole"


def test_a_timed_out_file_is_retried_on_the_next_run(tmp_path, monkeypatch):
    # a timeout says how busy the machine was, not what the file is: it must
    # not stick in the cache for runs with another (or the same) --timeout
    root = tmp_path / "tree"
    write(root, "a.py", PY.format(i=1))
    cache_dir = tmp_path / "cache"
    real = files.compress

    def sleepy(data, **kw):
        time.sleep(5)  # interrupted by the alarm
        return real(data, **kw)

    monkeypatch.setattr(files, "compress", sleepy)
    first = run(root, cache_dir, timeout=0.05)[0]
    assert first.action == "kept-whole" and "timed out" in first.reason
    monkeypatch.setattr(files, "compress", real)
    second = run(root, cache_dir, timeout=60)[0]
    assert second.action == "compressed", second.reason


def test_a_failure_of_the_machine_is_not_remembered(tmp_path, monkeypatch):
    # running out of memory says nothing about the file: the next run retries it
    root = tmp_path / "tree"
    write(root, "a.py", PY.format(i=1))
    cache_dir = tmp_path / "cache"

    def no_memory(data, **kw):
        raise MemoryError()

    real = files.compress
    monkeypatch.setattr(files, "compress", no_memory)
    first = run(root, cache_dir)[0]
    assert first.action == "kept-whole" and "out of memory" in first.reason
    monkeypatch.setattr(files, "compress", real)
    assert run(root, cache_dir)[0].action == "compressed"


def test_a_run_with_a_bad_timeout_does_not_poison_the_cache(tmp_path):
    root = tmp_path / "tree"
    write(root, "a.py", PY.format(i=1))
    cache_dir = tmp_path / "cache"
    try:
        run(root, cache_dir, timeout=-1)
    except codepith.CodepithError:
        pass  # refusing the value is the best outcome
    assert run(root, cache_dir)[0].action == "compressed"


# --------------------------------------------------------------------------- damage and contention


def test_a_corrupt_cache_is_rebuilt_with_a_warning(tmp_path, monkeypatch):
    root = tmp_path / "tree"
    small_tree(root)
    cache_dir = tmp_path / "cache"
    expected = view(run(root, cache_dir, cache=False))
    cache_dir.mkdir()
    (cache_dir / "results.sqlite").write_bytes(b"this is not a database\x00" * 500)
    with pytest.warns(RuntimeWarning, match="cache"):
        got = run(root, cache_dir)
    assert view(got) == expected
    # rebuilt: a sound database that serves the next run
    db = sqlite3.connect(cache_dir / "results.sqlite")
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
    forbid_processing(monkeypatch)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert view(run(root, cache_dir)) == expected


def test_a_locked_cache_is_bypassed_with_a_warning(tmp_path):
    root = tmp_path / "tree"
    small_tree(root)
    cache_dir = tmp_path / "cache"
    run(root, cache_dir)  # a real cache, in WAL mode
    write(root, "src/b.py", PY.format(i=42))
    expected = view(run(root, tmp_path / "unused", cache=False))
    other = sqlite3.connect(cache_dir / "results.sqlite", isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.warns(RuntimeWarning, match="lock"):
            got = run(root, cache_dir)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert view(got) == expected


def test_a_cache_locked_before_codepith_ever_set_it_up(tmp_path):
    root = tmp_path / "tree"
    small_tree(root)
    cache_dir = tmp_path / "cache"
    cache_dir.mkdir()
    other = sqlite3.connect(cache_dir / "results.sqlite", isolation_level=None)
    other.execute("CREATE TABLE other (x)")
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.warns(RuntimeWarning, match="lock"):
            got = run(root, cache_dir, jobs=2)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert view(got) == view(run(root, cache_dir, cache=False))


def test_an_unusable_cache_folder_is_bypassed_with_a_warning(tmp_path):
    root = tmp_path / "tree"
    small_tree(root)
    not_a_dir = tmp_path / "cache"
    not_a_dir.write_text("a file where the cache folder should be")
    with pytest.warns(RuntimeWarning, match="cache"):
        got = run(root, not_a_dir)
    assert view(got) == view(run(root, tmp_path, cache=False))
    assert not_a_dir.read_text() == "a file where the cache folder should be"


def test_no_cache_never_creates_the_file(tmp_path):
    root = tmp_path / "tree"
    small_tree(root)
    cache_dir = tmp_path / "cache"
    for jobs in (1, 2):
        results = run(root, cache_dir, cache=False, jobs=jobs)
        assert any(r.action == "compressed" for r in results)
    assert not (cache_dir / "results.sqlite").exists()
    assert not (tmp_path / "xdg-cache").exists()


def test_the_default_cache_folder_follows_xdg_cache_home(tmp_path):
    root = tmp_path / "tree"
    small_tree(root)
    list(compress_tree(root, jobs=1))
    assert (tmp_path / "xdg-cache" / "codepith" / "results.sqlite").is_file()


# --------------------------------------------------------------------------- damaged rows


def rows(cache_dir):
    db = sqlite3.connect(cache_dir / "results.sqlite", isolation_level=None)
    try:
        return db.execute("SELECT key, value FROM results").fetchall()
    finally:
        db.close()


def rewrite_rows(cache_dir, change):
    """Set every row's value to ``change(key, value)``; a row's checksum, where
    the layout has one, is made to match the new value (a well-formed row)."""
    import codepith.bulk.cache as cache_module

    db = sqlite3.connect(cache_dir / "results.sqlite", isolation_level=None)
    try:
        columns = [r[1] for r in db.execute("PRAGMA table_info(results)")]
        for key, value in db.execute("SELECT key, value FROM results").fetchall():
            new = change(key, value)
            db.execute("UPDATE results SET value = ? WHERE key = ?", (new, key))
            if "checksum" in columns:
                db.execute("UPDATE results SET checksum = ? WHERE key = ?", (cache_module._checksum(key, new), key))
    finally:
        db.close()


def damage_rows(cache_dir, change):
    """Change every row's stored value in place (its checksum is left alone)."""
    db = sqlite3.connect(cache_dir / "results.sqlite", isolation_level=None)
    try:
        for key, value in db.execute("SELECT key, value FROM results").fetchall():
            db.execute("UPDATE results SET value = ? WHERE key = ?", (change(bytes(value)), key))
    finally:
        db.close()


def flip_middle_bit(value):
    data = bytearray(value)
    data[len(data) // 2] ^= 0x01
    return bytes(data)


def cold_cache(tmp_path):
    root = tmp_path / "tree"
    small_tree(root)
    for k in range(6):
        write(root, f"pkg/m{k}.py", PY.format(i=k) * (k + 1))
    cache_dir = tmp_path / "cache"
    expected = view(run(root, cache_dir, cache=False))
    assert view(run(root, cache_dir)) == expected
    assert len(rows(cache_dir)) >= 10
    return root, cache_dir, expected


def assert_served_and_repaired(root, cache_dir, expected, monkeypatch):
    assert view(run(root, cache_dir)) == expected  # the damaged rows were misses
    forbid_processing(monkeypatch)
    assert view(run(root, cache_dir)) == expected  # and were written again


@pytest.mark.parametrize("how", ["flip-a-bit", "truncate", "empty", "not-utf8"])
def test_damaged_rows_are_misses_and_are_written_again(tmp_path, monkeypatch, how):
    root, cache_dir, expected = cold_cache(tmp_path)
    change = {
        "flip-a-bit": flip_middle_bit,
        "truncate": lambda v: v[: len(v) // 2],
        "empty": lambda v: b"",
        "not-utf8": lambda v: b"\xff\xfe" + v[2:],
    }[how]
    damage_rows(cache_dir, change)
    assert_served_and_repaired(root, cache_dir, expected, monkeypatch)


WRONG_ROWS = {
    "a-list": lambda row: [1, 2, 3],
    "a-string": lambda row: "compressed",
    "empty-object": lambda row: {},
    "a-field-missing": lambda row: {k: v for k, v in row.items() if k != "text"},
    "a-field-too-many": lambda row: {**row, "extra": 1},
    "a-count-of-the-wrong-type": lambda row: {**row, "bytes_out": "12"},
    "a-negative-count": lambda row: {**row, "tokens_in": -5},
    "a-bool-for-a-count": lambda row: {**row, "elisions": True},
    "an-unknown-action": lambda row: {**row, "action": "exploded"},
    "levels-of-the-wrong-shape": lambda row: {**row, "levels": {"signatures": [1]}},
}


@pytest.mark.parametrize("how", sorted(WRONG_ROWS))
def test_well_formed_rows_of_the_wrong_shape_are_misses(tmp_path, monkeypatch, how):
    root, cache_dir, expected = cold_cache(tmp_path)
    store = ResultCache(cache_dir)  # written as codepith writes rows: they check out
    for key, _value in rows(cache_dir):
        row = store.get(key)
        store.put(key, WRONG_ROWS[how](row if isinstance(row, dict) else {}))
    store.close()
    assert_served_and_repaired(root, cache_dir, expected, monkeypatch)


class _Planted:
    """What a planted pickle would do when loaded: leave a file behind."""

    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (open, (self.marker, "w"))


def test_a_pickle_planted_in_the_cache_is_never_loaded(tmp_path, monkeypatch):
    import pickle

    root, cache_dir, expected = cold_cache(tmp_path)
    marker = tmp_path / "loaded"
    rewrite_rows(cache_dir, lambda key, value: pickle.dumps(_Planted(str(marker))))
    assert view(run(root, cache_dir, jobs=1, timeout=0)) == expected
    assert not marker.exists()
    assert_served_and_repaired(root, cache_dir, expected, monkeypatch)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_bit_flips_in_the_cache_file_never_change_a_result(tmp_path, monkeypatch, seed):
    import random

    root, cache_dir, expected = cold_cache(tmp_path)
    path = cache_dir / "results.sqlite"
    data = bytearray(path.read_bytes())
    rng = random.Random(seed)
    for _ in range(64):
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    path.write_bytes(bytes(data))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a damaged file may be rebuilt, with a warning
        assert view(run(root, cache_dir)) == expected
        assert view(run(root, cache_dir)) == expected


def test_a_row_holds_every_field_of_a_result():
    from dataclasses import fields

    r = bulk.FileResult(
        path="a.py",
        action="compressed",
        language="python",
        bytes_in=10,
        bytes_out=4,
        tokens_in=3,
        tokens_out=2,
        elisions=1,
        valid=True,
        reason="r",
        text="t\u00e9",
        parse_errors=1,
        seconds=0.5,
        levels={"signatures": bulk.LevelResult(4, 2, 1, True, None)},
    )
    row = results.result_to_row(r)
    # a field added to FileResult is stored (and checked) too, or named here as never stored
    assert set(row) == {f.name for f in fields(bulk.FileResult)} - {"path", "transient", "data"}
    back = results.result_from_row(row)
    back.path = "a.py"
    assert back == r


# --------------------------------------------------------------------------- ResultCache itself


def test_result_cache_round_trip_and_damaged_rows(tmp_path):
    store = ResultCache(tmp_path)
    key = content_key(b"abc", "fp")
    assert store.get(key) is None
    store.put(key, {"answer": 42})
    store.flush()
    assert store.get(key) == {"answer": 42}
    store.close()
    db = sqlite3.connect(tmp_path / "results.sqlite", isolation_level=None)
    db.execute("UPDATE results SET value = x'00ff00'")
    db.close()
    store = ResultCache(tmp_path)
    assert store.get(key) is None  # a damaged row is a miss, not an error
    store.close()


def test_content_key_depends_on_bytes_and_fingerprint():
    assert content_key(b"a", "x") == content_key(b"a", "x")
    assert content_key(b"a", "x") != content_key(b"b", "x")
    assert content_key(b"a", "x") != content_key(b"a", "y")
