"""A results cache for bulk runs: sqlite, keyed by content and configuration.

A key is the BLAKE2b hash of a file's bytes plus a fingerprint of everything
else that decides the result: the level(s), options, codepith's version and
the grammar and tokenizer versions. A cache that is corrupt is rebuilt; one
that is locked or unwritable is bypassed. Both with a warning, never a crash.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sqlite3
import sys
import warnings
from pathlib import Path

__all__ = ["ResultCache", "default_cache_dir", "content_key"]

_SCHEMA = 3


def default_cache_dir() -> Path:
    """The user's cache folder for codepith (``$XDG_CACHE_HOME/codepith`` and the like)."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser("~\\AppData\\Local")
    elif sys.platform == "darwin":
        base = os.path.expanduser("~/Library/Caches")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return Path(base) / "codepith"


def content_key(data: bytes, fingerprint: str) -> bytes:
    h = hashlib.blake2b(data, digest_size=20)
    h.update(b"\0")
    h.update(fingerprint.encode("utf-8"))
    return h.digest()


class ResultCache:
    """get/put of pickled results by key; every failure degrades to a miss."""

    def __init__(self, directory: str | os.PathLike | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_cache_dir()
        self.path = self.directory / "results.sqlite"
        self.db: sqlite3.Connection | None = None
        self.pending: list[tuple[bytes, bytes]] = []
        self._open()

    def _warn(self, message: str) -> None:
        warnings.warn(f"codepith cache {self.path}: {message}", RuntimeWarning, stacklevel=3)

    def _open(self, retry: bool = True) -> None:
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=2.0, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT)")
            row = db.execute("SELECT v FROM meta WHERE k='schema'").fetchone()
            if row is None:
                db.execute("CREATE TABLE IF NOT EXISTS results (key BLOB PRIMARY KEY, value BLOB)")
                db.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (str(_SCHEMA),))
            elif row[0] != str(_SCHEMA):
                db.execute("DROP TABLE IF EXISTS results")
                db.execute("CREATE TABLE results (key BLOB PRIMARY KEY, value BLOB)")
                db.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (str(_SCHEMA),))
            db.execute("SELECT count(*) FROM results WHERE key = x''").fetchone()
            self.db = db
        except sqlite3.DatabaseError as exc:
            if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
                self._warn("locked by another process; running without the cache")
                self.db = None
                return
            if retry and self.path.exists():
                self._warn(f"unreadable ({exc}); rebuilding it")
                self._remove()
                self._open(retry=False)
                return
            self._warn(f"cannot be used ({exc}); running without it")
            self.db = None
        except OSError as exc:
            self._warn(f"cannot be created ({exc.strerror}); running without it")
            self.db = None

    def _remove(self) -> None:
        for suffix in ("", "-wal", "-shm"):
            try:
                os.remove(str(self.path) + suffix)
            except OSError:
                pass

    @property
    def enabled(self) -> bool:
        return self.db is not None

    def get(self, key: bytes):
        if self.db is None:
            return None
        try:
            row = self.db.execute("SELECT value FROM results WHERE key = ?", (key,)).fetchone()
        except sqlite3.DatabaseError as exc:
            self._warn(f"read failed ({exc}); running without it")
            self.db = None
            return None
        if row is None:
            return None
        try:
            return pickle.loads(row[0])
        except Exception:  # a damaged row is a miss
            return None

    def put(self, key: bytes, value) -> None:
        if self.db is None:
            return
        # stored as is: a warm run's time goes to reading rows, not inflating them
        self.pending.append((key, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)))
        if len(self.pending) >= 256:
            self.flush()

    def flush(self) -> None:
        if self.db is None or not self.pending:
            self.pending.clear()
            return
        try:
            self.db.execute("BEGIN")
            self.db.executemany("INSERT OR REPLACE INTO results VALUES (?, ?)", self.pending)
            self.db.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.DatabaseError:
                pass
            self._warn(f"write failed ({exc}); results of this run are not cached")
            self.db = None
        self.pending.clear()

    def close(self) -> None:
        self.flush()
        if self.db is not None:
            try:
                self.db.close()
            except sqlite3.DatabaseError:
                pass
            self.db = None
