"""Kotlin imports mapped to files of the same source tree.

The source root is found from the importing file's own ``package`` header, as
for Java (:mod:`codepith.deps.packages`): ``src/main/kotlin/a/b/X.kt`` declaring
``package a.b`` has its source root at ``src/main/kotlin``; a file outside its
package's folder names none, and nothing is guessed.

- ``import a.b.C`` (and ``import a.b.C as D``) -> ``a/b/C.kt`` (or ``a/b/C.java``
  beside it); ``import a.b.C.Inner`` -> ``a/b/C.kt``, the longest prefix of the
  name that is a file; failing that, the first file of the package folder
  ``a/b`` that declares ``C`` at its top level (a Kotlin file holds any number
  of classes, functions and properties: ``import a.b.helper`` -> the file with
  ``fun helper``);
- ``import a.b.*`` -> the ``.kt`` files of the package folder ``a/b``;
  ``import a.b.C.*`` (an object's members) -> ``C``'s file.

Imports of packages outside the tree (the standard library, other modules) name
no file and are skipped. Node kinds are tree-sitter-kotlin's.
"""

from __future__ import annotations

from .context import text
from .packages import folder_of, package_files, resolve_name, source_root, valid_parts

__all__ = ["resolve"]

_SOURCES = (".kt", ".java")
# a top-level declaration of {name}: at a line's start, after annotations and
# modifiers (`@JvmInline value class`, `private inline fun <T> A.name`)
_DECLARES = (
    rb"^(?:@[\w.]+(?:\([^)\n]*\))?[ \t]+)*"
    rb"(?:(?:public|internal|private|protected|data|sealed|enum|abstract|open|final|inline|value|annotation"
    rb"|inner|expect|actual|const|suspend|operator|infix|tailrec|external|lateinit|fun)[ \t]+)*"
    rb"(?:class|interface|object|typealias|fun|val|var)[ \t]+(?:<[^>\n]*>[ \t]*)?(?:[\w.]+\.)?{name}\b"
)


def _dotted(node) -> list[str]:
    return [p.strip().strip("`") for p in text(node).split(".")]


def _package(node) -> list[str]:
    """The parts of the file's ``package`` header, or [] (the default package)."""
    root = node
    while root.parent is not None:
        root = root.parent
    for child in root.named_children:
        if child.type == "package_header":
            names = [c for c in child.named_children if c.type == "identifier"]
            return _dotted(names[0]) if names else []
        if child.type not in ("file_annotation", "shebang_line", "line_comment", "multiline_comment"):
            break
    return []


def resolve(ctx, node) -> None:
    """Add the files of the tree that the ``import_header`` ``node`` names."""
    if node.type != "import_header":
        return
    names = [c for c in node.named_children if c.type == "identifier"]
    if not names:
        return
    parts = _dotted(names[0])
    if not valid_parts(parts):
        return
    base = source_root(ctx, _package(node))
    if base is None:
        return
    if any(c.type == "wildcard_import" for c in node.named_children):
        folder = folder_of(ctx, base, parts)
        if folder is not None:
            for rel in package_files(ctx, folder, (".kt",)):
                ctx.add(rel)
            return
    found = resolve_name(ctx, base, parts, _SOURCES, _DECLARES)
    if found is not None:
        ctx.add(found)
