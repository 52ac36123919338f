"""Functions whose bodies may be descended into instead of elided: module scopes
(an immediately invoked function, a UMD or AMD factory: the query's
``@scope.module``) and functions wrapped by top-level code (handed to a call,
invoked, parenthesised …: reached by following the node kinds of the language's
:class:`~codepith.core.registry.WrapperReach`). Such a body is kept when it
holds what the pith needs (a definition, an import, a declaration).

Only children are read, never parents or siblings (which tree-sitter finds by
walking down from the root), so the cost is the size of what is followed.

No node kind is named here; the one grammar name read is the field ``body``,
which every supported grammar gives a function (the queries' ``@body.function``
captures are those fields), and a function without one is passed over.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .registry import WrapperReach

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["Scopes", "with_bodies", "reached"]

Span = tuple[int, int]


def with_bodies(functions) -> list[tuple[Node, Span]]:
    """(function, its body's span) for the functions that have a body."""
    out = []
    for f in functions:
        body = f.child_by_field_name("body")
        if body is not None:
            out.append((f, (body.start_byte, body.end_byte)))
    return out


def reached(reach: WrapperReach, statements) -> tuple[list, list[int]]:
    """The functions wrapped by ``statements`` (handed to a call, invoked,
    parenthesised, …, as ``reach`` says), and those wrapped in turn by the
    statements of their bodies: ((function, body span) list, index of the
    wrapping function or -1 for each).

    A function's body is searched only when it is a block of statements.
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


@dataclass
class Scopes:
    """The functions of one file that may be descended into, with their
    bodies' spans: ``modules`` (module scopes) and ``wrapped`` (wrapped
    functions; ``parents[i]`` is the index of the one wrapping ``wrapped[i]``,
    or -1)."""

    reach: WrapperReach | None
    modules: list[tuple[Node, Span]]
    wrapped: list[tuple[Node, Span]] = field(default_factory=list)
    parents: list[int] = field(default_factory=list)

    @classmethod
    def find(cls, reach: WrapperReach | None, module_scopes, statements) -> Scopes:
        """The module scopes among ``module_scopes`` (query captures) and the
        functions wrapped by the file's top-level ``statements``."""
        scopes = cls(reach, with_bodies(module_scopes))
        if reach is not None:
            scopes.wrapped, scopes.parents = reached(reach, statements)
        return scopes

    def __bool__(self) -> bool:
        return bool(self.modules or self.wrapped)

    def spans(self) -> list[Span]:
        """The bodies' spans, module scopes first."""
        return [span for _f, span in self.modules + self.wrapped]

    def functions(self) -> list:
        """The wrapped functions."""
        return [w for w, _span in self.wrapped]

    def settle(self, keep: set[Span], def_owners: set[Span], decl_owners: set[Span]) -> None:
        """Add to ``keep`` the bodies descended into. A module scope is when it
        declares something directly in its body (``decl_owners``) or is the
        innermost function around a definition or an import (``def_owners``); a
        wrapped function when it is that innermost function, or holds a wrapped
        function that is descended into. A body already in ``keep`` stays."""
        for _w, span in self.modules:
            if span in def_owners or span in decl_owners:
                keep.add(span)
        self._reach_from_kept_modules(keep)
        wrapped, parents = self.wrapped, self.parents
        # parents come before their children: settle the children first
        for i in range(len(wrapped) - 1, -1, -1):
            span = wrapped[i][1]
            if span in def_owners:
                keep.add(span)
            if span in keep and parents[i] >= 0:
                keep.add(wrapped[parents[i]][1])

    def _reach_from_kept_modules(self, keep: set[Span]) -> None:
        """Module scopes that were not reached from the top (``var lib = (() =>
        {…})()``) but are kept: the functions wrapped by their statements are
        reached in turn."""
        reach = self.reach
        if reach is None:
            return
        walked = {span for _w, span in self.wrapped}
        for w, span in self.modules:
            if span in keep and span not in walked:
                body = w.child_by_field_name("body")
                assert body is not None  # modules come from with_bodies: each has one
                if body.type not in reach.statements:
                    continue
                more, more_parents = reached(reach, body.children)
                offset = len(self.wrapped)
                self.wrapped.extend(more)
                self.parents.extend(p + offset if p >= 0 else -1 for p in more_parents)
                walked.update(s for _f, s in more)
