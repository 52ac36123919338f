"""Locked appends through portalocker: the same lock on POSIX and Windows,
and no POSIX-only module imported anywhere in codepith."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import portalocker
import portalocker.portalocker as backend
import pytest

import codepith
from codepith.core import jsonl
from codepith.core.locking import exclusive
from codepith.memory.usage import log_injection

SRC = Path(codepith.__file__).parent
POSIX_ONLY = {"fcntl", "termios", "tty", "pty", "pwd", "grp"}


def test_no_module_of_codepith_imports_a_posix_only_module():
    found = []
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{path.relative_to(SRC)}: {n}" for n in names if n.split(".")[0] in POSIX_ONLY | {"msvcrt"}]
    assert found == []


class RecordingLocker(backend.BaseLocker):
    """A locker as portalocker's Windows one is plugged in (a BaseLocker):
    records each call with the file's size at that moment."""

    def __init__(self):
        self.calls = []

    def lock(self, file_obj, flags):
        self.calls.append(("lock", file_obj, flags, os.fstat(file_obj).st_size))

    def unlock(self, file_obj):
        self.calls.append(("unlock", file_obj, None, os.fstat(file_obj).st_size))


@pytest.fixture
def recording(monkeypatch):
    locker = RecordingLocker()
    monkeypatch.setattr(backend, "LOCKER", locker)
    return locker


def test_an_append_is_written_between_lock_and_unlock_through_the_library_api(tmp_path, recording):
    log = tmp_path / "a.jsonl"
    jsonl.append(log, {"n": 1})
    jsonl.append(log, {"n": 2})
    assert [c[0] for c in recording.calls] == ["lock", "unlock", "lock", "unlock"]
    first_lock, first_unlock, second_lock, second_unlock = recording.calls
    assert first_lock[2] == portalocker.LockFlags.EXCLUSIVE  # blocking and exclusive: msvcrt's LK_LOCK on Windows
    assert first_lock[3] == 0 and first_unlock[3] == len(b'{"n":1}\n')  # the line went in while locked
    assert second_lock[3] == first_unlock[3] and second_unlock[3] == log.stat().st_size
    assert list(jsonl.read(log)) == [{"n": 1}, {"n": 2}]


def test_the_usage_log_and_its_salt_are_written_under_the_lock(tmp_path, recording):
    root = tmp_path / "project"
    root.mkdir()
    log = root / ".codepith" / "usage.jsonl"
    log_injection(log, query="q", items=["a"], tokens=1, budget=9, encoding="o200k_base", paths=[],
                  source="test", root=root)
    kinds = [c[0] for c in recording.calls]
    assert kinds == ["lock", "unlock", "lock", "unlock"]  # the salt, then the log
    salt_unlock = recording.calls[1]
    assert salt_unlock[3] == 65  # 32 bytes as hex and a newline, written under the lock
    assert len(list(jsonl.read(log))) == 1


_HOLD_CHECK = """
import sys, portalocker
with open(sys.argv[1], "a") as f:
    try:
        portalocker.lock(f, portalocker.LockFlags.EXCLUSIVE | portalocker.LockFlags.NON_BLOCKING)
    except portalocker.AlreadyLocked:
        print("held")
    else:
        print("free")
"""


def other_process_sees(path) -> str:
    return subprocess.run([sys.executable, "-c", _HOLD_CHECK, str(path)], capture_output=True, text=True,
                          check=True, timeout=120).stdout.strip()


def test_another_process_cannot_take_the_lock_while_an_append_holds_it(tmp_path):
    log = tmp_path / "a.jsonl"
    with jsonl.locked(log) as fd:
        assert other_process_sees(log) == "held"
        jsonl.write(fd, [{"n": 1}])
    assert other_process_sees(log) == "free"
    assert list(jsonl.read(log)) == [{"n": 1}]


def test_exclusive_releases_the_lock_when_the_block_fails(tmp_path):
    path = tmp_path / "f"
    path.write_text("")
    fd = os.open(path, os.O_RDWR)
    try:
        with pytest.raises(RuntimeError):
            with exclusive(fd):
                raise RuntimeError("boom")
        assert other_process_sees(path) == "free"
    finally:
        os.close(fd)
