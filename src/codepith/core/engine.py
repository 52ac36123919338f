"""The engine of one file in one language: parse, turn the language's query
captures into edits, slice, verify.

Everything codepith knows about a language is in two places: what is elided
and what is kept in ``queries/<language>/*.scm``, and the rest (placeholder
style, comment markers, doc-comment grouping, how wrapped functions are
reached) in its registry entry (:mod:`codepith.core.registry`). This module
runs the passes; they live beside it: :mod:`~codepith.core.reach` (bodies
descended into), :mod:`~codepith.core.elide` (the placeholder styles),
:mod:`~codepith.core.outline` (the ``outline`` level),
:mod:`~codepith.core.gaps` (comments and directives around bodies), and
:mod:`~codepith.core.edits` (edits and their resolution). Every output is
parsed again: it holds no more errors than the input had.
:mod:`~codepith.core.compress` is the public face over it (one file, or a
file with regions of other languages).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from ._sliced import Sliced
from .edits import Edit, Intervals, outermost, resolve
from .elide import style
from .gaps import GAP_CAPTURES, Gaps
from .languages import captures, comment_kinds, parse, spec, wrapper_reach
from .outline import outline
from .reach import Scopes
from .slicer import slice_bytes
from .validity import count_errors, error_spans

__all__ = ["Compressor", "one_language", "slice_edits"]

# The captures that the `signatures` level uses; `outline` uses them all.
_SIGNATURE_CAPTURES = (
    frozenset(
        {
            "body.function",
            "body.static",
            "body.initializer",
            "body.expression",
            "body.terminator",
            "body.block",
            "keep.member",
            "scope.module",
            "scope.descend",
            "keep.signature",
            "doc.string",
        }
    )
    | GAP_CAPTURES
)


class Compressor:
    """One file's parse and the edits proposed for it. The passes read its
    ``src``, ``spec``, ``style``, ``comment_kinds``, ``line_refs``, ``defs`` and
    ``wrappers`` and propose edits through :meth:`add`."""

    def __init__(self, src: bytes, language: str, level: str, line_refs: bool) -> None:
        self.src = src
        self.language = language
        self.level = level
        self.line_refs = line_refs
        self.spec = spec(language)
        self.style = style(self.spec)
        self.comment_kinds = comment_kinds(language)
        # (one parse: the few node texts the query's predicates read come through the parse's reader)
        self.tree = parse(language, src, text=False)
        self.root = self.tree.root_node
        self.edits: list[Edit] = []
        self.defs: list = []
        self.wrappers: list = []
        self.gaps = Gaps(src, {})
        try:
            src.decode("utf-8")
            self.utf8 = True  # tree-sitter's own text predicates are safe
        except UnicodeDecodeError:
            self.utf8 = False

    def add(self, start: int, end: int, replacement: bytes, kind: str) -> None:
        """Propose replacing ``start:end`` -- only where it makes the output
        shorter: output never grows."""
        if len(replacement) < end - start:
            self.edits.append(Edit(start, end, replacement, kind))

    def run(self) -> None:
        """Propose the level's edits: function bodies, then the outline pass."""
        outline_level = self.level == "outline"
        only = None if outline_level else _SIGNATURE_CAPTURES
        caps = captures(self.language, "compress", self.root, only, utf8=self.utf8)
        self.gaps = Gaps(self.src, caps)
        # a body with no header of its own (Java's instance initializer) is never
        # pulled up to the line before: it would read as part of what ends there;
        # (`body.outline`, a body elided at `outline` only -- a test module --
        # is captured at that level alone)
        standalone = caps.get("body.initializer", [])
        bodies = (
            caps.get("body.function", [])
            + caps.get("body.static", [])
            + caps.get("body.expression", [])
            + caps.get("body.outline", [])
            + standalone
        )
        # blocks of members (a style rule's declarations): elided whole, or member
        # by member around the ones that stay (`@keep.member`: a nested rule)
        blocks = caps.get("body.block", [])
        bodies += blocks
        # (a body elided at `outline` only may hold members that stay too: a template's tags)
        holding = _holding(blocks + caps.get("body.outline", []), caps.get("keep.member", []))
        headerless = {n.start_byte for n in standalone}
        ends = _terminated(caps)
        ends.update(self.gaps.trailed(bodies))
        docstrings = {n.start_byte for n in caps.get("doc.string", [])}
        # Functions that may be descended into, with their bodies: module scopes
        # (descended into when they declare something directly, or hold a
        # definition) and wrapped functions reached from top-level code (when they
        # hold a definition or an import).
        scopes = Scopes.find(wrapper_reach(self.language), caps.get("scope.module", []), self.root.children)
        self.wrappers = scopes.functions()
        self.defs = self._definitions(outline_level, scopes)
        keep = self._kept_bodies(caps, bodies, scopes)
        for body in bodies:
            span = (body.start_byte, body.end_byte)
            if span in keep:
                continue
            if span in holding:
                self._member_runs(body, holding[span])
                continue
            if body.has_error or ends.get(body.start_byte) == -1:
                continue
            self.style.block(
                self, body, "body", docstrings, pull_up=body.start_byte not in headerless, end=ends.get(body.start_byte)
            )
        if outline_level:
            outline(self, caps, docstrings)

    def _member_runs(self, body, kept: list[int]) -> None:
        """Elide the runs of members of the block ``body`` between the ones that
        stay: a member stays when it is, or holds, a ``@keep.member`` (the
        sorted starts ``kept``), or holds a parse error. Comments at a run's ends
        stay with what they sit beside; those inside it go with it."""
        comments = self.comment_kinds
        run: list = []
        for child in body.named_children:
            if child.type in comments:
                if run:
                    run.append(child)
                continue
            i = bisect_left(kept, child.start_byte)
            if child.has_error or child.is_missing or (i < len(kept) and kept[i] < child.end_byte):
                self._elide_run(run)
                run = []
            else:
                run.append(child)
        self._elide_run(run)

    def _elide_run(self, run: list) -> None:
        while run and run[-1].type in self.comment_kinds:
            run.pop()
        if run:
            self.style.run(self, run[0], run[-1], "body")

    def _definitions(self, everywhere: bool, scopes: Scopes) -> list:
        """Definitions and imports: ``everywhere`` at ``outline`` (inert data and
        control flow are judged by them); at ``signatures`` only inside the
        functions that may be descended into."""
        ranges = [None] if everywhere else outermost(scopes.spans())
        defs = []
        for byte_range in ranges:
            tags = captures(self.language, "tags", self.root, utf8=self.utf8, byte_range=byte_range)
            for name, nodes in tags.items():
                if name.startswith("definition.") or name == "import":
                    defs.extend(nodes)
        return defs

    def _kept_bodies(self, caps: dict[str, list], bodies: list, scopes: Scopes) -> set[tuple[int, int]]:
        """The spans of the bodies that stay: those the query descends into
        (``@scope.descend``), module scopes and wrapped functions that hold what
        the pith needs, and bodies inside a signature."""
        keep = {(n.start_byte, n.end_byte) for n in caps.get("scope.descend", [])}
        if scopes:
            body_spans = Intervals((b.start_byte, b.end_byte) for b in bodies)
            def_owners = set(body_spans.innermost_of(d.start_byte for d in self.defs).values())
            scopes.settle(keep, def_owners, self._declaring(scopes))
            self.wrappers = scopes.functions()
        # Bodies inside a signature (a default parameter value, a class heritage
        # clause, a decorator) are part of that signature: never elided.
        signatures = caps.get("keep.signature")
        if signatures:
            protected = Intervals((n.start_byte, n.end_byte) for n in signatures)
            inside = protected.innermost_of(b.start_byte for b in bodies)
            keep.update((b.start_byte, b.end_byte) for b in bodies if b.start_byte in inside)
        return keep

    def _declaring(self, scopes: Scopes) -> set[tuple[int, int]]:
        """Spans of the module scopes' bodies that declare something directly
        (the ``declarations`` query's ``@declaration.scope``)."""
        owners: set[tuple[int, int]] = set()
        for byte_range in outermost(span for _w, span in scopes.modules):
            declared = captures(self.language, "declarations", self.root, utf8=self.utf8, byte_range=byte_range).get(
                "declaration.scope", []
            )
            owners.update((d.start_byte, d.end_byte) for d in declared)
        return owners


def _holding(blocks: list, members: list) -> dict[tuple[int, int], list[int]]:
    """The ``@body.block`` bodies that hold a ``@keep.member`` at any depth (by
    span), each with the sorted start bytes of the members it holds: those keep
    their braces, and their other members are elided run by run."""
    if not blocks or not members:
        return {}
    spans = sorted((m.start_byte, m.end_byte) for m in members)
    starts = [start for start, _end in spans]
    out: dict[tuple[int, int], list[int]] = {}
    for block in blocks:
        # (a member may start where its block does: a template's start tag)
        lo = bisect_left(starts, block.start_byte)
        hi = bisect_left(starts, block.end_byte, lo)
        inside = [start for start, end in spans[lo:hi] if (start, end) != (block.start_byte, block.end_byte)]
        if inside:
            out[(block.start_byte, block.end_byte)] = inside
    return out


def _terminated(caps: dict[str, list]) -> dict[int, int]:
    """Where the elision of each body that is not one node ends: from the
    ``@body.expression`` node (C#'s ``=> expr``, Dart's ``=>`` after ``async``,
    the ``{`` that opens a Swift accessor's body) through the
    ``@body.terminator`` token that closes it (its ``;``, or the ``}``), so that
    the placeholder block stands for both. The two are paired as brackets are,
    in the order of their start bytes: an expression body nested inside another
    (a local function in a lambda) is closed by its own terminator, never the
    outer one's. By the expression body's start byte; -1 for one without a
    terminator (left as it is: a block before what ends it would not parse)."""
    exprs = caps.get("body.expression")
    if not exprs:
        return {}
    opens = sorted(exprs, key=lambda n: n.start_byte)
    closes = sorted(caps.get("body.terminator", []), key=lambda n: n.start_byte)
    ends = {node.start_byte: -1 for node in opens}
    stack: list = []
    i = 0
    for term in closes:
        while i < len(opens) and opens[i].start_byte < term.start_byte:
            stack.append(opens[i])
            i += 1
        if stack:
            node = stack.pop()
            if term.start_byte >= node.end_byte:
                ends[node.start_byte] = term.end_byte
    return ends


def one_language(
    src: bytes, lang: str, level: str, line_refs: bool, verify: bool, within: tuple[int, int] | None = None
) -> tuple[list[Edit], Sliced, int, int | None]:
    """(edits, output, errors in, errors out) of ``src`` compressed as ``lang``;
    ``within``: only edits inside that byte range are made (a region's)."""
    engine = Compressor(src, lang, level, line_refs)
    errors_in = count_errors(engine.root)
    if level != "full":
        engine.run()
    edits = resolve(engine.edits)
    if within is not None:
        edits = [e for e in edits if within[0] <= e.start and e.end <= within[1]]
    edits, sliced, errors_out = _verified(src, lang, edits, errors_in, verify)
    return edits, sliced, errors_in, errors_out


def slice_edits(src: bytes, edits: Sequence[Edit]) -> Sliced:
    return slice_bytes(src, [(e.start, e.end, e.replacement) for e in edits])


def _verified(src: bytes, lang: str, edits: list[Edit], errors_in: int, verify: bool):
    """(edits, sliced output, error nodes in the output, or None when edits
    were made unchecked: ``verify`` off). With ``verify`` the output is parsed
    and the edits nearest to each new error are undone, a few rounds at most;
    then all of them, if errors remain. The output is parsed once a round."""
    sliced = slice_edits(src, edits)
    if not edits:  # the output is the input: it has the input's errors
        return edits, sliced, errors_in
    if not verify:
        return edits, sliced, None
    for _ in range(8):
        out_tree = parse(lang, sliced.data, text=False)  # (its errors are all that is read)
        errors_out = count_errors(out_tree.root_node)
        if errors_out <= errors_in or not edits:
            break
        edits = _drop_culprits(edits, sliced, out_tree)
        sliced = slice_edits(src, edits)
    else:
        errors_out = count_errors(parse(lang, sliced.data, text=False).root_node)
    if errors_out > errors_in:  # give up: the input, unchanged, is valid as it is
        return [], slice_edits(src, []), errors_in
    return edits, sliced, errors_out


def _drop_culprits(edits: Sequence[Edit], sliced, out_tree) -> list[Edit]:
    """Drop the edits nearest to each error in the output (parsed as ``out_tree``)."""
    spans = list(error_spans(out_tree.root_node))
    records = sliced.records
    out_starts = [r.out_start for r in records]
    bad = set()
    for _start, end in spans:
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
