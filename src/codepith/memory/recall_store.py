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
callback (files parsed so far, and whether it is done). Processes take
turns to refresh it (an exclusive lock on ``ROOT/.codepith/recall.lock``), and
each then reads it in one read transaction (WAL: readers and the writer never
wait for each other); an index found broken is removed and built again. A ``.codepith``
folder or an index file that is a symlink is refused
(:class:`~codepith.safeio.UnsafeStatePath`). When this Python's sqlite has no
FTS5, :func:`fts5_available` is False and recall scans the tree instead.
"""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import stat
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ..core.languages import detect_language
from ..fs.paths import display_name
from ..fs.safeio import DEFAULT_MAX_FILE_BYTES, STATE_DIR, NotRegularFile, is_link, read_regular
from ..fs.statefiles import folder, refused
from .definitions import Symbol, scan_file, secret_warning
from .recall_db import (
    DB_FILE,
    FIELDS,
    WHOLE,
    IndexBusy,
    broken,
    connect,
    discard_files,
    from_db,
    fts5_available,
    to_db,
    writer_lock,
)
from .terms import name_key, path_terms, terms

if TYPE_CHECKING:  # the walk is imported when the tree changed, not on every query
    from ..core.discover import Candidate

__all__ = ["DB_FILE", "FIELDS", "IndexBusy", "Store", "broken", "discard", "fts5_available", "open_store"]

_BATCH = 200
#: the bm25 weight of a whole-name match: above any field's, so a definition the query names is a candidate
WHOLE_WEIGHT = 10.0
#: called with (files parsed so far, whether the build is done)
Progress = Callable[[int, bool], None]


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

    def close(self) -> None:
        self.con.close()

    def warnings(self) -> list[str]:
        return [t for (t,) in self.con.execute("SELECT text FROM warnings ORDER BY path")]

    def count(self) -> int:
        return self.con.execute("SELECT count(*) FROM symbols").fetchone()[0]

    def language(self, path: str) -> str:
        row = self.con.execute("SELECT language FROM files WHERE path = ?", (to_db(path),)).fetchone()
        return row[0] if row else ""

    def file_doc(self, path: str) -> str:
        row = self.con.execute("SELECT doc FROM files WHERE path = ?", (to_db(path),)).fetchone()
        return row[0] if row else ""

    def exists(self, path: str) -> bool:
        """Whether ``path`` is a file or folder of the tree."""
        con, path = self.con, to_db(path)
        for table in ("files", "others"):
            if con.execute(f"SELECT 1 FROM {table} WHERE path = ?", (path,)).fetchone():  # noqa: S608
                return True
            if con.execute(
                f"SELECT 1 FROM {table} WHERE path > ? AND path < ? LIMIT 1",  # noqa: S608
                (path + "/", path + "0"),
            ).fetchone():
                return True
        return False

    def hidden_files(self) -> list[str]:
        return [from_db(p) for (p,) in self.con.execute("SELECT path FROM others WHERE hidden = 1 ORDER BY path")]

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

    def match(
        self, words: Iterable[str], weights: tuple[float, ...], limit: int, names: Iterable[str] = ()
    ) -> list[tuple[Symbol, tuple[set[str], ...]]]:
        """The ``limit`` definitions that hold any of ``words`` or whose whole
        name is one of ``names`` (:func:`~.terms.name_key` tokens), best
        ``bm25()`` first (ties by path, line and name, so the pick never depends
        on the order files were indexed in), each with its terms by field (in
        the order of :data:`FIELDS`)."""
        phrases = ['"' + w.replace('"', '""') + '"' for w in sorted({w for w in words if w})]
        phrases += [f'{WHOLE} : "' + k.replace('"', '""') + '"' for k in sorted({k for k in names if k})]
        if not phrases:
            return []
        sql = (
            f"SELECT s.path, s.kind, s.name, s.qualname, s.line, s.signature, s.doc, s.exported, "
            f"{', '.join('f.' + c for c in FIELDS)} "
            f"FROM (SELECT fts.rowid AS id, bm25(fts, {', '.join(str(w) for w in weights)}, {WHOLE_WEIGHT}) AS r "
            f"FROM fts JOIN symbols t ON t.id = fts.rowid WHERE fts MATCH ? ORDER BY r, t.path, t.line, t.name "
            f"LIMIT ?) m JOIN symbols s ON s.id = m.id JOIN fts f ON f.rowid = m.id "
            f"ORDER BY m.r, s.path, s.line, s.name"
        )
        return [
            (_symbol(row[:8]), tuple(set(c.split()) for c in row[8:]))
            for row in self.con.execute(sql, (" OR ".join(phrases), limit))
        ]

    def under(self, path: str, limit: int) -> list[Symbol]:
        """The definitions of the file ``path``, or of the files below the folder
        ``path`` (with ``path`` empty: of the files at the root)."""
        if not path:
            rows = self.con.execute(
                "SELECT path, kind, name, qualname, line, signature, doc, exported FROM symbols "
                "WHERE instr(path, '/') = 0 ORDER BY path, line LIMIT ?",
                (limit,),
            )
            return [_symbol(row) for row in rows]
        path = to_db(path)
        rows = self.con.execute(
            "SELECT path, kind, name, qualname, line, signature, doc, exported FROM symbols "
            "WHERE path = ? OR (path > ? AND path < ?) ORDER BY path, line LIMIT ?",
            (path, path + "/", path + "0", limit),
        )
        return [_symbol(row) for row in rows]


def _symbol(row: tuple) -> Symbol:
    path, kind, name, qualname, line, signature, doc, exported = row
    return Symbol(from_db(path), kind, name, qualname, int(line), signature, doc, bool(exported))


def open_store(root: str, *, progress: Progress | None = None, max_files: int = 100_000) -> Store:
    """The recall index of ``root``, brought up to date (see the module's doc).

    Writers take turns: the refresh runs under an exclusive lock on
    ``ROOT/.codepith/recall.lock`` (waiting at most :data:`LOCK_WAIT` seconds,
    else :class:`IndexBusy`), and the store is handed over inside a read
    transaction begun under that lock, so every query of it sees the index as
    this refresh left it, whatever other processes write meanwhile. An index
    found broken (not a database, malformed, a constraint failed) is removed and
    built again, once, under the same lock; an error of the disk or of access
    (:func:`broken` False) is raised."""
    path = _db_path(root)
    with writer_lock(root):
        try:
            return _refreshed(root, path, progress, max_files)
        except sqlite3.DatabaseError as exc:
            if not broken(exc):
                raise
        discard_files(path)
        return _refreshed(root, path, progress, max_files)


def discard(root: str) -> None:
    """Remove the recall index of ``root`` (under the writers' lock), so the next query builds it again."""
    path = _db_path(root)
    with writer_lock(root):
        discard_files(path)


def _refreshed(root: str, path: str, progress: Progress | None, max_files: int) -> Store:
    """The index at ``path`` brought up to date, inside a read transaction (see :func:`open_store`)."""
    con = connect(path)
    try:
        store = Store(root, con)
        _refresh(store, progress, max_files)
        con.execute("BEGIN")
        con.execute("SELECT count(*) FROM files").fetchone()  # the snapshot starts here, under the lock
    except BaseException:
        con.close()
        raise
    return store


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
        changed: list[str] = []
        for stored, mtime_ns, size in con.execute("SELECT path, mtime_ns, size FROM files").fetchall():
            path = from_db(stored)
            try:
                st = os.stat(os.path.join(root, path))
            except OSError:
                break  # a file is gone: walk again
            if st.st_mtime_ns != mtime_ns or st.st_size != size:
                changed.append(path)
        else:  # every file is still there
            if changed:
                from ..core.discover import Candidate

                con.execute("BEGIN IMMEDIATE")
                for path in changed:
                    _update_file(store, Candidate(path, os.path.join(root, path), 0), detect_language(path) or "")
                con.execute("COMMIT")
            return
    _walk_all(store, progress, max_files)


def _tree_moved(con: sqlite3.Connection, root: str) -> bool:
    """Whether a folder's modification time or an ignore file's time or size changed."""
    for stored, mtime_ns in con.execute("SELECT path, mtime_ns FROM dirs"):
        path = from_db(stored)
        if _mtime(os.path.join(root, path) if path else root) != mtime_ns:
            return True
    rows = con.execute("SELECT path, mtime_ns, size FROM others WHERE path = '.gitignore' OR path LIKE '%/.gitignore'")
    for stored, mtime_ns, size in rows:
        try:
            st = os.stat(os.path.join(root, from_db(stored)))
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
    known = {from_db(p): (m, s) for p, m, s in con.execute("SELECT path, mtime_ns, size FROM files")}
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
            _warn(
                con, root, f"{display_name(root)}: more than {max_files} files; only the first {max_files} are indexed"
            )
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
    con.executemany(
        "INSERT OR REPLACE INTO dirs VALUES (?, ?)",
        [(to_db(d), _mtime(os.path.join(root, d) if d else root)) for d in sorted(dirs)],
    )
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
    con.execute(
        "INSERT OR REPLACE INTO others VALUES (?, ?, ?, ?)",
        (to_db(entry.path), int(hidden), st.st_mtime_ns, st.st_size),
    )


def _warn(con: sqlite3.Connection, path: str, text: str) -> None:
    """Keep the warning ``text`` about ``path`` (its name's bytes that are not UTF-8 shown as escapes)."""
    con.execute("INSERT OR REPLACE INTO warnings VALUES (?, ?)", (to_db(path), _LONE.sub(_shown, text)))


_LONE = re.compile("[\ud800-\udfff]")


def _shown(match: re.Match) -> str:
    return display_name(match.group())


def _drop(con: sqlite3.Connection, path: str) -> None:
    path = to_db(path)
    con.execute("DELETE FROM fts WHERE rowid IN (SELECT id FROM symbols WHERE path = ?)", (path,))
    con.execute("DELETE FROM symbols WHERE path = ?", (path,))
    con.execute("DELETE FROM files WHERE path = ?", (path,))
    con.execute("DELETE FROM warnings WHERE path = ?", (path,))


def _update_file(store: Store, entry: Candidate, language: str) -> None:
    """Read one file; parse it again only when its content hash changed."""
    con, key, shown = store.con, to_db(entry.path), display_name(entry.path)
    try:
        st = os.stat(entry.abspath)
        data = read_regular(entry.abspath, max_bytes=DEFAULT_MAX_FILE_BYTES)
    except NotRegularFile as exc:
        _drop(con, entry.path)
        _warn(
            con,
            entry.path,
            f"{shown}: {'not a regular file' if exc.reason == 'not-a-file' else 'too large'} when read; not indexed",
        )
        return
    except OSError as exc:
        _drop(con, entry.path)
        if not isinstance(exc, FileNotFoundError):
            _warn(con, entry.path, f"{shown}: unreadable ({exc.strerror}); not indexed")
        return
    digest = hashlib.blake2b(data, digest_size=16).hexdigest()
    row = con.execute("SELECT hash, language FROM files WHERE path = ?", (key,)).fetchone()
    if row is not None and row == (digest, language):
        con.execute("UPDATE files SET mtime_ns = ?, size = ? WHERE path = ?", (st.st_mtime_ns, st.st_size, key))
        return
    _drop(con, entry.path)
    secret = secret_warning(data, entry.path)
    if secret is not None:  # no definition indexed, said on every query; kept as a file, so an edit is seen
        _warn(con, entry.path, secret)
        con.execute(
            "INSERT INTO files VALUES (?, ?, ?, ?, ?, ?)", (key, language, st.st_mtime_ns, st.st_size, digest, "")
        )
        return
    try:
        doc, symbols = scan_file(data, language, entry.path)
    except Exception as exc:  # noqa: BLE001 - one bad file costs only itself
        _warn(con, entry.path, f"{shown}: could not be indexed ({exc})")
        doc, symbols = "", []
    store.parsed += 1
    con.execute("INSERT INTO files VALUES (?, ?, ?, ?, ?, ?)", (key, language, st.st_mtime_ns, st.st_size, digest, doc))
    file_terms, dir_terms = path_terms(entry.path)
    doc_terms = " ".join(sorted(terms(doc)))
    # the next free ids, read inside this write transaction (never before it: another process may have written)
    first = con.execute("SELECT coalesce(max(id), 0) + 1 FROM symbols").fetchone()[0]
    con.executemany(
        "INSERT INTO symbols VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (first + n, to_db(s.path), s.kind, s.name, s.qualname, s.line, s.signature, s.doc, int(s.exported))
            for n, s in enumerate(symbols)
        ],
    )
    con.executemany(
        f"INSERT INTO fts(rowid, {', '.join(FIELDS)}, {WHOLE}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(first + n, *_fields(s, file_terms, dir_terms, doc_terms), name_key(s.name)) for n, s in enumerate(symbols)],
    )


def _fields(sym: Symbol, file_terms: set[str], dir_terms: set[str], doc_terms: str) -> tuple[str, ...]:
    """A definition's terms by field (:data:`FIELDS`), each a space-separated string."""
    name = terms(sym.name)
    parents = terms(" ".join(sym.qualname.split(".")[:-1]))
    return (
        " ".join(sorted(name)),
        " ".join(sorted(parents)),
        " ".join(sorted(file_terms)),
        " ".join(sorted(dir_terms)),
        " ".join(sorted(terms(sym.doc))),
        " ".join(sorted(terms(sym.signature) - name)),
        doc_terms,
    )
