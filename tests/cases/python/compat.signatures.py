"""Compatibility shims across Python versions and optional dependencies."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from os import PathLike
else:
    PathLike = object

try:
    import ujson as json
except ImportError:  # pragma: no cover
    import json
finally:
    pass

try:
    import numpy as np
except ImportError:
    np = None

if sys.version_info >= (3, 11):
    from typing import Self
else:

    def _self_fallback():
        """Placeholder when ``typing.Self`` is missing."""
        ...

    Self = _self_fallback()


FALLBACK_ENCODINGS: Final = [
    "utf-8",
    "utf-8-sig",
    "latin-1",
    "cp1252",
]

DECODERS = {
    "json": lambda raw: json.loads(raw),
    "text": lambda raw: raw.decode(),
    "bytes": lambda raw: raw,
    "lines": lambda raw: raw.splitlines(),
}

_WIDTHS = {name: len(name) for name in DECODERS}


class Registry(
    dict,
    metaclass=type,
):
    """Name -> decoder mapping with version-specific helpers."""

    __slots__ = (
        "frozen",
        "owner",
        "created",
        "updated",
        "history",
    )

    if sys.version_info >= (3, 9):

        def merge(self, other: dict[str, Any]) -> Registry:
            ...

    else:

        def merge(self, other: dict[str, Any]) -> Registry:
            ...

    def decode(self, kind: str, raw: bytes) -> Any:
        """Decode ``raw`` with the decoder registered as ``kind``."""
        ...


for _name, _decoder in DECODERS.items():
    # the widest name wins
    _WIDTHS[_name] = max(_WIDTHS.get(_name, 0), len(_name))
