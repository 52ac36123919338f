"""Ruby's dependency resolver, for :mod:`codepith.deps.finder` (the registry's
``resolver="ruby"``).

- ``require_relative "x"`` maps to ``x.rb`` (or ``x`` when it names its
  extension) relative to the requiring file's folder.
- ``require "a/b"``, ``load "a/b.rb"`` and ``autoload :B, "a/b"`` map to
  ``a/b.rb`` under a ``lib`` folder: the one the requiring file sits in (its
  path's last ``lib`` component), then ``lib/`` of each folder from the file's
  own up to the root. A name found nowhere (a gem, the standard library) is
  ignored.

Only literal strings are followed (no interpolation). Node kinds and fields are
tree-sitter-ruby's. Nothing here raises on a file it cannot find.
"""

from __future__ import annotations

import posixpath

__all__ = ["resolve"]


def resolve(ctx, node) -> None:
    """Add the file the require-like call ``node`` names."""
    method = node.child_by_field_name("method")
    args = node.child_by_field_name("arguments")
    if method is None or args is None:
        return
    kind = method.text.decode("utf-8", "surrogateescape")
    strings = [a for a in args.named_children if a.type == "string"]
    name = _literal(strings[0]) if strings else None
    if not name:
        return
    if kind == "require_relative":
        hit = _with_rb(ctx, ctx.norm(posixpath.join(ctx.folder, name)))
    else:
        hit = _from_lib(ctx, name)
    if hit:
        ctx.add(hit)


def _literal(node) -> str | None:
    """The text of a string literal without interpolation, or None."""
    parts = node.named_children
    if not parts or any(p.type != "string_content" for p in parts):
        return None
    return "".join(p.text.decode("utf-8", "surrogateescape") for p in parts)


def _with_rb(ctx, rel: str | None) -> str | None:
    """``rel`` as a file (with ``.rb`` added when missing), or None."""
    if not rel:
        return None
    for cand in (rel + ".rb", rel) if not rel.endswith(".rb") else (rel,):
        if ctx.is_file(cand):
            return cand
    return None


def _from_lib(ctx, name: str) -> str | None:
    """``name`` under the ``lib`` folder holding the file, then under
    ``<folder>/lib`` from the file's folder up to the root."""
    if name.startswith("/") or name.startswith("."):
        return None
    parts = ctx.folder.split("/") if ctx.folder else []
    bases = []
    if "lib" in parts:
        bases.append("/".join(parts[: len(parts) - parts[::-1].index("lib")]))
    for i in range(len(parts), -1, -1):
        bases.append("/".join(parts[:i] + ["lib"]))
    for base in bases:
        hit = _with_rb(ctx, ctx.norm(posixpath.join(base, name)))
        if hit:
            return hit
    return None
