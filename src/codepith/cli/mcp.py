"""``codepith mcp``: serve codepith's tools to an agent over MCP (stdio)."""

from __future__ import annotations

import os

import click

from . import options


@options.command("mcp")
@click.option(
    "--root",
    type=click.Path(),
    default=None,
    help="Project root: tool paths are relative to it and may not leave it. Default: the working directory.",
)
def mcp_command(root: str | None) -> None:
    """Serve codepith's tools to an agent over MCP on stdin/stdout.

    Tools: compress_file, count_tokens, compress_folder and read_output (a
    folder compressed under a token budget, read in parts), pack_context,
    start_turn, track_file, untrack_file, context_status, optimize_context
    (the pressure engine: which tracked files to keep, compress or evict for
    a token budget), recall and project_index (project memory). Code comes
    back as plain text beside a JSON summary. Session state is kept in
    ROOT/.codepith/session.jsonl, folder outputs in ROOT/.codepith/outputs/.

    \b
    Wire it into an agent, e.g. in .mcp.json:
      {"mcpServers": {"codepith": {"command": "codepith", "args": ["mcp"]}}}
    """
    from ..pressure.mcp import run

    run(root or os.getcwd())
