"""``codepith serve``: codepith over JSON Lines on standard input and output."""

from __future__ import annotations

import os

import click

from ..bulk.results import DEFAULT_TIMEOUT
from . import options
from .options import command


def _claim_stdio() -> tuple[int, int]:
    """(wire in, wire out): private copies of standard input and output. File
    descriptor 0 then reads the null device and 1 writes to standard error,
    so no library call or child process can read a byte of the protocol or
    write a stray line into it."""
    wire_in, wire_out = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDONLY)
    try:
        os.dup2(null, 0)
    finally:
        os.close(null)
    os.dup2(2, 1)
    return wire_in, wire_out


@command(name="serve")
@click.option(
    "--root",
    type=click.Path(file_okay=False),
    default=".",
    show_default=True,
    help="Project root: request paths are relative to it, and nothing outside it is read.",
)
@options.jobs()
@click.option(
    "--max-line-bytes",
    type=int,
    default=64 << 20,
    show_default=True,
    metavar="N",
    help="The longest request line; a longer one is skipped (read in bounded memory) and answered line-too-long.",
)
@click.option(
    "--timeout",
    type=float,
    default=DEFAULT_TIMEOUT,
    show_default=True,
    help="Seconds one file may take (0: no limit). A file past it is kept whole, as in bulk runs; a worker "
    "still busy a second later is stopped, and the request is answered with the error timeout.",
)
@options.max_file_bytes()
def serve_command(root: str, jobs: int | None, max_line_bytes: int, timeout: float, max_file_bytes: int) -> int:
    """Serve codepith over JSON Lines on standard input and output.

    \b
    One request a line, one response a line, each with the request's id:
      {"id": 1, "op": "compress", "path": "src/a.py", "text": "def f():\\n    return 1\\n"}
      {"id": 1, "path": "src/a.py", "action": "compressed", "text": "def f(): ...\\n", ...}
    Ops: hello, compress, count, compress_tree, map, pack, shutdown.
    Requests run at once over --jobs worker processes: answers may come out
    of order. A malformed line gets {"id": ..., "error": {"code", "message"}}
    and the server goes on. Standard output carries responses only; notes go
    to standard error. shutdown, or the end of input, finishes the work in
    flight and exits 0.

    \b
    The protocol (version 1), every op's fields, the error codes and a JSON
    Schema: docs/serve.md and docs/serve-schema.json.
    """
    from ..serve import ServeOptions, serve

    run = ServeOptions(
        root=root, jobs=jobs, max_line_bytes=max_line_bytes, timeout=timeout, max_file_bytes=max_file_bytes
    )
    wire_in, wire_out = _claim_stdio()
    return serve(run, stdin=wire_in, stdout=wire_out)
