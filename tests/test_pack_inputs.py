"""``codepith pack`` on real mistakes and hostile input: paths that name
nothing, folders, globs, non-UTF-8 names, FIFOs, forged headings, codepith's
own state, unwritable audit locations, tiny budgets. Every dropped path is
named on standard error; every error is one line with a documented exit code."""

import errno
import json
import multiprocessing
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

import codepith
from codepith import PackFailed, pack
from codepith.cli import main
from codepith.deps.finder import direct_dependencies
from codepith.render.packs import markdown_block
from helpers import items_by_path

HANG_GUARD = 60  # seconds; only a run that hangs gets anywhere near it

SMALL_A = "def add(a, b):\n    return a + b\n"
SMALL_B = "def sub(a, b):\n    return a - b\n"
EMPTY_DOCUMENT = {"markdown": b"", "xml": b"<files>\n</files>\n", "json": b'{\n "files": []\n}\n'}


def big_python(n: int = 40, name: str = "func") -> str:
    return "".join(f"def {name}_{i}(x, y):\n    z = x + y\n    w = z * {i}\n    return w - 1\n\n" for i in range(n))


def run(capfdbinary, root, *args, audit=None):
    """``codepith pack ROOT ARGS`` in this process: (exit code, stdout bytes, stderr text)."""
    argv = ["pack", os.fspath(root), *args]
    if audit is not None:
        argv += ["--audit", os.fspath(audit)]
    rc = main(argv)
    captured = capfdbinary.readouterr()
    return rc, captured.out, captured.err.decode("utf-8", "replace")


def one_error_line(err: str) -> str:
    """The one ``codepith: error:`` line of ``err`` (warnings may come before it)."""
    assert "Traceback" not in err
    errors = [line for line in err.splitlines() if line.startswith("codepith: error: ")]
    assert len(errors) == 1, err
    assert all(line.startswith("codepith: ") for line in err.splitlines()), err
    return errors[0]


def last_record(path) -> dict:
    with open(path, "rb") as f:
        lines = f.read().decode("utf-8").splitlines()
    return json.loads(lines[-1])


def git(root, *args):
    subprocess.run(
        ["git", "-c", "user.email=t@t", "-c", "user.name=t", *args], cwd=root, check=True, capture_output=True
    )


# --------------------------------------------------------------------------- paths that name nothing


@pytest.mark.parametrize("mode", ["compact", "observe"])
def test_mistyped_path_is_named_on_stderr_and_the_run_goes_on(root, audit, capfdbinary, mode):
    (root / "a.py").write_text(SMALL_A)
    rc, out, err = run(capfdbinary, root, "--pr-path", "a.py", "--pr-path", "nope.py", "--mode", mode, audit=audit)
    assert rc == 0
    assert SMALL_A.encode() in out
    assert "codepith: warning: nope.py: no such file" in err and "check the spelling" in err
    assert items_by_path(last_record(audit))["nope.py"]["reason"] == "missing"


def test_mistyped_path_stops_a_fail_closed_run(root, audit, capfdbinary):
    (root / "a.py").write_text(SMALL_A)
    rc, out, err = run(
        capfdbinary, root, "--pr-path", "a.py", "--pr-path", "nope.py", "--mode", "fail-closed", audit=audit
    )
    assert rc == 2 and out == b""
    line = one_error_line(err)
    assert "nope.py: no such file" in line and "--mode compact" in line
    assert last_record(audit)["status"] == "failed"


def test_path_relative_to_the_working_folder_gets_a_hint(root, audit, capfdbinary, monkeypatch):
    (root / "src").mkdir()
    (root / "src" / "a.py").write_text(SMALL_A)
    monkeypatch.chdir(root / "src")
    rc, out, err = run(capfdbinary, root, "--pr-path", "a.py", "--mode", "compact", audit=audit)
    assert rc == 0
    assert "did you mean src/a.py?" in err


@pytest.mark.parametrize("mode", ["fail-closed", "compact"])
def test_folder_as_pr_path_is_named_with_the_fix(root, audit, capfdbinary, mode):
    (root / "src").mkdir()
    (root / "src" / "a.py").write_text(SMALL_A)
    rc, out, err = run(capfdbinary, root, "--pr-path", "src", "--mode", mode, audit=audit)
    assert "src: is a folder; name its files (e.g. each of `git ls-files src`)" in err
    if mode == "fail-closed":
        assert rc == 2 and out == b""
        one_error_line(err)
    else:
        assert rc == 0 and out == b""
        assert "codepith: warning: nothing was packed" in err
    assert items_by_path(last_record(audit))["src"]["reason"] == "not-a-file"


def test_unexpanded_glob_says_the_shell_did_not_expand_it(root, audit, capfdbinary):
    (root / "src").mkdir()
    (root / "src" / "a.py").write_text(SMALL_A)
    rc, out, err = run(capfdbinary, root, "--pr-path", "src/*.py", "--mode", "compact", audit=audit)
    assert rc == 0
    assert "src/*.py: no such file; it looks like a pattern your shell did not expand" in err
    assert "git ls-files 'src/*.py'" in err


@pytest.mark.parametrize("fmt", ["markdown", "xml", "json"])
def test_no_paths_at_all(root, audit, capfdbinary, fmt):
    rc, out, err = run(capfdbinary, root, "--mode", "fail-closed", "--format", fmt, audit=audit)
    assert rc == 2 and out == b""
    assert "nothing was packed: no file was named" in one_error_line(err)
    assert last_record(audit)["status"] == "failed"
    rc, out, err = run(capfdbinary, root, "--mode", "compact", "--format", fmt, audit=audit)
    assert rc == 0 and out == EMPTY_DOCUMENT[fmt]
    assert "codepith: warning: nothing was packed: no file was named" in err


def test_diff_with_no_change_packs_nothing_and_says_so(root, audit, capfdbinary):
    (root / "a.py").write_text(SMALL_A)
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-qm", "base")
    rc, out, err = run(capfdbinary, root, "--diff", "HEAD", "--mode", "fail-closed", audit=audit)
    assert rc == 2 and out == b""
    assert "nothing was packed" in one_error_line(err)


# --------------------------------------------------------------------------- PR paths before dependencies


def test_pr_paths_take_the_budget_before_dependencies(root, audit):
    # a.py and b.py fit together only compressed; a.py whole leaves too little for b.py.
    (root / "a.py").write_text("import dep\n\n" + big_python(40, "alpha"))
    (root / "b.py").write_text(big_python(40, "beta"))
    (root / "dep.py").write_text("def helper():\n    return 1\n")
    whole, small = {}, {}
    for name in ("a.py", "b.py"):
        alone = pack(root, pr_paths=[name], mode="compact", byte_budget=10**6, write_audit=False)
        whole[name] = alone.bytes_used
        squeezed = pack(root, pr_paths=[name], mode="compact", byte_budget=whole[name] - 1, write_audit=False)
        assert squeezed.items[0].action == "inject-compressed"
        small[name] = squeezed.bytes_used
    budget = small["a.py"] + small["b.py"] + 100
    assert whole["a.py"] + small["b.py"] > budget  # the trap: a.py whole crowds b.py out

    result = pack(root, pr_paths=["a.py", "b.py"], deps=True, mode="compact", byte_budget=budget, audit=audit)
    got = {i.path: (i.role, i.action) for i in result.items}
    assert got["a.py"] == ("pr-path", "inject-compressed")
    assert got["b.py"] == ("pr-path", "inject-compressed")
    assert got["dep.py"][0] == "dependency-of:a.py"
    assert result.bytes_used <= budget


def test_a_discard_for_budget_is_named_with_sizes_and_budget(root, audit, capfdbinary):
    (root / "a.py").write_text(SMALL_A)
    (root / "notes.txt").write_text("word " * 400)
    rc, out, err = run(
        capfdbinary,
        root,
        "--pr-path",
        "a.py",
        "--pr-path",
        "notes.txt",
        "--mode",
        "compact",
        "--byte-budget",
        "300",
        audit=audit,
    )
    assert rc == 0
    line = next(line for line in err.splitlines() if "notes.txt" in line)
    block = markdown_block("notes.txt", "word " * 400, None, []).encode()  # its heading and fence included
    assert line.startswith(
        f"codepith: warning: notes.txt does not fit: budget:bytes (whole it takes {len(block)} "
        "bytes, its heading and fence included; "
    )
    assert "left of the budget of 300 bytes" in line and "discarded" in line


def test_a_fit_message_names_the_whole_cost_the_budget_check_counts(root, audit, capfdbinary):
    # the content alone fits what is left; its heading (a long name) does not: the message says so
    name = "deeply/" * 12 + "named_module.txt"
    (root / name).parent.mkdir(parents=True)
    (root / name).write_text("word " * 20)
    block = markdown_block(name, "word " * 20, None, []).encode()
    content, whole = codepith.count_tokens("word " * 20), codepith.count_tokens(block)
    budget = (content + whole) // 2
    assert content < budget < whole
    rc, out, err = run(
        capfdbinary, root, "--pr-path", name, "--mode", "compact", "--token-budget", str(budget), audit=audit
    )
    assert rc == 0 and out == b""
    line = next(line for line in err.splitlines() if "does not fit" in line)
    assert f"(whole it takes {whole} tokens, its heading and fence included; {budget} tokens left of the budget" in line
    with pytest.raises(PackFailed) as info:
        pack(root, pr_paths=[name], mode="fail-closed", byte_budget=None, token_budget=budget, audit=audit)
    assert f"whole it takes {whole} tokens" in str(info.value)


def _compress_fails_for(monkeypatch, name, exc):
    import codepith.core.verdict  # the packer compresses through the one verdict

    real = codepith.core.verdict.compress

    def compress(data, **kwargs):
        if name.encode() in data:
            raise exc
        return real(data, **kwargs)

    monkeypatch.setattr(codepith.core.verdict, "compress", compress)


@pytest.mark.parametrize("mode", ["fail-closed", "compact"])
def test_dependency_that_cannot_be_compressed_enters_whole(root, audit, monkeypatch, mode):
    (root / "a.py").write_text("import dep\n")
    (root / "dep.py").write_text("def broken_helper():\n    return 1\n")
    _compress_fails_for(monkeypatch, "broken_helper", codepith.CodepithError("cannot parse"))
    result = pack(root, pr_paths=["a.py"], deps=True, mode=mode, audit=audit)
    assert {i.path: (i.action, i.reason) for i in result.items}["dep.py"] == ("inject", "budget-ok")
    assert "def broken_helper():\n    return 1\n" in result.output
    assert any("dep.py: cannot be compressed to signatures" in w for w in result.warnings)


def test_a_file_that_crashes_the_compressor_costs_only_itself(root, audit):
    (root / "a.py").write_text(big_python(30, "alpha"))
    (root / "b.py").write_text(big_python(30, "beta"))
    import codepith.core.verdict

    real = codepith.core.verdict.compress

    def compress(data, **kwargs):
        if b"alpha" in data:
            raise RecursionError("maximum recursion depth exceeded")
        return real(data, **kwargs)

    codepith.core.verdict.compress, saved = compress, codepith.core.verdict.compress
    try:
        result = pack(root, pr_paths=["a.py", "b.py"], mode="compact", byte_budget=1500, audit=audit)
    finally:
        codepith.core.verdict.compress = saved
    got = {i.path: i.action for i in result.items}
    assert got == {"a.py": "discard", "b.py": "inject-compressed"}
    assert any(
        "a.py: cannot be compressed to signatures: compression failed (RecursionError" in w for w in result.warnings
    )


# --------------------------------------------------------------------------- budgets and the empty document


@pytest.mark.parametrize("fmt", ["markdown", "xml", "json"])
def test_fail_closed_prints_nothing_when_the_run_stops(root, audit, capfdbinary, fmt):
    rc, out, err = run(capfdbinary, root, "--mode", "fail-closed", "--format", fmt, "--byte-budget", "5", audit=audit)
    assert rc == 2 and out == b""
    one_error_line(err)
    (root / "a.py").write_text(SMALL_A)
    rc, out, err = run(
        capfdbinary,
        root,
        "--pr-path",
        "a.py",
        "--mode",
        "fail-closed",
        "--format",
        fmt,
        "--byte-budget",
        "5",
        audit=audit,
    )
    assert rc == 2 and out == b""
    one_error_line(err)


@pytest.mark.parametrize("fmt", ["markdown", "xml", "json"])
@pytest.mark.parametrize("mode", ["fail-closed", "compact"])
def test_no_format_ever_exceeds_its_budget(root, capfdbinary, fmt, mode):
    (root / "a.py").write_text(SMALL_A)
    (root / "b.txt").write_text("hello\n")
    for option in ("--byte-budget", "--token-budget"):
        for budget in (1, 5, 10, 16, 17, 18, 25, 40, 60, 90, 120, 200):
            rc, out, err = run(
                capfdbinary,
                root,
                "--pr-path",
                "a.py",
                "--pr-path",
                "b.txt",
                "--mode",
                mode,
                "--format",
                fmt,
                option,
                str(budget),
                "--audit",
                str(root / ".." / "a.jsonl"),
            )
            size = len(out) if option == "--byte-budget" else codepith.count_tokens(out)
            assert size <= budget, (option, budget, out)
            assert rc in (0, 2)
            if rc == 2:
                assert out == b"" and mode == "fail-closed"
            elif out == b"" and fmt != "markdown":
                assert "nothing is printed" in err  # the empty document alone does not fit


def test_json_empty_document_over_budget_in_compact_mode_prints_nothing(root, audit, capfdbinary):
    (root / "a.py").write_text(SMALL_A)
    rc, out, err = run(
        capfdbinary,
        root,
        "--pr-path",
        "a.py",
        "--mode",
        "compact",
        "--format",
        "json",
        "--byte-budget",
        "5",
        audit=audit,
    )
    assert rc == 0 and out == b""
    assert "the empty json document alone takes 17 bytes" in err
    rec = last_record(audit)
    assert rec["bytes_used"] == 0 and items_by_path(rec)["a.py"]["action"] == "discard"


# --------------------------------------------------------------------------- the audit location


def _no_output_one_line(capfdbinary, root, *args, audit):
    rc, out, err = run(capfdbinary, root, "--pr-path", "a.py", "--mode", "compact", *args, audit=audit)
    assert rc == 1 and out == b""
    return one_error_line(err)


def test_audit_in_a_folder_that_cannot_be_created(root, capfdbinary):
    (root / "a.py").write_text(SMALL_A)
    line = _no_output_one_line(capfdbinary, root, audit="/proc/codepith-no-such-dir/a.jsonl")
    assert "/proc/codepith-no-such-dir/a.jsonl: cannot write the audit" in line and "--audit PATH" in line


def test_audit_path_that_is_a_folder(root, tmp_path, capfdbinary):
    (root / "a.py").write_text(SMALL_A)
    (tmp_path / "adir").mkdir()
    line = _no_output_one_line(capfdbinary, root, audit=tmp_path / "adir")
    assert "adir: cannot write the audit (the audit path is a folder)" in line


def test_audit_below_a_file(root, tmp_path, capfdbinary):
    (root / "a.py").write_text(SMALL_A)
    (tmp_path / "plain").write_text("x")
    line = _no_output_one_line(capfdbinary, root, audit=tmp_path / "plain" / "a.jsonl")
    assert "plain/a.jsonl: cannot write the audit (" in line and "plain is a file, not a folder)" in line


def test_audit_that_is_a_fifo_does_not_hang(root, tmp_path):
    (root / "a.py").write_text(SMALL_A)
    os.mkfifo(tmp_path / "audit.fifo")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "codepith",
            "pack",
            str(root),
            "--pr-path",
            "a.py",
            "--mode",
            "compact",
            "--audit",
            str(tmp_path / "audit.fifo"),
        ],
        capture_output=True,
        timeout=HANG_GUARD,
    )
    assert proc.returncode == 1 and proc.stdout == b""
    assert "audit.fifo: cannot write the audit" in one_error_line(proc.stderr.decode())


def test_symlinked_state_folder_is_refused_and_nothing_is_written_through_it(root, tmp_path, capfdbinary):
    (root / "a.py").write_text(SMALL_A)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (root / ".codepith").symlink_to(elsewhere, target_is_directory=True)
    line = _no_output_one_line(capfdbinary, root, audit=None)
    assert ".codepith/context-audit.jsonl: cannot write the audit" in line and "symlink" in line
    assert list(elsewhere.iterdir()) == []


def test_read_only_root(root, capfdbinary, monkeypatch):
    (root / "a.py").write_text(SMALL_A)
    real_mkdir = os.mkdir

    def read_only(path, *args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system", path)

    monkeypatch.setattr(os, "mkdir", read_only)
    line = _no_output_one_line(capfdbinary, root, audit=None)
    monkeypatch.setattr(os, "mkdir", real_mkdir)
    assert "context-audit.jsonl: cannot write the audit (Read-only file system)" in line
    assert not (root / ".codepith").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes to read-only folders")
def test_read_only_root_for_real(root, capfdbinary):
    (root / "a.py").write_text(SMALL_A)
    root.chmod(0o555)
    try:
        line = _no_output_one_line(capfdbinary, root, audit=None)
    finally:
        root.chmod(0o755)
    assert "cannot write the audit" in line


def test_audit_that_fails_at_the_end_prints_nothing(root, audit, capfdbinary, monkeypatch):
    (root / "a.py").write_text(SMALL_A)

    def full(path, record):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("codepith.packer.run.append_audit", full)
    line = _no_output_one_line(capfdbinary, root, audit=audit)
    assert "No space left on device" in line and "nothing was printed" in line


def test_a_stop_whose_audit_fails_keeps_the_reason(root, audit, capfdbinary, monkeypatch):
    def full(path, record):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("codepith.packer.run.append_audit", full)
    rc, out, err = run(capfdbinary, root, "--required", "gone.py", "--mode", "compact", audit=audit)
    assert rc == 1 and out == b""
    line = one_error_line(err)
    assert "No space left on device" in line and "the run had stopped: required file gone.py" in line


def test_audit_problem_by_the_library(root, tmp_path):
    (tmp_path / "adir").mkdir()
    with pytest.raises(codepith.packer.packing.AuditUnwritable, match="adir"):
        pack(root, pr_paths=["a.py"], mode="compact", audit=tmp_path / "adir")


# --------------------------------------------------------------------------- names that are not UTF-8

LATIN = b"caf\xe9.py"
LATIN_STR = os.fsdecode(LATIN)  # 'caf\udce9.py'


@pytest.fixture
def latin_root(root):
    with open(os.path.join(os.fsencode(root), LATIN), "wb") as f:
        f.write(SMALL_A.encode())
    (root / "b.py").write_text(SMALL_B)
    return root


@pytest.mark.parametrize("fmt", ["markdown", "xml", "json"])
def test_non_utf8_name_is_packed_and_escaped_in_every_format(latin_root, audit, fmt):
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "codepith",
            "pack",
            str(latin_root),
            "--mode",
            "compact",
            "--format",
            fmt,
            "--audit",
            str(audit),
            "--pr-path",
            LATIN,
            "--pr-path",
            "b.py",
        ],
        capture_output=True,
        timeout=HANG_GUARD,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode("utf-8")  # valid UTF-8
    if fmt == "markdown":
        assert "## caf\\xe9.py\n" in out and SMALL_A in out
    elif fmt == "xml":
        files = ET.fromstring(proc.stdout)
        assert [f.get("path") for f in files] == ["caf\\xe9.py", "b.py"]
    else:
        doc = json.loads(out)
        assert [e["path"] for e in doc["files"]] == [LATIN_STR, "b.py"]
        assert "caf\\udce9.py" in out
    raw = audit.read_bytes()
    raw.decode("utf-8")
    assert b"caf\\udce9.py" in raw
    rec = last_record(audit)
    assert items_by_path(rec)[LATIN_STR]["action"] == "inject"
    assert rec["bytes_used"] == len(proc.stdout)


def test_non_utf8_names_found_by_diff_and_deps(latin_root, audit):
    js = b"import x from './caf\xe9.js';\n"
    with open(os.path.join(os.fsencode(latin_root), b"caf\xe9.js"), "wb") as f:
        f.write(b"export const x = 1;\n")
    (latin_root / "main.js").write_bytes(js)
    git(latin_root, "init", "-q")
    git(latin_root, "add", ".")
    git(latin_root, "commit", "-qm", "base")
    with open(os.path.join(os.fsencode(latin_root), LATIN), "ab") as f:
        f.write(b"# changed\n")
    result = pack(latin_root, diff="HEAD", pr_paths=["main.js"], deps=True, mode="compact", audit=audit)
    got = {i.path: (i.role, i.action) for i in result.items}
    assert got[LATIN_STR] == ("pr-path", "inject")
    assert got[os.fsdecode(b"caf\xe9.js")] == ("dependency-of:main.js", "inject-compressed")
    assert "## caf\\xe9.py" in result.output and "## caf\\xe9.js" in result.output
    rec = last_record(audit)
    assert {i["path"] for i in rec["items"]} == set(got)


# --------------------------------------------------------------------------- FIFOs


def _pack_in_child(queue, root, audit, kwargs):
    import codepith.packer.intake

    codepith.packer.intake.path_kind = lambda path: ("file", "")  # the check passes: a swap after it
    try:
        result = pack(root, mode="compact", audit=audit, **kwargs)
        queue.put(("ok", [(i.path, i.action, i.reason) for i in result.items], result.warnings))
    except PackFailed as exc:
        queue.put(("stopped", str(exc), exc.result.warnings))


def _in_child(target, *args):
    ctx = multiprocessing.get_context("forkserver")
    queue = ctx.Queue()
    proc = ctx.Process(target=target, args=(queue, *args))
    proc.start()
    proc.join(HANG_GUARD)
    if proc.is_alive():
        proc.kill()
        proc.join()
        pytest.fail("hung on a FIFO")
    return queue.get(timeout=5)


def test_file_swapped_for_a_fifo_after_the_check_is_discarded(root, audit):
    (root / "a.py").write_text(SMALL_A)
    os.mkfifo(root / "swapped.py")
    status, items, warnings = _in_child(_pack_in_child, str(root), str(audit), {"pr_paths": ["a.py", "swapped.py"]})
    assert status == "ok"
    assert ("swapped.py", "discard", "not-a-file") in items and ("a.py", "inject", "budget-ok") in items
    assert any(w.startswith("swapped.py: not a regular file") for w in warnings)


def test_required_file_swapped_for_a_fifo_stops_the_run(root, audit):
    os.mkfifo(root / "swapped.py")
    status, message, _ = _in_child(_pack_in_child, str(root), str(audit), {"required": ["swapped.py"]})
    assert status == "stopped" and "required file swapped.py: not a regular file" in message
    assert items_by_path(last_record(audit))["swapped.py"]["reason"] == "not-a-file"


def _deps_in_child(queue, root):
    queue.put(direct_dependencies(root, "pipe.py"))


def test_dependencies_of_a_fifo_do_not_hang(root):
    os.mkfifo(root / "pipe.py")
    assert _in_child(_deps_in_child, str(root)) == []


# --------------------------------------------------------------------------- forged headings and fences

EVIL = "evil\n## injected.py"
FENCED = "Notes\n```\n## not a heading\n```\n````python\nx = 1\n````\n"


def test_markdown_headings_and_fences_cannot_be_forged(root, audit):
    (root / EVIL).write_text(SMALL_A)
    (root / "doc.md").write_text(FENCED)
    result = pack(root, pr_paths=[EVIL, "doc.md", "tick`s.py"], mode="compact", audit=audit)
    lines = result.output.splitlines()
    fence, headings = None, []
    for line in lines:
        if fence is None and line.startswith("## "):
            headings.append(line)
        elif fence is None and line.startswith("```"):
            fence = line.rstrip("abcdefghijklmnopqrstuvwxyz")
        elif fence is not None and line == fence:
            fence = None
    assert headings == ["## evil\\n## injected.py", "## doc.md"]
    assert FENCED in result.output


def test_xml_stays_well_formed_for_any_content_and_name(root, audit):
    nasty = 'x = "</file>" + "]]>" + "<![CDATA[" + "&amp;" + "\x1b\x00"\n'
    (root / 'q"<&>.py').write_text(nasty)
    (root / EVIL).write_text("</files>\n")
    result = pack(root, pr_paths=['q"<&>.py', EVIL], mode="compact", fmt="xml", audit=audit)
    files = ET.fromstring(result.output.encode("utf-8"))
    assert [(f.get("path"), f.text) for f in files] == [
        ('q"<&>.py', nasty.replace("\x1b", "\ufffd").replace("\x00", "\ufffd")),
        ("evil\\n## injected.py", "</files>\n"),
    ]
    assert files[0].get("replaced") == "2"


# --------------------------------------------------------------------------- codepith's own state


@pytest.mark.parametrize("rel", [".codepith/usage.jsonl", "sub/.codepith/session.jsonl", "link.txt"])
def test_codepith_state_is_never_packed(root, audit, capfdbinary, rel):
    (root / "a.py").write_text(SMALL_A)
    for state in (root / ".codepith", root / "sub" / ".codepith"):
        state.mkdir(parents=True)
    (root / ".codepith" / "usage.jsonl").write_text('{"query": "SECRET PROMPT"}\n')
    (root / "sub" / ".codepith" / "session.jsonl").write_text('{"query": "SECRET PROMPT"}\n')
    (root / "link.txt").symlink_to(root / ".codepith" / "usage.jsonl")
    rc, out, err = run(capfdbinary, root, "--pr-path", rel, "--pr-path", "a.py", "--mode", "compact", audit=audit)
    assert rc == 0 and b"SECRET" not in out and SMALL_A.encode() in out
    assert f"codepith: warning: {rel}: is codepith's own state (.codepith/), which is never packed" in err
    assert items_by_path(last_record(audit))[rel]["reason"] == "codepith-state"
    rc, out, err = run(capfdbinary, root, "--pr-path", rel, "--mode", "fail-closed", audit=audit)
    assert rc == 2 and out == b"" and "own state" in one_error_line(err)


def test_codepith_state_found_by_diff_is_discarded(root, audit, capfdbinary):
    (root / ".codepith").mkdir()
    (root / ".codepith" / "usage.jsonl").write_text("{}\n")
    (root / "a.py").write_text(SMALL_A)
    git(root, "init", "-q")
    git(root, "add", "-f", ".")
    git(root, "commit", "-qm", "base")
    (root / ".codepith" / "usage.jsonl").write_text('{"query": "SECRET PROMPT"}\n')
    (root / "a.py").write_text(SMALL_B)
    rc, out, err = run(capfdbinary, root, "--diff", "HEAD", "--mode", "fail-closed", audit=audit)
    assert rc == 0 and b"SECRET" not in out and SMALL_B.encode() in out
    assert ".codepith/usage.jsonl: is codepith's own state" in err
    assert items_by_path(last_record(audit))[".codepith/usage.jsonl"]["action"] == "discard"


# --------------------------------------------------------------------------- other hostile input


def test_diff_base_cannot_smuggle_a_git_option(root, tmp_path, audit, capfdbinary):
    (root / "a.py").write_text(SMALL_A)
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-qm", "base")
    target = tmp_path / "written-by-git"
    rc, out, err = run(capfdbinary, root, f"--diff=--output={target}", "--mode", "compact", audit=audit)
    assert rc == 2 and out == b""
    assert "not a git revision" in one_error_line(err)
    assert not target.exists()


def test_names_that_name_no_file(root, audit, capfdbinary):
    (root / "a.py").write_text(SMALL_A)
    long_name = "x" * 300
    (root / ".codepith.toml").write_text(
        f'[profiles.p]\nmode = "compact"\npr_paths = ["a\\u0000b", "", "{long_name}", "a.py"]\n'
    )
    rc, out, err = run(capfdbinary, root, "--profile", "p", audit=audit)
    assert rc == 0 and SMALL_A.encode() in out
    assert "not a file name (it holds a NUL byte)" in err
    assert "not a file name (it is empty)" in err
    assert f"{long_name}: not a file name (File name too long)" in err


def test_file_over_max_file_bytes_is_not_read(root, audit, capfdbinary):
    (root / "a.py").write_text(SMALL_A)
    (root / "huge.txt").write_text("x" * 5000)
    rc, out, err = run(
        capfdbinary,
        root,
        "--pr-path",
        "huge.txt",
        "--pr-path",
        "a.py",
        "--mode",
        "compact",
        "--max-file-bytes",
        "4096",
        audit=audit,
    )
    assert rc == 0 and SMALL_A.encode() in out
    assert "huge.txt: larger than --max-file-bytes 4096; raise --max-file-bytes to pack it" in err
    assert items_by_path(last_record(audit))["huge.txt"]["reason"] == "too-large"
    rc, out, err = run(
        capfdbinary, root, "--required", "huge.txt", "--mode", "compact", "--max-file-bytes", "4096", audit=audit
    )
    assert rc == 2 and out == b""
