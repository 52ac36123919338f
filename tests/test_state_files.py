"""codepith's own files below a project root, reached both ways: through
folder descriptors (POSIX) and by path, checked with ``lstat`` before and
after opening (Windows). Each test runs both ways where the OS has both
(the ``state_way`` fixture); on Windows, the way by path alone.

The by-path way is forced on this OS by turning ``safeio.DIR_FD`` off, so
the code that runs on Windows is tested on every run, not only there."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time

import pytest

from codepith.fs import jsonl, safeio, statefiles
from codepith.fs.safeio import UnsafeStatePath, open_state, state_dir
from codepith.fs.statefiles import folder, open_file, read_in, replace_in, write_atomic


def symlink(link, target) -> None:
    """``link`` -> ``target``, or skip where this user may not make links (Windows without the right)."""
    try:
        os.symlink(target, link, target_is_directory=os.path.isdir(target))
    except (OSError, NotImplementedError) as exc:
        pytest.skip(f"cannot make a symlink here: {exc}")


def test_the_strong_way_is_chosen_on_every_posix_system():
    """Linux, macOS and the BSDs all have folder descriptors and ``O_NOFOLLOW``;
    Windows has neither. (Asked of a fresh process: this one may run the
    whole suite by path.)"""
    out = subprocess.run(
        [sys.executable, "-c", "from codepith.fs import safeio; print(safeio.DIR_FD)"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert out == str(os.name == "posix")


def test_write_atomic_then_read_keeps_every_byte(root, state_way):
    data = b"a\r\nb\nc\r\x00\xff\n"  # binary: no newline is translated, on any OS
    target = root / ".codepith" / "deep" / "f.bin"
    write_atomic(target, data, root=root)
    assert target.read_bytes() == data
    assert (root / ".codepith" / ".gitignore").read_bytes().endswith(b"*\n")
    with folder(root, ".codepith/deep", create=False) as where:
        assert read_in(where, "f.bin", str(target)) == data
        assert where.listdir() == ["f.bin"]  # the temporary file is gone
    write_atomic(target, b"second", root=root)
    assert target.read_bytes() == b"second"
    if os.name == "posix":
        assert stat.S_IMODE(os.stat(target).st_mode) == 0o600


def test_write_atomic_outside_the_root_writes_as_named(tmp_path, state_way):
    target = tmp_path / "elsewhere" / "out.json"
    write_atomic(target, b"{}\n", root=tmp_path / "root", mode=0o644)
    assert target.read_bytes() == b"{}\n"
    assert os.listdir(target.parent) == ["out.json"]


def test_a_missing_folder_is_not_created_unless_asked(root, state_way):
    with pytest.raises(FileNotFoundError):
        with folder(root, ".codepith/none", create=False):
            pass
    assert not (root / ".codepith" / "none").exists()


def test_appends_under_the_lock_land_whole(root, state_way):
    path = root / ".codepith" / "log.jsonl"
    for n in range(3):
        jsonl.append(path, {"n": n, "text": "x\r\ny"}, root=root)
    assert [r["n"] for r in jsonl.read(path)] == [0, 1, 2]
    assert path.read_bytes().count(b"\r\n") == 0  # JSON escapes it; nothing added by the OS


def test_a_symlinked_state_folder_is_refused_everywhere(root, tmp_path, state_way):
    outside = tmp_path / "outside"
    outside.mkdir()
    symlink(root / ".codepith", outside)
    with pytest.raises(UnsafeStatePath, match="symlink"):
        write_atomic(root / ".codepith" / "a.json", b"x", root=root)
    with pytest.raises(UnsafeStatePath, match="symlink"):
        open_file(root / ".codepith" / "log.jsonl", os.O_WRONLY | os.O_CREAT | os.O_APPEND, root=root)
    with pytest.raises(UnsafeStatePath):
        with folder(root, ".codepith/sub", create=True):
            pass
    with pytest.raises(UnsafeStatePath):
        state_dir(root)
    assert list(outside.iterdir()) == []


def test_a_symlinked_folder_deeper_down_is_refused(root, tmp_path, state_way):
    outside = tmp_path / "outside"
    outside.mkdir()
    (root / ".claude").mkdir()
    symlink(root / ".claude" / "rules", outside)
    with pytest.raises(UnsafeStatePath, match="rules"):
        write_atomic(root / ".claude" / "rules" / "r.md", b"x", root=root)
    assert list(outside.iterdir()) == []


def test_a_symlinked_state_file_is_refused_and_its_target_kept(root, tmp_path, state_way):
    target = tmp_path / "rc"
    target.write_bytes(b"keep\n")
    (root / ".codepith").mkdir()
    symlink(root / ".codepith" / "usage.jsonl", target)
    with pytest.raises(UnsafeStatePath, match="symlink"):
        open_file(root / ".codepith" / "usage.jsonl", os.O_WRONLY | os.O_APPEND | os.O_TRUNC, root=root)
    with pytest.raises(UnsafeStatePath, match="symlink"):
        write_atomic(root / ".codepith" / "usage.jsonl", b"new", root=root)
    with folder(root, ".codepith", create=False) as where:
        with pytest.raises(UnsafeStatePath):
            read_in(where, "usage.jsonl", "usage.jsonl")
        where.unlink("usage.jsonl")  # the link itself, never its target
    assert target.read_bytes() == b"keep\n"
    assert not os.path.lexists(root / ".codepith" / "usage.jsonl")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this OS")
def test_a_fifo_in_a_state_files_place_never_blocks(root, state_way, hang_guard):
    (root / ".codepith").mkdir()
    os.mkfifo(root / ".codepith" / "usage.jsonl")
    with pytest.raises(OSError):
        open_file(root / ".codepith" / "usage.jsonl", os.O_RDONLY, root=root)
    with folder(root, ".codepith", create=False) as where:
        with pytest.raises(OSError):
            read_in(where, "usage.jsonl", "usage.jsonl")


def test_entries_and_unlink_stay_in_the_folder(root, state_way):
    for name in ("a.json", "b.json"):
        write_atomic(root / ".codepith" / "out" / name, name.encode(), root=root)
    with folder(root, ".codepith/out", create=False) as where:
        assert sorted(e.name for e in where.entries() if e.is_file(follow_symlinks=False)) == ["a.json", "b.json"]
        where.unlink("a.json")
    assert os.listdir(root / ".codepith" / "out") == ["b.json"]


# --- the way by path: what it checks after opening ---------------------------------------------


@pytest.fixture
def by_path(monkeypatch):
    """The way by path, as on Windows: no folder descriptors, and no
    ``O_NOFOLLOW`` (which would otherwise still refuse a link at the last step)."""
    monkeypatch.setattr(safeio, "DIR_FD", False)
    monkeypatch.setattr(safeio, "_NOFOLLOW", 0)


def _race_first_open(monkeypatch, path, race):
    """The first open of ``path`` goes through ``race(open_it)``, which opens
    it (``open_it()``) at the moment it chooses: the race a check before
    opening cannot see. Returns the opens of ``path``, counted."""
    real_open = os.open
    calls = []

    def racing_open(name, *args, **kwargs):
        def open_it():
            return real_open(name, *args, **kwargs)

        if os.fspath(name) != os.fspath(path):
            return open_it()
        calls.append(1)
        return race(open_it) if len(calls) == 1 else open_it()

    monkeypatch.setattr(safeio.os, "open", racing_open)
    return calls


@pytest.fixture
def state_file(root):
    path = root / ".codepith" / "state.json"
    write_atomic(path, b"{}", root=root)
    return path


@pytest.fixture
def secret(tmp_path):
    target = tmp_path / "secret"
    target.write_bytes(b"private\n")
    return target


def test_a_file_swapped_for_a_link_while_opened_is_refused(root, state_file, secret, by_path, monkeypatch):
    def swap_then_open(open_it):
        os.unlink(state_file)
        symlink(state_file, secret)
        return open_it()

    _race_first_open(monkeypatch, state_file, swap_then_open)
    with pytest.raises(UnsafeStatePath, match="swapped"):
        open_state(root, ".codepith/state.json", os.O_RDONLY)
    assert secret.read_bytes() == b"private\n"


def test_a_file_swapped_for_a_link_and_back_is_refused(root, state_file, secret, by_path, monkeypatch):
    """The link is gone again when the path is looked at after opening: the
    file opened is not the one at the path, and the one at the path is
    opened instead."""
    away = str(state_file) + ".away"

    def link_for_the_open(open_it):
        os.rename(state_file, away)
        symlink(state_file, secret)
        fd = open_it()
        os.unlink(state_file)
        os.rename(away, state_file)
        return fd

    calls = _race_first_open(monkeypatch, state_file, link_for_the_open)
    with os.fdopen(open_state(root, ".codepith/state.json", os.O_RDONLY), "rb") as f:
        assert f.read() == b"{}"
    assert len(calls) == 2


def test_a_file_replaced_by_another_writer_is_opened_again(root, state_file, by_path, monkeypatch):
    def replaced_right_after(open_it):  # another process's write_atomic lands right after this open
        fd = open_it()
        write_atomic(state_file, b"new", root=root)
        return fd

    calls = _race_first_open(monkeypatch, state_file, replaced_right_after)
    with folder(root, ".codepith", create=False) as where:
        assert read_in(where, "state.json", str(state_file)) == b"new"
    assert len(calls) == 2


def test_a_reparse_point_counts_as_a_link(root, by_path, monkeypatch):
    """On Windows a junction is not a symlink to ``S_ISLNK``, but it leads
    elsewhere just the same: any reparse point is refused."""
    (root / ".codepith").mkdir()
    real_lstat = os.lstat

    class Junction:
        def __init__(self, st):
            self.st_mode, self.st_ino, self.st_dev = st.st_mode, st.st_ino, st.st_dev
            self.st_file_attributes = stat.FILE_ATTRIBUTE_REPARSE_POINT | stat.FILE_ATTRIBUTE_DIRECTORY
            self.st_reparse_tag = 0xA0000003  # IO_REPARSE_TAG_MOUNT_POINT

    def lstat(path, *args, **kwargs):
        st = real_lstat(path, *args, **kwargs)
        return Junction(st) if os.path.basename(os.fspath(path)) == ".codepith" else st

    monkeypatch.setattr(safeio.os, "lstat", lstat)
    with pytest.raises(UnsafeStatePath):
        write_atomic(root / ".codepith" / "a.json", b"x", root=root)
    with pytest.raises(UnsafeStatePath):
        state_dir(root)
    assert os.listdir(root / ".codepith") == []


def test_a_rename_over_a_file_being_read_is_tried_again(root, by_path, monkeypatch):
    """On Windows a rename over a file another process holds open fails for
    as long as it is open: write_atomic waits for it, briefly."""
    path = root / ".codepith" / "state.json"
    write_atomic(path, b"old", root=root)
    real_replace = os.replace
    failures = []

    def busy_replace(src, dst, *args, **kwargs):
        if len(failures) < 3:
            failures.append(1)
            raise PermissionError(13, "The process cannot access the file because it is being used")
        return real_replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(statefiles.os, "replace", busy_replace)
    monkeypatch.setattr(statefiles, "_BUSY_PAUSE", 0)
    write_atomic(path, b"new", root=root)
    assert path.read_bytes() == b"new"
    assert len(failures) == 3


def test_a_rename_that_never_succeeds_fails_and_leaves_no_temporary_file(root, by_path, monkeypatch):
    path = root / ".codepith" / "state.json"
    write_atomic(path, b"old", root=root)

    def busy_replace(src, dst, *args, **kwargs):
        raise PermissionError(13, "being used by another process")

    monkeypatch.setattr(statefiles.os, "replace", busy_replace)
    monkeypatch.setattr(statefiles, "_BUSY_PAUSE", 0)
    with pytest.raises(PermissionError):
        write_atomic(path, b"new", root=root)
    assert path.read_bytes() == b"old"
    assert sorted(os.listdir(path.parent)) == [".gitignore", "state.json"]


def test_replace_in_refuses_a_special_file(root, state_way):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this OS")
    (root / "d").mkdir()
    os.mkfifo(root / "d" / "f")
    with folder(root, "d", create=False) as where:
        with pytest.raises(UnsafeStatePath, match="not a regular file"):
            replace_in(where, "f", b"x", mode=0o644, shown="d/f")


def test_a_placeholder_reparse_point_is_a_file_where_it_is(root, by_path, monkeypatch):
    """A cloud-synced placeholder (OneDrive) is a reparse point that names no
    other path: it is written like any file, not refused as a link."""
    path = root / ".codepith" / "state.json"
    write_atomic(path, b"old", root=root)
    real_lstat = os.lstat

    class Placeholder:
        def __init__(self, st):
            self.st_mode, self.st_ino, self.st_dev = st.st_mode, st.st_ino, st.st_dev
            self.st_file_attributes = stat.FILE_ATTRIBUTE_REPARSE_POINT
            self.st_reparse_tag = 0x9000001A  # IO_REPARSE_TAG_CLOUD_6: no name-surrogate bit

    monkeypatch.setattr(safeio.os, "lstat", lambda p, *a, **k: Placeholder(real_lstat(p, *a, **k)))
    monkeypatch.setattr(statefiles.os, "lstat", lambda p, *a, **k: Placeholder(real_lstat(p, *a, **k)))
    write_atomic(path, b"new", root=root)
    with folder(root, ".codepith", create=False) as where:
        assert read_in(where, "state.json", str(path)) == b"new"


def test_compress_folder_prunes_its_oldest_outputs_and_survives_a_prune_race(root, state_way, monkeypatch):
    """Only the newest outputs are kept; one that another server pruned first
    (or, on Windows, one a reader holds open) is not an error."""
    from codepith.bulk import outputs

    monkeypatch.setattr(outputs, "KEEP", 2)
    (root / "src").mkdir()
    ids = []
    long_ago = time.time() - 3600
    for n in range(3):
        (root / "src" / "m.py").write_text(f"def f{n}():\n    return {n}\n")
        ids.append(outputs.compress_folder(root, "src").id)
        stored = root / ".codepith" / "outputs" / f"{ids[-1]}.json"
        os.utime(stored, (long_ago + n, long_ago + n))  # distinct times, whatever the clock's grain
    assert sorted(os.listdir(root / ".codepith" / "outputs")) == sorted(i + ".json" for i in ids[1:])

    def gone(self, name):
        raise FileNotFoundError(2, "No such file or directory", name)

    monkeypatch.setattr(statefiles.Folder, "unlink", gone)
    (root / "src" / "m.py").write_text("def g():\n    return 3\n")
    newest = outputs.compress_folder(root, "src")
    assert outputs.read_part(root, newest.id, 1)[0].count("def g():") == 1
