"""``codepith ratios`` and :mod:`codepith.bulk.ratios`: ratios per language and level."""

from __future__ import annotations

import json
import sys

import pytest

import codepith
from codepith.bulk.chart import ratio_chart
from codepith.bulk.ratios import format_table, measure_ratios, parse_levels
from codepith.cli import main
from codepith.errors import CodepithError

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

SOURCES = {
    "app/models.py": (
        '"""Models."""\n\nimport os\n\n\nclass User:\n    """A user.\n\n    More about users.\n    """\n\n'
        "    def __init__(self, name):\n        self.name = name\n        self.home = os.path.join('/home', name)\n\n"
        "    def greet(self, other):\n        # say hello\n        return f'hello {other}, I am {self.name}'\n"
    ),
    "app/util.py": "def add(a, b):\n    total = a + b\n    return total\n\n\nTABLE = [\n" + "    1,\n" * 8 + "]\n",
    "web/api.ts": (
        "import { x } from './x';\n\n/** Fetches. */\nexport async function get(url: string): Promise<string> {\n"
        "  const r = await fetch(url);\n  // read the body\n  return r.text();\n}\n\n"
        "export interface Point { x: number; y: number }\n\nexport class Box {\n  constructor(private w: number) {\n"
        "    this.w = w * 2;\n  }\n  area(): number {\n    return this.w * this.w;\n  }\n}\n"
    ),
    "web/App.tsx": (
        "import React from 'react';\n\nexport function App({ name }: { name: string }) {\n"
        '  const greeting = `hello ${name}`;\n  return <div className="app">{greeting}</div>;\n}\n'
    ),
    "web/main.js": (
        "'use strict';\nconst path = require('path');\n\n/**\n * Joins.\n * More.\n */\nfunction join(a, b) {\n"
        "  return path.join(a, b);\n}\n\nmodule.exports = { join, twice: (n) => { return n * 2; } };\n"
    ),
    "web/widget.jsx": "export const W = () => {\n  const n = 1;\n  return <b>{n}</b>;\n};\n",
    "cmd/main.go": (
        'package main\n\nimport "fmt"\n\n// Greet says hello.\nfunc Greet(name string) string {\n'
        '\tmsg := fmt.Sprintf("hello %s", name)\n\treturn msg\n}\n\nfunc main() {\n\tfmt.Println(Greet("go"))\n}\n'
    ),
}
# Not measured: other languages, a binary file in a supported language, an
# ignored file.
OTHERS = {
    "README.md": "# readme\n\nsome text\n",
    "data/config.json": '{"a": 1}\n',
    ".gitignore": "build/\n",
    "build/out.py": "def built():\n    return 1\n",
}
BINARY = {"bin/blob.py": b"def f():\n    return 1\n\0\0\0"}
LEVELS = ("signatures", "outline")
LANGUAGES = {"python", "typescript", "tsx", "javascript", "go"}


@pytest.fixture
def tree(tmp_path):
    root = tmp_path / "tree"
    for rel, text in {**SOURCES, **OTHERS}.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    for rel, data in BINARY.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
    return root


def direct(root, levels=LEVELS) -> dict:
    """The expected sums, from codepith.core.compress and codepith.count_tokens on each file."""
    out: dict = {}
    for rel in SOURCES:
        data = (root / rel).read_bytes()
        lang = codepith.detect_language(rel)
        row = out.setdefault(lang, {"files": 0, "bytes": 0, "tokens": 0, "levels": {}})
        row["files"] += 1
        row["bytes"] += len(data)
        row["tokens"] += codepith.count_tokens(data)
        for level in levels:
            result = codepith.compress(data, path=rel, level=level)
            got = row["levels"].setdefault(level, {"bytes": 0, "tokens": 0, "valid": 0})
            got["bytes"] += len(result.data)
            got["tokens"] += codepith.count_tokens(result.data)
            got["valid"] += result.valid
    return out


def run_json(capsys, *args) -> dict:
    assert main(["ratios", *map(str, args), "--json", "--no-cache"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_has_the_exact_shape(tree, capsys):
    report = run_json(capsys, tree, "--jobs", "1")
    assert set(report) == {"languages", "totals"}
    assert set(report["languages"]) == LANGUAGES
    listed = {"files", "bytes", "tokens", "levels"}
    for row in [*report["languages"].values(), report["totals"]]:
        assert listed <= set(row)
        assert set(row) - listed <= {
            "seconds",
            "mb_per_s",
            "wall_seconds",
            "wall_mb_per_s",
            "skipped",
            "skipped_by",
            "ignored",
        }
        assert list(row["levels"]) == list(LEVELS)
        for got in row["levels"].values():
            assert set(got) == {"bytes", "tokens", "byte_ratio", "token_ratio", "valid"}
            assert 0 <= got["valid"] <= 100  # a percentage
    assert {"skipped", "skipped_by", "ignored", "wall_seconds"} <= set(report["totals"])


@pytest.mark.parametrize("jobs", [1, 2])
def test_ratios_equal_a_direct_computation(tree, jobs):
    report = measure_ratios(tree, jobs=jobs, cache=False)
    expected = direct(tree)
    assert set(report["languages"]) == set(expected) == LANGUAGES
    for lang, want in expected.items():
        row = report["languages"][lang]
        assert (row["files"], row["bytes"], row["tokens"]) == (want["files"], want["bytes"], want["tokens"])
        for level in LEVELS:
            got, w = row["levels"][level], want["levels"][level]
            assert (got["bytes"], got["tokens"]) == (w["bytes"], w["tokens"])
            assert got["byte_ratio"] == w["bytes"] / want["bytes"]
            assert got["token_ratio"] == w["tokens"] / want["tokens"]
            assert got["valid"] == 100.0 * w["valid"] / want["files"]
    totals = report["totals"]
    assert totals["files"] == len(SOURCES)
    for level in LEVELS:
        out_bytes = sum(w["levels"][level]["bytes"] for w in expected.values())
        out_tokens = sum(w["levels"][level]["tokens"] for w in expected.values())
        assert totals["levels"][level]["bytes"] == out_bytes
        assert totals["levels"][level]["token_ratio"] == out_tokens / sum(w["tokens"] for w in expected.values())
        assert totals["levels"][level]["byte_ratio"] < 1  # these files do compress


def test_unsupported_and_skipped_files_are_not_counted(tree):
    report = measure_ratios(tree, jobs=1, cache=False)
    totals = report["totals"]
    assert totals["files"] == len(SOURCES)
    assert report["languages"]["python"]["files"] == 2  # not the binary .py, not the ignored one
    assert report["languages"]["javascript"]["files"] == 2  # .js and .jsx
    assert report["languages"]["tsx"]["files"] == 1  # TSX is its own language
    # README.md, config.json and .gitignore are in other languages; blob.py is binary
    assert totals["skipped_by"] == {"binary": 1, "unsupported-language": 3}
    assert totals["skipped"] == 4
    assert totals["ignored"] == 1  # build/ by .gitignore
    supported_bytes = sum(len((tree / rel).read_bytes()) for rel in SOURCES)
    assert totals["bytes"] == supported_bytes


def test_levels_option_and_cache(tree, tmp_path, capsys):
    report = run_json(capsys, tree, "--levels", "outline,full,outline", "-j", "1")
    assert list(report["totals"]["levels"]) == ["outline", "full"]
    full = report["totals"]["levels"]["full"]
    assert full["bytes"] == report["totals"]["bytes"] and full["token_ratio"] == 1.0

    cache_dir = tmp_path / "cache"
    first = measure_ratios(tree, jobs=1, cache_dir=cache_dir)
    second = measure_ratios(tree, jobs=2, cache_dir=cache_dir)  # from the cache
    for report in (first, second):
        for row in [*report["languages"].values(), report["totals"]]:
            for key in ("seconds", "mb_per_s", "wall_seconds", "wall_mb_per_s"):
                row.pop(key, None)
    assert first == second


def test_empty_tree_reports_nothing_measured(tmp_path):
    (tmp_path / "notes.txt").write_text("hello\n")
    report = measure_ratios(tmp_path, jobs=1, cache=False)
    assert report["languages"] == {}
    totals = report["totals"]
    assert totals["files"] == 0 and totals["skipped_by"] == {"unsupported-language": 1}
    assert totals["levels"]["signatures"] == {
        "bytes": 0,
        "tokens": 0,
        "byte_ratio": None,
        "token_ratio": None,
        "valid": None,
    }
    assert "total" in format_table(report)


def test_table_fits_100_columns(tree, capsys):
    assert main(["ratios", str(tree), "--no-cache", "-j", "1", "--levels", "full,signatures,outline"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 100
    firsts = {line.split()[0] for line in lines if line.strip()}
    assert LANGUAGES | {"language", "total"} <= firsts
    assert "3 unsupported-language" in out and "1 binary" in out


def test_usage_errors_name_the_option(tree, capsys):
    for args, option in [
        (["--levels", "signatures,bogus"], "--levels"),
        (["--levels", ","], "--levels"),
        (["--jobs", "0"], "--jobs"),
        (["--max-file-bytes", "0"], "--max-file-bytes"),
        (["--encoding", "nope"], "--encoding"),
        (["--chart", str(tree / "chart.unknownformat")], "--chart"),
    ]:
        assert main(["ratios", str(tree), "--no-cache", *args]) == 2, args
        assert option in capsys.readouterr().err
    assert main(["ratios", str(tree / "missing")]) == 2
    with pytest.raises(CodepithError, match="unknown level"):
        parse_levels("signatures,bogus")
    with pytest.raises(CodepithError, match="jobs"):
        measure_ratios(tree, jobs=0)


def test_chart_is_a_png(tree, tmp_path, capsys):
    chart = tmp_path / "ratios.png"
    assert main(["ratios", str(tree), "--no-cache", "-j", "1", "--chart", str(chart)]) == 0
    assert chart.read_bytes()[:8] == PNG_MAGIC
    assert "total" in capsys.readouterr().out

    # the library draws byte ratios too, and a path without an extension is a PNG
    report = measure_ratios(tree, jobs=1, cache=False, levels="signatures")
    bare = tmp_path / "bytes-chart"
    ratio_chart(report, bare, metric="byte_ratio")
    assert bare.read_bytes()[:8] == PNG_MAGIC


def test_chart_without_matplotlib_exits_1(tree, tmp_path, capsys, monkeypatch):
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")] + ["matplotlib"]:
        monkeypatch.setitem(sys.modules, name, None)  # `import matplotlib` now raises ImportError
    chart = tmp_path / "ratios.png"
    assert main(["ratios", str(tree), "--no-cache", "-j", "1", "--chart", str(chart)]) == 1
    captured = capsys.readouterr()
    assert "--chart needs matplotlib: pip install 'codepith[chart]'" in captured.err
    assert captured.out == ""  # it fails before measuring anything
    assert not chart.exists()


def test_an_empty_file_has_no_ratio_in_any_report(tmp_path, capsys):
    # 0 bytes over 0 bytes is not a ratio of 0: n/a in the tables, null in JSON
    (tmp_path / "empty.py").write_bytes(b"")
    assert main(["ratios", str(tmp_path), "--no-cache", "-j", "1"]) == 0
    table = capsys.readouterr().out
    row = next(line for line in table.splitlines() if line.startswith("python"))
    assert row.split()[7:9] == ["n/a", "n/a"] and "0.000" not in table
    assert main(["ratios", str(tmp_path), "--no-cache", "-j", "1", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)["languages"]["python"]["levels"]["signatures"]
    assert got["byte_ratio"] is None and got["token_ratio"] is None
    report = tmp_path.parent / "report.json"
    assert (
        main(["compress", str(tmp_path), "--no-cache", "-o", str(tmp_path.parent / "out.md"), "--report", str(report)])
        == 0
    )
    summary = capsys.readouterr().err
    assert "0.000" not in summary
    assert [line.split()[-1] for line in summary.splitlines() if line.startswith(("python", "total"))] == ["n/a"] * 2
    totals = json.loads(report.read_text())["totals"]
    assert totals["byte_ratio"] is None and totals["token_ratio"] is None
