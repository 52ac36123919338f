"""The forms a file can enter a pack in, and the exact size of a pack document
in bytes and tokens, measured against the budgets. The documents themselves
are drawn by :mod:`codepith.render.packs`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.literals import Encoding
from ..core.tokens import count_tokens, joins_cleanly
from ..render import packs
from ..render.primitives import json_dumps

__all__ = ["Form", "Layout", "over", "budgets_text"]


@dataclass
class Form:
    """One way a file can enter: whole (``level`` None) or compressed."""

    level: str | None
    block: str  # markdown / xml
    entry: dict  # json
    nbytes: int  # of the content in this form
    ntokens: int
    elided: list[tuple[int, int]]
    size: tuple[int, int] | None = None  # of the block alone, once counted


class Layout:
    """The output document of one format: its frame (the empty document) and
    the exact size in bytes and tokens of any sequence of blocks.

    For markdown and XML the size of a document is the sum of its parts'
    sizes whenever the tokenizer certainly cuts where they join (each block
    starts a line with ``#`` or ``<``; see :func:`codepith.tokens.joins_cleanly`),
    so each block is counted once; otherwise, and for JSON (whose closing
    brackets move), the whole document is counted.
    """

    def __init__(self, fmt: str, encoding: Encoding) -> None:
        self.fmt = fmt
        self.encoding = encoding
        self.prefix, self.suffix = packs.frame(fmt)
        (b1, t1), (b2, t2) = self.count(self.prefix), self.count(self.suffix)
        self.frame_size = (b1 + b2, t1 + t2)

    def count(self, text: str) -> tuple[int, int]:
        data = text.encode("utf-8", "surrogateescape")
        return len(data), count_tokens(data, encoding=self.encoding)

    def form(
        self, path: str, text: str, level: str | None, elided: list[tuple[int, int]], nbytes: int, ntokens: int
    ) -> Form:
        block = (
            ""
            if self.fmt == "json"
            else (packs.xml_block if self.fmt == "xml" else packs.markdown_block)(path, text, level, elided)
        )
        entry = packs.json_entry(path, text, level, elided) if self.fmt == "json" else {}
        return Form(level, block, entry, nbytes, ntokens, elided)

    def piece(self, text: str) -> tuple[int, int]:
        """What ``text`` adds to a block's content in this format, bytes and
        tokens: counted as written (JSON: escaped), for estimates only; a
        document's size comes from :meth:`size`."""
        return self.count(json_dumps(text)[1:-1] if self.fmt == "json" else text)

    def text(self, forms: Sequence[Form]) -> str:
        return packs.document(self.fmt, [f.block for f in forms], [f.entry for f in forms])

    def size(self, forms: Sequence[Form]) -> tuple[int, int]:
        """Bytes and tokens of the document holding ``forms``, exactly."""
        if self.fmt == "json":
            return self.count(self.text(forms))
        parts = [p for p in (self.prefix, *(f.block for f in forms), self.suffix) if p]
        if not all(joins_cleanly(a, b, encoding=self.encoding) for a, b in zip(parts, parts[1:], strict=False)):
            return self.count(self.text(forms))
        nbytes, ntokens = self.frame_size
        for f in forms:
            if f.size is None:
                f.size = self.count(f.block)
            nbytes, ntokens = nbytes + f.size[0], ntokens + f.size[1]
        return nbytes, ntokens


def over(size: tuple[int, int], byte_budget: int | None, token_budget: int | None) -> str:
    """'' when ``size`` fits, else the budget reason."""
    nbytes, ntokens = size
    over_bytes = byte_budget is not None and nbytes > byte_budget
    over_tokens = token_budget is not None and ntokens > token_budget
    if over_bytes and over_tokens:
        return "budget:bytes+tokens"
    if over_bytes:
        return "budget:bytes"
    if over_tokens:
        return "budget:tokens"
    return ""


def budgets_text(byte_budget: int | None, token_budget: int | None) -> str:
    """``300 bytes, 90 tokens``: the budgets of a run, for messages."""
    parts = []
    if byte_budget is not None:
        parts.append(f"{byte_budget} bytes")
    if token_budget is not None:
        parts.append(f"{token_budget} tokens")
    return ", ".join(parts)
