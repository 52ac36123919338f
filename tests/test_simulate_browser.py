"""The pressure page in a real browser: headless Chromium, no network.

Needs the ``playwright`` Python package and Debian's ``chromium``
(``apt-get install chromium``; ``CODEPITH_CHROMIUM`` points elsewhere). When
either is missing the test is skipped, except in CI (``CI`` set), where it
fails. The screenshot is kept in ``$CODEPITH_ARTIFACTS`` (default
``test-artifacts/`` at the repository root).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from codepith.pressure.simulate import render_html, simulate, state_of
from simulate_project import reference_planner, write_project

CHROMIUM = os.environ.get("CODEPITH_CHROMIUM", "/usr/bin/chromium")
INSTALL = (
    "the browser test needs headless Chromium and Playwright's Python package: "
    "`apt-get install chromium` (Debian/Ubuntu; or set CODEPITH_CHROMIUM to a Chromium binary) "
    "and `pip install playwright` (no `playwright install` needed)"
)
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def unavailable(why: str):
    """Fail in CI, where the browser must be there; skip elsewhere."""
    message = f"{why}; {INSTALL}"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def artifacts_dir() -> Path:
    path = Path(os.environ.get("CODEPITH_ARTIFACTS") or Path(__file__).resolve().parent.parent / "test-artifacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        unavailable("the playwright package is not installed")
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        unavailable(f"no Chromium at {CHROMIUM}")
    with sync_playwright() as p:
        try:
            b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        except Error as exc:
            unavailable(f"Chromium at {CHROMIUM} does not start: {exc.message.splitlines()[0]}")
        try:
            yield b
        finally:
            b.close()


ROWS_JS = """rows => rows.map(r => [r.dataset.path, r.dataset.state, Number(r.dataset.tokensBefore),
  Number(r.dataset.tokensAfter), r.querySelector('.badge').textContent, r.querySelector('.after').textContent,
  r.querySelector('.reason').textContent])"""


def shown(page) -> tuple[int, list]:
    """The limit the page shows and its rows, as the DOM has them."""
    out = page.locator("#limit-value")
    limit = int(out.get_attribute("data-limit"))
    assert out.inner_text() == f"{limit:,} tokens"
    return limit, page.eval_on_selector_all("#files tbody tr", ROWS_JS)


def expected(plan) -> list:
    return [
        [d.path, state_of(d), d.tokens_before, d.tokens_after, state_of(d), f"{d.tokens_after:,}", d.reason]
        for d in plan.decisions
    ]


def test_slider_shows_the_engine_plans(browser, tmp_path):
    root = tmp_path / "proj"
    files = write_project(root)
    sim = simulate(files, root=root, steps=40)
    ref = reference_planner(root)  # the engine, asked independently of the page's data
    html_path = tmp_path / "pressure.html"
    html_path.write_text(render_html(sim), encoding="utf-8")

    def states(plan):
        return {state_of(d) for d in plan.decisions}

    # positions to visit: something compressed and nothing evicted, something evicted,
    # all four states at once if any, and nothing triggered at all
    picks = {}
    for i, p in enumerate(sim.plans):
        s = states(p)
        if s & {"signatures", "outline"} and "evicted" not in s:
            picks.setdefault("compressed", i)
        if "evicted" in s and s & {"signatures", "outline"}:
            picks.setdefault("evicted", i)
        if "outline" in s and "evicted" in s:
            picks["mixed"] = i  # the highest such limit: most states at once
        if not p.triggered:
            picks.setdefault("idle", i)
    assert {"compressed", "evicted", "idle"} <= picks.keys(), picks

    context = browser.new_context(viewport={"width": 1280, "height": 900}, java_script_enabled=True)
    attempted: list[str] = []

    def guard(route):
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            attempted.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("request", lambda req: None if req.url.startswith("file:") else attempted.append(req.url))
    try:
        page.goto(html_path.as_uri())
        page.wait_for_selector("html[data-ready=true]", timeout=10_000)
        slider = page.get_by_role("slider", name="Token limit of the context")

        # the initial position is the --limit (here: the used tokens)
        limit, rows = shown(page)
        assert limit == sim.limit == sim.used_tokens
        assert rows == expected(ref.plan(limit))

        seen = set()
        for name in ("compressed", "evicted", "mixed", "idle"):
            if name not in picks:
                continue
            slider.fill(str(picks[name]))
            limit, rows = shown(page)
            assert limit == sim.limits[picks[name]], name
            plan = ref.plan(limit)
            assert rows == expected(plan), (name, limit)
            status = page.locator("#status")
            assert status.get_attribute("data-triggered") == str(plan.triggered).lower()
            assert status.get_attribute("data-reached") == str(plan.reached).lower()
            assert page.locator("#used-after").inner_text() == f"{plan.used_after:,}"
            assert page.locator("#target").inner_text() == f"{plan.target_tokens:,}"
            seen |= {r[1] for r in rows}
            if name == "mixed":
                page.screenshot(path=str(artifacts_dir() / "pressure-simulate.png"), full_page=True)
        assert {"kept", "signatures", "evicted"} <= seen

        # the keyboard moves one position at a time
        slider.fill(str(picks["evicted"]))
        slider.focus()
        page.keyboard.press("ArrowLeft")
        limit, rows = shown(page)
        assert limit == sim.limits[picks["evicted"] - 1]
        assert rows == expected(ref.plan(limit))
        if "mixed" not in picks:
            slider.fill(str(picks["evicted"]))
            page.screenshot(path=str(artifacts_dir() / "pressure-simulate.png"), full_page=True)
    finally:
        context.close()
    assert attempted == [], f"the page tried the network: {attempted}"
    assert errors == []
    shot = artifacts_dir() / "pressure-simulate.png"
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
