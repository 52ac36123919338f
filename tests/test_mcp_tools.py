"""What an agent reads from ``codepith mcp``: described parameters, enums,
tool annotations, code as plain text, and the folder, recall and index tools
(the official client over stdio, as in test_mcp)."""

from __future__ import annotations

import json

import codepith
from codepith.core.tokens import count_tokens
from test_mcp import FILES, parses, project, run, server  # noqa: F401  (project is a fixture)

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
}
ENUMS = {
    "level": ["full", "signatures", "outline"],
    "mode": ["fail-closed", "compact", "observe"],
    "format": ["markdown", "xml", "json"],
    "encoding": ["o200k_base", "cl100k_base"],
}


def test_every_tool_is_annotated_every_parameter_described_and_closed_sets_are_enums(project):
    async def main():
        async with server(project) as c:
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


def test_compressed_code_is_plain_text_beside_its_summary(project):
    async def main():
        async with server(project) as c:
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


def test_optimize_context_gives_decisions_and_sizes_and_texts_only_on_request(project, tmp_path_factory):
    import shutil

    async def plan_of(root, **texts):
        async with server(root) as c:
            await _tracked(c)
            used = (await c.call("optimize_context", budget=10**6))["used_tokens"]
            return await c.reply("optimize_context", budget=int(used * 0.75), **texts)

    roots = [tmp_path_factory.mktemp(f"p{i}") for i in range(3)]
    for root in roots:
        shutil.copytree(project, root, dirs_exist_ok=True)

    async def main():
        plan, texts = await plan_of(roots[0])
        compressed = [d for d in plan["decisions"] if d["action"] == "compress"]
        assert len(compressed) >= 2 and len(texts) == 1  # the summary only
        for d in plan["decisions"]:
            assert "text" not in d and "text_block" not in d
            assert {"path", "action", "tokens_before", "tokens_after"} <= set(d)

        one = compressed[0]["path"]
        plan, texts = await plan_of(roots[1], text_paths=[one])
        named = {d["path"]: d for d in plan["decisions"] if "text_block" in d}
        assert list(named) == [one] and len(texts) == 2
        assert parses(one, texts[1]) and count_tokens(texts[1]) == named[one]["tokens_after"]

        plan, texts = await plan_of(roots[2], include_text=True)
        blocks = {d["path"]: d["text_block"] for d in plan["decisions"] if "text_block" in d}
        assert set(blocks) == {d["path"] for d in compressed} and sorted(blocks.values()) == list(
            range(1, len(texts)))
        # compress_file at the decision's level gives the same text later
        async with server(roots[2]) as c:
            for d in plan["decisions"]:
                if d["action"] == "compress":
                    _, text = await c.text("compress_file", path=d["path"], level=d["level"])
                    assert text == texts[d["text_block"]]

    run(main)
