"""The console script and its thin commands."""

import subprocess
import sys

import codepith
from codepith.cli import main


def test_help_and_version(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "Usage:" in out and "sizes" in out
    assert main(["--version"]) == 0
    assert codepith.__version__ in capsys.readouterr().out


def test_console_script_runs():
    out = subprocess.run(
        [sys.executable, "-m", "codepith", "--version"], capture_output=True, text=True, check=True
    ).stdout
    assert codepith.__version__ in out


def test_sizes_counts_exactly(tmp_path, capsys):
    source = "def f():\n    return 'héllo'\n"
    (tmp_path / "a.py").write_text(source, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not code\n")
    assert main(["sizes", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.endswith("a.py"))
    lang, nbytes, lines, tokens, _ = row.split()
    assert (lang, int(nbytes), int(lines)) == ("python", len(source.encode()), 2)
    assert int(tokens) == codepith.count_tokens(source)
    assert "notes.txt" not in out
    assert "1 files" in out


def test_usage_error_exit_code(capsys):
    assert main(["sizes", "/nonexistent/path"]) == 2
    assert "does not exist" in capsys.readouterr().err
