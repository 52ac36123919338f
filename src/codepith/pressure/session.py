"""An agent session's context, kept as an append-only event log.

The log is ``.codepith/session.jsonl`` in the project root: one JSON object
per line, appended with one ``write`` under an exclusive lock, so any number
of processes (two MCP servers on the same project, say) can share it without
losing or tearing a line. The state (current turn, the files in context, at
which level, when each was last read and edited) is the fold of the log, read
again on every call, so every process sees every other's events.

Events (``schema`` 1; every event also has ``time`` and ``pid``)::

    {"event": "turn", "turn": 4}
    {"event": "track", "path": "src/a.py", "turn": 4, "edited": false,
     "pinned": false, "importance": 0.0}
    {"event": "untrack", "path": "src/a.py", "turn": 4, "reason": "..."}
    {"event": "plan", "turn": 4, "limit": 100000, "used_tokens": ...,
     "used_after": ..., "reached": true,
     "decisions": [{"path": ..., "action": "compress", "level": "signatures"}, ...]}

A ``plan`` event records what the agent was told: compressed files stay
tracked at their new level, evicted files leave the context. Reading a file
again (``track``) brings it back whole.
"""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass, field
from typing import Any

from ..core.literals import Level
from ..deps.finder import direct_dependencies
from ..errors import CodepithError, InvalidOption
from ..fs import jsonl
from ..fs.paths import file_kind, resolve_inside
from ..fs.safeio import DEFAULT_MAX_FILE_BYTES, NotRegularFile, read_regular
from .engine import ContextItem, Decision, Plan, Planner, PressureConfig, load_config

__all__ = ["Session", "TrackedFile", "SessionState", "LOG_NAME"]

LOG_NAME = os.path.join(".codepith", "session.jsonl")
SCHEMA = 1


@dataclass
class TrackedFile:
    path: str
    last_read: int
    last_edited: int | None = None
    pinned: bool = False
    importance: float = 0.0
    level: Level = "full"  # as the log says: ContextItem checks it


@dataclass
class SessionState:
    turn: int = 0
    files: dict[str, TrackedFile] = field(default_factory=dict)
    events: int = 0
    skipped: int = 0  # lines that are not events (a torn or foreign line)

    def apply(self, ev: dict[str, Any]) -> None:
        kind = ev.get("event")
        if kind == "turn":
            self.turn = max(self.turn, int(ev["turn"]))
        elif kind == "track":
            path, turn = ev["path"], int(ev["turn"])
            old = self.files.get(path)
            edited = bool(ev.get("edited"))
            self.files[path] = TrackedFile(
                path,
                last_read=turn,
                last_edited=turn if edited else (old.last_edited if old else None),
                pinned=bool(ev.get("pinned", old.pinned if old else False)),
                importance=float(ev.get("importance", old.importance if old else 0.0)),
                level="full",
            )
        elif kind == "untrack":
            self.files.pop(ev["path"], None)
        elif kind == "plan":
            for d in ev.get("decisions", ()):
                f = self.files.get(d["path"])
                if f is None:
                    continue
                if d["action"] == "evict":
                    del self.files[d["path"]]
                elif d["action"] == "compress":
                    f.level = d["level"]
        else:
            self.skipped += 1
            return
        self.events += 1


def _unreadable_name(rel: str) -> str:
    """A hint when a name holds U+FFFD, which stands for bytes that were not
    valid UTF-8 (a non-UTF-8 file name cannot be named exactly over JSON)."""
    if "\ufffd" not in rel:
        return ""
    return (
        " (the name holds U+FFFD, the stand-in for text that was not valid UTF-8: a file whose name"
        " is not UTF-8 cannot be named here; rename it)"
    )


class Session:
    """The session of the project at ``root`` (its log under ``.codepith/``)."""

    def __init__(self, root: str | os.PathLike, *, log: str | os.PathLike | None = None) -> None:
        self.root = os.path.abspath(os.fspath(root))
        if not os.path.isdir(self.root):
            raise InvalidOption("root", f"project root {self.root} is not a directory; give the project's folder")
        self.root_real = os.path.realpath(self.root)
        self.log = os.fspath(log) if log is not None else os.path.join(self.root, LOG_NAME)

    # ------------------------------------------------------------------ log

    def _locked(self) -> contextlib.AbstractContextManager[int]:
        """The log, open for appending and locked: nothing else writes meanwhile."""
        return jsonl.locked(self.log, root=self.root)

    @staticmethod
    def _read(fd: int) -> SessionState:
        """The fold of the log open as ``fd`` (from :meth:`_locked`: read
        through the locked descriptor, which Windows requires)."""
        state = SessionState()
        skipped = [0]
        for ev in jsonl.records(fd, skipped):
            try:
                state.apply(ev)
            except (KeyError, TypeError, ValueError):
                state.skipped += 1
        state.skipped += skipped[0]
        return state

    @staticmethod
    def _append(fd: int, events: list[dict[str, Any]]) -> None:
        now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        jsonl.write(fd, ({"schema": SCHEMA, **ev, "time": now, "pid": os.getpid()} for ev in events))

    def state(self) -> SessionState:
        """The session now: the fold of every event in the log."""
        with self._locked() as fd:
            return self._read(fd)

    # ------------------------------------------------------------------ paths

    def resolve(self, path: str) -> tuple[str, str]:
        """(absolute, root-relative) for ``path``; refuses paths outside the root."""
        if not isinstance(path, str) or not path or "\0" in path:
            raise InvalidOption("path", f"bad path {path!r}: give a file path relative to the project root {self.root}")
        abspath, rel, problem = resolve_inside(self.root_real, self.root, path)
        if problem:
            raise InvalidOption(
                "path", f"{path}: outside the project root {self.root}; only files inside it can be used"
            )
        assert abspath is not None and rel is not None
        return abspath, rel

    def read(self, path: str) -> tuple[str, bytes]:
        """(root-relative path, content) of a regular file inside the root, of at
        most ``DEFAULT_MAX_FILE_BYTES`` (the size a bulk run reads by default)."""
        abspath, rel = self.resolve(path)
        try:
            return rel, read_regular(abspath, max_bytes=DEFAULT_MAX_FILE_BYTES)
        except FileNotFoundError:
            raise CodepithError(f"{rel}: no such file under {self.root}{_unreadable_name(rel)}") from None
        except NotRegularFile as exc:
            if exc.reason == "too-large":
                raise CodepithError(
                    f"{rel}: skipped:too-large (over {DEFAULT_MAX_FILE_BYTES:,} bytes, the most "
                    f"the server reads of one file); compress it with `codepith compress {rel} "
                    "--max-file-bytes N`"
                ) from None
            raise CodepithError(f"{rel}: not a regular file (a folder, FIFO or device); name a file") from None
        except OSError as exc:
            raise CodepithError(f"{rel}: cannot be read ({exc.strerror or exc}); check its permissions") from None

    # ------------------------------------------------------------------ operations

    def start_turn(self) -> int:
        """Begin the next turn; returns its number (the first is 1)."""
        with self._locked() as fd:
            turn = self._read(fd).turn + 1
            self._append(fd, [{"event": "turn", "turn": turn}])
        return turn

    def track(
        self, path: str, *, edited: bool = False, pinned: bool | None = None, importance: float | None = None
    ) -> TrackedFile:
        """Record that the agent read (or edited) ``path`` this turn; it enters the context whole."""
        abspath, rel = self.resolve(path)
        kind = file_kind(abspath)
        if kind != "file":
            if kind == "missing":
                raise CodepithError(f"{rel}: no such file under {self.root}{_unreadable_name(rel)}")
            raise CodepithError(f"{rel}: not a regular file under {self.root}")
        if importance is not None and not (isinstance(importance, (int, float)) and 0.0 <= importance <= 1.0):
            raise InvalidOption("importance", f"must be between 0 and 1, got {importance!r}")
        ev: dict[str, Any] = {"event": "track", "path": rel, "edited": bool(edited)}
        if pinned is not None:
            ev["pinned"] = bool(pinned)
        if importance is not None:
            ev["importance"] = float(importance)
        with self._locked() as fd:
            state = self._read(fd)
            ev["turn"] = state.turn
            self._append(fd, [ev])
            state.apply(ev)
        return state.files[rel]

    def untrack(self, path: str, reason: str = "untracked by the agent") -> bool:
        """Take ``path`` out of the context; False when it was not in it."""
        _, rel = self.resolve(path)
        with self._locked() as fd:
            state = self._read(fd)
            if rel not in state.files:
                return False
            self._append(fd, [{"event": "untrack", "path": rel, "turn": state.turn, "reason": reason}])
        return True

    def optimize(
        self,
        limit: int,
        *,
        pressure: float | None = None,
        target: float | None = None,
        config: PressureConfig | None = None,
    ) -> Plan:
        """Plan for the tracked files at ``limit`` tokens, from their contents
        on disk now, and record it (compressed files stay tracked at their new
        level, evicted files leave the context). Files that vanished or became
        unreadable leave the context, with an ``evict`` decision saying so."""
        config = config or load_config(self.root)
        with self._locked() as fd:
            state = self._read(fd)
            items, gone = self._context_items(state, config)
            result = Planner(items, turn=state.turn, config=config).plan(limit, pressure=pressure, target=target)
            for p, why in gone:
                result.decisions.append(Decision(p, "evict", f"no longer readable: {why}", 0.0, 0, 0))
            self._append(fd, [_plan_event(state.turn, limit, result)])
        return result

    def _context_items(
        self, state: SessionState, config: PressureConfig
    ) -> tuple[list[ContextItem], list[tuple[str, str]]]:
        """The tracked files as the planner's items, read from disk now, and
        (path, why) of those that can no longer be read."""
        recent = {
            p for p, f in state.files.items()
            if f.last_edited is not None and state.turn - f.last_edited <= config.import_window
        }  # fmt: skip
        imported = self._imported_by(recent)
        items, gone = [], []
        for p in sorted(state.files):
            f = state.files[p]
            try:
                _, content = self.read(p)
            except (CodepithError, OSError) as exc:
                gone.append((p, str(exc)))
                continue
            items.append(
                ContextItem(
                    path=p,
                    content=content,
                    last_read=min(f.last_read, state.turn),
                    last_edited=None if f.last_edited is None else min(f.last_edited, state.turn),
                    pinned=f.pinned,
                    importance=f.importance,
                    imported_by_recent_edit=p in imported and p not in recent,
                    level=f.level,
                )
            )
        return items, gone

    def _imported_by(self, paths: set[str]) -> set[str]:
        """The files that ``paths`` import directly (a file whose imports
        cannot be read imports nothing)."""
        imported: set[str] = set()
        for p in sorted(paths):
            try:
                imported.update(direct_dependencies(self.root, p))
            except (CodepithError, OSError):
                pass
        return imported


def _plan_event(turn: int, limit: int, result: Plan) -> dict[str, Any]:
    """The log's record of a plan: what the agent was told to compress or evict."""
    return {
        "event": "plan",
        "turn": turn,
        "limit": limit,
        "used_tokens": result.used_tokens,
        "used_after": result.used_after,
        "reached": result.reached,
        "decisions": [
            {"path": d.path, "action": d.action, **({"level": d.level} if d.level else {})}
            for d in result.decisions
            if d.action != "keep"
        ],
    }
