"""Inputs opened without hanging; state written only below the root, never through a link."""

import os
import subprocess

import pytest

from codepith.bulk.run import compress_tree
from codepith.fs.safeio import NotRegularFile, UnsafeStatePath, open_state, read_regular, state_dir


def test_read_regular_reads_a_file(tmp_path):
    p = tmp_path / "a.py"
    p.write_bytes(b"x = 1\n\xff")
    assert read_regular(p) == b"x = 1\n\xff"


def test_read_regular_never_blocks_on_a_fifo(tmp_path):
    fifo = tmp_path / "f.py"
    os.mkfifo(fifo)  # no writer: a blocking open would hang forever
    with pytest.raises(NotRegularFile) as info:
        read_regular(fifo)
    assert info.value.reason == "not-a-file"


def test_read_regular_refuses_past_its_limit(tmp_path):
    p = tmp_path / "big.py"
    p.write_bytes(b"x" * 101)
    with pytest.raises(NotRegularFile) as info:
        read_regular(p, max_bytes=100)
    assert info.value.reason == "too-large"
    assert read_regular(p, max_bytes=101) == b"x" * 101


def test_state_dir_is_created_with_a_gitignore_that_keeps_it_out_of_git(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / "a.py").write_text("x = 1\n")
    state_dir(tmp_path)
    (tmp_path / ".codepith" / "usage.jsonl").write_text("{}\n")
    subprocess.run(["git", "-C", str(tmp_path), "add", "-A"], check=True)
    staged = subprocess.run(
        ["git", "-C", str(tmp_path), "diff", "--cached", "--name-only"], check=True, capture_output=True, text=True
    ).stdout.split()
    assert staged == ["a.py"]


def test_a_symlinked_state_folder_is_refused(tmp_path, state_way):
    outside = tmp_path / "outside"
    outside.mkdir()
    root = tmp_path / "root"
    root.mkdir()
    (root / ".codepith").symlink_to(outside)
    with pytest.raises(UnsafeStatePath):
        open_state(root, ".codepith/audit.jsonl", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    assert list(outside.iterdir()) == []


def test_a_symlinked_state_file_is_refused(tmp_path, state_way):
    target = tmp_path / "rc"
    target.write_text("keep\n")
    root = tmp_path / "root"
    (root / ".codepith").mkdir(parents=True)
    (root / ".codepith" / "usage.jsonl").symlink_to(target)
    with pytest.raises(UnsafeStatePath):
        open_state(root, ".codepith/usage.jsonl", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    assert target.read_text() == "keep\n"


def test_state_folder_is_never_an_input(tmp_path):
    (tmp_path / "a.py").write_text("def f():\n    return 1\n")
    (tmp_path / ".codepith").mkdir()
    (tmp_path / ".codepith" / "symbols.json").write_text("{}")
    (tmp_path / ".codepith" / "usage.jsonl").write_text('{"prompt": "secret"}\n')
    results = {r.path: r for r in compress_tree(tmp_path, cache=False, jobs=1)}
    assert results[".codepith"].action == "ignored:codepith-state"
    assert results[".codepith"].files == 2
    assert all(not p.startswith(".codepith/") for p in results)
    assert results["a.py"].action == "compressed"
