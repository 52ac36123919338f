"""C and C++ ``#include "…"`` lines mapped to files of the same tree.

``#include "a/b.h"`` is looked up relative to the including file's folder
first, then relative to the root (a project's top-level include folder is
usually on the compiler's path). ``#include <…>`` names a system or library
header and is skipped, as is a quoted path that leaves the root.
"""

from __future__ import annotations

__all__ = ["resolve"]


def resolve(ctx, node) -> None:
    """Record the file the ``preproc_include`` ``node`` names, if the tree has it."""
    path_node = node.child_by_field_name("path")
    if path_node is None or path_node.type != "string_literal":
        return
    raw = path_node.text.decode("utf-8", "surrogateescape")
    if len(raw) < 2 or raw[0] != '"' or raw[-1] != '"':
        return
    included = raw[1:-1].replace("\\", "/")
    if not included or included.startswith("/"):
        return
    for base in (ctx.folder, ""):
        rel = ctx.norm(f"{base}/{included}" if base else included)
        if rel and ctx.is_file(rel):
            ctx.add(rel)
            return
