"""CSS's dependency resolver, for :mod:`codepith.deps.finder` (the registry's
``resolver="css"``).

``@import "x.css"``, ``@import 'x.css'`` and ``@import url(x.css)`` (quoted or
not) name a file relative to the importing stylesheet's folder, as a browser
reads a relative URL. A URL with a scheme (``https:``, ``data:``), a
protocol-relative ``//host/…`` or a site-absolute ``/x.css`` names no file of
the tree and is ignored, as is ``@namespace``. Node kinds are
tree-sitter-css's (and tree-sitter-scss's, which :mod:`codepith.deps.scss`
shares).
"""

from __future__ import annotations

import posixpath
import re

from .context import text

__all__ = ["resolve", "targets"]

# a scheme (`https:`, `data:`) or a protocol-relative `//`: not a file of the tree
_NOT_A_FILE = re.compile(r"^(?:[A-Za-z][A-Za-z0-9+.-]*:|//|/)")


def targets(node) -> list[str]:
    """The paths an import statement ``node`` names, in order: its strings and
    the arguments of its ``url(…)`` (a grammar that cannot read a list of
    several may wrap some of them in an error node: they count all the same)."""
    out: list[str] = []
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type == "string_value":
            out.append(_unquote(text(n)))
            continue
        if n.type == "call_expression":
            name = n.child(0)
            args = n.child_by_field_name("arguments") or next(
                (c for c in n.named_children if c.type == "arguments"), None
            )
            if name is None or text(name).lower() != "url" or args is None:
                continue
            for arg in args.named_children:
                out.append(_unquote(text(arg)) if arg.type == "string_value" else text(arg).strip())
            continue
        stack.extend(reversed(n.children))
    return [t for t in out if t]


def _unquote(raw: str) -> str:
    raw = raw.strip()
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "\"'":
        return raw[1:-1]
    return raw


def local(name: str) -> str | None:
    """``name`` without its query or fragment when it may name a file of the
    tree (a relative path), else None."""
    name = name.split("?", 1)[0].split("#", 1)[0].replace("\\", "/")
    if not name or _NOT_A_FILE.match(name):
        return None
    return name


def resolve(ctx, node) -> None:
    """Add the stylesheets the ``@import`` ``node`` names, where the tree has them."""
    if node.type != "import_statement":
        return  # `@namespace` names no file
    for name in targets(node):
        path = local(name)
        rel = ctx.norm(posixpath.join(ctx.folder, path)) if path else None
        if rel and ctx.is_file(rel):
            ctx.add(rel)
