"""The shared append-only logs: locked appends, torn lines, state files never followed out of the root."""

from __future__ import annotations

import json
import os

import pytest

from codepith.core import jsonl
from codepith.core.safeio import NotRegularFile, UnsafeStatePath


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
