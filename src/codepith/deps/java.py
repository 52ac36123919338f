"""Java imports mapped to files of the same source tree.

The source root is found from the importing file's own ``package`` line: a file
``src/main/java/a/b/X.java`` declaring ``package a.b;`` has its source root at
``src/main/java``. A file whose folder does not end with its package's path
names no source root, and nothing is guessed; a file without a ``package`` line
(the default package) has its own folder as the source root.

- ``import a.b.C;`` -> ``a/b/C.java``; ``import a.b.C.Inner;`` (a nested type)
  and ``import static a.b.C.member;`` -> ``a/b/C.java``, the longest prefix of
  the name that is a file;
- ``import a.b.*;`` -> the ``.java`` files of the package folder ``a/b``;
  ``import static a.b.C.*;`` -> ``a/b/C.java``.

Imports of packages outside the tree (the JDK, libraries) name no file and are
skipped.
"""

from __future__ import annotations

import os

__all__ = ["resolve"]


def _text(node) -> str:
    return node.text.decode("utf-8", "surrogateescape")


def _dotted(node) -> list[str]:
    """The parts of a ``scoped_identifier`` or ``identifier``."""
    return [p.strip() for p in _text(node).split(".")]


def _source_root(ctx, node) -> str | None:
    """The folder (relative to the root) that the file's package path hangs from."""
    root = node
    while root.parent is not None:
        root = root.parent
    package: list[str] = []
    for child in root.named_children:
        if child.type == "package_declaration":
            names = [c for c in child.named_children if c.type in ("scoped_identifier", "identifier")]
            package = _dotted(names[0]) if names else []
            break
        if child.type in ("import_declaration", "class_declaration", "interface_declaration"):
            break
    parts = ctx.folder.split("/") if ctx.folder else []
    if not package:
        return ctx.folder
    if len(parts) < len(package) or parts[len(parts) - len(package) :] != package:
        return None  # the file is not where its package says: no guess
    return "/".join(parts[: len(parts) - len(package)])


def resolve(ctx, node) -> None:
    """Add the files of the tree that the ``import_declaration`` ``node`` names."""
    if node.type != "import_declaration":
        return
    names = [c for c in node.named_children if c.type in ("scoped_identifier", "identifier")]
    if not names:
        return
    parts = _dotted(names[0])
    if any(not p or p in (".", "..") or "/" in p or "\\" in p for p in parts):
        return
    base = _source_root(ctx, node)
    if base is None:
        return
    on_demand = any(c.type == "asterisk" for c in node.named_children)
    if on_demand:
        folder = ctx.norm("/".join([base, *parts]) if base else "/".join(parts))
        if folder is not None and ctx.is_dir(folder):
            for rel in _java_files(ctx, folder):
                ctx.add(rel)
            return
    for k in range(len(parts), 0, -1):
        rel = ctx.norm("/".join([base, *parts[:k]]) + ".java" if base else "/".join(parts[:k]) + ".java")
        if rel is not None and ctx.is_file(rel):
            ctx.add(rel)
            return


def _java_files(ctx, folder: str) -> list[str]:
    """The ``.java`` files of ``folder`` (relative to the root), sorted."""
    try:
        names = sorted(os.listdir(ctx.abs(folder)))
    except OSError:
        return []
    out = []
    for name in names:
        rel = f"{folder}/{name}" if folder else name
        if name.endswith(".java") and ctx.is_file(rel):
            out.append(rel)
    return out
