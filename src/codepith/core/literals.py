"""The closed sets of codepith's options, as ``Literal`` types.

A type checker reads these where the public API takes a level, a pack mode,
a document format or a token encoding, so ``level="signature"`` is caught
before it runs. Each set is declared once, here: the tuples the code checks
at run time and the command line offers as choices (``LEVELS``, ``MODES``,
``FORMATS``, ``PACK_FORMATS``, ``ENCODINGS``) are read from the types.
"""

from __future__ import annotations

from typing import Literal, get_args

__all__ = [
    "ENCODINGS",
    "FORMATS",
    "LEVELS",
    "MODES",
    "PACK_FORMATS",
    "Encoding",
    "Format",
    "Level",
    "Mode",
    "PackFormat",
]

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

#: the values of each type, in its order
LEVELS: tuple[Level, ...] = get_args(Level)
MODES: tuple[Mode, ...] = get_args(Mode)
FORMATS: tuple[Format, ...] = get_args(Format)
PACK_FORMATS: tuple[PackFormat, ...] = get_args(PackFormat)
ENCODINGS: tuple[Encoding, ...] = get_args(Encoding)
