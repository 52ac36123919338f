"""The recall index's file: its tables, who may write it, and what to do when it breaks.

``ROOT/.codepith/recall.sqlite`` is written by one process at a time: a
refresh holds an exclusive lock on ``ROOT/.codepith/recall.lock``
(:func:`writer_lock`, waiting at most :data:`LOCK_WAIT` seconds). The file is
in WAL mode, so a query that reads it never waits for a writer, nor a writer
for it. An index that sqlite reports as broken (:func:`broken`: not a
database, malformed, a constraint failed) is removed under the lock
(:func:`discard_files`) and built again; an error of the disk, of access
rights or of another program is not mended by a rebuild and is raised.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import sqlite3
from collections.abc import Iterator

from .._version import __version__
from ..errors import CodepithError
from ..fs.locking import LockTimeout, exclusive
from ..fs.safeio import STATE_DIR
from ..fs.statefiles import open_file

__all__ = [
    "DB_FILE",
    "FIELDS",
    "LOCK_FILE",
    "LOCK_WAIT",
    "WHOLE",
    "IndexBusy",
    "broken",
    "connect",
    "discard_files",
    "from_db",
    "fts5_available",
    "to_db",
    "writer_lock",
]

DB_FILE = "recall.sqlite"
LOCK_FILE = "recall.lock"
#: the longest wait, in seconds, for another process's refresh (a first build of a large tree included)
LOCK_WAIT = 300.0
_SCHEMA = "2"
#: the FTS5 columns, in order; a symbol's terms by field
FIELDS = ("name", "qual", "file", "dirs", "doc", "sig", "filedoc")
#: the FTS5 column after them: the symbol's whole name as one token (:func:`~.terms.name_key`)
WHOLE = "whole"


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
CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5({", ".join(FIELDS)}, {WHOLE}, tokenize="unicode61");
CREATE VIRTUAL TABLE IF NOT EXISTS fts_vocab USING fts5vocab(fts, 'row');
"""


def broken(exc: sqlite3.Error) -> bool:
    """Whether ``exc`` says the index itself is unusable (a rebuild mends it), not
    the disk, the folder's rights or another process (a rebuild would fail too)."""
    name = getattr(exc, "sqlite_errorname", None)  # Python 3.11+
    if name:
        return not name.startswith(_ENVIRONMENT)
    text = str(exc).lower()
    return not any(t in text for t in _ENVIRONMENT_TEXT)


#: sqlite's result codes (and their extended forms) that a rebuild cannot mend
_ENVIRONMENT = (
    "SQLITE_BUSY",
    "SQLITE_LOCKED",
    "SQLITE_READONLY",
    "SQLITE_FULL",
    "SQLITE_IOERR",
    "SQLITE_CANTOPEN",
    "SQLITE_PERM",
    "SQLITE_NOMEM",
    "SQLITE_INTERRUPT",
    "SQLITE_PROTOCOL",
    "SQLITE_NOLFS",
    "SQLITE_AUTH",
)
_ENVIRONMENT_TEXT = (
    "locked",
    "readonly",
    "disk i/o error",
    "is full",
    "unable to open",
    "out of memory",
    "interrupted",
    "not authorized",
)


class IndexBusy(CodepithError):
    """Another process held the recall index's lock for longer than :data:`LOCK_WAIT`."""


@contextlib.contextmanager
def writer_lock(root: str) -> Iterator[None]:
    """Hold the writers' lock of ``root``'s index for the block (:class:`IndexBusy` after :data:`LOCK_WAIT`)."""
    lock_path = os.path.join(root, STATE_DIR, LOCK_FILE)
    fd = open_file(lock_path, os.O_RDWR | os.O_CREAT, root=root)
    try:
        with exclusive(fd, timeout=LOCK_WAIT):
            yield
    except LockTimeout:
        raise IndexBusy(
            f"{lock_path}: another codepith has been updating the recall index for over "
            f"{LOCK_WAIT:g} s: run again when it is done"
        ) from None
    finally:
        os.close(fd)


def discard_files(path: str) -> None:
    """Remove the index and its journals (called under the writers' lock)."""
    for name in (path, path + "-journal", path + "-wal", path + "-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name)


def connect(path: str) -> sqlite3.Connection:
    """A connection to the index at ``path``, its tables made anew when it was
    built by another codepith or parsing stack (call under the writers' lock)."""
    con = sqlite3.connect(path, isolation_level=None)
    try:
        con.execute("PRAGMA busy_timeout = 10000")
        con.execute("PRAGMA journal_mode = WAL")  # readers never wait for the writer, nor it for them
        con.execute("PRAGMA synchronous = NORMAL")
        row = None
        try:
            row = con.execute("SELECT value FROM meta WHERE key = 'fingerprint'").fetchone()
        except sqlite3.OperationalError as exc:
            if not broken(exc):
                raise
        if row is None or row[0] != _fingerprint():
            con.execute("BEGIN IMMEDIATE")
            for table in ("fts_vocab", "fts", "symbols", "files", "others", "dirs", "warnings", "meta"):
                con.execute(f"DROP TABLE IF EXISTS {table}")
            for statement in filter(str.strip, _TABLES.split(";")):
                con.execute(statement)
            con.execute("INSERT INTO meta VALUES ('fingerprint', ?)", (_fingerprint(),))
            con.execute("INSERT INTO meta VALUES ('built', '0')")
            con.execute("COMMIT")
    except BaseException:
        con.close()
        raise
    return con


# --------------------------------------------------------------------------- names that are not UTF-8

#: what a stored path escapes: its escape character, and lone surrogates (the
#: bytes of a file name that is not UTF-8, as ``os.fsdecode`` carries them),
#: which sqlite cannot hold as text
_TO_ESCAPE = re.compile("[\\\\\ud800-\udfff]")
_ESCAPE = re.compile(r"\\(\\|u[0-9a-f]{4})")


def to_db(path: str) -> str:
    """``path`` as the index stores it: valid UTF-8 whatever its name's bytes,
    ``\\`` written ``\\\\`` and a lone surrogate ``\\udcXX``, so that
    :func:`from_db` gives the very path back (``/`` is kept: prefixes still sort)."""
    if path.isascii() and "\\" not in path:
        return path
    return _TO_ESCAPE.sub(lambda m: "\\\\" if m.group() == "\\" else f"\\u{ord(m.group()):04x}", path)


def from_db(stored: str) -> str:
    """The path that :func:`to_db` stored as ``stored``."""
    if "\\" not in stored:
        return stored
    return _ESCAPE.sub(lambda m: "\\" if m.group(1) == "\\" else chr(int(m.group(1)[1:], 16)), stored)
