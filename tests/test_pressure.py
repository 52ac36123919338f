"""The context-pressure engine on real files: scoring, phases, plan JSON, settings."""

from __future__ import annotations

import json

import pytest

from codepith import compress, count_tokens, detect_language, languages
from codepith.core.compress import count_errors
from codepith.core.languages import get_parser
from codepith.errors import CodepithError, InvalidOption
from codepith.pressure import engine as pressure
from codepith.pressure.engine import ContextItem, Planner, PressureConfig, load_config, plan

PY = b'''"""Orders."""
import os


def total(items: list[int]) -> int:
    """Sum of the items."""
    result = 0
    for item in items:
        result += item * 2
        result -= item
    return result


class Cart:
    def add(self, item: int) -> None:
        self.items.append(item)
        self.count = len(self.items)
        print("added", item, os.getcwd())
'''
TS = b"""import { readFile } from "fs";

export interface Order { id: number; total: number }

export function parse(text: string): Order[] {
  const rows = text.split("\\n");
  const out: Order[] = [];
  for (const row of rows) {
    const [id, total] = row.split(",");
    out.push({ id: Number(id), total: Number(total) });
  }
  return out;
}
"""
GO = b"""package orders

import "strings"

// Parse reads orders.
func Parse(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\\n") {
		if line != "" {
			out = append(out, strings.TrimSpace(line))
		}
	}
	return out
}
"""
JSON = json.dumps({"orders": [{"id": i, "total": i * 3} for i in range(40)]}, indent=2).encode()


@pytest.fixture(autouse=True)
def loops(scoring, monkeypatch):
    """Run every engine test on each loop implementation."""
    monkeypatch.setattr(pressure, "score", scoring.score)
    monkeypatch.setattr(pressure, "select", scoring.select)
    return scoring


def session(turn=10, **overrides):
    items = [
        ContextItem("app/orders.py", PY, last_read=1),
        ContextItem("web/orders.ts", TS, last_read=2),
        ContextItem("svc/orders.go", GO, last_read=3),
        ContextItem("data/orders.json", JSON, last_read=4),
    ]
    for it in items:
        for k, v in overrides.get(it.path, {}).items():
            setattr(it, k, v)
    return Planner(items, turn=turn)


def by_path(p):
    return {d.path: d for d in p.decisions}


def test_code_files_are_compressed_before_anything_is_evicted():
    planner = session()
    used = planner.used_tokens
    code = sum(d.tokens_before for d in planner.plan(used).decisions if not d.path.endswith(".json"))
    outline = sum(count_tokens(compress(src, path=p, level="outline").data) for p, src in
                  (("a.py", PY), ("a.ts", TS), ("a.go", GO)))  # fmt: skip
    # a limit where compressing all three code files is not enough, and
    # evicting the JSON file then is, though not with the code whole
    json_tokens = used - code
    assert outline < code - 10 and json_tokens > 20
    limit = int(min(outline + json_tokens // 2, code - 10) / 0.7)
    p = planner.plan(limit)
    d = by_path(p)
    assert p.triggered and p.reached
    for path in ("app/orders.py", "web/orders.ts", "svc/orders.go"):
        assert d[path].action in ("compress", "keep"), d[path]  # the JSON's eviction may give room back
        if d[path].action == "keep":
            continue
        assert d[path].level in ("signatures", "outline")
        text = d[path].text.encode()
        assert count_tokens(text) == d[path].tokens_after < d[path].tokens_before
        assert count_errors(get_parser(detect_language(path)).parse(text).root_node) == 0, path  # parses
    assert any(d[path].action == "compress" for path in ("app/orders.py", "web/orders.ts", "svc/orders.go"))
    assert d["data/orders.json"].action == "evict"
    assert d["data/orders.json"].tokens_after == 0
    assert p.used_after == sum(x.tokens_after for x in p.decisions) <= p.target_tokens


def test_an_eviction_that_makes_room_gives_back_what_was_cut_before_it():
    # issue 26: two stale code files, one fresh file, a large JSON file read this turn; budget 60000
    stale = [ContextItem(f"src/mod{i}.py", PY * 12, last_read=1) for i in range(2)]
    fresh = ContextItem("src/new.py", PY, last_read=6)
    big = ContextItem(
        "data/dump.json", json.dumps({"rows": [{"id": i, "name": f"row {i}"} for i in range(5200)]}), last_read=6
    )
    planner = Planner([*stale, fresh, big], turn=6)
    assert planner.used_tokens > 60000 and planner.tokens[3] > 0.7 * 60000
    p = planner.plan(60000)
    d = by_path(p)
    assert p.reached and d["data/dump.json"].action == "evict"
    for it in (*stale, fresh):  # the JSON's eviction left room: nothing else is cut
        assert d[it.path].action == "keep", d[it.path]
    assert p.used_after == sum(planner.tokens[:3]) <= p.target_tokens


def test_every_supported_language_is_compressible():
    # detect_language decides, not a list of extensions: .tsx, .js, .mjs, .pyi too.
    srcs = {
        "python": PY, "typescript": TS, "go": GO,
        "javascript": b"export function f(a) {\n  const b = a * 2;\n  return b + 1;\n}\n",
        "tsx": b"export function App(p: {n: number}) {\n  const x = p.n * 2;\n  return <div>{x}</div>;\n}\n",
        "java": b"public class F {\n  int f(int a) {\n    int b = a * 2;\n    return b + 1;\n  }\n}\n",
        "csharp": b"public class A\n{\n    public int F(int a)\n    {\n        var b = a * 2;\n        return b + 1;\n    }\n}\n",
        "rust": b"pub fn f(a: i32) -> i32 {\n    let b = a * 2;\n    b + 1\n}\n",
        "ruby": b"class A\n  def f(a)\n    b = a * 2\n    b + 1\n  end\nend\n",
        "php": b"<?php\nfunction f(int $a): int\n{\n    $b = $a * 2;\n    return $b + 1;\n}\n",
        "c": b"int f(int a)\n{\n    int b = a * 2;\n    return b + 1;\n}\n",
        "cpp": b"namespace n {\nint f(int a)\n{\n    int b = a * 2;\n    return b + 1;\n}\n}\n",
        "css": b".card {\n  padding: 1rem;\n  border: 1px solid #ddd;\n  border-radius: 4px;\n}\n",
        "scss": b"@mixin card($pad) {\n  padding: $pad;\n  border: 1px solid #ddd;\n}\n",
        "swift": b"public func f(a: Int) -> Int {\n    let b = a * 2\n    return b + 1\n}\n",
        "dart": b"int f(int a) {\n  final b = a * 2;\n  return b + 1;\n}\n",
        "kotlin": b"fun f(a: Int): Int {\n    val b = a * 2\n    return b + 1\n}\n",
        "scala": b"def f(a: Int): Int = {\n  val b = a * 2\n  b + 1\n}\n",
        "lua": b"function f(a)\n  local b = a * 2\n  return b + 1\nend\n",
        "bash": b"f() {\n  local b=$(( $1 * 2 ))\n  echo $(( b + 1 ))\n}\n",
        "solidity": b"function f(uint a) pure returns (uint) {\n    uint b = a * 2;\n    return b + 1;\n}\n",
        "vue": b"<script>\nexport function f(a) {\n  const b = a * 2;\n  return b + 1;\n}\n</script>\n",
        "svelte": b"<script>\n  export function f(a) {\n    const b = a * 2;\n    return b + 1;\n  }\n</script>\n",
    }  # fmt: skip
    exts = {
        "python": ".pyi",
        "typescript": ".mts",
        "go": ".go",
        "javascript": ".mjs",
        "tsx": ".tsx",
        "java": ".java",
        "csharp": ".cs",
        "rust": ".rs",
        "ruby": ".rake",
        "php": ".php",
        "c": ".c",
        "cpp": ".cpp",
        "css": ".css",
        "scss": ".scss",
        "swift": ".swift",
        "dart": ".dart",
        "kotlin": ".kt",
        "scala": ".scala",
        "lua": ".lua",
        "bash": ".sh",
        "solidity": ".sol",
        "vue": ".vue",
        "svelte": ".svelte",
    }
    assert set(srcs) == set(languages())
    items = []
    for lang, src in srcs.items():
        path = "f" + exts[lang]
        if detect_language(path) != lang:
            path = {"python": "f.py", "typescript": "f.ts", "javascript": "f.js"}[lang]
        items.append(ContextItem(path, src, last_read=0))
    planner = Planner(items, turn=9)
    p = planner.plan(1, target=0.01, pressure=0.01)  # everything must go: compressed first
    for d in p.decisions:
        assert d.action == "evict"
        assert d.phase == 4, d  # evicted after compression, never as "cannot be compressed"


def test_fresh_files_are_never_stale_and_kept_while_stale_ones_suffice():
    planner = session(**{"data/orders.json": {"last_read": 10}})
    d = by_path(planner.plan(planner.used_tokens))
    assert d["data/orders.json"].staleness == 0.0
    p = planner.plan(int(planner.used_tokens * 1.1))
    assert p.triggered and by_path(p)["data/orders.json"].action == "keep"
    assert p.reached


def test_fresh_files_are_a_last_resort_and_can_be_protected():
    items = [ContextItem("a.py", PY, last_read=5), ContextItem("b.json", JSON, last_read=5)]
    p = Planner(items, turn=5).plan(10)
    assert p.reached and all(d.action != "keep" for d in p.decisions)
    assert all("last resort" in d.reason for d in p.decisions)
    p = Planner(items, turn=5, config=PressureConfig(fresh_last_resort=False)).plan(10)
    assert not p.reached and all(d.action == "keep" for d in p.decisions)


def test_pinned_items_are_never_touched():
    planner = session(**{"app/orders.py": {"pinned": True}, "data/orders.json": {"pinned": True}})
    p = planner.plan(1)
    d = by_path(p)
    assert d["app/orders.py"].action == d["data/orders.json"].action == "keep"
    assert d["app/orders.py"].reason == "pinned"
    assert not p.reached  # the pinned files alone are over the target


def test_below_pressure_nothing_happens():
    planner = session()
    used = planner.used_tokens
    p = planner.plan(int(used / 0.8) + 1)
    assert not p.triggered and p.reached and p.used_after == used
    assert all(d.action == "keep" and d.reason.startswith("below pressure") for d in p.decisions)
    # between target and pressure: still nothing (the plan starts at pressure x limit)
    p = planner.plan(int(used / 0.75))
    assert not p.triggered and all(d.action == "keep" for d in p.decisions)


def test_staleness_order_and_features():
    planner = session()
    s = {d.path: d.staleness for d in planner.plan(planner.used_tokens).decisions}
    assert s["app/orders.py"] > s["web/orders.ts"] > s["svc/orders.go"] > 0
    # decisions are listed from most to least stale
    assert [d.staleness for d in planner.plan(planner.used_tokens).decisions] == sorted(s.values(), reverse=True)
    base = s["app/orders.py"]
    for change in ({"last_edited": 8}, {"imported_by_recent_edit": True}, {"importance": 1.0}):
        other = session(**{"app/orders.py": change})
        lower = by_path(other.plan(other.used_tokens))["app/orders.py"].staleness
        assert 0 < lower < base, change


def test_sigmoid_shape_and_settings():
    def stal(age, **cfg):
        c = PressureConfig(share_weight=0.0, **cfg)
        p = Planner([ContextItem("x.json", tokens=10, last_read=20 - age)], turn=20, config=c).plan(1000)
        return p.decisions[0].staleness

    assert stal(0) == 0.0
    values = [stal(a) for a in range(21)]
    assert values == sorted(values) and values[-1] > 0.99
    assert abs(stal(3) - (0.5 - 1 / (1 + 2.718281828459045**3)) / (1 - 1 / (1 + 2.718281828459045**3))) < 1e-9
    assert stal(3, midpoint=10) < stal(3)  # later midpoint: staler later
    assert stal(2, k=5.0) < stal(2)  # steeper: below the midpoint stays fresher


def test_plan_json_shape():
    planner = session()
    p = planner.plan(int(planner.used_tokens * 0.5))
    data = json.loads(p.to_json())
    assert {"used_tokens", "limit", "target_tokens", "reached", "decisions"} <= set(data)
    for d in data["decisions"]:
        assert {"path", "action", "reason", "staleness", "tokens_before", "tokens_after"} <= set(d)
        assert d["action"] in ("keep", "compress", "evict")
        assert ("text" in d) == (d["action"] == "compress")


def test_already_compressed_items_go_further_or_are_evicted_last():
    items = [
        ContextItem("a.py", PY, last_read=0, level="signatures"),
        ContextItem("b.go", GO, last_read=1),
    ]
    planner = Planner(items, turn=6)
    a = by_path(planner.plan(planner.used_tokens))["a.py"]
    assert a.tokens_before == count_tokens(compress(PY, language="python").data)
    p = planner.plan(1)
    assert by_path(p)["a.py"].action == "evict" and by_path(p)["a.py"].phase == 4


def test_items_without_content_can_only_be_kept_or_evicted():
    items = [ContextItem("big.py", tokens=5000, last_read=0), ContextItem("small.py", PY, last_read=1)]
    p = Planner(items, turn=5).plan(4000)
    d = by_path(p)
    assert d["big.py"].action == "evict" and "content not given" in d["big.py"].reason
    assert d["small.py"].action == "keep"  # once big.py is out, small.py fits whole
    sig = count_tokens(compress(PY, language="python").data)
    p = Planner(
        [
            ContextItem("big.py", tokens=5000, last_read=0),
            ContextItem("small.py", PY, last_read=1),
            ContextItem("other.py", tokens=2800 - sig, last_read=0),
        ],
        turn=5,
    ).plan(4000)  # target: 2800
    assert by_path(p)["small.py"].action == "compress" and p.reached and p.used_after == 2800


def test_unparsable_code_is_treated_as_not_compressible():
    broken = b"def f(:\n    return )))\n" * 5
    p = Planner([ContextItem("bad.py", broken, last_read=0)], turn=5).plan(1)
    d = p.decisions[0]
    assert d.action == "evict"


@pytest.mark.parametrize(
    "item, message",
    [
        (ContextItem("a.py", PY, last_read=11), "last_read"),
        (ContextItem("a.py", PY, last_read=1, last_edited=-2), "last_edited"),
        (ContextItem("a.py", PY, importance=2.0), "importance"),
        (ContextItem("a.py", PY, level="tiny"), "level"),
        (ContextItem("a.py"), "token count"),
    ],
)
def test_bad_items_are_named(item, message):
    with pytest.raises(InvalidOption, match=message) as exc:
        Planner([item], turn=10)
    assert "a.py" in str(exc.value) and exc.value.parameter == "items"


def test_duplicates_and_bad_limits():
    with pytest.raises(CodepithError, match="twice"):
        Planner([ContextItem("a", tokens=1), ContextItem("a", tokens=2)], turn=0)
    with pytest.raises(InvalidOption, match="^limit=: must be a positive number") as exc:
        Planner([], turn=0).plan(0)
    assert exc.value.parameter == "limit"
    with pytest.raises(InvalidOption, match="^turn=: must be a whole number"):
        Planner([], turn=-1)
    assert plan([{"path": "x", "tokens": 3}], limit=10, turn=0).reached


def test_settings_from_files(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.codepith.pressure]\nmidpoint = 6\nk = 2.0\n")
    (tmp_path / ".codepith.toml").write_text("[pressure]\nk = 0.5\ntarget = 0.6\n")
    c = load_config(tmp_path)
    assert (c.midpoint, c.k, c.target, c.pressure) == (6, 0.5, 0.6, 0.8)
    assert load_config(tmp_path, pressure=0.9).pressure == 0.9
    (tmp_path / ".codepith.toml").write_text("[pressure]\nmidpiont = 3\n")
    with pytest.raises(CodepithError, match="unknown key 'midpiont'"):
        load_config(tmp_path)
    (tmp_path / ".codepith.toml").write_text("[pressure]\nedit_weight = 3\n")
    with pytest.raises(CodepithError, match="edit_weight.*between 0 and 1"):
        load_config(tmp_path)
    with pytest.raises(InvalidOption, match=r"^pressure=: must be at least target \(0.7\), got 0.5") as exc:
        PressureConfig(pressure=0.5, target=0.7)
    assert exc.value.parameter == "pressure"
    (tmp_path / ".codepith.toml").write_text("[pressure]\nk = 0.5\n")
    with pytest.raises(InvalidOption, match="^target=") as exc:
        load_config(tmp_path, target=2.0)  # an override is the caller's parameter
    with pytest.raises(InvalidOption, match="^encoding=: unknown token encoding 'nope'"):
        PressureConfig(encoding="nope")


@pytest.mark.parametrize(
    "limit, overrides, words",
    [
        (10**400, {}, "at most"),
        (10**16, {}, "at most"),
        (100, {"pressure": 1e308, "target": 0.5}, "pressure"),
    ],
)
def test_huge_limits_and_pressures_are_errors_naming_them(limit, overrides, words):
    planner = Planner([ContextItem("a.py", content=b"def f():\n    return 1\n", last_read=0)], turn=3)
    with pytest.raises(InvalidOption, match=words) as exc:
        planner.plan(limit, **overrides)
    assert exc.value.parameter == ("pressure" if overrides else "limit")


# --------------------------------------------------------------------------- one verdict per file

MINIFIED_JS = b"var total=function(a){return a.reduce(function(s,x){return s+x},0)};" * 40 + b"\n"
GENERATED_GO = b"// Code generated by protoc-gen-go. DO NOT EDIT.\n// source: orders.proto\n\n" + GO


def bulk_verdicts(tmp_path, files: dict[str, bytes]) -> dict[str, tuple[str, str]]:
    """(action, reason) of each file in a bulk run over a folder holding them."""
    from codepith.bulk.run import compress_tree

    for rel, data in files.items():
        (tmp_path / rel).write_bytes(data)
    return {r.path: (r.action, r.reason) for r in compress_tree(tmp_path, cache=False, jobs=1, default_ignores=False)}


def test_minified_and_generated_files_stay_whole_with_the_bulk_reason(tmp_path):
    files = {"app.min.js": MINIFIED_JS, "orders.pb.go": GENERATED_GO, "data.bin": b"\0\1\2" * 50}
    bulk = bulk_verdicts(tmp_path, files)
    assert [bulk[p][0] for p in files] == ["skipped:minified", "skipped:generated", "skipped:binary"]
    # on their own, the JavaScript and Go sources compress
    assert len(compress(MINIFIED_JS, language="javascript").data) < len(MINIFIED_JS)
    assert len(compress(GO, language="go").data) < len(GO)
    planner = Planner([ContextItem(p, data, last_read=0) for p, data in files.items()], turn=10)
    for limit in (1, planner.used_tokens // 2, planner.used_tokens):
        for d in planner.plan(limit).decisions:
            assert d.action != "compress", d
            if d.action == "evict":
                assert d.reason == f"stale; cannot be compressed ({bulk[d.path][1]}): evicted"
    assert {d.action for d in planner.plan(1).decisions} == {"evict"}


def test_a_file_recorded_as_compressed_but_minified_counts_whole():
    item = ContextItem("app.min.js", MINIFIED_JS, last_read=0, level="signatures")
    planner = Planner([item], turn=1)
    assert planner.tokens[0] == count_tokens(MINIFIED_JS) and planner.level[0] == 0
