"""``codepith compress`` on directories: output, summary, errors, terminals."""

import json
import os
import pty
import select
import stat
import subprocess
import sys
import threading

import pytest

import codepith
from codepith.cli import main
from helpers import physical_files, subprocess_env, write

PY = "def f(a):\n    b = a * 2\n    return b\n"
TS = "export function g(a: number): number {\n  const b = a * 2;\n  return b;\n}\n"


@pytest.fixture
def tree(tmp_path):
    root = tmp_path / "proj"
    write(root, "a.py", PY)
    write(root, "src/b.ts", TS)
    write(root, "notes.md", "# notes\n")
    write(root, ".gitignore", "*.log\n")
    write(root, "debug.log", "log\n")
    return root


def codepith_cmd(*args):
    return [sys.executable, "-m", "codepith", "compress", *args]


# --------------------------------------------------------------------------- one file, many files


def test_a_single_file_still_writes_the_raw_compressed_file(tmp_path, capfdbinary):
    src = write(tmp_path, "m.ts", TS)
    write(tmp_path, "other.py", PY)  # neighbours do not matter
    assert main(["compress", str(src)]) == 0
    captured = capfdbinary.readouterr()
    assert captured.out == codepith.compress(TS, path="m.ts").data
    assert not captured.out.startswith(b"#")


def test_output_option_on_a_single_file_writes_the_same_raw_bytes(tmp_path, capfdbinary):
    # -o means "write the output here instead of standard output", not "switch to a bulk document"
    src = write(tmp_path, "m.py", PY)
    target = tmp_path / "m.sig.py"
    assert main(["compress", str(src), "-o", str(target)]) == 0
    assert capfdbinary.readouterr().out == b""
    assert target.read_bytes() == codepith.compress(PY, path="m.py").data


@pytest.mark.parametrize("fmt", ["json", "jsonl", "markdown", "xml", "plain"])
def test_format_for_one_file_gives_the_document_of_a_folder_holding_only_that_file(tmp_path, capsys, fmt):
    alone = tmp_path / "alone"
    src = write(alone, "m.py", PY)

    def document(path):
        assert main(["compress", str(path), "--format", fmt, "-j", "1", "--no-cache", "-q"]) == 0
        return capsys.readouterr().out

    one_file, folder = document(src), document(alone)
    if fmt == "jsonl":
        assert one_file == folder
        assert json.loads(one_file)["text"] == codepith.compress(PY, path="m.py").text
    elif fmt == "json":
        a, b = json.loads(one_file), json.loads(folder)
        assert a["roots"] == [str(src)] and b["roots"] == [str(alone)]
        assert (a["tree"], a["files"], a["totals"]) == (b["tree"], b["files"], b["totals"])
        assert a["files"][0]["text"] == codepith.compress(PY, path="m.py").text
    else:  # the same document but for the root named in its title
        assert one_file.replace(str(src), "ROOT") == folder.replace(str(alone), "ROOT")
        assert codepith.compress(PY, path="m.py").text in one_file


def test_standard_input_refuses_format_and_report(capsys):
    assert main(["compress", "-", "--language", "python", "--format", "json"]) == 2
    err = capsys.readouterr().err
    assert "--format" in err and len(err.splitlines()) == 1


def test_a_directory_is_packed_to_stdout_with_the_summary_on_stderr(tree, capsys):
    assert main(["compress", str(tree), "-j", "1", "--no-cache"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("# codepith:")
    assert "## a.py" in captured.out and "## src/b.ts" in captured.out
    assert "def f(a):\n    ...\n" in captured.out
    err = captured.err.splitlines()
    assert err[0].split()[:2] == ["language", "files"]
    rows = {line.split()[0]: line.split() for line in err[1:-1]}
    assert rows["python"][1] == "1" and rows["typescript"][1] == "1" and rows["other"][1] == "2"
    assert rows["total"][1] == "4"
    assert "files considered" in err[-1] and "ignored" in err[-1]
    # the summary is not part of the output
    assert "language" not in captured.out.split("## Totals")[0].split("```")[0]
    assert "files considered in" not in captured.out


def test_quiet_leaves_stderr_empty(tree, capsys):
    assert main(["compress", str(tree), "-j", "1", "--no-cache", "--quiet"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "## a.py" in captured.out


def test_several_paths_are_packed_together(tmp_path, capsys):
    a = tmp_path / "a"
    b = tmp_path / "b"
    write(a, "x.py", PY)
    write(b, "y.py", PY)
    assert main(["compress", str(a), str(b), "-j", "1", "--no-cache", "-q", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [f["path"] for f in doc["files"]] == [f"{a}/x.py", f"{b}/y.py"]


def test_jobs_do_not_change_the_output(tree, capsys):
    for k in range(30):
        write(tree, f"pkg/m{k:02d}.py", PY * (1 + k % 5))
    outs = []
    for jobs in ("1", "2"):
        assert main(["compress", str(tree), "-j", jobs, "--no-cache", "-q"]) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1]


def test_cache_dir_and_no_cache(tree, tmp_path, capsys):
    cache = tmp_path / "cache"
    assert main(["compress", str(tree), "-j", "1", "-q", "--cache-dir", str(cache)]) == 0
    first = capsys.readouterr().out
    assert (cache / "results.sqlite").is_file()
    assert main(["compress", str(tree), "-j", "1", "-q", "--cache-dir", str(cache)]) == 0
    assert capsys.readouterr().out == first
    other = tmp_path / "other-cache"
    assert main(["compress", str(tree), "-j", "1", "-q", "--no-cache", "--cache-dir", str(other)]) == 0
    assert not (other / "results.sqlite").exists()


# --------------------------------------------------------------------------- selection options


def test_only_supported_include_exclude_and_no_gitignore(tree, tmp_path, capsys):
    report = tmp_path / "r.json"

    def actions(*args):
        assert main(["compress", str(tree), "-j", "1", "--no-cache", "-q", "--report", str(report), *args]) == 0
        capsys.readouterr()
        return {r["path"]: r["action"] for r in json.loads(report.read_text())["files"]}

    base = actions()
    assert base["notes.md"] == "kept-whole"
    assert base["debug.log"] == "ignored:.gitignore:*.log"
    assert actions("--only-supported")["notes.md"] == "skipped:unsupported-language"
    assert actions("--include", "*.py")["src/b.ts"] == "ignored:--include"
    assert actions("--exclude", "src/")["src"] == "ignored:--exclude:src/"
    assert actions("--no-gitignore")["debug.log"] == "ignored:default"  # *.log
    assert actions("--no-gitignore", "--no-default-ignores")["debug.log"] == "kept-whole"
    assert actions("--max-file-bytes", "10")["a.py"] == "skipped:too-large"


def test_only_supported_keeps_other_languages_out_of_the_output(tree, capsys):
    assert main(["compress", str(tree), "-j", "1", "--no-cache", "-q", "--only-supported"]) == 0
    out = capsys.readouterr().out
    assert "## a.py" in out
    assert "## notes.md" not in out and "# notes" not in out


def test_docstring_example_jsonl_with_report(tree, tmp_path, capsys):
    rows = tmp_path / "rows.jsonl"
    report = tmp_path / "report.json"
    assert (
        main(["compress", str(tree), "--format", "jsonl", "--no-cache", "-o", str(rows), "--report", str(report)]) == 0
    )
    assert capsys.readouterr().out == ""
    recs = [json.loads(line) for line in rows.read_text().splitlines()]
    assert {r["path"] for r in recs} >= {"a.py", "src/b.ts", "notes.md"}
    files = json.loads(report.read_text())["files"]
    assert sum(f.get("files", 1) for f in files) == physical_files(tree)


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--jobs", "0"], "--jobs"),
        (["-j", "-2"], "--jobs"),
        (["--max-file-bytes", "0"], "--max-file-bytes"),
        (["--max-file-bytes", "-5"], "--max-file-bytes"),
        (["--format", "yaml"], "--format"),
        (["--level", "tiny"], "--level"),
        (["--timeout", "-1"], "--timeout"),
    ],
)
def test_bad_options_exit_2_naming_the_option(tree, capsys, args, needle):
    assert main(["compress", str(tree), "--no-cache", *args]) == 2
    captured = capsys.readouterr()
    assert needle in captured.err
    assert captured.out == ""


def test_a_missing_path_among_others_is_named_and_reported_and_the_rest_compressed(tree, tmp_path, capsys):
    missing = tmp_path / "nope"
    report = tmp_path / "report.json"
    rc = main(["compress", str(tree), str(missing), "--no-cache", "-j", "1", "--report", str(report)])
    captured = capsys.readouterr()
    assert rc == 1  # something given was left out
    errors = [line for line in captured.err.splitlines() if line.startswith("codepith: error: ")]
    assert len(errors) == 1 and str(missing) in errors[0] and "no such file" in errors[0]
    assert f"## {tree}/a.py" in captured.out
    actions = {r["path"]: r["action"] for r in json.loads(report.read_text())["files"]}
    assert actions[str(missing)] == "skipped:missing"
    assert actions[f"{tree}/a.py"] == "compressed"
    # the tree of the output marks it too
    assert f"{missing.name} [skipped:missing]" in captured.out.split("## Totals")[0]


def test_only_missing_paths_is_one_error_and_no_output(tmp_path, capsys):
    a, b = tmp_path / "gone-a", tmp_path / "gone-b"
    assert main(["compress", str(a), str(b), "--no-cache"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and "gone-a" in lines[0] and "gone-b" in lines[0]


@pytest.mark.parametrize("kind", ["missing-file", "missing-folder", "fifo", "device"])
def test_one_path_that_is_not_a_readable_file_is_one_line_exit_1_and_never_hangs(tmp_path, kind):
    if kind == "missing-file":
        path, needle = tmp_path / "typo.py", "no such file"
    elif kind == "missing-folder":
        path, needle = str(tmp_path / "srcc") + "/", "no such file"
    elif kind == "fifo":
        path, needle = tmp_path / "pipe.py", "not a regular file"
        os.mkfifo(path)
    else:
        path, needle = "/dev/full", "not a regular file"  # a character device, readable by everyone
        if not os.path.exists(path) or not stat.S_ISCHR(os.stat(path).st_mode):
            pytest.skip("no /dev/full character device here")
    # the subprocess timeout only guards against a hang; nothing is timed
    proc = subprocess.run(
        codepith_cmd(str(path), "--no-cache"),
        capture_output=True,
        text=True,
        timeout=120,
        env=subprocess_env(tmp_path),
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith(f"codepith: error: {path}: ") and needle in lines[0]


def test_one_file_over_max_file_bytes_names_the_option(tmp_path, capsys):
    src = write(tmp_path, "big.py", PY * 10)
    assert main(["compress", str(src), "--max-file-bytes", "20"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "big.py" in captured.err and "--max-file-bytes 20" in captured.err


def test_language_is_refused_for_a_directory(tree, capsys):
    assert main(["compress", str(tree), "--language", "python", "--no-cache"]) == 2
    assert "--language" in capsys.readouterr().err


def test_a_fifo_given_as_path_is_an_error_not_a_crash(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    proc = subprocess.run(
        codepith_cmd(str(fifo), "--no-cache"),
        capture_output=True,
        text=True,
        timeout=120,
        env=subprocess_env(tmp_path),
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode in (1, 2), proc.stderr
    assert "pipe" in proc.stderr
    assert "Traceback" not in proc.stderr


# --------------------------------------------------------------------------- special files, output placement


def test_a_fifo_in_the_tree_does_not_hang_the_run(tree, tmp_path):
    os.mkfifo(tree / "src" / "pipe.py")
    report = tmp_path / "report.json"
    # the subprocess timeout only guards against a hang; nothing is timed
    proc = subprocess.run(
        codepith_cmd(str(tree), "-j", "2", "--no-cache", "--report", str(report)),
        capture_output=True,
        text=True,
        timeout=120,
        env=subprocess_env(tmp_path),
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0, proc.stderr
    actions = {r["path"]: r["action"] for r in json.loads(report.read_text())["files"]}
    assert actions["src/pipe.py"] == "skipped:not-a-regular-file"
    assert actions["a.py"] == "compressed"


def test_the_output_file_inside_the_tree_is_not_packed_into_itself(tree, capsys):
    target = tree / "pith.md"
    assert main(["compress", str(tree), "-j", "1", "--no-cache", "-q", "-o", str(target)]) == 0
    out = target.read_text()
    assert "## a.py" in out
    assert "## pith.md" not in out


# --------------------------------------------------------------------------- terminals


def test_no_progress_bar_when_stderr_is_not_a_terminal(tree, tmp_path):
    proc = subprocess.run(
        codepith_cmd(str(tree), "-j", "1", "--no-cache"),
        capture_output=True,
        timeout=120,
        env=subprocess_env(tmp_path),
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0
    assert b"\x1b" not in proc.stderr and b"\x1b" not in proc.stdout
    assert b"compressing" not in proc.stderr and b"compressing" not in proc.stdout
    assert proc.stderr.splitlines()[0].split()[:2] == [b"language", b"files"]
    assert proc.stdout.startswith(b"# codepith:")


def _run_with_terminal_stderr(args, env):
    """Run with stderr on a pseudo-terminal and stdout on a pipe: (rc, stdout, terminal bytes)."""
    master, slave = pty.openpty()
    try:
        proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=slave, stdin=subprocess.DEVNULL, env=env)
    finally:
        os.close(slave)
    seen = []

    def drain():  # read the terminal while the child runs, so that it never blocks on it
        while True:
            ready, _, _ = select.select([master], [], [], 60)
            if not ready:
                return
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the terminal closed with the child
                return
            if not chunk:
                return
            seen.append(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    stdout = proc.stdout.read()
    rc = proc.wait(timeout=120)
    reader.join(timeout=120)
    os.close(master)
    return rc, stdout, b"".join(seen)


def test_progress_bar_goes_to_a_terminal_stderr_and_never_into_the_output(tree, tmp_path):
    for k in range(20):
        write(tree, f"pkg/m{k:02d}.py", PY)
    env = subprocess_env(tmp_path)
    rc, stdout, terminal = _run_with_terminal_stderr(codepith_cmd(str(tree), "-j", "1", "--no-cache"), env)
    assert rc == 0
    assert b"\x1b" not in stdout and b"compressing" not in stdout
    assert stdout.startswith(b"# codepith:")
    assert b"compressing" in terminal  # the bar was drawn where the user looks
    assert b"files considered" in terminal
    rc, stdout, terminal = _run_with_terminal_stderr(codepith_cmd(str(tree), "-j", "1", "--no-cache", "-q"), env)
    assert rc == 0 and terminal == b""


def test_a_cache_dir_inside_the_tree_is_never_an_input(tree, tmp_path, capsys):
    cache = tree / "cache"
    report = tmp_path / "report.json"
    for _run in range(2):  # the second run finds the cache it wrote the first time
        assert main(["compress", str(tree), "-j", "1", "--cache-dir", str(cache), "--report", str(report), "-q"]) == 0
        out = capsys.readouterr().out
        assert (cache / "results.sqlite").is_file()
        assert "results.sqlite" not in out
        listing = out.split("## Files\n\n```\n", 1)[1].split("```", 1)[0].splitlines()
        marked = [line for line in listing if line.startswith("cache")]
        assert len(marked) == 1 and "[ignored:codepith-state" in marked[0], listing
        files = json.loads(report.read_text())["files"]
        assert [f["action"] for f in files if f["path"] == "cache"] == ["ignored:codepith-state"]
        assert not any(f["path"].startswith("cache/") for f in files)


def test_the_summary_names_the_files_it_skipped(tree, capsys):
    write(tree, "blob.py", b"\x00\x01")
    write(tree, "gen.go", "// Code generated by x. DO NOT EDIT.\n\npackage p\n")
    for k in range(12):
        write(tree, f"more/b{k:02d}.bin", b"\x00")
    assert main(["compress", str(tree), "-j", "1", "--no-cache"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert "files considered" in err[-2]
    assert err[-1].startswith("skipped: blob.py (binary), gen.go (generated), more/b00.bin (binary)")
    assert err[-1].endswith(", and 4 more")
    assert main(["compress", str(tree), "-j", "1", "--no-cache", "-q"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-1", "1e300"])
def test_a_timeout_that_is_not_a_number_of_seconds_is_refused_naming_the_option(tree, capsys, value):
    # a folder and a single FILE alike; never a note per file, never "a bug in codepith"
    for target in (tree, tree / "a.py"):
        assert main(["compress", str(target), "--no-cache", "--timeout", value]) == 2, (target, value)
        captured = capsys.readouterr()
        assert captured.out == "" and "bug in codepith" not in captured.err
        assert captured.err.startswith(
            "codepith: error: Invalid value for '--timeout': must be a number of "
            "seconds from 0 (no limit) to 1000000, got "
        ), captured.err


# --------------------------------------------------------------------------- the header's tree


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_tree_marks_exactly_what_the_run_left_out(tmp_path, capsys, jobs):
    """The header's tree is drawn from the run's own verdicts: every file the
    report says was skipped carries its action in the tree, and no other file
    does; the header still comes before the files."""
    root = tmp_path / "proj"
    write(root, "a.py", PY)
    write(root, "blob.py", b"\x00\x01\x02binary\x00" * 20)
    write(root, "keys.py", 'AWS = "AKIAIOSFODNN7EXAMPLE"\n')
    write(root, "gen.go", "// Code generated by stringer. DO NOT EDIT.\n\npackage p\n")
    write(root, "min.js", "var a=" + "1+" * 3000 + "1;\n")
    report = tmp_path / "report.json"
    args = ["compress", str(root), "-j", jobs, "--no-cache", "-q", "--format", "json", "--report", str(report)]
    assert main(args) == 0
    doc = json.loads(capsys.readouterr().out)
    files = json.loads(report.read_text())["files"]
    skipped = {f["path"]: f["action"] for f in files if f["action"].startswith("skipped:")}
    assert set(skipped) == {"blob.py", "keys.py", "gen.go", "min.js"}
    marked = {}
    for line in doc["tree"]:
        name, _, note = line.strip(" │├└─").partition(" [")
        if note:
            marked[name] = note.rstrip("]")
    assert marked == skipped
    assert [f["path"] for f in doc["files"]] == ["a.py"]


def test_the_markdown_header_lists_the_tree_before_the_files(tree, capsys):
    assert main(["compress", str(tree), "-j", "2", "--no-cache", "-q"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# codepith: ")
    assert out.index("## Files") < out.index("## a.py") < out.index("## Totals")
    assert out.count("## Files") == 1 and out.endswith("\n")
