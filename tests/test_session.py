"""The session event log: fold, recording of plans, paths, concurrency."""

from __future__ import annotations

import json
import multiprocessing
import os

import pytest

from codepith.errors import CodepithError, InvalidOption
from codepith.pressure.session import LOG_NAME, Session

A = "import b\n\n\ndef run(x):\n    y = b.helper(x)\n    z = y * 2\n    return z + 1\n"
B = "def helper(x):\n    a = x + 1\n    b = a * 3\n    return b - 2\n"
C = "def other(x):\n    a = x + 1\n    b = a * 3\n    return b - 2\n"


@pytest.fixture
def project(tmp_path):
    for name, text in (("a.py", A), ("b.py", B), ("c.py", C), ("notes.txt", "remember\n" * 50)):
        (tmp_path / name).write_text(text)
    return tmp_path


def test_turns_tracks_and_state_survive_a_new_session(project):
    s = Session(project)
    assert s.state().turn == 0
    assert s.start_turn() == 1
    s.track("a.py")
    s.start_turn()
    s.track("./b.py", pinned=True, importance=0.5)
    s.track(str(project / "a.py"), edited=True)
    state = Session(project).state()
    assert state.turn == 2
    assert sorted(state.files) == ["a.py", "b.py"]
    assert state.files["a.py"].last_edited == 2 and state.files["a.py"].last_read == 2
    assert state.files["b.py"].pinned and state.files["b.py"].importance == 0.5
    s.track("b.py")  # reading again keeps the pin
    assert Session(project).state().files["b.py"].pinned
    assert s.untrack("b.py") and not s.untrack("b.py")
    assert sorted(Session(project).state().files) == ["a.py"]


def test_torn_or_foreign_lines_are_skipped(project):
    s = Session(project)
    s.start_turn()
    s.track("a.py")
    with open(project / LOG_NAME, "a") as f:
        f.write('{"event": "track", "pa\n{"event": "mystery"}\n[1, 2]\n{"event": "turn"}\n')
    s.start_turn()
    state = s.state()
    assert state.turn == 2 and list(state.files) == ["a.py"]
    assert state.skipped == 4  # the torn line, the unknown event, the array, the turn without a number


def test_plan_is_recorded_and_vanished_files_leave(project):
    s = Session(project)
    for name in ("notes.txt", "c.py", "b.py", "a.py"):
        s.start_turn()
        s.track(name)
    for _ in range(5):
        s.start_turn()
    os.unlink(project / "b.py")
    plan = s.optimize(1)  # everything must go: compress, then evict
    d = {x.path: x for x in plan.decisions}
    assert d["b.py"].action == "evict" and "no longer readable" in d["b.py"].reason
    assert d["notes.txt"].action == "evict"
    assert Session(project).state().files == {}
    events = [json.loads(line) for line in (project / LOG_NAME).read_text().splitlines()]
    assert events[-1]["event"] == "plan" and events[-1]["limit"] == 1


def test_compressed_files_stay_tracked_at_their_level(project):
    s = Session(project)
    s.start_turn()
    s.track("a.py")
    s.track("c.py")
    for _ in range(6):
        s.start_turn()
    used = s.optimize(10**6).used_tokens
    plan = s.optimize(used, pressure=0.9, target=0.8)
    levels = {x.path: x.level for x in plan.decisions if x.action == "compress"}
    assert levels
    state = s.state()
    for path, level in levels.items():
        assert state.files[path].level == level
    # the next plan starts from the compressed form
    again = {x.path: x for x in s.optimize(10**6).decisions}
    after = {x.path: x.tokens_after for x in plan.decisions}
    for path in levels:
        assert again[path].tokens_before == after[path]
    s.track(next(iter(levels)))  # read again: whole
    assert s.state().files[next(iter(levels))].level == "full"


def test_files_imported_by_a_recent_edit_are_less_stale(project):
    s = Session(project)
    s.start_turn()
    s.track("b.py")
    s.track("c.py")
    for _ in range(4):
        s.start_turn()
    s.track("a.py", edited=True)  # a.py imports b.py
    st = {x.path: x.staleness for x in s.optimize(10**6).decisions}
    assert 0 < st["b.py"] < st["c.py"]


def test_paths_are_checked(project, tmp_path_factory):
    s = Session(project)
    outside = tmp_path_factory.mktemp("o")
    (outside / "x.py").write_text("x = 1\n")
    (project / "escape.py").symlink_to(outside / "x.py")
    os.mkfifo(project / "pipe.py")
    for bad, message in (
        ("../x.py", "outside the project root"),
        (str(outside / "x.py"), "outside the project root"),
        ("escape.py", "outside the project root"),
        ("missing.py", "no such file"),
        ("pipe.py", "not a regular file"),
        ("", "bad path"),
    ):
        with pytest.raises(CodepithError, match=message):
            s.track(bad)
    for bad in ("../x.py", "", "a\0.py"):  # a bad argument names its parameter
        with pytest.raises(InvalidOption) as info:
            s.track(bad)
        assert info.value.parameter == "path"
    with pytest.raises(InvalidOption, match="^importance=: must be between 0 and 1, got 3"):
        s.track("a.py", importance=3)
    with pytest.raises(InvalidOption, match="^root=: .*not a directory"):
        Session(project / "a.py")
    with pytest.raises(InvalidOption, match="^limit=: must be a positive number"):
        s.optimize(0)


def _turns(root, n):
    s = Session(root)
    for _ in range(n):
        s.start_turn()
        s.track("a.py")


def test_concurrent_processes_lose_no_event(project):
    procs = [multiprocessing.get_context("forkserver").Process(target=_turns, args=(project, 10)) for _ in range(8)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    events = [json.loads(line) for line in (project / LOG_NAME).read_text().splitlines()]
    assert sorted(e["turn"] for e in events if e["event"] == "turn") == list(range(1, 81))
    assert sum(e["event"] == "track" for e in events) == 80


@pytest.mark.parametrize("linked", [".codepith", LOG_NAME])
def test_the_session_log_is_never_written_through_a_symlink(project, tmp_path_factory, linked):
    home = tmp_path_factory.mktemp("home")
    rc = home / "session.jsonl"
    rc.write_text("# my shell settings\n")
    if linked == ".codepith":
        (project / ".codepith").symlink_to(home)
    else:
        (project / ".codepith").mkdir()
        (project / LOG_NAME).symlink_to(rc)
    s = Session(project)
    for call in (s.start_turn, s.state, lambda: s.track("a.py")):
        with pytest.raises(CodepithError, match="symlink") as info:
            call()
        assert str(project / LOG_NAME) in str(info.value) and "remove the link" in str(info.value)
    assert rc.read_text() == "# my shell settings\n"


def test_the_session_log_lives_in_a_state_folder_git_ignores(project):
    Session(project).start_turn()
    assert (project / ".codepith" / ".gitignore").read_text().splitlines()[-1] == "*"


def test_a_file_swapped_for_a_fifo_after_its_check_never_blocks_a_read(project, monkeypatch, hang_guard):
    import codepith.pressure.session

    os.mkfifo(project / "swapped.py")
    # the check saw a regular file; by the time of the read it is a FIFO
    monkeypatch.setattr(codepith.pressure.session, "file_kind", lambda path: "file")
    s = Session(project)
    with pytest.raises(CodepithError, match="not a regular file"):
        s.read("swapped.py")
    s.track("a.py")
    s.track("swapped.py")  # tracked while it looked like a file
    plan = s.optimize(10**6)
    gone = [d for d in plan.decisions if d.path == "swapped.py"]
    assert gone[0].action == "evict" and "not a regular file" in gone[0].reason
