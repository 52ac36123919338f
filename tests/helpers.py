"""Helpers the test modules share (fixtures are in conftest.py).

The tests folder is on ``sys.path`` while the tests run, so a test module
imports them as ``from helpers import write``.
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import io
import json
import os
import sys
import textwrap
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mcp import ClientSession

# A pure-Python run (CODEPITH_NO_EXTENSIONS set, as for a pure-Python build)
# tests the twin only; every other run tests both, and the compiled one must exist.
IMPLEMENTATIONS = ["python"] if os.environ.get("CODEPITH_NO_EXTENSIONS") else ["python", "cython"]


# the subpackage that holds each native module and its twin
_NATIVE_HOME = {"slicer": "core", "scoring": "pressure", "bpe": "core", "rank": "map", "needles": "core"}


def load_impl(name: str, module: str = "slicer"):
    """The ``module`` implementation (``slicer``, ``scoring``, ``bpe`` or ``rank``) called ``name``.

    The compiled one must exist unless the run is explicitly pure-Python
    (``CODEPITH_NO_EXTENSIONS``): a missing extension is a broken build, not
    a reason to test less.
    """
    package = _NATIVE_HOME[module]
    if name == "python":
        return importlib.import_module(f"codepith.{package}._{module}_py")
    try:
        return importlib.import_module(f"codepith.{package}._{module}")
    except ImportError as exc:
        raise AssertionError(
            f"the compiled {module} module is missing; build with `pip install .` "
            "(or set CODEPITH_NO_EXTENSIONS=1 for a pure-Python run)"
        ) from exc


def write(root, rel, content="x = 1\n") -> Path:
    """``content`` (text, written as UTF-8, or bytes) at ``root/rel``, its
    folders made; the file's path."""
    path = Path(root) / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def by_path(results) -> dict:
    """{path: result} of a bulk run's results; a path reported twice fails."""
    out = {}
    for r in results:
        assert r.path not in out, f"{r.path} reported twice"
        out[r.path] = r
    return out


def plain_files(out):
    """[(path, text)] of a plain output: each block opens with a rule, the
    "File: " line and the same rule, and its text runs to that rule again."""
    lines = out.split("\n")
    files, i = [], lines.index("Directory Structure") + 2
    while lines[i] != "=" * 16:  # the tree runs to the first rule
        i += 1
    while i < len(lines):
        rule = lines[i]
        if rule and set(rule) == {"="} and lines[i + 1].startswith("File: ") and lines[i + 2] == rule:
            j = i + 3
            while lines[j] != rule:
                j += 1
            body = lines[i + 3 : j]
            files.append((lines[i + 1][len("File: ") :], "\n".join(body) + "\n" if body else ""))
            i = j
        i += 1
    return files


def alnum(seed: str, n: int) -> str:
    """``n`` letters and digits that look random (from a hash: deterministic)."""
    out = ""
    counter = 0
    while len(out) < n:
        digest = base64.b64encode(hashlib.sha256(f"{seed}{counter}".encode()).digest()).decode()
        out += "".join(c for c in digest if c.isalnum())
        counter += 1
    return out[:n]


#: a GitHub token the secret check finds (the secret tests' and the MCP's)
GITHUB = "gh" + "p_" + alnum("github", 36)


# --------------------------------------------------------------------------- MCP

#: the MCP tests' project: three code files and a JSON file (the ``mcp_project`` fixture)
PY = textwrap.dedent('''\
    """Billing."""
    import decimal


    def invoice_total(lines: list[tuple[str, int, float]]) -> decimal.Decimal:
        """Total of an invoice."""
        total = decimal.Decimal(0)
        for name, qty, price in lines:
            if qty <= 0:
                raise ValueError(f"bad quantity for {name}")
            total += decimal.Decimal(qty) * decimal.Decimal(str(price))
        return total.quantize(decimal.Decimal("0.01"))


    class Ledger:
        def __init__(self) -> None:
            self.entries: list[tuple[str, decimal.Decimal]] = []

        def post(self, who: str, amount: decimal.Decimal) -> None:
            if amount == 0:
                return
            self.entries.append((who, amount))
            self.entries.sort(key=lambda e: (e[0], e[1]))
    ''')
TS = textwrap.dedent("""\
    import { EventEmitter } from "events";

    export interface Invoice { id: string; lines: Array<{ qty: number; price: number }> }

    export class Billing extends EventEmitter {
      private cache = new Map<string, number>();

      total(inv: Invoice): number {
        const cached = this.cache.get(inv.id);
        if (cached !== undefined) return cached;
        let sum = 0;
        for (const line of inv.lines) {
          sum += line.qty * line.price;
        }
        this.cache.set(inv.id, sum);
        this.emit("total", inv.id, sum);
        return sum;
      }
    }
    """)
GO = textwrap.dedent("""\
    package billing

    import (
    \t"errors"
    \t"sort"
    )

    // Line is one invoice line.
    type Line struct {
    \tQty   int
    \tPrice float64
    }

    // Total sums the lines.
    func Total(lines []Line) (float64, error) {
    \tsum := 0.0
    \tfor _, l := range lines {
    \t\tif l.Qty <= 0 {
    \t\t\treturn 0, errors.New("bad quantity")
    \t\t}
    \t\tsum += float64(l.Qty) * l.Price
    \t}
    \tsort.Float64s([]float64{sum})
    \treturn sum, nil
    }
    """)
JSON = json.dumps({"invoices": [{"id": f"inv-{i}", "qty": i, "price": i * 1.5} for i in range(60)]}, indent=2)

FILES = {"billing.py": PY, "web/billing.ts": TS, "svc/billing.go": GO, "data/invoices.json": JSON}


def server_env() -> dict[str, str]:
    """The environment of a server process: it imports the codepith under test
    (a relative PYTHONPATH would not survive the server's own working directory)."""
    import codepith

    here = os.path.dirname(os.path.dirname(os.path.abspath(codepith.__file__)))
    path = os.pathsep.join([here, *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))])
    return {**os.environ, "PYTHONPATH": path, "PYTHONUNBUFFERED": "1"}


@asynccontextmanager
async def server(root, *args, cwd=None):
    """An MCP client session with ``codepith mcp ARGS`` started on ``root``."""
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "codepith", "mcp", *args],
        cwd=str(cwd or root),
        env=server_env(),
    )
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            yield Client(session)


class Client:
    """A client session's tool calls, each reply checked for its shape."""

    def __init__(self, session: ClientSession) -> None:
        self.session = session

    async def call(self, name: str, **arguments):
        return (await self.reply(name, **arguments))[0]

    async def reply(self, name: str, **arguments) -> tuple[dict, list[str]]:
        """(structured summary, the text blocks after it). The first text block
        is the summary as JSON; every ``text_block`` index names a later one."""
        result = await self.session.call_tool(name, arguments)
        assert not result.is_error, result.content[0].text
        texts = [block.text for block in result.content]
        assert all(block.type == "text" for block in result.content)
        assert json.loads(texts[0]) == result.structured_content
        return result.structured_content, texts

    async def text(self, name: str, **arguments) -> tuple[dict, str]:
        """(summary, its text) for a tool that replies with one text."""
        summary, texts = await self.reply(name, **arguments)
        assert summary["text_block"] == 1 and len(texts) == 2, summary
        return summary, texts[1]

    async def error(self, name: str, **arguments) -> str:
        result = await self.session.call_tool(name, arguments)
        assert result.is_error, result
        return result.content[0].text


def run(fn):
    """Run the async test body ``fn``."""
    import anyio

    anyio.run(fn)


def parses(path: str, text: str) -> bool:
    """Whether ``text`` parses without an error as the language of ``path`` (a
    component's regions each in its own language too)."""
    from codepith.core.languages import detect_language
    from codepith.core.validity import file_errors

    language = detect_language(path)
    assert language is not None, path
    return file_errors(language, text.encode()) == 0


def physical_files(root) -> int:
    """How many files are under ``root``, counted on disk."""
    return sum(len(files) for _d, _dirs, files in os.walk(root))


def items_by_path(record: dict) -> dict:
    """{path: item} of a pack's audit record."""
    return {item["path"]: item for item in record["items"]}


def subprocess_env(tmp_path, **extra) -> dict:
    """The environment of a codepith subprocess: a private cache, no colour or
    debug settings from the shell, then ``extra``."""
    env = dict(os.environ)
    env["XDG_CACHE_HOME"] = str(tmp_path / "xdg-cache")
    for name in ("CODEPITH_DEBUG", "FORCE_COLOR", "TTY_COMPATIBLE"):
        env.pop(name, None)
    env.update(extra)
    return env


def run_hook(monkeypatch, capsysbinary, stdin: bytes, *args: str):
    """``codepith hook user-prompt-submit`` in process on ``stdin``: (exit code, stdout, stderr)."""
    from codepith.cli import main

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    code = main(["hook", "user-prompt-submit", *args])
    captured = capsysbinary.readouterr()
    return code, captured.out.decode(), captured.err.decode()
