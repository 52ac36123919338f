"""One file: parse, run the language's queries, turn captures into edits,
slice, verify.

What is elided and what is kept lives in ``queries/<language>/*.scm``; this
module turns captures into byte edits with legal placeholders, and checks the
result re-parses with no more errors than the input had.
"""

from __future__ import annotations

import os
import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Iterable, NamedTuple, Sequence

from ..errors import CodepithError, InputTooLarge, InvalidText, UnsupportedLanguage
from .languages import captures, detect_language, languages, parse, resolve_language, spec, wrapper_reach
from ._sliced import Sliced
from .slicer import slice_bytes

__all__ = ["compress", "Compressed", "Elision", "LEVELS", "count_errors"]

#: Compression levels, from least to most compressed.
LEVELS = ("full", "signatures", "outline")

#: Memory allowed for one file's parse: this many times its size, plus
#: :data:`MEMORY_BASE`. Parse trees take memory in proportion to the tokens of
#: a file: about 20x the size of ordinary code, and up to :data:`BYTES_PER_TOKEN`
#: per token on token-dense input (a one-line literal of small numbers).
MEMORY_PER_BYTE = 20
MEMORY_BASE = 256 << 20
BYTES_PER_TOKEN = 330
_TOKEN = re.compile(rb"[\w\x80-\xff]+|[^\s\w\x80-\xff]")

#: A data literal is "large" (elided at ``outline``) from this many lines on.
DATA_MIN_LINES = 6

# Placeholder syntax (the language's registry entry says which): indented
# bodies become ``...``; brace bodies get a comment inside braces.
_ELLIPSIS = "\u2026"

# The captures that the `signatures` level uses; `outline` uses them all.
_SIGNATURE_CAPTURES = frozenset(
    {"body.function", "body.static", "scope.module", "scope.descend", "keep.signature", "doc.string"}
)


class Elision(NamedTuple):
    """One elided (or shortened) range of the original input."""

    kind: str  # body | docstring | doc | comment | data | block
    start_byte: int
    end_byte: int
    start_line: int
    end_line: int
    out_start: int  # where the placeholder sits in the output
    out_end: int


@dataclass(frozen=True)
class Compressed:
    """The result of :func:`compress`."""

    data: bytes
    language: str
    level: str
    elisions: tuple[Elision, ...]
    parse_errors: int
    output_errors: int
    _sliced: Sliced  # the slicer's result: it holds the original bytes and the records

    @property
    def text(self) -> str:
        """The output as text (invalid UTF-8 in the input shows as U+FFFD)."""
        return self.data.decode("utf-8", "replace")

    @property
    def original_bytes(self) -> int:
        return len(self._sliced.source)

    @property
    def compressed_bytes(self) -> int:
        return len(self.data)

    @property
    def valid(self) -> bool:
        """True when the output holds no more error nodes than the input."""
        return self.output_errors <= self.parse_errors

    def expand(self) -> bytes:
        """The original input, byte for byte, rebuilt from the output and the elisions."""
        return self._sliced.expand()

    def __repr__(self) -> str:
        return (
            f"<Compressed {self.language} {self.level}: {self.original_bytes} -> "
            f"{self.compressed_bytes} bytes, {len(self.elisions)} elisions>"
        )


# --------------------------------------------------------------------------- helpers


def _error_nodes(node):
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
    return sum(1 for _ in _error_nodes(node))


def _line_start(src: bytes, pos: int) -> int:
    return src.rfind(b"\n", 0, pos) + 1


def _line_end(src: bytes, pos: int) -> int:
    """Offset of the newline ending the line that holds ``pos`` (or len)."""
    i = src.find(b"\n", pos)
    return len(src) if i < 0 else i


def _space_back(src: bytes, pos: int, blanks: bytes) -> int:
    """The offset where the run of ``blanks`` bytes ending at ``pos`` starts."""
    while pos > 0 and src[pos - 1] in blanks:
        pos -= 1
    return pos


def _blank(b: bytes) -> bool:
    return not b.strip(b" \t\r\f\v")


def _lines_ref(first_row: int, last_row: int) -> str:
    a, b = first_row + 1, last_row + 1
    return f"L{a}" if a == b else f"L{a}-{b}"


class _Edit(NamedTuple):
    start: int
    end: int
    replacement: bytes
    kind: str


class _Intervals:
    """Innermost enclosing interval lookups over properly nested ranges."""

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        self.spans = sorted(set(spans), key=lambda s: (s[0], -s[1]))
        self.starts = [s[0] for s in self.spans]

    def innermost_of(self, points: Iterable[int]) -> dict[int, tuple[int, int]]:
        """For each point inside some span, the innermost span holding it (one
        sweep; spans must nest, as syntax nodes do)."""
        found: dict[int, tuple[int, int]] = {}
        stack: list[tuple[int, int]] = []
        spans = self.spans
        i = 0
        for pos in sorted(points):
            while i < len(spans) and spans[i][0] <= pos:
                while stack and stack[-1][1] <= spans[i][0]:
                    stack.pop()
                stack.append(spans[i])
                i += 1
            while stack and stack[-1][1] <= pos:
                stack.pop()
            if stack:
                found[pos] = stack[-1]
        return found

    def any_within(self, start: int, end: int) -> bool:
        i = bisect_right(self.starts, start - 1)
        return i < len(self.starts) and self.starts[i] < end


# --------------------------------------------------------------------------- the engine


class _Compressor:
    def __init__(self, src: bytes, language: str, level: str, line_refs: bool) -> None:
        self.src = src
        self.language = language
        self.level = level
        self.line_refs = line_refs
        self.spec = spec(language)
        self.indent_style = self.spec.placeholder == "indent"
        self.tree = parse(language, src)
        self.root = self.tree.root_node
        self.edits: list[_Edit] = []
        self.wrappers: list = []
        try:
            src.decode("utf-8")
            self.utf8 = True  # tree-sitter's own text predicates are safe
        except UnicodeDecodeError:
            self.utf8 = False

    # -- placeholders

    def _body_placeholder(self, rows: tuple[int, int]) -> bytes:
        if self.indent_style:
            text = "..."
            if self.line_refs:
                text += f"  # {_lines_ref(*rows)}"
        else:
            ref = f" {_lines_ref(*rows)}" if self.line_refs else ""
            text = f"{{ /* {_ELLIPSIS}{ref} */ }}"
        return text.encode("utf-8")

    def _add(self, start: int, end: int, replacement: bytes, kind: str) -> None:
        # Only where it makes the output shorter: output never grows.
        if len(replacement) < end - start:
            self.edits.append(_Edit(start, end, replacement, kind))

    def _elide_block(self, node, kind: str, docstrings: set[int]) -> None:
        """Elide a body or block ``node`` with the language's placeholder."""
        src = self.src
        if not self.indent_style:
            rows = (node.start_point[0], node.end_point[0])
            start = node.start_byte
            replacement = self._body_placeholder(rows)
            line = start - node.start_point[1]  # columns are bytes
            if line > 0 and _space_back(src, start, b" \t") == line:
                # `=>` or `)` ends a line and the body starts on the next: pull the
                # placeholder up beside it -- read from the bytes, not from the
                # previous sibling (tree-sitter finds siblings by walking down from
                # the root: quadratic on deep nesting) -- unless that line ends in a
                # `//` comment, which would swallow it. Each scan is bounded by one
                # run of blanks or one line, so the work stays linear.
                end = _space_back(src, line, b" \t\r\n\f\v")
                if end > 0 and b"//" not in src[_line_start(src, end - 1) : end]:
                    start = end
                    replacement = b" " + replacement
            self._add(start, node.end_byte, replacement, kind)
            return
        # Python: keep a leading docstring; `...` takes the body's place.
        children = node.named_children
        first_stmt = next((c for c in children if c.type != "comment"), None)
        rest_of_line_busy = not _blank(src[node.end_byte : _line_end(src, node.end_byte)])
        if first_stmt is not None and first_stmt.start_byte in docstrings:
            # comments on the docstring's own last line stay with it
            rest = [
                c
                for c in children
                if c.start_byte >= first_stmt.end_byte
                and not (c.type == "comment" and c.start_point[0] == first_stmt.end_point[0])
            ]
            if not rest:
                return
            nxt = rest[0]
            rows = (nxt.start_point[0], node.end_point[0])
            placeholder = b"..." if (self.line_refs and rest_of_line_busy) else self._body_placeholder(rows)
            indent = src[_line_start(src, first_stmt.start_byte) : first_stmt.start_byte]
            if _blank(indent) and nxt.start_point[0] > first_stmt.end_point[0]:
                # the elision covers whole lines, starting at the next statement's line
                self._add(_line_start(src, nxt.start_byte), node.end_byte, indent + placeholder, kind)
            else:  # `def f(): "doc"; return 1`
                self._add(first_stmt.end_byte, node.end_byte, b"; " + placeholder, kind)
            return
        start = node.start_byte
        indent = b""
        # Comments between the `:` line and the first statement belong to the
        # body, though the grammar hangs them on the definition.
        prev = node.prev_named_sibling
        first_row = node.start_point[0]
        first_comment = None
        while prev is not None and prev.type == "comment":
            before = prev.prev_sibling
            if before is None or prev.start_point[0] <= before.end_point[0]:
                break  # a comment on the header line (`def f():  # note`) stays
            first_comment = prev
            first_row = prev.start_point[0]
            prev = prev.prev_named_sibling
        if first_comment is not None:
            body_indent = src[_line_start(src, node.start_byte) : node.start_byte]
            if _blank(body_indent):
                # the elision takes whole lines, from the first such comment's line
                start = _line_start(src, first_comment.start_byte)
                indent = body_indent
            else:
                start = first_comment.start_byte
        rows = (first_row, node.end_point[0])
        replacement = b"..." if (self.line_refs and rest_of_line_busy) else self._body_placeholder(rows)
        self._add(start, node.end_byte, indent + replacement, kind)

    # -- passes

    def run(self) -> None:
        outline = self.level == "outline"
        caps = captures(self.language, "compress", self.root, None if outline else _SIGNATURE_CAPTURES, utf8=self.utf8)
        bodies = caps.get("body.function", []) + caps.get("body.static", [])
        docstrings = {n.start_byte for n in caps.get("doc.string", [])}
        body_spans = _Intervals((b.start_byte, b.end_byte) for b in bodies)
        # Functions that may be descended into, with their bodies: module scopes
        # (descended into when they declare something directly, or hold a
        # definition) and wrapped functions reached from top-level code (when they
        # hold a definition or an import).
        modules = _with_bodies(caps.get("scope.module", []))
        reach = wrapper_reach(self.language)
        wrapped, parents = _reached(reach, self.root.children) if reach is not None else ([], [])
        self.wrappers = [w for w, _span in wrapped]

        # Definitions and imports: everywhere at `outline` (inert data and
        # control flow are judged by them); at `signatures` only inside the
        # functions that may be descended into.
        ranges = [None] if outline else _outermost(span for _w, span in modules + wrapped)
        defs = []
        for byte_range in ranges:
            tags = captures(self.language, "tags", self.root, utf8=self.utf8, byte_range=byte_range)
            for name, nodes in tags.items():
                if name.startswith("definition.") or name == "import":
                    defs.extend(nodes)
        self.defs = defs

        keep_bodies: set[tuple[int, int]] = {(n.start_byte, n.end_byte) for n in caps.get("scope.descend", [])}
        if modules or wrapped:
            # A module scope is descended into when it declares something directly
            # in its body or is the innermost function around a definition or
            # import; a wrapped function when it is that innermost function, or
            # holds a wrapped function that is descended into.
            def_owners = set(body_spans.innermost_of(d.start_byte for d in defs).values())
            decl_owners: set[tuple[int, int]] = set()
            for byte_range in _outermost(span for _w, span in modules):
                declared = captures(
                    self.language, "declarations", self.root, utf8=self.utf8, byte_range=byte_range
                ).get("declaration.scope", [])
                decl_owners.update((d.start_byte, d.end_byte) for d in declared)
            for _w, span in modules:
                if span in def_owners or span in decl_owners:
                    keep_bodies.add(span)
            # module scopes that were not reached from the top (`var lib = (() => {…})()`)
            # but are kept: functions wrapped by their statements are reached in turn
            walked = {span for _w, span in wrapped}
            for w, span in modules:
                if reach is not None and span in keep_bodies and span not in walked:
                    body = w.child_by_field_name("body")
                    if body.type not in reach.statements:
                        continue
                    more, more_parents = _reached(reach, body.children)
                    offset = len(wrapped)
                    wrapped.extend(more)
                    parents.extend(p + offset if p >= 0 else -1 for p in more_parents)
                    walked.update(s for _f, s in more)
            self.wrappers = [w for w, _span in wrapped]
            # parents come before their children: settle the children first
            for i in range(len(wrapped) - 1, -1, -1):
                span = wrapped[i][1]
                if span in def_owners:
                    keep_bodies.add(span)
                if span in keep_bodies and parents[i] >= 0:
                    keep_bodies.add(wrapped[parents[i]][1])

        # Bodies inside a signature (a default parameter value, a class heritage
        # clause, a decorator) are part of that signature: never elided.
        signatures = caps.get("keep.signature")
        if signatures:
            protected = _Intervals((n.start_byte, n.end_byte) for n in signatures)
            inside = protected.innermost_of(b.start_byte for b in bodies)
            keep_bodies.update((b.start_byte, b.end_byte) for b in bodies if b.start_byte in inside)

        for body in bodies:
            if body.has_error or (body.start_byte, body.end_byte) in keep_bodies:
                continue
            self._elide_block(body, "body", docstrings)

        if outline:
            self._outline(caps, docstrings)

    def _outline(self, caps, docstrings: set[int]) -> None:
        src = self.src
        directives = {n.start_byte for n in caps.get("directive", [])}
        def_spans = _Intervals((d.start_byte, d.end_byte) for d in self.defs)
        function_spans = _Intervals(
            [(n.start_byte, n.end_byte) for key in ("body.function", "body.static") for n in caps.get(key, [])]
            + [(n.start_byte, n.end_byte) for n in self.wrappers]
        )

        # Docstrings: first line only.
        for node in caps.get("doc.string", []):
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
            self._add(a, b, summary, "docstring")

        # Doc comments: first line only (directives among them stay whole);
        # other comments dropped.
        doc_comments = [g for g in self._doc_comments(caps) if g[0].start_byte not in directives]
        for group in doc_comments:
            self._shorten_doc(group, directives)
        in_docs = {c.start_byte for group in doc_comments for c in group}
        dropped_lines: list[tuple[int, int]] = []
        for node in caps.get("comment", []):
            if node.start_byte in directives or node.start_byte in in_docs:
                continue
            self._drop_comment(node, dropped_lines)
        self._drop_lines(dropped_lines)

        # Large inert data literals.
        for node in caps.get("data.value", []):
            if node.has_error or node.end_point[0] - node.start_point[0] + 1 < DATA_MIN_LINES:
                continue
            if def_spans.any_within(node.start_byte, node.end_byte) or function_spans.any_within(
                node.start_byte, node.end_byte
            ):
                continue
            self._elide_data(node)

        # Top-level control flow that defines and imports nothing.
        for stmt in caps.get("control.statement", []):
            if stmt.has_error:
                continue
            found = captures(self.language, "blocks", stmt, utf8=self.utf8)
            if found.get("control.defines"):
                continue
            for block in found.get("control.block", []):
                self._elide_block(block, "block", docstrings)

    def _doc_comments(self, caps) -> list[list]:
        """Groups of doc comments: each group documents the node right below it."""
        nodes = caps.get("doc.comment", [])
        if not nodes:
            return []
        if self.spec.doc_grouping == "form":  # `/** … */` comments are docs by their form
            return [[n] for n in nodes]
        # "adjacent-run": a run of comments on consecutive lines directly above a declaration.
        groups = []
        by_start = sorted(nodes, key=lambda n: n.start_byte)
        current = []
        for node in by_start:
            if current and node.start_point[0] == current[-1].end_point[0] + 1 and (
                current[-1].next_named_sibling is not None
                and current[-1].next_named_sibling.start_byte == node.start_byte
            ):
                current.append(node)
                continue
            if current:
                groups.append(current)
            current = [node]
        if current:
            groups.append(current)
        docs = []
        for group in groups:
            last = group[-1]
            nxt = last.next_named_sibling
            if nxt is None or nxt.type == "comment":
                continue
            if nxt.start_point[0] == last.end_point[0] + 1 and _blank(
                self.src[_line_start(self.src, last.start_byte) : last.start_byte]
            ):
                docs.append(group)
        return docs

    def _shorten_doc(self, group: list, directives: set[int]) -> None:
        src = self.src
        first = group[0]
        text = src[first.start_byte : first.end_byte]
        if text.startswith(b"/*"):
            if len(group) > 1 or b"\n" not in text:
                return
            body = text[3:-2] if text.startswith(b"/**") else text[2:-2]
            summary = _summary(body, strip_stars=True)
            if summary is None:
                return
            opener = b"/** " if text.startswith(b"/**") else b"/* "
            self._add(first.start_byte, first.end_byte, opener + summary + b" */", "doc")
            return
        # A run of line comments: keep the first, and any directive among the rest
        # (`//go:embed` under a doc comment); drop the others, line by line.
        prev_end = first.end_byte
        run_start = None
        for node in group[1:]:
            if node.start_byte in directives:
                if run_start is not None:
                    self._add(run_start, prev_end, b"", "doc")
                    run_start = None
            elif run_start is None:
                run_start = prev_end
            prev_end = node.end_byte
        if run_start is not None:
            self._add(run_start, prev_end, b"", "doc")

    def _drop_comment(self, node, dropped_lines: list[tuple[int, int]]) -> None:
        src = self.src
        begin = _line_start(src, node.start_byte)
        end_nl = _line_end(src, node.end_byte)
        before = src[begin : node.start_byte]
        after = src[node.end_byte : end_nl]
        if not _blank(after):
            return  # code follows on the same line: leave it
        if _blank(before):  # the comment owns its lines: dropped whole, below
            dropped_lines.append((begin, min(end_nl + 1, len(src))))
            return
        stripped = before.rstrip(b" \t")
        self._add(begin + len(stripped), node.end_byte, b"", "comment")

    def _drop_lines(self, spans: list[tuple[int, int]]) -> None:
        """Drop whole comment lines; a run of them between two blank lines takes
        one of the blank lines along, so no double gap is left behind."""
        src = self.src
        spans.sort()
        i = 0
        while i < len(spans):
            start, end = spans[i]
            while i + 1 < len(spans) and spans[i + 1][0] <= end:
                end = max(end, spans[i + 1][1])
                i += 1
            i += 1
            prev_begin = _line_start(src, start - 1) if start > 0 else 0
            blank_before = start == 0 or _blank(src[prev_begin : start - 1])
            next_end = _line_end(src, end)
            if blank_before and end < len(src) and _blank(src[end:next_end]):
                end = min(next_end + 1, len(src))
            self._add(start, end, b"", "comment")

    def _elide_data(self, node) -> None:
        target = node
        # literals behind `as const`, `satisfies T`, parentheses: the literal itself
        while target.type in ("as_expression", "satisfies_expression", "parenthesized_expression"):
            if not target.named_children:
                return
            target = target.named_children[0]
        if target.child_count < 2:
            return
        opener, closer = target.children[0], target.children[-1]
        a, b = opener.end_byte, closer.start_byte
        if b <= a:
            return
        rows = (target.start_point[0], target.end_point[0])
        if self.indent_style:
            inner = b"..."
            if self.line_refs and _blank(self.src[target.end_byte : _line_end(self.src, target.end_byte)]):
                whole = (
                    self.src[target.start_byte : a]
                    + b"..."
                    + self.src[b : target.end_byte]
                    + f"  # {_lines_ref(*rows)}".encode()
                )
                self._add(target.start_byte, target.end_byte, whole, "data")
                return
        else:
            ref = f" {_lines_ref(*rows)}" if self.line_refs else ""
            inner = f"/* {_ELLIPSIS}{ref} */".encode("utf-8")
            if target.type in ("string", "template_string", "raw_string_literal"):
                inner = f"{_ELLIPSIS}{ref}".encode("utf-8")
        self._add(a, b, inner, "data")


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


def _with_bodies(functions) -> list[tuple[object, tuple[int, int]]]:
    """(function, its body's span) for the functions that have a body."""
    out = []
    for f in functions:
        body = f.child_by_field_name("body")
        if body is not None:
            out.append((f, (body.start_byte, body.end_byte)))
    return out


def _reached(reach, statements) -> tuple[list, list[int]]:
    """The functions wrapped by ``statements`` (handed to a call, invoked,
    parenthesised, …, as ``reach`` says), and those wrapped in turn by the
    statements of their bodies: ((function, body span) list, index of the
    wrapping function or -1 for each).

    A function's body is searched only when it is a block of statements; only
    children are read, never parents or siblings (which tree-sitter finds by
    walking down from the root), so the cost is the size of what is followed.
    """
    found: list = []
    parents: list[int] = []
    through = reach.through
    follow = reach.statements | through
    stack = [(node, False, -1) for node in reversed(statements)]
    while stack:
        node, wrapped, owner = stack.pop()
        kind = node.type
        if kind in reach.functions:
            if not wrapped:  # a function value of a declaration or a statement
                continue
            body = node.child_by_field_name("body")
            if body is None:
                continue
            index = len(found)
            found.append((node, (body.start_byte, body.end_byte)))
            parents.append(owner)
            if body.type in reach.statements:
                stack.extend((child, False, index) for child in reversed(body.children))
        elif kind in follow:
            inside = kind in through
            stack.extend((child, inside, owner) for child in reversed(node.children))
    return found, parents


def _outermost(spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans not nested in another (syntax nodes nest or are disjoint)."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans, key=lambda s: (s[0], -s[1])):
        if out and start < out[-1][1]:
            continue
        out.append((start, end))
    return out


_PRIORITY = {"body": 5, "block": 4, "data": 3, "docstring": 2, "doc": 2, "comment": 1}


def _resolve(edits: list[_Edit]) -> list[_Edit]:
    """Make the edits disjoint: nested ones go, partial overlaps are settled by kind.

    Queries may propose overlapping ranges (a comment inside an elided body, a
    comment line beside a block). The outermost edit wins over the ones nested
    in it; of two edits that overlap without nesting, the more important kind
    (a body over a comment) is kept. Nothing fails for the whole file.
    """
    edits = sorted(edits, key=lambda e: (e.start, -e.end))
    if all(a.end <= b.start for a, b in zip(edits, edits[1:])):
        return edits  # the usual case: already disjoint
    # Greedy by importance, outermost first. An edit nested in a kept one goes;
    # one that contains kept ones replaces them (the outermost wins); one that
    # overlaps a kept one without nesting goes.
    ranked = sorted(edits, key=lambda e: (-_PRIORITY[e.kind], e.start - e.end, e.start))
    starts: list[int] = []
    kept: list[_Edit] = []
    for e in ranked:
        lo = bisect_right(starts, e.start)
        if lo > 0 and kept[lo - 1].end > e.start:
            lo -= 1
        hi = lo
        while hi < len(kept) and (kept[hi].start < e.end or (kept[hi].start == e.start == e.end)):
            hi += 1
        overlapping = kept[lo:hi]
        if any(k.start <= e.start and e.end <= k.end for k in overlapping):
            continue  # nested in a kept edit
        if any(not (e.start <= k.start and k.end <= e.end) for k in overlapping):
            continue  # a partial overlap with a more important edit
        del kept[lo:hi]
        del starts[lo:hi]
        kept.insert(lo, e)
        starts.insert(lo, e.start)
    return kept


def _resolve_language(language: str | None, path: str | os.PathLike | None) -> str:
    if language is not None:
        return resolve_language(language)
    if path is not None:
        lang = detect_language(path)
        if lang is None:
            raise UnsupportedLanguage(
                f"cannot compress {os.fspath(path)!r}: its extension is not one codepith "
                f"supports ({', '.join(languages())}); pass language=… (--language on the command line)"
            )
        return lang
    raise CodepithError("compress() needs language=… or path=… to know how to parse the source")


def compress(
    source: str | bytes,
    *,
    language: str | None = None,
    path: str | os.PathLike | None = None,
    level: str = "signatures",
    line_refs: bool = False,
    verify: bool | None = None,
) -> Compressed:
    """Compress ``source`` to ``level``.

    ``language`` wins over ``path`` (whose extension picks the language). At
    ``signatures`` every function body is elided; at ``outline`` docs are cut
    to their first line, comments dropped, large data and inert top-level
    control flow elided too; ``full`` changes nothing. With ``line_refs`` each
    placeholder names the original lines it stands for.

    The output is re-parsed (``verify``) and an elision that would leave more
    error nodes than the input had is undone. By default (``verify=None``) that
    happens whenever it can matter: when the input has errors, or when an edit
    is anything but a function body replaced by its placeholder (a subtree
    swapped for one of the same kind, which the test suite and the corpus
    benchmark check independently). ``True`` always re-parses; ``False`` never.
    """
    if level not in LEVELS:
        raise CodepithError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    lang = _resolve_language(language, path)
    if isinstance(source, str):
        try:
            src = source.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError as exc:
            raise InvalidText(
                f"source holds a lone surrogate (U+{ord(source[exc.start]):04X}) at character {exc.start} "
                "that UTF-8 cannot encode; pass the file's bytes instead (open(path, 'rb')), or text "
                "decoded with errors='surrogateescape'"
            ) from None
    elif isinstance(source, (bytes, bytearray, memoryview)):
        src = bytes(source)
    else:
        raise TypeError(f"compress() takes str or bytes, got {type(source).__name__}")

    _check_parse_memory(src)
    engine = _Compressor(src, lang, level, line_refs)
    errors_in = count_errors(engine.root)
    if level != "full":
        engine.run()
    edits = _resolve(engine.edits)
    sliced = slice_bytes(src, [(e.start, e.end, e.replacement) for e in edits])
    errors_out = errors_in
    if verify is None:
        verify = errors_in > 0 or any(e.kind != "body" for e in edits)
    if edits and verify:
        for _ in range(8):
            errors_out = count_errors(parse(lang, sliced.data).root_node)
            if errors_out <= errors_in or not edits:
                break
            edits = _drop_culprits(edits, sliced, lang)
            sliced = slice_bytes(src, [(e.start, e.end, e.replacement) for e in edits])
        else:
            errors_out = count_errors(parse(lang, sliced.data).root_node)
        if errors_out > errors_in:  # give up: the input, unchanged, is valid as it is
            edits = []
            sliced = slice_bytes(src, [])
            errors_out = errors_in
    kinds = {(e.start, e.end): e.kind for e in edits}
    elisions = tuple(
        Elision(kinds[(r.start_byte, r.end_byte)], r.start_byte, r.end_byte, r.start_line, r.end_line, r.out_start, r.out_end)
        for r in sliced.records
    )
    return Compressed(sliced.data, lang, level, elisions, errors_in, errors_out, sliced)


def _check_parse_memory(src: bytes) -> None:
    """Raise :class:`InputTooLarge` when parsing ``src`` could take more than
    ``MEMORY_PER_BYTE`` times its size plus ``MEMORY_BASE`` (tokens are counted
    only for inputs large enough for that to be possible)."""
    limit = MEMORY_PER_BYTE * len(src) + MEMORY_BASE
    if BYTES_PER_TOKEN * len(src) <= limit:
        return
    tokens = _TOKEN.subn(b"", src)[1]
    need = BYTES_PER_TOKEN * tokens
    if need > limit:
        raise InputTooLarge(
            f"{len(src)} bytes holding about {tokens} tokens would take about {need >> 20} MB to parse, over "
            f"the limit of {MEMORY_PER_BYTE}x the input + {MEMORY_BASE >> 20} MB ({limit >> 20} MB); "
            "split the file or leave it out (bulk runs skip files over --max-file-bytes)"
        )


def _drop_culprits(edits: Sequence[_Edit], sliced, language: str) -> list[_Edit]:
    """Drop the edits nearest to each error in the output."""
    spans = list(_error_nodes(parse(language, sliced.data).root_node))
    records = sliced.records
    out_starts = [r.out_start for r in records]
    bad = set()
    for start, end in spans:
        i = bisect_right(out_starts, end) - 1
        # the edit at or before the error, and the one after it when the error
        # touches it
        if i >= 0:
            bad.add((records[i].start_byte, records[i].end_byte))
        if i + 1 < len(records) and records[i + 1].out_start <= end + 1:
            bad.add((records[i + 1].start_byte, records[i + 1].end_byte))
    if not bad:
        return []
    return [e for e in edits if (e.start, e.end) not in bad]
