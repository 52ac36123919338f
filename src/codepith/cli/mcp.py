"""``codepith mcp``: serve codepith's tools to an agent over MCP (stdio)."""

from __future__ import annotations

import os

import click

from . import options


@options.command("mcp", renames={"allow_secrets": "allow_secret"})
@click.option(
    "--root",
    type=click.Path(),
    default=None,
    help="Project root: tool paths are relative to it and may not leave it. Default: the working directory.",
)
@options.no_security_check(
    help="Do not scan files for secrets: by default compress_file, compress_folder and "
    "pack_context leave out a file holding an API key, token, private key or password "
    "(skipped:secret). The agent cannot turn the check off; only this flag can."
)
@options.allow_secret(help="Let this file (relative to ROOT) through the secret check (repeatable).")
def mcp_command(root: str | None, no_security_check: bool, allow_secret: tuple[str, ...]) -> None:
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
    from ..mcp.server import run

    run(root or os.getcwd(), security_check=not no_security_check, allow_secrets=allow_secret)
