"""The persistent recall index: every definition of a tree in sqlite with FTS5.

``ROOT/.codepith/recall.sqlite`` holds one row per source file (path,
language, modification time, size, content hash, doc line), one per
definition, and an FTS5 table of each definition's terms by field (name,
enclosing names, file name, folders, doc, signature, the file's doc), so a
query reads only the rows its terms match, ranked by FTS5's ``bm25()``.

:func:`open_store` brings the index up to date before a query. When nothing
changed it costs one ``stat`` per known folder and file: a folder whose
modification time moved (a file added, removed or renamed) or a changed
``.gitignore`` makes it walk the tree again (``.gitignore`` honoured, as
:mod:`.symbols` does), reusing every file whose time and size are unchanged;
a file whose time or size moved is read again, and parsed again only when its
content hash differs. The first build streams the tree (files are parsed and
written in batches, never held whole) and reports its progress through a
callback (files parsed so far, and whether it is done). A ``.codepith``
folder or an index file that is a symlink is refused
(:class:`~codepith.safeio.UnsafeStatePath`). When this Python's sqlite has no
FTS5, :func:`fts5_available` is False and recall scans the tree instead.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sqlite3
import stat
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from .._version import __version__
from ..core.languages import detect_language
from ..core.safeio import DEFAULT_MAX_FILE_BYTES, STATE_DIR, NotRegularFile, is_link, read_regular
from ..core.statefiles import folder, refused
from .definitions import Symbol, scan_file, secret_warning
from .terms import path_terms, terms

if TYPE_CHECKING:  # the walk is imported when the tree changed, not on every query
    from ..core.discover import Candidate

__all__ = ["DB_FILE", "FIELDS", "Store", "fts5_available", "open_store"]

DB_FILE = "recall.sqlite"
_SCHEMA = "1"
_BATCH = 200
#: the FTS5 columns, in order; a symbol's terms by field
FIELDS = ("name", "qual", "file", "dirs", "doc", "sig", "filedoc")

#: called with (files parsed so far, whether the build is done)
Progress = Callable[[int, bool], None]


def fts5_available() -> bool:
    """Whether this Python's sqlite3 has the FTS5 extension."""
    try:
        con = sqlite3.connect(":memory:")
        try:
            con.execute("CREATE VIRTUAL TABLE t USING fts5(a)")
        finally:
            con.close()
    except sqlite3.Error:
        return False
    return True


def _fingerprint() -> str:
    """What the index was built with: its schema, codepith's version and the
    parsing stack's installed files. An upgrade of tree-sitter or of the
    language pack rewrites their files, which rebuilds the index. (Their
    versions would say the same, but reading package metadata costs the
    per-prompt hook a tenth of its time.)"""
    parts = [_SCHEMA, __version__]
    for package in ("tree_sitter", "tree_sitter_language_pack"):
        spec = importlib.util.find_spec(package)
        origin = spec.origin if spec is not None else None
        try:
            st = os.stat(origin) if origin else None
        except OSError:
            st = None
        parts.append(f"{package}={origin}:{st.st_mtime_ns}:{st.st_size}" if st else f"{package}=missing")
    return ";".join(parts)


_TABLES = f"""
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS files(path TEXT PRIMARY KEY, language TEXT, mtime_ns INTEGER, size INTEGER,
    hash TEXT, doc TEXT);
CREATE TABLE IF NOT EXISTS others(path TEXT PRIMARY KEY, hidden INTEGER, mtime_ns INTEGER, size INTEGER);
CREATE TABLE IF NOT EXISTS dirs(path TEXT PRIMARY KEY, mtime_ns INTEGER);
CREATE TABLE IF NOT EXISTS warnings(path TEXT PRIMARY KEY, text TEXT);
CREATE TABLE IF NOT EXISTS symbols(id INTEGER PRIMARY KEY, path TEXT, kind TEXT, name TEXT, qualname TEXT,
    line INTEGER, signature TEXT, doc TEXT, exported INTEGER);
CREATE INDEX IF NOT EXISTS symbols_path ON symbols(path);
CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5({", ".join(FIELDS)}, tokenize="unicode61");
CREATE VIRTUAL TABLE IF NOT EXISTS fts_vocab USING fts5vocab(fts, 'row');
"""


def _db_path(root: str) -> str:
    """``ROOT/.codepith/recall.sqlite``, its folder created; a link on the way,
    or at the database or its journal, is refused."""
    with folder(root, STATE_DIR, create=True):
        pass  # creates .codepith (with its .gitignore) without following a link
    path = os.path.join(root, STATE_DIR, DB_FILE)
    for name in (path, path + "-journal", path + "-wal", path + "-shm"):
        try:
            st = os.lstat(name)
        except FileNotFoundError:
            continue
        if is_link(st) or not stat.S_ISREG(st.st_mode):
            raise refused(name, "a symlink" if is_link(st) else "not a regular file")
    return path


class Store:
    """An open recall index of ``root``: ``con`` (sqlite), and the warnings of its last refresh."""

    def __init__(self, root: str, con: sqlite3.Connection) -> None:
        self.root = root
        self.con = con
        self.parsed = 0
        self.next_id = (con.execute("SELECT max(id) FROM symbols").fetchone()[0] or 0) + 1

    def close(self) -> None:
        self.con.close()

    def warnings(self) -> list[str]:
        return [t for (t,) in self.con.execute("SELECT text FROM warnings ORDER BY path")]

    def count(self) -> int:
        return self.con.execute("SELECT count(*) FROM symbols").fetchone()[0]

    def language(self, path: str) -> str:
        row = self.con.execute("SELECT language FROM files WHERE path = ?", (path,)).fetchone()
        return row[0] if row else ""

    def file_doc(self, path: str) -> str:
        row = self.con.execute("SELECT doc FROM files WHERE path = ?", (path,)).fetchone()
        return row[0] if row else ""

    def exists(self, path: str) -> bool:
        """Whether ``path`` is a file or folder of the tree."""
        con = self.con
        for table in ("files", "others"):
            if con.execute(f"SELECT 1 FROM {table} WHERE path = ?", (path,)).fetchone():  # noqa: S608
                return True
            if con.execute(f"SELECT 1 FROM {table} WHERE path > ? AND path < ? LIMIT 1",  # noqa: S608
                           (path + "/", path + "0")).fetchone():
                return True
        return False

    def hidden_files(self) -> list[str]:
        return [p for (p,) in self.con.execute("SELECT path FROM others WHERE hidden = 1 ORDER BY path")]

    def df(self, words: Iterable[str]) -> dict[str, int]:
        """How many definitions hold each of ``words`` (in any field)."""
        words = list(words)
        if not words:
            return {}
        marks = ",".join("?" * len(words))
        rows = self.con.execute(f"SELECT term, doc FROM fts_vocab WHERE term IN ({marks})", words)  # noqa: S608
        out = dict.fromkeys(words, 0)
        out.update({t: int(d) for t, d in rows})
        return out

    def match(self, words: Iterable[str], weights: tuple[float, ...],
              limit: int) -> list[tuple[Symbol, tuple[set[str], ...]]]:
        """The ``limit`` definitions that hold any of ``words``, best ``bm25()``
        first, each with its terms by field (in the order of :data:`FIELDS`)."""
        words = sorted({w for w in words if w})
        if not words:
            return []
        expr = " OR ".join('"' + w.replace('"', '""') + '"' for w in words)
        sql = (f"SELECT s.path, s.kind, s.name, s.qualname, s.line, s.signature, s.doc, s.exported, "
               f"{', '.join('f.' + c for c in FIELDS)} "
               f"FROM (SELECT rowid, bm25(fts, {', '.join(str(w) for w in weights)}) AS r FROM fts "
               f"WHERE fts MATCH ? ORDER BY r LIMIT ?) m JOIN symbols s ON s.id = m.rowid "
               f"JOIN fts f ON f.rowid = m.rowid ORDER BY m.r")
        return [(_symbol(row[:8]), tuple(set(c.split()) for c in row[8:]))
                for row in self.con.execute(sql, (expr, limit))]

    def under(self, path: str, limit: int) -> list[Symbol]:
        """The definitions of the file ``path``, or of the files below the folder
        ``path`` (with ``path`` empty: of the files at the root)."""
        if not path:
            rows = self.con.execute(
                "SELECT path, kind, name, qualname, line, signature, doc, exported FROM symbols "
                "WHERE instr(path, '/') = 0 ORDER BY path, line LIMIT ?", (limit,))
            return [_symbol(row) for row in rows]
        rows = self.con.execute(
            "SELECT path, kind, name, qualname, line, signature, doc, exported FROM symbols "
            "WHERE path = ? OR (path > ? AND path < ?) ORDER BY path, line LIMIT ?",
            (path, path + "/", path + "0", limit))
        return [_symbol(row) for row in rows]


def _symbol(row: tuple) -> Symbol:
    path, kind, name, qualname, line, signature, doc, exported = row
    return Symbol(path, kind, name, qualname, int(line), signature, doc, bool(exported))


def open_store(root: str, *, progress: Progress | None = None, max_files: int = 100_000) -> Store:
    """The recall index of ``root``, brought up to date (see the module's doc)."""
    path = _db_path(root)
    try:
        con = _connect(path)
    except sqlite3.DatabaseError:
        os.unlink(path)  # not a database codepith can read: rebuilt
        con = _connect(path)
    store = Store(root, con)
    try:
        _refresh(store, progress, max_files)
    except BaseException:
        con.close()
        raise
    return store


def _connect(path: str) -> sqlite3.Connection:
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA busy_timeout = 10000")
    con.execute("PRAGMA synchronous = NORMAL")
    row = None
    try:
        row = con.execute("SELECT value FROM meta WHERE key = 'fingerprint'").fetchone()
    except sqlite3.OperationalError:
        pass
    if row is None or row[0] != _fingerprint():
        for table in ("fts_vocab", "fts", "symbols", "files", "others", "dirs", "warnings", "meta"):
            con.execute(f"DROP TABLE IF EXISTS {table}")
        con.executescript(_TABLES)
        con.execute("INSERT INTO meta VALUES ('fingerprint', ?)", (_fingerprint(),))
        con.execute("INSERT INTO meta VALUES ('built', '0')")
    return con


# --------------------------------------------------------------------------- refresh


def _mtime(path: str) -> int | None:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


def _refresh(store: Store, progress: Progress | None, max_files: int) -> None:
    """Bring the index up to date: nothing when no folder, ``.gitignore`` or
    file changed; the changed files only when no folder changed; else a walk."""
    con, root = store.con, store.root
    built = con.execute("SELECT value FROM meta WHERE key = 'built'").fetchone()[0] == "1"
    if built and not _tree_moved(con, root):
        changed = []
        for path, mtime_ns, size in con.execute("SELECT path, mtime_ns, size FROM files").fetchall():
            try:
                st = os.stat(os.path.join(root, path))
            except OSError:
                changed = None
                break
            if st.st_mtime_ns != mtime_ns or st.st_size != size:
                changed.append(path)
        if changed is not None:
            if changed:
                from ..core.discover import Candidate

                con.execute("BEGIN IMMEDIATE")
                for path in changed:
                    _update_file(store, Candidate(path, os.path.join(root, path), 0),
                                 detect_language(path) or "")
                con.execute("COMMIT")
            return
    _walk_all(store, progress, max_files)


def _tree_moved(con: sqlite3.Connection, root: str) -> bool:
    """Whether a folder's modification time or an ignore file's time or size changed."""
    for path, mtime_ns in con.execute("SELECT path, mtime_ns FROM dirs"):
        if _mtime(os.path.join(root, path) if path else root) != mtime_ns:
            return True
    rows = con.execute("SELECT path, mtime_ns, size FROM others WHERE path = '.gitignore' OR path LIKE '%/.gitignore'")
    for path, mtime_ns, size in rows:
        try:
            st = os.stat(os.path.join(root, path))
        except OSError:
            return True
        if (st.st_mtime_ns, st.st_size) != (mtime_ns, size):
            return True
    return False


def _walk_all(store: Store, progress: Progress | None, max_files: int) -> None:
    """Walk the tree, streaming: new and changed files parsed and written in
    batches, files gone removed, the folders' times recorded."""
    from ..core.discover import Candidate, walk

    con, root = store.con, store.root
    known = {p: (m, s) for p, m, s in con.execute("SELECT path, mtime_ns, size FROM files")}
    seen: set[str] = set()
    dirs: set[str] = {""}
    con.execute("BEGIN IMMEDIATE")
    con.execute("DELETE FROM others")
    con.execute("DELETE FROM dirs")
    count = 0
    for entry in walk(root, exclude=["/" + STATE_DIR + "/"]):
        parent = entry.path.rsplit("/", 1)[0] if "/" in entry.path else ""
        while parent not in dirs:
            dirs.add(parent)
            parent = parent.rsplit("/", 1)[0] if "/" in parent else ""
        if not isinstance(entry, Candidate) or os.path.basename(entry.path) == ".git":
            continue
        count += 1
        if count > max_files:
            _warn(con, root, f"{root}: more than {max_files} files; only the first {max_files} are indexed")
            break
        hidden = any(part.startswith(".") for part in entry.path.split("/")[:-1])
        language = None if hidden else detect_language(entry.path)
        if language is None:
            _other(con, entry, hidden)
            continue
        seen.add(entry.path)
        if _fresh(entry, known.get(entry.path)):
            continue
        _update_file(store, entry, language)
        if store.parsed % _BATCH == 0:
            con.execute("COMMIT")
            if progress is not None:
                progress(store.parsed, False)
            con.execute("BEGIN IMMEDIATE")
    for path in set(known) - seen:
        _drop(con, path)
    con.executemany("INSERT OR REPLACE INTO dirs VALUES (?, ?)",
                    [(d, _mtime(os.path.join(root, d) if d else root)) for d in sorted(dirs)])
    con.execute("UPDATE meta SET value = '1' WHERE key = 'built'")
    con.execute("COMMIT")
    if progress is not None and store.parsed:
        progress(store.parsed, True)


def _fresh(entry: Candidate, known: tuple[int, int] | None) -> bool:
    if known is None:
        return False
    try:
        st = os.stat(entry.abspath)
    except OSError:
        return False
    return (st.st_mtime_ns, st.st_size) == known


def _other(con: sqlite3.Connection, entry: Candidate, hidden: bool) -> None:
    try:
        st = os.stat(entry.abspath)
    except OSError:
        return
    con.execute("INSERT OR REPLACE INTO others VALUES (?, ?, ?, ?)",
                (entry.path, int(hidden), st.st_mtime_ns, st.st_size))


def _warn(con: sqlite3.Connection, path: str, text: str) -> None:
    con.execute("INSERT OR REPLACE INTO warnings VALUES (?, ?)", (path, text))


def _drop(con: sqlite3.Connection, path: str) -> None:
    con.execute("DELETE FROM fts WHERE rowid IN (SELECT id FROM symbols WHERE path = ?)", (path,))
    con.execute("DELETE FROM symbols WHERE path = ?", (path,))
    con.execute("DELETE FROM files WHERE path = ?", (path,))
    con.execute("DELETE FROM warnings WHERE path = ?", (path,))


def _update_file(store: Store, entry: Candidate, language: str) -> None:
    """Read one file; parse it again only when its content hash changed."""
    con = store.con
    try:
        st = os.stat(entry.abspath)
        data = read_regular(entry.abspath, max_bytes=DEFAULT_MAX_FILE_BYTES)
    except NotRegularFile as exc:
        _drop(con, entry.path)
        _warn(con, entry.path, f"{entry.path}: {'not a regular file' if exc.reason == 'not-a-file' else 'too large'}"
              " when read; not indexed")
        return
    except OSError as exc:
        _drop(con, entry.path)
        if not isinstance(exc, FileNotFoundError):
            _warn(con, entry.path, f"{entry.path}: unreadable ({exc.strerror}); not indexed")
        return
    digest = hashlib.blake2b(data, digest_size=16).hexdigest()
    row = con.execute("SELECT hash, language FROM files WHERE path = ?", (entry.path,)).fetchone()
    if row is not None and row == (digest, language):
        con.execute("UPDATE files SET mtime_ns = ?, size = ? WHERE path = ?", (st.st_mtime_ns, st.st_size, entry.path))
        return
    _drop(con, entry.path)
    secret = secret_warning(data, entry.path)
    if secret is not None:  # no definition indexed, said on every query; kept as a file, so an edit is seen
        _warn(con, entry.path, secret)
        con.execute("INSERT INTO files VALUES (?, ?, ?, ?, ?, ?)",
                    (entry.path, language, st.st_mtime_ns, st.st_size, digest, ""))
        return
    try:
        doc, symbols = scan_file(data, language, entry.path)
    except Exception as exc:  # noqa: BLE001 - one bad file costs only itself
        _warn(con, entry.path, f"{entry.path}: could not be indexed ({exc})")
        doc, symbols = "", []
    store.parsed += 1
    con.execute("INSERT INTO files VALUES (?, ?, ?, ?, ?, ?)",
                (entry.path, language, st.st_mtime_ns, st.st_size, digest, doc))
    file_terms, dir_terms = path_terms(entry.path)
    doc_terms = " ".join(sorted(terms(doc)))
    first = store.next_id
    store.next_id += len(symbols)
    con.executemany("INSERT INTO symbols VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [(first + n, s.path, s.kind, s.name, s.qualname, s.line, s.signature, s.doc, int(s.exported))
                     for n, s in enumerate(symbols)])
    con.executemany(f"INSERT INTO fts(rowid, {', '.join(FIELDS)}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [(first + n, *_fields(s, file_terms, dir_terms, doc_terms)) for n, s in enumerate(symbols)])


def _fields(sym: Symbol, file_terms: set[str], dir_terms: set[str], doc_terms: str) -> tuple[str, ...]:
    """A definition's terms by field (:data:`FIELDS`), each a space-separated string."""
    name = terms(sym.name)
    parents = terms(" ".join(sym.qualname.split(".")[:-1]))
    return (" ".join(sorted(name)), " ".join(sorted(parents)), " ".join(sorted(file_terms)),
            " ".join(sorted(dir_terms)), " ".join(sorted(terms(sym.doc))),
            " ".join(sorted(terms(sym.signature) - name)), doc_terms)
