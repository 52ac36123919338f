"""The symbol index of a tree: every definition's signature and first doc line.

One record per definition (see :mod:`.definitions`, which reads them from one
file with the language's ``tags`` query), and each file's own doc line.

The index is cached as JSON in ``ROOT/.codepith/symbols.json``, per file keyed
by path, modification time (ns) and size, and as a whole by codepith's
version and modules (:func:`~codepith._version.code_stamp`) and the grammars'
versions. :func:`load_index` walks the tree (honouring
``.gitignore``; ``.codepith/`` and hidden folders are never indexed), reuses
what has not changed, parses what is new or changed, drops what is gone, and
rewrites the cache (atomically) only when something changed. A cache that
cannot be read is rebuilt; one that cannot be written is skipped, with a
warning. A ``.codepith`` or ``symbols.json`` that is a symlink is refused
(:class:`~codepith.safeio.UnsafeStatePath`): the cache is never read or
written through a link. Source files are read with
:func:`~codepith.safeio.read_regular`, so one swapped for a FIFO never blocks.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field

from .. import _version
from .._version import __version__
from ..core.discover import DEFAULT_MAX_FILE_BYTES, Candidate, walk
from ..core.languages import detect_language, grammar_versions, rules_digest
from ..fs.safeio import STATE_DIR, NotRegularFile, UnsafeStatePath, read_regular
from ..fs.statefiles import open_file, write_atomic
from .definitions import Symbol, scan_file, secret_warning

__all__ = ["CACHE_DIR", "INDEX_FILE", "FileEntry", "Symbol", "SymbolIndex", "load_index", "scan_file"]

CACHE_DIR = STATE_DIR
INDEX_FILE = "symbols.json"
_SCHEMA = 2  # bump when what .definitions extracts changes


@dataclass
class FileEntry:
    path: str
    language: str
    mtime_ns: int
    size: int
    doc: str = ""
    symbols: list[Symbol] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "language": self.language,
            "mtime_ns": self.mtime_ns,
            "size": self.size,
            "doc": self.doc,
            "symbols": [[s.kind, s.name, s.qualname, s.line, s.signature, s.doc, s.exported] for s in self.symbols],
        }

    @classmethod
    def from_json(cls, path: str, raw: dict) -> FileEntry:
        return cls(
            path=path,
            language=raw["language"],
            mtime_ns=int(raw["mtime_ns"]),
            size=int(raw["size"]),
            doc=str(raw.get("doc", "")),
            symbols=[Symbol(path, k, n, q, int(ln), sig, d, bool(e)) for k, n, q, ln, sig, d, e in raw["symbols"]],
        )


@dataclass
class SymbolIndex:
    """Every indexed file, by path (sorted), and every other file the walk saw."""

    root: str
    files: dict[str, FileEntry]
    other_files: list[str]  # not in a supported language (READMEs, configs, …), sorted
    warnings: list[str] = field(default_factory=list)
    hidden_files: list[str] = field(default_factory=list)  # in hidden folders (.claude/, .github/, …): not indexed
    parsed: int = 0  # files parsed by this load (not taken from the cache)

    def symbols(self) -> list[Symbol]:
        return [s for path in sorted(self.files) for s in self.files[path].symbols]

    def all_files(self) -> list[str]:
        return sorted(list(self.files) + self.other_files)


# --------------------------------------------------------------------------- the cache


def _fingerprint() -> dict:
    return {
        "schema": _SCHEMA,
        "codepith": __version__,
        "code": _version.code_stamp(),  # (an edited checkout does not read the old code's index)
        "rules": rules_digest(),
        **grammar_versions(),
    }


def _hidden(rel: str) -> bool:
    """In a hidden folder (``.github/``, ``.codepith/``, …), or git's own ``.git`` file."""
    parts = rel.split("/")
    return parts[-1] == ".git" or any(part.startswith(".") for part in parts[:-1])


def _json_bytes(payload: dict) -> bytes:
    text = json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:  # a file name that is not UTF-8: its lone surrogates as \u escapes
        return json.dumps(payload, ensure_ascii=True, sort_keys=True, separators=(",", ":")).encode("ascii")


def _read_cache(root: str, path: str, warnings: list[str]) -> dict[str, dict]:
    """The cached files of ``path`` (below ``root``, read without following a
    link: :class:`~codepith.safeio.UnsafeStatePath` when it is one); {} when
    there is none or it cannot be used."""
    try:
        fd = open_file(path, os.O_RDONLY, root=root)
    except FileNotFoundError:
        return {}
    except UnsafeStatePath:
        raise
    except OSError as exc:
        warnings.append(f"{path}: unreadable ({exc.strerror or exc}); rebuilding it")
        return {}
    try:
        with open(fd, encoding="utf-8") as f:
            raw = json.load(f)
    except (OSError, ValueError) as exc:
        warnings.append(f"{path}: unreadable ({exc}); rebuilding it")
        return {}
    if not isinstance(raw, dict) or raw.get("fingerprint") != _fingerprint() or not isinstance(raw.get("files"), dict):
        return {}
    return raw["files"]


def load_index(root: str | os.PathLike, *, cache: bool = True, max_files: int = 100_000) -> SymbolIndex:
    """The symbol index of ``root``, refreshed from the cache in ``root/.codepith/``."""
    root = os.path.abspath(os.fspath(root))
    warnings: list[str] = []
    cache_path = os.path.join(root, CACHE_DIR, INDEX_FILE)
    cached = _read_cache(root, cache_path, warnings) if cache else {}
    files: dict[str, FileEntry] = {}
    other: list[str] = []
    hidden: list[str] = []
    parsed = 0
    for entry, language in _source_files(root, max_files, other, hidden, warnings):
        file_entry, fresh = _file_entry(entry, language, cached.get(entry.path), warnings)
        if file_entry is not None:
            files[entry.path] = file_entry
            parsed += fresh
    if cache and (parsed or set(cached) != set(files)):
        _write_cache(root, cache_path, files, warnings)
    return SymbolIndex(
        root=root,
        files=dict(sorted(files.items())),
        other_files=sorted(other),
        warnings=warnings,
        parsed=parsed,
        hidden_files=hidden,
    )


def _source_files(
    root: str, max_files: int, other: list[str], hidden: list[str], warnings: list[str]
) -> Iterator[tuple[Candidate, str]]:
    """The tree's source files as (entry, language), each file once; files in
    no supported language go to ``other``, those in hidden folders to
    ``hidden``. Past ``max_files`` files the walk stops, with a warning."""
    seen = 0
    real_dirs: dict[str, str] = {}
    seen_real: set[tuple[str, str]] = set()
    for entry in walk(root, exclude=["/" + CACHE_DIR + "/"]):
        if not isinstance(entry, Candidate):
            continue
        # a folder linked from inside the tree is read once, under its first path
        folder, name = os.path.split(entry.abspath)
        real = real_dirs.get(folder)
        if real is None:
            real = real_dirs[folder] = os.path.realpath(folder)
        if (real, name) in seen_real:
            continue
        seen_real.add((real, name))
        if _hidden(entry.path):
            if os.path.basename(entry.path) != ".git":
                hidden.append(entry.path)
            continue
        seen += 1
        if seen > max_files:
            warnings.append(f"{root}: more than {max_files} files; only the first {max_files} are indexed")
            return
        language = detect_language(entry.path)
        if language is None:
            other.append(entry.path)
            continue
        yield entry, language


def _file_entry(
    entry: Candidate, language: str, raw: dict | None, warnings: list[str]
) -> tuple[FileEntry | None, bool]:
    """(the index entry of one source file, whether it was parsed now): the
    cached one (``raw``) while the file's modification time and size match,
    else a fresh parse; None when the file cannot be read."""
    try:
        st = os.stat(entry.abspath)
    except OSError:
        return None, False
    if (
        raw is not None
        and raw.get("mtime_ns") == st.st_mtime_ns
        and raw.get("size") == st.st_size
        and raw.get("language") == language
    ):
        try:
            return FileEntry.from_json(entry.path, raw), False
        except (KeyError, TypeError, ValueError):
            pass
    try:
        data = read_regular(entry.abspath, max_bytes=DEFAULT_MAX_FILE_BYTES)
    except NotRegularFile as exc:
        warnings.append(
            f"{entry.path}: {'not a regular file' if exc.reason == 'not-a-file' else 'too large'} "
            "when read; not indexed"
        )
        return None, False
    except OSError as exc:
        warnings.append(f"{entry.path}: unreadable ({exc.strerror}); not indexed")
        return None, False
    secret = secret_warning(data, entry.path)
    if secret is not None:
        warnings.append(secret)
        return None, False
    try:
        doc, symbols = scan_file(data, language, entry.path)
    except Exception as exc:  # noqa: BLE001 - one bad file costs only itself
        warnings.append(f"{entry.path}: could not be indexed ({exc})")
        doc, symbols = "", []
    return FileEntry(entry.path, language, st.st_mtime_ns, st.st_size, doc, symbols), True


def _write_cache(root: str, cache_path: str, files: dict[str, FileEntry], warnings: list[str]) -> None:
    """Replace the cache with ``files`` (atomically, never through a link); a
    cache that cannot be written is skipped, with a warning."""
    payload = {"fingerprint": _fingerprint(), "files": {p: files[p].to_json() for p in sorted(files)}}
    try:
        write_atomic(cache_path, _json_bytes(payload), root=root)
    except UnsafeStatePath:
        raise
    except OSError as exc:
        warnings.append(f"{cache_path}: cannot be written ({exc.strerror}); the index is not cached")
