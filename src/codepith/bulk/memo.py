"""A memo of a whole document run, for the next same run over an unchanged tree.

A folder's document depends on the run's options and on the tree. A run
remembers every path whose state decided its walk (the folders it listed,
the ignore files it looked for, the files it would read, a ``.git`` or an
ignore file above the root: :func:`~codepith.core.discover.walk`'s
``seen``), with the ``stat`` of each (kind, device, inode, size,
modification and change times, to the nanosecond). The next run with the
same options stats those paths again; when every one is the same, nothing
the walk or the results depend on changed, and the run replays the memo --
the header's tree, each result (without its text) and the document's file
sections as they were written -- instead of walking, reading, hashing and
decoding every file. The report, the summary and the skips on standard
error are made from the replayed results as a fresh run makes them. One
changed path makes the run an ordinary one, whose per-file results still
come from the cache.

A change in the same clock tick as the time stamps recorded could leave
them unchanged (the racy case git knows). So a memo is kept only when every
stamp it records is older than :data:`RACY_SECONDS` before the walk began;
a tree edited just before a run gets its memo from the next run. A change
of a file's content always moves its change time (``st_ctime``), which no
tool can set back. A run with a result that depends on the machine's load
(a time or memory budget) keeps no memo.

The memo lives in the results cache (:class:`~codepith.bulk.cache.ResultCache`):
a JSON head under the run's key (:func:`memo_key`); its stamps, tree and
results as deflated JSON; and the sections in rows of :data:`CHUNK` bytes.
The parts' keys hold a number drawn by the run that wrote them, named in
the head, so two runs writing one memo never mix their rows. Each row has
its checksum; rows are evicted with the others, and a missing or damaged
one makes the memo a miss.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import secrets as _random
import stat
import time
import warnings
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, fields, replace
from typing import IO

from ..core.discover import KIND_ONLY
from ..errors import CodepithError
from .cache import ResultCache
from .options import TreeOptions
from .results import FileResult, LevelResult

__all__ = ["RACY_SECONDS", "CHUNK", "Recalled", "Recorder", "memo_key", "recall", "snapshot"]

#: a memo records no time stamp younger than this before its walk began
RACY_SECONDS = 2.0
#: the document's sections are stored in rows of this many bytes
CHUNK = 1 << 20
_FORMAT = "codepith-run-memo/2"
#: how the spool's ``surrogatepass`` writes a lone surrogate (valid UTF-8 never holds it)
_SURROGATE = re.compile(rb"\xed[\xa0-\xbf]")


def memo_key(roots: Sequence[str], options: TreeOptions, form: str) -> bytes:
    """The memo's key: everything but the tree that decides the document's
    sections and the results (options, the results' fingerprint with the
    codepith and grammar versions and a stamp of codepith's own modules),
    the format, the roots as given and where they lead, the working folder).
    Not the number of jobs, nor the run's own outputs outside the roots: they
    change nothing (a document written to a new file each time is still the
    same run)."""
    reals = [os.path.realpath(root) for root in roots]
    inside = tuple(path for path in options.skip if _under(os.path.realpath(path), reals))
    parts = [
        _FORMAT,
        options.results().fingerprint(),
        repr(replace(options, jobs=None, skip=inside)),
        repr(options.results()),
        form,
        os.getcwd(),
        *roots,
        *reals,
    ]
    return hashlib.blake2b("\0".join(parts).encode("utf-8", "surrogatepass"), digest_size=20).digest()


def _under(path: str, folders: list[str]) -> bool:
    return any(path == f or path.startswith(f.rstrip(os.sep) + os.sep) for f in folders)


def _stat(path: str) -> list[int] | None:
    if path.startswith(KIND_ONLY):  # whether it is there, and what it is
        try:
            return [stat.S_IFMT(os.stat(path[1:]).st_mode)]
        except (OSError, ValueError):
            return None
    try:
        st = os.stat(path)
    except (OSError, ValueError):  # gone, unreadable, or a name the system refuses
        return None
    return [st.st_mode, st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]


def snapshot(paths: Iterable[str]) -> Iterator[tuple[str, list[int] | None]]:
    """(path, its stat as [mode, device, inode, size, mtime_ns, ctime_ns], or
    [its kind] for a path marked :data:`~codepith.core.discover.KIND_ONLY`,
    or None when it does not exist) for each path, once each, in order."""
    for path in dict.fromkeys(paths):
        yield path, _stat(path)


def _unchanged(stamps: Iterable) -> bool:
    """Whether every [path, stat] of ``stamps`` holds now (read up to the first that does not)."""
    for path, st in stamps:
        if _stat(path) != st:
            return False
    return True


# --------------------------------------------------------------------------- rows


#: a result's fields in a memo row, in this order (the texts are not kept)
_FIELDS = tuple(f.name for f in fields(FileResult) if f.name not in ("text", "levels", "transient", "data"))
_LEVEL_FIELDS = tuple(f.name for f in fields(LevelResult) if f.name != "text")


def _result_row(result: FileResult) -> list:
    row: list = [getattr(result, name) for name in _FIELDS]
    row.append({name: [getattr(lv, f) for f in _LEVEL_FIELDS] for name, lv in result.levels.items()})
    return row


def _result(row: list) -> FileResult:
    """A result from its memo row (written by this codepith: the key holds its
    version, and the row its checksum), built without a check per field."""
    *values, levels = row
    result = object.__new__(FileResult)  # (the fields set at once: a replay builds thousands)
    result.__dict__.update(zip(_FIELDS, values, strict=True))  # (a row of another shape: ValueError)
    result.text, result.data, result.transient = None, None, False
    result.levels = {name: LevelResult(*lv) for name, lv in levels.items()}
    return result


def _part_key(key: bytes, nonce: str, part: str | int) -> bytes:
    """The key of one part of the memo under ``key`` (the list of stamps, of
    entries, of results, or a chunk of the sections, by its number)."""
    return hashlib.blake2b(f"{_FORMAT}/{nonce}/{part}".encode(), digest_size=20, key=key).digest()


# --------------------------------------------------------------------------- recall


@dataclass
class Recalled:
    """A sound memo: the lines of the header's tree, the files considered,
    the results (without texts, deflated: :meth:`results` reads them), the
    characters the format replaced in the sections, and the sections.
    ``plain``: the sections hold no lone surrogate (as the spool writes one:
    bytes ED A0-BF, which UTF-8 never holds), known once they are written
    out."""

    tree: list[str]
    considered: int
    rows: bytes
    replaced: list[tuple[str, int]]
    store: ResultCache
    key: bytes
    nonce: str
    chunks: int
    plain: bool = False

    def results(self) -> Iterator[FileResult]:
        """The results, in order, read a batch at a time: a replay holds no
        more of them than a fresh run does. (Their row's checksum held, and
        the key names the codepith that wrote them: a row that still cannot
        be read is a fault of codepith's, said as an error that names the fix.)"""
        try:
            for row in _items(self.rows):
                yield _result(row)
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise CodepithError(
                f"the memo of this run in the cache cannot be read ({exc}); run again with --no-cache, "
                "and `codepith cache clear` removes it"
            ) from None

    def write_sections(self, out: IO[bytes]) -> bool:
        """Write the document's sections onto the binary stream ``out``;
        False when a row is missing or damaged (what was written is not
        the sections then: the caller starts over)."""
        plain = True
        last = b""
        try:
            for index in range(self.chunks):
                payload = self.store.get_bytes(_part_key(self.key, self.nonce, index))
                if payload is None:
                    return False
                # (a chunk may end between the two bytes that show a surrogate)
                plain = plain and _SURROGATE.search(last + payload[:1]) is None and _SURROGATE.search(payload) is None
                last = payload[-1:]
                out.write(payload)
            self.plain = plain
            return True
        finally:
            self.store.close()


def _quiet_store(cache_dir: str, max_bytes: int) -> ResultCache:
    """The results cache, opened without a warning: the run's own use of it
    says once what is wrong with it."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return ResultCache(cache_dir, max_bytes=max_bytes)


def recall(key: bytes, cache_dir: str, max_bytes: int) -> Recalled | None:
    """The memo under ``key`` when every path it recorded has the same stat
    now, else None. A memo that cannot be read is a miss, never an error."""
    store = _quiet_store(cache_dir, max_bytes)
    if not store.enabled:
        return None
    memo = None
    try:
        memo = _decode(store, key)
    finally:
        if memo is None:
            store.close()
    return memo


class _Deflated:
    """A list, deflated as its items come: a line of JSON (a list) for each
    :data:`BATCH` of them. A memo's parts are never held whole as text or as
    objects, written or read (their paths repeat: they deflate to about a
    fifth)."""

    BATCH = 256

    def __init__(self) -> None:
        self.packer = zlib.compressobj(1)
        self.out = io.BytesIO()
        self.batch: list = []

    def add(self, item) -> None:
        self.batch.append(item)
        if len(self.batch) >= self.BATCH:
            self._drain()

    def _drain(self) -> None:
        if self.batch:
            # (JSON writes a line break in a string as an escape: a line is one batch)
            text = json.dumps(self.batch, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"
            self.out.write(self.packer.compress(text.encode("utf-8", "surrogatepass")))
            self.batch.clear()

    def close(self) -> bytes:
        self._drain()
        self.out.write(self.packer.flush())
        return self.out.getvalue()


#: compressed bytes inflated at a time when a part is read
_INFLATE = 1 << 16


def _part(store: ResultCache, key: bytes) -> bytes:
    """A part of the memo, as stored; ValueError when it is gone or damaged."""
    payload = store.get_bytes(key)
    if payload is None:
        raise ValueError("a part of the memo is gone")
    return payload


def _items(payload: bytes) -> Iterator:
    """The items of a list stored by :class:`_Deflated`, a batch at a time;
    ValueError when it is not such a list (raised when that is found: a caller
    that must know reads it to its end before acting on it)."""
    inflater = zlib.decompressobj()
    rest = b""
    try:
        for at in range(0, len(payload), _INFLATE):
            lines = (rest + inflater.decompress(payload[at : at + _INFLATE])).split(b"\n")
            rest = lines.pop()
            for line in lines:
                batch = json.loads(line.decode("utf-8", "surrogatepass"))
                if type(batch) is not list:
                    raise ValueError("not a list")
                yield from batch
        rest += inflater.flush()
    except zlib.error as exc:
        raise ValueError(str(exc)) from None
    if rest or not inflater.eof:
        raise ValueError("a part of the memo ends early")


def _decode(store: ResultCache, key: bytes) -> Recalled | None:
    raw = store.get(key)
    if type(raw) is not dict or raw.get("format") != _FORMAT:
        return None
    try:
        nonce, chunks, considered = raw["nonce"], raw["chunks"], raw["considered"]
        if type(nonce) is not str or type(chunks) is not int or type(considered) is not int:
            return None
        if not _unchanged(_items(_part(store, _part_key(key, nonce, "stamps")))):
            return None
        tree = list(_items(_part(store, _part_key(key, nonce, "tree"))))
        if not all(type(line) is str for line in tree):
            return None
        rows = _part(store, _part_key(key, nonce, "results"))
        replaced = [(str(path), int(n)) for path, n in raw["replaced"]]
    except (TypeError, ValueError, KeyError, AttributeError):  # a row of another shape, or gone: a miss
        return None
    return Recalled(tree, considered, rows, replaced, store, key, nonce, chunks)


# --------------------------------------------------------------------------- record


class Recorder:
    """What a run records for its memo: made just before the walk (its clock
    starts then, and the walk puts the paths it looks at in ``seen``), it
    passes the results through :meth:`watch`, and :meth:`keep` stores the memo once the
    sections are written."""

    def __init__(self, key: bytes, cache_dir: str, max_bytes: int) -> None:
        self.key = key
        self.cache_dir = cache_dir
        self.max_bytes = max_bytes
        self.seen: list[str] = []
        self.began = time.time_ns()
        self.results = _Deflated()
        self.sound = True

    def watch(self, results: Iterable[FileResult]) -> Iterator[FileResult]:
        """``results``, passed on; each one recorded without its text."""
        for result in results:
            if result.transient:  # a verdict of the machine's load: the next run tries again
                self.sound = False
            elif self.sound:
                self.results.add(_result_row(result))
            yield result

    def keep(self, tree: Sequence[str], considered: int, sections: IO[bytes], replaced) -> bool:
        """Store the memo: the lines of the header's ``tree``, the files
        ``considered``, the results watched, the sections read from
        ``sections`` (a binary file, from its start), the characters the
        format ``replaced`` in them. False when no memo is kept: a result
        depends on the load, or a stamp is too recent."""
        if not self.sound:
            return False
        settled = self.began - int(RACY_SECONDS * 1e9)
        stamps = _Deflated()
        for path, st in snapshot(self.seen):
            if st is not None and len(st) > 1 and max(st[4], st[5]) >= settled:
                return False  # changed just before or during the run: the stamp may not show the next change
            stamps.add([path, st])
        store = _quiet_store(self.cache_dir, max_bytes=self.max_bytes)
        if not store.enabled:
            return False
        nonce = _random.token_hex(8)  # a run writing the same memo at once never mixes its rows with this one's
        try:
            sections.seek(0)
            chunks = 0
            while payload := sections.read(CHUNK):
                store.put_bytes(_part_key(self.key, nonce, chunks), payload)
                store.flush()  # one chunk held at a time: the memo adds little to the run's memory
                chunks += 1
            lines = _Deflated()
            for line in tree:
                lines.add(line)
            for name, part in (("stamps", stamps), ("tree", lines), ("results", self.results)):
                store.put_bytes(_part_key(self.key, nonce, name), part.close())
            # the memo's head last: a run that reads it finds every part written
            head = {"format": _FORMAT, "nonce": nonce, "chunks": chunks, "considered": considered}
            store.put(self.key, {**head, "replaced": list(replaced)})
        finally:
            store.close()
        return True
