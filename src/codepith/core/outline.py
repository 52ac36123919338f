"""The ``outline`` level's pass, after the bodies: docstrings and doc comments
cut to their first line, other comments dropped, large inert data literals and
inert top-level control flow elided.

What counts as a docstring, a doc comment, a directive, a data literal or a
control statement is the language's ``compress`` query (``@doc.string``,
``@doc.comment``, ``@directive``, ``@data.value``, ``@control.statement`` …);
how doc comments group (by form, or as a run of line comments) and how a
placeholder is written is its registry entry. The edits go back to the engine
through its ``add``.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

from .edits import Intervals, blank, line_end, line_start
from .languages import captures

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["outline", "DATA_MIN_LINES"]

#: A data literal is "large" (elided at ``outline``) from this many lines on.
DATA_MIN_LINES = 6


def outline(engine, caps: dict[str, list], docstrings: set[int]) -> None:
    """Add the ``outline`` edits of the file ``engine`` works on, from the
    captures ``caps`` of its ``compress`` query."""
    directives = {n.start_byte for n in caps.get("directive", [])}
    _shorten_docstrings(engine, caps.get("doc.string", []))
    _comments(engine, caps, directives)
    _data(engine, caps)
    _control(engine, caps.get("control.statement", []), docstrings)


def _summary(body: bytes, *, strip_stars: bool = False) -> bytes | None:
    """First non-blank line of a docstring or doc comment, or None when the
    text is already a single line."""
    lines = body.split(b"\n")
    if len(lines) == 1:
        return None
    for line in lines:
        line = line.strip()
        if strip_stars:
            line = line.lstrip(b"*").strip()
        if line:
            return line.rstrip(b"\r")
    return None


# --------------------------------------------------------------------------- docs and comments


def _shorten_docstrings(engine, nodes: list) -> None:
    """Docstrings: their first line only, inside the same quotes."""
    src = engine.src
    for node in nodes:
        if node.has_error or node.child_count < 2:
            continue
        opener, closer = node.children[0], node.children[-1]
        a, b = opener.end_byte, closer.start_byte
        if b <= a:
            continue
        summary = _summary(src[a:b])
        if summary is None:
            continue
        quote = src[closer.start_byte : closer.start_byte + 1]
        if summary.endswith(quote) or summary.endswith(b"\\"):
            summary += b" "
        engine.add(a, b, summary, "docstring")


def _comments(engine, caps: dict[str, list], directives: set[int]) -> None:
    """Doc comments: their first line only (directives among them stay whole);
    other comments dropped, directives kept."""
    groups = _DOC_GROUPING[engine.spec.doc_grouping](engine, caps.get("doc.comment", []))
    doc_comments = [g for g in groups if g[0].start_byte not in directives]
    for group in doc_comments:
        _shorten_doc(engine, group, directives)
    in_docs = {c.start_byte for group in doc_comments for c in group}
    dropped_lines: list[tuple[int, int]] = []
    for node in caps.get("comment", []):
        if node.start_byte in directives or node.start_byte in in_docs:
            continue
        _drop_comment(engine, node, dropped_lines)
    _drop_lines(engine, dropped_lines)


def _by_form(engine, nodes: list) -> list[list]:
    """``doc_grouping="form"``: each captured comment (``/** … */``) is a doc by its form."""
    return [[n] for n in nodes]


def _adjacent_runs(engine, nodes: list) -> list[list]:
    """``doc_grouping="adjacent-run"``: a run of comments on consecutive lines
    directly above a declaration documents it."""
    if not nodes:
        return []
    comments = engine.comment_kinds
    groups = []
    current: list = []
    for node in sorted(nodes, key=lambda n: n.start_byte):
        if (
            current
            and node.start_point[0] == current[-1].end_point[0] + 1
            and (
                current[-1].next_named_sibling is not None
                and current[-1].next_named_sibling.start_byte == node.start_byte
            )
        ):
            current.append(node)
            continue
        if current:
            groups.append(current)
        current = [node]
    if current:
        groups.append(current)
    docs = []
    src = engine.src
    for group in groups:
        last = group[-1]
        nxt = last.next_named_sibling
        if nxt is None or nxt.type in comments:
            continue
        if nxt.start_point[0] == last.end_point[0] + 1 and blank(
            src[line_start(src, last.start_byte) : last.start_byte]
        ):
            docs.append(group)
    return docs


def _last_row(src: bytes, node) -> int:
    """The row of a comment's last character (a grammar may end a line
    comment after its newline, on the next row)."""
    row = node.end_point[0]
    if node.end_byte > node.start_byte and src[node.end_byte - 1 : node.end_byte] == b"\n" and node.end_point[1] == 0:
        row -= 1
    return row


def _form_runs(engine, nodes: list) -> list[list]:
    """``doc_grouping="form-run"``: each captured comment is a doc by its form;
    doc comments of the same form (the same first three bytes: ``///``,
    ``//!``) on consecutive lines, with only blanks (and the line break, which
    a grammar may leave outside the comment) between them, are one doc."""
    src = engine.src
    groups: list[list] = []
    current: list = []
    for node in sorted(nodes, key=lambda n: n.start_byte):
        if current:
            prev = current[-1]
            if (
                node.start_point[0] == _last_row(src, prev) + 1
                and src[prev.start_byte : prev.start_byte + 3] == src[node.start_byte : node.start_byte + 3]
                and not src[prev.end_byte : node.start_byte].strip()  # a grammar may leave the newline out
            ):
                current.append(node)
                continue
            groups.append(current)
        current = [node]
    if current:
        groups.append(current)
    return groups


_DOC_GROUPING = {"form": _by_form, "adjacent-run": _adjacent_runs, "form-run": _form_runs}


def _shorten_doc(engine, group: list, directives: set[int]) -> None:
    """One doc comment, or one run of them, cut to its first line."""
    src = engine.src
    first = group[0]
    text = src[first.start_byte : first.end_byte]
    block = engine.spec.block_comment
    if block is not None and text.startswith(block[0].encode()):
        if len(group) > 1 or b"\n" not in text:
            return
        opener, closer = block[0].encode(), block[1].encode()
        if text[len(opener) : len(opener) + 1] in (b"*", b"!"):
            opener = text[: len(opener) + 1]  # a doc comment's opener (`/**`, `/*!`) stays as written
        summary = _summary(text[len(opener) : -len(closer)], strip_stars=True)
        if summary is None:
            return
        engine.add(first.start_byte, first.end_byte, opener + b" " + summary + b" " + closer, "doc")
        return
    # A run of line comments: keep the first, and any directive among the rest
    # (`//go:embed` under a doc comment); drop the others, line by line.
    prev_end = first.end_byte
    run_start = None
    for node in group[1:]:
        if node.start_byte in directives:
            if run_start is not None:
                engine.add(run_start, prev_end, b"", "doc")
                run_start = None
        elif run_start is None:
            run_start = prev_end
        prev_end = node.end_byte
    if run_start is not None:
        engine.add(run_start, prev_end, b"", "doc")


def _drop_comment(engine, node, dropped_lines: list[tuple[int, int]]) -> None:
    """Drop the comment ``node``: a comment that owns its lines goes to
    ``dropped_lines`` (dropped whole, by :func:`_drop_lines`); one after code
    goes with the blanks before it; one before code on its line stays."""
    src = engine.src
    begin = line_start(src, node.start_byte)
    end_nl = line_end(src, node.end_byte)
    before = src[begin : node.start_byte]
    after = src[node.end_byte : end_nl]
    if not blank(after):
        return  # code follows on the same line: leave it
    if blank(before):  # the comment owns its lines: dropped whole, below
        dropped_lines.append((begin, min(end_nl + 1, len(src))))
        return
    stripped = before.rstrip(b" \t")
    end = node.end_byte
    if src[end - 1 : end] == b"\r":
        end -= 1  # a grammar whose line comment holds a CRLF's `\r`: the line ending stays
    engine.add(begin + len(stripped), end, b"", "comment")


def _drop_lines(engine, spans: list[tuple[int, int]]) -> None:
    """Drop whole comment lines; a run of them between two blank lines takes
    one of the blank lines along, so no double gap is left behind."""
    src = engine.src
    spans.sort()
    # a definition may start on a dropped line's break (a grammar that opens a rule
    # with a zero-width token after a comment): the drop stops short of it
    def_starts = sorted(d.start_byte for d in engine.defs) if spans else []
    i = 0
    while i < len(spans):
        start, end = spans[i]
        while i + 1 < len(spans) and spans[i + 1][0] <= end:
            end = max(end, spans[i + 1][1])
            i += 1
        i += 1
        prev_begin = line_start(src, start - 1) if start > 0 else 0
        blank_before = start == 0 or blank(src[prev_begin : start - 1])
        next_end = line_end(src, end)
        if blank_before and end < len(src) and blank(src[end:next_end]):
            end = min(next_end + 1, len(src))
        first_def = bisect_right(def_starts, start)
        if first_def < len(def_starts) and def_starts[first_def] < end:
            end = def_starts[first_def]
        engine.add(start, end, b"", "comment")


# --------------------------------------------------------------------------- data and control flow


def _data(engine, caps: dict[str, list]) -> None:
    """Large inert data literals: their inside elided (a literal holding a
    definition or a function stays whole)."""
    values = caps.get("data.value", [])
    if not values:
        return
    def_spans = Intervals((d.start_byte, d.end_byte) for d in engine.defs)
    function_spans = Intervals(
        [
            (n.start_byte, n.end_byte)
            for key in ("body.function", "body.static", "body.initializer")
            for n in caps.get(key, [])
        ]
        + [(n.start_byte, n.end_byte) for n in engine.wrappers]
    )
    literals = _literals(values, caps.get("data.literal", []))
    texts = {(n.start_byte, n.end_byte) for n in caps.get("data.text", [])}
    for node in values:
        if node.has_error or node.end_point[0] - node.start_point[0] + 1 < DATA_MIN_LINES:
            continue
        if def_spans.any_within(node.start_byte, node.end_byte) or function_spans.any_within(
            node.start_byte, node.end_byte
        ):
            continue
        target = literals.get((node.start_byte, node.end_byte), node)
        if target.child_count < 2:
            continue
        opener, closer = _opener(target), target.children[-1]
        a, b = opener.end_byte, closer.start_byte
        if b <= a:
            continue
        engine.style.data(engine, target, a, b, (target.start_byte, target.end_byte) in texts)


def _opener(target):
    """The token that opens a data literal's inside: the last token before its
    first named child (``[`` of ``[1, 2]``, ``(`` of PHP's ``array(1, 2)``)."""
    opener = target.children[0]
    for child in target.children:
        if child.is_named:
            break
        opener = child
    return opener


def _literals(values: list[Node], literals: list[Node]) -> dict[tuple[int, int], Node]:
    """The ``@data.literal`` inside each ``@data.value`` that has one (the literal
    behind ``as const`` or ``satisfies T``), by the value's span."""
    if not literals:
        return {}
    owners = Intervals((n.start_byte, n.end_byte) for n in values).innermost_of(n.start_byte for n in literals)
    return {owners[n.start_byte]: n for n in literals if n.start_byte in owners}


def _control(engine, statements: list, docstrings: set[int]) -> None:
    """Top-level control flow that defines and imports nothing: its blocks elided."""
    for stmt in statements:
        if stmt.has_error:
            continue
        found = captures(engine.language, "blocks", stmt, utf8=engine.utf8)
        if found.get("control.defines"):
            continue
        for block in found.get("control.block", []):
            engine.style.block(engine, block, "block", docstrings)
