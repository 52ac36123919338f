"""``codepith pack``: which files enter the context, under budgets, with an audit
line for every run (failed ones too)."""

import builtins
import io
import json
import multiprocessing
import os
import subprocess
import sys

import pytest

import codepith
from codepith import PackFailed, pack
from codepith.cli import main
from codepith.errors import CodepithError, InvalidOption
from codepith.packer.packing import append_audit
from helpers import items_by_path

PACK = [sys.executable, "-m", "codepith", "pack"]
HANG_GUARD = 120  # seconds; only a run that hangs gets anywhere near it

EMPTY_DOCUMENT = {"markdown": b"", "xml": b"<files>\n</files>\n", "json": b'{\n "files": []\n}\n'}

SMALL_A = "def add(a, b):\n    return a + b\n"
SMALL_B = "def sub(a, b):\n    return a - b\n"


def big_python(n: int = 60) -> str:
    """A module whose bodies are most of its size (signatures compress it well)."""
    return "".join(f"def func_{i}(x, y):\n    z = x + y\n    w = z * {i}\n    return w - 1\n\n" for i in range(n))


def run_cli(root, *args, audit=None, timeout=HANG_GUARD, cwd=None):
    argv = [*PACK, str(root), *args]
    if audit is not None:
        argv += ["--audit", str(audit)]
    return subprocess.run(argv, capture_output=True, timeout=timeout, cwd=cwd)


def audit_records(path) -> list[dict]:
    with open(path, "rb") as f:
        raw = f.read()
    return [json.loads(line) for line in raw.decode("utf-8").splitlines()]


def last_record(path) -> dict:
    records = audit_records(path)
    assert records, f"no audit line in {path}"
    return records[-1]


def decisions(record_or_result) -> list[tuple]:
    if isinstance(record_or_result, dict):
        items = record_or_result["items"]
        return [(i["path"], i["role"], i["action"], i["reason"]) for i in items]
    return [(i.path, i.role, i.action, i.reason) for i in record_or_result.items]


@pytest.fixture
def no_reading(monkeypatch):
    """Forbid opening some paths in this process: ``forbid(path)`` makes any
    open of it (builtins.open, io.open, os.open) fail the test."""
    forbidden: set[str] = set()
    attempts: list[str] = []

    def check(file):
        if isinstance(file, int):
            return
        try:
            name = os.fsdecode(os.fspath(file))
        except TypeError:
            return
        real = os.path.realpath(name)
        if name in forbidden or real in forbidden:
            attempts.append(name)
            raise AssertionError(f"{name} was opened")

    real_open, real_os_open = builtins.open, os.open

    def guarded_open(file, *args, **kwargs):
        check(file)
        return real_open(file, *args, **kwargs)

    def guarded_os_open(path, *args, **kwargs):
        check(path)
        return real_os_open(path, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", guarded_open)
    monkeypatch.setattr(io, "open", guarded_open)
    monkeypatch.setattr(os, "open", guarded_os_open)

    def forbid(path):
        forbidden.add(os.fspath(path))
        forbidden.add(os.path.realpath(path))

    forbid.attempts = attempts
    return forbid


# --------------------------------------------------------------------------- the first checks


def test_two_pr_files_enter_and_are_audited_as_inject(root, audit, tmp_path):
    (root / "a.py").write_text(SMALL_A)
    (root / "b.py").write_text(SMALL_B)
    elsewhere = tmp_path / "elsewhere"  # paths are relative to ROOT, not to the working folder
    elsewhere.mkdir()
    proc = run_cli(root, "--pr-path", "a.py", "--pr-path", "b.py", "--mode", "fail-closed", audit=audit, cwd=elsewhere)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode()
    assert SMALL_A in out and SMALL_B in out
    assert out.index("a.py") < out.index("b.py")
    records = audit_records(audit)
    assert len(records) == 1
    rec = records[0]
    assert rec["status"] == "packed" and rec["mode"] == "fail-closed"
    assert [(i["path"], i["role"], i["action"]) for i in rec["items"]] == [
        ("a.py", "pr-path", "inject"),
        ("b.py", "pr-path", "inject"),
    ]
    assert not (root / ".codepith").exists()  # --audit was honoured


def test_default_audit_file_is_under_root(root):
    (root / "a.py").write_text(SMALL_A)
    proc = run_cli(root, "--pr-path", "a.py", "--mode", "compact")
    assert proc.returncode == 0, proc.stderr
    rec = last_record(root / ".codepith" / "context-audit.jsonl")
    assert rec["status"] == "packed"
    assert items_by_path(rec)["a.py"]["action"] == "inject"


def test_byte_budget_1_with_required_file_exits_2_subprocess(root, audit):
    (root / "a.py").write_text(SMALL_A)
    proc = run_cli(root, "--required", "a.py", "--byte-budget", "1", "--mode", "compact", audit=audit)
    assert proc.returncode == 2
    assert proc.stdout == b""
    err = proc.stderr.decode()
    assert "a.py" in err and "budget:bytes" in err
    rec = last_record(audit)
    assert rec["status"] == "failed"
    assert rec["failure"] and "a.py" in rec["failure"]
    item = items_by_path(rec)["a.py"]
    assert item["role"] == "required" and item["action"] != "inject" and item["reason"] == "budget:bytes"


@pytest.mark.parametrize("mode", ["fail-closed", "compact", "observe"])
def test_byte_budget_1_with_required_file_exits_2_main(root, audit, capfdbinary, mode):
    (root / "a.py").write_text(SMALL_A)
    rc = main(["pack", str(root), "--required", "a.py", "--byte-budget", "1", "--mode", mode, "--audit", str(audit)])
    assert rc == 2
    captured = capfdbinary.readouterr()
    assert captured.out == b""
    assert b"a.py" in captured.err and b"budget:bytes" in captured.err
    rec = last_record(audit)
    assert rec["status"] == "failed" and rec["mode"] == mode
    assert rec["bytes_used"] == 0 and rec["tokens_used"] == 0


def _elided_header_ranges(elided) -> list[str]:
    return [f"{a}-{b}" if a != b else f"{a}" for a, b in elided]


@pytest.mark.parametrize("fmt", ["markdown", "xml", "json"])
def test_compact_mode_compresses_a_large_optional_file(root, audit, fmt):
    source = big_python()
    (root / "a.py").write_text(SMALL_A)
    (root / "big.py").write_text(source)
    budget = 3000
    assert len(source.encode()) > budget
    proc = run_cli(
        root,
        "--required",
        "a.py",
        "--pr-path",
        "big.py",
        "--mode",
        "compact",
        "--byte-budget",
        str(budget),
        "--format",
        fmt,
        audit=audit,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode()
    assert len(proc.stdout) <= budget
    rec = last_record(audit)
    assert rec["status"] == "packed"
    item = items_by_path(rec)["big.py"]
    assert item["action"] in ("inject-compressed", "discard")
    if item["action"] == "discard":  # allowed by the issue, but then it is a budget discard
        assert item["reason"].startswith("budget:")
        return
    assert item["reason"] in ("compressed:signatures", "compressed:outline")
    level = item["reason"].split(":", 1)[1]
    assert item["compressed_level"] == level
    elided = [tuple(r) for r in item["elided_lines"]]
    assert elided and (2, 4) in elided
    assert "w = z * 7" not in out  # the bodies are gone ...
    assert "def func_59(x, y):" in out  # ... the signatures stay
    assert "L2-4" in out  # line references into the original
    if fmt == "json":
        doc = json.loads(out)
        entry = next(e for e in doc["files"] if e["path"] == "big.py")
        assert entry["compressed"] == level
        marked = entry["elided_lines"]  # a list of [start, end] or a "2-4,7-9" string
        if isinstance(marked, str):
            assert marked == ",".join(_elided_header_ranges(elided))
        else:
            assert [tuple(r) for r in marked] == elided
        assert "def func_0(x, y):" in entry["content"]
    else:
        header = next(line for line in out.splitlines() if "big.py" in line)
        assert "compressed" in header and level in header
        count = sum(b - a + 1 for a, b in elided)  # the ranges are in the audit, their count in the heading
        assert (f"{count} lines elided" if fmt == "markdown" else f'elided_lines="{count}"') in header
        assert not any(rng in header for rng in _elided_header_ranges(elided) if "-" in rng)
    # the whole file does not fit, so only the compressed form may be there
    assert source not in out


@pytest.mark.parametrize("fmt", ["markdown", "xml", "json"])
def test_compact_mode_compresses_just_under_the_whole_size(root, audit, fmt):
    # Signatures drop about 40% of this file; a budget one byte short of the
    # whole file must take the compressed form, whatever the output format.
    source = big_python()
    (root / "big.py").write_text(source)
    whole = pack(root, pr_paths=["big.py"], mode="fail-closed", byte_budget=10**6, fmt=fmt, audit=audit)
    budget = whole.bytes_used - 1
    result = pack(root, pr_paths=["big.py"], mode="compact", byte_budget=budget, fmt=fmt, audit=audit)
    item = result.items[0]
    assert item.compressed_bytes is not None and item.compressed_bytes < 0.7 * len(source.encode())
    assert (item.action, item.reason) == ("inject-compressed", "compressed:signatures"), (
        f"compressed entry does not fit in {budget} bytes although the whole one takes {whole.bytes_used}"
    )
    assert result.bytes_used <= budget


def test_compact_mode_discards_what_even_compressed_does_not_fit(root, audit):
    (root / "a.py").write_text(SMALL_A)
    (root / "big.py").write_text(big_python())
    (root / "notes.txt").write_text("word " * 2000)  # no language: cannot be compressed
    proc = run_cli(
        root,
        "--required",
        "a.py",
        "--pr-path",
        "big.py",
        "--pr-path",
        "notes.txt",
        "--mode",
        "compact",
        "--byte-budget",
        "400",
        audit=audit,
    )
    assert proc.returncode == 0, proc.stderr
    rec = last_record(audit)
    assert rec["status"] == "packed"
    items = items_by_path(rec)
    assert items["a.py"]["action"] == "inject"
    assert (items["big.py"]["action"], items["big.py"]["reason"]) == ("discard", "budget:bytes")
    assert (items["notes.txt"]["action"], items["notes.txt"]["reason"]) == ("discard", "budget:bytes")
    out = proc.stdout.decode()
    assert SMALL_A in out and "big.py" not in out and "notes.txt" not in out


def test_fail_closed_stops_on_an_optional_file_over_budget(root, audit):
    (root / "a.py").write_text(SMALL_A)
    (root / "big.py").write_text(big_python())
    proc = run_cli(
        root, "--pr-path", "a.py", "--pr-path", "big.py", "--mode", "fail-closed", "--byte-budget", "3000", audit=audit
    )
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert b"big.py" in proc.stderr
    rec = last_record(audit)
    assert rec["status"] == "failed"
    assert items_by_path(rec)["big.py"]["reason"] == "budget:bytes"


# --------------------------------------------------------------------------- the root


@pytest.mark.parametrize("role", ["required", "pr-path"])
def test_parent_path_is_rejected_without_being_read(tmp_path, root, audit, no_reading, role):
    outside = tmp_path / "outside"
    outside.write_text("SECRET\n")
    no_reading(outside)
    (root / "a.py").write_text(SMALL_A)
    kwargs = (
        {"required": ["a.py", "../outside"]}
        if role == "required"
        else {"required": ["a.py"], "pr_paths": ["../outside"]}
    )
    with pytest.raises(PackFailed) as info:
        pack(root, mode="compact", audit=audit, **kwargs)
    assert no_reading.attempts == []
    result = info.value.result
    assert result.status == "failed" and result.output == ""
    assert "../outside" in str(info.value) or "outside" in str(info.value)
    rec = last_record(audit)
    assert rec["status"] == "failed"
    rejected = [i for i in rec["items"] if i["action"] == "reject"]
    assert len(rejected) == 1
    assert rejected[0]["reason"] == "outside-root" and rejected[0]["role"] == role
    # nothing was read: no item has a size
    assert all("bytes" not in i for i in rec["items"])
    assert "SECRET" not in json.dumps(rec)


@pytest.mark.parametrize("raw", ["../outside", "sub/../../outside", "./../root/../outside"])
def test_paths_leaving_the_root_are_rejected(tmp_path, root, audit, no_reading, raw):
    (root / "sub").mkdir()
    outside = tmp_path / "outside"
    outside.write_text("SECRET\n")
    no_reading(outside)
    with pytest.raises(PackFailed):
        pack(root, pr_paths=[raw], mode="fail-closed", audit=audit)
    assert no_reading.attempts == []
    rec = last_record(audit)
    assert rec["status"] == "failed"
    assert [(i["action"], i["reason"]) for i in rec["items"]] == [("reject", "outside-root")]


def test_outside_fifo_is_never_opened_by_the_cli(tmp_path, root, audit):
    # Opening a FIFO with no writer blocks: if the run read it, the guard would fire.
    os.mkfifo(tmp_path / "outside.fifo")
    (root / "a.py").write_text(SMALL_A)
    proc = run_cli(root, "--pr-path", "a.py", "--pr-path", "../outside.fifo", "--mode", "compact", audit=audit)
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert b"outside.fifo" in proc.stderr
    rec = last_record(audit)
    assert rec["status"] == "failed"
    assert items_by_path(rec)["../outside.fifo"] == {
        "path": "../outside.fifo",
        "role": "pr-path",
        "action": "reject",
        "reason": "outside-root",
    }


def test_absolute_path_inside_root_is_accepted(root, audit):
    (root / "sub").mkdir()
    (root / "sub" / "x.py").write_text(SMALL_A)
    result = pack(root, pr_paths=[str(root / "sub" / "x.py")], mode="fail-closed", audit=audit)
    assert result.status == "packed"
    assert SMALL_A in result.output
    assert [(i.path, i.action) for i in result.items] == [("sub/x.py", "inject")]
    rec = last_record(audit)
    assert decisions(rec) == [("sub/x.py", "pr-path", "inject", "budget-ok")]


def test_absolute_path_inside_root_is_accepted_when_root_is_named_through_a_symlink(tmp_path, audit):
    # ROOT given as a symlink (as /tmp is on macOS), the file named by its real path.
    real_root = tmp_path / "real"
    real_root.mkdir()
    (real_root / "x.py").write_text(SMALL_A)
    link_root = tmp_path / "link"
    link_root.symlink_to(real_root, target_is_directory=True)
    result = pack(link_root, pr_paths=[str(real_root / "x.py")], mode="fail-closed", audit=audit)
    assert result.status == "packed"
    assert SMALL_A in result.output


def test_absolute_path_outside_root_is_rejected(tmp_path, root, audit, no_reading):
    outside = tmp_path / "secret.py"
    outside.write_text("SECRET = 1\n")
    no_reading(outside)
    (root / "a.py").write_text(SMALL_A)
    with pytest.raises(PackFailed) as info:
        pack(root, pr_paths=["a.py", str(outside)], mode="compact", audit=audit)
    assert no_reading.attempts == []
    assert info.value.result.status == "failed"
    rec = last_record(audit)
    assert rec["status"] == "failed"
    rejected = [i for i in rec["items"] if i["action"] == "reject"]
    assert [i["reason"] for i in rejected] == ["outside-root"]
    # the file inside was not read either: the check comes before any read
    assert "bytes" not in items_by_path(rec)["a.py"]


def test_absolute_path_outside_root_is_rejected_by_the_cli(tmp_path, root, audit):
    (tmp_path / "secret.py").write_text("SECRET = 1\n")
    proc = run_cli(root, "--pr-path", str(tmp_path / "secret.py"), "--mode", "compact", audit=audit)
    assert proc.returncode == 2 and proc.stdout == b""
    assert b"SECRET" not in proc.stderr
    rec = last_record(audit)
    assert rec["status"] == "failed"
    assert [(i["action"], i["reason"]) for i in rec["items"]] == [("reject", "outside-root")]


@pytest.mark.parametrize("link_kind", ["file", "folder"])
def test_symlink_leaving_the_root_is_rejected_and_not_read(tmp_path, root, audit, no_reading, link_kind):
    outside_dir = tmp_path / "outside"
    outside_dir.mkdir()
    secret = outside_dir / "secret.py"
    secret.write_text("SECRET = 1\n")
    no_reading(secret)
    if link_kind == "file":
        (root / "link.py").symlink_to(secret)
        raw = "link.py"
    else:
        (root / "ext").symlink_to(outside_dir, target_is_directory=True)
        raw = "ext/secret.py"
    with pytest.raises(PackFailed):
        pack(root, pr_paths=[raw], mode="compact", audit=audit)
    assert no_reading.attempts == []
    rec = last_record(audit)
    assert rec["status"] == "failed"
    assert [(i["action"], i["reason"]) for i in rec["items"]] == [("reject", "outside-root")]
    assert "SECRET" not in json.dumps(rec)


def test_symlink_inside_the_root_is_accepted(root, audit):
    (root / "real.py").write_text(SMALL_A)
    (root / "alias.py").symlink_to(root / "real.py")
    result = pack(root, pr_paths=["alias.py"], mode="fail-closed", audit=audit)
    assert result.status == "packed" and SMALL_A in result.output


def test_file_whose_name_starts_with_two_dots_is_inside(root, audit):
    (root / "..notes.txt").write_text("inside\n")
    result = pack(root, pr_paths=["..notes.txt"], mode="fail-closed", audit=audit)
    assert result.status == "packed"
    assert [(i.path, i.action) for i in result.items] == [("..notes.txt", "inject")]
    assert "inside" in result.output


# --------------------------------------------------------------------------- what is not a file


def test_fifo_among_pr_paths_does_not_hang_and_is_discarded(root, audit):
    (root / "a.py").write_text(SMALL_A)
    (root / "b.py").write_text(SMALL_B)
    os.mkfifo(root / "pipe.py")
    proc = run_cli(
        root, "--pr-path", "a.py", "--pr-path", "pipe.py", "--pr-path", "b.py", "--mode", "compact", audit=audit
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode()
    assert SMALL_A in out and SMALL_B in out and "pipe.py" not in out
    rec = last_record(audit)
    assert rec["status"] == "packed"
    items = items_by_path(rec)
    assert (items["pipe.py"]["action"], items["pipe.py"]["reason"]) == ("discard", "not-a-file")
    assert items["a.py"]["action"] == items["b.py"]["action"] == "inject"


def test_fifo_as_required_file_stops_the_run(root, audit):
    (root / "a.py").write_text(SMALL_A)
    os.mkfifo(root / "pipe.py")
    proc = run_cli(root, "--required", "pipe.py", "--pr-path", "a.py", "--mode", "compact", audit=audit)
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert b"pipe.py" in proc.stderr
    rec = last_record(audit)
    assert rec["status"] == "failed"
    assert items_by_path(rec)["pipe.py"]["reason"] == "not-a-file"


def test_directory_is_not_a_file(root, audit):
    (root / "pkg").mkdir()
    (root / "pkg" / "m.py").write_text(SMALL_B)
    (root / "a.py").write_text(SMALL_A)
    result = pack(root, pr_paths=["pkg", "a.py"], mode="compact", audit=audit)
    assert result.status == "packed"
    items = {i.path: i for i in result.items}
    assert (items["pkg"].action, items["pkg"].reason) == ("discard", "not-a-file")
    assert SMALL_A in result.output and SMALL_B not in result.output
    with pytest.raises(PackFailed):
        pack(root, required=["pkg"], pr_paths=["a.py"], mode="compact", audit=audit)
    rec = last_record(audit)
    assert rec["status"] == "failed" and items_by_path(rec)["pkg"]["reason"] == "not-a-file"


@pytest.mark.parametrize("mode", ["fail-closed", "compact", "observe"])
def test_missing_required_file_stops_the_run(root, audit, mode):
    (root / "a.py").write_text(SMALL_A)
    with pytest.raises(PackFailed) as info:
        pack(root, required=["gone.py"], pr_paths=["a.py"], mode=mode, audit=audit)
    assert "gone.py" in str(info.value)
    rec = last_record(audit)
    assert rec["status"] == "failed"
    assert items_by_path(rec)["gone.py"]["reason"] == "required-missing"
    proc = run_cli(root, "--required", "gone.py", "--pr-path", "a.py", "--mode", mode, audit=audit)
    assert proc.returncode == 2 and proc.stdout == b"" and b"gone.py" in proc.stderr


@pytest.mark.parametrize("mode", ["compact", "observe"])
def test_missing_optional_file_is_discarded_and_the_run_goes_on(root, audit, mode):
    (root / "a.py").write_text(SMALL_A)
    (root / "b.py").write_text(SMALL_B)
    result = pack(root, required=["a.py"], pr_paths=["gone.py", "b.py"], mode=mode, audit=audit)
    status = "observed" if mode == "observe" else "packed"
    assert result.status == status
    assert SMALL_A in result.output and SMALL_B in result.output
    rec = last_record(audit)
    assert rec["status"] == status
    gone = items_by_path(rec)["gone.py"]
    assert gone["action"] == "discard" and "missing" in gone["reason"]
    assert gone["reason"] != "required-missing"


def test_duplicates_enter_once(root, audit):
    (root / "sub").mkdir()
    (root / "a.py").write_text(SMALL_A)
    (root / "b.py").write_text(SMALL_B)
    (root / "alias.py").symlink_to(root / "a.py")
    result = pack(
        root,
        required=["a.py", "a.py"],
        pr_paths=["./a.py", "sub/../a.py", str(root / "a.py"), "alias.py", "b.py", "b.py"],
        mode="fail-closed",
        audit=audit,
    )
    assert result.output.count(SMALL_A) == 1
    assert result.output.count(SMALL_B) == 1
    rec = last_record(audit)
    assert [(i["path"], i["role"], i["action"]) for i in rec["items"]] == [
        ("a.py", "required", "inject"),
        ("b.py", "pr-path", "inject"),
    ]


# --------------------------------------------------------------------------- the audit file


def _append_worker(audit_path, barrier, i):
    barrier.wait()
    # far beyond PIPE_BUF, so an unlocked or split write would show
    append_audit(audit_path, {"event": "test", "worker": i, "payload": f"{i:02d}é漢" * 20000})


def _pack_worker(root, audit_path, barrier, i):
    barrier.wait()
    pack(root, pr_paths=["a.py", f"f{i}.txt"], mode="compact", audit=audit_path)


@pytest.mark.parametrize("how", ["append_audit", "pack"])
def test_32_processes_append_to_one_audit_file(root, audit, how):
    n = 32
    (root / "a.py").write_text(SMALL_A)
    for i in range(n):
        (root / f"f{i}.txt").write_text(f"file {i}\n" * 50)
    ctx = multiprocessing.get_context("forkserver")
    barrier = ctx.Barrier(n)
    if how == "append_audit":
        procs = [ctx.Process(target=_append_worker, args=(str(audit), barrier, i)) for i in range(n)]
    else:
        procs = [ctx.Process(target=_pack_worker, args=(str(root), str(audit), barrier, i)) for i in range(n)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(HANG_GUARD)
    assert [p.exitcode for p in procs] == [0] * n
    with open(audit, "rb") as f:
        raw = f.read()
    assert raw.endswith(b"\n")
    lines = raw.decode("utf-8").splitlines()
    assert len(lines) == n
    records = [json.loads(line) for line in lines]
    if how == "append_audit":
        assert sorted(r["worker"] for r in records) == list(range(n))
        for r in records:
            assert r["payload"] == f"{r['worker']:02d}é漢" * 20000
    else:
        assert len({r["run_id"] for r in records}) == n
        seen = sorted(next(i["path"] for i in r["items"] if i["path"] != "a.py") for r in records)
        assert seen == sorted(f"f{i}.txt" for i in range(n))


def test_every_run_appends_exactly_one_line(root, audit):
    (root / "a.py").write_text(SMALL_A)
    pack(root, pr_paths=["a.py"], mode="compact", audit=audit)
    with pytest.raises(PackFailed):
        pack(root, required=["gone.py"], mode="compact", audit=audit)
    run_cli(root, "--pr-path", "a.py", "--mode", "observe", audit=audit)
    run_cli(root, "--required", "a.py", "--byte-budget", "1", "--mode", "observe", audit=audit)
    records = audit_records(audit)
    assert [r["status"] for r in records] == ["packed", "failed", "observed", "failed"]
    assert len({r["run_id"] for r in records}) == 4


def test_default_audit_file_never_enters_the_output(root):
    (root / "a.py").write_text(SMALL_A)
    default = root / ".codepith" / "context-audit.jsonl"
    # listed before it exists, then after runs have filled it
    for _ in range(3):
        proc = run_cli(root, "--pr-path", ".codepith/context-audit.jsonl", "--pr-path", "a.py", "--mode", "compact")
        assert proc.returncode == 0, proc.stderr
        out = proc.stdout.decode()
        assert "run_id" not in out and "context-audit" not in out
        assert SMALL_A in out
        item = items_by_path(last_record(default))[".codepith/context-audit.jsonl"]
        assert item["action"] == "discard"
    assert len(audit_records(default)) == 3


def test_explicit_audit_file_inside_root_never_enters_the_output(root):
    (root / "a.py").write_text(SMALL_A)
    (root / "logs").mkdir()
    audit = root / "logs" / "audit.jsonl"
    (root / "audit-link.jsonl").symlink_to(audit)
    spellings = ["logs/audit.jsonl", str(audit), "./logs/../logs/audit.jsonl", "audit-link.jsonl"]
    for _ in range(2):
        for fmt in ("markdown", "xml", "json"):
            proc = run_cli(
                root,
                *[a for s in spellings for a in ("--pr-path", s)],
                "--pr-path",
                "a.py",
                "--mode",
                "observe",
                "--format",
                fmt,
                audit=audit,
            )
            assert proc.returncode == 0, proc.stderr
            out = proc.stdout.decode()
            assert "run_id" not in out and SMALL_A.strip().splitlines()[0] in out
            rec = last_record(audit)
            assert [i["action"] for i in rec["items"] if i["path"] != "a.py"] == ["discard"]


# --------------------------------------------------------------------------- budgets


def test_token_and_byte_budgets_bind_separately(root, audit):
    # dense: ~2 bytes per token; sparse: ~10 bytes per token
    (root / "ok.txt").write_text("ok\n")
    (root / "dense_short.txt").write_text("x y z " * 200)  # 1200 bytes, ~600 tokens
    (root / "sparse.txt").write_text(" internationalization" * 120)  # 2520 bytes, ~240 tokens
    (root / "dense_long.txt").write_text("x y z " * 400)  # 2400 bytes, ~1200 tokens
    result = pack(
        root,
        pr_paths=["dense_short.txt", "sparse.txt", "dense_long.txt", "ok.txt"],
        mode="compact",
        byte_budget=2000,
        token_budget=500,
        audit=audit,
    )
    assert result.status == "packed"
    got = {i.path: (i.action, i.reason) for i in result.items}
    assert got == {
        "dense_short.txt": ("discard", "budget:tokens"),
        "sparse.txt": ("discard", "budget:bytes"),
        "dense_long.txt": ("discard", "budget:bytes+tokens"),
        "ok.txt": ("inject", "budget-ok"),
    }
    assert decisions(last_record(audit)) == decisions(result)


@pytest.mark.parametrize("fmt", ["markdown", "xml", "json"])
def test_budgets_are_exact_at_the_boundary(root, audit, fmt):
    (root / "first.txt").write_text("first file\n")
    (root / "second.txt").write_text("漢字を書く " * 40 + "\n" + " internationalization" * 30 + "\n")
    files = ["first.txt", "second.txt"]
    whole = pack(root, pr_paths=files, mode="fail-closed", byte_budget=10**6, token_budget=10**6, fmt=fmt, audit=audit)
    nbytes, ntokens = whole.bytes_used, whole.tokens_used

    def second(byte_budget, token_budget):
        r = pack(
            root,
            pr_paths=files,
            mode="compact",
            byte_budget=byte_budget,
            token_budget=token_budget,
            fmt=fmt,
            audit=audit,
        )
        rec = last_record(audit)
        assert decisions(rec) == decisions(r)
        return [(i.action, i.reason) for i in r.items if i.path == "second.txt"][0]

    assert second(nbytes, ntokens) == ("inject", "budget-ok")  # exactly full fits
    assert second(nbytes, ntokens - 1) == ("discard", "budget:tokens")
    assert second(nbytes - 1, ntokens) == ("discard", "budget:bytes")
    assert second(nbytes - 1, ntokens - 1) == ("discard", "budget:bytes+tokens")
    assert second(nbytes, None) == ("inject", "budget-ok")
    assert second(None, ntokens - 1) == ("discard", "budget:tokens")
    with pytest.raises(PackFailed):
        pack(
            root, pr_paths=files, mode="fail-closed", byte_budget=nbytes, token_budget=ntokens - 1, fmt=fmt, audit=audit
        )
    assert items_by_path(last_record(audit))["second.txt"]["reason"] == "budget:tokens"


def test_token_budget_alone_binds_on_the_cli(root, audit):
    (root / "dense.txt").write_text("x y z " * 200)  # ~600 tokens, 1200 bytes: under the default bytes
    proc = run_cli(root, "--pr-path", "dense.txt", "--mode", "compact", "--token-budget", "300", audit=audit)
    assert proc.returncode == 0, proc.stderr
    rec = last_record(audit)
    assert rec["budgets"]["tokens"] == 300
    assert items_by_path(rec)["dense.txt"]["reason"] == "budget:tokens"
    proc = run_cli(root, "--required", "dense.txt", "--mode", "compact", "--token-budget", "300", audit=audit)
    assert proc.returncode == 2 and proc.stdout == b"" and b"budget:tokens" in proc.stderr


@pytest.mark.parametrize("option", ["--byte-budget", "--token-budget"])
@pytest.mark.parametrize("value", ["0", "-1", "-4096"])
def test_non_positive_budgets_exit_2_naming_the_option(root, audit, capfdbinary, option, value):
    (root / "a.py").write_text(SMALL_A)
    rc = main(["pack", str(root), "--pr-path", "a.py", "--mode", "compact", f"{option}={value}", "--audit", str(audit)])
    assert rc == 2
    captured = capfdbinary.readouterr()
    assert captured.out == b""
    assert option.encode() in captured.err
    proc = run_cli(root, "--pr-path", "a.py", "--mode", "compact", f"{option}={value}", audit=audit)
    assert proc.returncode == 2 and proc.stdout == b"" and option.encode() in proc.stderr
    parameter = option[2:].replace("-", "_")
    with pytest.raises(InvalidOption, match="must be a positive number") as info:
        pack(root, pr_paths=["a.py"], mode="compact", audit=audit, **{parameter: int(value)})
    assert info.value.parameter == parameter and option not in str(info.value)


# the library names its parameter; the command line names the flag that gave it
BAD_OPTIONS = [
    ("mode", "lenient", "--mode", "must be one of fail-closed, compact, observe"),
    ("fmt", "yaml", "--format", "must be one of markdown, xml, json"),
    ("deps_level", "tiny", "--deps-level", "must be one of"),
    ("max_file_bytes", 0, "--max-file-bytes", "must be a positive number"),
    ("encoding", "nope", "--encoding", "unknown token encoding 'nope'"),
    ("required", "a.py", "--required", "takes a list of file paths"),
    ("diff", "--output=x", "--diff", "not a git revision"),
]


@pytest.mark.parametrize("parameter, value, flag, problem", BAD_OPTIONS, ids=[b[0] for b in BAD_OPTIONS])
def test_a_bad_argument_names_the_parameter(root, audit, parameter, value, flag, problem):
    (root / "a.py").write_text(SMALL_A)
    kwargs = {"mode": "compact", "pr_paths": ["a.py"], parameter: value}
    with pytest.raises(InvalidOption) as info:
        pack(root, audit=audit, **kwargs)
    assert info.value.parameter == parameter and problem in info.value.problem
    assert str(info.value).startswith(f"{parameter}=: ") and flag not in str(info.value)
    assert isinstance(info.value, CodepithError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "flag, value, problem",
    [
        ("--max-file-bytes", "0", "must be a positive number"),
        ("--max-file-bytes", "-5", "must be a positive number"),
        ("--token-budget", "0", "must be a positive number"),
        ("--diff", "--output=x", "not a git revision"),
    ],
)
def test_the_command_line_names_the_flag(root, audit, capfdbinary, flag, value, problem):
    (root / "a.py").write_text(SMALL_A)
    rc = main(["pack", str(root), "--pr-path", "a.py", "--mode", "compact", f"{flag}={value}", "--audit", str(audit)])
    err = capfdbinary.readouterr().err.decode()
    assert rc == 2 and err.count("\n") == 1
    assert err.startswith("codepith: error: ") and f"'{flag}'" in err and problem in err
    assert "=: " not in err  # the library's parameter is not shown


def test_mode_is_required(root, audit, capfdbinary):
    (root / "a.py").write_text(SMALL_A)
    assert main(["pack", str(root), "--pr-path", "a.py", "--audit", str(audit)]) == 2
    captured = capfdbinary.readouterr()
    assert captured.out == b"" and b"--mode" in captured.err
    assert main(["pack", str(root), "--pr-path", "a.py", "--mode", "lenient", "--audit", str(audit)]) == 2
    captured = capfdbinary.readouterr()
    assert captured.out == b"" and b"--mode" in captured.err
    proc = run_cli(root, "--pr-path", "a.py", audit=audit)
    assert proc.returncode == 2 and proc.stdout == b"" and b"--mode" in proc.stderr
    assert not audit.exists()


# --------------------------------------------------------------------------- output and totals

MB_NAME = "données/名前.py"
MB_SOURCE = 'GREETING = "héllo 🎉 漢字を書く"\n\n\ndef greet(name):\n    return f"{GREETING}, {name} 👋"\n'


@pytest.mark.parametrize("fmt", ["markdown", "xml", "json"])
def test_multibyte_names_and_contents_survive(root, audit, fmt):
    (root / "données").mkdir()
    (root / "données" / "名前.py").write_text(MB_SOURCE, encoding="utf-8")
    (root / "données" / "ノート.txt").write_text("絵文字 🧪🧬 and ASCII\n", encoding="utf-8")
    proc = run_cli(
        root,
        "--required",
        MB_NAME,
        "--pr-path",
        "données/ノート.txt",
        "--mode",
        "fail-closed",
        "--format",
        fmt,
        audit=audit,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode("utf-8")
    if fmt == "json":
        doc = json.loads(out)
        assert [(e["path"], e["content"]) for e in doc["files"]] == [
            (MB_NAME, MB_SOURCE),
            ("données/ノート.txt", "絵文字 🧪🧬 and ASCII\n"),
        ]
    else:
        assert MB_NAME in out and "données/ノート.txt" in out
        assert MB_SOURCE in out and "絵文字 🧪🧬 and ASCII\n" in out
    rec = last_record(audit)
    assert [(i["path"], i["action"]) for i in rec["items"]] == [(MB_NAME, "inject"), ("données/ノート.txt", "inject")]
    assert items_by_path(rec)[MB_NAME]["bytes"] == len(MB_SOURCE.encode("utf-8"))
    assert items_by_path(rec)[MB_NAME]["tokens"] == codepith.count_tokens(MB_SOURCE)


def _mixed_tree(root):
    (root / "données").mkdir()
    (root / "données" / "名前.py").write_text(MB_SOURCE, encoding="utf-8")
    (root / "fence.md").write_text("Some text\n\n```python\nx = 1\n```\n\n````\nfour\n````\n")
    (root / "cjk.txt").write_text("漢字を書く 🎉 " * 30 + "\n")
    (root / "xml.txt").write_text('a < b && c > "d" </file>\n')
    (root / "big.py").write_text(big_python())
    (root / "huge.txt").write_text("lorem ipsum " * 1500)
    return [
        "--required",
        MB_NAME,
        "--pr-path",
        "fence.md",
        "--pr-path",
        "cjk.txt",
        "--pr-path",
        "xml.txt",
        "--pr-path",
        "big.py",
        "--pr-path",
        "huge.txt",
        "--pr-path",
        "missing.txt",
    ]


@pytest.mark.parametrize("fmt", ["markdown", "xml", "json"])
@pytest.mark.parametrize("mode", ["compact", "observe"])
@pytest.mark.parametrize("encoding", ["o200k_base", "cl100k_base"])
def test_audit_totals_equal_the_actual_output(root, audit, fmt, mode, encoding):
    args = _mixed_tree(root)
    proc = run_cli(
        root, *args, "--mode", mode, "--format", fmt, "--byte-budget", "4000", "--encoding", encoding, audit=audit
    )
    assert proc.returncode == 0, proc.stderr
    rec = last_record(audit)
    assert rec["status"] == ("observed" if mode == "observe" else "packed")
    assert rec["bytes_used"] == len(proc.stdout)
    assert rec["tokens_used"] == codepith.count_tokens(proc.stdout, encoding=encoding)
    assert rec["tokens_used"] == codepith.count_tokens(proc.stdout.decode("utf-8"), encoding=encoding)
    assert rec["budgets"]["encoding"] == encoding
    items = items_by_path(rec)
    # the run exercises compression (json: see test_compact_mode_compresses_just_under_the_whole_size)
    assert items["big.py"]["action"] == ("inject-compressed" if fmt != "json" else items["big.py"]["action"])
    assert items["big.py"]["action"] in ("inject-compressed", "discard")
    assert items["huge.txt"]["action"] == "discard"
    if mode == "compact":
        assert len(proc.stdout) <= 4000
    if fmt == "json":
        json.loads(proc.stdout)
    if mode == "compact":
        # each block's share and the empty document add up to the whole
        entered = [i for i in rec["items"] if i["action"].startswith("inject")]
        assert sum(i["out_bytes"] for i in entered) + len(EMPTY_DOCUMENT[fmt]) == rec["bytes_used"]
        assert (
            sum(i["out_tokens"] for i in entered) + codepith.count_tokens(EMPTY_DOCUMENT[fmt], encoding=encoding)
            == rec["tokens_used"]
        )


@pytest.mark.parametrize("fmt", ["markdown", "xml", "json"])
def test_audit_totals_equal_the_actual_output_for_non_utf8_content(root, audit, fmt):
    (root / "latin.py").write_bytes("café = 1\n# naïve\n".encode("latin-1") + b"\xff\xfe\n")
    proc = run_cli(root, "--pr-path", "latin.py", "--mode", "compact", "--format", fmt, audit=audit)
    assert proc.returncode == 0, proc.stderr
    rec = last_record(audit)
    assert rec["bytes_used"] == len(proc.stdout)
    assert rec["tokens_used"] == codepith.count_tokens(proc.stdout)


@pytest.mark.parametrize("fmt", ["markdown", "xml", "json"])
def test_in_process_totals_equal_the_output(root, audit, fmt):
    args = _mixed_tree(root)
    required = [args[1]]
    prs = [a for k, a in zip(args[2::2], args[3::2], strict=False) if k == "--pr-path"]
    result = pack(root, required=required, pr_paths=prs, mode="compact", byte_budget=4000, fmt=fmt, audit=audit)
    assert result.bytes_used == len(result.output.encode("utf-8"))
    assert result.tokens_used == codepith.count_tokens(result.output)
    rec = last_record(audit)
    assert (rec["bytes_used"], rec["tokens_used"]) == (result.bytes_used, result.tokens_used)


@pytest.mark.parametrize("fmt", ["markdown", "xml", "json"])
def test_observe_prints_every_file_whole_and_decides_as_compact(root, audit, fmt):
    source = big_python()
    huge = "lorem ipsum " * 1500
    (root / "a.py").write_text(SMALL_A)
    (root / "big.py").write_text(source)
    (root / "huge.txt").write_text(huge)
    (root / "b.py").write_text(SMALL_B)
    os.mkfifo(root / "pipe")
    args = [
        "--required",
        "a.py",
        "--pr-path",
        "big.py",
        "--pr-path",
        "huge.txt",
        "--pr-path",
        "gone.py",
        "--pr-path",
        "pipe",
        "--pr-path",
        "b.py",
        "--byte-budget",
        "3000",
        "--format",
        fmt,
    ]
    compact = run_cli(root, *args, "--mode", "compact", audit=audit)
    assert compact.returncode == 0, compact.stderr
    compact_rec = last_record(audit)
    observe = run_cli(root, *args, "--mode", "observe", audit=audit)
    assert observe.returncode == 0, observe.stderr
    observe_rec = last_record(audit)
    assert observe_rec["mode"] == "observe" and compact_rec["mode"] == "compact"
    assert decisions(observe_rec) == decisions(compact_rec)
    got = {p: i["action"] for p, i in items_by_path(observe_rec).items()}
    # (json: see test_compact_mode_compresses_just_under_the_whole_size)
    big_action = "inject-compressed" if fmt != "json" else got["big.py"]
    assert got == {
        "a.py": "inject",
        "big.py": big_action,
        "huge.txt": "discard",
        "gone.py": "discard",
        "pipe": "discard",
        "b.py": "inject",
    }
    assert big_action in ("inject-compressed", "discard")
    out = observe.stdout.decode()
    if fmt == "json":
        contents = {e["path"]: e["content"] for e in json.loads(out)["files"]}
        assert contents == {"a.py": SMALL_A, "big.py": source, "huge.txt": huge, "b.py": SMALL_B}
        assert all("compressed" not in e for e in json.loads(out)["files"])
    else:
        for text in (SMALL_A, source, huge, SMALL_B):
            assert text in out
        assert "compressed" not in out
    assert source not in compact.stdout.decode() and huge not in compact.stdout.decode()
    assert observe_rec["bytes_used"] == len(observe.stdout)
    assert observe_rec["tokens_used"] == codepith.count_tokens(observe.stdout)
    assert observe_rec["status"] == "observed"
    assert {p for p, i in items_by_path(observe_rec).items() if i.get("printed")} == {
        "a.py",
        "big.py",
        "huge.txt",
        "b.py",
    }
    assert "huge.txt does not fit" in observe.stderr.decode() and "compact would discard it" in observe.stderr.decode()


def test_observe_says_one_thing_in_stdout_stderr_and_the_audit(root, audit):
    # issue 26: a file over the budget, observed: printed whole, and every channel says so
    data = json.dumps([{"id": i, "value": "x" * 20} for i in range(400)])
    (root / "big.json").write_text(data)
    proc = run_cli(root, "--pr-path", "big.json", "--mode", "observe", "--byte-budget", "1000", audit=audit)
    assert proc.returncode == 0 and data in proc.stdout.decode()
    err = proc.stderr.decode()
    assert "nothing was packed" not in err and "; discarded" not in err
    assert "big.json does not fit" in err and "compact would discard it" in err
    assert "compact would pack nothing: every path would be discarded" in err
    tokens = codepith.count_tokens(proc.stdout)
    assert (
        f"observe: 1 file printed whole ({len(proc.stdout)} bytes, {tokens} tokens; the budget of 1000 bytes "
        "is not applied); compact would pack none of them"
    ) in err
    rec = last_record(audit)
    assert rec["status"] == "observed" and (rec["bytes_used"], rec["tokens_used"]) == (len(proc.stdout), tokens)
    item = items_by_path(rec)["big.json"]
    assert item["action"] == "discard" and item["printed"] is True  # what compact would do; what was printed
    shown = subprocess.run(
        [sys.executable, "-m", "codepith", "audit", "show", str(audit), "--last", "1"],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
    ).stdout
    assert " observe  observed  " in shown and "budget:bytes; printed whole" in shown
    # compact, for comparison: the same decision, nothing printed, no "printed" mark
    proc = run_cli(root, "--pr-path", "big.json", "--mode", "compact", "--byte-budget", "1000", audit=audit)
    assert proc.stdout == b"" and "nothing was packed: every path was discarded" in proc.stderr.decode()
    assert last_record(audit)["status"] == "packed" and "printed" not in items_by_path(last_record(audit))["big.json"]
