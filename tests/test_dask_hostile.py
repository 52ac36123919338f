"""Datasets on Dask with bad input: one bad row, line, file or name costs only itself.

Every test runs on one LocalCluster (2 worker processes, one thread each),
started once for the module and closed at its end.
"""

from __future__ import annotations

import glob
import json
import os
import subprocess
import sys

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from codepith import CodepithError, compress
from codepith.bulk import datasets as cdask
from codepith.cli import main

CODE = "def f(a):\n    return a * 2\n"
SIGNATURES = compress(CODE.encode(), language="python").text


def run(client, capsys, *args) -> tuple[int, str]:
    """(exit code, stderr) of `codepith dataset compress ARGS` on the test cluster."""
    code = main(["dataset", "compress", *map(str, args), "--scheduler", client.scheduler.address, "-q"])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


def jsonl_records(folder) -> list[dict]:
    out = []
    for f in sorted(glob.glob(os.path.join(folder, "part.*.jsonl"))):
        with open(f, "rb") as fh:
            out.extend(json.loads(line) for line in fh)  # each line is UTF-8 JSON
    return out


def parquet_records(folder) -> list[dict]:
    out = []
    for f in sorted(glob.glob(os.path.join(folder, "part.*.parquet"))):
        out.extend(pq.read_table(f).to_pylist())
    return out


def assert_whole_part_files(folder) -> None:
    """Only whole part files: no empty one, no temporary one."""
    names = os.listdir(folder)
    assert names, "no part file"
    for name in names:
        assert name.startswith("part.") and not name.endswith(".tmp"), names
        assert os.path.getsize(os.path.join(folder, name)) > 0, name


def write_lines(path, lines: list[str | bytes]) -> str:
    with open(path, "wb") as f:
        for line in lines:
            f.write((line if isinstance(line, bytes) else line.encode("utf-8")) + b"\n")
    return str(path)


def by_path(records: list[dict]) -> dict:
    return {r["path"]: r for r in records}


# --------------------------------------------------------------------------- text that is not valid Unicode


@pytest.mark.parametrize("text, code", [("x = 'caf\udce9'\n", "U+DCE9"), ("x = '\ud800'\n", "U+D800")])
def test_a_lone_surrogate_costs_only_its_row(client, capsys, tmp_path, text, code):
    # json.dumps writes a lone surrogate as a \u escape, as a string decoded with surrogateescape gives it
    src = write_lines(
        tmp_path / "rows.jsonl",
        [json.dumps({"path": "bad.py", "content": text}), json.dumps({"path": "good.py", "content": CODE})],
    )
    assert "\\u" in open(src).read()
    rc, err = run(client, capsys, src, tmp_path / "jl", "--format", "jsonl")
    assert rc == 0
    rows = by_path(jsonl_records(tmp_path / "jl"))
    bad = rows["bad.py"]
    assert bad["action"] == "skipped:invalid-text"
    assert code in bad["reason"] and f"character {text.index(chr(int(code[2:], 16)))}" in bad["reason"]
    # JSONL keeps the text exactly: written as the same \u escape, read back to the same string
    assert bad["content"] == text and bad["compressed"] == text
    assert rows["good.py"]["action"] == "compressed" and rows["good.py"]["compressed"] == SIGNATURES
    assert "bad.py: skipped:invalid-text" in err  # named on stderr

    rc, err = run(client, capsys, src, tmp_path / "pq")
    assert rc == 0
    rows = by_path(parquet_records(tmp_path / "pq"))
    bad = rows["bad.py"]
    assert bad["action"] == "skipped:invalid-text"
    # Parquet holds only UTF-8: U+FFFD in the surrogate's place, and the reason says so and shows the original
    assert bad["content"] == text.replace(text[text.index(chr(int(code[2:], 16)))], "\ufffd")
    assert "U+FFFD" in bad["reason"]
    assert rows["good.py"]["compressed"] == SIGNATURES


def test_text_that_is_not_valid_unicode_in_a_pandas_partition():
    df = pd.DataFrame({"path": ["a.py", "b.py"], "content": pd.Series(["x = '\ud800'\n", CODE], dtype=object)})
    out = cdask.compress_partition(df, cdask.FrameOptions())
    assert out["action"].tolist() == ["skipped:invalid-text", "compressed"]
    assert out["compressed"][0] == "x = '\ud800'\n"  # never silently changed


# --------------------------------------------------------------------------- content that is not text


def test_content_that_is_not_text_is_skipped_not_compressed(client, capsys, tmp_path):
    values = [42, [1, 2], {"a": 1}, True, 1.5]
    src = write_lines(
        tmp_path / "rows.jsonl",
        [json.dumps({"path": f"f{i}.py", "content": v}) for i, v in enumerate(values)]
        + [json.dumps({"path": "good.py", "content": CODE})],
    )
    rc, err = run(client, capsys, src, tmp_path / "jl", "--format", "jsonl")
    assert rc == 0
    records = jsonl_records(tmp_path / "jl")
    for rec, value in zip(records, values, strict=False):
        assert rec["action"] == "skipped:not-text", rec
        assert rec["compressed"] is None and rec["content"] == value  # JSONL keeps the value as it came
        assert "JSON" in rec["reason"]
        assert f"{rec['path']}: skipped:not-text" in err
    assert records[-1]["action"] == "compressed" and records[-1]["compressed"] == SIGNATURES

    rc, _err = run(client, capsys, src, tmp_path / "pq")
    assert rc == 0
    records = parquet_records(tmp_path / "pq")
    assert [r["action"] for r in records] == ["skipped:not-text"] * len(values) + ["compressed"]
    assert records[0]["content"] == "42" and "JSON text" in records[0]["reason"]  # text column: its JSON text
    assert records[-1]["content"] == CODE and records[-1]["compressed"] == SIGNATURES


@pytest.mark.parametrize("fmt", ["parquet", "jsonl"])
def test_a_content_column_of_numbers_keeps_every_row(client, capsys, tmp_path, fmt):
    src = tmp_path / "ints.parquet"
    pq.write_table(pa.table({"path": ["a.py", "b.py"], "content": pa.array([1, 2], pa.int64())}), src)
    rc, _err = run(client, capsys, src, tmp_path / "out", "--format", fmt)
    assert rc == 0
    assert_whole_part_files(tmp_path / "out")
    records = parquet_records(tmp_path / "out") if fmt == "parquet" else jsonl_records(tmp_path / "out")
    assert [(r["content"], r["action"], r["compressed"]) for r in records] == [
        (1, "skipped:not-text", None),
        (2, "skipped:not-text", None),
    ]
    # JSONL with every content an int
    src = write_lines(tmp_path / "ints.jsonl", [json.dumps({"path": "a.py", "content": 7})])
    rc, _err = run(client, capsys, src, tmp_path / "out2", "--format", fmt)
    assert rc == 0
    records = parquet_records(tmp_path / "out2") if fmt == "parquet" else jsonl_records(tmp_path / "out2")
    assert records[0]["action"] == "skipped:not-text"


# --------------------------------------------------------------------------- lines that are not JSON


def test_a_bad_json_line_or_byte_costs_only_its_line(client, capsys, tmp_path):
    src = write_lines(
        tmp_path / "rows.jsonl",
        [
            json.dumps({"path": "a.py", "content": CODE}),
            '{"path": "b.py", "content": ',  # cut short
            b'{"path": "c.py", "content": "caf\xe9"}',  # a raw byte that is not UTF-8
            "[1, 2]",  # JSON, but not an object
            "",  # a blank line holds no record
            json.dumps({"path": "d.py", "content": CODE}),
        ],
    )
    for fmt, read in (("jsonl", jsonl_records), ("parquet", parquet_records)):
        rc, err = run(client, capsys, src, tmp_path / fmt, "--format", fmt)
        assert rc == 0
        records = read(tmp_path / fmt)
        assert [r["action"] for r in records] == [
            "compressed",
            "skipped:bad-json",
            "skipped:invalid-text",
            "skipped:bad-json",
            "compressed",
        ]
        assert "rows.jsonl line 2: not JSON" in records[1]["reason"] and records[1]["path"] is None
        assert "line 3" in records[2]["reason"] and "0xE9" in records[2]["reason"]
        assert records[2]["path"] == "c.py"
        assert "rows.jsonl line 4" in records[3]["reason"] and "not a JSON object" in records[3]["reason"]
        assert records[4]["path"] == "d.py" and records[4]["compressed"] == SIGNATURES
        assert "line 2: not JSON" in err and "c.py: skipped:invalid-text" in err
    assert jsonl_records(tmp_path / "jsonl")[2]["content"] == "caf\udce9"  # the byte, as surrogateescape reads it


def test_bad_lines_are_numbered_in_every_block(client, tmp_path):
    lines = [json.dumps({"path": f"f{i}.py", "content": CODE}) for i in range(40)]
    lines[33] = "{not json"
    src = write_lines(tmp_path / "rows.jsonl", lines)
    frame = cdask.read_dataset(src, partition_bytes=300)
    assert frame.npartitions > 5
    out = client.compute(cdask.compress_frame(frame)).result(timeout=120)
    assert len(out) == 40  # every line once, whatever block it starts in
    bad = out[out["action"] == "skipped:bad-json"]
    assert len(bad) == 1 and "line 34: not JSON" in bad["reason"].iloc[0]
    assert out["path"].dropna().tolist() == [f"f{i}.py" for i in range(40) if i != 33]


def test_input_with_no_json_record_stops_before_writing(tmp_path, capsys):
    src = write_lines(tmp_path / "rows.jsonl", ["not json", "neither"])
    assert main(["dataset", "compress", src, str(tmp_path / "out"), "-q"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "codepith: error:" in err and "no JSON object" in err
    assert not (tmp_path / "out").exists()


# --------------------------------------------------------------------------- Parquet files that cannot be read


def parquet_folder(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    good = pa.table({"path": ["a.py", "b.py"], "content": [CODE, "x = 1\n"]})
    pq.write_table(good, folder / "part0.parquet")
    pq.write_table(good, folder / "whole.parquet")
    data = (folder / "whole.parquet").read_bytes()
    (folder / "truncated.parquet").write_bytes(data[: len(data) // 2])
    (folder / "empty.parquet").write_bytes(b"")
    corrupt = bytearray(data)
    corrupt[4:60] = b"\0" * 56  # the pages, not the footer
    (folder / "pages.parquet").write_bytes(bytes(corrupt))
    return folder


def test_unreadable_parquet_files_are_reported_and_the_rest_goes_on(client, capsys, tmp_path):
    folder = parquet_folder(tmp_path)
    for fmt in ("parquet", "jsonl"):
        out = tmp_path / fmt
        rc, err = run(client, capsys, folder, out, "--format", fmt)
        assert rc == 1  # input was left out: the rest is written, and the exit code says so
        for name in ("truncated.parquet", "empty.parquet", "pages.parquet"):
            assert f"codepith: error: {folder / name}: cannot be read as Parquet" in err, name
        assert_whole_part_files(out)
        records = parquet_records(out) if fmt == "parquet" else jsonl_records(out)
        assert sorted(r["path"] for r in records) == ["a.py", "a.py", "b.py", "b.py"]
    summary = cdask.write_dataset(cdask.compress_frame(cdask.read_dataset(folder)), tmp_path / "api", client=client)
    assert summary.rows == 4 and len(summary.failed) == 3
    assert all("cannot be read as Parquet" in m for m in summary.failed)


def test_input_that_cannot_be_read_at_all_stops_before_writing(tmp_path, capsys):
    src = tmp_path / "rows.parquet"
    src.write_bytes(b"PAR1 not really")
    assert main(["dataset", "compress", str(src), str(tmp_path / "out"), "-q"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"codepith: error: {src}: cannot be read as Parquet")
    assert not (tmp_path / "out").exists()


def test_the_command_prints_no_traceback_for_unreadable_files(tmp_path):
    """The command's own local cluster: the workers' logs are its stderr."""
    folder = parquet_folder(tmp_path)
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "codepith",
            "dataset",
            "compress",
            str(folder),
            str(tmp_path / "out"),
            "--workers",
            "1",
            "-q",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr and "Compute Failed" not in proc.stderr
    assert proc.stderr.count("cannot be read as Parquet") == 3


def test_a_part_file_is_whole_or_absent(tmp_path, monkeypatch):
    from fsspec.implementations.local import LocalFileSystem

    df = cdask.compress_partition(pd.DataFrame({"path": ["a.py"], "content": [CODE]}), cdask.FrameOptions())
    fs = LocalFileSystem()
    types = cdask._arrow_types(df, "", "content")

    def full_disk(self, *args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(LocalFileSystem, "mv", full_disk)
    with pytest.raises(CodepithError, match="part.00000.parquet: cannot be written .*No space left"):
        cdask._write_partition(df, fs, str(tmp_path / "part.00000.parquet"), "parquet", types, "")
    assert os.listdir(tmp_path) == []  # neither the part file nor its temporary


# --------------------------------------------------------------------------- source trees


def test_a_file_name_that_is_not_utf8_never_crashes_a_run(client, capsys, tmp_path):
    root = tmp_path / "tree"
    root.mkdir()
    try:
        (root / os.fsdecode(b"caf\xe9.py")).write_text(CODE)
    except (OSError, UnicodeError):
        pytest.skip("this file system does not take names of bytes that are not UTF-8")
    (root / "ok.py").write_text(CODE)
    rc, _err = run(client, capsys, root, tmp_path / "jl", "--format", "jsonl")
    assert rc == 0
    rows = by_path(jsonl_records(tmp_path / "jl"))
    # JSONL: the name as surrogateescape'd text, written as \udcXX escapes: it gives back the bytes
    assert os.fsencode("caf\udce9.py") == b"caf\xe9.py" and "caf\udce9.py" in rows
    assert rows["caf\udce9.py"]["compressed"] == SIGNATURES and rows["ok.py"]["compressed"] == SIGNATURES
    assert b"caf\\udce9.py" in open(glob.glob(str(tmp_path / "jl" / "part.*"))[0], "rb").read()

    rc, _err = run(client, capsys, root, tmp_path / "pq")
    assert rc == 0
    rows = by_path(parquet_records(tmp_path / "pq"))
    # Parquet holds only UTF-8: U+FFFD for the byte, and the reason gives the name's bytes
    odd = rows["caf\ufffd.py"]
    assert odd["action"] == "compressed" and odd["compressed"] == SIGNATURES.encode()
    assert "b'caf\\xe9.py'" in odd["reason"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_file_swapped_for_a_fifo_never_hangs_a_worker(client, tmp_path):
    root = tmp_path / "tree"
    root.mkdir()
    (root / "a.py").write_text(CODE)
    (root / "b.py").write_text(CODE)
    frame = cdask.compress_directory(root)  # the walk lists a.py as a regular file
    os.remove(root / "a.py")
    os.mkfifo(root / "a.py")  # ... which is a FIFO by the time a worker opens it
    out = client.compute(frame).result(timeout=120)  # a hang fails here instead of hanging the suite
    rows = dict(zip(out["path"], out["action"], strict=False))
    assert rows == {"a.py": "skipped:not-a-file", "b.py": "compressed"}
    assert "not a regular file" in out["reason"][out["path"] == "a.py"].iloc[0]


def test_codepith_state_in_a_tree_is_never_an_input(client, tmp_path):
    root = tmp_path / "tree"
    (root / ".codepith").mkdir(parents=True)
    (root / ".codepith" / "audit.jsonl").write_text('{"secret": "prompt"}\n')
    (root / "a.py").write_text(CODE)
    out = client.compute(cdask.compress_directory(root)).result(timeout=120)
    rows = {p: (a, c) for p, a, c in zip(out["path"], out["action"], out["content"], strict=False)}
    assert rows == {".codepith": ("ignored:codepith-state", None), "a.py": ("compressed", CODE.encode())}


# --------------------------------------------------------------------------- the command's own checks


def test_command_errors_are_one_line(client, capsys, tmp_path):
    src = write_lines(tmp_path / "rows.jsonl", [json.dumps({"path": "a.py", "content": CODE})])
    # a missing INPUT, whatever its format
    for extra in ([], ["--input-format", "jsonl"], ["--input-format", "parquet"]):
        assert main(["dataset", "compress", str(tmp_path / "missing"), str(tmp_path / "o"), *extra]) == 2
        err = capsys.readouterr().err
        assert "no such file or directory" in err and "Traceback" not in err
    # OUTPUT that is a file, or below a file
    (tmp_path / "file").write_text("x")
    for output, says in (
        (tmp_path / "file", "exists and is not a folder"),
        (tmp_path / "file" / "out", "cannot be created"),
    ):
        code, err = run(client, capsys, src, output)
        assert code == 1 and says in err and err.count("\n") == 1, err
    # an OUTPUT folder that cannot be read
    (tmp_path / "locked").mkdir()
    from fsspec.implementations.local import LocalFileSystem

    def denied(self, path, *args, **kwargs):
        raise PermissionError(13, "Permission denied", path)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(LocalFileSystem, "ls", denied)
        code, err = run(client, capsys, src, tmp_path / "locked")
    assert code == 1 and "cannot be used as OUTPUT" in err and "Permission denied" in err
    # an OUTPUT that is not empty
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "keep.txt").write_text("x")
    code, err = run(client, capsys, src, tmp_path / "full")
    assert code == 1 and "--overwrite" in err
    assert os.listdir(tmp_path / "full") == ["keep.txt"]


def test_without_a_cluster_an_unreadable_file_costs_only_itself(tmp_path):
    """Dask's local scheduler (no distributed client in the process) goes on past a failed partition too."""
    folder = parquet_folder(tmp_path)
    code = (
        "import sys; from codepith.bulk import datasets as c; "
        f"s = c.write_dataset(c.compress_frame(c.read_dataset({str(folder)!r})), {str(tmp_path / 'out')!r}); "
        "print(s.rows, len(s.failed), len(s.files))"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["4", "3", "2"]
    assert_whole_part_files(tmp_path / "out")


# --------------------------------------------------------------------------- no traceback in the log


def _record(msg, exc=None, name="distributed.worker"):
    import logging

    exc_info = (type(exc), exc, exc.__traceback__) if exc is not None else None
    return logging.LogRecord(name, logging.ERROR, __file__, 1, msg, None, exc_info)


def _raised(exc):
    try:
        raise exc
    except BaseException as caught:  # noqa: BLE001 - a traceback for the record
        return caught


def test_a_heartbeat_cut_off_by_the_cluster_closing_is_left_out_of_the_log():
    from distributed.comm.core import CommClosedError

    from codepith.bulk.datasets.cluster import _one_line

    closed = _raised(CommClosedError("in <TCP (closed) ConnectionPool.heartbeat_worker>: Stream is closed"))
    assert _one_line(_record("Failed to communicate with scheduler during heartbeat.", closed)) is False


def test_any_other_logged_exception_is_told_in_one_line():
    import logging

    from codepith.bulk.datasets.cluster import _one_line

    record = _record("Exception while handling op %s", _raised(RuntimeError("boom")))
    record.args = ("gather",)
    assert _one_line(record) is True
    text = logging.Formatter("%(message)s").format(record)
    assert text == "Exception while handling op gather (RuntimeError: boom)" and "Traceback" not in text
    plain = _record("Worker is at 85% memory usage.")
    assert _one_line(plain) is True and plain.getMessage() == "Worker is at 85% memory usage."


def test_the_commands_own_dask_log_carries_no_traceback():
    import io
    import logging

    from codepith.bulk.datasets.cluster import _one_line, one_line_logs

    # the handler distributed's own logging config puts on its logger (here: one like it)
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    log = logging.getLogger("distributed")
    log.addHandler(handler)
    try:
        with one_line_logs():
            logging.getLogger("distributed.core").exception("op failed", exc_info=_raised(ValueError("bad")))
        assert _one_line not in handler.filters
    finally:
        log.removeHandler(handler)
    assert "op failed (ValueError: bad)" in stream.getvalue() and "Traceback" not in stream.getvalue()
