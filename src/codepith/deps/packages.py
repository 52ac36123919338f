"""Helpers shared by the resolvers of languages whose files sit in folders that
follow their package (Java, Kotlin, Scala): a source root found from the
importing file's own package, a package folder's files, a dotted name mapped to
the file that defines it.

A file ``src/main/kotlin/a/b/X.kt`` declaring ``package a.b`` has its source
root at ``src/main/kotlin``. A file whose folder does not end with its
package's path names no source root, and nothing is guessed; a file without a
package (the default package) has its own folder as the source root.
"""

from __future__ import annotations

import os
import re

from ..fs.safeio import read_regular
from .context import MAX_SOURCE_BYTES, Context

__all__ = ["source_root", "package_files", "valid_parts", "resolve_name", "folder_of"]


def source_root(ctx: Context, package: list[str]) -> str | None:
    """The folder (relative to the root) that the file's ``package`` path hangs from."""
    parts = ctx.folder.split("/") if ctx.folder else []
    if not package:
        return ctx.folder
    if len(parts) < len(package) or parts[len(parts) - len(package) :] != package:
        return None  # the file is not where its package says: no guess
    return "/".join(parts[: len(parts) - len(package)])


def valid_parts(parts: list[str]) -> bool:
    """Every part of a dotted name is a name, never a path step."""
    return bool(parts) and not any(not p or p in (".", "..") or "/" in p or "\\" in p for p in parts)


def _under(base: str, parts: list[str]) -> str:
    return "/".join([base, *parts]) if base else "/".join(parts)


def package_files(ctx: Context, folder: str, extensions: tuple[str, ...]) -> list[str]:
    """The files of ``folder`` (relative to the root) with one of ``extensions``, sorted."""
    try:
        names = sorted(os.listdir(ctx.abs(folder)))
    except OSError:
        return []
    out = []
    for name in names:
        rel = f"{folder}/{name}" if folder else name
        if name.endswith(extensions) and ctx.is_file(rel):
            out.append(rel)
    return out


def _declaring(ctx: Context, folder: str, name: str, extensions: tuple[str, ...], pattern: bytes) -> str | None:
    """The first file of the package ``folder`` whose text declares ``name``
    (``pattern`` with ``{name}`` in it, a bytes regex), or None. A folder's
    files are read once per importing file."""
    key = f"packages:{folder}:{','.join(extensions)}"
    texts = ctx.memo.get(key)
    if texts is None:
        texts = []
        for rel in package_files(ctx, folder, extensions):
            try:
                texts.append((rel, read_regular(ctx.abs(rel), max_bytes=MAX_SOURCE_BYTES)))
            except OSError:
                continue
        ctx.memo[key] = texts
    found = re.compile(pattern.replace(b"{name}", re.escape(name.encode("utf-8"))), re.MULTILINE)
    for rel, data in texts:
        if found.search(data):
            return rel
    return None


def resolve_name(
    ctx: Context, base: str, parts: list[str], extensions: tuple[str, ...], declares: bytes | None = None
) -> str | None:
    """The file of the source root ``base`` that the dotted name ``parts``
    names: the longest prefix ``a/b/C`` with a file ``a/b/C.<ext>`` (a nested
    member ``a.b.C.Inner`` is in ``C``'s file); failing that, with ``declares``
    (a bytes regex holding ``{name}``), the first file of a package folder
    ``a/b`` that declares ``C``, the longest such prefix first."""
    for k in range(len(parts), 0, -1):
        for ext in extensions:
            rel = ctx.norm(_under(base, parts[:k]) + ext)
            if rel is not None and ctx.is_file(rel):
                return rel
    if declares is None:
        return None
    for k in range(len(parts), 1, -1):
        folder = ctx.norm(_under(base, parts[: k - 1]))
        if folder is not None and ctx.is_dir(folder):
            rel = _declaring(ctx, folder, parts[k - 1], extensions, declares)
            if rel is not None:
                return rel
    return None


def folder_of(ctx: Context, base: str, parts: list[str]) -> str | None:
    """The package folder ``a/b`` of ``base``, when it is a folder of the tree."""
    folder = ctx.norm(_under(base, parts))
    return folder if folder is not None and ctx.is_dir(folder) else None
