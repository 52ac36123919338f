"""How an elided body, block or data literal is written, in the two placeholder
styles of the language registry (:data:`codepith.core.registry.PLACEHOLDERS`):

- ``indent``: the body becomes ``...`` at its own indentation, after the
  docstring where one is kept (``...  # L3-9`` with line references);
- ``braces``: the body becomes ``{ /* … */ }``, a comment inside braces
  (``{ /* … L3-9 */ }``), never a bare ``…``; a run of members elided inside a
  block that stays (``@body.block``: CSS declarations beside a nested rule)
  becomes the comment alone, ``/* … */``;
- ``comment-line``: the body becomes a line comment ``# ...`` at its own
  indentation (``# ... L3-9``), for languages whose bodies close with a
  keyword that stays (Ruby's ``end``). Neither line style has a form for a
  run of members: it is refused;
- ``null-command``: the body becomes the null command ``:`` inside the
  body's own brackets, ``{ : ...; }`` or ``( : ...; )`` (``{ : ... L3-9; }``),
  for languages where a body must hold a command and a comment would run to
  the line's end (shell functions). It has no form for a run of members or a
  data literal: they are refused;
- ``markup``: a run of elements becomes a markup comment, ``<!-- … -->``
  (``<!-- … L3-9 -->``), for a template's inside between its tags, which stay.
  It has no form for a data literal: it is refused.

:func:`style` picks one from a language's spec; the comment markers come from
the spec too. The engine (:class:`codepith.core.engine.Compressor`)
hands each style the node to elide and takes the edits back through its
``add``; nothing here tests a language's name.
"""

from __future__ import annotations

from functools import cache

from ..errors import CodepithError
from .edits import blank, line_end, line_start, lines_ref, space_back
from .languages import captures
from .registry import LanguageSpec

__all__ = ["style", "IndentStyle", "BraceStyle", "CommentLineStyle", "NullCommandStyle", "MarkupStyle"]

_ELLIPSIS = "\u2026"
_BLANKS = b" \t\r\n\f\v"


class IndentStyle:
    """``...`` where the body was, at its indentation (``placeholder="indent"``)."""

    def __init__(self, spec: LanguageSpec) -> None:
        self.comment = spec.line_comment

    def body(self, rows: tuple[int, int], line_refs: bool) -> bytes:
        text = "..."
        if line_refs:
            text += f"  {self.comment} {lines_ref(*rows)}"
        return text.encode("utf-8")

    def run(self, engine, first, last, kind: str) -> None:
        """A run of members (``@body.block``) has no form here: refused."""
        raise CodepithError(f"the {engine.spec.placeholder} placeholder has no form for a run of members (@body.block)")

    def _placeholder(self, engine, rows: tuple[int, int], busy: bool) -> bytes:
        # a line reference would comment out what follows the body on its last line
        return b"..." if (engine.line_refs and busy) else self.body(rows, engine.line_refs)

    def block(
        self, engine, node, kind: str, docstrings: set[int], pull_up: bool = True, end: int | None = None
    ) -> None:
        """Elide the body ``node``; a leading docstring stays (``pull_up`` is the
        brace style's: an indented body stays where it is; ``end`` is for
        expression bodies, which indented languages do not have: it must be None)."""
        if end is not None:
            raise CodepithError("the indent placeholder has no form for an expression body (@body.expression)")
        src = engine.src
        comments = engine.comment_kinds
        # named children one by one: a long body would make a node object of each
        count = node.named_child_count
        i = 0
        while i < count and node.named_child(i).type in comments:
            i += 1
        busy = not blank(src[node.end_byte : line_end(src, node.end_byte)])
        if i < count and node.named_child(i).start_byte in docstrings:
            self._after_docstring(engine, node, i, busy, kind)
        else:
            self._whole_body(engine, node, busy, kind)

    def _after_docstring(self, engine, node, i: int, busy: bool, kind: str) -> None:
        """Elide what follows the docstring, named child ``i`` of the body ``node``."""
        src = engine.src
        comments = engine.comment_kinds
        doc = node.named_child(i)
        # comments on the docstring's own last line stay with it
        count = node.named_child_count
        i += 1
        while i < count:
            nxt = node.named_child(i)
            if not (nxt.type in comments and nxt.start_point[0] == doc.end_point[0]):
                break
            i += 1
        else:
            return
        placeholder = self._placeholder(engine, (nxt.start_point[0], node.end_point[0]), busy)
        indent = _logical_indent(src, doc.start_byte)
        if indent is not None and nxt.start_point[0] > doc.end_point[0]:
            # the elision covers whole lines, starting at the next statement's line
            engine.add(line_start(src, nxt.start_byte), node.end_byte, indent + placeholder, kind)
        else:  # `def f(): "doc"; return 1`
            engine.add(doc.end_byte, node.end_byte, b"; " + placeholder, kind)

    def _whole_body(self, engine, node, busy: bool, kind: str) -> None:
        """Elide the body ``node`` with the comments that lead it."""
        start, indent, first_row = self._comment_lead(engine, node) or (node.start_byte, b"", node.start_point[0])
        placeholder = self._placeholder(engine, (first_row, node.end_point[0]), busy)
        engine.add(start, node.end_byte, indent + placeholder, kind)

    def _comment_lead(self, engine, node) -> tuple[int, bytes, int] | None:
        """(where the elision of the body ``node`` starts, the indentation it
        writes first, the first row it stands for) when comments lead the body:
        whole lines from the first one's, at the body's indentation, when the
        body starts its line; else from that comment. None without one."""
        lead = self._leading_comment(engine, node)
        if lead is None:
            return None
        src = engine.src
        body_indent = src[line_start(src, node.start_byte) : node.start_byte]
        if blank(body_indent):
            return line_start(src, lead.start_byte), body_indent, lead.start_point[0]
        return lead.start_byte, b"", lead.start_point[0]

    @staticmethod
    def _leading_comment(engine, node):
        """The first of the comments between the header line and the body
        ``node``: they belong to the body, though the grammar hangs them on the
        definition. A comment on the header line (``def f():  # note``) stays."""
        comments = engine.comment_kinds
        first = None
        prev = node.prev_named_sibling
        while prev is not None and prev.type in comments:
            before = prev.prev_sibling
            if before is None or prev.start_point[0] <= before.end_point[0]:
                break
            first = prev
            prev = prev.prev_named_sibling
        return first

    def data(self, engine, target, a: int, b: int, text: bool) -> None:
        """Elide ``a:b``, the inside of the data literal ``target``."""
        src = engine.src
        if engine.line_refs and blank(src[target.end_byte : line_end(src, target.end_byte)]):
            ref = lines_ref(target.start_point[0], target.end_point[0])
            whole = src[target.start_byte : a] + b"..." + src[b : target.end_byte] + f"  {self.comment} {ref}".encode()
            engine.add(target.start_byte, target.end_byte, whole, "data")
            return
        engine.add(a, b, b"...", "data")


def _logical_indent(src: bytes, pos: int) -> bytes | None:
    """The indentation of the logical line that ``pos`` begins (lines joined by
    a backslash at their end are one, indented as the first), or None when
    code comes before ``pos`` on it."""
    start = line_start(src, pos)
    while (start >= 2 and src[start - 2 : start] == b"\\\n") or (start >= 3 and src[start - 3 : start] == b"\\\r\n"):
        start = line_start(src, start - 2)
    head = src[start:pos]
    if not blank(head.replace(b"\\\r\n", b"").replace(b"\\\n", b"")):
        return None
    return head[: len(head) - len(head.lstrip(b" \t"))]


class CommentLineStyle(IndentStyle):
    """``# ...`` where the body was, at its indentation
    (``placeholder="comment-line"``): the keyword closing the body stays."""

    _HEREDOCS = frozenset({"heredoc.open", "heredoc.text"})

    def __init__(self, spec: LanguageSpec) -> None:
        super().__init__(spec)
        self.mark = f"{spec.line_comment} ...".encode()

    def body(self, rows: tuple[int, int], line_refs: bool) -> bytes:
        return self.mark + (f" {lines_ref(*rows)}".encode() if line_refs else b"")

    def block(
        self, engine, node, kind: str, docstrings: set[int], pull_up: bool = True, end: int | None = None
    ) -> None:
        """Elide the body ``node`` from its first statement on, with the
        comments that lead it (a body that starts on its header's line, like
        ``then`` after ``if x``, keeps the line break); what closes it on its
        last line (``def f; 1; end``) goes to a line of its own, at that line's
        indentation, with the text of the heredocs the body opens there."""
        if end is not None:
            return super().block(engine, node, kind, docstrings, pull_up, end)  # refused there
        src = engine.src
        start, prefix, first_row = self._start(engine, node)
        stop = node.end_byte
        while stop > start and src[stop - 1] in b" \t\r\n":
            stop -= 1  # a body may end with its last line break: that stays
        rest = stop
        while src[rest : rest + 1] in (b" ", b"\t"):
            rest += 1
        if src[rest : rest + 1] == b"\\" and blank(src[rest + 1 : line_end(src, rest)]):
            stop = rest = rest + 1  # a line splice after the last statement goes with it
        last_row = node.end_point[0]
        if blank(src[rest : line_end(src, rest)]):
            engine.add(start, stop, prefix + self.body((first_row, last_row), engine.line_refs), kind)
            return
        line = line_start(src, stop)
        indent = src[line : line + len(src[line:stop]) - len(src[line:stop].lstrip(b" \t"))]
        texts = self._heredoc_texts(engine, node, rest)
        if texts is None:
            return  # heredocs opened there whose text cannot be found: the body stays
        tail, stop_at = b"", rest
        if texts:
            tail, stop_at, last_row = src[rest : texts[0].start_byte], texts[-1].end_byte, texts[-1].end_point[0]
        eol = line_end(src, rest)
        newline = b"\r\n" if src[eol - 1 : eol] == b"\r" else b"\n"
        text = prefix + self.body((first_row, last_row), engine.line_refs) + newline + indent + tail
        engine.add(start, stop_at, text, kind)

    def _start(self, engine, node) -> tuple[int, bytes, int]:
        """(where the elision of the body ``node`` starts, the indentation it
        writes first, the first row it stands for): from the comments that lead
        the body (:meth:`_comment_lead`), else from its first statement."""
        led = self._comment_lead(engine, node)
        if led is not None:
            return led
        src = engine.src
        start = node.start_byte
        while start < node.end_byte and src[start] in b" \t\r\n":
            start += 1
        first = node.named_child(0)
        return start, b"", node.start_point[0] if first is None else first.start_point[0]

    def _heredoc_texts(self, engine, node, rest: int) -> list | None:
        """The texts (``@heredoc.text``) of the heredocs that the body ``node``
        opens (``@heredoc.open``) on its last line, after ``rest``: they follow
        that line, one after the other. None when they are not found there.
        Each is looked up in a range of one line or one byte: linear work."""
        row = node.end_point[0]
        lang, src = engine.language, engine.src
        opens = captures(lang, "compress", node, self._HEREDOCS, utf8=engine.utf8).get("heredoc.open", [])
        count = sum(1 for n in opens if n.start_point[0] == row)
        texts: list = []
        lo, hi = rest, line_end(src, rest) + 1
        while len(texts) < count:
            found = captures(lang, "compress", engine.root, self._HEREDOCS, utf8=engine.utf8, byte_range=(lo, hi)).get(
                "heredoc.text", []
            )
            nxt = [n for n in found if n.start_byte >= lo and (texts or n.start_point[0] == row)]
            if not nxt:
                return None
            text = min(nxt, key=lambda n: n.start_byte)
            if texts and text.start_byte != texts[-1].end_byte:
                return None
            texts.append(text)
            lo, hi = text.end_byte, text.end_byte + 1
        return texts


class BraceStyle:
    """``{ /* … */ }`` where the body was (``placeholder="braces"``)."""

    def __init__(self, spec: LanguageSpec) -> None:
        if spec.block_comment is None:
            raise CodepithError(
                f"{spec.name}: the braces placeholder needs block comment markers in its registry entry"
            )
        self.open, self.close = spec.block_comment

    def _inner(self, rows: tuple[int, int], line_refs: bool) -> str:
        ref = f" {lines_ref(*rows)}" if line_refs else ""
        return f"{self.open} {_ELLIPSIS}{ref} {self.close}"

    def body(self, rows: tuple[int, int], line_refs: bool) -> bytes:
        return f"{{ {self._inner(rows, line_refs)} }}".encode()

    def block(
        self, engine, node, kind: str, docstrings: set[int], pull_up: bool = True, end: int | None = None
    ) -> None:
        """Replace the body ``node``, braces and all (through ``end``, when given:
        an expression body ``=> expr`` and the ``;`` after it become a block);
        without ``pull_up`` a body that starts its line stays there (it has no
        header to join)."""
        src = engine.src
        start = node.start_byte
        if end is None:
            # a body node may run past its last token over the blank lines after it (an
            # indented block ends where the next line's indentation does): the blanks stay
            stop = max(space_back(src, node.end_byte, _BLANKS), start + 1)
            last_row = node.start_point[0] + src.count(b"\n", start, stop - 1)
        else:
            # (through ``end``, the rows run to the terminator's: it may close lines below the node)
            stop = end
            last_row = node.end_point[0] + src.count(b"\n", node.end_byte, stop - 1)
        if src[start] != 0x7B and engine.gaps.directive_in(start, stop):
            return  # `=> x`, not a `{ … }` block, with a preprocessor line inside: it stays
        if not engine.gaps.balanced(start, stop):
            return  # a `#region` or `#if` that crosses the body's braces: the body stays
        replacement = self.body((node.start_point[0], last_row), engine.line_refs)
        line = start - node.start_point[1]  # columns are bytes
        if pull_up and line > 0 and space_back(src, start, b" \t") == line:
            # `=>` or `)` ends a line and the body starts on the next: pull the
            # placeholder up beside it, over blanks only -- found from the bytes,
            # not from the previous sibling (tree-sitter finds siblings by
            # walking down from the root: quadratic on deep nesting).
            last = space_back(src, line, b" \t\r\n\f\v") - 1
            if last >= 0 and self._joinable(engine, last):
                start = last + 1
                replacement = b" " + replacement
        engine.add(start, stop, replacement, kind)

    def run(self, engine, first, last, kind: str) -> None:
        """Replace the members ``first`` to ``last`` of a block that stays (the
        declarations beside a nested rule) with ``/* … */``: a comment, legal
        wherever a member is."""
        start, stop = first.start_byte, last.end_byte
        if not engine.gaps.balanced(start, stop):
            return
        inner = self._inner((first.start_point[0], last.end_point[0]), engine.line_refs)
        engine.add(start, stop, inner.encode("utf-8"), kind)

    @staticmethod
    def _joinable(engine, last: int) -> bool:
        """Whether a placeholder may follow byte ``last``, the end of the line
        before the body: not when that byte is in a comment (of any syntax, or
        continued by a line splice), on a preprocessor line, or is a line
        splice ``\\`` itself (no node of the tree: it is read from the byte)."""
        return engine.src[last] != 0x5C and not engine.gaps.in_comment_or_directive(last)

    def data(self, engine, target, a: int, b: int, text: bool) -> None:
        """Elide ``a:b``, the inside of the data literal ``target``; inside a
        string (``text``) the placeholder is a bare ``…``, not a comment."""
        rows = (target.start_point[0], target.end_point[0])
        if text:
            ref = f" {lines_ref(*rows)}" if engine.line_refs else ""
            inner = f"{_ELLIPSIS}{ref}"
        else:
            inner = self._inner(rows, engine.line_refs)
        engine.add(a, b, inner.encode("utf-8"), "data")


class NullCommandStyle:
    """``{ : ...; }`` where the body was (``placeholder="null-command"``): the
    null command inside the body's own brackets, ``{ }`` or ``( )``."""

    _CLOSERS = {0x7B: 0x7D, 0x28: 0x29}

    def __init__(self, spec: LanguageSpec) -> None:
        self.spec = spec

    def body(self, rows: tuple[int, int], line_refs: bool, opener: int = 0x7B) -> bytes:
        ref = f" {lines_ref(*rows)}" if line_refs else ""
        return bytes((opener,)) + f" : ...{ref}; ".encode() + bytes((self._CLOSERS[opener],))

    def block(
        self, engine, node, kind: str, docstrings: set[int], pull_up: bool = True, end: int | None = None
    ) -> None:
        """Replace the body ``node``, brackets and all; a body that is not one
        bracketed group (``end`` given, or another first or last byte) stays."""
        src = engine.src
        start, stop = node.start_byte, node.end_byte
        opener = src[start] if stop > start else -1
        if end is not None or opener not in self._CLOSERS or src[stop - 1] != self._CLOSERS[opener]:
            return
        engine.add(start, stop, self.body((node.start_point[0], node.end_point[0]), engine.line_refs, opener), kind)

    def run(self, engine, first, last, kind: str) -> None:
        """A run of members (``@body.block``) has no form here: refused."""
        raise CodepithError(f"the {engine.spec.placeholder} placeholder has no form for a run of members (@body.block)")

    def data(self, engine, target, a: int, b: int, text: bool) -> None:
        """A data literal (``@data.value``) has no form here: refused."""
        raise CodepithError(f"the {engine.spec.placeholder} placeholder has no form for a data literal (@data.value)")


class MarkupStyle:
    """``<!-- … -->`` in place of a run of elements (``placeholder="markup"``):
    a markup comment, legal wherever an element is."""

    def __init__(self, spec: LanguageSpec) -> None:
        if spec.block_comment is None:
            raise CodepithError(f"{spec.name}: the markup placeholder needs comment markers in its registry entry")
        self.open, self.close = spec.block_comment

    def body(self, rows: tuple[int, int], line_refs: bool) -> bytes:
        ref = f" {lines_ref(*rows)}" if line_refs else ""
        return f"{self.open} {_ELLIPSIS}{ref} {self.close}".encode()

    def block(
        self, engine, node, kind: str, docstrings: set[int], pull_up: bool = True, end: int | None = None
    ) -> None:
        """Replace everything ``node`` holds, its first named child to its last
        (a document's markup; a template's tags are members that stay, and
        reach :meth:`run` instead)."""
        count = node.named_child_count
        if end is None and count:
            self.run(engine, node.named_child(0), node.named_child(count - 1), kind)

    def run(self, engine, first, last, kind: str) -> None:
        """Replace the elements ``first`` to ``last`` with ``<!-- … -->``."""
        rows = (first.start_point[0], last.end_point[0])
        engine.add(first.start_byte, last.end_byte, self.body(rows, engine.line_refs), kind)

    def data(self, engine, target, a: int, b: int, text: bool) -> None:
        """A data literal (``@data.value``) has no form here: refused."""
        raise CodepithError(f"the {engine.spec.placeholder} placeholder has no form for a data literal (@data.value)")


_Style = IndentStyle | BraceStyle | CommentLineStyle | NullCommandStyle | MarkupStyle
_STYLES: dict[str, type[_Style]] = {
    "indent": IndentStyle,
    "braces": BraceStyle,
    "comment-line": CommentLineStyle,
    "null-command": NullCommandStyle,
    "markup": MarkupStyle,
}


@cache
def style(spec: LanguageSpec) -> _Style:
    """The placeholder style the registry entry ``spec`` names."""
    return _STYLES[spec.placeholder](spec)
