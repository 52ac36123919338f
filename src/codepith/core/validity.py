"""How valid a file is: the ERROR and MISSING nodes of its parse, and for a
file with regions (:mod:`codepith.core.regions`) those of each region in its
own language too. ``valid`` in every result is a comparison of these counts,
from parses made for it."""

from __future__ import annotations

from .languages import parse
from .regions import find_regions, masked

__all__ = ["count_errors", "file_errors", "error_spans", "errors_by_region"]


def error_spans(node):
    """Yield (start, end) of each ERROR and MISSING node under ``node``.

    Some MISSING tokens are hidden (``_newline`` in Python) and never show as
    children: a node that has an error but no child with one stands for it.
    """
    if not node.has_error:
        return
    stack = [node]
    while stack:
        n = stack.pop()
        if n.is_error or n.is_missing:
            yield (n.start_byte, n.end_byte)
            if n.is_missing:
                continue
        flagged = [c for c in n.children if c.has_error]
        if not flagged and not (n.is_error or n.is_missing):
            yield (n.start_byte, n.end_byte)
        stack.extend(flagged)


def count_errors(node) -> int:
    """ERROR and MISSING nodes in the tree under ``node``."""
    return sum(1 for _ in error_spans(node))


def file_errors(language: str, data: bytes, root=None) -> int:
    """ERROR and MISSING nodes of ``data`` parsed as a file of ``language``
    (``root``: that parse, when the caller has it): its own tree's, and for a
    language with regions, each region's in the region's language."""
    own, regions = errors_by_region(language, data, root)
    return own + sum(errors for _region, errors in regions)


def errors_by_region(language: str, data: bytes, root=None) -> tuple[int, list]:
    """(ERROR and MISSING nodes of ``data``'s own tree, [(region, its errors in
    its language)] for each region codepith compresses), from fresh parses."""
    if root is None:  # (the regions' query reads its few texts through the parse's reader)
        root = parse(language, data, text=False).root_node
    regions = [
        (region, count_errors(parse(region.language, masked(data, region.start, region.end), text=False).root_node))
        for region in find_regions(language, data, root)
        if region.language is not None
    ]
    return count_errors(root), regions
