"""The character classes the exact token counter reads (generated into
``core/_unicode_classes.py``) are those the tables of two Unicode versions
agree on, and the counter follows tiktoken on characters of every class."""

import importlib.util
import random
import unicodedata
from pathlib import Path

import pytest
import regex

from codepith.core import _bpe_py
from codepith.core._unicode_classes import RUNS
from codepith.core.tokens import ENCODINGS, get_encoding

TOOL = Path(__file__).resolve().parents[1] / "tools" / "gen_unicode_classes.py"


def _tool():
    spec = importlib.util.spec_from_file_location("gen_unicode_classes", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_runs_cover_every_code_point_in_order():
    starts = [start for start, _ in RUNS]
    assert starts[0] == 0 and starts == sorted(set(starts)) and starts[-1] <= 0x10FFFF
    assert all(RUNS[i][1] != RUNS[i + 1][1] for i in range(len(RUNS) - 1))


@pytest.mark.skipif(unicodedata.unidata_version != "14.0.0", reason="the table is generated against Unicode 14.0")
def test_committed_table_is_what_the_tool_generates():
    tool = _tool()
    assert TOOL.parent.parent.joinpath("src/codepith/core/_unicode_classes.py").read_text() == tool.render(
        tool.classes()
    )


@pytest.mark.parametrize(
    "cp",
    [
        0x41,
        0x61,
        0x1C5,
        0x2B0,
        0x30FC,
        0x4E2D,
        0x301,
        0x903,
        0x20DD,
        0x663,
        0x216B,
        0xBD,
        0xA0,
        0x3000,
        0x85,
        0x2028,
        0x1F600,
        0x200D,
        0xE000,
    ],
)
def test_known_classes_agree_with_the_newer_unicode(cp):
    ch = chr(cp)
    cls = _bpe_py.char_class(ch)
    assert not cls & _bpe_py.UNK
    letter = bool(regex.match(r"\p{L}", ch))
    number = bool(regex.match(r"\p{N}", ch))
    white = bool(regex.match(r"\p{White_Space}", ch))
    assert bool(cls & _bpe_py.LET) == letter
    assert bool(cls & _bpe_py.DIG) == number
    assert bool(cls & _bpe_py.WS) == white
    assert bool(cls & _bpe_py.PUN) == (not (letter or number or white))
    assert bool(cls & _bpe_py.UP) == bool(regex.match(r"[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]", ch))
    assert bool(cls & _bpe_py.LO) == bool(regex.match(r"[\p{Ll}\p{Lm}\p{Lo}\p{M}]", ch))


def test_characters_assigned_after_unicode_14_are_left_to_tiktoken():
    for cp in (0x11F04, 0x10D4A, 0x1E4D0, 0x2EBF0, 0x31350):
        assert _bpe_py.char_class(chr(cp)) & _bpe_py.UNK


def probe(ch: str) -> str:
    """A text where the character meets every alternative of the patterns."""
    return f"a{ch}b {ch}{ch}1 '{ch}s A{ch}{ch}B\n{ch}\u3000{ch}  {ch}!{ch}'ll\n"


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_counts_follow_tiktoken_on_sampled_code_points(bpe, encoding):
    enc = get_encoding(encoding)
    rng = random.Random(14)
    points = [start for start, _ in RUNS] + rng.sample(range(0x80, 0x30000), 1500)
    wrong = []
    for cp in points:
        if 0xD800 <= cp <= 0xDFFF:
            continue
        text = probe(chr(cp))
        if bpe.count(text, encoding=encoding) != len(enc.encode_ordinary(text)):
            wrong.append(hex(cp))
    assert wrong == []


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_resolved_code_points_cannot_change_a_count(encoding):
    # U+0295 is Ll in Unicode 14 and Lo later: the class only moves a piece
    # boundary to right after it, before an upper-case-only letter. No token
    # may span that boundary: every token holding its last byte and more goes
    # on with a continuation byte, ASCII that is no letter, or a character in
    # both of o200k's word sets.
    tool = _tool()
    assert set(tool.RESOLVED) == {0x295}
    ranks = get_encoding(encoding)._mergeable_ranks
    bytes_ = "\u0295".encode("utf-8")
    both = _bpe_py.UP | _bpe_py.LO
    assert [t for t in ranks if bytes_ in t and t != bytes_] == []  # it never merges whole with a neighbour
    for token in ranks:
        for k in range(1, len(bytes_)):
            if not token.startswith(bytes_[-k:]) or len(token) == k:
                continue
            nxt = token[k]
            if 0x80 <= nxt <= 0xBF or (nxt < 0x80 and not chr(nxt).isalpha()):
                continue
            ch = token[k:].decode("utf-8", "ignore")[:1]
            assert ch and (_bpe_py.char_class(ch) & both) == both, token
