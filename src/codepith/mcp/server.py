"""``codepith mcp``: codepith's tools for agents, over MCP (stdio).

A thin face: each tool (:mod:`codepith.mcp.tools`) checks its
arguments, calls the library (compress, tokens, the packer, bulk, the session
and its pressure engine, project memory) and returns a JSON summary, with any
code or document beside it as plain text content. Paths are relative to the project root (the working
directory, or ``--root``); a path outside it is refused. Errors a caller can
fix come back as tool errors naming the problem; a bad argument names the
tool's parameter (``Invalid value for 'budget': …``). ``compress_file`` gives
the verdict every face gives a file (:mod:`codepith.core.verdict`): a binary,
generated or minified file is not compressed, and the tool says so and why.

The session (turns, tracked files, plans) lives in the project's
``.codepith/session.jsonl``, so state survives a restart and two servers on
the same project share it.

Every request is answered. A JSON string may hold a lone surrogate escape
(``"n\\udce9.py"``: how a client sends a file name that is not UTF-8); the
SDK's reader would drop such a line and leave the client waiting forever, so
codepith reads standard input itself and replaces each lone surrogate by
U+FFFD, as the reader already does for bytes that are not UTF-8. Results and
errors never carry a lone surrogate either (it could not be written).
"""

from __future__ import annotations

import functools
import inspect
import io
import json
import os
from collections.abc import Callable, Sequence
from typing import Any

from .._version import __version__
from ..core.secrets import SecurityCheck, allowed_paths
from ..errors import FATAL, CodepithError, InvalidOption
from ..fs.statefiles import check_state_dir
from ..memory.recall import MAX_QUERY_CHARS
from ..packer.packing import PackFailed
from ..pressure.session import Session
from .text import clean

__all__ = ["build_server", "run"]

INSTRUCTIONS = """\
codepith compresses source code to its signatures and manages context pressure.
Call start_turn() at the start of each turn and track_file(path) for each file
you read (edited=true for files you changed). When the context fills up, call
optimize_context(budget) with your token limit: it returns, file by file, which
to keep, which to replace by the compressed text it gives, and which to drop.
"""


def build_server(
    root: str | os.PathLike, *, security_check: bool = True, allow_secrets: Sequence[str | os.PathLike[str]] = ()
):
    """The MCP server for the project at ``root`` (not started). Its tools
    leave out a file holding a secret (``skipped:secret``) unless
    ``security_check`` is off or the file is one of ``allow_secrets`` (paths
    relative to ``root``, or absolute)."""
    try:
        from mcp.server.mcpserver import MCPServer
        from mcp.server.mcpserver.exceptions import ToolError
    except ImportError:
        raise CodepithError('the MCP server needs the official MCP SDK: pip install "codepith[mcp]"') from None

    from .tools import register

    session = Session(root)
    allowed = [os.path.join(session.root, os.fspath(p)) for p in allow_secrets]
    for given, path in zip(allow_secrets, allowed, strict=False):
        if not os.path.isfile(path):
            raise InvalidOption(
                "allow_secrets",
                f"{os.fspath(given)}: no such file under {session.root}; name a file relative to the project root",
            )
    security = SecurityCheck(security_check, allowed_paths(allowed))
    server = MCPServer("codepith", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING")
    register(_registrar(server, ToolError), session, security)
    return server


def _registrar(server, tool_error: type[Exception]) -> Callable:
    """The ``@tool`` decorator of ``server``: registers a function as a tool
    with its ``hints`` (the tool annotations), whose result is cleaned (see
    :func:`clean`; a reply built by :func:`~codepith.mcp.tools.reply`
    already is) and whose errors a caller can fix come back as tool errors.
    ``renames`` maps a library parameter to the tool's own where their names
    differ (``{"limit": "budget"}``)."""

    def tool(fn: Callable | None = None, *, hints, renames: dict[str, str] | None = None) -> Callable:
        if fn is None:
            return functools.partial(tool, hints=hints, renames=renames)
        parameters = set(inspect.signature(fn).parameters)

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            try:
                check_limits(kwargs)
                result = fn(*args, **kwargs)
            except (CodepithError, OSError) as exc:
                raise tool_error(clean(error_text(exc, parameters, renames or {}))) from None
            except BaseException as exc:  # a dependency's panic (not an Exception) costs only this request
                if isinstance(exc, (Exception, *FATAL)):
                    raise
                raise tool_error(
                    clean(
                        f"the request failed in a library codepith uses ({type(exc).__name__}: "
                        f"{exc}); the server goes on"
                    )
                ) from None
            return result if hasattr(result, "structured_content") else clean(result)

        return server.tool(annotations=hints)(wrapper)

    return tool


#: the most one request's arguments may hold, so that every request ends in a few seconds: a longer
#: string or list is refused with a tool error naming the limit (``text``: count_tokens' text;
#: ``query``: recall's, the most recall reads of a query; any other string is a path, an id or a name)
LIMITS: dict[str, tuple[int, str]] = {
    "text": (2_000_000, "count a file with compress_file, or the text in parts"),
    "query": (MAX_QUERY_CHARS, "name the task, its files and its identifiers in fewer words"),
}
MAX_STRING = (4096, "a path or name is at most 4096 characters")
MAX_ITEMS = (10_000, "name fewer paths (a folder's files come in through compress_folder)")


def check_limits(arguments: dict[str, Any]) -> None:
    """Raise :class:`InvalidOption` for an argument longer than its limit (:data:`LIMITS`)."""
    for name, value in arguments.items():
        if isinstance(value, str):
            _check_length(name, value, *LIMITS.get(name, MAX_STRING), "characters")
        elif isinstance(value, (list, tuple)):
            _check_length(name, value, *MAX_ITEMS, "items")
            for item in value:
                if isinstance(item, str):
                    _check_length(name, item, *MAX_STRING, "characters in one item")


def _check_length(name: str, value, limit: int, fix: str, unit: str) -> None:
    if len(value) > limit:
        raise InvalidOption(name, f"{len(value):,} {unit}; a request may hold at most {limit:,}: {fix}")


def error_text(exc: CodepithError | OSError, parameters: set[str], renames: dict[str, str]) -> str:
    """What a tool error says: a bad argument names the tool's parameter
    (``Invalid value for 'budget': …``), a file error the file."""
    if isinstance(exc, InvalidOption):
        name = renames.get(exc.parameter, exc.parameter)
        return f"Invalid value for {name!r}: {exc.problem}" if name in parameters else str(exc)
    if isinstance(exc, PackFailed):
        return "the pack stopped: " + exc.told(lambda param, value: f'the {param} parameter set to "{value}"')
    if isinstance(exc, CodepithError):
        return str(exc)
    where = f"{exc.filename}: " if exc.filename else ""
    return f"{where}{exc.strerror or exc}"


def repair_line(line: str) -> str:
    """A JSON-RPC line with every lone surrogate escape in its strings replaced
    by U+FFFD (other lines as they are: the SDK reports what it cannot read)."""
    if "\\u" not in line:
        return line
    try:
        message = json.loads(line)
    except ValueError:
        return line
    fixed = clean(message)
    if fixed == message:
        return line
    return json.dumps(fixed, ensure_ascii=False) + "\n"


class _RepairedLines:
    """Standard input as the SDK's stdio transport reads it, line by line, repaired."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def __aiter__(self):
        return self

    async def __anext__(self) -> str:
        line = await self._stream.readline()
        if not line:
            raise StopAsyncIteration
        return repair_line(line)


def _claim_stdin():
    """The wire (a private copy of fd 0); fd 0 itself now reads the null device,
    so no child process can read a byte of the protocol."""
    wire = os.dup(0)
    null = os.open(os.devnull, os.O_RDONLY)
    try:
        os.dup2(null, 0)
    finally:
        os.close(null)
    return io.TextIOWrapper(os.fdopen(wire, "rb"), encoding="utf-8", errors="replace")


async def _serve_stdio(server) -> None:
    import anyio
    from mcp.server.stdio import stdio_server

    lowlevel = server._lowlevel_server  # run the SDK's own server over repaired standard input
    stdin = _RepairedLines(anyio.wrap_file(_claim_stdin()))
    # the SDK types stdin as anyio.AsyncFile[str] but only iterates it (async for): lines are enough
    async with stdio_server(stdin=stdin) as (read, write):  # type: ignore[arg-type]
        await lowlevel.run(read, write, lowlevel.create_initialization_options())


def run(
    root: str | os.PathLike, *, security_check: bool = True, allow_secrets: Sequence[str | os.PathLike[str]] = ()
) -> None:
    """Serve the project at ``root`` on standard input and output until closed
    (``security_check`` and ``allow_secrets`` as for :func:`build_server`).

    Raises :class:`~codepith.errors.InvalidOption` (``root``) when ``root`` is
    not a folder, and :class:`~codepith.safeio.UnsafeStatePath` when its
    ``.codepith`` is a symlink or not a folder (the session could not be
    kept), before anything is served.
    """
    server = build_server(root, security_check=security_check, allow_secrets=allow_secrets)
    check_state_dir(root)
    if not hasattr(server, "_lowlevel_server"):  # pragma: no cover - an SDK that changed: its own reader
        server.run("stdio")
        return
    import anyio

    anyio.run(_serve_stdio, server)
