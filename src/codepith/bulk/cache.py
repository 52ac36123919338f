"""A results cache for bulk runs: sqlite, keyed by content and configuration.

A key is the BLAKE2b hash of a file's bytes plus a fingerprint of everything
else that decides the result: the level(s), options, codepith's version and
the grammar and tokenizer versions. A cache that is corrupt is rebuilt; one
that is locked or unwritable is bypassed. Both with a warning, never a crash.

Rows hold plain JSON (no pickle is ever read from the file) with a keyed
BLAKE2b checksum over the key and the payload. A row whose checksum, encoding
or shape is wrong is a miss, dropped from the file and written again by the
run that recomputes it: a damaged row is never an answer.

The file has a size cap (``max_bytes``: the argument, else
``$CODEPITH_CACHE_MAX_MB``, else 512 MB; 0 is no cap). Each row records when it
was last used (a hit refreshes a day-old stamp, so a warm run writes little);
when the pages in use pass the cap, the least recently used rows go, oldest
first, in small batches over an index, down to 90% of the cap, and the freed
pages are handed back to the file system (``auto_vacuum=INCREMENTAL`` and a
WAL checkpoint that truncates): the file shrinks. The cap is checked from
sqlite's page counts after each batch of writes, never by a scan.

Concurrent runs may share a cache: sqlite's WAL mode and short ``BEGIN
IMMEDIATE`` transactions keep it sound; a run that cannot get the lock in
time goes on without the cache, with a warning.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import sqlite3
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from ..core.units import human_bytes
from ..errors import CodepithError, InvalidOption

__all__ = [
    "CACHE_FILE",
    "DEFAULT_MAX_MB",
    "MAX_MB_ENV",
    "CacheInfo",
    "ResultCache",
    "cache_info",
    "clear_cache",
    "content_key",
    "default_cache_dir",
    "resolve_max_bytes",
]

CACHE_FILE = "results.sqlite"
DEFAULT_MAX_MB = 512
MAX_MB_ENV = "CODEPITH_CACHE_MAX_MB"
_SCHEMA = 5  # 5: rows record when they were last used; incremental auto-vacuum
_COLUMNS = ["key", "value", "checksum", "used"]
_CREATE = (
    "CREATE TABLE results (key BLOB PRIMARY KEY, value BLOB NOT NULL, checksum BLOB NOT NULL, used INTEGER NOT NULL)"
)
_INDEX = "CREATE INDEX IF NOT EXISTS results_used ON results (used)"
_TOUCH_AFTER = 86400  # a hit refreshes a row's stamp once it is a day old
_EVICT_BATCH = 256  # rows deleted per transaction while over the cap
_EVICT_TO = 0.9  # eviction stops at this share of the cap


def default_cache_dir() -> Path:
    """The user's cache folder for codepith, from ``platformdirs``:
    ``$XDG_CACHE_HOME/codepith`` (else ``~/.cache/codepith``) on Linux,
    ``~/Library/Caches/codepith`` on macOS, ``%LOCALAPPDATA%\\codepith`` on Windows."""
    return Path(platformdirs.user_cache_dir("codepith", appauthor=False, opinion=False))


def resolve_max_bytes(max_mb: float | None = None) -> int:
    """The cap in bytes: ``max_mb``, else ``$CODEPITH_CACHE_MAX_MB``, else 512 MB
    (0: no cap). Raises InvalidOption for a bad ``max_mb``, CodepithError for a
    bad environment value."""
    if max_mb is None:
        raw = os.environ.get(MAX_MB_ENV, "").strip()
        if not raw:
            return DEFAULT_MAX_MB * 1_000_000
        try:
            value = float(raw)
        except ValueError:
            value = -1.0
        if not 0 <= value < float("inf"):
            raise CodepithError(
                f"{MAX_MB_ENV}={raw!r}: not a number of megabytes; set it to 0 (no cap) "
                "or a positive number, or unset it"
            )
        return int(value * 1_000_000)
    if not 0 <= max_mb < float("inf"):
        raise InvalidOption("cache_max_mb", f"must be 0 (no cap) or a positive number of megabytes, got {max_mb!r}")
    return int(max_mb * 1_000_000)


def content_key(data: bytes, fingerprint: str) -> bytes:
    h = hashlib.blake2b(data, digest_size=20)
    h.update(b"\0")
    h.update(fingerprint.encode("utf-8"))
    return h.digest()


def _checksum(key: bytes, payload: bytes) -> bytes:
    """What a row's ``checksum`` column holds: BLAKE2b of its payload, keyed by its
    key (a payload moved to another key does not check either)."""
    return hashlib.blake2b(payload, digest_size=16, key=key[:64]).digest()


def _decoded(payload: bytes, decode: Callable[[Any], Any] | None):
    """The JSON value a row's ``payload`` holds, through ``decode``; None when
    it is not JSON, or not a value ``decode`` accepts."""
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


def _encode(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode(
        "utf-8", "surrogatepass"
    )


class ResultCache:
    """get/put of JSON values by key; every failure degrades to a miss.

    ``damaged`` counts the rows of this run that were not sound (dropped, to
    be written again); ``evicted`` the rows this run removed to keep under
    ``max_bytes`` (see :func:`resolve_max_bytes`)."""

    def __init__(self, directory: str | os.PathLike | None = None, *, max_bytes: int | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_cache_dir()
        self.path = self.directory / CACHE_FILE
        self.max_bytes = resolve_max_bytes() if max_bytes is None else max_bytes
        self.db: sqlite3.Connection | None = None
        self.pending: list[tuple[bytes, bytes, bytes, int]] = []
        self.pending_bytes = 0
        self.drops: list[tuple[bytes]] = []
        self.touched: list[tuple[int, bytes]] = []
        self.damaged = 0
        self.evicted = 0
        self._open()

    def _warn(self, message: str) -> None:
        warnings.warn(f"codepith cache {self.path}: {message}", RuntimeWarning, stacklevel=3)

    def _open(self, retry: bool = True) -> None:
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            self.db = _connect(self.path)
        except sqlite3.DatabaseError as exc:
            self.db = None
            if isinstance(exc, sqlite3.OperationalError) and ("locked" in str(exc) or "busy" in str(exc)):
                self._warn("locked by another process; running without the cache")
                return
            if retry and self.path.exists():
                self._warn(f"unreadable ({exc}); rebuilding it")
                _remove(self.path)
                self._open(retry=False)
                return
            self._warn(f"cannot be used ({exc}); running without it")
        except OSError as exc:
            self._warn(f"cannot be created ({exc.strerror}); running without it")
            self.db = None

    @property
    def enabled(self) -> bool:
        return self.db is not None

    def get(self, key: bytes, decode: Callable[[Any], Any] | None = None):
        """The value stored under ``key``, passed through ``decode`` (which
        returns None for a value it does not accept), or None: for a missing
        row and for a damaged one, which is dropped."""
        payload = self.get_bytes(key)
        if payload is None:
            return None
        value = _decoded(payload, decode)
        if value is None:
            self._damaged(key)
        return value

    def get_bytes(self, key: bytes) -> bytes | None:
        """The payload stored under ``key`` (by :meth:`put_bytes`, or a JSON
        value's bytes), its checksum checked, its use stamped; or None: for a
        missing row and for a damaged one, which is dropped."""
        if self.db is None:
            return None
        try:
            row = self.db.execute("SELECT value, checksum, used FROM results WHERE key = ?", (key,)).fetchone()
        except sqlite3.DatabaseError as exc:
            self._warn(f"read failed ({exc}); running without it")
            self.db = None
            return None
        if row is None:
            return None
        payload, check, used = row
        if type(payload) is not bytes or type(check) is not bytes or _checksum(key, payload) != check:
            self._damaged(key)
            return None
        now = int(time.time())
        if type(used) is not int or now - used >= _TOUCH_AFTER:
            self.touched.append((now, key))
        return payload

    def _damaged(self, key: bytes) -> None:
        self.damaged += 1
        self.drops.append((key,))

    def put(self, key: bytes, value) -> None:
        """Store the JSON value ``value`` under ``key`` (written by :meth:`flush`)."""
        if self.db is None:
            return
        try:
            payload = _encode(value)
        except (TypeError, ValueError):  # not plain JSON: not cached
            return
        self.put_bytes(key, payload)

    def put_bytes(self, key: bytes, payload: bytes) -> None:
        """Store ``payload`` as it is under ``key`` (written by :meth:`flush`;
        at once when what is pending passes 8 MB)."""
        if self.db is None:
            return
        # stored as is: a warm run's time goes to reading rows, not inflating them
        self.pending.append((key, payload, _checksum(key, payload), int(time.time())))
        self.pending_bytes += len(payload)
        if len(self.pending) >= 256 or self.pending_bytes >= 8 << 20:
            self.flush()

    def flush(self) -> None:
        """Write what is pending in one transaction, then keep under the cap."""
        if self.db is None or not (self.pending or self.drops or self.touched):
            self._clear_pending()
            return
        wrote = bool(self.pending)
        try:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.executemany("DELETE FROM results WHERE key = ?", self.drops)
            self.db.executemany("UPDATE results SET used = ? WHERE key = ?", self.touched)
            self.db.executemany("INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?)", self.pending)
            self.db.execute("COMMIT")
            if wrote:
                self._keep_under_cap()
        except sqlite3.DatabaseError as exc:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.DatabaseError:
                pass
            self._warn(f"write failed ({exc}); results of this run are not cached")
            self.db = None
        self._clear_pending()

    def _clear_pending(self) -> None:
        self.pending.clear()
        self.pending_bytes = 0
        self.drops.clear()
        self.touched.clear()

    def _keep_under_cap(self) -> None:
        """Delete the least recently used rows while the pages in use pass the
        cap (down to 90% of it), then give the freed pages back."""
        assert self.db is not None
        if not self.max_bytes or _bytes_in_use(self.db) <= self.max_bytes:
            return
        target = self.max_bytes * _EVICT_TO
        # one count per eviction pass (over the small index), never per row written
        rows = self.db.execute("SELECT count(*) FROM results INDEXED BY results_used").fetchone()[0]
        in_use = _bytes_in_use(self.db)
        while in_use > target and rows > 0:
            # half the rows the excess holds at the mean row size (rows differ
            # widely in size: smaller steps near the target), in small transactions
            batch = max(1, min(_EVICT_BATCH, math.ceil((in_use - target) * rows / in_use / 2)))
            self.db.execute("BEGIN IMMEDIATE")
            gone = self.db.execute(
                "DELETE FROM results WHERE key IN (SELECT key FROM results ORDER BY used LIMIT ?)", (batch,)
            ).rowcount
            self.db.execute("COMMIT")
            if gone <= 0:
                break
            self.evicted += gone
            rows -= gone
            in_use = _bytes_in_use(self.db)
        _shrink(self.db)

    def close(self) -> None:
        self.flush()
        if self.db is not None:
            try:
                self._keep_under_cap()  # a cap lowered since the last write applies too
            except sqlite3.DatabaseError as exc:
                self._warn(f"eviction failed ({exc}); it is tried again by the next run")
            try:
                self.db.close()
            except sqlite3.DatabaseError:
                pass
            self.db = None


def _connect(path: Path) -> sqlite3.Connection:
    """The cache database at ``path``, set up (or replaced when it has another
    layout: an older codepith's, pickles included, is never read)."""
    db = sqlite3.connect(path, timeout=2.0, isolation_level=None)
    try:
        db.execute("PRAGMA auto_vacuum=INCREMENTAL")  # takes effect on a new file only
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("BEGIN IMMEDIATE")  # one process sets the file up at a time
        db.execute("CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT)")
        row = db.execute("SELECT v FROM meta WHERE k='schema'").fetchone()
        columns = [r[1] for r in db.execute("PRAGMA table_info(results)")]
        replaced = row is None or row[0] != str(_SCHEMA) or columns != _COLUMNS
        if replaced:
            db.execute("DROP TABLE IF EXISTS results")
            db.execute(_CREATE)
            db.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (str(_SCHEMA),))
        db.execute(_INDEX)
        db.execute("COMMIT")
        if replaced and db.execute("PRAGMA auto_vacuum").fetchone()[0] != 2:
            db.execute("VACUUM")  # an older file: now nearly empty, and from now on it can shrink
        db.execute("SELECT count(*) FROM results WHERE key = x''").fetchone()
        return db
    except BaseException:
        db.close()
        raise


def _bytes_in_use(db: sqlite3.Connection) -> int:
    """Bytes of the pages that hold data (free pages not counted): three pragmas, no scan."""
    page = db.execute("PRAGMA page_size").fetchone()[0]
    count = db.execute("PRAGMA page_count").fetchone()[0]
    free = db.execute("PRAGMA freelist_count").fetchone()[0]
    return (count - free) * page


def _shrink(db: sqlite3.Connection) -> None:
    """Hand free pages back to the file system and empty the WAL into the file."""
    db.executescript("PRAGMA incremental_vacuum;")  # stepped to the end: execute() frees one page
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _remove(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        try:
            os.remove(str(path) + suffix)
        except OSError:
            pass


def _file_bytes(path: Path) -> int:
    total = 0
    for suffix in ("", "-wal", "-shm"):
        try:
            total += os.stat(str(path) + suffix).st_size
        except OSError:
            pass
    return total


@dataclass(frozen=True)
class CacheInfo:
    """What ``codepith cache info`` shows: where the cache is, its size on
    disk (with its WAL), its rows and when the least and most recently used
    one was last used (UNIX seconds; None when empty), and the cap."""

    path: str
    exists: bool
    bytes: int
    entries: int
    oldest: int | None
    newest: int | None
    max_bytes: int

    def lines(self) -> list[str]:
        stamp = lambda t: "-" if t is None else time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(t))  # noqa: E731
        cap = human_bytes(self.max_bytes) if self.max_bytes else "none"
        return [
            f"path     {self.path}" + ("" if self.exists else " (not created yet)"),
            f"size     {human_bytes(self.bytes)} ({self.bytes} bytes; cap {cap})",
            f"entries  {self.entries}",
            f"oldest   {stamp(self.oldest)}",
            f"newest   {stamp(self.newest)}",
        ]


def _open_existing(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True, timeout=10.0, isolation_level=None)
    if [r[1] for r in db.execute("PRAGMA table_info(results)")] != _COLUMNS:
        db.close()
        raise sqlite3.DatabaseError("not a codepith cache of this version")
    return db


def cache_info(directory: str | os.PathLike | None = None, *, max_bytes: int | None = None) -> CacheInfo:
    """Where the cache of ``directory`` (default :func:`default_cache_dir`) is,
    and what it holds. Creates nothing; raises CodepithError for a file that is
    not a readable cache."""
    path = Path(directory if directory is not None else default_cache_dir()) / CACHE_FILE
    cap = resolve_max_bytes() if max_bytes is None else max_bytes
    if not path.is_file():
        return CacheInfo(str(path), False, 0, 0, None, None, cap)
    try:
        db = _open_existing(path)
        try:
            entries, oldest, newest = db.execute("SELECT count(*), min(used), max(used) FROM results").fetchone()
        finally:
            db.close()
    except sqlite3.DatabaseError as exc:
        raise CodepithError(f"{path}: cannot read the cache ({exc}); `codepith cache clear` removes it") from None
    return CacheInfo(str(path), True, _file_bytes(path), entries, oldest, newest, cap)


def clear_cache(directory: str | os.PathLike | None = None) -> int:
    """Empty the cache of ``directory`` (default :func:`default_cache_dir`) and
    shrink its file; returns the rows removed. A file that is not a readable
    cache is removed. Safe while another run uses the cache (it then misses)."""
    path = Path(directory if directory is not None else default_cache_dir()) / CACHE_FILE
    if not path.is_file():
        return 0
    try:
        db = _open_existing(path)
    except sqlite3.DatabaseError:
        _remove(path)
        return 0
    try:
        gone = db.execute("DELETE FROM results").rowcount
        db.execute("VACUUM")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlite3.DatabaseError as exc:
        raise CodepithError(f"{path}: cannot clear the cache ({exc}); retry when no run is using it") from None
    finally:
        db.close()
    return max(gone, 0)
