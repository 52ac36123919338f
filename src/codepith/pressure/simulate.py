"""Context pressure, simulated: what the engine decides at every token limit.

:func:`simulate` builds a session in which the given files were read one
after another (file ``i`` at turn ``i x turn_gap``; the last one read is
fresh, the first one the stalest) and asks one :class:`~codepith.pressure.Planner`
for its plan at a range of token limits, from far under pressure to where
nothing triggers. :func:`render_html` (:mod:`codepith.pressure.page`) turns
that into one self-contained page (inline CSS and JavaScript, no network) with
a slider over the limits: the plans are computed here, by the real engine, and
only displayed by the page.

    >>> sim = simulate(["src/"], limit=20_000)
    >>> [(d.path, d.action, d.level) for d in sim.plan_at(20_000).decisions]
    >>> pathlib.Path("pressure.html").write_text(render_html(sim), encoding="utf-8")
"""

from __future__ import annotations

import math
import os
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .._version import __version__
from ..core.discover import Candidate, Excluded, WalkOptions, walk
from ..core.languages import detect_language
from ..core.verdict import BINARY_REASON, looks_binary
from ..errors import CodepithError, InvalidOption
from ..fs.safeio import NotRegularFile, read_regular
from .engine import ContextItem, Decision, Plan, Planner, PressureConfig, load_config
from .page import STATES, render_html

__all__ = ["STATES", "SimulatedFile", "Simulation", "render_html", "simulate"]

DEFAULT_STEPS = 60
LOW_FRACTION = 0.1  # the lowest limit on the slider, as a share of the used tokens
HEADROOM = 1.05  # the highest limit: a bit beyond where pressure stops triggering


def state_of(decision: Decision) -> str:
    """``kept``, ``signatures``, ``outline`` or ``evicted`` for a :class:`~codepith.pressure.Decision`."""
    if decision.action == "compress":
        assert decision.level is not None  # a compress decision names its level
        return decision.level
    return "evicted" if decision.action == "evict" else "kept"


@dataclass(frozen=True)
class SimulatedFile:
    """One file of the simulated session, as the engine scored it."""

    path: str
    abspath: str
    last_read: int
    staleness: float
    tokens: int
    language: str | None
    pinned: bool


@dataclass
class Simulation:
    """The plans of one simulated session at every slider position.

    ``limits`` are in increasing order and ``plans[i]`` is
    ``planner.plan(limits[i])``; ``limit`` (one of ``limits``) is the initial
    slider position. ``files`` follow the plans' order (most stale first).
    ``skipped`` lists files that were found but not read, with the reason.
    """

    items: list[ContextItem]
    turn: int
    config: PressureConfig
    planner: Planner
    limit: int
    limits: list[int]
    plans: list[Plan]
    files: list[SimulatedFile]
    skipped: list[tuple[str, str]] = field(default_factory=list)
    turn_gap: int = 1

    @property
    def used_tokens(self) -> int:
        return self.planner.used_tokens

    def plan_at(self, limit: int) -> Plan:
        """The plan at ``limit``, one of :attr:`limits`."""
        try:
            return self.plans[self.limits.index(limit)]
        except ValueError:
            raise InvalidOption("limit", f"{limit} is not one of the simulated limits") from None

    def to_dict(self) -> dict[str, Any]:
        """The data the page embeds: per file once, per limit only what changes.

        Each plan's ``rows`` follow ``files``: ``[state, tokens_after, reason]``
        with ``reason`` an index into ``reasons``. Compressed texts are not
        included (they are the same at every limit and can be large).
        """
        reasons: dict[str, int] = {}
        index = {f.path: i for i, f in enumerate(self.files)}
        plans = []
        for p in self.plans:
            rows: list[list[Any]] = [[]] * len(self.files)
            for d in p.decisions:
                rows[index[d.path]] = [state_of(d), d.tokens_after, reasons.setdefault(d.reason, len(reasons))]
            plans.append(
                {
                    "limit": p.limit,
                    "target_tokens": p.target_tokens,
                    "pressure_tokens": p.pressure_tokens,
                    "triggered": p.triggered,
                    "reached": p.reached,
                    "used_after": p.used_after,
                    "rows": rows,
                }
            )
        c = self.config
        return {
            "generator": f"codepith {__version__}",
            "turn": self.turn,
            "turn_gap": self.turn_gap,
            "used_tokens": self.used_tokens,
            "initial": self.limits.index(self.limit),
            "config": {
                "pressure": c.pressure,
                "target": c.target,
                "encoding": c.encoding,
                "fresh_last_resort": c.fresh_last_resort,
                "k": c.k,
                "midpoint": c.midpoint,
            },
            "files": [
                {
                    "path": f.path,
                    "staleness": round(f.staleness, 6),
                    "tokens_before": f.tokens,
                    "last_read": f.last_read,
                    "language": f.language,
                    "pinned": f.pinned,
                }
                for f in self.files
            ],
            "skipped": [{"path": p, "reason": r} for p, r in self.skipped],
            "reasons": list(reasons),
            "limits": list(self.limits),
            "plans": plans,
        }


# --------------------------------------------------------------------------- the session


def _label(abspath: str, root: str, given: str) -> str:
    rel = os.path.relpath(abspath, root)
    if rel == os.pardir or rel.startswith(os.pardir + os.sep) or os.path.isabs(rel):
        return given.replace(os.sep, "/")
    return rel.replace(os.sep, "/")


def _expand(
    paths: Sequence[str | os.PathLike], root: str, skip: Sequence[str | os.PathLike]
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(label, abspath) of every file to read, in reading order; and what was skipped."""
    out: list[tuple[str, str]] = []
    skipped: list[tuple[str, str]] = []
    for given in paths:
        given = os.fspath(given)
        try:
            st = os.stat(given)
        except FileNotFoundError:
            raise CodepithError(f"{given}: no such file or directory; give files or folders to read") from None
        except OSError as exc:
            raise CodepithError(f"{given}: cannot be read ({exc.strerror}); check its permissions") from None
        if stat.S_ISDIR(st.st_mode):
            for entry in walk(given, WalkOptions(skip=tuple(os.fspath(p) for p in skip))):
                abspath = os.path.abspath(os.path.join(given, entry.path))
                label = _label(abspath, root, os.path.join(given, entry.path))
                if isinstance(entry, Candidate):
                    out.append((label, abspath))
                elif isinstance(entry, Excluded) and entry.action.startswith("skipped:"):
                    why = entry.action.split(":", 1)[1] + (f" ({entry.reason})" if entry.reason else "")
                    skipped.append((label, why))
        elif stat.S_ISREG(st.st_mode):
            abspath = os.path.abspath(given)
            out.append((_label(abspath, root, given), abspath))
        else:
            raise CodepithError(f"{given}: not a regular file or folder; give files or folders to read")
    return out, skipped


def _read(label: str, abspath: str) -> bytes:
    """The bytes of a file that was regular when listed (one swapped for a FIFO since never blocks)."""
    try:
        return read_regular(abspath)
    except NotRegularFile:
        raise CodepithError(f"{label}: no longer a regular file; leave it out") from None
    except OSError as exc:
        raise CodepithError(
            f"{label}: cannot be read ({exc.strerror or exc}); check its permissions or leave it out"
        ) from None


def _limits(planner: Planner, config: PressureConfig, limit: int, steps: int) -> list[int]:
    """``steps`` limits from far under pressure to where nothing triggers, plus ``limit``."""
    used = planner.used_tokens
    low = max(1, math.ceil(LOW_FRACTION * used))
    high = max(low + 1, math.ceil(used / config.pressure * HEADROOM) + 1)
    while _triggers(used, high, config):  # never trust float rounding for the top of the range
        high += max(1, high // 100)
    # the largest limit that still triggers: where pressure starts
    edge = math.floor(used / config.pressure)
    while edge > 0 and not _triggers(used, edge, config):
        edge -= 1
    points = {low, high, limit}
    if edge >= 1:
        points.add(edge)
    span = high - low
    for i in range(steps):
        points.add(low + round(span * i / (steps - 1)))
    return sorted(points)


def _triggers(used: int, limit: int, config: PressureConfig) -> bool:
    return config.triggers(used, limit)


def simulate(
    paths: Iterable[str | os.PathLike],
    *,
    root: str | os.PathLike = ".",
    limit: int | None = None,
    steps: int = DEFAULT_STEPS,
    turn_gap: int = 1,
    pins: Iterable[str | os.PathLike] = (),
    config: PressureConfig | None = None,
    skip: Sequence[str | os.PathLike] = (),
) -> Simulation:
    """Read ``paths`` in order as an agent would and plan at many token limits.

    Folders are expanded in sorted path order, honouring ``.gitignore`` as
    :func:`codepith.discover.walk` does; binary files are skipped (listed in
    :attr:`Simulation.skipped`). File ``i`` is read at turn ``i x turn_gap``
    and the current turn is the last file's, so the last file is fresh. A
    file read twice counts from its last read. ``pins`` (files or folders
    among ``paths``) are never touched. Paths are shown relative to ``root``,
    whose ``.codepith.toml``/``pyproject.toml`` give the settings unless
    ``config`` is given. ``limit`` (default: the used tokens) is one of the
    ``steps``-odd slider positions and the initial one. ``skip`` lists files
    never to read (the run's own output).
    """
    paths = list(paths)
    _check_options(paths, root, limit, steps, turn_gap)
    root = os.path.abspath(os.fspath(root))
    if config is None:
        config = load_config(root)
    found, skipped = _expand(paths, root, skip)
    pinned = _pinned(pins, found)
    reads, contents = _read_all(found, skipped)
    items, meta = _items(reads, contents, pinned, turn_gap)
    if not items:
        what = "; ".join(f"{p}: {r}" for p, r in skipped[:3])
        raise CodepithError(
            "no files found to read in "
            + ", ".join(os.fspath(p) for p in paths)
            + (f" (skipped: {what})" if what else "")
            + "; give text files or folders holding some (.gitignore'd ones are left out)"
        )
    turn = (len(reads) - 1) * turn_gap
    planner = Planner(items, turn=turn, config=config)
    start = max(1, planner.used_tokens if limit is None else limit)
    limits = _limits(planner, config, start, steps)
    plans = [planner.plan(x) for x in limits]
    return Simulation(
        items=items,
        turn=turn,
        config=config,
        planner=planner,
        limit=start,
        limits=limits,
        plans=plans,
        files=_files(planner, plans[0], meta),
        skipped=skipped,
        turn_gap=turn_gap,
    )


def _check_options(paths: list, root: str | os.PathLike, limit: int | None, steps: int, turn_gap: int) -> None:
    """Raise :class:`~codepith.errors.InvalidOption` naming the first bad argument of :func:`simulate`."""
    if not paths:
        raise InvalidOption("paths", "no paths given; give the files or folders the session reads")
    for name, value, least in (("steps", steps, 2), ("turn_gap", turn_gap, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise InvalidOption(name, f"must be a whole number, {least} or more, got {value!r}")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit <= 0):
        raise InvalidOption(
            "limit", f"must be a positive number of tokens, got {limit!r}; leave it out to start at the used tokens"
        )
    if not os.path.isdir(root):
        raise InvalidOption("root", f"{os.fspath(root)}: no such folder; give the project folder holding the settings")


def _pinned(pins: Iterable[str | os.PathLike], found: list[tuple[str, str]]) -> set[str]:
    """The labels of the files read that ``pins`` (files or folders) name."""
    pinned: set[str] = set()
    for pin in pins:
        pin = os.fspath(pin)
        real = os.path.realpath(pin)
        hits = [
            lab for lab, ab in found if os.path.realpath(ab) == real or os.path.realpath(ab).startswith(real + os.sep)
        ]
        if not hits:
            raise InvalidOption("pins", f"{pin}: not among the files read; pin a file or folder given in the paths")
        pinned.update(hits)
    return pinned


def _read_all(
    found: list[tuple[str, str]], skipped: list[tuple[str, str]]
) -> tuple[list[tuple[str, str]], dict[str, bytes]]:
    """Every read in order, as (label, abspath), and each file's bytes, read
    once; a binary file is added to ``skipped`` instead."""
    reads: list[tuple[str, str]] = []
    contents: dict[str, bytes] = {}
    binary: set[str] = set()
    for label, abspath in found:
        if label in binary:
            continue
        if label not in contents:
            data = _read(label, abspath)
            if looks_binary(data):
                skipped.append((label, f"binary ({BINARY_REASON})"))
                binary.add(label)
                continue
            contents[label] = data
        reads.append((label, abspath))
    return reads, contents


def _items(
    reads: list[tuple[str, str]], contents: dict[str, bytes], pinned: set[str], turn_gap: int
) -> tuple[list[ContextItem], dict[str, tuple[str, int]]]:
    """The context items (a file read again counts from its last read) and
    each one's (abspath, turn read)."""
    last: dict[str, tuple[int, str]] = {}
    for position, (label, abspath) in enumerate(reads):
        last.pop(label, None)  # a file read again counts from its last read
        last[label] = (position, abspath)
    items: list[ContextItem] = []
    meta: dict[str, tuple[str, int]] = {}
    for label, (position, abspath) in last.items():
        items.append(
            ContextItem(path=label, content=contents[label], last_read=position * turn_gap, pinned=label in pinned)
        )
        meta[label] = (abspath, position * turn_gap)
    return items, meta


def _files(planner: Planner, first: Plan, meta: dict[str, tuple[str, int]]) -> list[SimulatedFile]:
    """The simulated files in the plans' order (most stale first)."""
    by_path = {it.path: (i, it) for i, it in enumerate(planner.items)}
    files = []
    for d in first.decisions:
        i, it = by_path[d.path]
        abspath, read = meta[d.path]
        files.append(
            SimulatedFile(
                path=d.path,
                abspath=abspath,
                last_read=read,
                staleness=planner.staleness[i],
                tokens=planner.tokens[i],
                language=detect_language(d.path),
                pinned=it.pinned,
            )
        )
    return files
