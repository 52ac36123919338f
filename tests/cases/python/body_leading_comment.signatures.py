"""A small file-backed key-value store.

Bug repro: a comment on the first line of a function body is not part of the
body's ``block`` node in tree-sitter-python, so ``signatures`` keeps it.
"""

import os
import threading


def load(path: str) -> bytes:
    ...


class Store:
    """Keys map to files under ``root``."""

    def __init__(self, root: str) -> None:
        ...

    def get(self, key: str) -> bytes | None:
        ...

    def put(self, key: str, value: bytes) -> None:
        ...
