"""Where a run's tokens go: the files with the most tokens, and a tree of
folders and files with their counts in and out (in the spirit of repomix's
``--token-count-tree``).

Both take ``(path, in, out)`` entries, ``/``-separated paths, the counts
tokens (or bytes, when a run does not count tokens)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ..core.units import human
from .formats import display_name

__all__ = ["top_files", "top_lines", "tree_counts", "token_tree_lines"]

Entry = tuple[str, int, int]


def top_files(entries: Iterable[Entry], n: int) -> list[Entry]:
    """The ``n`` entries with the largest input count, largest first (ties by path)."""
    if n <= 0:
        return []
    return sorted(entries, key=lambda e: (-e[1], e[0]))[:n]


def top_lines(entries: Sequence[Entry], unit: str) -> Iterator[str]:
    """The top-files list as lines: rank, counts in and out, path."""
    if not entries:
        return
    yield f"top {len(entries)} files by {unit} (in -> out):"
    width = len(str(len(entries)))
    for i, (path, n_in, n_out) in enumerate(entries, 1):
        yield f"  {i:>{width}}. {human(n_in):>8} -> {human(n_out):>8}  {display_name(path)}"


def tree_counts(entries: Iterable[Entry]) -> dict:
    """A nested dict of folders: each node is ``{"in": n, "out": n, "children": {...}}``
    (a file's node has no children), a folder's counts the sums below it."""
    root: dict = {"in": 0, "out": 0, "children": {}}
    for path, n_in, n_out in entries:
        node = root
        node["in"] += n_in
        node["out"] += n_out
        parts = path.split("/")
        for depth, part in enumerate(parts):
            last = depth == len(parts) - 1
            child = node["children"].setdefault(part + ("" if last else "/"), {"in": 0, "out": 0, "children": {}})
            child["in"] += n_in
            child["out"] += n_out
            node = child
    return root


def token_tree_lines(entries: Iterable[Entry], unit: str) -> Iterator[str]:
    """The tree as indented lines, folders first then files, each in name order,
    with its counts in and out."""
    root = tree_counts(entries)
    yield f"{unit.rstrip('s')} tree (in -> out): {human(root['in'])} -> {human(root['out'])}"
    yield from _node_lines(root, 1)


def _node_lines(node: dict, depth: int) -> Iterator[str]:
    children = node["children"]
    for name in sorted(children, key=lambda k: (not k.endswith("/"), k)):
        child = children[name]
        yield f"{'  ' * depth}{display_name(name)} {human(child['in'])} -> {human(child['out'])}"
        yield from _node_lines(child, depth + 1)
