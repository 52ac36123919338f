"""Bash's dependency resolver, for :mod:`codepith.deps.finder` (the registry's
``resolver="bash"``).

``source lib/x.sh`` and ``. ./x.sh`` (the path bare, ``"quoted"`` or
``'quoted'``) map to that file relative to the sourcing file's folder. A path
holding an expansion (``$DIR/x.sh``, ``$(dirname "$0")``, ``~``) or a glob
is not followed, nor is an absolute one; a file found nowhere is ignored.

Node kinds and fields are tree-sitter-bash's. Nothing here raises on a file it
cannot find.
"""

from __future__ import annotations

import posixpath

from .context import text

__all__ = ["resolve"]


def resolve(ctx, node) -> None:
    """Add the file the ``source`` or ``.`` command ``node`` names."""
    args = node.children_by_field_name("argument")
    if not args:
        return
    path = _constant(args[0])
    if not path or path.startswith(("/", "~")) or any(c in path for c in "$`*?[{\\"):
        return
    hit = ctx.norm(posixpath.join(ctx.folder, path))
    if hit and ctx.is_file(hit):
        ctx.add(hit)


def _constant(node) -> str | None:
    """The text of a word or a quoted string without expansions, or None."""
    if node.type == "word":
        return text(node)
    if node.type == "raw_string":
        return text(node)[1:-1]
    if node.type == "string":
        parts = node.named_children
        if len(parts) == 1 and parts[0].type == "string_content":
            return text(parts[0])
    return None
