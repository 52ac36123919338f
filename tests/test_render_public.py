"""The public renderer draws a file and a tree exactly as ``codepith compress``
writes them, so a packer's blocks are the command's."""

from __future__ import annotations

import json

import pytest

import codepith
from codepith.cli import main


@pytest.fixture
def tree(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "src" / "pay").mkdir(parents=True)
    (tmp_path / "src" / "app.py").write_text('def f(a):\n    """Fence: ``` and ]]> and <b>."""\n    return a\n')
    (tmp_path / "src" / "pay" / "api.ts").write_text("export function charge(n: number): number {\n  return n;\n}\n")
    (tmp_path / "src" / "notes.md").write_text("# Notes\n\n````\nfenced\n````\n")
    return tmp_path


@pytest.mark.parametrize("fmt", ["markdown", "xml", "plain", "json", "jsonl"])
def test_each_file_block_is_the_one_the_document_holds(tree, capsys, fmt):
    assert main(["compress", "src", "--format", fmt, "--no-cache", "-j", "1", "-q"]) == 0
    document = capsys.readouterr().out
    results = [r for r in codepith.compress_tree("src", cache=False, jobs=1) if r.in_output]
    assert len(results) == 3
    for r in results:
        block = codepith.render_file(r, fmt)
        assert block in document, (r.path, block)
    if fmt == "json":
        assert [json.loads(codepith.render_file(r, fmt)) for r in results] == json.loads(document)["files"]


def test_the_tree_is_the_one_the_document_holds(tree, capsys):
    assert main(["compress", "src", "--no-cache", "-j", "1", "-q"]) == 0
    document = capsys.readouterr().out
    paths = [r.path for r in codepith.compress_tree("src", cache=False, jobs=1)]
    assert "## Files\n\n```\n" + codepith.render_tree(paths) + "```\n" in document


def test_a_markdown_block_cannot_be_closed_by_its_text():
    block = codepith.markdown_block("notes\nwith a break", "a ``` b\n`````\n", "text")
    head, fence_line = block.split("\n\n", 1)[0], block.split("\n\n", 1)[1].split("\n", 1)[0]
    assert head == "## notes\\nwith a break"  # (as a file's name is shown)
    assert fence_line == "``````text"
    assert block.endswith("``````\n\n")


def test_an_unknown_format_is_an_error_naming_the_formats(tree):
    r = next(r for r in codepith.compress_tree("src", cache=False, jobs=1) if r.in_output)
    with pytest.raises(codepith.InvalidOption, match="formats: markdown, xml, json, jsonl, plain"):
        codepith.render_file(r, "yaml")  # type: ignore[arg-type]
