"""Locked appends: ``flock`` on POSIX, portalocker elsewhere (the same lock:
they interoperate), and no POSIX-only module imported at module level
anywhere in codepith, so every module imports on Windows."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import portalocker
import portalocker.portalocker as backend
import pytest

import codepith
from codepith.fs import jsonl, locking
from codepith.fs.locking import exclusive
from codepith.memory.usage import Injection, UsageLog, log_injection

SRC = Path(codepith.__file__).parent
POSIX_ONLY = {"fcntl", "termios", "tty", "pty", "pwd", "grp"}


#: the one place a platform module is imported, inside the function that checks the platform first
PLATFORM_IMPORTS = {("fs/locking.py", "fcntl")}


def _imports(node) -> list[str]:
    return (
        [a.name for a in node.names]
        if isinstance(node, ast.Import)
        else [node.module or ""]
        if isinstance(node, ast.ImportFrom)
        else []
    )


def test_no_module_of_codepith_imports_a_posix_only_module_at_module_level():
    found = []
    for path in SRC.rglob("*.py"):
        rel = path.relative_to(SRC).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inside = {
            id(n) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) for n in ast.walk(f)
        }
        for node in ast.walk(tree):
            for name in _imports(node):
                if name.split(".")[0] not in POSIX_ONLY | {"msvcrt"}:
                    continue
                if id(node) not in inside or (rel, name) not in PLATFORM_IMPORTS:
                    found.append(f"{rel}: {name}")
    assert found == []


def test_every_module_of_codepith_imports_without_posix_only_modules():
    """As on Windows: fcntl and friends missing, every module still imports."""
    script = (
        "import sys, pkgutil, importlib\n"
        f"for name in {sorted(POSIX_ONLY)!r}:\n"
        "    sys.modules[name] = None\n"
        "import codepith\n"
        "for m in pkgutil.walk_packages(codepith.__path__, 'codepith.'):\n"
        "    if m.name.rsplit('.', 1)[-1].startswith('_') or m.name.endswith('__main__'):\n"
        "        continue\n"
        "    importlib.import_module(m.name)\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "ok"


@pytest.mark.skipif(os.name != "posix", reason="the flock path is POSIX's")
def test_a_locked_append_on_posix_does_not_load_portalocker(tmp_path):
    script = (
        "import sys\nfrom codepith.fs import jsonl\n"
        f"jsonl.append({str(tmp_path / 'a.jsonl')!r}, {{'n': 1}})\n"
        "print('portalocker' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "False"


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
    """portalocker's path, as on Windows, with a recording locker plugged in."""
    locker = RecordingLocker()
    monkeypatch.setattr(locking, "USE_FLOCK", False)
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
    log_injection(log, Injection("q", ["a"], 1, 9, "o200k_base", []), UsageLog(source="test"), root=root)
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
    return subprocess.run(
        [sys.executable, "-c", _HOLD_CHECK, str(path)], capture_output=True, text=True, check=True, timeout=120
    ).stdout.strip()


@pytest.mark.parametrize("flock", [True, False], ids=["flock", "portalocker"])
def test_another_process_cannot_take_the_lock_while_an_append_holds_it(tmp_path, monkeypatch, flock):
    monkeypatch.setattr(locking, "USE_FLOCK", flock and os.name == "posix")
    log = tmp_path / "a.jsonl"
    with jsonl.locked(log) as fd:
        assert other_process_sees(log) == "held"
        jsonl.write(fd, [{"n": 1}])
    assert other_process_sees(log) == "free"
    assert list(jsonl.read(log)) == [{"n": 1}]


@pytest.mark.parametrize("flock", [True, False], ids=["flock", "portalocker"])
def test_exclusive_releases_the_lock_when_the_block_fails(tmp_path, monkeypatch, flock):
    monkeypatch.setattr(locking, "USE_FLOCK", flock and os.name == "posix")
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


@pytest.mark.parametrize("flock", [True, False], ids=["flock", "portalocker"])
def test_a_lock_with_a_timeout_gives_up_while_another_holds_it(tmp_path, monkeypatch, flock):
    """The recall index's writers wait a bounded time: a holder that never lets
    go makes the wait end with LockTimeout, and a free lock is taken at once."""
    monkeypatch.setattr(locking, "USE_FLOCK", flock and os.name == "posix")
    path = tmp_path / "f"
    path.write_text("")
    holder, waiter = os.open(path, os.O_RDWR), os.open(path, os.O_RDWR)  # two open files: two lockers
    try:
        with exclusive(holder):
            with pytest.raises(locking.LockTimeout, match="over 0.2 s"):
                with exclusive(waiter, timeout=0.2):
                    pass
        with exclusive(waiter, timeout=0.2):
            assert other_process_sees(path) == "held"
        assert other_process_sees(path) == "free"
    finally:
        os.close(holder)
        os.close(waiter)
