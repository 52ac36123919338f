"""Blank lines out of code, never out of a string or a comment.

:func:`remove_blank_lines` drops every line that holds only whitespace,
except where the parse tree says the line is content:

- inside a token (a leaf of the tree): a string's or heredoc's content, a
  comment, a raw string, an embedded region read as one piece of text;
- inside a node that tree-sitter grammars name as a string or heredoc
  (``string``, ``raw_string_literal``, ``template_string``, ``heredoc_body``,
  …): a string whose content the grammar does not show as a node;
- inside a stretch of a node between its children that holds more than
  whitespace (text the grammar reads as a hidden token).

The result is parsed again: when its ERROR and MISSING nodes differ from
the input's in number, the input is returned unchanged. Each step is one
pass over the bytes or the tree, so the time is linear in the size.
"""

from __future__ import annotations

import bisect
import re

from .languages import parse
from .validity import file_errors

__all__ = ["blank_line_spans", "remove_blank_lines"]

#: node kinds that hold a string's text, by the names tree-sitter grammars give them
_STRING_KIND = re.compile(r"string|heredoc")
#: the bytes of a line that holds nothing
_SPACE = b" \t\f\v\r"


def blank_line_spans(data: bytes) -> list[tuple[int, int]]:
    """(start, end) of every line of ``data`` that holds only spaces, tabs,
    form feeds or a carriage return, its line break included."""
    spans = []
    start = 0
    size = len(data)
    while start < size:
        nl = data.find(b"\n", start)
        end = size if nl == -1 else nl + 1
        line = data[start : end - 1 if nl != -1 else end]
        if not line.strip(_SPACE):
            spans.append((start, end))
        start = end
    return spans


def _protected(root, data: bytes, blanks: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The byte ranges of the tree under ``root`` in which a blank line is
    content, looked for only in the nodes that hold a blank line."""
    ends = [end for _start, end in blanks]

    def touches(start: int, end: int) -> bool:
        i = bisect.bisect_right(ends, start)
        return i < len(blanks) and blanks[i][0] < end

    out: list[tuple[int, int]] = []
    stack = [root]
    while stack:
        node = stack.pop()
        start, end = node.start_byte, node.end_byte
        if node.child_count == 0 or _STRING_KIND.search(node.type):
            out.append((start, end))
            continue
        at = start
        for child in node.children:
            _gap(data, at, child.start_byte, touches, out)
            if touches(child.start_byte, child.end_byte):
                stack.append(child)
            at = max(at, child.end_byte)
        _gap(data, at, end, touches, out)
    return out


def _gap(data: bytes, start: int, end: int, touches, out: list[tuple[int, int]]) -> None:
    """A stretch between a node's children: content when it holds more than whitespace."""
    if end > start and touches(start, end) and data[start:end].strip():
        out.append((start, end))


def remove_blank_lines(data: bytes, *, language: str) -> bytes:
    """``data`` (a file of ``language``) without its blank lines, but those
    inside a string, a heredoc or a comment (see the module's docstring). The
    input is returned as it is when it has no blank line, or when dropping
    them would change its count of parse errors."""
    blanks = blank_line_spans(data)
    if not blanks:
        return data
    root = parse(language, data).root_node
    protected = sorted(_protected(root, data, blanks))
    starts = [start for start, _end in protected]
    reach: list[int] = []  # the furthest end among the ranges starting at or before each one
    for _start, end in protected:
        reach.append(max(end, reach[-1]) if reach else end)
    kept: list[bytes] = []
    at = 0
    for start, end in blanks:
        i = bisect.bisect_left(starts, end) - 1  # the ranges starting before the line ends
        if i >= 0 and reach[i] > start:
            continue  # some range that starts before the line's end reaches into it
        kept.append(data[at:start])
        at = end
    if at == 0:
        return data
    kept.append(data[at:])
    out = b"".join(kept)
    if file_errors(language, out) != file_errors(language, data, root):
        return data
    return out
