"""The closed sets of codepith's options, as ``Literal`` types.

A type checker reads these where the public API takes a level, a pack mode,
a document format or a token encoding, so ``level="signature"`` is caught
before it runs. The tuples the code checks at run time (``LEVELS``,
``MODES``, ``FORMATS``, ``PACK_FORMATS``, ``ENCODINGS``) hold the same values
in the same order (a test checks it).
"""

from __future__ import annotations

from typing import Literal

__all__ = ["Level", "Mode", "Format", "PackFormat", "Encoding"]

#: a compression level: ``full`` keeps everything, ``signatures`` elides the
#: bodies, ``outline`` also cuts docs and comments
Level = Literal["full", "signatures", "outline"]
#: a pack mode: ``fail-closed`` stops when the required files do not fit,
#: ``compact`` compresses then drops, ``observe`` reports without enforcing
Mode = Literal["fail-closed", "compact", "observe"]
#: a document format of ``compress`` over many files
Format = Literal["markdown", "xml", "json", "jsonl", "plain"]
#: a document format of ``pack``
PackFormat = Literal["markdown", "xml", "json"]
#: a token encoding (tiktoken's names)
Encoding = Literal["o200k_base", "cl100k_base"]
