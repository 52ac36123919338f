"""The usage log of project memory, and what it says about what to keep.

Every injection (``codepith recall``, the prompt hook) appends one JSON line to
``ROOT/.codepith/usage.jsonl`` — with the same one-``write``-under-a-lock
append as the packer's audit (POSIX and Windows alike), so concurrent sessions
never interleave or lose a line: when, which session, the paths, the budget,
the tokens used and the ids of what was injected (``symbol:PATH:QUALNAME``, ``rule:PATH#SECTION``).

The prompt itself is not stored: only ``query_sha256``, the SHA-256 of a salt
and the prompt, and ``query_chars``, its length. The salt is 32 random bytes
kept beside the log (``usage.salt``, created with it), so equal prompts hash
equal within one project's log — repeated questions can be counted — while a
hash from one project says nothing about another and no precomputed table
reverses it. ``log_prompt=True`` (``--log-prompts``) also keeps the prompt's
first 500 characters, as ``query``. Logs written before hold ``query``; they
are read the same way.

:func:`usage_stats` folds the log into pull counts per item and lists the
eviction candidates: items not pulled in the last N sessions. Only pulls count:
when a rule file or a symbol was written or last changed never makes it a
candidate, and nothing is ever deleted here — the list is for a person (or a
later ``rules build``) to act on.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..core.literals import Encoding
from ..errors import InvalidOption
from ..fs import jsonl
from ..fs.locking import exclusive
from ..fs.statefiles import open_file

__all__ = [
    "USAGE_FILE",
    "USAGE_SCHEMA",
    "ItemStats",
    "UsageStats",
    "log_injection",
    "query_hash",
    "read_usage",
    "usage_stats",
]

USAGE_FILE = os.path.join(".codepith", "usage.jsonl")
SALT_FILE = "usage.salt"  # beside the log
USAGE_SCHEMA = 2  # 2: the query is a salted hash unless asked for
QUERY_MAX = 500  # characters of the query kept with log_prompt
_SALT_BYTES = 32


def _salt(log: str, root: str | os.PathLike | None) -> bytes:
    """The salt beside the log ``log``, made (under a lock, once) when missing
    or unreadable."""
    path = os.path.join(os.path.dirname(os.path.abspath(log)), SALT_FILE)
    fd = open_file(path, os.O_RDWR | os.O_CREAT, root=root, mode=0o600)
    try:
        with exclusive(fd):
            try:
                salt = bytes.fromhex(os.read(fd, 4 * _SALT_BYTES).decode("ascii"))
            except ValueError:  # not hex (UnicodeDecodeError is one too)
                salt = b""
            if len(salt) != _SALT_BYTES:
                salt = os.urandom(_SALT_BYTES)  # what secrets.token_bytes returns
                os.ftruncate(fd, 0)
                os.lseek(fd, 0, os.SEEK_SET)
                os.write(fd, salt.hex().encode() + b"\n")
            return salt
    finally:
        os.close(fd)


def query_hash(query: str, salt: bytes) -> str:
    """The SHA-256 (hex) of ``salt`` and ``query`` (a lone surrogate kept as its code point)."""
    return hashlib.sha256(salt + b"\0" + query.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class UsageLog:
    """How a recall logs what it injects: ``path`` (default
    ``ROOT/.codepith/usage.jsonl``), who asked (``source``: ``cli``, ``hook``,
    ``mcp``; the agent's ``session``), and ``log_prompts``: the query's first
    characters kept beside its salted hash."""

    path: str | None = None
    source: str = "cli"
    session: str | None = None
    log_prompts: bool = False


@dataclass(frozen=True)
class Injection:
    """What one recall injected: for its line in the usage log."""

    query: str
    items: Sequence[str]
    tokens: int
    budget: int
    encoding: Encoding
    paths: Sequence[str]


def log_injection(
    path: str | os.PathLike,
    injection: Injection,
    log: UsageLog | None = None,
    *,
    root: str | os.PathLike | None = None,
) -> dict:
    """Append one injection line to the usage log at ``path``: the query as a
    salted hash (and its first characters too with ``log.log_prompts``). Below
    ``root`` neither the log nor its salt is opened through a link."""
    path = os.fspath(path)
    log = log if log is not None else UsageLog()
    query = injection.query
    record = {
        "schema": USAGE_SCHEMA,
        "event": "inject",
        "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "source": log.source,
        "session": log.session,
        "query_sha256": query_hash(query, _salt(path, root)),
        "query_chars": len(query),
        "paths": list(injection.paths),
        "budget": injection.budget,
        "encoding": injection.encoding,
        "tokens": injection.tokens,
        "items": list(injection.items),
    }
    if log.log_prompts:
        record["query"] = query[:QUERY_MAX]
    jsonl.append(path, record, root=root)
    return record


def read_usage(path: str | os.PathLike, *, root: str | os.PathLike | None = None) -> list[dict]:
    """Every injection line of the log, in order (lines that are not JSON objects are skipped)."""
    try:
        return [
            r for r in jsonl.read(path, root=root) if r.get("event") == "inject" and isinstance(r.get("items"), list)
        ]
    except FileNotFoundError:
        return []


@dataclass(frozen=True)
class ItemStats:
    item: str
    pulls: int
    sessions: int  # distinct sessions that pulled it
    last_session: int  # 1-based position of the last session that pulled it (0: never)
    idle_sessions: int  # sessions since then


@dataclass
class UsageStats:
    sessions: int
    injections: int
    tokens: int
    items: list[ItemStats]  # most pulled first
    candidates: list[ItemStats] = field(default_factory=list)  # not pulled in the last N sessions
    idle_after: int = 0


def usage_stats(records: list[dict], *, idle_after: int, known: Sequence[str] = ()) -> UsageStats:
    """Pull counts per item, and the items not pulled in the last ``idle_after``
    sessions (``known``: items that exist now, such as rule sections, which are
    candidates too when never pulled in that many sessions).

    A session is a hook's ``session_id``; a line without one (a ``codepith
    recall`` run) is a session of its own. Sessions are ordered by their first line.
    """
    if idle_after <= 0:
        raise InvalidOption("idle_after", f"must be a positive number, got {idle_after}")
    order: dict[str, int] = {}
    pulls: dict[str, int] = {}
    seen_in: dict[str, set[int]] = {}
    last: dict[str, int] = {}
    tokens = 0
    for n, record in enumerate(records):
        key = record.get("session") or f"#line{n}"
        key = str(key)
        if key not in order:
            order[key] = len(order) + 1
        session = order[key]
        tokens += int(record.get("tokens") or 0)
        for item in record.get("items", []):
            if not isinstance(item, str):
                continue
            pulls[item] = pulls.get(item, 0) + 1
            seen_in.setdefault(item, set()).add(session)
            last[item] = max(last.get(item, 0), session)
    total = len(order)
    stats = [ItemStats(item, pulls[item], len(seen_in[item]), last[item], total - last[item]) for item in pulls]
    stats.sort(key=lambda s: (-s.pulls, -s.last_session, s.item))
    never = [ItemStats(item, 0, 0, 0, total) for item in sorted(set(known) - set(pulls))]
    candidates = [s for s in stats + never if s.idle_sessions >= idle_after]
    candidates.sort(key=lambda s: (-s.idle_sessions, s.pulls, s.item))
    return UsageStats(
        sessions=total,
        injections=len(records),
        tokens=tokens,
        items=stats,
        candidates=candidates,
        idle_after=idle_after,
    )
