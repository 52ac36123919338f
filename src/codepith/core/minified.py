"""The numbers of the *minified* verdict (:func:`codepith.core.verdict.minified_shape`),
apart from the engine: a cache key holds them without loading it."""

from __future__ import annotations

__all__ = ["MINIFIED_LINE_BYTES", "MINIFIED_SHARE", "MINIFIED_AVERAGE_BYTES", "MINIFIED_RULE"]

#: a line longer than this is very long: a minified file has one
MINIFIED_LINE_BYTES = 2000
#: the share of a minified file's bytes that sit in very long lines, at least
MINIFIED_SHARE = 0.5
#: a minified file's lines average more bytes than this (fewer than 2 lines per KB)
MINIFIED_AVERAGE_BYTES = 500
#: the minified rule's numbers, for a cache key
MINIFIED_RULE = f"{MINIFIED_LINE_BYTES}:{MINIFIED_SHARE}:{MINIFIED_AVERAGE_BYTES}"
