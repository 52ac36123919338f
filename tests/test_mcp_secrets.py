"""The MCP server's secret check: on by default in every tool that returns a
file's code, set only by whoever starts the server (``codepith mcp
--no-security-check``, ``--allow-secret PATH``), never by the agent; a
skipped file's reason tells the agent who can let it in."""

from __future__ import annotations

import json

from codepith.cli import main
from helpers import GITHUB, run, server

SETTINGS = f'"""Settings."""\nGITHUB_TOKEN = "{GITHUB}"\n\n\ndef token():\n    return GITHUB_TOKEN\n'
OTHER = f'"""More settings."""\nBACKUP_TOKEN = "{GITHUB}"\n'


def _with_secrets(mcp_project):
    (mcp_project / "settings.py").write_text(SETTINGS)
    (mcp_project / "conf").mkdir()
    (mcp_project / "conf" / "other.py").write_text(OTHER)
    return mcp_project


async def _replies(c):
    """(compress_file's summary and texts, compress_folder's summary, pack_context's summary and text)."""
    one = await c.session.call_tool("compress_file", {"path": "settings.py"})
    folder = await c.session.call_tool("compress_folder", {"path": "."})
    packed = await c.session.call_tool(
        "pack_context", {"paths": ["settings.py", "billing.py"], "byte_budget": 1_000_000}
    )
    texts = [b.text for b in one.content[1:]]
    return one.structured_content, texts, folder.structured_content, packed.structured_content, packed.content[-1].text


def test_by_default_no_tool_returns_a_file_holding_a_secret(mcp_project):
    _with_secrets(mcp_project)

    async def main_():
        async with server(mcp_project) as c:
            one, texts, folder, packed, document = await _replies(c)
            assert one["action"] == "skipped:secret" and texts == []
            # the agent is told who can let it in, and that it cannot itself
            assert "codepith mcp --allow-secret PATH" in one["reason"]
            assert "line 2" in one["reason"] and GITHUB not in json.dumps(one)
            left = {i["path"]: i for i in folder["left_out"]}
            assert left["settings.py"]["action"] == "skipped:secret"
            assert left["conf/other.py"]["action"] == "skipped:secret"
            assert "codepith mcp --allow-secret" in left["settings.py"]["reason"]
            items = {i["path"]: i for i in packed["items"]}
            assert items["settings.py"]["action"] == "discard"
            assert items["settings.py"]["reason"].startswith("skipped:secret (GitHub Token on line 2")
            assert "codepith mcp --allow-secret" in items["settings.py"]["reason"]
            assert GITHUB not in document and "import decimal" in document

    run(main_)


def test_allow_secret_lets_that_file_through_every_tool_and_no_other(mcp_project):
    _with_secrets(mcp_project)

    async def main_():
        async with server(mcp_project, "--allow-secret", "settings.py") as c:
            one, texts, folder, packed, document = await _replies(c)
            assert "action" not in one and texts and "def token():" in texts[0]
            left = {i["path"]: i for i in folder["left_out"]}
            assert "settings.py" not in left
            assert left["conf/other.py"]["action"] == "skipped:secret"
            items = {i["path"]: i for i in packed["items"]}
            assert items["settings.py"]["action"] == "inject"
            assert "def token():" in document

    run(main_)


def test_no_security_check_lets_every_file_through(mcp_project):
    _with_secrets(mcp_project)

    async def main_():
        async with server(mcp_project, "--no-security-check") as c:
            one, texts, folder, packed, document = await _replies(c)
            assert texts and "def token():" in texts[0]
            assert not [i for i in folder["left_out"] if i["action"] == "skipped:secret"]
            assert (
                "BACKUP_TOKEN"
                in (await c.session.call_tool("compress_file", {"path": "conf/other.py"})).content[1].text
            )

    run(main_)


def test_an_allowed_path_that_names_no_file_is_a_usage_error(mcp_project, capsys):
    rc = main(["mcp", "--root", str(mcp_project), "--allow-secret", "setings.py"])
    err = capsys.readouterr().err
    assert rc == 2
    assert "--allow-secret" in err and "setings.py: no such file under" in err
    assert "Traceback" not in err
