"""A small run of benchmarks/fuzz.py: random bytes and mutated golden cases
through compress on both builds -- no crash, no hang, expand() exact, no new
error nodes, identical output from the compiled core and the twin; and a
small run of its gap mode on the golden cases."""

import os
import subprocess
import sys
from pathlib import Path

from codepith.core.registry import SPECS

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "fuzz.py"


def test_fuzz_both_builds_agree():
    # (in a pure-Python build both children run the twin: still no crash, exact expand)
    examples = int(os.environ.get("CODEPITH_HYPOTHESIS_EXAMPLES", "200"))
    env = dict(
        os.environ,
        CODEPITH_FUZZ_RANDOM=str(examples),
        CODEPITH_FUZZ_MUTATIONS=str(max(50, examples // 4)),
        CODEPITH_FUZZ_SEED="12",
    )
    out = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, env=env, timeout=1800)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "outputs identical between the builds" in out.stdout


def test_gap_fuzz_golden_cases_keep_every_promise(tmp_path):
    # comments, directives, splices, blank lines and CRLF between each header and
    # its body and after it, in every language's golden cases: zero failures of
    # any kind on both builds, the safety net off as well as on
    examples = int(os.environ.get("CODEPITH_HYPOTHESIS_EXAMPLES", "200"))
    env = dict(
        os.environ,
        CODEPITH_FUZZ_GAP=str(max(10, examples // 8)),
        CODEPITH_FUZZ_SEED="3",
        CODEPITH_FUZZ_GAP_SAVE=str(tmp_path),
    )
    env.pop("CODEPITH_FUZZ_GAP_LANGUAGES", None)
    out = subprocess.run([sys.executable, str(SCRIPT), "--gap"], capture_output=True, text=True, env=env, timeout=1800)
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-3000:]
    table = [line.split() for line in out.stdout.splitlines() if line.split()[2:3] in (["native"], ["pure"])]
    assert {row[0] for row in table} == set(SPECS)  # every language was fuzzed
    assert all(int(row[3]) > 0 for row in table)
