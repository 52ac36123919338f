"""Scala imports mapped to files of the same source tree.

The source root is found from the importing file's own ``package`` clauses, as
for Java (:mod:`codepith.deps.packages`): chained clauses (``package a.b`` then
``package c``) make one package ``a.b.c``; ``src/main/scala/a/b/c/X.scala``
then has its source root at ``src/main/scala``. A file outside its package's
folder names none, and nothing is guessed.

- ``import a.b.C`` -> ``a/b/C.scala``; ``import a.b.C.member`` -> ``a/b/C.scala``,
  the longest prefix of the name that is a file; failing that, the first file
  of the package folder ``a/b`` that declares ``C`` at a line's start (a Scala
  file holds any number of classes, objects and Scala 3 top-level ``def``s),
  then the folder's ``package.scala`` (a package object's members);
- ``import a.b.{C, D => E, F as G}`` -> each selected name, as above;
  ``import a.B, c.D`` -> each path;
- ``import a.b._``, ``import a.b.*`` and ``import a.b.given`` -> the ``.scala``
  files of the package folder ``a/b``, or the file of the object ``a.b``.

``export`` clauses are read the same way. Imports of packages outside the tree
(the standard library, other modules) name no file and are skipped. Node kinds
are tree-sitter-scala's.
"""

from __future__ import annotations

from .context import text
from .packages import folder_of, package_files, resolve_name, source_root, valid_parts

__all__ = ["resolve"]

_SOURCES = (".scala", ".java")
# a top-level declaration of {name}: at a line's start, after annotations and modifiers
_DECLARES = (
    rb"^(?:@[\w.]+(?:\([^)\n]*\))?[ \t]+)*"
    rb"(?:(?:private|protected|final|sealed|abstract|implicit|lazy|case|override|inline|transparent"
    rb"|opaque|open|infix)[ \t]+)*"
    rb"(?:class|trait|object|enum|def|val|var|type|given)[ \t]+{name}\b"
)
_PACKAGE_OBJECT = "package"
_SELECTORS = ("identifier", "arrow_renamed_identifier", "as_renamed_identifier")


def _name(node) -> str:
    return text(node).strip().strip("`")


def _package(node) -> list[str]:
    """The parts of the package the import ``node`` sits in: the file's chained
    ``package`` clauses before it, and the clauses with a body around it; []
    in the default package."""
    scope = node
    while scope.parent is not None:
        scope = scope.parent
    parts: list[str] = []
    while scope is not None:
        inner = None
        for clause in scope.named_children:
            if clause.start_byte >= node.start_byte:
                break
            if clause.type != "package_clause":
                continue
            name = clause.child_by_field_name("name")
            body = clause.child_by_field_name("body")
            if body is not None and not (body.start_byte <= node.start_byte < body.end_byte):
                continue  # `package a { … }` before the import: not its package
            if name is not None:
                parts.extend(_name(p) for p in name.named_children)
            if body is not None:
                inner = body
                break
        scope = inner
    return parts


def _imports(node) -> list[tuple[list[str], list[str] | None]]:
    """Each (path, selected names or None for the path itself) of an import;
    a wildcard selects ``["*"]``."""
    out: list[tuple[list[str], list[str] | None]] = []
    path: list[str] = []
    selected: list[str] | None = None
    for child in node.children:
        kind = child.type
        if kind == ",":
            if path:
                out.append((path, selected))
            path, selected = [], None
        elif kind == "identifier":
            path.append(_name(child))
        elif kind == "namespace_wildcard":
            selected = ["*"]
        elif kind == "namespace_selectors":
            selected = []
            for sel in child.named_children:
                if sel.type == "namespace_wildcard":
                    selected.append("*")
                elif sel.type in _SELECTORS:
                    first = sel.child_by_field_name("name") if sel.type != "identifier" else sel
                    if first is not None:
                        selected.append(_name(first))
    if path:
        out.append((path, selected))
    return out


def _one(ctx, base: str, parts: list[str]) -> None:
    """Add the file that the dotted name ``parts`` names."""
    found = resolve_name(ctx, base, parts, _SOURCES, _DECLARES)
    if found is None and len(parts) > 1:
        found = resolve_name(ctx, base, [*parts[:-1], _PACKAGE_OBJECT], (".scala",))
        if found is not None and found.rsplit("/", 1)[-1] != _PACKAGE_OBJECT + ".scala":
            found = None  # only the package object itself, never a file of a parent folder
    if found is not None:
        ctx.add(found)


def resolve(ctx, node) -> None:
    """Add the files of the tree that the ``import_declaration`` (or
    ``export_declaration``) ``node`` names."""
    if node.type not in ("import_declaration", "export_declaration"):
        return
    base = source_root(ctx, _package(node))
    if base is None:
        return
    for path, selected in _imports(node):
        if not valid_parts(path):
            continue
        for name in selected if selected is not None else [None]:
            if name == "*":
                folder = folder_of(ctx, base, path)
                if folder is not None:
                    for rel in package_files(ctx, folder, (".scala",)):
                        ctx.add(rel)
                else:
                    _one(ctx, base, path)
            elif name is None:
                _one(ctx, base, path)
            elif valid_parts([name]):
                _one(ctx, base, [*path, name])
