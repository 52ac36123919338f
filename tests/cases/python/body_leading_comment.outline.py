"""A small file-backed key-value store."""

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
