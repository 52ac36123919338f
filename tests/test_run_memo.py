"""The memo of a whole folder run (:mod:`codepith.bulk.memo`): a run over an
unchanged tree replays it, byte for byte; any change the walk or the results
depend on makes a fresh run."""

import json
import os
import sqlite3
import warnings
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import codepith.cli.compress as cli_compress
from codepith import _version
from codepith.bulk import memo
from codepith.cli import main
from codepith.errors import CodepithError
from helpers import write

PY = "def f(a):\n    b = a * 2\n    return b\n"
TS = "export function g(a: number): number {\n  const b = a * 2;\n  return b;\n}\n"
#: a key the secret check finds (the skip is named on standard error)
SECRET = "aws_secret_access_key = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'\n"


@pytest.fixture
def settled(monkeypatch):
    """Stamps count as settled at once (the files of a test are seconds old)."""
    monkeypatch.setattr(memo, "RACY_SECONDS", 0.0)


@pytest.fixture
def fresh_runs(monkeypatch):
    """How many runs compressed the tree (a replayed run does not)."""
    calls = []
    real = cli_compress.compress_tree

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(cli_compress, "compress_tree", counted)
    return calls


@pytest.fixture
def tree(tmp_path):
    root = tmp_path / "proj"
    write(root, "a.py", PY)
    write(root, "src/b.ts", TS)
    write(root, "src/ctl.py", "x = '\x01'\n" + PY)  # a character XML cannot hold
    write(root, "notes.md", "# notes — ü 한\n")  # (한 is ED 95 9C in UTF-8: no surrogate)
    (root / "latin1.txt").write_bytes(b"caf\xe9 cr\xe8me\n")  # not UTF-8: shown escaped
    write(root, "config.py", SECRET)
    (root / "blob.bin").write_bytes(b"\0\1\2" * 50)
    write(root, ".gitignore", "*.log\n")
    write(root, "debug.log", "log\n")
    write(root, "node_modules/dep/index.js", "module.exports = 1;\n")
    (root / "empty").mkdir()
    return root


def _run(tree, tmp_path, capsys, *extra, cache=True):
    out, report = tmp_path / "out.txt", tmp_path / "report.json"
    caching = ["--cache-dir", str(tmp_path / "cache")] if cache else ["--no-cache"]
    code = main(["compress", str(tree), "-j", "1", "-o", str(out), "--report", str(report), *caching, *extra])
    err = capsys.readouterr().err
    doc = json.loads(report.read_text())
    doc.pop("seconds")
    # (the summary's last line says how long the run took)
    return code, out.read_bytes(), doc, [line for line in err.splitlines() if " considered in " not in line]


@pytest.mark.parametrize("fmt", ["markdown", "xml", "json"])
def test_a_run_over_an_unchanged_tree_replays_the_same_document(tree, tmp_path, capsys, settled, fresh_runs, fmt):
    first = _run(tree, tmp_path, capsys, "--format", fmt)
    second = _run(tree, tmp_path, capsys, "--format", fmt)
    assert len(fresh_runs) == 1  # the second run was the memo's
    uncached = _run(tree, tmp_path, capsys, "--format", fmt, cache=False)
    assert first == second == uncached
    assert any("secret" in line for line in second[3])  # a skip is still named
    assert b"node_modules" in second[1]  # the tree lists what the walk left out


def _same_size_edit(root):
    path = root / "a.py"
    before = os.stat(path)
    path.write_text(PY.replace("a * 2", "a * 3"))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # the change time still moves


CHANGES = {
    "content, same size and time": _same_size_edit,
    "a new file": lambda root: write(root, "src/c.py", PY),
    "a file removed": lambda root: (root / "src/b.ts").unlink(),
    "a file in an empty folder": lambda root: write(root, "empty/d.py", PY),
    "an ignore rule": lambda root: write(root, ".codepithignore", "notes.md\n"),
    "an ignore file edited": lambda root: write(root, ".gitignore", "*.log\na.py\n"),
    "a file in an ignored folder": lambda root: write(root, "node_modules/dep/more.js", "1;\n"),
    "a file grown past the limit": lambda root: write(root, "notes.md", "# notes\n" + "x" * 5000),
    "a rule above the root": lambda root: write(root.parent, ".gitignore", "proj/a.py\n"),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_any_change_the_run_depends_on_makes_a_fresh_run(tree, tmp_path, capsys, settled, fresh_runs, change):
    (tmp_path / ".git").mkdir()  # the tree is in a repository: the rules above it count
    limit = ["--max-file-bytes", "4000"]
    _run(tree, tmp_path, capsys, *limit)
    CHANGES[change](tree)
    after = _run(tree, tmp_path, capsys, *limit)
    assert len(fresh_runs) == 2
    assert after == _run(tree, tmp_path, capsys, *limit, cache=False)
    assert _run(tree, tmp_path, capsys, *limit) == after  # and the new memo replays it
    assert len(fresh_runs) == 3


def test_outside_a_repository_only_a_new_repository_above_counts(tree, tmp_path, capsys, settled, fresh_runs):
    _run(tree, tmp_path, capsys)
    write(tmp_path, ".gitignore", "proj/a.py\n")  # no repository: git would not read it, nor does codepith
    _run(tree, tmp_path, capsys)
    assert len(fresh_runs) == 1
    (tmp_path / ".git").mkdir()  # now it is the repository's, and its rule leaves a.py out
    after = _run(tree, tmp_path, capsys)
    assert len(fresh_runs) == 2
    assert after == _run(tree, tmp_path, capsys, cache=False)
    assert "a.py [ignored:../.gitignore:proj/a.py]" in after[1].decode()


def test_a_document_written_inside_the_tree_is_replayed_too(tree, tmp_path, capsys, settled, fresh_runs):
    out, report = tree / "pith.md", tree / "report.json"
    args = ["compress", str(tree), "-j", "1", "-q", "-o", str(out), "--report", str(report)]
    args += ["--cache-dir", str(tmp_path / "cache")]
    assert main(args) == 0
    first = out.read_bytes()
    assert main(args) == 0  # (the run rewrites its own outputs: they are not what the memo depends on)
    assert out.read_bytes() == first
    assert b"pith.md" in first and b"ignored:output" in first
    assert len(fresh_runs) == 1


def test_a_document_written_to_a_new_file_each_time_is_still_replayed(tree, tmp_path, capsys, settled, fresh_runs):
    outs = []
    for name in ("one.md", "two.md"):
        out = tmp_path / name
        assert main(["compress", str(tree), "-j", "1", "-q", "-o", str(out), "--cache-dir", str(tmp_path / "c")]) == 0
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    assert len(fresh_runs) == 1


def test_other_options_are_another_memo(tree, tmp_path, capsys, settled, fresh_runs):
    _run(tree, tmp_path, capsys)
    outline = _run(tree, tmp_path, capsys, "--level", "outline")
    assert len(fresh_runs) == 2
    assert outline == _run(tree, tmp_path, capsys, "--level", "outline", cache=False)


def test_a_change_to_codepiths_own_code_is_another_memo(tree, tmp_path, capsys, settled, fresh_runs, monkeypatch):
    # a development checkout renders differently after an edit, with the same version
    _run(tree, tmp_path, capsys)
    _run(tree, tmp_path, capsys)
    assert len(fresh_runs) == 1
    monkeypatch.setattr(_version, "code_stamp", lambda: "edited")
    _run(tree, tmp_path, capsys)
    assert len(fresh_runs) == 2


def test_the_code_stamp_follows_each_module_and_nothing_else(tmp_path):
    package = tmp_path / "pkg"
    write(package, "a.py", "x = 1\n")
    write(package, "sub/b.py", "y = 2\n")
    stamps = [_version.code_stamp.__wrapped__(str(package))]

    def changed() -> bool:
        stamps.append(_version.code_stamp.__wrapped__(str(package)))
        return stamps[-1] != stamps[-2]

    write(package, "sub/__pycache__/b.cpython-311.pyc", "cached")
    write(package, "notes.txt", "not code")
    assert not changed()
    (package / "sub" / "b.py").write_text("y = 3\n")  # same size: its time moves
    os.utime(package / "sub" / "b.py", ns=(1, 1))
    assert changed()
    write(package, "sub/c.py", "")
    assert changed()
    (package / "a.py").unlink()
    assert changed()


def test_no_memo_is_kept_while_the_tree_is_just_changed(tree, tmp_path, capsys, fresh_runs):
    # (the files are younger than RACY_SECONDS: a change in the same clock tick could go unseen)
    _run(tree, tmp_path, capsys)
    _run(tree, tmp_path, capsys)
    assert len(fresh_runs) == 2


DAMAGE = {
    # a part of the memo changed (its checksum no longer holds) or gone (evicted)
    "changed": "UPDATE results SET value = CAST(substr(value, 2) || x'00' AS BLOB) WHERE key IN ({})",
    "gone": "DELETE FROM results WHERE key IN ({})",
}


def _memo_rows(db) -> dict:
    """{part: key} of the memo's rows in a results cache: its head, a middle chunk, its results."""
    for key, value in db.execute("SELECT key, value FROM results"):
        try:
            head = json.loads(value)
        except ValueError:
            continue
        if isinstance(head, dict) and head.get("format", "").startswith("codepith-run-memo"):
            nonce, chunks = head["nonce"], head["chunks"]
            assert chunks > 3
            return {
                "head": key,
                "chunk": memo._part_key(key, nonce, chunks // 2),
                "results": memo._part_key(key, nonce, "results"),
            }
    raise AssertionError("no memo in the cache")


@pytest.mark.parametrize("damage", list(DAMAGE))
@pytest.mark.parametrize("which", ["head", "chunk", "results"])
def test_a_damaged_memo_is_a_miss_and_the_run_is_right(
    tree, tmp_path, capsys, settled, fresh_runs, monkeypatch, damage, which
):
    monkeypatch.setattr(memo, "CHUNK", 64)  # the sections in many rows
    first = _run(tree, tmp_path, capsys)
    db = sqlite3.connect(tmp_path / "cache" / "results.sqlite")
    db.execute(DAMAGE[damage].format("?"), (_memo_rows(db)[which],))
    db.commit()
    db.close()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a damaged row is a quiet miss
        assert _run(tree, tmp_path, capsys) == first
    assert len(fresh_runs) == 2


def test_a_result_of_the_machines_load_keeps_no_memo(tree, tmp_path, capsys, settled, fresh_runs, monkeypatch):
    real = cli_compress.compress_tree

    def one_timed_out(*args, **kwargs):
        for r in real(*args, **kwargs):
            if r.path == "a.py":
                r.transient = True
            yield r

    monkeypatch.setattr(cli_compress, "compress_tree", one_timed_out)
    _run(tree, tmp_path, capsys)
    calls = []
    monkeypatch.setattr(cli_compress, "compress_tree", lambda *a, **k: calls.append(1) or real(*a, **k))
    _run(tree, tmp_path, capsys)
    assert calls == [1]


@settings(max_examples=60, deadline=None)
@given(
    items=st.lists(st.lists(st.one_of(st.none(), st.integers(0, 2**63), st.text(), st.booleans()), max_size=6)),
    batch=st.integers(1, 300),
    inflate=st.integers(1, 100),
)
def test_a_deflated_list_comes_back_whole(items, batch, inflate):
    packed = memo._Deflated()
    packed.BATCH = batch  # (lines of any length, read in pieces cut anywhere)
    for item in items:
        packed.add(item)
    payload = packed.close()
    was, memo._INFLATE = memo._INFLATE, inflate
    try:
        assert list(memo._items(payload)) == items
        for cut in {0, len(payload) // 2, len(payload) - 1}:  # a part cut short is never taken for a list
            with pytest.raises(ValueError):
                list(memo._items(payload[:cut]))
    finally:
        memo._INFLATE = was


def test_a_result_row_that_cannot_be_read_is_an_error_naming_the_fix():
    # (its checksum held and its key names this codepith: only a fault of codepith's makes one)
    recalled = memo.Recalled([], 1, zlib.compress(b'[["a.py", 1]]\n'), [], None, b"k", "n", 0)  # type: ignore[arg-type]
    with pytest.raises(CodepithError, match="--no-cache.*codepith cache clear"):
        list(recalled.results())


@settings(max_examples=25, deadline=None)
@given(text=st.text(st.characters(blacklist_categories=("Cs",)), max_size=300), chunk=st.integers(1, 40))
def test_sections_cut_into_any_chunks_replay_exactly(tmp_path_factory, text, chunk):
    # (chunks cut characters of several bytes apart: the replay puts the bytes back whole)
    tmp = tmp_path_factory.mktemp("memo")
    root = tmp / "t"
    write(root, "m.py", "# " + text.replace("\r", "") + "\n" + PY)
    old_racy, old_chunk, real = memo.RACY_SECONDS, memo.CHUNK, cli_compress.compress_tree
    calls = []
    memo.RACY_SECONDS, memo.CHUNK = 0.0, chunk
    cli_compress.compress_tree = lambda *a, **k: calls.append(1) or real(*a, **k)
    try:
        outs = []
        for _ in range(2):
            out = tmp / "out.md"
            assert main(["compress", str(root), "-j", "1", "-q", "-o", str(out), "--cache-dir", str(tmp / "c")]) == 0
            outs.append(out.read_bytes())
    finally:
        memo.RACY_SECONDS, memo.CHUNK, cli_compress.compress_tree = old_racy, old_chunk, real
    assert outs[0] == outs[1]
    assert calls == [1]  # the second run was the memo's


@settings(max_examples=80, deadline=None)
@given(st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF), max_size=200))
def test_a_plain_spool_copies_to_the_bytes_its_text_would_become(tmp_path_factory, text):
    # (the memo's sections are copied as bytes only when they hold no lone surrogate)
    from codepith.cli._output import created
    from codepith.cli.compress_outputs import copy_spool, spool

    tmp = tmp_path_factory.mktemp("spool")
    outs = []
    for plain in (False, True):
        body = spool()
        body.write(text)
        body.flush()
        body.buffer.seek(0)
        if plain and memo._SURROGATE.search(body.buffer.read()) is not None:
            return  # (not plain: copied as text, as the first pass was)
        target = tmp / f"{plain}.md"
        with created(str(target), "-o", "the output") as out:
            out.write("head\n")
            copy_spool(body, out, plain=plain)
        outs.append(target.read_bytes())
    assert outs[0] == outs[1]


def test_a_cache_that_cannot_be_used_is_one_warning_line(tree, tmp_path, capsys):
    (tmp_path / "file").write_text("not a folder")
    out = tmp_path / "out.md"
    args = ["compress", str(tree), "-j", "1", "-q", "-o", str(out), "--cache-dir", str(tmp_path / "file" / "c")]
    assert main(args) == 0
    err = capsys.readouterr().err
    warned = [line for line in err.splitlines() if "cannot be created" in line]
    assert len(warned) == 1 and warned[0].startswith("codepith: warning: cache ")
    assert "RuntimeWarning" not in err and "self._open()" not in err
    assert out.read_bytes() == (_run(tree, tmp_path, capsys, "-q", cache=False)[1])


def test_a_replay_marks_the_memos_rows_as_used(tree, tmp_path, capsys, settled, fresh_runs, monkeypatch):
    # (the cache evicts the rows used least recently: a memo in use must not go first)
    monkeypatch.setattr(memo, "CHUNK", 64)
    _run(tree, tmp_path, capsys)
    db = sqlite3.connect(tmp_path / "cache" / "results.sqlite")
    rows = _memo_rows(db)
    db.execute("UPDATE results SET used = 0")
    db.commit()
    _run(tree, tmp_path, capsys)
    assert len(fresh_runs) == 1
    used = dict(db.execute("SELECT key, used FROM results"))
    db.close()
    assert all(used[key] > 0 for key in rows.values())
