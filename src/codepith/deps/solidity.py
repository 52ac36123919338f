"""Solidity's dependency resolver, for :mod:`codepith.deps.finder` (the
registry's ``resolver="solidity"``).

``import "p";``, ``import "p" as X;``, ``import * as X from "p";`` and
``import {A, B as C} from "p";`` are followed, as solc reads their path:

- a path starting ``./`` or ``../`` is relative to the importing file's folder;
- any other path (``"contracts/A.sol"``, ``"@openzeppelin/…/ERC20.sol"``) is
  first rewritten by the longest matching prefix of the root's
  ``remappings.txt`` (Foundry's ``@openzeppelin/=lib/openzeppelin-contracts/``;
  a ``context:`` before a remapping is ignored), then looked up from the root,
  then under ``node_modules/`` (Hardhat, Truffle).

A path found nowhere (a package not installed in the tree) is ignored. Node
kinds and fields are tree-sitter-solidity's.
"""

from __future__ import annotations

import posixpath

from ..fs.safeio import read_regular
from .context import MAX_SOURCE_BYTES, Context, join, text

__all__ = ["resolve"]


def resolve(ctx: Context, node) -> None:
    """Add the file the ``import`` directive ``node`` names."""
    source = node.child_by_field_name("source")
    if node.type != "import_directive" or source is None:
        return
    raw = text(source).strip()
    if len(raw) < 2 or raw[0] != raw[-1] or raw[0] not in "\"'":
        return
    path = raw[1:-1]
    if not path or "\\" in path or path.startswith("/"):
        return  # an escape sequence or an absolute path: not a file of the tree
    if path.startswith(("./", "../")):
        candidates: list[str | None] = [posixpath.join(ctx.folder, path)]
    else:
        candidates = [_remapped(ctx, path), path, join("node_modules", path)]
    for candidate in candidates:
        rel = ctx.norm(candidate) if candidate else None
        if rel and ctx.is_file(rel):
            ctx.add(rel)
            return


def _remapped(ctx: Context, path: str) -> str | None:
    """``path`` rewritten by the longest remapping prefix it starts with, or None."""
    if "solidity.remappings" not in ctx.memo:
        ctx.memo["solidity.remappings"] = _read_remappings(ctx)
    best: tuple[str, str] | None = None
    for prefix, target in ctx.memo["solidity.remappings"]:
        if path.startswith(prefix) and (best is None or len(prefix) > len(best[0])):
            best = (prefix, target)
    return None if best is None else best[1] + path[len(best[0]) :]


def _read_remappings(ctx: Context) -> list[tuple[str, str]]:
    """(prefix, target) of each line ``[context:]prefix=target`` of the root's ``remappings.txt``."""
    if not ctx.is_file("remappings.txt"):
        return []
    try:
        data = read_regular(ctx.abs("remappings.txt"), max_bytes=MAX_SOURCE_BYTES).decode("utf-8", "replace")
    except OSError:
        return []
    out = []
    for line in data.splitlines():
        prefix, eq, target = line.strip().partition("=")
        prefix = prefix.rpartition(":")[2]
        if eq and prefix and target and not target.startswith("/"):
            out.append((prefix, target))
    return out
