"""What a resolver works with: the importing file, the root, and the
dependencies found so far (:class:`Context`), and small path helpers."""

from __future__ import annotations

import os
import stat
from typing import Any

from ..core.languages import detect_language
from ..errors import InvalidOption

__all__ = ["MAX_SOURCE_BYTES", "Context", "join", "text"]

#: the largest file a resolver reads (a source file or a manifest such as ``go.mod``)
MAX_SOURCE_BYTES = 1_000_000


class Context:
    """The importing file, the root, and the dependencies found so far."""

    def __init__(self, root: str, path: str) -> None:
        self.root = os.path.abspath(root)
        self.root_real = os.path.realpath(self.root)
        rel = path.replace("\\", "/") if os.sep == "\\" else path
        if not rel or rel.startswith("/") or os.path.isabs(rel):
            raise InvalidOption("path", f"{path!r} is not relative to the root")
        rel = os.path.normpath(rel).replace(os.sep, "/")
        if rel == ".." or rel.startswith("../") or rel == ".":
            raise InvalidOption("path", f"{path!r} leaves the root")
        self.rel = rel
        self.abspath = os.path.join(self.root, *rel.split("/"))
        self.real = os.path.realpath(self.abspath)
        self.folder = os.path.dirname(rel)  # "" for a file at the root
        self.language = detect_language(rel)
        self.found: list[str] = []
        self._seen: set[str] = {self.real}
        self._file_cache: dict[str, bool] = {}
        #: what a resolver looked up once per importing file (its key names the resolver)
        self.memo: dict[str, Any] = {}

    # rel paths below are POSIX, relative to the root, possibly with ".."

    def norm(self, rel: str) -> str | None:
        """``rel`` normalised, or ``None`` when it leaves the root lexically
        (``../root/x`` from the root's top comes back in: it is ``x``)."""
        if not rel:
            return ""
        out = os.path.relpath(os.path.normpath(os.path.join(self.root, rel)), self.root)
        out = out.replace(os.sep, "/")
        if out == ".." or out.startswith("../") or os.path.isabs(out):
            return None
        return "" if out == "." else out

    def abs(self, rel: str) -> str:
        return os.path.join(self.root, *rel.split("/")) if rel else self.root

    def inside(self, rel: str) -> bool:
        """The real path of ``rel`` stays inside the root."""
        real = os.path.realpath(self.abs(rel))
        return real == self.root_real or real.startswith(self.root_real + os.sep)

    def is_file(self, rel: str) -> bool:
        """``rel`` (normalised) is a regular file (after symlinks) inside the root."""
        hit = self._file_cache.get(rel)
        if hit is None:
            try:
                hit = stat.S_ISREG(os.stat(self.abs(rel)).st_mode) and self.inside(rel)
            except (OSError, ValueError):
                hit = False
            self._file_cache[rel] = hit
        return hit

    def is_dir(self, rel: str) -> bool:
        try:
            return stat.S_ISDIR(os.stat(self.abs(rel)).st_mode) and self.inside(rel)
        except (OSError, ValueError):
            return False

    def add(self, rel: str) -> None:
        """Record a dependency (a file known to exist inside the root)."""
        real = os.path.realpath(self.abs(rel))
        if real in self._seen:
            return
        self._seen.add(real)
        self.found.append(rel)


def _join(*parts: str) -> str:
    return "/".join(p for p in parts if p)


def _text(node) -> str:
    return node.text.decode("utf-8", "surrogateescape")


def join(*parts: str) -> str:
    return "/".join(p for p in parts if p)


def text(node) -> str:
    return node.text.decode("utf-8", "surrogateescape")
