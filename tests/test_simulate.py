"""``codepith pressure simulate``: the simulated session, its plans and the page."""

from __future__ import annotations

import html.parser
import json
import math
import os
import re

import pytest

import codepith.pressure.simulate as simulate_mod
from codepith.cli import main
from codepith.errors import CodepithError, InvalidOption
from codepith.pressure.simulate import render_html, simulate, state_of
from simulate_project import ORDER, reference_planner, write_project


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "proj"
    return root, write_project(root)


class PageParser(html.parser.HTMLParser):
    """Rows, scripts and every attribute of a rendered page, read as a browser would."""

    def __init__(self):
        super().__init__()
        self.rows: list[dict[str, str]] = []
        self.scripts: list[tuple[dict[str, str], str]] = []
        self.attrs: list[tuple[str, str, str]] = []
        self.tags: list[str] = []
        self.limit_attr = None
        self._script = None

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        self.tags.append(tag)
        self.attrs.extend((tag, k, v) for k, v in a.items())
        if tag == "tr" and "data-state" in a:
            self.rows.append(a)
        if "data-limit" in a:
            self.limit_attr = a["data-limit"]
        if tag == "script":
            self._script = (a, [])

    def handle_data(self, data):
        if self._script is not None:
            self._script[1].append(data)

    def handle_endtag(self, tag):
        if tag == "script" and self._script is not None:
            self.scripts.append((self._script[0], "".join(self._script[1])))
            self._script = None


def parse(page: str) -> PageParser:
    p = PageParser()
    p.feed(page)
    p.close()
    return p


def embedded(page: str) -> dict:
    (data,) = [text for a, text in parse(page).scripts if a.get("type") == "application/json"]
    return json.loads(data)


# --------------------------------------------------------------------------- the session


def test_positions_span_the_pressure_range_and_include_the_limit(project):
    root, files = project
    sim = simulate(files, root=root, limit=300, steps=12)
    used = sim.used_tokens
    assert used == reference_planner(root).used_tokens > 0
    assert sim.limit == 300 and 300 in sim.limits
    assert sim.limits == sorted(set(sim.limits)) and len(sim.limits) >= 12
    assert sim.limits[0] == max(1, math.ceil(0.1 * used))
    assert sim.plans[0].triggered and not sim.plans[-1].triggered
    assert sim.limits[-1] >= used / sim.config.pressure  # past where pressure stops triggering
    # without --limit the slider starts at the used tokens
    default = simulate(files, root=root, steps=5)
    assert default.limit == used and used in default.limits
    assert embedded(render_html(default))["limits"][embedded(render_html(default))["initial"]] == used


def test_session_order_staleness_and_paths(project):
    root, files = project
    sim = simulate(files, root=root, turn_gap=2, steps=4)
    assert sim.turn == 8
    assert {f.path: f.last_read for f in sim.files} == {name: 2 * i for i, name in enumerate(ORDER)}
    assert [f.path for f in sim.files][-1] == "main.go"  # read last: fresh
    assert {f.path: f.staleness for f in sim.files}["main.go"] == 0.0
    assert sim.files[0].staleness == max(f.staleness for f in sim.files)
    assert [f.staleness for f in sim.files] == sorted((f.staleness for f in sim.files), reverse=True)


@pytest.mark.parametrize("turn_gap", [1, 3])
def test_plans_match_the_engine_at_every_limit(project, turn_gap):
    root, files = project
    sim = simulate(files, root=root, limit=333, steps=25, turn_gap=turn_gap, pins=[files[1]])
    ref = reference_planner(root, turn_gap=turn_gap, pinned={"NOTES.md"})
    assert sim.used_tokens == ref.used_tokens
    for limit, plan in zip(sim.limits, sim.plans, strict=True):
        assert plan.to_dict() == ref.plan(limit).to_dict(), limit
    # the page's data is the same plans, row by row
    data = sim.to_dict()
    paths = [f["path"] for f in data["files"]]
    for limit, plan, page_plan in zip(sim.limits, sim.plans, data["plans"], strict=True):
        assert page_plan["limit"] == limit
        assert (page_plan["used_after"], page_plan["reached"], page_plan["triggered"]) == (
            plan.used_after,
            plan.reached,
            plan.triggered,
        )
        assert [d.path for d in plan.decisions] == paths
        for d, (state, after, reason) in zip(plan.decisions, page_plan["rows"], strict=True):
            assert (state, after, data["reasons"][reason]) == (state_of(d), d.tokens_after, d.reason)
    assert all(
        r[0] == "kept" and data["reasons"][r[2]] == "pinned"
        for p in data["plans"]
        for f, r in zip(data["files"], p["rows"], strict=False)
        if f["path"] == "NOTES.md"
    )


def test_every_state_appears_and_a_lower_limit_never_keeps_more(project):
    root, files = project
    sim = simulate(files, root=root, steps=40)
    states = {state_of(d) for p in sim.plans for d in p.decisions}
    assert states == {"kept", "signatures", "outline", "evicted"}
    for lower, higher in zip(sim.plans, sim.plans[1:], strict=False):
        assert lower.limit < higher.limit
        assert lower.used_after <= higher.used_after, (lower.limit, higher.limit)
        if lower.triggered and lower.reached:
            assert lower.used_after <= lower.target_tokens


def test_directories_expand_in_sorted_order_and_honour_gitignore(tmp_path):
    root = tmp_path / "proj"
    write_project(root / "src")
    (root / "src" / ".gitignore").write_text("*.json\n")
    (root / "src" / "blob.bin").write_bytes(b"\x00\x01binary")
    sim = simulate([root / "src", root / "src" / "data.json"], root=root, steps=3)
    reads = {f.path: f.last_read for f in sim.files}
    # the folder in sorted path order (gitignored data.json left out), then data.json given by name
    assert reads == {
        "src/.gitignore": 0,
        "src/NOTES.md": 1,
        "src/api.ts": 2,
        "src/main.go": 3,
        "src/models.py": 4,
        "src/data.json": 5,
    }
    assert sim.skipped == [("src/blob.bin", "binary (a NUL byte in the first 8 KiB)")]
    # a file read again counts from its last read
    again = simulate([root / "src" / "api.ts", root / "src" / "main.go", root / "src" / "api.ts"], root=root, steps=3)
    assert {f.path: f.last_read for f in again.files} == {"src/main.go": 1, "src/api.ts": 2}
    assert again.turn == 2


def test_settings_come_from_the_root(project):
    root, files = project
    (root / ".codepith.toml").write_text("[pressure]\npressure = 0.9\ntarget = 0.5\n")
    sim = simulate(files, root=root, limit=400, steps=5)
    assert (sim.config.pressure, sim.config.target) == (0.9, 0.5)
    assert sim.plan_at(400).target_tokens == 200
    assert embedded(render_html(sim))["config"]["target"] == 0.5


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"limit": 0}, "limit=: must be a positive number"),
        ({"limit": -3}, "limit=: must be a positive number"),
        ({"steps": 1}, "steps=: must be a whole number, 2 or more"),
        ({"turn_gap": -1}, "turn_gap=: must be a whole number, 0 or more"),
        ({"root": "nowhere"}, "root=: nowhere: no such folder"),
        ({"pins": ["other.py"]}, "pins=: other.py: not among the files read"),
    ],
)
def test_bad_options(project, kwargs, message):
    root, files = project
    with pytest.raises(InvalidOption, match="^" + message) as exc:
        simulate(files, root=kwargs.pop("root", root), **kwargs)
    assert exc.value.parameter == message.split("=")[0]
    with pytest.raises(InvalidOption, match="^paths=: no paths given"):
        simulate([], root=root)


def test_errors_name_the_path(tmp_path, project, monkeypatch):
    root, files = project
    with pytest.raises(CodepithError, match="missing.py: no such file"):
        simulate([root / "missing.py"], root=root)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(CodepithError, match="no files found to read in .*empty"):
        simulate([empty], root=root)
    with pytest.raises(InvalidOption, match="pins=: .*other.py: not among the files read"):
        simulate(files[:2], root=root, pins=[root / "other.py"])

    real_read = simulate_mod.read_regular

    def unreadable(path, *args, **kwargs):
        if str(path).endswith("models.py"):
            raise PermissionError(13, "Permission denied", path)
        return real_read(path, *args, **kwargs)

    monkeypatch.setattr(simulate_mod, "read_regular", unreadable)
    with pytest.raises(CodepithError, match=r"models.py: cannot be read \(Permission denied\)"):
        simulate(files, root=root)


# --------------------------------------------------------------------------- the page


REMOTE = re.compile(r"https?:|//[a-z0-9.-]+\.[a-z]{2,}|<link\b|@import|url\(|\bsrc\s*=|\bhref\s*=", re.IGNORECASE)


def test_page_is_self_contained_and_shows_the_initial_plan(project):
    root, files = project
    sim = simulate(files, root=root, limit=463, steps=10)
    page = render_html(sim)
    assert REMOTE.search(page) is None, REMOTE.search(page)
    assert "{{" not in page  # every placeholder of the template filled
    doc = parse(page)
    assert "link" not in doc.tags and "iframe" not in doc.tags and "img" not in doc.tags
    assert not [(t, k) for t, k, _v in doc.attrs if k in ("src", "href", "srcset", "action")]
    types = [a.get("type") for a, _t in doc.scripts]
    assert types == ["application/json", None]  # the data, then one inline script
    assert embedded(page) == json.loads(json.dumps(sim.to_dict()))
    plan = sim.plan_at(463)
    assert doc.limit_attr == "463"
    assert [
        (r["data-path"], r["data-state"], int(r["data-tokens-before"]), int(r["data-tokens-after"])) for r in doc.rows
    ] == [(d.path, state_of(d), d.tokens_before, d.tokens_after) for d in plan.decisions]
    assert 'type="range"' in page and 'for="limit-slider"' in page
    # no compressed texts in the page: only tokens and states
    assert "def total(self) -> float:" not in page
    assert len(page) < 60_000


def test_data_cannot_break_out_of_its_script(tmp_path):
    root = tmp_path / "proj"
    evil_dir = root / "x<"
    evil_dir.mkdir(parents=True)
    (evil_dir / "script>.py").write_text("s = '</script><script>alert(1)</script><!--'\n")
    (root / "a&b\"c'.py").write_text("def f():\n    return '</SCRIPT >'\n")
    sim = simulate([evil_dir, root / "a&b\"c'.py"], root=root, steps=3)
    paths = [f.path for f in sim.files]
    assert "x</script>.py" in paths
    page = render_html(sim)
    assert page.lower().count("</script") == 2  # the two real closing tags, nothing else
    assert "<!--" not in page
    doc = parse(page)
    assert len(doc.scripts) == 2
    assert embedded(page)["files"] == sim.to_dict()["files"]
    assert sorted(r["data-path"] for r in doc.rows) == sorted(paths)


# --------------------------------------------------------------------------- the command


def test_cli_writes_the_page(project, capsys, monkeypatch):
    root, _files = project
    monkeypatch.chdir(root)
    assert (
        main(["pressure", "simulate", *ORDER, "--limit", "463", "--steps", "8", "--pin", "main.go", "-o", "out.html"])
        == 0
    )
    err = capsys.readouterr().err.strip()
    sim = simulate(ORDER, root=root, limit=463, steps=8, pins=["main.go"])
    assert err == (
        f"codepith pressure simulate: 5 files, 1 pinned, {sim.used_tokens:,} tokens used, "
        f"{len(sim.limits)} limits from {sim.limits[0]:,} to {sim.limits[-1]:,} (start 463) -> out.html"
    )
    page = (root / "out.html").read_text(encoding="utf-8")
    data = embedded(page)
    assert data == json.loads(json.dumps(sim.to_dict()))
    assert data["limits"][data["initial"]] == 463
    # the page itself is never read as part of the session
    assert main(["pressure", "simulate", ".", "--steps", "3", "-o", "out.html"]) == 0
    assert "5 files" in capsys.readouterr().err
    assert main(["pressure", "simulate", "main.go", "-o", "-"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("<!DOCTYPE html>") and "-> standard output" in err


def test_cli_help():
    assert main(["pressure", "--help"]) == 0
    assert main(["pressure", "simulate", "--help"]) == 0


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["missing.py"], 1, "missing.py: no such file or directory"),
        (["empty"], 1, "no files found to read in empty"),
        (["main.go", "--limit", "0"], 2, "Invalid value for '--limit': must be a positive number of tokens, got 0"),
        (["main.go", "--steps", "1"], 2, "Invalid value for '--steps': must be a whole number, 2 or more, got 1"),
        (["main.go", "--turn-gap", "-1"], 2, "Invalid value for '--turn-gap': must be a whole number, 0 or more"),
        (["main.go", "--pin", "api.ts"], 2, "Invalid value for '--pin': api.ts: not among the files read"),
        (["main.go", "--root", "nowhere"], 2, "Invalid value for '--root': nowhere: no such folder"),
        (["main.go", "-o", "no/such/dir/p.html"], 1, "-o no/such/dir/p.html: cannot be written"),
    ],
)
def test_cli_errors(project, capsys, monkeypatch, args, code, message):
    root, _files = project
    (root / "empty").mkdir()
    monkeypatch.chdir(root)
    assert main(["pressure", "simulate", *args]) == code
    err = capsys.readouterr().err
    assert err.startswith("codepith: error: ") and message in err, err


def test_cli_unreadable_file(project, capsys, monkeypatch):
    root, _files = project
    monkeypatch.chdir(root)

    def unreadable(path, *args, **kwargs):
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr(simulate_mod, "read_regular", unreadable)
    assert main(["pressure", "simulate", "api.ts"]) == 1
    err = capsys.readouterr().err
    assert "api.ts: cannot be read (Permission denied); check its permissions" in err
    assert not os.path.exists(root / "pressure.html")


def test_a_file_swapped_for_a_fifo_is_an_error_not_a_hang(tmp_path, monkeypatch):
    import signal

    def expire(signum, frame):
        raise TimeoutError("blocked on a FIFO")

    os.mkfifo(tmp_path / "swapped.py")
    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(20)
    try:  # listed as a regular file; a FIFO by the time it is read
        with pytest.raises(CodepithError, match="no longer a regular file"):
            simulate_mod._read("swapped.py", str(tmp_path / "swapped.py"))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
