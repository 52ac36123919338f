"""The context-pressure simulation as one self-contained HTML page.

:func:`render_html` draws a :class:`~codepith.pressure.simulate.Simulation`:
inline CSS and JavaScript, no network, a slider over the simulated token
limits. The plans were made by the engine; the page only shows them. The
table is filled for the initial limit in the HTML itself, so the page reads
without scripts too.

The page is a ``jinja2`` template with autoescape on: every path, reason and
title is escaped where it is written; only the inline CSS and JavaScript and
the script-safe JSON (:func:`_json_for_script`) go in as they are.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import jinja2
from markupsafe import Markup

if TYPE_CHECKING:
    from .simulate import Simulation

__all__ = ["STATES", "render_html"]

#: What a row of the page shows for a decision.
STATES = ("kept", "signatures", "outline", "evicted")


def render_html(sim: Simulation, *, title: str = "codepith: context pressure") -> str:
    """One self-contained HTML page (inline CSS and JS, no network) showing ``sim``.

    The table is filled for the initial limit in the HTML itself, so the page
    reads without scripts too; the slider's script swaps in the embedded
    plans computed by the engine.
    """
    data = sim.to_dict()
    return _template().render(**_values(data, title))


@lru_cache(maxsize=1)
def _template() -> jinja2.Template:
    env = jinja2.Environment(
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return env.from_string(_TEMPLATE)


def _values(data: dict[str, Any], title: str) -> dict[str, Any]:
    """What the template is filled with: the page at the initial limit."""
    p0 = data["plans"][data["initial"]]
    counts = dict.fromkeys(STATES, 0)
    for state, _after, _reason in p0["rows"]:
        counts[state] += 1
    c = data["config"]
    used = data["used_tokens"]
    lo, hi = data["limits"][0], data["limits"][-1]
    scale = max(hi, used, 1)

    def pct(x: int) -> str:  # as the script computes it
        return f"{min(100.0, 100.0 * x / scale):.2f}%"

    return {
        "title": title,
        "generator": data["generator"],
        "nfiles": _n(len(data["files"])),
        "used": _n(used),
        "turn": data["turn"],
        "gaptxt": "one per turn" if data["turn_gap"] == 1 else f"one every {data['turn_gap']} turns",
        "pressure": f"{c['pressure']:g}",
        "target": f"{c['target']:g}",
        "encoding": c["encoding"],
        "maxpos": len(data["limits"]) - 1,
        "pos": data["initial"],
        "limit": p0["limit"],
        "limittxt": _n(p0["limit"]),
        "lo": _n(lo),
        "hi": _n(hi),
        "status": _status(p0, used),
        "statuskind": "idle" if not p0["triggered"] else ("reached" if p0["reached"] else "missed"),
        "usedafter": _n(p0["used_after"]),
        "targettok": _n(p0["target_tokens"]),
        "presstok": _n(p0["pressure_tokens"]),
        "w_used": pct(used),
        "w_after": pct(p0["used_after"]),
        "w_target": pct(p0["target_tokens"]),
        "w_press": pct(p0["pressure_tokens"]),
        "w_limit": pct(p0["limit"]),
        "counts": counts,
        "rows": _rows(data, p0),
        "skipped": data["skipped"],
        "data": Markup(_json_for_script(data)),
        "script": Markup(_SCRIPT),
        "style": Markup(_STYLE),
    }


def _rows(data: dict[str, Any], plan: dict[str, Any]) -> list[dict[str, Any]]:
    """The table's rows for ``plan``, one per file, most stale first."""
    rows = []
    for f, (state, after, reason) in zip(data["files"], plan["rows"], strict=False):
        st = f["staleness"]
        rows.append(
            {
                "path": f["path"],
                "state": state,
                "before": f["tokens_before"],
                "after": after,
                "before_txt": _n(f["tokens_before"]),
                "after_txt": _n(after),
                "pinned": f["pinned"],
                "stale": st,
                "stale_txt": f"{st:.3f}",
                "last_read": f["last_read"],
                "reason": data["reasons"][reason],
            }
        )
    return rows


def _json_for_script(data: Any) -> str:
    """JSON safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` at all,
    so no ``</script>`` or ``<!--`` in any path or reason can end the element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (
        text.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def _n(value: int) -> str:
    return f"{value:,}"


def _status(p: dict, used: int) -> str:
    """The status line, as plain text (escaped by the template)."""
    if not p["triggered"]:
        return f"Under pressure threshold: {_n(used)} used < {_n(p['pressure_tokens'])} tokens. Nothing is cut."
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
<meta name="generator" content="{{ generator }}">
<title>{{ title }}</title>
<style>{{ style }}</style>
</head>
<body>
<main>
<h1>{{ title }}</h1>
<p class="sub">A simulated agent session read {{ nfiles }} files, {{ gaptxt }}, in the order given:
the last one read (turn {{ turn }}) is fresh, the first one the stalest. Together they use
<strong>{{ used }}</strong> {{ encoding }} tokens. Move the slider to set the context's token limit and see what
codepith's pressure engine decides for each file. Every position was planned by the engine itself;
this page only shows its decisions.</p>

<section class="card control" aria-labelledby="limit-label">
<label id="limit-label" for="limit-slider">Token limit of the context</label>
<div class="limit-row">
<input type="range" id="limit-slider" min="0" max="{{ maxpos }}" step="1" value="{{ pos }}"
 aria-describedby="limit-help" aria-valuetext="{{ limittxt }} tokens">
<output id="limit-value" class="limit" for="limit-slider" data-limit="{{ limit }}" aria-live="polite">{{ limittxt }} tokens</output>
</div>
<noscript><p class="legend">Without JavaScript the slider does not move: the page shows the plan at {{ limittxt }} tokens.</p></noscript>
<div class="ends" aria-hidden="true"><span>{{ lo }}</span><span>{{ hi }}</span></div>
<p id="limit-help" class="legend">A plan starts when used tokens reach {{ pressure }} × the limit (pressure) and cuts
down to at most {{ target }} × the limit (target): stale files are compressed first (to signatures, then
outline), then evicted; files read this turn only as a last resort. Arrow keys move one step.</p>
<div class="gauge" role="group" aria-label="Tokens used against the limit">
<div class="bar" aria-hidden="true"><div class="fill used" id="fill-used" style="width:{{ w_used }}"></div><div class="fill after" id="fill-after" style="width:{{ w_after }}"></div>
<div class="mark target" id="mark-target" style="left:{{ w_target }}"></div><div class="mark pressure" id="mark-pressure" style="left:{{ w_press }}"></div><div class="mark limit" id="mark-limit" style="left:{{ w_limit }}"></div></div>
<dl class="keys">
<div><dt><span class="key used"></span>used now</dt><dd class="num" id="used">{{ used }}</dd></div>
<div><dt><span class="key after"></span>used after the plan</dt><dd class="num" id="used-after">{{ usedafter }}</dd></div>
<div><dt><span class="key target"></span>target ({{ target }} × limit)</dt><dd class="num" id="target">{{ targettok }}</dd></div>
<div><dt><span class="key pressure"></span>pressure threshold ({{ pressure }} × limit)</dt><dd class="num" id="pressure">{{ presstok }}</dd></div>
<div><dt><span class="key limit"></span>limit</dt><dd class="num" id="limit-num">{{ limittxt }}</dd></div>
</dl>
</div>
<p id="status" class="status" role="status" aria-live="polite" data-status="{{ statuskind }}">{{ status }}</p>
<div class="counts legend" aria-label="Files per state">
 <span><span class="badge kept">kept</span> <span id="count-kept">{{ counts.kept }}</span></span>
 <span><span class="badge signatures">signatures</span> <span id="count-signatures">{{ counts.signatures }}</span></span>
 <span><span class="badge outline">outline</span> <span id="count-outline">{{ counts.outline }}</span></span>
 <span><span class="badge evicted">evicted</span> <span id="count-evicted">{{ counts.evicted }}</span></span>
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
{% for r in rows %}
<tr data-path="{{ r.path }}" data-state="{{ r.state }}" data-tokens-before="{{ r.before }}" data-tokens-after="{{ r.after }}"><th scope="row" class="path">{{ r.path }}{% if r.pinned %} <span class="pin" title="pinned: never touched">pinned</span>{% endif %}</th><td class="state"><span class="badge {{ r.state }}">{{ r.state }}</span></td><td class="num before">{{ r.before_txt }}</td><td class="arrow" aria-hidden="true">→</td><td class="num after">{{ r.after_txt }}</td><td class="stale"><meter min="0" max="1" value="{{ r.stale }}" aria-label="staleness {{ r.stale_txt }}"></meter> <span class="num">{{ r.stale_txt }}</span></td><td class="read num">{{ r.last_read }}</td><td class="reason">{{ r.reason }}</td></tr>
{% endfor %}
</tbody>
</table>
<dl class="legend">
<dt><span class="badge kept">kept</span></dt><dd>stays whole</dd>
<dt><span class="badge signatures">signatures</span></dt><dd>bodies elided, every signature kept</dd>
<dt><span class="badge outline">outline</span></dt><dd>only the outline of definitions</dd>
<dt><span class="badge evicted">evicted</span></dt><dd>dropped from the context</dd>
<dt>staleness</dt><dd>0 (used this turn) to 1, from turns since last read</dd>
</dl>
{% if skipped %}
<details class="skipped"><summary>{{ skipped|length }} file(s) found but not read</summary><ul>{% for s in skipped %}<li><code>{{ s.path }}</code>: {{ s.reason }}</li>{% endfor %}</ul></details>
{% endif %}
</section>
<footer>Generated by {{ generator }}. Self-contained: no network, no external files.</footer>
</main>
<script type="application/json" id="pressure-data">{{ data }}</script>
<script>{{ script }}</script>
</body>
</html>
"""
