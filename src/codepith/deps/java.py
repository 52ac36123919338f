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

from .packages import folder_of, package_files, resolve_name, source_root, valid_parts

__all__ = ["resolve"]

_JAVA = (".java",)


def _text(node) -> str:
    return node.text.decode("utf-8", "surrogateescape")


def _dotted(node) -> list[str]:
    """The parts of a ``scoped_identifier`` or ``identifier``."""
    return [p.strip() for p in _text(node).split(".")]


def _package(node) -> list[str]:
    """The parts of the file's ``package`` line, or [] (the default package)."""
    root = node
    while root.parent is not None:
        root = root.parent
    for child in root.named_children:
        if child.type == "package_declaration":
            names = [c for c in child.named_children if c.type in ("scoped_identifier", "identifier")]
            return _dotted(names[0]) if names else []
        if child.type in ("import_declaration", "class_declaration", "interface_declaration"):
            break
    return []


def resolve(ctx, node) -> None:
    """Add the files of the tree that the ``import_declaration`` ``node`` names."""
    if node.type != "import_declaration":
        return
    names = [c for c in node.named_children if c.type in ("scoped_identifier", "identifier")]
    if not names:
        return
    parts = _dotted(names[0])
    if not valid_parts(parts):
        return
    base = source_root(ctx, _package(node))
    if base is None:
        return
    if any(c.type == "asterisk" for c in node.named_children):
        folder = folder_of(ctx, base, parts)
        if folder is not None:
            for rel in package_files(ctx, folder, _JAVA):
                ctx.add(rel)
            return
    found = resolve_name(ctx, base, parts, _JAVA)
    if found is not None:
        ctx.add(found)
