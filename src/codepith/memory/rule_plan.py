"""Rules at the right grain: which folders get a rule file of their own, and
what a file too large for its share shows.

:func:`plan_rules` walks the module tree from the top: a module whose files'
whole outlines fit the rule file's cap is one rule (``paths: module/**``); a
larger one becomes a rule for its own files (``paths: module/*``) and, in
turn, rules for each of its subfolders. A folder with no subfolder left, or
with more than :data:`MAX_SPLIT` of them (``locale/<language>/`` folders by
the hundred), keeps its rule however large: there its files share the cap, and
:func:`signature_block` shows a file that does not fit whole by its most
important definitions (public, most referenced first, see
:mod:`.references`), in source order, rather than by its first lines.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from ..core.literals import Encoding
from ..core.tokens import count_tokens
from .definitions import Symbol
from .fitting import most_that_fit
from .globs import escape_glob
from .modules import Module
from .references import is_public, ranked_symbols

__all__ = ["MAX_SPLIT", "RuleUnit", "importance", "plan_rules", "scope_patterns", "signature_block"]

_LISTS = frozenset({"__all__"})  # export lists: their signature is an opening bracket
_HEAD_ROOM = 80  # tokens of a rule's front matter, marker and title, roughly
MAX_SPLIT = 24  # subfolders a module may split into; one with more keeps a single rule


@dataclass
class RuleUnit:
    """One rule file to write: the module it describes (only its own files
    when ``own_only``) and the ``paths:`` patterns scoping it."""

    module: Module
    patterns: list[str]
    own_only: bool = False
    files: list[str] = field(default_factory=list)  # the source files it describes


def scope_patterns(module: Module, own_only: bool = False) -> list[str]:
    """The ``paths:`` patterns of a rule for ``module`` (its own files only: ``own_only``)."""
    if not module.path:
        return [escape_glob(p) for p in module.source_files()]  # the root's own files, one by one
    return [escape_glob(module.path) + ("/*" if own_only else "/**")]


def plan_rules(modules: list[Module], whole_size: Callable[[list[str]], int], max_tokens: int | None) -> list[RuleUnit]:
    """The rule files for ``modules`` (top-level, in path order), each at the
    depth where its files' whole outlines fit ``max_tokens``.

    ``whole_size(files)`` is the token count of those files' whole outline
    blocks (an estimate; the rendering holds the exact cap)."""
    out: list[RuleUnit] = []

    def visit(module: Module) -> None:
        files = module.source_files()
        if not files:
            return
        children = [c for c in module.children if c.source_files()]
        if (
            max_tokens is None
            or not children
            or len(children) > MAX_SPLIT
            or not module.path
            or whole_size(files) + _HEAD_ROOM <= max_tokens
        ):
            out.append(RuleUnit(module, scope_patterns(module), files=files))
            return
        own = [p for p in module.files if p in set(files)]
        if own and whole_size(own) > 0:  # own files with nothing to outline (an empty __init__.py) get none
            alone = Module(path=module.path, files=module.files, description=module.description)
            out.append(RuleUnit(alone, scope_patterns(module, True), own_only=True, files=own))
        for child in children:
            visit(child)

    for module in modules:
        visit(module)
    return out


def importance(path: str, symbols: dict[str, list[Symbol]], refs: dict[str, int], entries: Collection[str]) -> tuple:
    """The order of a rule's files: entry files (``entries``) first, then
    public files by how often other files refer to their public names, private
    ones (``_…``) last; ties in path order."""
    name = os.path.basename(path)
    referred = sum(refs.get(s.name, 0) for s in symbols.get(path, ()) if is_public(s))
    return (0 if name in entries else 2 if name.startswith("_") else 1, -referred, path.count("/"), path)


def signature_block(
    path: str,
    language: str,
    symbols: list[Symbol],
    refs: dict[str, int],
    file_tokens: int,
    encoding: Encoding,
    fence: Callable[[str], str],
) -> str | None:
    """The block of ``path`` showing as many of its most important definitions
    (one-line signatures) as fit in ``file_tokens``, in source order; None
    when not even one fits."""
    ranked = [s for s in ranked_symbols(symbols, refs) if s.signature and s.name not in _LISTS]
    total = len(ranked)

    def block(k: int) -> str:
        chosen = sorted(ranked[:k], key=lambda s: (s.line, s.qualname))
        text = "".join(("    " if s.qualname != s.name else "") + s.signature + "\n" for s in chosen)
        mark = fence(text)
        note = f" ({k} of {total} definitions, the most referenced)"
        return f"## {path}{note}\n{mark}{language}\n{text}{mark}\n"

    def size(k: int) -> int:
        return count_tokens(block(k), encoding=encoding)

    k = most_that_fit(0, total, lambda k: size(k) <= file_tokens)  # the most definitions that fit
    return block(k) if k else None
