"""Lua's dependency resolver, for :mod:`codepith.deps.finder` (the registry's
``resolver="lua"``).

``require "a.b"`` (``require("a.b")``, ``require [[a.b]]``, in any statement or
expression) maps the module name's dots to folders, as Lua's default
``package.path`` does: ``a/b.lua``, then ``a/b/init.lua``, looked up from the
tree's root, then from the requiring file's folder and each folder above it (a
Neovim plugin's ``lua/`` folder, a game's ``src/``). A name found nowhere (a
rock, a C module, the standard library) is ignored.

Only constant strings are followed (no concatenation, no escape sequences).
Node kinds and fields are tree-sitter-lua's. Nothing here raises on a file it
cannot find.
"""

from __future__ import annotations

import posixpath

from .context import text

__all__ = ["resolve"]


def resolve(ctx, node) -> None:
    """Add the file the ``require`` call ``node`` names."""
    args = node.child_by_field_name("arguments")
    if args is None:
        return
    strings = [a for a in args.named_children if a.type == "string"]
    name = _literal(strings[0]) if len(strings) == 1 and len(args.named_children) == 1 else None
    if not name or name.startswith(".") or "/" in name or "\\" in name:
        return
    rel = name.replace(".", "/")
    parts = ctx.folder.split("/") if ctx.folder else []
    bases = [""] + ["/".join(parts[:i]) for i in range(len(parts), 0, -1)]
    for base in bases:
        for cand in (rel + ".lua", rel + "/init.lua"):
            hit = ctx.norm(posixpath.join(base, cand) if base else cand)
            if hit and ctx.is_file(hit):
                ctx.add(hit)
                return


def _literal(node) -> str | None:
    """The text of a string literal made of plain content only, or None."""
    parts = node.named_children
    if len(parts) != 1 or parts[0].type != "string_content":
        return None
    value = text(parts[0])
    return value if value.strip() == value else None
