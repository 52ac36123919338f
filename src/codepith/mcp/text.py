"""Text that crosses the wire: every string an MCP reply carries can be
written as UTF-8 (shared by the server and its tools)."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["clean"]

_SURROGATE = re.compile("[\ud800-\udfff]")


def clean(value: Any) -> Any:
    """``value`` with every lone surrogate in its strings (keys included)
    replaced by U+FFFD, so it can be written as UTF-8."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value) if _SURROGATE.search(value) else value
    if isinstance(value, dict):
        return {clean(k): clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean(v) for v in value]
    return value
