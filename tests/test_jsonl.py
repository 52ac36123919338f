"""The shared append-only logs: locked appends, torn lines, state files never followed out of the root."""

from __future__ import annotations

import contextlib
import json
import os

import pytest

from codepith.fs import jsonl, statefiles
from codepith.fs.safeio import NotRegularFile, UnsafeStatePath


def test_an_append_after_a_torn_last_line_starts_on_a_fresh_line(tmp_path):
    log = tmp_path / "log.jsonl"
    log.write_text('{"n": 1}\n{"n": 2, "torn')  # a crash left no final newline
    jsonl.append(log, {"n": 3})
    jsonl.append(log, {"n": 4})
    assert [r["n"] for r in jsonl.read(log)] == [1, 3, 4]
    assert log.read_text().endswith('"torn\n{"n":3}\n{"n":4}\n')


def test_an_append_to_an_empty_or_whole_file_adds_no_blank_line(tmp_path):
    log = tmp_path / "log.jsonl"
    log.write_text("")
    jsonl.append(log, {"n": 1})
    jsonl.append(log, {"n": 2})
    assert log.read_text() == '{"n":1}\n{"n":2}\n'


def test_a_record_with_a_lone_surrogate_is_written_as_an_escape(tmp_path):
    log = tmp_path / "log.jsonl"
    jsonl.append(log, {"path": "n\udce9.py", "ok": "é"})
    raw = log.read_bytes()
    raw.decode("utf-8")  # valid UTF-8 on disk
    assert [r["path"] for r in jsonl.read(log)] == ["n\udce9.py"]


@pytest.mark.parametrize("linked", [".codepith", ".codepith/usage.jsonl"])
def test_a_state_log_is_never_appended_through_a_symlink(tmp_path, linked):
    rc = tmp_path / "home" / ".bashrc"
    rc.parent.mkdir()
    rc.write_text("export PATH=/usr/bin\n")
    root = tmp_path / "repo"
    root.mkdir()
    if linked == ".codepith":
        (root / ".codepith").symlink_to(rc.parent)
        log = root / ".codepith" / ".bashrc"
    else:
        (root / ".codepith").mkdir()
        (root / ".codepith" / "usage.jsonl").symlink_to(rc)
        log = root / ".codepith" / "usage.jsonl"
    with pytest.raises(UnsafeStatePath) as info:
        jsonl.append(log, {"x": 1}, root=root)
    assert str(log) in str(info.value) and "symlink" in str(info.value)
    with pytest.raises(UnsafeStatePath):
        list(jsonl.read(log, root=root))
    assert rc.read_text() == "export PATH=/usr/bin\n"


def test_a_state_log_below_the_root_is_created_with_the_state_gitignore(tmp_path):
    jsonl.append(tmp_path / ".codepith" / "a.jsonl", {"x": 1}, root=tmp_path)
    assert (tmp_path / ".codepith" / ".gitignore").read_text().splitlines()[-1] == "*"
    assert list(jsonl.read(tmp_path / ".codepith" / "a.jsonl", root=tmp_path)) == [{"x": 1}]


def test_a_log_outside_the_root_is_opened_as_named(tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    elsewhere = tmp_path / "logs" / "audit.jsonl"
    jsonl.append(elsewhere, {"x": 1}, root=root)
    assert json.loads(elsewhere.read_text()) == {"x": 1}


def test_a_fifo_named_as_a_log_never_blocks(tmp_path, hang_guard):
    fifo = tmp_path / "audit.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(NotRegularFile):
        jsonl.append(fifo, {"x": 1})
    with pytest.raises(NotRegularFile):
        list(jsonl.read(fifo))


class MandatoryLocks:
    """Locks as Windows has them: while a descriptor holds one, reading the
    file through any other descriptor fails (a lock violation)."""

    def __init__(self, monkeypatch):
        from codepith.fs import jsonl as module
        from codepith.fs import locking

        self.held: set[int] = set()
        self.refused = 0
        real_read, real_exclusive = os.read, locking.exclusive

        @contextlib.contextmanager
        def exclusive(fd):
            with real_exclusive(fd):
                self.held.add(fd)
                try:
                    yield fd
                finally:
                    self.held.discard(fd)

        def read(fd, n):
            if self.held and fd not in self.held and any(os.path.sameopenfile(fd, h) for h in self.held):
                self.refused += 1
                raise PermissionError(
                    13, "The process cannot access the file because another process has locked a portion of the file"
                )
            return real_read(fd, n)

        monkeypatch.setattr(module, "exclusive", exclusive)
        monkeypatch.setattr(module.os, "read", read)
        monkeypatch.setattr(module, "LOCKS_BAR_READS", True)
        monkeypatch.setattr(statefiles, "_BUSY_PAUSE", 0)


def test_the_session_reads_its_log_through_the_locked_descriptor(tmp_path, monkeypatch):
    """Under locks that bar other readers (Windows), every session call still
    works: the log is read through the descriptor that holds the lock."""
    from codepith.pressure.session import Session

    locks = MandatoryLocks(monkeypatch)
    (tmp_path / "a.py").write_text("def f():\n    return 1\n")
    session = Session(tmp_path)
    assert session.start_turn() == 1
    session.track("a.py")
    assert session.start_turn() == 2
    assert set(session.state().files) == {"a.py"}
    assert locks.refused == 0


def test_a_read_by_path_waits_for_another_writers_lock(tmp_path, monkeypatch):
    from codepith.fs import jsonl as module

    locks = MandatoryLocks(monkeypatch)
    log = tmp_path / "a.jsonl"
    module.append(log, {"n": 1})
    real_sleep = statefiles.time.sleep
    with module.locked(log) as fd:
        module.write(fd, [{"n": 2}])

        def sleep(seconds):  # the other writer lets go while the reader waits
            locks.held.discard(fd)
            real_sleep(0)

        monkeypatch.setattr(statefiles.time, "sleep", sleep)
        assert list(module.read(log)) == [{"n": 1}, {"n": 2}]
    assert locks.refused == 1


def test_a_read_refused_for_good_is_an_error_after_its_tries(tmp_path, monkeypatch):
    from codepith.fs import jsonl as module

    locks = MandatoryLocks(monkeypatch)
    log = tmp_path / "a.jsonl"
    module.append(log, {"n": 1})
    with module.locked(log):
        with pytest.raises(PermissionError):
            list(module.read(log))
    assert locks.refused == statefiles._BUSY_TRIES
