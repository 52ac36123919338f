"""``codepith audit`` on names that are not UTF-8 and on hostile audit files:
escaped output, one error line, never a traceback or a hang."""

import os
import subprocess
import sys

import pytest

from codepith import pack
from codepith.cli import main

HANG_GUARD = 60  # seconds; only a run that hangs gets anywhere near it
SMALL_A = "def add(a, b):\n    return a + b\n"
LATIN = b"caf\xe9.py"
LATIN_STR = os.fsdecode(LATIN)  # 'caf\udce9.py'


@pytest.fixture
def latin_root(root):
    with open(os.path.join(os.fsencode(root), LATIN), "wb") as f:
        f.write(SMALL_A.encode())
    return root


def test_audit_show_escapes_names(latin_root, tmp_path, capfdbinary):
    audit = tmp_path / "a.jsonl"
    pack(latin_root, pr_paths=[LATIN_STR, "x\x1b[31m.py"], mode="compact", audit=audit)
    assert main(["audit", "show", str(audit)]) == 0
    out = capfdbinary.readouterr().out.decode("utf-8")
    assert "caf\\xe9.py" in out and "x\\x1b[31m.py" in out and "\x1b" not in out


def test_audit_commands_on_hostile_files(root, tmp_path, capfdbinary):
    os.mkfifo(tmp_path / "fifo.jsonl")
    proc = subprocess.run(
        [sys.executable, "-m", "codepith", "audit", "show", str(tmp_path / "fifo.jsonl")],
        capture_output=True,
        timeout=HANG_GUARD,
    )
    assert proc.returncode == 1 and b"not a regular file" in proc.stderr and b"Traceback" not in proc.stderr
    odd = tmp_path / "odd.jsonl"
    odd.write_text(
        '{"event": "pack", "run_id": "r1", "items": [3, {"action": "inject", "out_bytes": "x"}], '
        '"budgets": 7, "root": 5}\n{"event": "outcome", "task": "t", "review_rounds": "two"}\n'
    )
    assert main(["audit", "report", str(odd)]) == 0
    assert main(["audit", "show", str(odd)]) == 0
    capfdbinary.readouterr()


def test_audit_show_and_report_count_the_lines_they_skip(root, tmp_path, capfdbinary):
    audit = tmp_path / "a.jsonl"
    (root / "a.py").write_text(SMALL_A)
    pack(root, pr_paths=["a.py"], mode="compact", audit=audit)
    with open(audit, "ab") as f:  # a torn line, then one that is JSON but not an object
        f.write(b'{"schema": 1, "event": "pack", "run_id": "torn", "ite\n[1, 2]\n')
    pack(root, pr_paths=["a.py"], mode="compact", audit=audit)
    for command in ("show", "report"):
        assert main(["audit", command, str(audit)]) == 0
        err = capfdbinary.readouterr().err.decode()
        assert (
            err == f"codepith: warning: {audit}: 2 lines were skipped: not a JSON object (a torn or hand-edited line)\n"
        ), (command, err)


def test_audit_show_names_an_unknown_schema(tmp_path, capfdbinary):
    audit = tmp_path / "a.jsonl"
    audit.write_text('{"schema": 7, "event": "pack", "shape": "new"}\n{"event": "pack"}\n')
    assert main(["audit", "show", str(audit)]) == 0
    out = capfdbinary.readouterr().out.decode()
    assert "None" not in out
    assert "a record of unknown schema 7: this codepith reads schema 1" in out
    assert "a record of unknown schema (none)" in out


def test_every_option_of_audit_outcome_has_help(capfdbinary):
    import click

    from codepith.cli.audit import outcome

    assert all(isinstance(p, click.Option) and p.help for p in outcome.params if isinstance(p, click.Option))
    assert main(["audit", "outcome", "--help"]) == 0
    out = capfdbinary.readouterr().out.decode()
    for flag in ("--repeat-questions N", "--same-task-rereads N", "--review-rounds N"):
        line = next(line for line in out.splitlines() if flag in line)
        assert len(line.split(flag, 1)[1].strip()) > 10, line  # a sentence, not just the flag
