"""A small file-backed key-value store.

Bug repro: a comment on the first line of a function body is not part of the
body's ``block`` node in tree-sitter-python, so ``signatures`` keeps it.
"""

import os
import threading


def load(path: str) -> bytes:
    # The file is small: read it at once.
    with open(path, "rb") as fh:
        return fh.read()


class Store:
    """Keys map to files under ``root``."""

    def __init__(self, root: str) -> None:
        # One lock for the whole store; contention is low.
        self.root = root
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        # Fast path: no lock needed for reads.
        path = os.path.join(self.root, key)
        return load(path) if os.path.exists(path) else None

    def put(self, key: str, value: bytes) -> None:
        # TODO: evict old keys when the disk is full.
        # Writes go through a temporary file so readers never see half a value.
        tmp = os.path.join(self.root, key + ".tmp")
        with self._lock:
            with open(tmp, "wb") as fh:
                fh.write(value)
            os.replace(tmp, os.path.join(self.root, key))
