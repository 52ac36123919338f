"""Every error of the command line is one line on standard error, with a documented exit code."""

import errno
import os
import subprocess
import sys

import pytest

from codepith.cli import main
from helpers import subprocess_env

PY = "def f(a):\n    b = a * 2\n    return b\n"


@pytest.fixture(autouse=True)
def _no_debug(monkeypatch):
    monkeypatch.delenv("CODEPITH_DEBUG", raising=False)


@pytest.fixture
def tree(tmp_path):
    root = tmp_path / "proj"
    root.mkdir()
    (root / "a.py").write_text(PY)
    (root / "b.py").write_text(PY)
    return root


def run(capsys, *args):
    capsys.readouterr()
    rc = main(list(args))
    captured = capsys.readouterr()
    return rc, captured.out, captured.err


def one_error_line(err, *needles):
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("codepith: error: "), err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in lines[0], (needle, err)
    return lines[0]


# --------------------------------------------------------------------------- output paths


@pytest.mark.parametrize("single", [False, True], ids=["folder", "one-file"])
def test_an_output_in_a_missing_folder_is_one_line_naming_it(tree, tmp_path, capsys, single):
    target = tmp_path / "no" / "such" / "dir" / "out.md"
    source = tree / "a.py" if single else tree
    rc, out, err = run(capsys, "compress", str(source), "--no-cache", "-q", "-o", str(target))
    assert rc == 1
    assert out == ""
    one_error_line(err, str(target), "No such file or directory", "-o")


def test_the_console_script_prints_no_traceback_for_an_unwritable_output(tree, tmp_path):
    target = tmp_path / "missing" / "out.md"
    proc = subprocess.run(
        [sys.executable, "-m", "codepith", "compress", str(tree), "-o", str(target)],
        capture_output=True,
        text=True,
        env=subprocess_env(tmp_path),
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 1
    one_error_line(proc.stderr, str(target))


@pytest.mark.parametrize("single", [False, True], ids=["folder", "one-file"])
def test_an_output_that_is_a_folder_is_one_line(tree, tmp_path, capsys, single):
    source = tree / "a.py" if single else tree
    rc, out, err = run(capsys, "compress", str(source), "--no-cache", "-q", "-o", str(tmp_path))
    assert rc == 1 and out == ""
    one_error_line(err, str(tmp_path), "folder")


def test_an_output_below_a_file_is_one_line(tree, tmp_path, capsys):
    target = tree / "a.py" / "out.md"
    rc, _out, err = run(capsys, "compress", str(tree), "--no-cache", "-q", "-o", str(target))
    assert rc == 1
    one_error_line(err, str(target), "Not a directory")
    assert (tree / "a.py").read_text() == PY


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root may write a read-only file")
def test_a_read_only_output_file_is_one_line(tree, tmp_path, capsys):
    target = tmp_path / "ro.md"
    target.write_text("keep\n")
    target.chmod(0o444)
    rc, _out, err = run(capsys, "compress", str(tree), "--no-cache", "-q", "-o", str(target))
    assert rc == 1
    one_error_line(err, str(target), "Permission denied")


def test_a_report_in_a_missing_folder_fails_before_any_output_is_left(tree, tmp_path, capsys):
    target = tmp_path / "out.md"
    report = tmp_path / "missing" / "report.json"
    rc, _out, err = run(capsys, "compress", str(tree), "--no-cache", "-q", "-o", str(target), "--report", str(report))
    assert rc == 1
    one_error_line(err, str(report), "--report")
    assert not target.exists()


def test_a_run_that_fails_half_way_leaves_no_half_written_output(tree, tmp_path, capsys, monkeypatch):
    import codepith.render.formats as formats

    def broken(self, r):
        raise OSError(errno.ENOSPC, "No space left on device", str(target))

    target = tmp_path / "out.md"
    monkeypatch.setattr(formats.MarkdownWriter, "file", broken)
    rc, _out, err = run(capsys, "compress", str(tree), "--no-cache", "-q", "-j", "1", "-o", str(target))
    assert rc == 1
    one_error_line(err, str(target), "No space left on device")
    assert not target.exists()


# --------------------------------------------------------------------------- the last resort


def test_an_unexpected_error_is_one_line_calling_itself_a_bug(tree, capsys, monkeypatch):
    import codepith.cli.compress as face

    def boom(*a, **kw):
        raise RuntimeError("the sky fell")

    monkeypatch.setattr(face, "compress_tree", boom)
    rc, _out, err = run(capsys, "compress", str(tree), "--no-cache", "-q")
    assert rc == 1
    one_error_line(err, "bug in codepith", "RuntimeError", "the sky fell", "report", "CODEPITH_DEBUG=1")


def test_codepith_debug_shows_the_traceback(tree, capsys, monkeypatch):
    import codepith.cli.compress as face

    def boom(*a, **kw):
        raise RuntimeError("the sky fell")

    monkeypatch.setattr(face, "compress_tree", boom)
    monkeypatch.setenv("CODEPITH_DEBUG", "1")
    rc, _out, err = run(capsys, "compress", str(tree), "--no-cache", "-q")
    assert rc == 1
    assert "Traceback" in err and "RuntimeError: the sky fell" in err
    assert err.rstrip().splitlines()[-1].startswith("codepith: error: ")


def test_an_os_error_anywhere_is_one_line_naming_the_file(tree, capsys, monkeypatch):
    import codepith.cli.compress as face

    def boom(*a, **kw):
        raise PermissionError(errno.EACCES, "Permission denied", "/some/where")

    monkeypatch.setattr(face, "compress_tree", boom)
    rc, _out, err = run(capsys, "compress", str(tree), "--no-cache", "-q")
    assert rc == 1
    one_error_line(err, "/some/where: Permission denied")


def test_usage_errors_are_one_line_with_exit_code_2(tree, capsys):
    for args, needle in ([["--jobs", "0"], "--jobs"], [["--frob"], "--frob"], [["--format", "yaml"], "--format"]):
        rc, out, err = run(capsys, "compress", str(tree), "--no-cache", *args)
        assert rc == 2 and out == ""
        one_error_line(err, needle, "codepith compress --help")


def test_help_documents_the_exit_codes(capsys):
    rc, out, _err = run(capsys, "--help")
    assert rc == 0
    text = " ".join(out.split())
    assert "Exit codes:" in text
    for code in ("0 success", "1 a codepith error", "2 a usage error", "130 interrupted"):
        assert code in text, code


def test_the_chart_path_is_checked_before_the_measurement(tree, tmp_path, capsys, monkeypatch):
    pytest.importorskip("matplotlib")
    import codepith.cli.ratios as face

    def never(*a, **kw):
        raise AssertionError("measured before the chart path was checked")

    monkeypatch.setattr(face, "measure_ratios", never)
    target = tmp_path / "missing" / "ratios.png"
    rc, _out, err = run(capsys, "ratios", str(tree), "--no-cache", "--chart", str(target))
    assert rc == 1
    one_error_line(err, str(target), "--chart")


def test_a_failed_run_never_removes_an_output_that_is_not_its_own_file(tree, tmp_path, capsys):
    # -o /dev/null, a FIFO or a file that took the output's place is not the run's to remove
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # so that opening it to write does not wait
    try:
        rc, _out, err = run(
            capsys,
            "compress",
            str(tree),
            "--no-cache",
            "-q",
            "-o",
            str(fifo),
            "--report",
            str(tmp_path / "missing" / "r.json"),
        )
    finally:
        os.close(reader)
    assert rc == 1
    one_error_line(err, "r.json")
    assert fifo.exists()


def test_an_output_that_is_an_input_or_the_report_is_refused(tree, tmp_path, capsys):
    src = tree / "a.py"
    for args in (
        ["compress", str(src), "-o", str(src)],
        ["compress", str(src), str(tree / "b.py"), "-o", str(src)],
        ["compress", str(tree), "--report", str(src), "--format", "json", str(src)],
    ):
        rc, out, err = run(capsys, *args, "--no-cache", "-q")
        assert rc == 2 and out == ""
        one_error_line(err, "overwrite")
    assert src.read_text() == PY and (tree / "b.py").read_text() == PY
    same = tmp_path / "same.json"
    rc, _out, err = run(capsys, "compress", str(tree), "-o", str(same), "--report", str(same), "--no-cache")
    assert rc == 2
    one_error_line(err, "same file", str(same))
