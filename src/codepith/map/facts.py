"""What a repository map needs of each file, read once and cached.

A file's facts are its language, its verdict (a file left out for its content
says why), whether it parses cleanly, its definitions (the
``tags`` query, read as project memory reads them), the names it uses from
other files with their counts (the language's reference scan, as project
memory counts references: :func:`~codepith.memory.references.referred_names`),
and the files its imports resolve to. One parse per file.

Facts are cached in the results cache (:class:`~codepith.bulk.cache.ResultCache`)
under a key of the file's path, modification time, size, inode and device, and a
fingerprint of codepith's version and modules, its language rules and the grammars: a
file that has not changed is not read again. A first scan of many files runs
in a pool of processes.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial

from .. import _version
from .._version import __version__
from ..bulk.cache import ResultCache
from ..core.discover import Candidate
from ..core.languages import detect_language, grammar_versions, parse, rules_digest
from ..core.validity import file_errors
from ..core.verdict import classify
from ..deps.finder import dependencies_of
from ..fs.safeio import read_regular
from ..memory.definitions import scan_file
from ..memory.references import referred_names

__all__ = ["Facts", "facts_of", "fingerprint", "file_key"]

#: the most frequent identifiers kept of one file (a data file of a million names keeps these)
MAX_IDENTIFIERS = 4000
#: the most frequent other identifiers kept of one file
MAX_LOCAL = 1500
_IDENT = re.compile(rb"[A-Za-z_][A-Za-z0-9_]{2,}")
_SCHEMA = "map-facts-4"


@dataclass(frozen=True)
class Facts:
    """One file, as the map reads it (see the module doc)."""

    path: str
    language: str | None
    #: ``skipped:<kind>`` when its content leaves it out of any map, else ""
    skip: str
    reason: str
    clean: bool
    #: (name, qualified name, kind, line, exported) of each definition
    definitions: tuple[tuple[str, str, str, int, bool], ...]
    uses: dict[str, int]
    #: every other identifier of the file (at least 3 characters), with its count: a name used
    #: without qualification, which only a file of the same folder (a Go package) can define
    local: dict[str, int]
    deps: tuple[str, ...]

    def to_json(self) -> dict:
        return {
            "language": self.language,
            "skip": self.skip,
            "reason": self.reason,
            "clean": self.clean,
            "definitions": [list(d) for d in self.definitions],
            "uses": self.uses,
            "local": self.local,
            "deps": list(self.deps),
        }

    @classmethod
    def from_json(cls, path: str, raw) -> Facts | None:
        """The facts a row holds (one :meth:`to_json` or :func:`scan` wrote: a
        cached row's checksum and key vouch for it), or None for a row of
        another shape. The name counts are taken as they are: they are most
        of a row, and a second map reads a row per file."""
        try:
            uses, local = raw["uses"], raw["local"]
            if not (isinstance(uses, dict) and isinstance(local, dict)):
                return None
            return cls(
                path=path,
                language=raw["language"],
                skip=str(raw["skip"]),
                reason=str(raw["reason"]),
                clean=bool(raw["clean"]),
                definitions=tuple((str(n), str(q), str(k), int(ln), bool(e)) for n, q, k, ln, e in raw["definitions"]),
                uses=uses,
                local=local,
                deps=tuple(str(d) for d in raw["deps"]),
            )
        except (KeyError, TypeError, ValueError, AttributeError):
            return None


def fingerprint() -> str:
    """What a file's facts depend on besides the file: codepith (its version and
    a stamp of its modules), its language rules, the grammars."""
    versions = grammar_versions()
    return "|".join(
        [
            _SCHEMA,
            __version__,
            _version.code_stamp(),
            rules_digest(),
            versions["tree-sitter"],
            versions["tree-sitter-language-pack"],
        ]
    )


def file_key(candidate: Candidate, print_: str) -> bytes | None:
    """The cache key of a file as it is now (None when it cannot be stat'ed)."""
    try:
        st = os.stat(candidate.abspath)
    except OSError:
        return None
    h = hashlib.blake2b(digest_size=20)
    for part in (print_, os.path.abspath(candidate.abspath), st.st_mtime_ns, st.st_size, st.st_ino, st.st_dev):
        h.update(str(part).encode("utf-8", "surrogateescape") + b"\0")
    return h.digest()


def scan(root: str, path: str, abspath: str, max_bytes: int) -> dict:
    """The facts of one file, as JSON (the worker's job: it never raises)."""
    empty = {"clean": False, "definitions": [], "uses": {}, "local": {}, "deps": [], "language": None}
    try:
        data = read_regular(abspath, max_bytes=max_bytes)
    except OSError as exc:
        return {**empty, "skip": "skipped:unreadable", "reason": f"cannot be read ({exc})"}
    language = detect_language(path, data)
    verdict = classify(data, language, path=path)  # binary, a secret, generated, minified: whatever the language
    if verdict is not None:
        return {**empty, "language": language, "skip": verdict.action, "reason": verdict.reason}
    if language is None:
        return {**empty, "skip": "skipped:unsupported-language", "reason": "not a language codepith maps"}
    try:
        tree = parse(language, data)
        clean = file_errors(language, data, tree.root_node) == 0
        _doc, symbols = scan_file(data, language, path, tree, details=False)
        deps = dependencies_of(root, path, data, tree)
    except Exception as exc:  # noqa: BLE001 - one file's failure costs only that file
        return {**empty, "language": language, "skip": "skipped:parse-failed", "reason": f"{type(exc).__name__}: {exc}"}
    # the names the language's reference scan says come from other files (Go's `pkg.Name`, the names
    # an import brings in, …), with how often the file uses each
    referred = referred_names(data, language)
    uses = Counter({name.decode("ascii"): n for name, n in referred.items()})
    words = Counter(_IDENT.findall(data))  # (counted as bytes: only the distinct names are decoded)
    for name in referred:
        del words[name]
    local = Counter({name.decode("ascii"): n for name, n in words.items()})
    return {
        "language": language,
        "skip": "",
        "reason": "",
        "clean": clean,
        "definitions": [[s.name, s.qualname, s.kind, s.line, s.exported] for s in symbols if s.name],
        "uses": dict(uses.most_common(MAX_IDENTIFIERS)),
        "local": dict(local.most_common(MAX_LOCAL)),
        "deps": deps,
    }


def _decoded(path: str, raw) -> Facts | None:
    return Facts.from_json(path, raw)


def _scan_job(job: tuple[str, str, str, int]) -> dict:
    return scan(*job)


def facts_of(
    root: str,
    candidates: Sequence[Candidate],
    *,
    max_bytes: int,
    jobs: int,
    store: ResultCache | None,
    keys: Sequence[bytes | None] | None = None,
) -> Iterator[Facts]:
    """The facts of every candidate, in order: from ``store`` where a file has
    not changed, else read (in ``jobs`` processes when there are many).
    ``keys``: the candidates' :func:`file_key` when the caller has them."""
    if keys is None:
        print_ = fingerprint()
        keys = [file_key(c, print_) for c in candidates]
    found: list[Facts | None] = [
        store.get(key, partial(_decoded, c.path)) if store is not None and key is not None else None
        for c, key in zip(candidates, keys, strict=True)
    ]
    missing = [i for i, f in enumerate(found) if f is None]
    jobs_list = [(root, candidates[i].path, candidates[i].abspath, max_bytes) for i in missing]
    if jobs > 1 and len(jobs_list) > 64:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            computed = list(pool.map(_scan_job, jobs_list, chunksize=16))
    else:
        computed = [_scan_job(job) for job in jobs_list]
    for i, raw in zip(missing, computed, strict=True):
        facts = Facts.from_json(candidates[i].path, raw)
        assert facts is not None
        found[i] = facts
        key = keys[i]
        if store is not None and key is not None and facts.skip != "skipped:unreadable":
            store.put(key, raw)
    for facts in found:
        assert facts is not None
        yield facts
