"""Pure-Python reference of the needle search: which of a few short
literals occur in a text's bytes. Same names, signatures and errors as the
Cython module ``_needles``; the test suite runs every test against both."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["find_needles", "IMPLEMENTATION"]

IMPLEMENTATION = "python"


def find_needles(data: bytes, needles: Sequence[bytes], folded: bytes) -> bytes:
    """One byte per needle of ``needles``: 1 when it occurs in ``data``, else 0.
    A needle whose byte in ``folded`` is 1 is matched ignoring ASCII case (it
    is given in ASCII lower case); the others exactly, byte for byte. No
    needle is empty. One pass over ``data`` in the compiled module."""
    _check(needles, folded)
    lowered: bytes | None = None
    out = bytearray(len(needles))
    for i, needle in enumerate(needles):
        if folded[i]:
            if lowered is None:
                lowered = bytes(data).lower()  # (ASCII letters only, as the match)
            out[i] = needle in lowered
        else:
            out[i] = needle in data
    return bytes(out)


def _check(needles: Sequence[bytes], folded: bytes) -> None:
    if len(folded) != len(needles):
        raise ValueError(f"folded holds {len(folded)} flags for {len(needles)} needles: give one per needle")
    for i, needle in enumerate(needles):
        if not needle:
            raise ValueError("a needle is empty: every needle holds at least one byte")
        if folded[i] and (not needle.isascii() or needle != needle.lower()):
            raise ValueError(f"needle {needle!r} is matched ignoring case: give it in ASCII lower case")
