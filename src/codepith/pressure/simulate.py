"""Context pressure, simulated: what the engine decides at every token limit.

:func:`simulate` builds a session in which the given files were read one
after another (file ``i`` at turn ``i x turn_gap``; the last one read is
fresh, the first one the stalest) and asks one :class:`~codepith.pressure.Planner`
for its plan at a range of token limits, from far under pressure to where
nothing triggers. :func:`render_html` turns that into one self-contained page
(inline CSS and JavaScript, no network) with a slider over the limits: the
plans are computed here, by the real engine, and only displayed by the page.

    >>> sim = simulate(["src/"], limit=20_000)
    >>> [(d.path, d.action, d.level) for d in sim.plan_at(20_000).decisions]
    >>> pathlib.Path("pressure.html").write_text(render_html(sim), encoding="utf-8")
"""

from __future__ import annotations

import html
import json
import math
import os
import re
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .._version import __version__
from ..core.verdict import BINARY_REASON, looks_binary
from ..core.discover import Candidate, Excluded, walk
from ..errors import CodepithError
from ..core.languages import detect_language
from .engine import ContextItem, Plan, Planner, PressureConfig, load_config
from ..core.safeio import NotRegularFile, read_regular

__all__ = ["STATES", "SimulatedFile", "Simulation", "render_html", "simulate"]

#: What a row of the page shows for a decision.
STATES = ("kept", "signatures", "outline", "evicted")

DEFAULT_STEPS = 60
LOW_FRACTION = 0.1  # the lowest limit on the slider, as a share of the used tokens
HEADROOM = 1.05  # the highest limit: a bit beyond where pressure stops triggering


def state_of(decision) -> str:
    """``kept``, ``signatures``, ``outline`` or ``evicted`` for a :class:`~codepith.pressure.Decision`."""
    if decision.action == "compress":
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
            raise CodepithError(f"limit {limit} is not one of the simulated limits") from None

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
            plans.append({
                "limit": p.limit,
                "target_tokens": p.target_tokens,
                "pressure_tokens": p.pressure_tokens,
                "triggered": p.triggered,
                "reached": p.reached,
                "used_after": p.used_after,
                "rows": rows,
            })
        c = self.config
        return {
            "generator": f"codepith {__version__}",
            "turn": self.turn,
            "turn_gap": self.turn_gap,
            "used_tokens": self.used_tokens,
            "initial": self.limits.index(self.limit),
            "config": {"pressure": c.pressure, "target": c.target, "encoding": c.encoding,
                       "fresh_last_resort": c.fresh_last_resort, "k": c.k, "midpoint": c.midpoint},
            "files": [
                {"path": f.path, "staleness": round(f.staleness, 6), "tokens_before": f.tokens,
                 "last_read": f.last_read, "language": f.language, "pinned": f.pinned}
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


def _expand(paths: Sequence[str | os.PathLike], root: str, skip: Sequence[str | os.PathLike]):
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
            for entry in walk(given, skip=skip):
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
    if not paths:
        raise CodepithError("no paths given; give the files or folders the session reads")
    for name, value, least in (("steps", steps, 2), ("turn_gap", turn_gap, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise CodepithError(f"{name} must be a whole number, {least} or more (got {value!r})")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit <= 0):
        raise CodepithError(f"limit must be a positive number of tokens (got {limit!r}); leave it out to start at the used tokens")
    root = os.path.abspath(os.fspath(root))
    if config is None:
        config = load_config(root)
    found, skipped = _expand(paths, root, skip)
    pin_paths = []
    for pin in pins:
        pin = os.fspath(pin)
        real = os.path.realpath(pin)
        hits = [lab for lab, ab in found if os.path.realpath(ab) == real or os.path.realpath(ab).startswith(real + os.sep)]
        if not hits:
            raise CodepithError(f"pin {pin}: not among the files read; pin a file or folder given in the paths")
        pin_paths.extend(hits)
    pinned = set(pin_paths)
    reads: list[tuple[str, str, bytes]] = []
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
        reads.append((label, abspath, contents[label]))
    last: dict[str, tuple[int, str]] = {}
    for position, (label, abspath, _data) in enumerate(reads):
        last.pop(label, None)  # a file read again counts from its last read
        last[label] = (position, abspath)
    items: list[ContextItem] = []
    meta: dict[str, tuple[str, int]] = {}
    for label, (position, abspath) in last.items():
        items.append(ContextItem(path=label, content=contents[label], last_read=position * turn_gap,
                                 pinned=label in pinned))
        meta[label] = (abspath, position * turn_gap)
    if not items:
        what = "; ".join(f"{p}: {r}" for p, r in skipped[:3])
        raise CodepithError(
            "no files found to read in " + ", ".join(os.fspath(p) for p in paths)
            + (f" (skipped: {what})" if what else "")
            + "; give text files or folders holding some (.gitignore'd ones are left out)"
        )
    turn = (len(reads) - 1) * turn_gap
    planner = Planner(items, turn=turn, config=config)
    start = planner.used_tokens if limit is None else limit
    start = max(1, start)
    limits = _limits(planner, config, start, steps)
    plans = [planner.plan(x) for x in limits]
    by_path = {it.path: (i, it) for i, it in enumerate(items)}
    files = []
    for d in plans[0].decisions:
        i, it = by_path[d.path]
        abspath, read = meta[d.path]
        files.append(SimulatedFile(
            path=d.path, abspath=abspath, last_read=read, staleness=planner.staleness[i],
            tokens=planner.tokens[i], language=detect_language(d.path), pinned=it.pinned,
        ))
    return Simulation(items=items, turn=turn, config=config, planner=planner, limit=start, limits=limits,
                      plans=plans, files=files, skipped=skipped, turn_gap=turn_gap)


# --------------------------------------------------------------------------- the page


def _json_for_script(data: Any) -> str:
    """JSON safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` at all,
    so no ``</script>`` or ``<!--`` in any path or reason can end the element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def _n(value: int) -> str:
    return f"{value:,}"


_STATE_LABEL = {"kept": "kept", "signatures": "signatures", "outline": "outline", "evicted": "evicted"}


def render_html(sim: Simulation, *, title: str = "codepith: context pressure") -> str:
    """One self-contained HTML page (inline CSS and JS, no network) showing ``sim``.

    The table is filled for the initial limit in the HTML itself, so the page
    reads without scripts too; the slider's script swaps in the embedded
    plans computed by the engine.
    """
    data = sim.to_dict()
    i0 = data["initial"]
    p0 = data["plans"][i0]
    esc = html.escape
    rows = []
    counts = dict.fromkeys(STATES, 0)
    for state, _after, _reason in p0["rows"]:
        counts[state] += 1
    for f, (state, after, reason) in zip(data["files"], p0["rows"]):
        st = f["staleness"]
        rows.append(
            f'<tr data-path="{esc(f["path"])}" data-state="{state}" data-tokens-before="{f["tokens_before"]}"'
            f' data-tokens-after="{after}">'
            f'<th scope="row" class="path">{esc(f["path"])}'
            + (' <span class="pin" title="pinned: never touched">pinned</span>' if f["pinned"] else "")
            + "</th>"
            f'<td class="state"><span class="badge {state}">{_STATE_LABEL[state]}</span></td>'
            f'<td class="num before">{_n(f["tokens_before"])}</td>'
            f'<td class="arrow" aria-hidden="true">→</td>'
            f'<td class="num after">{_n(after)}</td>'
            f'<td class="stale"><meter min="0" max="1" value="{st}" aria-label="staleness {st:.3f}"></meter>'
            f' <span class="num">{st:.3f}</span></td>'
            f'<td class="read num">{f["last_read"]}</td>'
            f'<td class="reason">{esc(data["reasons"][reason])}</td></tr>'
        )
    skipped = ""
    if data["skipped"]:
        items = "".join(f"<li><code>{esc(s['path'])}</code>: {esc(s['reason'])}</li>" for s in data["skipped"])
        skipped = (f'<details class="skipped"><summary>{len(data["skipped"])} file(s) found but not read'
                   f"</summary><ul>{items}</ul></details>")
    c = data["config"]
    used = data["used_tokens"]
    lo, hi = data["limits"][0], data["limits"][-1]
    scale = max(hi, used, 1)

    def pct(x: int) -> str:  # as the script computes it
        return f"{min(100.0, 100.0 * x / scale):.2f}%"

    values = {
        "TITLE": esc(title),
        "GENERATOR": esc(data["generator"]),
        "NFILES": _n(len(data["files"])),
        "USED": _n(used),
        "TURN": str(data["turn"]),
        "GAPTXT": "one per turn" if data["turn_gap"] == 1 else f"one every {data['turn_gap']} turns",
        "PRESSURE": f"{c['pressure']:g}",
        "TARGET": f"{c['target']:g}",
        "ENCODING": esc(c["encoding"]),
        "MAXPOS": str(len(data["limits"]) - 1),
        "POS": str(i0),
        "LIMIT": str(p0["limit"]),
        "LIMITTXT": _n(p0["limit"]),
        "LO": _n(lo),
        "HI": _n(hi),
        "STATUS": _status(p0, used),
        "STATUSKIND": "idle" if not p0["triggered"] else ("reached" if p0["reached"] else "missed"),
        "USEDAFTER": _n(p0["used_after"]),
        "TARGETTOK": _n(p0["target_tokens"]),
        "PRESSTOK": _n(p0["pressure_tokens"]),
        "W_USED": pct(used),
        "W_AFTER": pct(p0["used_after"]),
        "W_TARGET": pct(p0["target_tokens"]),
        "W_PRESS": pct(p0["pressure_tokens"]),
        "W_LIMIT": pct(p0["limit"]),
        "CKEPT": str(counts["kept"]),
        "CSIG": str(counts["signatures"]),
        "COUT": str(counts["outline"]),
        "CEV": str(counts["evicted"]),
        "ROWS": "\n".join(rows),
        "SKIPPED": skipped,
        "DATA": _json_for_script(data),
        "SCRIPT": _SCRIPT,
        "STYLE": _STYLE,
    }
    # one pass: a path that happens to read "{{DATA}}" stays text
    return re.sub(r"\{\{([A-Z_]+)\}\}", lambda m: values[m.group(1)], _TEMPLATE)


def _status(p: dict, used: int) -> str:
    if not p["triggered"]:
        return (f"Under pressure threshold: {_n(used)} used &lt; {_n(p['pressure_tokens'])}"
                " tokens. Nothing is cut.")
    head = f"Pressure: {_n(used)} used ≥ {_n(p['pressure_tokens'])} tokens. "
    if p["reached"]:
        return head + f"Cut to {_n(p['used_after'])}, target {_n(p['target_tokens'])} reached."
    return head + f"Cut to {_n(p['used_after'])}: target {_n(p['target_tokens'])} NOT reached."


_STYLE = """
:root { --fg:#1d2330; --muted:#5b6475; --bg:#f6f7fb; --card:#fff; --line:#dfe3ec;
  --kept:#2f7d4f; --kept-bg:#e3f4ea; --sig:#8a5a00; --sig-bg:#fff1d6; --out:#9a3c00; --out-bg:#ffe1cc;
  --ev:#a3192f; --ev-bg:#fbdde2; --accent:#3558c9; }
* { box-sizing: border-box; }
body { margin:0; font:15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color:var(--fg);
  background:var(--bg); }
main { max-width: 1180px; margin: 0 auto; padding: 24px 20px 40px; }
h1 { font-size: 22px; margin: 0 0 4px; }
.sub { color: var(--muted); margin: 0 0 18px; }
.card { background:var(--card); border:1px solid var(--line); border-radius:10px; padding:16px 18px;
  margin-bottom:16px; }
.control label { font-weight:600; display:block; margin-bottom:6px; }
.limit-row { display:flex; align-items:center; gap:14px; }
input[type=range] { flex:1; accent-color: var(--accent); height: 28px; }
input[type=range]:focus-visible { outline: 2px solid var(--accent); outline-offset: 4px; border-radius: 4px; }
output.limit { font: 600 20px/1 ui-monospace, SFMono-Regular, Menlo, monospace; min-width: 150px;
  text-align:right; }
.ends { display:flex; justify-content:space-between; color:var(--muted); font-size:12px; margin-top:2px; }
.gauge { margin-top: 14px; }
.bar { position:relative; height:18px; background:#eef0f5; border-radius:5px; }
.bar .fill { position:absolute; left:0; top:0; bottom:0; border-radius:5px; }
.bar .fill.used { background:#c9d4f5; }
.bar .fill.after { background:var(--kept); top:4px; bottom:4px; }
.bar .mark { position:absolute; top:-5px; bottom:-5px; width:3px; margin-left:-1px; border-radius:1px; }
.mark.target, .key.target { background:#7b4bd1; }
.mark.pressure, .key.pressure { background:#e07b00; }
.mark.limit, .key.limit { background:var(--fg); }
.key.used { background:#c9d4f5; } .key.after { background:var(--kept); }
.key { display:inline-block; width:12px; height:12px; border-radius:3px; margin-right:6px; vertical-align:-1px; }
.keys { display:flex; flex-wrap:wrap; gap:4px 22px; margin:10px 0 0; font-size:13px; }
.keys > div { display:flex; gap:8px; align-items:baseline; }
.keys dt { color:var(--muted); } .keys dd { margin:0; font-weight:600; }
.status { margin: 12px 0 0; padding:8px 12px; border-radius:8px; font-weight:600; }
.status[data-status=idle] { background:#eef0f5; color:var(--muted); }
.status[data-status=reached] { background:var(--kept-bg); color:var(--kept); }
.status[data-status=missed] { background:var(--ev-bg); color:var(--ev); }
.counts { display:flex; gap:10px; flex-wrap:wrap; margin-top:12px; }
.num { font-variant-numeric: tabular-nums; font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: 13px; }
table { width:100%; border-collapse:collapse; font-size:13.5px; }
caption { text-align:left; font-weight:600; padding-bottom:8px; }
thead th, thead th.num { text-align:left; color:var(--muted); font:600 13px/1.3 system-ui, sans-serif; border-bottom:2px solid var(--line);
  padding:6px 8px; white-space:nowrap; }
tbody td, tbody th { border-bottom:1px solid var(--line); padding:5px 8px; vertical-align:middle; }
tbody th { font-weight:500; text-align:left; }
td.num, thead th.num { text-align:right; }
td.arrow { color:var(--muted); padding:0 2px; text-align:center; }
.path { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size:13px; overflow-wrap:anywhere; min-width:20em; }
.reason { color:var(--muted); font-size:12.5px; }
td.stale { white-space:nowrap; }
meter { width:70px; height:10px; vertical-align:middle; }
.badge { display:inline-block; min-width:86px; text-align:center; padding:2px 8px; border-radius:999px;
  font-size:12px; font-weight:600; }
.badge.kept { color:var(--kept); background:var(--kept-bg); }
.badge.signatures { color:var(--sig); background:var(--sig-bg); }
.badge.outline { color:var(--out); background:var(--out-bg); }
.badge.evicted { color:var(--ev); background:var(--ev-bg); }
tr[data-state=evicted] .path, tr[data-state=evicted] .after { color:var(--ev); }
tr[data-state=evicted] .path { text-decoration: line-through; text-decoration-color: rgba(163,25,47,.5); }
.pin { font-size:11px; color:var(--accent); border:1px solid var(--accent); border-radius:4px; padding:0 4px;
  font-family: system-ui, sans-serif; }
.legend { color:var(--muted); font-size:13px; }
.legend dt { display:inline; }
.legend dd { display:inline; margin:0 14px 0 4px; }
.sr { position:absolute; width:1px; height:1px; overflow:hidden; clip:rect(0 0 0 0); }
details.skipped { margin-top:10px; color:var(--muted); font-size:13px; }
footer { color:var(--muted); font-size:12px; margin-top:10px; }
"""

_SCRIPT = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("pressure-data").textContent);
  var fmt = new Intl.NumberFormat("en");
  var n = function (x) { return fmt.format(x); };
  var slider = document.getElementById("limit-slider");
  var out = document.getElementById("limit-value");
  var status = document.getElementById("status");
  var rows = Array.prototype.slice.call(document.querySelectorAll("#files tbody tr"));
  var STATES = ["kept", "signatures", "outline", "evicted"];
  var maxScale = Math.max(data.limits[data.limits.length - 1], data.used_tokens, 1);
  function pct(x) { return Math.min(100, 100 * x / maxScale).toFixed(2) + "%"; }
  function setText(id, text) { document.getElementById(id).textContent = text; }
  function show(pos) {
    var p = data.plans[pos];
    out.value = n(p.limit) + " tokens";
    out.textContent = n(p.limit) + " tokens";
    out.setAttribute("data-limit", String(p.limit));
    slider.setAttribute("aria-valuetext", n(p.limit) + " tokens");
    setText("used-after", n(p.used_after));
    setText("target", n(p.target_tokens));
    setText("pressure", n(p.pressure_tokens));
    setText("limit-num", n(p.limit));
    document.getElementById("fill-used").style.width = pct(data.used_tokens);
    document.getElementById("fill-after").style.width = pct(p.used_after);
    document.getElementById("mark-target").style.left = pct(p.target_tokens);
    document.getElementById("mark-pressure").style.left = pct(p.pressure_tokens);
    document.getElementById("mark-limit").style.left = pct(p.limit);
    var s;
    if (!p.triggered) {
      s = "Under pressure threshold: " + n(data.used_tokens) + " used < " + n(p.pressure_tokens) +
        " tokens. Nothing is cut.";
      status.setAttribute("data-status", "idle");
    } else {
      s = "Pressure: " + n(data.used_tokens) + " used \u2265 " + n(p.pressure_tokens) + " tokens. Cut to " +
        n(p.used_after) + (p.reached ? ", target " + n(p.target_tokens) + " reached." :
        ": target " + n(p.target_tokens) + " NOT reached.");
      status.setAttribute("data-status", p.reached ? "reached" : "missed");
    }
    status.textContent = s;
    status.setAttribute("data-reached", p.reached ? "true" : "false");
    status.setAttribute("data-triggered", p.triggered ? "true" : "false");
    var counts = {kept: 0, signatures: 0, outline: 0, evicted: 0};
    for (var i = 0; i < rows.length; i++) {
      var r = p.rows[i], tr = rows[i];
      tr.setAttribute("data-state", r[0]);
      tr.setAttribute("data-tokens-after", String(r[1]));
      var badge = tr.querySelector(".badge");
      badge.className = "badge " + r[0];
      badge.textContent = r[0];
      tr.querySelector(".after").textContent = n(r[1]);
      tr.querySelector(".reason").textContent = data.reasons[r[2]];
      counts[r[0]] += 1;
    }
    for (var k = 0; k < STATES.length; k++) setText("count-" + STATES[k], String(counts[STATES[k]]));
  }
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  slider.addEventListener("change", function () { show(Number(slider.value)); });
  show(Number(slider.value));
  document.documentElement.setAttribute("data-ready", "true");
})();
"""

_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="{{GENERATOR}}">
<title>{{TITLE}}</title>
<style>{{STYLE}}</style>
</head>
<body>
<main>
<h1>{{TITLE}}</h1>
<p class="sub">A simulated agent session read {{NFILES}} files, {{GAPTXT}}, in the order given:
the last one read (turn {{TURN}}) is fresh, the first one the stalest. Together they use
<strong>{{USED}}</strong> {{ENCODING}} tokens. Move the slider to set the context's token limit and see what
codepith's pressure engine decides for each file. Every position was planned by the engine itself;
this page only shows its decisions.</p>

<section class="card control" aria-labelledby="limit-label">
<label id="limit-label" for="limit-slider">Token limit of the context</label>
<div class="limit-row">
<input type="range" id="limit-slider" min="0" max="{{MAXPOS}}" step="1" value="{{POS}}"
 aria-describedby="limit-help" aria-valuetext="{{LIMITTXT}} tokens">
<output id="limit-value" class="limit" for="limit-slider" data-limit="{{LIMIT}}" aria-live="polite">{{LIMITTXT}} tokens</output>
</div>
<noscript><p class="legend">Without JavaScript the slider does not move: the page shows the plan at {{LIMITTXT}} tokens.</p></noscript>
<div class="ends" aria-hidden="true"><span>{{LO}}</span><span>{{HI}}</span></div>
<p id="limit-help" class="legend">A plan starts when used tokens reach {{PRESSURE}} × the limit (pressure) and cuts
down to at most {{TARGET}} × the limit (target): stale files are compressed first (to signatures, then
outline), then evicted; files read this turn only as a last resort. Arrow keys move one step.</p>
<div class="gauge" role="group" aria-label="Tokens used against the limit">
<div class="bar" aria-hidden="true"><div class="fill used" id="fill-used" style="width:{{W_USED}}"></div><div class="fill after" id="fill-after" style="width:{{W_AFTER}}"></div>
<div class="mark target" id="mark-target" style="left:{{W_TARGET}}"></div><div class="mark pressure" id="mark-pressure" style="left:{{W_PRESS}}"></div><div class="mark limit" id="mark-limit" style="left:{{W_LIMIT}}"></div></div>
<dl class="keys">
<div><dt><span class="key used"></span>used now</dt><dd class="num" id="used">{{USED}}</dd></div>
<div><dt><span class="key after"></span>used after the plan</dt><dd class="num" id="used-after">{{USEDAFTER}}</dd></div>
<div><dt><span class="key target"></span>target ({{TARGET}} × limit)</dt><dd class="num" id="target">{{TARGETTOK}}</dd></div>
<div><dt><span class="key pressure"></span>pressure threshold ({{PRESSURE}} × limit)</dt><dd class="num" id="pressure">{{PRESSTOK}}</dd></div>
<div><dt><span class="key limit"></span>limit</dt><dd class="num" id="limit-num">{{LIMITTXT}}</dd></div>
</dl>
</div>
<p id="status" class="status" role="status" aria-live="polite" data-status="{{STATUSKIND}}">{{STATUS}}</p>
<div class="counts legend" aria-label="Files per state">
 <span><span class="badge kept">kept</span> <span id="count-kept">{{CKEPT}}</span></span>
 <span><span class="badge signatures">signatures</span> <span id="count-signatures">{{CSIG}}</span></span>
 <span><span class="badge outline">outline</span> <span id="count-outline">{{COUT}}</span></span>
 <span><span class="badge evicted">evicted</span> <span id="count-evicted">{{CEV}}</span></span>
</div>
</section>

<section class="card">
<table id="files">
<caption>Files, most stale first (the order in which the engine considers them)</caption>
<thead><tr><th scope="col">File</th><th scope="col">State</th><th scope="col" class="num">Tokens before</th>
<th scope="col"><span class="sr">→</span></th><th scope="col" class="num">after</th>
<th scope="col">Staleness</th><th scope="col" class="num" title="turn when last read">Read at</th>
<th scope="col">Reason</th></tr></thead>
<tbody>
{{ROWS}}
</tbody>
</table>
<dl class="legend">
<dt><span class="badge kept">kept</span></dt><dd>stays whole</dd>
<dt><span class="badge signatures">signatures</span></dt><dd>bodies elided, every signature kept</dd>
<dt><span class="badge outline">outline</span></dt><dd>only the outline of definitions</dd>
<dt><span class="badge evicted">evicted</span></dt><dd>dropped from the context</dd>
<dt>staleness</dt><dd>0 (used this turn) to 1, from turns since last read</dd>
</dl>
{{SKIPPED}}
</section>
<footer>Generated by {{GENERATOR}}. Self-contained: no network, no external files.</footer>
</main>
<script type="application/json" id="pressure-data">{{DATA}}</script>
<script>{{SCRIPT}}</script>
</body>
</html>
"""
