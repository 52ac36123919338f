"""How often the tree refers to each of its public names, counted cheaply.

A public name is an exported top-level class, function, type, interface or
enum (see :mod:`.definitions`). Its reference count is the number of source
files, other than the ones defining it, that refer to it, as the language's
``references`` in the registry reads them (:class:`~codepith.core.registry.ReferenceScan`):
the names import statements bring in (``from x import A, B``, ``import { A }
from``, ``require``), capitalised names used through a module
(``models.Model``), or only names qualified by an imported package
(``pkg.Name``); in a language without one, every whole identifier of the file.
No parsing: one regular-expression scan per file, so a
tree of thousands of files is counted in a fraction of a second per megabyte.
The counts rank what the index and the rules show first
(:func:`key_names`, :func:`ranked_symbols`); ties go to the earlier
definition, so the order is the same on every run.
"""

from __future__ import annotations

import functools
import heapq
import os
import re
from collections import Counter

from ..core.discover import DEFAULT_MAX_FILE_BYTES
from ..core.languages import spec
from ..fs.safeio import read_regular
from .definitions import Symbol
from .symbols import SymbolIndex

__all__ = [
    "PUBLIC_KINDS",
    "is_public",
    "key_names",
    "public_names",
    "ranked_symbols",
    "reference_counts",
    "referred_names",
]

PUBLIC_KINDS = ("class", "function", "type", "interface", "enum", "module")
_IDENT = re.compile(rb"[A-Za-z_$][A-Za-z0-9_$]*")
_QUALIFIED = re.compile(rb"\b([A-Za-z_][A-Za-z0-9_]*)\.([A-Z][A-Za-z0-9_]*)")


@functools.cache
def _pattern(source: bytes) -> re.Pattern[bytes]:
    return re.compile(source, re.MULTILINE)


def referred_names(data: bytes, language: str) -> Counter[bytes]:
    """The identifiers ``data`` (a file of ``language``) refers to across files,
    by the language's :class:`~codepith.core.registry.ReferenceScan` (see the
    module doc), each with how often the file uses it (a name qualified by an
    imported package: its qualified uses; any other: its whole-word uses)."""
    rule = spec(language).references
    if rule is not None and rule.packages is not None:
        header = _pattern(rule.header_end).search(data) if rule.header_end is not None else None
        packages = {
            alias or path.rsplit(b"/", 1)[-1]
            for alias, path in _pattern(rule.packages).findall(data, 0, header.start() if header else len(data))
        }
        return Counter(name for qualifier, name in _QUALIFIED.findall(data) if qualifier in packages)
    referred = _referred(data, language)
    return Counter(name for name in _IDENT.findall(data) if name in referred)


def _referred(data: bytes, language: str) -> set[bytes]:
    """See :func:`referred_names`."""
    rule = spec(language).references
    if rule is None:
        return set(_IDENT.findall(data))
    if rule.packages is not None:  # only names qualified by an imported package count
        header = _pattern(rule.header_end).search(data) if rule.header_end is not None else None
        packages = set()
        for alias, path in _pattern(rule.packages).findall(data, 0, header.start() if header else len(data)):
            packages.add(alias or path.rsplit(b"/", 1)[-1])
        return {name for qualifier, name in _QUALIFIED.findall(data) if qualifier in packages}
    out: set[bytes] = {name for _qualifier, name in _QUALIFIED.findall(data)} if rule.qualified else set()
    for match in _pattern(rule.imports).finditer(data) if rule.imports is not None else ():
        out.update(_IDENT.findall(match.group(0)))
    return out


def is_public(sym: Symbol) -> bool:
    """An exported, top-level definition of a kind other files refer to."""
    return sym.exported and sym.kind in PUBLIC_KINDS and sym.qualname == sym.name


def reference_counts(index: SymbolIndex) -> dict[str, int]:
    """Each public name of the tree -> the number of other source files naming it."""
    defined: dict[bytes, set[str]] = {}
    for path, entry in index.files.items():
        for sym in entry.symbols:
            if is_public(sym):
                defined.setdefault(sym.name.encode("utf-8", "surrogateescape"), set()).add(path)
    counts = dict.fromkeys(defined, 0)
    for path, entry in index.files.items():
        try:
            data = read_regular(os.path.join(index.root, path), max_bytes=DEFAULT_MAX_FILE_BYTES)
        except OSError:
            continue
        for name in [n for n in _referred(data, entry.language) if n in defined]:
            if path not in defined[name]:
                counts[name] += 1
    return {name.decode("utf-8", "surrogateescape"): n for name, n in counts.items()}


def ranked_symbols(symbols: list[Symbol], refs: dict[str, int]) -> list[Symbol]:
    """``symbols`` most important first: public ones before the rest, the most
    referenced first, then top-level before nested, then in source order."""

    def key(item: tuple[int, Symbol]) -> tuple:
        n, sym = item
        public = is_public(sym)
        return (
            0 if public else 1,
            -refs.get(sym.name, 0) if public else 0,
            0 if sym.qualname == sym.name else 1,
            0 if sym.exported else 1,
            n,
        )

    return [sym for _n, sym in sorted(enumerate(symbols), key=key)]


def public_names(index: SymbolIndex) -> dict[str, list[str]]:
    """Each indexed file -> its public names not starting with ``_``, in source order."""
    return {
        path: [s.name for s in entry.symbols if is_public(s) and not s.name.startswith("_")]
        for path, entry in index.files.items()
    }


def key_names(
    files: list[str],
    index: SymbolIndex,
    refs: dict[str, int],
    limit: int = 8,
    public: dict[str, list[str]] | None = None,
) -> list[str]:
    """The ``limit`` most referenced public names defined in ``files`` (each
    once; ``public``: :func:`public_names` of the index, when already made)."""
    if public is None:
        public = public_names(index)
    best: dict[str, tuple[int, int]] = {}
    for path in files:
        for name in public.get(path, ()):
            if name not in best:
                best[name] = (-refs.get(name, 0), len(best))
    return heapq.nsmallest(limit, best, key=best.__getitem__)
