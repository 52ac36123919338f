"""The public API's closed sets are ``Literal`` types a type checker enforces."""

from __future__ import annotations

import os
import site
import subprocess
import sys
import textwrap
from typing import get_args

import click

import codepith
from codepith.cli import cli
from codepith.core.literals import Encoding, Format, Level, Mode, PackFormat
from codepith.packer.options import MODES


def _choices() -> dict[tuple[str, str], tuple[str, ...]]:
    """(command, option) -> the choices the command line offers, every command and subcommand."""
    ctx = click.Context(cli)
    found = {}

    def walk(command: click.Command, name: str) -> None:
        if isinstance(command, click.Group):
            for sub in command.list_commands(ctx):
                walk(command.get_command(ctx, sub), f"{name} {sub}".strip())
        for param in command.params:
            if isinstance(param.type, click.Choice):
                found[(name, param.opts[0])] = tuple(param.type.choices)

    walk(cli, "")
    return found


def test_the_command_line_offers_what_the_literal_types_hold():
    choices = _choices()
    expected = {"--level": Level, "--deps-level": Level, "--mode": Mode, "--encoding": Encoding}
    formats = {"compress": Format, "pack": PackFormat}
    checked = 0
    for (command, option), offered in choices.items():
        literal = formats.get(command) if option == "--format" else expected.get(option)
        if literal is not None:
            assert offered == get_args(literal), f"codepith {command} {option}"
            checked += 1
    assert ("pack", "--mode") in choices and ("compress", "--format") in choices and checked >= 8
    # packer.options keeps its own copy of the modes
    assert MODES == get_args(Mode)
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
