"""Checkers for codepith's promises, used by the tests and the fidelity benchmark.

- :func:`check_validity`: the output re-parses with no more error nodes than
  the input (a file with regions: its markup and each region in its language).
- :func:`check_retention`: every definition (from the language's tags query)
  and every import/export of the input appears in the output with its full
  signature text, at the place the elisions say it must be, unless it sits
  inside an elided function body (a file with regions: each region's, by its
  language's tags query).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from .compress import Compressed
from .languages import captures, comment_kinds, parse, wrapper_reach
from .regions import find_regions, masked, units
from .validity import count_errors, file_errors

__all__ = ["check_validity", "check_regions", "check_retention", "Retention"]


def check_validity(result: Compressed) -> tuple[int, int]:
    """(error nodes in the input, error nodes in the output), from a fresh parse of both."""
    return file_errors(result.language, result.expand()), file_errors(result.language, result.data)


def check_regions(result: Compressed) -> list[tuple[str, int, int]]:
    """(language, error nodes in the input's region, in the output's) of each
    region of a file with regions that codepith compresses, from fresh parses
    of both (a region kept whole is left out); ``[]`` for any other file. The
    output's regions are found again in the output, by its own parse."""
    src = result.expand()
    before = [r for r in find_regions(result.language, src) if r.language]
    after = [r for r in find_regions(result.language, result.data) if r.language]
    if [r.language for r in before] != [r.language for r in after]:
        raise AssertionError(f"the output's regions are not the input's: {before} -> {after}")
    return [
        (a.language, _region_errors(a.language, src, a), _region_errors(a.language, result.data, b))
        for a, b in zip(before, after, strict=True)
        if a.language is not None
    ]


def _region_errors(language: str, data: bytes, region) -> int:
    return count_errors(parse(language, masked(data, region.start, region.end), text=False).root_node)


@dataclass
class Retention:
    definitions: int = 0
    definitions_kept: int = 0
    imports: int = 0
    imports_kept: int = 0
    missing: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.missing


def check_retention(result: Compressed) -> Retention:
    """Which definitions and imports of the input survive in ``result``."""
    src = result.expand()
    out = Retention()
    for language, text in units(result.language, src):
        caps = captures(language, "tags", parse(language, text).root_node)
        placement = _Placement(result, src, language)
        for name, nodes in caps.items():
            if not (name.startswith("definition.") or name == "import"):
                continue
            is_import = name == "import"
            for node in nodes:
                problem = placement.problem(name, node)
                if is_import:
                    out.imports += 1
                    out.imports_kept += problem is None
                else:
                    out.definitions += 1
                    out.definitions_kept += problem is None
                if problem is not None:
                    out.missing.append(problem)
    return out


class _Placement:
    """Where the input's text is in the output of ``result``: each elision, and
    the output offset of an input offset outside every elision (shifted by the
    size change of the elisions before it)."""

    def __init__(self, result: Compressed, src: bytes, language: str) -> None:
        self.src = src
        self.data = result.data
        self.elisions = result.elisions
        self.starts = [e.start_byte for e in self.elisions]
        self.shifts = []
        total = 0
        for e in self.elisions:
            total += (e.out_end - e.out_start) - (e.end_byte - e.start_byte)
            self.shifts.append(total)
        self.reach = wrapper_reach(language)
        self.comment_kinds = comment_kinds(language)

    def problem(self, name: str, node) -> str | None:
        """Why the definition or import ``node`` (captured as ``name``) is not
        kept as the pith needs it, or None when it is."""
        elisions = self.elisions
        i = bisect_right(self.starts, node.start_byte) - 1
        if i >= 0 and node.start_byte < elisions[i].end_byte:
            return self._inside_elision(name, node, elisions[i])
        cut = node.end_byte
        j = i + 1
        if j < len(elisions) and elisions[j].start_byte < node.end_byte:
            cut = elisions[j].start_byte
        header_end = self._header_end(node)
        if header_end is not None and cut < header_end and elisions[j].kind in ("body", "data"):
            return f"{name} at line {node.start_point[0] + 1}: its signature is cut at byte {cut}"
        signature = self.src[node.start_byte : cut]
        pos = node.start_byte + (self.shifts[i] if i >= 0 else 0)
        if self.data[pos : pos + len(signature)] != signature:
            text = signature[:60].decode("utf-8", "replace")
            return f"{name} at line {node.start_point[0] + 1} not found verbatim: {text!r}"
        return None

    def _inside_elision(self, name: str, node, holder) -> str | None:
        """A definition inside the elision ``holder``: part of the pith's loss
        only when ``holder`` is not a function body, or is the body of a wrapped
        function (a bundle or loader scope)."""
        if holder.kind != "body":
            return f"{name} at line {node.start_point[0] + 1} lies inside a {holder.kind} elision"
        wrapper = _wrapped_owner(node, self.reach, self.elisions, self.starts)
        if wrapper is not None:
            return (
                f"{name} at line {node.start_point[0] + 1} lies in the elided body of a wrapped "
                f"function at line {wrapper.start_point[0] + 1} (a bundle or loader scope)"
            )
        return None  # inside an elided function body: not part of the pith

    def _header_end(self, node) -> int | None:
        """Where the signature of ``node`` ends: at the last token before its body
        (comments between the two belong to the body); None without a body
        (``body`` is the field every supported grammar gives a definition's body)."""
        body = node.child_by_field_name("body")
        if body is None:
            return None
        before = body.prev_sibling
        while before is not None and before.type in self.comment_kinds:
            before = before.prev_sibling
        return before.end_byte if before is not None else body.start_byte


def _inside(pos: int, elisions, starts) -> bool:
    i = bisect_right(starts, pos) - 1
    return i >= 0 and pos < elisions[i].end_byte


def _wrapped_owner(node, reach, elisions, starts):
    """The function whose elided body holds ``node`` when that function is
    wrapped by code that is kept (handed to a call, invoked, parenthesised … at
    statement level, as the language's registry entry says); else None.

    Found by walking up from the definition, independently of the engine's own
    top-down search.
    """
    if reach is None:
        return None
    owner = node.parent
    while owner is not None:
        if owner.type in reach.functions:
            body = owner.child_by_field_name("body")
            if body is not None and body.start_byte <= node.start_byte < body.end_byte:
                break
        if owner.child_by_field_name("body") is not None and owner.type not in reach.functions:
            return None  # a named function, method or class: eliding it is the point
        owner = owner.parent
    if owner is None:
        return None
    if not _wrapped(owner, reach):
        return None
    return None if _inside(owner.start_byte, elisions, starts) else owner


def _wrapped(function, reach) -> bool:
    """``function`` is wrapped by a statement at the top of the file, or at the
    top of the body of a function that is wrapped in turn (not by a statement
    inside an ordinary function, which may be kept for other reasons: a parse
    error in it, say)."""
    up = function.parent
    if up is None or up.type not in reach.through:
        return False  # a function value, not a wrapped one
    while up is not None and up.type in reach.through:
        up = up.parent
    if up is None or up.type not in reach.statements:
        return False
    while up.parent is not None and up.type in reach.statements:
        up = up.parent
    if up.parent is None:
        return True  # a statement of the file
    return up.type in reach.functions and _wrapped(up, reach)
