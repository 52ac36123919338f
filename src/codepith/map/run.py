"""``codepith.repo_map``: a whole tree, ranked, each file at the richest level
that fits an exact token budget.

The tree is walked as ``compress`` walks it (``.gitignore``, default ignores,
secrets in names). Each file's facts come from the cache or one parse
(:mod:`.facts`); the files are ranked (:mod:`.graph`); the levels are chosen
(:mod:`.fit`) with every candidate document counted exactly; the document is
drawn by :mod:`codepith.render.maps`. A file shown as code is compressed (and
cached) only when the fitting asks for it: a map of a large tree compresses a
few dozen files, not all of them. The whole map is cached too, under the keys
of every file the walk found and the options: the same map of an unchanged
tree is one cache read.
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from dataclasses import dataclass
from functools import partial
from typing import Any

from .._settings import with_settings
from ..bulk.cache import ResultCache
from ..core.compress import compress
from ..core.discover import DEFAULT_MAX_FILE_BYTES, Candidate, Excluded, WalkOptions, walk
from ..core.tokens import count_tokens
from ..errors import InvalidOption
from ..fs.safeio import read_regular
from ..render.maps import MapEntry, render_map
from ..render.primitives import json_dumps
from .facts import Facts, facts_of, file_key, fingerprint
from .fit import fit
from .graph import Ranking, rank_files
from .options import MapOptions

__all__ = ["LeftOut", "MapFile", "RepoMap", "repo_map"]

#: the names a file shown by its names shows at most (its most used ones)
MAX_NAMES = 12
#: unused names of a file: types and functions first, then methods, then the rest
#: the shape of a whole map kept in the results cache (a second identical map is read, not made)
_MEMO_SCHEMA = "map-1"
_KIND_ORDER = {"class": 0, "interface": 0, "type": 0, "enum": 0, "struct": 0, "module": 0, "function": 1, "method": 2}


@dataclass(frozen=True)
class MapFile:
    """A file the map shows: its level, its rank (1 = first) and what its
    section and line cost in tokens."""

    path: str
    language: str | None
    level: str
    rank: int
    tokens: int


@dataclass(frozen=True)
class LeftOut:
    """A file (or an ignored folder) the map does not show, and why:
    ``budget`` (ranked, but over the budget), ``no-definitions``, or the
    walk's or the content check's action (``ignored:gitignore``,
    ``skipped:binary``, ``skipped:unsupported-language`` …); ``rank`` for the
    files the ranking saw."""

    path: str
    reason: str
    rank: int | None = None
    files: int = 1


@dataclass(frozen=True)
class RepoMap:
    """A repository map: the document, its exact size, and the decisions."""

    text: str
    tokens: int
    budget: int
    encoding: str
    format: str
    files: tuple[MapFile, ...]
    left_out: tuple[LeftOut, ...]

    def to_json(self) -> dict[str, Any]:
        """{tokens, budget, encoding, files, left_out, text}, as ``--format json`` prints it."""
        return {
            "tokens": self.tokens,
            "budget": self.budget,
            "encoding": self.encoding,
            "files": [vars(f) for f in self.files],
            "left_out": [vars(x) for x in self.left_out],
            "text": self.text,
        }

    def document(self) -> str:
        """What the map's format prints: the text, or the JSON of the whole result."""
        return json_dumps(self.to_json(), indent=2) + "\n" if self.format == "json" else self.text


def repo_map(path: str | os.PathLike[str] = ".", options: MapOptions | None = None, **settings: Any) -> RepoMap:
    """Map the tree at ``path`` in at most ``tokens`` tokens (see
    :class:`MapOptions`; its fields are also keywords: ``repo_map(".",
    tokens=4096, focus=["src/app.py"])``)."""
    options = with_settings(MapOptions, options, settings, "repo_map")
    root = os.path.abspath(os.fspath(path))
    if not os.path.isdir(root):
        raise InvalidOption("path", f"{os.fspath(path)!r} is not a folder; give the repository's root folder")
    store = ResultCache(options.cache_dir) if options.cache else None
    try:
        return _map(root, options, store)
    finally:
        if store is not None:
            store.flush()
            store.close()


def _map(root: str, options: MapOptions, store: ResultCache | None) -> RepoMap:
    state = [str(store.directory)] if store is not None else []
    walked = list(walk(root, WalkOptions(state_dirs=tuple(state), gitignore=options.gitignore)))
    candidates = [e for e in walked if isinstance(e, Candidate)][: options.max_files]
    excluded = [e for e in walked if isinstance(e, Excluded)]
    jobs = options.jobs or os.cpu_count() or 1
    _check_focus(root, options.focus, candidates, excluded)  # before any file is read
    print_ = fingerprint()
    keys = [file_key(c, print_) for c in candidates]
    memo = _memo_key(root, options, print_, candidates, keys, excluded) if store is not None else None
    if memo is not None:
        assert store is not None
        same = store.get(memo, partial(_decode_map, options))
        if same is not None:
            return same
    result = _fresh_map(root, options, store, candidates, keys, excluded, jobs)
    if memo is not None:
        assert store is not None
        store.put(memo, result.to_json())
    return result


def _memo_key(
    root: str,
    options: MapOptions,
    print_: str,
    candidates: list[Candidate],
    keys: list[bytes | None],
    excluded: list[Excluded],
) -> bytes | None:
    """The cache key of a whole map: the tree as walked (every file's own key,
    every entry left out), the options that shape the document, codepith's
    fingerprint. None when a file could not be stat'ed."""
    if any(k is None for k in keys):
        return None
    h = hashlib.blake2b(digest_size=20, person=b"codepith-map")
    settings = (root, options.tokens, options.focus, options.mentions, options.format, options.encoding)
    h.update(
        repr((_MEMO_SCHEMA, print_, DEFAULT_MAX_FILE_BYTES, MAX_NAMES, settings)).encode("utf-8", "surrogateescape")
    )
    for c, k in zip(candidates, keys, strict=True):
        assert k is not None
        h.update(c.path.encode("utf-8", "surrogateescape") + b"\0" + k)
    for e in excluded:
        h.update(repr((e.path, e.action, e.files)).encode("utf-8", "surrogateescape"))
    return h.digest()


def _decode_map(options: MapOptions, raw: Any) -> RepoMap | None:
    """The map a memo row holds, or None for a row of another shape."""
    try:
        return RepoMap(
            text=str(raw["text"]),
            tokens=int(raw["tokens"]),
            budget=options.tokens,
            encoding=options.encoding,
            format=options.format,
            files=tuple(MapFile(**f) for f in raw["files"]),
            left_out=tuple(LeftOut(**x) for x in raw["left_out"]),
        )
    except (KeyError, TypeError, ValueError):
        return None


def _fresh_map(
    root: str,
    options: MapOptions,
    store: ResultCache | None,
    candidates: list[Candidate],
    keys: list[bytes | None],
    excluded: list[Excluded],
    jobs: int,
) -> RepoMap:
    facts = list(facts_of(root, candidates, max_bytes=DEFAULT_MAX_FILE_BYTES, jobs=jobs, store=store, keys=keys))
    mappable = [f for f in facts if not f.skip]
    ranking = rank_files(mappable, options.focus, options.mentions)
    order = [p for p in options.focus if any(f.path == p for f in mappable)]
    order += [p for p in ranking.order() if p not in set(order)]
    levels = _Levels(root, {f.path: f for f in mappable}, ranking, options, store)
    skipped = [f for f in facts if f.skip]

    def tokens_of(entries: list[MapEntry]) -> int:
        return _document(root, entries, skipped, excluded, len(order), options)[1]

    entries = fit(order, options.focus, options.tokens, levels.entry, tokens_of)
    text, tokens = _document(root, entries, skipped, excluded, len(order), options)
    if tokens > options.tokens:  # not even the headings fit
        raise InvalidOption(
            "tokens",
            f"a map of {root} needs at least {tokens} tokens for its title and summary alone, over the budget of "
            f"{options.tokens}; give a larger budget",
        )
    position = {p: i + 1 for i, p in enumerate(order)}
    shown = {e.path for e in entries}
    files = tuple(MapFile(e.path, e.language, e.level, position[e.path], levels.cost(e, tokens_of)) for e in entries)
    left = [
        LeftOut(p, "budget" if levels.facts[p].definitions or levels.has_code(p) else "no-definitions", position[p])
        for p in order
        if p not in shown
    ]
    left += [LeftOut(f.path, f.skip) for f in skipped]
    left += [LeftOut(e.path, e.action, None, e.files) for e in excluded]
    return RepoMap(text, tokens, options.tokens, options.encoding, options.format, files, tuple(left))


def _check_focus(root: str, focus: tuple[str, ...], candidates: list[Candidate], excluded: list[Excluded]) -> None:
    """Each focus file is one the walk reads; else an error naming it, and why
    the walk leaves it out when it does."""
    known = {c.path for c in candidates}
    for path in focus:
        if path in known:
            continue
        why = next((e for e in excluded if path == e.path or path.startswith(e.path.rstrip("/") + "/")), None)
        cause = f"the walk leaves it out ({why.action})" if why is not None else "no such file"
        raise InvalidOption(
            "focus",
            f"{path!r} is not a file the map of {root} reads: {cause}; give a path relative to the root, as the "
            "map lists it (--no-gitignore reads what .gitignore leaves out)",
        )


class _Levels:
    """Each file's entry at each level, made on first use (code levels from
    the cache, else compressed now)."""

    def __init__(
        self, root: str, facts: dict[str, Facts], ranking: Ranking, options: MapOptions, store: ResultCache | None
    ) -> None:
        self.root = root
        self.facts = facts
        self.ranking = ranking
        self.options = options
        self.store = store
        self.print = fingerprint() + "|levels"
        self.made: dict[tuple[str, str], MapEntry | None] = {}
        #: the names the focus files use (from other files, qualified or not)
        self.focus_uses = {n for p in options.focus if p in facts for n in (*facts[p].uses, *facts[p].local)}
        self.costs: dict[tuple[str, str], int] = {}

    def entry(self, path: str, level: str) -> MapEntry | None:
        key = (path, level)
        if key not in self.made:
            self.made[key] = self._names(path) if level == "names" else self._code(path, level)
        return self.made[key]

    def has_code(self, path: str) -> bool:
        return self.facts[path].clean

    def cost(self, entry: MapEntry, tokens_of) -> int:
        key = (entry.path, entry.level)
        if key not in self.costs:
            self.costs[key] = max(0, tokens_of([entry]) - tokens_of([]))
        return self.costs[key]

    def _names(self, path: str) -> MapEntry | None:
        """The file's definitions: those a focus file uses first, then the most
        used (by the rank their users send them), then types and functions
        before members, then in source order. It shows :data:`MAX_NAMES`, or
        every one a focus file uses when they are more."""
        facts = self.facts[path]
        if not facts.definitions:
            return None
        scores = self.ranking.name_scores(path)
        wanted = self.focus_uses

        def key(item: tuple[int, tuple[str, str, str, int, bool]]) -> tuple:
            i, (name, _qualname, kind, _line, _exported) = item
            return (name not in wanted, -scores.get(name, 0.0), _KIND_ORDER.get(kind, 3), i)

        ordered = sorted(enumerate(facts.definitions), key=key)
        names = tuple(dict.fromkeys(d[1] for _i, d in ordered))
        used = len({d[1] for d in facts.definitions if d[0] in wanted})
        return MapEntry(path, facts.language, "names", names=names, shown=min(len(names), max(MAX_NAMES, used)))

    def _code(self, path: str, level: str) -> MapEntry | None:
        facts = self.facts[path]
        if not facts.clean:
            return None  # a file that does not parse cleanly is shown by its names only
        candidate = Candidate(path, os.path.join(self.root, *path.split("/")), 0)
        key = file_key(candidate, f"{self.print}|{level}") if self.store is not None else None
        cached = self.store.get(key) if self.store is not None and key is not None else None
        if isinstance(cached, dict) and isinstance(cached.get("text"), str):
            text = cached["text"]
        else:
            text = self._compressed(candidate.abspath, facts, level)
            if text is not None and self.store is not None and key is not None:
                self.store.put(key, {"text": text})
        return None if not text or not text.strip() else MapEntry(path, facts.language, level, text=text)

    def _compressed(self, abspath: str, facts: Facts, level: str) -> str | None:
        try:
            data = read_regular(abspath, max_bytes=DEFAULT_MAX_FILE_BYTES)
            if level == "full":
                return data.decode("utf-8", "replace")
            result = compress(data, language=facts.language, level=level)  # type: ignore[arg-type]
        except Exception:  # noqa: BLE001 - a file that cannot be compressed now is shown by its names
            return None
        return result.text if result.valid and result.parse_errors == 0 else None


def _summary(entries: list[MapEntry], skipped: list[Facts], excluded: list[Excluded], ranked: int) -> str:
    levels = Counter(e.level for e in entries)
    shown = ", ".join(f"{levels[lv]} {lv}" for lv in ("full", "signatures", "outline", "names") if levels[lv])
    kinds = Counter(f.skip.split(":", 1)[-1] for f in skipped)
    parts = (
        [f"{ranked - len(entries)} ranked but over the budget or without definitions"] if ranked > len(entries) else []
    )
    parts += [f"{n} {kind}" for kind, n in sorted(kinds.items())]
    ignored = sum(e.files for e in excluded)
    if ignored:
        parts.append(f"{ignored} ignored or skipped by the walk")
    left = "; left out: " + ", ".join(parts) if parts else "; nothing left out"
    return f"{len(entries)} files shown ({shown or 'none'}){left}."


def _document(
    root: str, entries: list[MapEntry], skipped: list[Facts], excluded: list[Excluded], ranked: int, options: MapOptions
) -> tuple[str, int]:
    """(the map's text, its exact tokens). The summary states the tokens the
    document itself uses: found as a fixed point of drawing and counting (a
    number's tokens depend on its digits), else stated as the budget's bound."""
    title = f"Repository map of {os.path.basename(root) or root}"
    fmt = "markdown" if options.format == "json" else options.format
    body = _summary(entries, skipped, excluded, ranked)
    guess = 0
    for _ in range(4):
        summary = f"{guess} of {options.tokens} tokens ({options.encoding}). {body}"
        text = render_map(title, summary, entries, fmt)
        tokens = count_tokens(text, encoding=options.encoding)
        if tokens == guess:
            return text, tokens
        guess = tokens
    summary = f"At most {options.tokens} tokens ({options.encoding}). {body}"
    text = render_map(title, summary, entries, fmt)
    return text, count_tokens(text, encoding=options.encoding)
