"""Context pressure: which files in an agent's context to compress or evict.

Each item of the context (a file the agent has read) gets a *staleness* in
[0, 1] from the turns since it was last used; when the context is under
pressure (used tokens >= ``pressure`` x limit) a plan brings it down to
``target`` x limit: stale files are compressed first (to ``signatures``, then
``outline``), stale files that cannot be compressed are evicted next, and
compressed files are evicted last. Once the target is met, whatever it did not
need is given back (an evicted file in its smallest form, then each compressed
file at the richest level that still fits), so no decision can be undone with
the target still met. Pinned items are never touched.

    >>> planner = Planner(items, turn=12)
    >>> plan = planner.plan(limit=100_000)
    >>> plan.to_dict()["decisions"][0]
    {'path': 'src/app.py', 'action': 'compress', 'level': 'signatures', ...}

Every language codepith compresses is compressible: the language is found by
:func:`codepith.detect_language` (or given per item), never by a list of
extensions kept here. A file's verdict is the one every face gives it
(:mod:`codepith.core.verdict`): a binary, generated or minified file is never
compressed, and the reason is the same as in a bulk run. The loops over the
items run in the native core (``_scoring``) or its pure-Python twin, with
identical decisions.

Settings (all optional) live in ``.codepith.toml`` under ``[pressure]`` or in
``pyproject.toml`` under ``[tool.codepith.pressure]``; see
:class:`PressureConfig` for each key.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
from array import array
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.compress import LEVELS
from ..core.languages import detect_language
from ..core.literals import Encoding, Level
from ..core.tokens import check_encoding, count_tokens
from ..core.verdict import UNSUPPORTED_REASON, Verdict, classify, compress_classified
from ..errors import CodepithError, InvalidOption, UnknownEncoding
from ..fs.config import load_table
from .scoring import COMPRESSIBLE, EVICT, IMPLEMENTATION, KEEP, PINNED, score, select

__all__ = ["ContextItem", "Decision", "Plan", "Planner", "PressureConfig", "load_config", "plan"]

MAX_LIMIT = 10**15  # tokens: far past any context, small enough for exact float thresholds
_LEVEL_CODE = {"full": 0, "signatures": 1, "outline": 2}


@dataclass(frozen=True)
class PressureConfig:
    """How staleness is scored and when and how far the plan cuts.

    ``k`` and ``midpoint`` shape the turn-decay sigmoid: staleness rises
    around ``midpoint`` turns since last use, the faster the larger ``k``.
    The weights (each 0..1) lower staleness for a file edited recently
    (``edit_weight``), imported by a recently edited file (``import_weight``)
    or marked important (``importance_weight`` x importance), and raise it
    for a file holding a large share of the context (``share_weight``).
    ``pressure`` and ``target`` are fractions of the token limit: a plan is
    made at ``pressure`` x limit and brings usage to at most ``target`` x
    limit. With ``fresh_last_resort`` files used this turn may be compressed,
    then evicted, once nothing stale is left to cut; without it they are kept
    and the plan reports that the target was not reached. ``import_window``
    is how many turns an edit counts as recent for the import relation.
    """

    k: float = 1.0
    midpoint: float = 3.0
    edit_weight: float = 0.5
    import_weight: float = 0.5
    importance_weight: float = 0.5
    share_weight: float = 0.5
    pressure: float = 0.8
    target: float = 0.7
    fresh_last_resort: bool = True
    import_window: int = 2
    encoding: Encoding = "o200k_base"

    def __post_init__(self) -> None:
        self.check()

    def check(self) -> None:
        """Raise :class:`~codepith.errors.InvalidOption` naming the first bad setting."""

        def bad(key: str, why: str) -> InvalidOption:
            return InvalidOption(key, f"{why}, got {getattr(self, key)!r}")

        for key in (
            "k",
            "midpoint",
            "edit_weight",
            "import_weight",
            "importance_weight",
            "share_weight",
            "pressure",
            "target",
        ):
            value = getattr(self, key)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise bad(key, "must be a finite number")
        if self.k <= 0:
            raise bad("k", "must be above 0")
        if self.midpoint < 0:
            raise bad("midpoint", "must be 0 or more")
        for key in ("edit_weight", "import_weight", "importance_weight", "share_weight"):
            if not 0.0 <= getattr(self, key) <= 1.0:
                raise bad(key, "must be between 0 and 1")
        if not 0.0 < self.target <= 1.0:
            raise bad("target", "must be above 0 and at most 1")
        if not self.target <= self.pressure:
            raise bad("pressure", f"must be at least target ({self.target})")
        if not isinstance(self.fresh_last_resort, bool):
            raise bad("fresh_last_resort", "must be true or false")
        if isinstance(self.import_window, bool) or not isinstance(self.import_window, int) or self.import_window < 0:
            raise bad("import_window", "must be a whole number of turns, 0 or more")
        try:
            check_encoding(self.encoding)
        except UnknownEncoding as exc:  # its message names the known ones
            raise InvalidOption("encoding", str(exc)) from None

    def thresholds(self, limit: int) -> tuple[int, int]:
        """(pressure tokens, target tokens) at ``limit``: a plan starts when
        usage reaches the first and cuts down to at most the second."""
        at, to = self.pressure * limit, self.target * limit
        if not math.isfinite(at):
            raise InvalidOption(
                "pressure",
                f"{self.pressure!r} x limit {limit} is past any token count; "
                "give a pressure near 1 (a fraction of the limit)",
            )
        return math.ceil(at), math.floor(to)

    def triggers(self, used: int, limit: int) -> bool:
        """Whether ``used`` tokens at ``limit`` call for a plan."""
        pressure_tokens, target_tokens = self.thresholds(limit)
        return used >= pressure_tokens and used > target_tokens

    def replace(self, **changes: Any) -> PressureConfig:
        """A copy with ``changes`` (``None`` values ignored), checked."""
        return dataclasses.replace(self, **{k: v for k, v in changes.items() if v is not None})


_CONFIG_KEYS = {f.name for f in dataclasses.fields(PressureConfig)}


def load_config(root: str | os.PathLike = ".", **overrides: Any) -> PressureConfig:
    """Settings from ``root``'s ``.codepith.toml [pressure]`` and ``pyproject.toml
    [tool.codepith.pressure]`` (the first wins key by key), then ``overrides``."""
    settings: dict[str, Any] = {}
    for source, table in reversed(load_table(root, "pressure")):
        for key, value in table.items():
            if key not in _CONFIG_KEYS:
                raise CodepithError(
                    f"{source}: [pressure] has an unknown key {key!r}; known keys: {', '.join(sorted(_CONFIG_KEYS))}"
                )
            settings[key] = value
        try:
            PressureConfig(**settings)
        except TypeError as exc:  # pragma: no cover - keys are checked above
            raise CodepithError(f"{source}: {exc}") from None
        except InvalidOption as exc:  # a key of the file, not a parameter of the caller
            raise CodepithError(f"{source}: [pressure] {exc.parameter}: {exc.problem}") from None
    return PressureConfig(**settings).replace(**overrides)


@dataclass
class ContextItem:
    """One file in the agent's context.

    ``content`` is the file's source (full); the context may hold it at
    ``level`` (``full``, or ``signatures``/``outline`` when an earlier plan
    compressed it). Without ``content`` give ``tokens`` (what it costs in the
    context now): such an item can only be kept or evicted. Turns are counted
    from 0; ``last_edited`` is ``None`` for a file never edited.
    """

    path: str
    content: bytes | str | None = None
    tokens: int | None = None
    last_read: int = 0
    last_edited: int | None = None
    pinned: bool = False
    importance: float = 0.0
    imported_by_recent_edit: bool = False
    level: Level = "full"
    language: str | None = None


@dataclass
class Decision:
    """What the plan does with one item."""

    path: str
    action: str  # keep | compress | evict
    reason: str
    staleness: float
    tokens_before: int
    tokens_after: int
    level: str | None = None  # the level compressed to
    text: str | None = None  # the compressed text, for compress
    phase: int = 0

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "path": self.path,
            "action": self.action,
            "reason": self.reason,
            "staleness": round(self.staleness, 6),
            "tokens_before": self.tokens_before,
            "tokens_after": self.tokens_after,
        }
        if self.action == "compress":
            d["level"] = self.level
            d["text"] = self.text
        return d


@dataclass
class Plan:
    """The plan for one limit: every item's decision, most stale first."""

    used_tokens: int
    limit: int
    target_tokens: int
    pressure_tokens: int
    triggered: bool
    reached: bool
    used_after: int
    turn: int
    decisions: list[Decision] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "used_tokens": self.used_tokens,
            "limit": self.limit,
            "target_tokens": self.target_tokens,
            "pressure_tokens": self.pressure_tokens,
            "triggered": self.triggered,
            "reached": self.reached,
            "used_after": self.used_after,
            "turn": self.turn,
            "decisions": [d.to_dict() for d in self.decisions],
        }

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)


def _check_item(it: ContextItem, turn: int, seen: set[str]) -> None:
    """Raise :class:`~codepith.errors.InvalidOption` (``items``) naming the
    item and its first bad field; ``seen`` holds the paths before it."""

    def bad(problem: str) -> InvalidOption:
        return InvalidOption("items", f"context item {it.path!r}: {problem}")

    if it.path in seen:
        raise bad("listed twice; each path enters the context once")
    seen.add(it.path)
    if it.level not in _LEVEL_CODE:
        raise bad(f"level {it.level!r} is not one of {', '.join(LEVELS)}")
    for name in ("last_read",) + (("last_edited",) if it.last_edited is not None else ()):
        value = getattr(it, name)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= turn:
            raise bad(f"{name} = {value!r} must be a turn from 0 to the current turn {turn}")
    if not isinstance(it.importance, (int, float)) or not 0.0 <= it.importance <= 1.0:
        raise bad(f"importance = {it.importance!r} must be between 0 and 1")
    if it.content is None and (
        it.tokens is None or isinstance(it.tokens, bool) or not isinstance(it.tokens, int) or it.tokens < 0
    ):
        raise bad("give its content, or its token count (tokens >= 0)")


def _why(verdict: Verdict) -> str:
    """A verdict's reason as the plan quotes it: the plan itself says what
    becomes of the item (kept, or evicted), so not "kept whole" again."""
    return verdict.reason.removesuffix("; kept whole")


_REASONS = {
    1: "stale; compressed to signatures",
    2: "stale; still over target at signatures: compressed to outline",
    3: "stale; cannot be compressed ({why}): evicted",
    4: "stale; compressed, still over target: evicted",
    5: "used this turn, nothing stale left to cut: compressed to signatures (last resort)",
    6: "used this turn, nothing stale left to cut: compressed to outline (last resort)",
    7: "used this turn, nothing stale left to cut: evicted (last resort; {why})",
    8: "used this turn, nothing stale left to cut: evicted after compression (last resort)",
}


class Planner:
    """Scores a set of context items once; plans for any limit.

    Token counts of each item now and at ``signatures``/``outline`` are
    computed once (compression only for unpinned items of a supported
    language, and only when a plan needs them), so one planner can answer
    many limits cheaply, as the pressure simulation does.
    """

    def __init__(self, items: Iterable[ContextItem], *, turn: int, config: PressureConfig | None = None) -> None:
        self.items = list(items)
        self.turn = turn
        self.config = config or PressureConfig()
        self.implementation = IMPLEMENTATION
        if isinstance(turn, bool) or not isinstance(turn, int) or turn < 0:
            raise InvalidOption("turn", f"must be a whole number, 0 or more, got {turn!r}")
        seen: set[str] = set()
        for it in self.items:
            _check_item(it, turn, seen)
        n = len(self.items)
        self._source: list[bytes | None] = [None] * n
        self._language: list[str | None] = [None] * n  # None: not compressible
        self._why: list[str] = [""] * n  # why an item cannot be compressed
        self._forms: dict[int, dict[str, tuple[bytes, int] | None]] = {}  # None: no such form
        measured = [self._measure(i, it) for i, it in enumerate(self.items)]
        self.tokens = array("q", (tokens for tokens, _ in measured))
        self.level = array("b", (level for _, level in measured))
        self.flags = array(
            "B",
            (
                (PINNED if it.pinned else 0) | (COMPRESSIBLE if lang is not None else 0)
                for it, lang in zip(self.items, self._language, strict=False)
            ),
        )
        self.staleness = self._score()
        self.used_tokens = sum(self.tokens)
        self._sig: array | None = None
        self._outline: array | None = None

    def _measure(self, i: int, it: ContextItem) -> tuple[int, int]:
        """(tokens, level code) of item ``i`` in the context now; notes its
        source, its language when it can be compressed, and why not."""
        if it.content is None:
            self._why[i] = "content not given"
            return it.tokens or 0, _LEVEL_CODE[it.level]
        src = it.content.encode("utf-8", "surrogateescape") if isinstance(it.content, str) else bytes(it.content)
        self._source[i] = src
        lang = it.language or detect_language(it.path)
        # the verdict every face gives this file: binary, generated and minified files stay whole, and
        # a file holding a secret is never compressed, so no text of it is ever handed back
        verdict = classify(src, lang, path=it.path)
        if verdict is None and lang is None:
            verdict = Verdict("kept-whole", UNSUPPORTED_REASON)
        if verdict is None:
            self._language[i] = lang
        else:
            self._why[i] = _why(verdict)
        now = self._form(i, it.level)
        if now is None:  # could not be brought to its recorded level: count it whole
            return count_tokens(src, encoding=self.config.encoding), 0
        return now[1], _LEVEL_CODE[it.level]

    def _score(self) -> array:
        """Every item's staleness (the native loop or its twin)."""
        items, c = self.items, self.config
        return score(
            self.turn,
            array("q", (it.last_read for it in items)),
            array("q", (-1 if it.last_edited is None else it.last_edited for it in items)),
            array("d", (float(it.importance) for it in items)),
            array("B", (1 if it.imported_by_recent_edit else 0 for it in items)),
            self.tokens,
            (float(c.k), float(c.midpoint), float(c.edit_weight), float(c.import_weight),
             float(c.importance_weight), float(c.share_weight)),
        )  # fmt: skip

    def _form(self, i: int, level: Level) -> tuple[bytes, int] | None:
        """Item ``i`` at ``level``: (data, tokens), or None when it cannot be compressed."""
        forms = self._forms.setdefault(i, {})
        if level in forms:
            return forms[level]
        src = self._source[i]
        lang = self._language[i]
        out: tuple[bytes, int] | None = None
        if src is None:
            pass
        elif level == "full":
            out = (src, count_tokens(src, encoding=self.config.encoding))
        elif lang is not None:  # classified when it was measured
            result = compress_classified(src, lang, level=level)
            if isinstance(result, Verdict):
                self._why[i] = _why(result)
            elif not result.valid:
                self._why[i] = "its source does not parse"
            else:
                out = (result.data, count_tokens(result.data, encoding=self.config.encoding))
        forms[level] = out
        return out

    def _compressed_forms(self) -> tuple[array, array]:
        if self._sig is None or self._outline is None:  # set together
            n = len(self.items)
            sig = array("q", [-1]) * n
            outline = array("q", [-1]) * n
            for i in range(n):
                if self.flags[i] & PINNED or not self.flags[i] & COMPRESSIBLE:
                    continue
                smaller: tuple[tuple[Level, array], ...] = (("signatures", sig), ("outline", outline))
                for lv, arr in smaller:
                    if self.level[i] >= _LEVEL_CODE[lv]:
                        continue
                    form = self._form(i, lv)
                    if form is not None:
                        arr[i] = form[1]
                if sig[i] < 0 and outline[i] < 0 and not self._why[i]:
                    self._why[i] = "no smaller form"
            self._sig, self._outline = sig, outline
        return self._sig, self._outline

    def plan(self, limit: int, *, pressure: float | None = None, target: float | None = None) -> Plan:
        """The plan at ``limit`` tokens (``pressure``/``target`` override the settings)."""
        if isinstance(limit, bool) or not isinstance(limit, int) or not 0 < limit <= MAX_LIMIT:
            raise InvalidOption("limit", f"must be a positive number of tokens, at most {MAX_LIMIT:.0e}, got {limit!r}")
        c = self.config.replace(pressure=pressure, target=target)
        pressure_tokens, target_tokens = c.thresholds(limit)
        used = self.used_tokens
        n = len(self.items)
        triggered = c.triggers(used, limit)
        if triggered:
            sig, outline = self._compressed_forms()
            action, phase, after, used_after = select(
                self.staleness, self.tokens, sig, outline, self.level, self.flags, target_tokens, c.fresh_last_resort
            )
        else:
            action, phase, after, used_after = array("b", bytes(n)), array("b", bytes(n)), self.tokens, used
        reached = (not triggered) or used_after <= target_tokens
        decisions = []
        for i in range(n):
            it = self.items[i]
            a, ph, s = action[i], phase[i], self.staleness[i]
            d = Decision(it.path, "keep", "", s, self.tokens[i], after[i], phase=ph)
            if a == KEEP:
                if it.pinned:
                    d.reason = "pinned"
                elif not triggered:
                    d.reason = (
                        f"below pressure ({used} < {pressure_tokens} tokens)"
                        if used < pressure_tokens
                        else "at or under target"
                    )
                elif s == 0.0 and not reached:
                    d.reason = "used this turn"
                elif reached:
                    d.reason = "used this turn" if s == 0.0 else "target met before this item"
                else:
                    d.reason = "nothing left to cut"
            elif a == EVICT:
                d.action = "evict"
                d.reason = _REASONS[ph].format(why=self._why[i] or "no smaller form")
            else:
                lv = LEVELS[a]
                form = self._form(i, lv)
                assert form is not None and form[1] == after[i]
                d.action, d.level = "compress", lv
                d.text = form[0].decode("utf-8", "replace")
                d.reason = _REASONS[ph]
            decisions.append(d)
        order = sorted(range(n), key=lambda i: (-self.staleness[i], i))
        return Plan(
            used_tokens=used,
            limit=limit,
            target_tokens=target_tokens,
            pressure_tokens=pressure_tokens,
            triggered=triggered,
            reached=reached,
            used_after=used_after,
            turn=self.turn,
            decisions=[decisions[i] for i in order],
        )


def plan(
    items: Sequence[ContextItem] | Iterable[Mapping[str, Any] | ContextItem],
    *,
    limit: int,
    turn: int,
    config: PressureConfig | None = None,
    pressure: float | None = None,
    target: float | None = None,
) -> Plan:
    """The plan for ``items`` at ``limit`` tokens on turn ``turn``.

    Items may be :class:`ContextItem`\\ s or mappings with the same keys.
    """
    objs = [it if isinstance(it, ContextItem) else ContextItem(**it) for it in items]
    return Planner(objs, turn=turn, config=config).plan(limit, pressure=pressure, target=target)
