"""The native counter's tables, as the build ships them: a process maps them
instead of building them from the ranks file, they are exactly what a fresh
build makes, and a damaged or foreign tables file is never read (the tables
are then built from the ranks file, with the same counts)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from codepith.core.tokens import ENCODINGS
from helpers import IMPLEMENTATIONS, load_impl

# (the pure-Python twin counts with tiktoken's own tables: these are the compiled counter's)
NATIVE = [name for name in IMPLEMENTATIONS if name == "cython"]
SAMPLE = "def f(x):\n    return x + 1  # ünïcødé, 中文, 🙂\n" * 50


@pytest.fixture(params=NATIVE)
def native(request):
    return load_impl(request.param, "bpe")


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_the_build_ships_tables_equal_to_a_fresh_build(native, encoding):
    with open(native.tables_path(encoding), "rb") as f:
        shipped = f.read()
    assert shipped == native.dump_tables(encoding)
    assert native.tables_source(encoding) == "shipped"


@pytest.mark.parametrize(
    "damage",
    [
        lambda b: b[: len(b) // 2],  # cut short
        lambda b: b[:200] + bytes([b[200] ^ 1]) + b[201:],  # one bit of the body
        lambda b: b[:-1] + bytes([b[-1] ^ 0x80]),  # one bit of the last byte
        lambda b: b[:56] + b"0" * 64 + b[120:],  # made from other ranks
        lambda b: b[:8] + (2).to_bytes(4, "little") + b[12:],  # another layout
        lambda b: b"",
    ],
    ids=["truncated", "bit-flip", "last-bit", "other-ranks", "other-layout", "empty"],
)
def test_a_damaged_or_foreign_tables_file_is_never_read(native, damage, tmp_path):
    encoding = "cl100k_base"
    intact = native.dump_tables(encoding)
    good, bad = tmp_path / "good.bin", tmp_path / "bad.bin"
    good.write_bytes(intact)
    bad.write_bytes(damage(intact))
    assert native.tables_accepted(encoding, str(good))
    assert not native.tables_accepted(encoding, str(bad))
    assert not native.tables_accepted("o200k_base", str(good))  # another encoding's
    assert not native.tables_accepted(encoding, str(tmp_path / "missing.bin"))


def test_a_process_reads_the_shipped_tables_and_counts_exactly(native):
    code = f"from codepith.core import _bpe\nprint(_bpe.tables_source('o200k_base'), _bpe.count({SAMPLE!r}))\n"
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert done.stdout.split() == ["shipped", str(load_impl("python", "bpe").count(SAMPLE))]
