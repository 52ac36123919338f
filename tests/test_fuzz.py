"""A small run of benchmarks/fuzz.py: random bytes and mutated golden cases
through compress on both builds -- no crash, no hang, expand() exact, no new
error nodes, identical output from the compiled core and the twin."""

import os
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "fuzz.py"


def test_fuzz_both_builds_agree():
    # (in a pure-Python build both children run the twin: still no crash, exact expand)
    examples = int(os.environ.get("CODEPITH_HYPOTHESIS_EXAMPLES", "200"))
    env = dict(os.environ, CODEPITH_FUZZ_RANDOM=str(examples), CODEPITH_FUZZ_MUTATIONS=str(max(50, examples // 4)),
               CODEPITH_FUZZ_SEED="12")
    out = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, env=env, timeout=1800)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "outputs identical between the builds" in out.stdout
