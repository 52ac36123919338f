"""``codepith mcp``: codepith's tools for agents, over MCP (stdio).

A thin face: each tool checks its arguments, calls the library (compress,
tokens, the packer, the session and its pressure engine) and returns its
result as JSON. Paths are relative to the project root (the working
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
import re
from typing import Any, Callable

from .._version import __version__
from ..core.compress import LEVELS
from ..core.languages import detect_language
from ..core.statefiles import check_state_dir
from ..core.tokens import count_tokens as _count_tokens
from ..core.verdict import Verdict, compress_file as _compress_file
from ..errors import CodepithError, InvalidOption, UnknownEncoding
from ..packer.packing import PackFailed, pack
from .session import Session

__all__ = ["build_server", "run"]

INSTRUCTIONS = """\
codepith compresses source code to its signatures and manages context pressure.
Call start_turn() at the start of each turn and track_file(path) for each file
you read (edited=true for files you changed). When the context fills up, call
optimize_context(budget) with your token limit: it returns, file by file, which
to keep, which to replace by the compressed text it gives, and which to drop.
"""


def build_server(root: str | os.PathLike):
    """The MCP server for the project at ``root`` (not started)."""
    try:
        from mcp.server.mcpserver import MCPServer
        from mcp.server.mcpserver.exceptions import ToolError
    except ImportError:
        raise CodepithError('the MCP server needs the official MCP SDK: pip install "codepith[mcp]"') from None

    session = Session(root)
    server = MCPServer("codepith", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING")
    tool = _registrar(server, ToolError)
    _compress_tools(tool, session)
    _pack_tools(tool, session)
    _session_tools(tool, session)
    return server


def _registrar(server, tool_error: type[Exception]) -> Callable:
    """The ``@tool`` decorator of ``server``: registers a function as a tool
    whose result is cleaned (see :func:`clean`) and whose errors a caller can
    fix come back as tool errors. ``renames`` maps a library parameter to the
    tool's own where their names differ (``{"limit": "budget"}``)."""

    def tool(fn: Callable | None = None, *, renames: dict[str, str] | None = None) -> Callable:
        if fn is None:
            return functools.partial(tool, renames=renames)
        parameters = set(inspect.signature(fn).parameters)

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            try:
                return clean(fn(*args, **kwargs))
            except (CodepithError, OSError) as exc:
                raise tool_error(clean(error_text(exc, parameters, renames or {}))) from None

        return server.tool()(wrapper)

    return tool


def error_text(exc: CodepithError | OSError, parameters: set[str], renames: dict[str, str]) -> str:
    """What a tool error says: a bad argument names the tool's parameter
    (``Invalid value for 'budget': …``), a file error the file."""
    if isinstance(exc, InvalidOption):
        name = renames.get(exc.parameter, exc.parameter)
        return f"Invalid value for {name!r}: {exc.problem}" if name in parameters else str(exc)
    if isinstance(exc, PackFailed):
        return f"{exc} (the pack stopped: {exc.result.failure})"
    if isinstance(exc, CodepithError):
        return str(exc)
    where = f"{exc.filename}: " if exc.filename else ""
    return f"{where}{exc.strerror or exc}"


def _checked_level(level: str) -> str:
    if level not in LEVELS:
        raise InvalidOption("level", f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    return level


def _compress_tools(tool: Callable, session: Session) -> None:
    """The tools over one file or text: compress_file, count_tokens."""

    @tool
    def compress_file(path: str, level: str = "signatures", line_refs: bool = False) -> dict[str, Any]:
        """Compress a file of the project to its pith: signatures, types,
        imports and docs kept, bodies elided. Levels: full, signatures, outline.
        The text returned still parses.

        A file codepith does not compress gets the verdict a bulk run gives it
        instead of a text: {path, language, level, action, reason}, with
        action skipped:binary, skipped:generated, skipped:minified or
        skipped:secret (reason says what was found: for a secret, its kind
        and line, never its value), or kept-whole (a language codepith does not
        compress, or a compression that failed; reason says why)."""
        rel, content = session.read(path)
        language = detect_language(rel)
        result = _compress_file(content, language, level=_checked_level(level), line_refs=line_refs, path=rel)
        if isinstance(result, Verdict):
            return {"path": rel, "language": language, "level": level, "action": result.action,
                    "reason": result.reason}
        return {
            "path": rel,
            "language": result.language,
            "level": level,
            "text": result.text,
            "bytes_before": result.original_bytes,
            "bytes_after": result.compressed_bytes,
            "tokens_before": _count_tokens(content),
            "tokens_after": _count_tokens(result.data),
            "valid": result.valid,
        }

    @tool
    def count_tokens(text: str, encoding: str = "o200k_base") -> dict[str, Any]:
        """Exact token count of a text (o200k_base or cl100k_base), and its UTF-8 bytes."""
        try:
            tokens = _count_tokens(text, encoding=encoding)
        except UnknownEncoding as exc:
            raise InvalidOption("encoding", str(exc)) from None
        return {"tokens": tokens, "bytes": len(text.encode("utf-8", "surrogatepass")), "encoding": encoding}


def _pack_tools(tool: Callable, session: Session) -> None:
    """The packer's tool: pack_context."""

    @tool(renames={"pr_paths": "paths", "fmt": "format"})
    def pack_context(
        required: list[str] | None = None,
        paths: list[str] | None = None,
        mode: str = "compact",
        byte_budget: int | None = 32768,
        token_budget: int | None = None,
        deps: bool = False,
        format: str = "markdown",
    ) -> dict[str, Any]:
        """Pack files into one document under byte and token budgets: the
        required files first, then the others. mode compact compresses (then
        drops) what does not fit; fail-closed stops instead. A file holding
        a secret never enters (reason skipped:secret). Returns the
        document and what happened to each file."""
        result = pack(
            session.root,
            required=required or [],
            pr_paths=paths or [],
            mode=mode,
            byte_budget=byte_budget,
            token_budget=token_budget,
            deps=deps,
            fmt=format,
            write_audit=False,
        )
        return {
            "output": result.output,
            "bytes_used": result.bytes_used,
            "tokens_used": result.tokens_used,
            "status": result.status,
            "items": [
                {"path": i.path, "role": i.role, "action": i.action, "reason": i.reason, "level": i.compressed_level}
                for i in result.items
            ],
        }


def _session_tools(tool: Callable, session: Session) -> None:
    """The tools over the session: start_turn, track_file, untrack_file,
    context_status and optimize_context (the pressure engine)."""

    @tool
    def start_turn() -> dict[str, Any]:
        """Start the next turn of the session; returns its number."""
        return {"turn": session.start_turn()}

    @tool
    def track_file(path: str, edited: bool = False, pinned: bool | None = None,
                   importance: float | None = None) -> dict[str, Any]:
        """Record that you read (or, with edited=true, changed) a file this
        turn: it is in your context, whole. pinned files are never compressed
        or evicted; importance (0..1) makes a file go stale more slowly."""
        f = session.track(path, edited=edited, pinned=pinned, importance=importance)
        return {"path": f.path, "turn": f.last_read, "edited": edited, "pinned": f.pinned,
                "tracked": len(session.state().files)}

    @tool
    def untrack_file(path: str) -> dict[str, Any]:
        """Record that a file left your context."""
        return {"path": path, "untracked": session.untrack(path)}

    @tool
    def context_status() -> dict[str, Any]:
        """The session: current turn and the tracked files with their level and last use."""
        state = session.state()
        return {
            "turn": state.turn,
            "files": [
                {"path": f.path, "level": f.level, "last_read": f.last_read, "last_edited": f.last_edited,
                 "pinned": f.pinned}
                for f in sorted(state.files.values(), key=lambda f: f.path)
            ],
        }

    @tool(renames={"limit": "budget"})
    def optimize_context(budget: int, pressure: float | None = None, target: float | None = None) -> dict[str, Any]:
        """Plan the context for a token budget (your limit). Under pressure
        (used >= pressure x budget, default 0.8) stale files are compressed to
        signatures, then outline, then evicted, until usage is at most
        target x budget (default 0.7). Returns every file's decision (keep,
        compress with the compressed text to use instead, evict) and records
        it: compressed files stay tracked as compressed, evicted ones leave."""
        return session.optimize(budget, pressure=pressure, target=target).to_dict()


_SURROGATE = re.compile("[\ud800-\udfff]")


def clean(value: Any) -> Any:
    """``value`` with every lone surrogate in its strings (keys included)
    replaced by U+FFFD, so it can be written as UTF-8."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value) if _SURROGATE.search(value) else value
    if isinstance(value, dict):
        return {clean(k): clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean(v) for v in value]
    return value


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
    async with stdio_server(stdin=stdin) as (read, write):
        await lowlevel.run(read, write, lowlevel.create_initialization_options())


def run(root: str | os.PathLike) -> None:
    """Serve the project at ``root`` on standard input and output until closed.

    Raises :class:`~codepith.errors.InvalidOption` (``root``) when ``root`` is
    not a folder, and :class:`~codepith.safeio.UnsafeStatePath` when its
    ``.codepith`` is a symlink or not a folder (the session could not be
    kept), before anything is served.
    """
    server = build_server(root)
    check_state_dir(root)
    if not hasattr(server, "_lowlevel_server"):  # pragma: no cover - an SDK that changed: its own reader
        server.run("stdio")
        return
    import anyio

    anyio.run(_serve_stdio, server)
