"""``codepith mcp`` as a subprocess, driven by the official MCP client over stdio."""

from __future__ import annotations

import json
import os
import sys
from contextlib import asynccontextmanager

import anyio
from mcp import ClientSession

from codepith.core.tokens import count_tokens
from codepith.pressure.session import LOG_NAME
from helpers import FILES, GO, Client, parses, run, server, server_env


async def tracked_session(c: Client) -> int:
    """Read the three code files and the JSON file over turns 1-4, then go on to turn 8."""
    for rel in FILES:
        await c.call("start_turn")
        await c.call("track_file", path=rel)
    for _ in range(4):
        turn = (await c.call("start_turn"))["turn"]
    return turn


def test_tools_are_listed(mcp_project):
    async def main():
        async with server(mcp_project) as c:
            names = {t.name for t in (await c.session.list_tools()).tools}
            assert {
                "compress_file",
                "count_tokens",
                "pack_context",
                "track_file",
                "start_turn",
                "optimize_context",
            } <= names

    run(main)


def test_optimize_compresses_code_before_evicting_and_evicts_the_json(mcp_project):
    async def main():
        async with server(mcp_project) as c:
            turn = await tracked_session(c)
            assert turn == 8
            whole = await c.call("optimize_context", budget=10**6)
            assert not whole["triggered"] and all(d["action"] == "keep" for d in whole["decisions"])
            code = {d["path"]: d["tokens_before"] for d in whole["decisions"] if not d["path"].endswith(".json")}
            signatures = 0
            for rel in code:
                signatures += (await c.call("compress_file", path=rel))["tokens_after"]
            # compressing every code file is not enough; evicting the JSON then is, and it leaves room for
            # the code at signatures, not whole (what the JSON's eviction left is given back)
            budget = int((signatures + 10) / 0.7) + 1
            assert signatures + 10 < sum(code.values()) - 20
            plan, texts = await c.reply("optimize_context", budget=budget, include_text=True)
            assert plan["triggered"] and plan["reached"]
            assert plan["used_after"] <= plan["target_tokens"] == int(0.7 * budget)
            d = {x["path"]: x for x in plan["decisions"]}
            for rel in code:
                assert d[rel]["action"] == "compress", d[rel]
                assert d[rel]["level"] in ("signatures", "outline")
                assert d[rel]["tokens_after"] < d[rel]["tokens_before"]
                text = texts[d[rel]["text_block"]]
                assert "text" not in d[rel]
                assert parses(rel, text), rel  # valid compressed text
                count = await c.call("count_tokens", text=text)
                assert count["tokens"] == d[rel]["tokens_after"]
            assert d["data/invoices.json"]["action"] == "evict"
            assert [x["path"] for x in plan["decisions"] if x["action"] == "evict"] == ["data/invoices.json"]

            # the plan is recorded: code files tracked as compressed, the JSON gone
            status = await c.call("context_status")
            levels = {f["path"]: f["level"] for f in status["files"]}
            assert set(levels) == set(code)
            assert all(levels[rel] == d[rel]["level"] for rel in code)

        # a new server on the same project sees the same session
        async with server(mcp_project) as c:
            status = await c.call("context_status")
            assert status["turn"] == 8 and {f["path"] for f in status["files"]} == set(code)

    run(main)


def test_a_lighter_pressure_only_compresses(mcp_project):
    async def main():
        async with server(mcp_project) as c:
            await tracked_session(c)
            used = (await c.call("optimize_context", budget=10**6))["used_tokens"]
            saved = 0
            for rel in FILES:
                if not rel.endswith(".json"):
                    out = await c.call("compress_file", path=rel)
                    saved += out["tokens_before"] - out["tokens_after"]
            # at the limit of the context now, a target that half of the
            # signatures' savings meets
            target = (used - saved // 2) / used
            plan = await c.call("optimize_context", budget=used, pressure=0.95, target=target)
            assert plan["triggered"] and plan["reached"] and plan["target_tokens"] == int(target * used)
            actions = {x["path"]: x["action"] for x in plan["decisions"]}
            assert "evict" not in actions.values()
            assert "compress" in actions.values()

    run(main)


def test_paths_outside_the_root_are_refused(mcp_project, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    (outside / "secret.py").write_text("def f():\n    return 1\n")
    (mcp_project / "link.py").symlink_to(outside / "secret.py")

    async def main():
        async with server(mcp_project) as c:
            for bad in ("../outside/secret.py", str(outside / "secret.py"), "link.py"):
                for tool in ("compress_file", "track_file"):
                    message = await c.error(tool, path=bad)
                    assert "outside the project root" in message
            message = await c.error("compress_file", path="missing.py")
            assert "no such file" in message
            message = await c.error("compress_file", path="billing.py", level="tiny")
            assert "level" in message and "'full', 'signatures' or 'outline'" in message, message
            message = await c.error("optimize_context", budget=0)
            assert "Invalid value for 'budget': must be a positive number of tokens" in message

    run(main)


def test_root_option(mcp_project, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("cwd")

    async def main():
        async with server(mcp_project, "--root", str(mcp_project), cwd=elsewhere) as c:
            out, text = await c.text("compress_file", path="svc/billing.go")
            assert out["language"] == "go" and parses("a.go", text)
            packed, output = await c.text(
                "pack_context", required=["billing.py"], paths=["web/billing.ts"], byte_budget=100000
            )
            assert packed["status"] == "packed" and "def invoice_total" in output
        assert not (elsewhere / ".codepith").exists()

    run(main)


def test_two_servers_share_one_log_without_losing_events(mcp_project):
    per_server = 15

    async def main():
        async with server(mcp_project) as a, server(mcp_project) as b:

            async def work(c):
                for _ in range(per_server):
                    await c.call("start_turn")
                    await c.call("track_file", path="billing.py")

            async with anyio.create_task_group() as tg:
                tg.start_soon(work, a)
                tg.start_soon(work, b)
            status_a = await a.call("context_status")
            status_b = await b.call("context_status")
            assert status_a == status_b
            assert status_a["turn"] == 2 * per_server  # no turn lost to a race

    run(main)
    lines = (mcp_project / LOG_NAME).read_text().splitlines()
    events = [json.loads(line) for line in lines]  # every line whole
    turns = [e["turn"] for e in events if e["event"] == "turn"]
    assert turns == list(range(1, 2 * per_server + 1))
    assert sum(e["event"] == "track" for e in events) == 2 * per_server


# --------------------------------------------------------------------------- hostile requests


@asynccontextmanager
async def raw_server(root):
    """The official client over a transport that writes JSON as Python's
    ``json.dumps`` does (``\\u`` escapes), so a lone surrogate reaches the server
    as ``"n\\udce9.py"``, as from a client naming a file that is not UTF-8."""
    import mcp_types as types
    from mcp.shared.message import SessionMessage

    proc = await anyio.open_process(
        [sys.executable, "-m", "codepith", "mcp", "--root", str(root)],
        cwd=str(root),
        env=server_env(),
    )
    to_client, from_server = anyio.create_memory_object_stream(100)
    to_server, from_client = anyio.create_memory_object_stream(100)

    async def read():
        buffer = b""
        async for chunk in proc.stdout:
            buffer += chunk
            *lines, buffer = buffer.split(b"\n")
            for line in lines:
                if line.strip():
                    message = types.jsonrpc_message_adapter.validate_python(json.loads(line), by_name=False)
                    await to_client.send(SessionMessage(message))
        await to_client.aclose()

    async def write():
        async for item in from_client:
            raw = item.message.model_dump(by_alias=True, exclude_unset=True, mode="json")
            await proc.stdin.send((json.dumps(raw) + "\n").encode("ascii"))

    async with proc, anyio.create_task_group() as tg:
        tg.start_soon(read)
        tg.start_soon(write)
        try:
            async with ClientSession(from_server, to_server) as session:
                with anyio.fail_after(60):  # a request never answered fails here instead of hanging
                    await session.initialize()
                    yield Client(session)
        finally:
            await proc.stdin.aclose()
            tg.cancel_scope.cancel()


def test_a_lone_surrogate_in_an_argument_is_answered_with_a_tool_error(mcp_project):
    async def main():
        async with raw_server(mcp_project) as c:
            for tool in ("compress_file", "track_file"):
                message = await c.error(tool, path="n\udce9.py")
                assert "n\ufffd.py" in message and "not valid UTF-8" in message
            assert await c.call("untrack_file", path="n\udce9.py") == {"path": "n\ufffd.py", "untracked": False}
            counted = await c.call("count_tokens", text="caf\udce9")
            assert counted["bytes"] == len("caf\ufffd".encode())
            # the server is still there
            assert (await c.call("compress_file", path="billing.py"))["language"] == "python"

    run(main)


def test_hostile_arguments_cost_only_their_request(mcp_project):
    os.mkfifo(mcp_project / "fifo.py")

    async def main():
        async with raw_server(mcp_project) as c:
            await c.call("track_file", path="billing.py")
            for tool, args, words in [
                ("optimize_context", {"budget": 10**400}, "at most"),
                ("optimize_context", {"budget": 100, "pressure": 1e308, "target": 0.5}, "pressure"),
                ("optimize_context", {"budget": "lots"}, "valid integer"),
                ("track_file", {"path": "billing.py", "importance": 1e300}, "between 0 and 1"),
                ("compress_file", {"path": ["billing.py"]}, "valid string"),
                ("compress_file", {"path": "fifo.py"}, "not a regular file"),
                ("compress_file", {"path": "/etc/passwd"}, "outside the project root"),
                ("compress_file", {"path": "billing.py\u0000"}, "bad path"),
                (
                    "count_tokens",
                    {"text": "x", "encoding": "nope"},
                    "encoding\n  Input should be 'o200k_base' or 'cl100k_base'",
                ),
                ("pack_context", {"mode": "loose"}, "mode\n  Input should be 'fail-closed', 'compact' or 'observe'"),
                ("pack_context", {"format": "yaml"}, "format\n  Input should be 'markdown', 'xml' or 'json'"),
                ("track_file", {"path": "../x.py"}, "Invalid value for 'path'"),
                ("optimize_context", {"budget": 100, "target": 2}, "Invalid value for 'target'"),
            ]:
                message = await c.error(tool, **args)
                assert words in message, (tool, args, message)
            assert (await c.call("context_status"))["files"][0]["path"] == "billing.py"

    run(main)


def test_a_symlinked_state_folder_stops_the_server_with_one_line(mcp_project, tmp_path_factory):
    import subprocess

    home = tmp_path_factory.mktemp("home")
    (mcp_project / ".codepith").symlink_to(home)
    proc = subprocess.run(
        [sys.executable, "-m", "codepith", "mcp", "--root", str(mcp_project)],
        cwd=mcp_project,
        env=server_env(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("codepith: error: ")
    assert "symlink" in proc.stderr and str(mcp_project / ".codepith") in proc.stderr
    assert list(home.iterdir()) == []


def test_a_symlinked_session_log_is_a_tool_error_and_nothing_is_written(mcp_project, tmp_path_factory):
    rc = tmp_path_factory.mktemp("home") / ".bashrc"
    rc.write_text("alias ll='ls -l'\n")
    (mcp_project / ".codepith").mkdir()
    (mcp_project / LOG_NAME).symlink_to(rc)

    async def main():
        async with server(mcp_project) as c:
            for tool, args in (("start_turn", {}), ("track_file", {"path": "billing.py"}), ("context_status", {})):
                message = await c.error(tool, **args)
                assert "symlink" in message and "remove the link" in message
            assert (await c.call("compress_file", path="billing.py"))["language"] == "python"

    run(main)
    assert rc.read_text() == "alias ll='ls -l'\n"


def test_the_session_never_reaches_git(mcp_project):
    import subprocess

    subprocess.run(["git", "init", "-q", str(mcp_project)], check=True)

    async def main():
        async with server(mcp_project) as c:
            await c.call("start_turn")
            await c.call("track_file", path="billing.py")

    run(main)
    assert (mcp_project / LOG_NAME).exists()
    subprocess.run(["git", "-C", str(mcp_project), "add", "-A"], check=True)
    staged = subprocess.run(
        ["git", "-C", str(mcp_project), "diff", "--cached", "--name-only"], check=True, capture_output=True, text=True
    ).stdout.split()
    assert sorted(staged) == sorted(FILES)


# --------------------------------------------------------------------------- one verdict per file

MINIFIED_JS = "var total=function(a){return a.reduce(function(s,x){return s+x},0)};" * 40 + "\n"
GENERATED_GO = "// Code generated by protoc-gen-go. DO NOT EDIT.\n// source: billing.proto\n\n" + GO


def test_compress_file_gives_the_bulk_verdict_for_minified_and_generated_files(mcp_project):
    from codepith.bulk.run import compress_tree

    (mcp_project / "web" / "app.min.js").write_text(MINIFIED_JS)
    (mcp_project / "svc" / "billing.pb.go").write_text(GENERATED_GO)
    (mcp_project / "notes.txt").write_text("plain text\n")
    (mcp_project / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\0" + bytes(range(256)))
    # the content verdicts are compared: *.min.js is not left out by name here
    bulk = {r.path: r for r in compress_tree(mcp_project, cache=False, jobs=1, default_ignores=False)}

    async def main():
        async with server(mcp_project) as c:
            for rel, action in (
                ("web/app.min.js", "skipped:minified"),
                ("svc/billing.pb.go", "skipped:generated"),
                ("notes.txt", "kept-whole"),
                ("data/invoices.json", "kept-whole"),
            ):
                # kept whole: the verdict, and the whole text beside it
                out, text = await c.text("compress_file", path=rel)
                data = (mcp_project / rel).read_bytes()
                assert out == {
                    "path": rel,
                    "language": bulk[rel].language,
                    "level": "signatures",
                    "action": action,
                    "reason": bulk[rel].reason,
                    "bytes": len(data),
                    "tokens": count_tokens(data),
                    "text_block": 1,
                }, out
                assert text == data.decode() and bulk[rel].action == action
            out, texts = await c.reply("compress_file", path="logo.png")  # not text: the reason only
            assert len(texts) == 1 and out["action"] == "skipped:binary" and "text_block" not in out
            # the same Go source without the marker compresses
            assert (await c.call("compress_file", path="svc/billing.go"))["text_block"] == 1

    run(main)


def test_a_root_that_is_not_a_folder_is_a_usage_error_naming_the_flag(tmp_path, capsys):
    from codepith.cli import main

    (tmp_path / "a.py").write_text("x = 1\n")
    for root in (tmp_path / "nowhere", tmp_path / "a.py"):
        assert main(["mcp", "--root", str(root)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("codepith: error: Invalid value for '--root': ") and "not a directory" in err, err


# --------------------------------------------------------------------------- bounded requests

#: one character of each class, for requests made of a single class
CLASSES = {
    "spaces": " ",
    "newlines": "\n",
    "letters": "q",
    "digits": "7",
    "hex": "0123456789abcdef",
    "punctuation": "!",
    "cjk": "\u4e2d",
    "emoji": "\U0001f600",
    "tabs": "\t",
}


def test_a_request_over_its_limits_is_refused_naming_the_limit_and_the_next_is_answered(mcp_project):
    async def main():
        async with raw_server(mcp_project) as c:
            for tool, args, words in [
                (
                    "recall",
                    {"query": "q" * 200_000},
                    "Invalid value for 'query': 200,000 characters; a request may hold at most 20,000: name the task",
                ),
                (
                    "count_tokens",
                    {"text": " " * 3_000_000},
                    "Invalid value for 'text': 3,000,000 characters; a request may hold at most 2,000,000",
                ),
                ("compress_file", {"path": "a" * 5000}, "Invalid value for 'path': 5,000 characters"),
                ("pack_context", {"paths": ["billing.py"] * 10_001}, "Invalid value for 'paths': 10,001 items"),
                ("recall", {"query": "x", "paths": ["a" * 5000]}, "5,000 characters in one item"),
            ]:
                message = await c.error(tool, **args)
                assert words in message, (tool, message[:300])
            assert (await c.call("count_tokens", text="hello world"))["tokens"] == 2

    run(main)


def test_a_ten_megabyte_request_of_any_one_class_is_refused_at_once(mcp_project):
    async def main():
        async with raw_server(mcp_project) as c:
            for name, chars in CLASSES.items():
                text = chars * (10_000_000 // len(chars.encode()))  # 10 MB of UTF-8
                for tool, arg in (("count_tokens", "text"), ("recall", "query")):
                    message = await c.error(tool, **{arg: text})
                    assert f"Invalid value for '{arg}': " in message and "at most" in message, (name, tool)
                    assert "\n" not in message, (name, tool, message[:200])
            assert (await c.call("start_turn"))["turn"] == 1

    run(main)


def test_count_tokens_on_a_million_spaces_answers_exactly(mcp_project):
    from codepith.core.tokens import get_encoding

    single = get_encoding()._core_bpe.encode_single_piece  # tiktoken's merge of one piece, no pattern
    expected = {
        " " * 1_000_000: len(single(b" " * 1_000_000)),
        " " * 1_000_000 + "\U0001e030": len(single(b" " * 999_999))
        + len(get_encoding().encode_ordinary(" \U0001e030")),
    }

    async def main():
        async with raw_server(mcp_project) as c:
            for text, tokens in expected.items():
                assert (await c.call("count_tokens", text=text))["tokens"] == tokens
            assert (await c.call("start_turn"))["turn"] == 1  # the server is still there

    run(main)


def test_a_50_mb_file_is_refused_by_the_size_gate_in_one_line(mcp_project):
    with open(mcp_project / "big.py", "wb") as f:
        for _ in range(50):
            f.write(b" " * (1 << 20))

    async def main():
        async with raw_server(mcp_project) as c:
            message = await c.error("compress_file", path="big.py")
            assert "big.py: skipped:too-large (over 1,000,000 bytes" in message and "\n" not in message
            await c.call("track_file", path="big.py")
            plan = await c.call("optimize_context", budget=1000)
            [decision] = [d for d in plan["decisions"] if d["path"] == "big.py"]
            assert "skipped:too-large" in decision["reason"]

    run(main)
