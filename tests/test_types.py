"""The public API's closed sets are ``Literal`` types a type checker enforces."""

from __future__ import annotations

import os
import site
import subprocess
import sys
import textwrap
from typing import get_args

import codepith
from codepith.core.compress import LEVELS
from codepith.core.literals import Encoding, Format, Level, Mode, PackFormat
from codepith.core.tokens import ENCODINGS
from codepith.packer.options import MODES
from codepith.render.formats import FORMATS
from codepith.render.packs import PACK_FORMATS


def test_the_literal_types_hold_what_the_run_time_checks_accept():
    assert get_args(Level) == LEVELS
    assert get_args(Mode) == MODES
    assert get_args(Format) == FORMATS
    assert get_args(PackFormat) == PACK_FORMATS
    assert get_args(Encoding) == ENCODINGS
    for name in ("Level", "Mode", "Format", "PackFormat", "Encoding"):
        assert name in codepith.__all__ and getattr(codepith, name) is globals()[name]


USER_SCRIPT = textwrap.dedent("""\
    import codepith
    from codepith import Level

    ok: Level = "outline"
    codepith.compress("def f():\\n    return 1\\n", language="python", level=ok)
    codepith.count_tokens("x", encoding="cl100k_base")
    codepith.compress("def f():\\n    return 1\\n", language="python", level="signature")
    codepith.count_tokens("x", encoding="o200k")
    codepith.compress_tree(".", levels=["full", "outlines"])
    codepith.pack(".", mode="compat", fmt="yaml")
    """)


def run_mypy(tmp_path, script: str) -> subprocess.CompletedProcess:
    (tmp_path / "user.py").write_text(script)
    src = os.path.dirname(os.path.dirname(os.path.abspath(codepith.__file__)))
    env = dict(os.environ)
    # an installed codepith is found in site-packages (which mypy refuses in
    # MYPYPATH); one run from a source tree through its folder
    if os.path.realpath(src) not in {os.path.realpath(p) for p in site.getsitepackages()}:
        env["MYPYPATH"] = src
    # codepith itself is followed for its types but not checked: only the user's script is
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--no-incremental",
            "--cache-dir",
            os.devnull,
            "--follow-imports=silent",
            "--strict",
            "user.py",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_mypy_catches_a_misspelled_level_encoding_mode_and_format(tmp_path):
    proc = run_mypy(tmp_path, USER_SCRIPT)
    errors = [line for line in proc.stdout.splitlines() if ": error:" in line]
    assert proc.returncode == 1, proc.stdout + proc.stderr
    lines = sorted(int(line.split(":")[1]) for line in errors)
    assert lines == [7, 8, 9, 10, 10], proc.stdout  # and nothing on lines 1-6, which are right
    text = proc.stdout
    assert '"level" to "compress" has incompatible type "Literal[\'signature\']"' in text, text
    assert "Literal['full', 'signatures', 'outline']" in text
    assert '"encoding"' in text and '"mode"' in text and '"fmt"' in text
