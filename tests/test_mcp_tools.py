"""What an agent reads from ``codepith mcp``: described parameters, enums,
tool annotations, code as plain text, and the folder, recall and index tools
(the official client over stdio, as in test_mcp)."""

from __future__ import annotations

import json

import codepith
from codepith.core.tokens import count_tokens
from helpers import FILES, parses, run, server

#: tool -> (readOnlyHint, idempotentHint): what each tool changes. None is
#: destructive: the session and usage logs are only appended to.
HINTS = {
    "compress_file": (True, True),
    "count_tokens": (True, True),
    "compress_folder": (False, True),
    "read_output": (True, True),
    "pack_context": (True, True),
    "start_turn": (False, False),
    "track_file": (False, True),
    "untrack_file": (False, True),
    "context_status": (True, True),
    "optimize_context": (False, True),
    "recall": (False, False),
    "project_index": (True, True),
    "repo_map": (True, True),
}
ENUMS = {
    "level": ["full", "signatures", "outline"],
    "mode": ["fail-closed", "compact", "observe"],
    "format": ["markdown", "xml", "json"],
    "encoding": ["o200k_base", "cl100k_base"],
}


def test_every_tool_is_annotated_every_parameter_described_and_closed_sets_are_enums(mcp_project):
    async def main():
        async with server(mcp_project) as c:
            tools = {t.name: t for t in (await c.session.list_tools()).tools}
            assert set(tools) == set(HINTS)
            enums_seen = set()
            for name, t in tools.items():
                a = t.annotations
                assert (a.read_only_hint, a.idempotent_hint, a.destructive_hint) == (*HINTS[name], False), name
                assert t.description and len(t.description) > 30, name
                for param, schema in t.input_schema.get("properties", {}).items():
                    assert len(schema.get("description", "")) > 10, (name, param, schema)
                    if param in ENUMS:
                        assert schema["enum"] == ENUMS[param], (name, param, schema)
                        enums_seen.add(param)
            assert enums_seen == set(ENUMS)

    run(main)


def test_compressed_code_is_plain_text_beside_its_summary(mcp_project):
    async def main():
        async with server(mcp_project) as c:
            result = await c.session.call_tool("compress_file", {"path": "billing.py"})
            assert [b.type for b in result.content] == ["text", "text"]
            summary, code = result.content[0].text, result.content[1].text
            # the code itself, byte for byte what the library gives: not JSON, not escaped
            assert code == codepith.compress(FILES["billing.py"], path="billing.py").text
            assert code.startswith('"""Billing."""\nimport decimal\n')
            assert json.loads(summary) == result.structured_content
            assert "text" not in result.structured_content and result.structured_content["text_block"] == 1
            assert result.structured_content["tokens_after"] == count_tokens(code)
            # the whole reply: the code once, and a small summary
            assert count_tokens(summary) < 100

    run(main)


async def _tracked(c) -> None:
    for rel in FILES:
        await c.call("start_turn")
        await c.call("track_file", path=rel)
    for _ in range(4):
        await c.call("start_turn")


def test_optimize_context_gives_decisions_and_sizes_and_texts_only_on_request(mcp_project, tmp_path_factory):
    import shutil

    async def plan_of(root, **texts):
        async with server(root) as c:
            await _tracked(c)
            # room for the code at signatures, once the JSON file is evicted
            signatures = sum(
                [
                    (await c.call("compress_file", path=rel))["tokens_after"]
                    for rel in FILES
                    if not rel.endswith(".json")
                ]
            )
            return await c.reply("optimize_context", budget=int((signatures + 10) / 0.7) + 1, **texts)

    roots = [tmp_path_factory.mktemp(f"p{i}") for i in range(3)]
    for root in roots:
        shutil.copytree(mcp_project, root, dirs_exist_ok=True)

    async def main():
        plan, texts = await plan_of(roots[0])
        compressed = [d for d in plan["decisions"] if d["action"] == "compress"]
        assert len(compressed) >= 2 and len(texts) == 1  # the summary only
        for d in plan["decisions"]:
            assert "text" not in d and "text_block" not in d
            assert {"path", "action", "tokens_before", "tokens_after"} <= set(d)

        one = compressed[0]["path"]
        kept = [d["path"] for d in plan["decisions"] if d["action"] == "keep"]
        plan, texts = await plan_of(roots[1], text_paths=[one, *kept, "nowhere.py"])
        named = {d["path"]: d for d in plan["decisions"] if "text_block" in d}
        assert list(named) == [one] and len(texts) == 2
        assert plan["no_text"] == [
            {"path": p, "reason": "the plan's action for it is keep, not compress"} for p in kept
        ] + [{"path": "nowhere.py", "reason": "not tracked"}]
        assert parses(one, texts[1]) and count_tokens(texts[1]) == named[one]["tokens_after"]

        plan, texts = await plan_of(roots[2], include_text=True)
        blocks = {d["path"]: d["text_block"] for d in plan["decisions"] if "text_block" in d}
        assert set(blocks) == {d["path"] for d in compressed} and sorted(blocks.values()) == list(range(1, len(texts)))
        # compress_file at the decision's level gives the same text later
        async with server(roots[2]) as c:
            for d in plan["decisions"]:
                if d["action"] == "compress":
                    _, text = await c.text("compress_file", path=d["path"], level=d["level"])
                    assert text == texts[d["text_block"]]

    run(main)


def _big_project(root) -> dict[str, str]:
    """Twelve Python modules of different sizes, a binary file and a minified one."""
    files = {}
    for i in range(12):
        body = "\n".join(f"    x{j} = {j} * n\n    y{j} = x{j} + {i}" for j in range(5 * (i + 1)))
        files[f"pkg/mod{i:02d}.py"] = (
            f'"""Module {i}."""\n\n\ndef work{i}(n: int) -> int:\n    """Work {i}."""\n{body}\n    return n\n'
        )
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    (root / "pkg" / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    (root / "pkg" / "app.js").write_text("var total=function(a){return a.reduce(function(s,x){return s+x},0)};" * 40)
    (root / "pkg" / "vendor.min.js").write_text("var v=1;\n")
    return files


def test_compress_folder_stores_parts_that_read_output_gives_back(mcp_project):
    files = _big_project(mcp_project)

    async def main():
        async with server(mcp_project) as c:
            summary = await c.call("compress_folder", path="pkg", part_tokens=500)
            assert summary["folder"] == "pkg" and summary["level"] == "signatures"
            assert summary["actions"] == {
                "compressed": 12,
                "skipped:binary": 1,
                "skipped:minified": 1,
                "ignored:default": 1,
            }
            assert {(x["path"], x["action"]) for x in summary["left_out"]} == {
                ("pkg/logo.png", "skipped:binary"),
                ("pkg/app.js", "skipped:minified"),
                ("pkg/vendor.min.js", "ignored:default"),
            }
            parts = summary["parts"]
            assert len(parts) >= 2
            seen = []
            for p in parts:
                got, text = await c.text("read_output", id=summary["id"], part=p["part"])
                assert got["files"] == p["files"] and got["parts"] == len(parts)
                assert got["tokens"] == p["tokens"] == count_tokens(text)
                assert p["tokens"] <= 500 or len(p["files"]) == 1  # a file is never split
                assert text.startswith(f"# codepith: pkg (signatures) — part {p['part']} of {len(parts)}\n")
                for rel in p["files"]:
                    assert f"## {rel} (compressed to signatures" in text
                    assert codepith.compress(files[rel], path=rel).text in text
                seen += p["files"]
            assert seen == sorted(files)  # every file once, in path order
            assert (mcp_project / ".codepith" / "outputs" / f"{summary['id']}.json").is_file()
            # the same folder in the same state: the same output
            assert (await c.call("compress_folder", path="pkg", part_tokens=500))["id"] == summary["id"]

            message = await c.error("read_output", id=summary["id"], part=len(parts) + 1)
            assert f"Invalid value for 'part': output {summary['id']} has parts 1 to {len(parts)}" in message
            message = await c.error("read_output", id="0123456789abcdef")
            assert "no output 0123456789abcdef" in message and "run compress_folder again" in message
            message = await c.error("read_output", id="../../etc/passwd")
            assert "Invalid value for 'id'" in message
            message = await c.error("compress_folder", path="..")
            assert "outside the project root" in message
            message = await c.error("compress_folder", path="billing.py")
            assert "Invalid value for 'path': billing.py: not a folder" in message
            message = await c.error("compress_folder", part_tokens=10)
            assert "Invalid value for 'part_tokens': must be at least 500" in message

    run(main)


def test_compress_folder_keeps_to_its_token_budget_and_names_what_it_left_out(mcp_project):
    files = _big_project(mcp_project)

    async def main():
        async with server(mcp_project) as c:
            whole = await c.call("compress_folder", path="pkg", level="outline")
            budget = whole["tokens"] // 2
            summary = await c.call("compress_folder", path="pkg", level="outline", token_budget=budget)
            assert summary["tokens"] <= budget < whole["tokens"]
            kept = [f for p in summary["parts"] for f in p["files"]]
            omitted = [x for x in summary["left_out"] if x["action"] == "omitted:budget"]
            assert omitted and all("of the budget left" in x["reason"] for x in omitted)
            assert sorted(kept + [x["path"] for x in omitted]) == sorted(files)
            assert summary["actions"]["omitted:budget"] == len(omitted)
            message = await c.error("compress_folder", token_budget=0)
            assert "Invalid value for 'token_budget'" in message

    run(main)


def test_recall_and_project_index_answer_from_the_project(mcp_project):
    async def main():
        async with server(mcp_project) as c:
            found, text = await c.text("recall", query="how is the invoice total computed?")
            assert "def invoice_total(lines: list[tuple[str, int, float]]) -> decimal.Decimal" in text
            assert found["tokens"] == count_tokens(text) <= found["budget"] == 600
            assert "symbol:billing.py:invoice_total" in found["items"]
            small, text = await c.text("recall", query="ledger entries", budget=60, paths=["billing.py"])
            assert small["tokens"] <= 60 and "billing.py" in small["paths"]
            nothing, texts = await c.reply("recall", query="zzqx")
            assert nothing["items"] == [] and len(texts) == 1 and "text_block" not in nothing

            index, text = await c.text("project_index")
            assert index["tokens"] == count_tokens(text) <= index["max_tokens"] == 250
            for name in ("invoice_total", "Ledger", "svc/", "web/", "Billing"):
                assert name in text, text
            message = await c.error("project_index", max_tokens=0)
            assert "Invalid value for 'max_tokens'" in message
        usage = [json.loads(line) for line in (mcp_project / ".codepith" / "usage.jsonl").read_text().splitlines()]
        assert [u["source"] for u in usage] == ["mcp", "mcp"]  # one line per recall that injected text

    run(main)


def test_a_fail_closed_pack_says_why_once_and_names_the_tools_own_parameter(mcp_project):
    async def main():
        async with server(mcp_project) as c:
            message = await c.error("pack_context", paths=["billing.py", "nowhere.py"], mode="fail-closed")
            assert message.count("nowhere.py: no such file") == 1, message
            assert 'the mode parameter set to "compact"' in message and "--mode" not in message
            message = await c.error("pack_context", paths=["billing.py"], mode="fail-closed", byte_budget=50)
            assert message.count("billing.py does not fit") == 1 and "--mode" not in message, message
            assert 'the mode parameter set to "compact"' in message

    run(main)
