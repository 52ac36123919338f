"""Python imports mapped to files of the same tree.

``import a.b``, ``from a.b import c``, ``from . import x`` and ``from ..pkg
import y``, wherever they appear (``if TYPE_CHECKING:``, ``try:``, function
bodies). Absolute names are looked up against the folder holding the importing
file's top-level package (the file's own folder for a module outside any
package), then the root, then ``root/src``; relative names from the importing
file's package folder. A package (``a/b/__init__.py``) wins over a module of
the same name (``a/b.py``), as in Python.
"""

from __future__ import annotations

import os

from .context import Context, join, text

__all__ = ["resolve"]


def resolve(ctx: Context, node) -> None:
    """Record the files one ``import``/``from … import`` ``node`` names."""
    if node.type == "import_statement":
        for name in node.children_by_field_name("name"):
            imported = _dotted(name)
            if imported:
                hit = _py_absolute(ctx, imported, None)
                if hit:
                    ctx.add(hit)
    elif node.type == "import_from_statement":
        module = node.child_by_field_name("module_name")
        if module is None:
            return
        names = [n for n in (_dotted(c) for c in node.children_by_field_name("name")) if n]
        if module.type == "relative_import":
            level = 0
            dotted: list[str] = []
            for child in module.named_children:
                if child.type == "import_prefix":
                    level = len(text(child).strip())
                elif child.type == "dotted_name":
                    dotted = _parts(child)
            _py_relative(ctx, level, dotted, names)
        else:
            dotted = _parts(module)
            if not dotted:
                return
            if not names:  # `from a.b import *`
                hit = _py_absolute(ctx, dotted, None)
                if hit:
                    ctx.add(hit)
            for name in names:
                hit = _py_absolute(ctx, dotted, name)
                if hit:
                    ctx.add(hit)
    # `from __future__ import …` names no file


def _parts(node) -> list[str]:
    if node.type != "dotted_name":
        return []
    return [text(c) for c in node.named_children if c.type == "identifier"]


def _dotted(node) -> list[str]:
    """The dotted name of an import's ``name`` child (``a.b`` or ``a.b as c``)."""
    if node.type == "aliased_import":
        node = node.child_by_field_name("name")
        if node is None:
            return []
    return _parts(node)


def _py_module(ctx: Context, base: str, parts: list[str]) -> str | None:
    """``base/a/b/__init__.py`` or ``base/a/b.py`` when it is a file inside the root
    (a package wins over a module of the same name, as in Python)."""
    if not parts:
        hit = ctx.norm(join(base, "__init__.py"))
        return hit if hit is not None and ctx.is_file(hit) else None
    stem = join(base, *parts)
    for candidate in (stem + "/__init__.py", stem + ".py"):
        hit = ctx.norm(candidate)
        if hit is not None and ctx.is_file(hit):
            return hit
    return None


def _py_bases(ctx: Context) -> list[str]:
    """Folders absolute module names are looked up in, most specific first."""
    top = ctx.folder
    while top and ctx.is_file(join(top, "__init__.py")):
        top = os.path.dirname(top) if "/" in top else ""
    bases = []
    for base in (top, "", "src"):
        if base not in bases and (base == "" or ctx.is_dir(base)):
            bases.append(base)
    return bases


def _py_absolute(ctx: Context, module: list[str], name: list[str] | None) -> str | None:
    """The file of ``import module`` (``name`` None) or of ``from module import name``:
    the submodule ``module.name`` when it is one, else ``module``."""
    bases = ctx.memo.get("python.bases")
    if bases is None:
        bases = ctx.memo["python.bases"] = _py_bases(ctx)
    for base in bases:
        if name:
            hit = _py_module(ctx, base, module + name)
            if hit:
                return hit
        hit = _py_module(ctx, base, module)
        if hit:
            return hit
    return None


def _py_relative(ctx: Context, level: int, module: list[str], names: list[list[str]]) -> None:
    if level < 1:
        return
    package = ctx.folder
    for _ in range(level - 1):
        if not package:
            return  # above the root
        package = os.path.dirname(package) if "/" in package else ""
    if not names:  # `from .m import *`
        hit = _py_module(ctx, package, module)
        if hit:
            ctx.add(hit)
        return
    for name in names:
        hit = _py_module(ctx, package, module + name) or _py_module(ctx, package, module)
        if hit:
            ctx.add(hit)
