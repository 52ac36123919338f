"""Task profiles of ``codepith pack`` on hostile configuration files: one
error line, never a traceback or a hang."""

import os
import subprocess
import sys

import pytest

HANG_GUARD = 60  # seconds; only a run that hangs gets anywhere near it


@pytest.mark.parametrize(
    "toml, words",
    [
        ('[profiles.p]\nmode = "compact"\npr_paths = [1, 2]\n', "pr_paths must be a list of file paths"),
        ('[profiles.p]\nmode = "compact"\nrequired = [["a.py"]]\n', "required must be a list of file paths"),
        ("profiles = 3\n", "[profiles] must be a table"),
    ],
)
def test_malformed_profile_is_one_error(root, audit, toml, words):
    (root / ".codepith.toml").write_text(toml)
    proc = subprocess.run(
        [sys.executable, "-m", "codepith", "pack", str(root), "--profile", "p", "--audit", str(audit)],
        capture_output=True,
        timeout=HANG_GUARD,
    )
    assert proc.returncode == 2 and proc.stdout == b""
    assert b"Traceback" not in proc.stderr and words.encode() in proc.stderr


@pytest.mark.parametrize("toml", ["[tool]\ncodepith = 1\n", "tool = 1\n"])
def test_malformed_pyproject_is_one_error(root, audit, toml):
    (root / "pyproject.toml").write_text(toml)
    proc = subprocess.run(
        [sys.executable, "-m", "codepith", "pack", str(root), "--profile", "p", "--audit", str(audit)],
        capture_output=True,
        timeout=HANG_GUARD,
    )
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr and b"must be a table" in proc.stderr


def test_profile_file_that_is_a_fifo_does_not_hang(root, audit):
    os.mkfifo(root / ".codepith.toml")
    proc = subprocess.run(
        [sys.executable, "-m", "codepith", "pack", str(root), "--profile", "p", "--audit", str(audit)],
        capture_output=True,
        timeout=HANG_GUARD,
    )
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr and b".codepith.toml" in proc.stderr
