"""A results cache for bulk runs: sqlite, keyed by content and configuration.

A key is the BLAKE2b hash of a file's bytes plus a fingerprint of everything
else that decides the result: the level(s), options, codepith's version and
the grammar and tokenizer versions. A cache that is corrupt is rebuilt; one
that is locked or unwritable is bypassed. Both with a warning, never a crash.

Rows hold plain JSON (no pickle is ever read from the file) with a keyed
BLAKE2b checksum over the key and the payload. A row whose checksum, encoding
or shape is wrong is a miss, dropped from the file and written again by the
run that recomputes it: a damaged row is never an answer.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import sys
import warnings
from pathlib import Path
from typing import Any, Callable

__all__ = ["ResultCache", "default_cache_dir", "content_key"]

_SCHEMA = 4
_COLUMNS = ["key", "value", "checksum"]
_CREATE = "CREATE TABLE results (key BLOB PRIMARY KEY, value BLOB NOT NULL, checksum BLOB NOT NULL)"


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


def _checksum(key: bytes, payload: bytes) -> bytes:
    """What a row's ``checksum`` column holds: BLAKE2b of its payload, keyed by its
    key (a payload moved to another key does not check either)."""
    return hashlib.blake2b(payload, digest_size=16, key=key[:64]).digest()


def _encode(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode(
        "utf-8", "surrogatepass"
    )


class ResultCache:
    """get/put of JSON values by key; every failure degrades to a miss.

    ``damaged`` counts the rows of this run that were not sound (dropped, to
    be written again)."""

    def __init__(self, directory: str | os.PathLike | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_cache_dir()
        self.path = self.directory / "results.sqlite"
        self.db: sqlite3.Connection | None = None
        self.pending: list[tuple[bytes, bytes, bytes]] = []
        self.drops: list[tuple[bytes]] = []
        self.damaged = 0
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
            columns = [r[1] for r in db.execute("PRAGMA table_info(results)")]
            if row is None or row[0] != str(_SCHEMA) or columns != _COLUMNS:
                # another layout (an older codepith's pickles included): never read, replaced
                db.execute("DROP TABLE IF EXISTS results")
                db.execute(_CREATE)
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

    def get(self, key: bytes, decode: Callable[[Any], Any] | None = None):
        """The value stored under ``key``, passed through ``decode`` (which
        returns None for a value it does not accept), or None: for a missing
        row and for a damaged one, which is dropped."""
        if self.db is None:
            return None
        try:
            row = self.db.execute('SELECT value, checksum FROM results WHERE key = ?', (key,)).fetchone()
        except sqlite3.DatabaseError as exc:
            self._warn(f"read failed ({exc}); running without it")
            self.db = None
            return None
        if row is None:
            return None
        value = self._decode_row(key, row, decode)
        if value is None:
            self.damaged += 1
            self.drops.append((key,))
        return value

    @staticmethod
    def _decode_row(key: bytes, row, decode):
        payload, check = row
        if type(payload) is not bytes or type(check) is not bytes or _checksum(key, payload) != check:
            return None
        try:
            value = json.loads(payload.decode("utf-8", "surrogatepass"))
        except ValueError:  # undecodable (UnicodeDecodeError and JSONDecodeError are ValueErrors)
            return None
        if decode is None:
            return value
        try:
            return decode(value)
        except Exception:  # a value of the wrong shape that the decoder did not foresee
            return None

    def put(self, key: bytes, value) -> None:
        """Store the JSON value ``value`` under ``key`` (written by :meth:`flush`)."""
        if self.db is None:
            return
        try:
            payload = _encode(value)
        except (TypeError, ValueError):  # not plain JSON: not cached
            return
        # stored as is: a warm run's time goes to reading rows, not inflating them
        self.pending.append((key, payload, _checksum(key, payload)))
        if len(self.pending) >= 256:
            self.flush()

    def flush(self) -> None:
        if self.db is None or not (self.pending or self.drops):
            self.pending.clear()
            self.drops.clear()
            return
        try:
            self.db.execute("BEGIN")
            self.db.executemany("DELETE FROM results WHERE key = ?", self.drops)
            self.db.executemany("INSERT OR REPLACE INTO results VALUES (?, ?, ?)", self.pending)
            self.db.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.DatabaseError:
                pass
            self._warn(f"write failed ({exc}); results of this run are not cached")
            self.db = None
        self.pending.clear()
        self.drops.clear()

    def close(self) -> None:
        self.flush()
        if self.db is not None:
            try:
                self.db.close()
            except sqlite3.DatabaseError:
                pass
            self.db = None
