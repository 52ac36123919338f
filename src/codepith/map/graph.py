"""Which files of a tree matter most: a graph of references, ranked.

Nodes are files. A file that uses a name another file defines gets an edge to
it. The names a file uses are those its language's reference scan says come
from other files (:func:`~codepith.memory.references.referred_names`: Go's
``pkg.Name``, the names an import brings in, …); the names defined are those
of its functions, methods, classes, types and top-level constants and
variables (not fields). Each use is weighed as a reader would weigh it:

- ``sqrt(uses)`` of the name in the using file (a name used ten times counts
  about three times a name used once);
- times 10 for a name the task mentions, times 10 for a long, specific one
  (8 characters or more, or snake_case / camelCase), times 0.1 for a private
  one (``_name``);
- shared among the files that define it, those among the files the using
  file imports when there are any (the dependency resolvers say which); a
  name defined in more than :data:`MAX_DEFINERS` files says nothing about
  where a use goes and makes no edge.

Any other identifier of the file (a name used without qualification: a Go
function of the same package, a Java class of the same package) refers to
the files of the same folder that define it, weighed alike.

Each import a resolver follows adds weight 1 to its edge; a file keeps its
:data:`MAX_LINKS` strongest edges (a focus file keeps them all). The files are
ranked by personalised PageRank (damping 0.85; the loop is
:mod:`codepith.map.rank`, compiled, with its pure-Python twin): the focus files and the files
defining a mentioned name are where the walk restarts, so what they use, and
what that uses, ranks first; without either, every file is a start. PageRank
rather than counts: a file used by important files matters more than one
used by many unimportant ones. A definition's own score is the rank its uses
carry to it, so the names a map shows of a file are those that the ranked
files use most.

Deterministic: nodes in path order, sums in a fixed order, at most
:data:`ROUNDS` rounds (fewer only on convergence); ties go by path.
"""

from __future__ import annotations

import math
import re
from array import array
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from .facts import Facts
from .rank import pagerank

__all__ = ["MAX_DEFINERS", "Ranking", "rank_files"]

#: a name defined in more files than this makes no edge
MAX_DEFINERS = 12
#: the edges a file keeps: its strongest references (a package of many files would
#: otherwise link each to all others, and the walk would learn nothing from them)
MAX_LINKS = 48
DAMPING = 0.85
ROUNDS = 50
TOLERANCE = 1e-6
_SPECIFIC = re.compile(r"^(?:.{8,}|.*[a-z][A-Z].*|.+_.+)$")
#: the kinds of definition another file refers to by name (fields are reached through their owner)
_MEMBERS = frozenset({"field"})
_TOP_ONLY = frozenset({"variable", "constant"})


@dataclass(frozen=True)
class Ranking:
    """Each file's rank (summing to 1), and how each file's names are used."""

    ranks: dict[str, float]
    #: file -> [(using file, name, the share of that file's rank the name carries)]
    incoming: dict[str, list[tuple[str, str, float]]]

    def order(self) -> list[str]:
        """The files, highest rank first, ties by path."""
        return sorted(self.ranks, key=lambda p: (-self.ranks[p], p))

    def name_scores(self, path: str) -> dict[str, float]:
        """Each name of ``path`` -> the rank the files using it send along those uses."""
        scores: dict[str, float] = defaultdict(float)
        for user, name, share in self.incoming.get(path, ()):
            scores[name] += self.ranks[user] * share
        return dict(scores)


def _weight(name: str, mentioned: set[str]) -> float:
    w = 1.0
    if name in mentioned:
        w *= 10.0
    if _SPECIFIC.match(name):
        w *= 10.0
    if name.startswith("_"):
        w *= 0.1
    return w


def _definers(paths: list[str], by_path: dict[str, Facts]) -> dict[str, list[int]]:
    """Each referable name -> the indices of the files defining it, in path order."""
    out: dict[str, list[int]] = defaultdict(list)
    for i, path in enumerate(paths):
        names = {
            name
            for name, qualname, kind, _line, _exported in by_path[path].definitions
            if kind not in _MEMBERS and (kind not in _TOP_ONLY or name == qualname)
        }
        for name in sorted(names):
            out[name].append(i)
    return out


def _folder(path: str) -> str:
    return path.rpartition("/")[0]


def rank_files(files: Sequence[Facts], focus: Sequence[str], mentions: Sequence[str]) -> Ranking:
    """Rank ``files`` (those the map may show) for a reader of ``focus`` who
    names ``mentions`` (see the module doc)."""
    paths = sorted(f.path for f in files)
    index = {p: i for i, p in enumerate(paths)}
    by_path = {f.path: f for f in files}
    definers = _definers(paths, by_path)
    folders: dict[str, set[int]] = defaultdict(set)
    folder_names: dict[str, set[str]] = defaultdict(set)  # the names the files of each folder define
    for i, path in enumerate(paths):
        folders[_folder(path)].add(i)
    for name, where in definers.items():
        for t in where:
            folder_names[_folder(paths[t])].add(name)
    mentioned = set(mentions)
    weights_of: dict[str, float] = {}

    def weight(name: str) -> float:
        w = weights_of.get(name)
        if w is None:
            w = weights_of[name] = _weight(name, mentioned)
        return w

    focused = set(focus)
    links: list[list[tuple[int, float]]] = []
    incoming: dict[str, list[tuple[str, str, float]]] = defaultdict(list)
    for i, path in enumerate(paths):
        facts = by_path[path]
        deps = {index[d] for d in facts.deps if d in index and d != path}
        out: dict[int, float] = {}
        carried: list[tuple[int, str, float]] = []
        for name, count in facts.uses.items():  # (in the facts' own order: the same on every run)
            where = definers.get(name, [])
            if not where:
                continue
            near = [t for t in where if t in deps]
            where = near or where
            if len(where) > MAX_DEFINERS:
                continue
            share = weight(name) * math.sqrt(count) / len(where)
            for t in where:
                if t != i:
                    out[t] = out.get(t, 0.0) + share
                    carried.append((t, name, share))
        folder = _folder(path)
        siblings = folders[folder]
        for name in sorted(folder_names[folder].intersection(facts.local)):
            count = facts.local[name]
            where = [t for t in definers[name] if t in siblings and t != i]
            if where and len(where) <= MAX_DEFINERS:
                share = weight(name) * math.sqrt(count) / len(where)
                for t in where:
                    out[t] = out.get(t, 0.0) + share
                    carried.append((t, name, share))
        for t in sorted(deps):
            out[t] = out.get(t, 0.0) + 1.0
        if len(out) > MAX_LINKS and path not in focused:  # the strongest references, ties by file order
            out = dict(sorted(out.items(), key=lambda item: (-item[1], item[0]))[:MAX_LINKS])
            kept = set(out)
            carried = [c for c in carried if c[0] in kept]
        total = sum(out[t] for t in sorted(out))
        links.append([(t, out[t] / total) for t in sorted(out)] if total > 0 else [])
        for t, name, share in carried:
            incoming[paths[t]].append((path, name, share / total))
    start = _personalisation(paths, index, focus, [definers.get(m, []) for m in mentions])
    offsets = array("q", [0])
    targets = array("q")
    weights = array("d")
    for edges in links:
        targets.extend(t for t, _w in edges)
        weights.extend(w for _t, w in edges)
        offsets.append(len(targets))
    ranks = pagerank(offsets, targets, weights, start, damping=DAMPING, rounds=ROUNDS, tolerance=TOLERANCE)
    return Ranking({p: ranks[i] for i, p in enumerate(paths)}, dict(incoming))


def _personalisation(
    paths: list[str], index: dict[str, int], focus: Sequence[str], mentioned: list[list[int]]
) -> list[float]:
    """Where the walk restarts: focus files and files defining a mentioned name
    (each group weighing as much as the other), else every file alike."""
    weights = [0.0] * len(paths)
    seeds = [index[p] for p in dict.fromkeys(focus) if p in index]
    for i in seeds:
        weights[i] += 1.0 / len(seeds)
    named = [ids for ids in mentioned if ids]
    for ids in named:
        for i in ids:
            weights[i] += 1.0 / (len(named) * len(ids))
    total = sum(weights)
    if total <= 0:
        return [1.0 / len(paths)] * len(paths) if paths else []
    return [w / total for w in weights]
