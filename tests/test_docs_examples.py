"""Every code example of README.md and docs/*.md runs.

Each page gets a fresh sample project (a few small source files, a git
repository, a lessons file, a profile, dataset files) and its examples run
there in page order, as a reader would follow them:

- a ```python block is executed in-process, the page's blocks sharing one
  namespace, with the sample project as the working folder;
- in a ```sh, ```bash or ```console block every line starting with
  ``codepith `` (or ``$ codepith ``) is run by the shell as
  ``python -m codepith …`` in the sample project and must exit 0.

The HTML comment on the line just before a block may say how to take it:
``<!-- example: not run (REASON) -->`` leaves it out (at most a quarter of the
blocks may be left out), ``<!-- example: may exit N (REASON) -->`` also allows
exit code N for its commands. Any other fence language (``text``, ``json``,
``toml``, ``markdown``) is output or configuration, not checked; a fence must
name its language.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

import codepith

TOP = Path(__file__).resolve().parent.parent
PAGES = [TOP / "README.md", *sorted((TOP / "docs").glob("*.md"))]
RUN = {"python", "sh", "bash", "console"}
SHOWN = {"text", "json", "toml", "markdown"}
MARKER = re.compile(r"<!-- example: (.*?) -->")
COMMAND = re.compile(r"^(?:\$ )?(codepith .*)$")
TIMEOUT = 60


@dataclass
class Block:
    page: Path
    line: int  # 1-based line of the opening fence
    language: str
    code: str
    marker: str | None  # the example: comment just before the fence, if any

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(TOP)}:{self.line}"

    @property
    def excluded(self) -> bool:
        return self.marker is not None and self.marker.startswith("not run")

    def allowed_exits(self) -> set[int]:
        codes = {0}
        if self.marker and (m := re.match(r"may exit (\d+) \((.+)\)$", self.marker)):
            codes.add(int(m.group(1)))
        return codes

    def commands(self) -> list[str]:
        lines, joined = [], ""
        for raw in self.code.splitlines():
            part = raw.strip() if joined else raw
            joined += part[:-1].rstrip() + " " if part.endswith("\\") else part
            if not raw.endswith("\\"):
                lines.append(joined)
                joined = ""
        return [m.group(1) for line in lines if (m := COMMAND.match(line.strip()))]


def blocks(page: Path) -> list[Block]:
    text = page.read_text(encoding="utf-8")
    lines = text.splitlines()
    found = []
    for token in MarkdownIt("commonmark").parse(text):
        if token.type != "fence" or token.map is None:
            continue
        first = token.map[0]
        before = lines[first - 1].strip() if first > 0 else ""
        marker = m.group(1) if (m := MARKER.fullmatch(before)) else None
        language = token.info.split()[0] if token.info.strip() else ""
        found.append(Block(page, first + 1, language, token.content, marker))
    return found


ALL = [b for page in PAGES for b in blocks(page)]


SOURCES = {
    "src/app.py": '''\
        """The shop's entry point: takes orders and refunds them."""

        from src.db import connect
        from src.pay.api import refund_charge


        def place_order(item: str, quantity: int = 1) -> dict:
            """Place an order and store it."""
            order = {"item": item, "quantity": quantity}
            connect().append(order)
            return order


        def refund(order_id: str, amount: int) -> bool:
            """Refund an order through the payment provider."""
            return refund_charge(order_id, amount)
        ''',
    "src/db.py": '''\
        """Storage for orders."""

        _ROWS: list = []


        def connect() -> list:
            """The order table."""
            return _ROWS
        ''',
    "src/pay/__init__.py": '"""Payments: charges and refunds."""\n',
    "src/pay/api.py": '''\
        """The payment provider's API."""


        def refund_charge(charge_id: str, amount: int) -> bool:
            """Refund AMOUNT of a charge; retried with backoff on a 429."""
            if amount <= 0:
                raise ValueError("amount must be positive")
            return True
        ''',
    "web/App.tsx": """\
        import { useState } from "react";

        export interface Order {
          item: string;
          quantity: number;
        }

        export function App(props: { orders: Order[] }) {
          const [open, setOpen] = useState(false);
          return <ul onClick={() => setOpen(!open)}>{props.orders.length}</ul>;
        }
        """,
    "main.go": """\
        package main

        import "fmt"

        // Total sums the quantities.
        func Total(quantities []int) int {
        \tsum := 0
        \tfor _, q := range quantities {
        \t\tsum += q
        \t}
        \treturn sum
        }

        func main() {
        \tfmt.Println(Total([]int{1, 2}))
        }
        """,
    "data/fixtures.json": '{"orders": [{"item": "tea", "quantity": 2}]}\n',
    "AGENTS.md": "# Agents\n\nRun the tests before you push.\n",
    "prompt.md": "Review the public API of this shop.\n",
    "LESSONS.md": """\
        # Lessons

        ## L3f9a2c1b
        - paths: `src/pay/**`
        - added: 2026-01-05T10:00:00Z

        Refunds retry with exponential backoff: the provider's 429 has no Retry-After.
        """,
    ".codepith.toml": """\
        [profiles.review]
        required = ["AGENTS.md"]
        mode = "compact"
        token_budget = 4000
        """,
}


def make_sample(root: Path) -> None:
    for rel, text in SOURCES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = {
        "path": ["src/app.py", "main.go"],
        "content": [(root / "src/app.py").read_text(), (root / "main.go").read_text()],
    }
    pq.write_table(pa.table(rows), root / "rows.parquet")
    (root / "rows.jsonl").write_text('{"file": "a.py", "text": "def f():\\n    return 1\\n"}\n')
    git = ["git", "-c", "user.name=codepith", "-c", "user.email=codepith@example.com", "-c", "init.defaultBranch=main"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "sample"], ["checkout", "-q", "-b", "feature"]):
        subprocess.run([*git, *args], cwd=root, check=True, capture_output=True, timeout=TIMEOUT)
    with (root / "src/app.py").open("a") as f:
        f.write('\n\ndef cancel(order_id: str) -> None:\n    """Cancel an order."""\n')
    subprocess.run([*git, "commit", "-q", "-am", "cancel"], cwd=root, check=True, capture_output=True, timeout=TIMEOUT)


def environment(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CODEPITH_")}
    for name in ("DISPLAY", "WAYLAND_DISPLAY"):  # --copy: the same answer on every Linux machine
        env.pop(name, None)
    source = str(Path(codepith.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (source, env.get("PYTHONPATH")) if p)
    env["XDG_CACHE_HOME"] = str(tmp / "cache")
    env["HOME"] = str(tmp / "home")
    return env


def run_command(command: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    line = shlex.quote(sys.executable) + " -m " + command
    return subprocess.run(
        line, shell=True, cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=TIMEOUT
    )


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(TOP)) for p in PAGES])
def test_every_example_of_the_page_runs(page, tmp_path, monkeypatch):
    project = tmp_path / "project"
    project.mkdir()
    (tmp_path / "home").mkdir()
    make_sample(project)
    env = environment(tmp_path)
    for name in ("XDG_CACHE_HOME", "HOME", "PYTHONPATH"):
        monkeypatch.setenv(name, env[name])
    monkeypatch.chdir(project)
    namespace: dict = {"__name__": "__docs__"}
    for block in blocks(page):
        if block.excluded or block.language not in RUN:
            continue
        if block.language == "python":
            exec(compile(block.code, block.where, "exec"), namespace)
            continue
        for command in block.commands():
            done = run_command(command, project, env)
            assert done.returncode in block.allowed_exits(), (
                f"{block.where}: `{command}` exited {done.returncode}\n{done.stderr[-2000:]}"
            )


def test_the_pages_hold_examples_that_run():
    run = [b for b in ALL if b.language in RUN and not b.excluded]
    assert sum(len(b.commands()) for b in run) >= 40
    assert sum(b.language == "python" for b in run) >= 8
    assert {b.page for b in run if b.language == "python" or b.commands()} >= set(PAGES) - {TOP / "docs/development.md"}


def test_every_block_names_a_known_language():
    unknown = [f"{b.where}: {b.language or '(none)'}" for b in ALL if b.language not in RUN | SHOWN]
    assert unknown == []


def test_a_left_out_block_says_why_and_few_are_left_out():
    checked = [b for b in ALL if b.language in RUN]
    excluded = [b for b in checked if b.excluded]
    assert all(re.fullmatch(r"not run \(.*\S.*\)", b.marker or "") for b in excluded), [b.where for b in excluded]
    assert 4 * len(excluded) <= len(checked), [b.where for b in excluded]
    markers = [b for b in ALL if b.marker is not None and not b.excluded]
    assert all(re.fullmatch(r"may exit \d+ \(.*\S.*\)", b.marker or "") for b in markers), [b.where for b in markers]


def test_the_extractor_finds_blocks_markers_and_commands(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "text\n\n<!-- example: not run (needs a cluster) -->\n```sh\ncodepith a\n```\n\n"
        "````text\n```python\nx\n```\n````\n\n"
        "- a list item:\n\n  ```console\n  $ codepith b \\\n    --c\n  output\n  ```\n"
    )
    found = blocks(page)
    assert [(b.line, b.language, b.marker) for b in found] == [
        (4, "sh", "not run (needs a cluster)"),
        (8, "text", None),
        (16, "console", None),
    ]
    assert found[0].excluded and found[0].commands() == ["codepith a"]
    assert found[2].commands() == ["codepith b --c"]
