"""The tools of ``codepith mcp``: each checks its arguments, calls a policy
(compress, tokens, the packer, bulk, the session, project memory) and shapes
its reply for an agent.

Every parameter carries a description, a closed set is an enum (``level``,
``mode``, ``format``, ``encoding``), and every tool declares whether it
changes anything (``readOnlyHint``, ``idempotentHint``, ``destructiveHint``).

Code and documents come back as plain text content, one text block each,
never escaped inside JSON. A reply that holds text is: a first block with the
JSON summary (the same object as the structured content), then one block per
text; the summary names each text's block by its index (``text_block``).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable
from typing import Annotated, Any

from mcp_types import CallToolResult, ContentBlock, TextContent, ToolAnnotations
from pydantic import Field

from ..bulk.outputs import DEFAULT_PART_TOKENS, read_part
from ..bulk.outputs import compress_folder as _compress_folder
from ..core.languages import detect_language
from ..core.literals import Encoding, Level, Mode, PackFormat
from ..core.secrets import SECRET_HINT, SecurityCheck
from ..core.tokens import count_tokens as _count_tokens
from ..core.verdict import Verdict
from ..core.verdict import compress_file as _compress_file
from ..errors import InvalidOption, UnknownEncoding
from ..map import MapOptions
from ..map import repo_map as _repo_map
from ..memory.index import DEFAULT_MAX_TOKENS, build_index
from ..memory.recall import DEFAULT_BUDGET
from ..memory.recall import recall as _recall
from ..memory.usage import UsageLog
from ..packer.packing import pack
from ..pressure.session import Session
from .text import clean

__all__ = ["AGENT_SECRET_HINT", "for_agent", "register", "reply"]


#: how a file with a finding gets in, told to an agent: by the server's options, not a tool's
AGENT_SECRET_HINT = (
    "only the user who starts the server can let it in (codepith mcp --allow-secret PATH) "
    "or turn the check off (codepith mcp --no-security-check)"
)


def for_agent(reason: str | None) -> str | None:
    """A verdict's reason as an agent should read it: the secret check's fix
    names the server's options, which the agent cannot pass itself."""
    return reason.replace(SECRET_HINT, AGENT_SECRET_HINT) if reason else reason


#: the verdicts whose file is never shown: its bytes are not text, hold a secret, or were not read
WITHOUT_TEXT = ("skipped:binary", "skipped:secret", "skipped:too-large")

#: reads only (a cache codepith keeps for speed may be refreshed)
READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)


def writes(*, idempotent: bool) -> ToolAnnotations:
    """A tool that records something in the project's ``.codepith`` folder.
    None is destructive: the session and usage logs are only appended to, and
    compress_folder removes only its own oldest outputs past the newest 16,
    as a cache evicts."""
    return ToolAnnotations(
        read_only_hint=False, destructive_hint=False, idempotent_hint=idempotent, open_world_hint=False
    )


def reply(summary: dict[str, Any], texts: list[str] | tuple[str, ...] = ()) -> CallToolResult:
    """The reply for a summary and the plain texts its ``text_block`` fields name."""
    summary = clean(summary)
    blocks: list[ContentBlock] = [TextContent(type="text", text=json.dumps(summary, ensure_ascii=False))]
    blocks += [TextContent(type="text", text=clean(text)) for text in texts]
    return CallToolResult(content=blocks, structured_content=summary)


Path = Annotated[str, Field(description="A path relative to the project root (the server's --root).")]
LevelArg = Annotated[
    Level,
    Field(
        description="full keeps everything; signatures elides function bodies; "
        "outline also cuts docs to their first line and drops comments."
    ),
]
EncodingArg = Annotated[Encoding, Field(description="The tokenizer whose tokens are counted.")]


def register(tool: Callable, session: Session, security: SecurityCheck | None = None) -> None:
    security = security if security is not None else SecurityCheck()
    _compress_tools(tool, session, security)
    _pack_tools(tool, session, security)
    _session_tools(tool, session)
    _memory_tools(tool, session)
    _map_tools(tool, session)


def _compress_tools(tool: Callable, session: Session, security: SecurityCheck) -> None:
    """compress_file, count_tokens, compress_folder, read_output."""

    @tool(hints=READ_ONLY)
    def compress_file(
        path: Path,
        level: LevelArg = "signatures",
        line_refs: Annotated[bool, Field(description="Name the original line range in each placeholder.")] = False,
    ) -> CallToolResult:
        """Compress a file of the project to its pith: signatures, types,
        imports and docs kept, bodies elided. The text still parses. Reply:
        the JSON summary (sizes before and after), then the compressed code as
        plain text (block text_block).

        A file codepith does not compress gets the verdict a bulk run gives it:
        {path, language, level, action, reason}, with action kept-whole (a
        language codepith does not compress, or a compression that failed),
        skipped:generated or skipped:minified, and then its whole text
        (block text_block); or skipped:binary or skipped:secret, with no
        text (reason says what was found: for a secret, its kind and line,
        never its value)."""
        rel, content = session.read(path)
        language = detect_language(rel)
        result = _compress_file(
            content,
            language,
            level=level,
            line_refs=line_refs,
            path=rel,
            security_check=security.applies(os.path.join(session.root, rel)),
        )
        if isinstance(result, Verdict):
            summary = {
                "path": rel,
                "language": language,
                "level": level,
                "action": result.action,
                "reason": for_agent(result.reason),
            }
            if result.action in WITHOUT_TEXT:
                return reply(summary)
            return reply(
                {**summary, "bytes": len(content), "tokens": _count_tokens(content), "text_block": 1},
                [content.decode("utf-8", "replace")],
            )
        return reply(
            {
                "path": rel,
                "language": result.language,
                "level": level,
                "bytes_before": result.original_bytes,
                "bytes_after": result.compressed_bytes,
                "tokens_before": _count_tokens(content),
                "tokens_after": _count_tokens(result.data),
                "valid": result.valid,
                "text_block": 1,
            },
            [result.text],
        )

    @tool(hints=READ_ONLY)
    def count_tokens(
        text: Annotated[str, Field(description="The text to count.")],
        encoding: EncodingArg = "o200k_base",
    ) -> dict[str, Any]:
        """Exact token count of a text, and its UTF-8 bytes."""
        try:
            tokens = _count_tokens(text, encoding=encoding)
        except UnknownEncoding as exc:
            raise InvalidOption("encoding", str(exc)) from None
        return {"tokens": tokens, "bytes": len(text.encode("utf-8", "surrogatepass")), "encoding": encoding}

    @tool(hints=writes(idempotent=True))
    def compress_folder(
        path: Annotated[
            str, Field(description="A folder relative to the project root; . for the whole project.")
        ] = ".",
        level: LevelArg = "signatures",
        token_budget: Annotated[
            int | None,
            Field(
                description="At most this many tokens of files in the output: files are taken in path order while "
                "they fit; the others are listed in left_out as omitted:budget. None: no limit."
            ),
        ] = None,
        part_tokens: Annotated[
            int,
            Field(
                description="Cut the output into parts of about this many tokens (at least 500); a file is never "
                "split, so a larger file is a part of its own."
            ),
        ] = DEFAULT_PART_TOKENS,
        encoding: EncodingArg = "o200k_base",
    ) -> dict[str, Any]:
        """Compress every file of a folder (the verdict `codepith compress`
        gives each: compressed, kept whole, skipped with a reason; ignored by
        .gitignore) and store the document in numbered parts. Returns the
        summary only: the output's id, each part's tokens and files, the
        totals, and every file left out with its action and reason. Read a
        part with read_output(id, part), or the stored file at
        .codepith/outputs/<id>.json (keys summary, parts). The 16 newest
        outputs are kept."""
        _, rel = session.resolve(path)
        summary = _compress_folder(
            session.root,
            rel,
            level=level,
            token_budget=token_budget,
            part_tokens=part_tokens,
            encoding=encoding,
            security_check=security.security_check,
            allow_secrets=security.allow_secrets,
        ).to_dict()
        for item in summary["left_out"]:
            item["reason"] = for_agent(item["reason"])
        return summary

    @tool(hints=READ_ONLY)
    def read_output(
        id: Annotated[str, Field(description="The id compress_folder returned.")],
        part: Annotated[int, Field(description="The part to read, from 1.")] = 1,
    ) -> CallToolResult:
        """One part of an output compress_folder stored: its text (plain, in
        block text_block), with the part's number, tokens and files."""
        text, summary = read_part(session.root, id, part)
        about = summary["parts"][part - 1]
        return reply(
            {
                "id": id,
                "part": part,
                "parts": len(summary["parts"]),
                "tokens": about["tokens"],
                "files": about["files"],
                "text_block": 1,
            },
            [text],
        )


def _pack_tools(tool: Callable, session: Session, security: SecurityCheck) -> None:
    """The packer's tool: pack_context (no audit line is written)."""

    @tool(hints=READ_ONLY, renames={"pr_paths": "paths", "fmt": "format"})
    def pack_context(
        required: Annotated[
            list[str] | None,
            Field(description="Files that must be in the document (paths relative to the project root)."),
        ] = None,
        paths: Annotated[
            list[str] | None,
            Field(description="Further files to pack, after the required ones, while the budgets allow."),
        ] = None,
        mode: Annotated[
            Mode,
            Field(
                description="compact compresses (then drops) what does not fit; fail-closed stops instead; "
                "observe packs everything and reports what the budgets would have done."
            ),
        ] = "compact",
        byte_budget: Annotated[int | None, Field(description="At most this many UTF-8 bytes; None: no limit.")] = 32768,
        token_budget: Annotated[int | None, Field(description="At most this many tokens; None: no limit.")] = None,
        deps: Annotated[bool, Field(description="Also pack the files the packed ones import, as signatures.")] = False,
        format: Annotated[PackFormat, Field(description="The document's format.")] = "markdown",
        diff: Annotated[
            str | None,
            Field(
                description="A git revision: its diff with the working tree enters before the paths, "
                "and the files it changes are packed as paths; compact mode drops whole hunks first."
            ),
        ] = None,
        pr_description: Annotated[
            str | None, Field(description="The PR's description (its text), packed before the diff.")
        ] = None,
    ) -> CallToolResult:
        """Pack files into one document under byte and token budgets: the
        required files first, then the others; a file holding a secret never
        enters (reason skipped:secret). Reply: the JSON summary (what
        happened to each file, sizes, status), then the document as plain
        text (block text_block)."""
        result = pack(
            session.root,
            required=required or [],
            pr_paths=paths or [],
            mode=mode,
            byte_budget=byte_budget,
            token_budget=token_budget,
            deps=deps,
            fmt=format,
            diff=diff,
            pr_description=pr_description,
            write_audit=False,
            security_check=security.security_check,
            allow_secrets=security.allow_secrets,
        )
        items = [
            {
                "path": i.path,
                "role": i.role,
                "action": i.action,
                "reason": for_agent(i.reason),
                "level": i.compressed_level,
                **(
                    {"dropped_hunks": [{**h, "reason": for_agent(h["reason"])} for h in i.dropped_hunks]}
                    if i.dropped_hunks
                    else {}
                ),
            }
            for i in result.items
        ]
        return reply(
            {
                "bytes_used": result.bytes_used,
                "tokens_used": result.tokens_used,
                "status": result.status,
                "items": items,
                "text_block": 1,
            },
            [result.output],
        )


def _session_tools(tool: Callable, session: Session) -> None:
    """The tools over the session: start_turn, track_file, untrack_file,
    context_status and optimize_context (the pressure engine)."""

    @tool(hints=writes(idempotent=False))
    def start_turn() -> dict[str, Any]:
        """Start the next turn of the session; returns its number."""
        return {"turn": session.start_turn()}

    @tool(hints=writes(idempotent=True))
    def track_file(
        path: Path,
        edited: Annotated[bool, Field(description="True when you changed the file this turn.")] = False,
        pinned: Annotated[
            bool | None,
            Field(description="True: never compressed or evicted; False: no longer pinned; None: unchanged."),
        ] = None,
        importance: Annotated[
            float | None,
            Field(description="0 to 1: a higher importance makes the file go stale more slowly; None: unchanged."),
        ] = None,
    ) -> dict[str, Any]:
        """Record that you read (or, with edited=true, changed) a file this
        turn: it is in your context, whole."""
        f = session.track(path, edited=edited, pinned=pinned, importance=importance)
        return {
            "path": f.path,
            "turn": f.last_read,
            "edited": edited,
            "pinned": f.pinned,
            "tracked": len(session.state().files),
        }

    @tool(hints=writes(idempotent=True))
    def untrack_file(path: Path) -> dict[str, Any]:
        """Record that a file left your context."""
        return {"path": path, "untracked": session.untrack(path)}

    @tool(hints=READ_ONLY)
    def context_status() -> dict[str, Any]:
        """The session: current turn and the tracked files with their level and last use."""
        state = session.state()
        return {
            "turn": state.turn,
            "files": [
                {
                    "path": f.path,
                    "level": f.level,
                    "last_read": f.last_read,
                    "last_edited": f.last_edited,
                    "pinned": f.pinned,
                }
                for f in sorted(state.files.values(), key=lambda f: f.path)
            ],
        }

    @tool(hints=writes(idempotent=True), renames={"limit": "budget"})
    def optimize_context(
        budget: Annotated[int, Field(description="Your context limit, in tokens.")],
        pressure: Annotated[
            float | None,
            Field(description="Act when used >= pressure x budget (0 to 1); None: the project's setting, default 0.8."),
        ] = None,
        target: Annotated[
            float | None,
            Field(
                description="Compress and evict until used <= target x budget (0 to 1); None: the project's "
                "setting, default 0.7."
            ),
        ] = None,
        include_text: Annotated[
            bool, Field(description="Return the compressed text of every file to compress.")
        ] = False,
        text_paths: Annotated[
            list[str] | None,
            Field(
                description="Return the compressed text of these files only (when include_text is false); a path "
                "the plan does not compress is listed in no_text with the reason."
            ),
        ] = None,
    ) -> CallToolResult:
        """Plan the context for a token budget. Under pressure stale files
        are compressed to signatures, then outline, then evicted, until the
        target is met; then what the target did not need is given back (no
        file is cut further than the target needs). Returns every file's decision (keep, compress to a
        level, evict) with its tokens before and after, and records it:
        compressed files stay tracked as compressed, evicted ones leave. The
        compressed texts come only on request (include_text, text_paths),
        each as a plain text block named by its decision's text_block;
        compress_file(path, level) gives the same text later."""
        plan = session.optimize(budget, pressure=pressure, target=target).to_dict()
        wanted = list(dict.fromkeys(text_paths or ()))
        texts, actions = [], {}
        for d in plan["decisions"]:
            actions[d["path"]] = d["action"]
            text = d.pop("text", None)
            if text is not None and (include_text or d["path"] in wanted):
                texts.append(text)
                d["text_block"] = len(texts)
        if not include_text:
            plan["no_text"] = [
                {
                    "path": p,
                    "reason": f"the plan's action for it is {actions[p]}, not compress"
                    if p in actions
                    else "not tracked",
                }
                for p in wanted
                if actions.get(p) != "compress"
            ]
        return reply(plan, texts)


def _memory_tools(tool: Callable, session: Session) -> None:
    """Project memory: recall and project_index."""

    @tool(hints=writes(idempotent=False))
    def recall(
        query: Annotated[str, Field(description="What you are about to work on, in words, paths or names.")],
        paths: Annotated[
            list[str] | None,
            Field(
                description="Files you are working on (relative to the project root): what is near them ranks higher."
            ),
        ] = None,
        budget: Annotated[int, Field(description="At most this many tokens of recalled text.")] = DEFAULT_BUDGET,
        encoding: EncodingArg = "o200k_base",
    ) -> CallToolResult:
        """The project's symbols and rule sections most relevant to a query,
        in at most budget tokens: the summary (items, tokens, warnings), then
        the text (block text_block; absent when nothing matched). A line
        goes to the project's usage log (the query as a salted hash)."""
        found = _recall(
            session.root, query, paths=list(paths or ()), budget=budget, encoding=encoding, log=UsageLog(source="mcp")
        )
        summary: dict[str, Any] = {
            "tokens": found.tokens,
            "budget": found.budget,
            "encoding": found.encoding,
            "items": found.items,
            "paths": found.paths,
            "warnings": found.warnings,
        }
        if found.text:
            summary["text_block"] = 1
        return reply(summary, [found.text] if found.text else [])

    @tool(hints=READ_ONLY)
    def project_index(
        max_tokens: Annotated[int, Field(description="At most this many tokens.")] = DEFAULT_MAX_TOKENS,
        encoding: EncodingArg = "o200k_base",
    ) -> CallToolResult:
        """A map of the project: its modules and their main definitions, in
        at most max_tokens tokens (plain text, block text_block)."""
        warnings: list[str] = []
        text = build_index(session.root, max_tokens=max_tokens, encoding=encoding, warnings=warnings)
        return reply(
            {
                "tokens": _count_tokens(text, encoding=encoding),
                "max_tokens": max_tokens,
                "encoding": encoding,
                "warnings": warnings,
                "text_block": 1,
            },
            [text],
        )


def _map_tools(tool: Callable, session: Session) -> None:
    """repo_map."""

    @tool(hints=READ_ONLY)
    def repo_map(
        tokens: Annotated[int, Field(description="The budget of the whole map, in exact tokens: never exceeded.")],
        focus: Annotated[
            list[str], Field(description="Files the task is about: always shown, at the richest level that fits.")
        ] = [],  # noqa: B006 - the schema's default; never mutated
        mentions: Annotated[list[str], Field(description="Identifiers the task names: their files rank higher.")] = [],  # noqa: B006
        encoding: EncodingArg = "o200k_base",
    ) -> CallToolResult:
        """The whole project ranked (personalised PageRank over the references
        between files, from the focus files and mentioned identifiers), each
        file at the richest level that fits: full, signatures, outline, its
        names only, or left out. Reply: the JSON decisions (files with level
        and rank, tokens used, what was left out counted by reason and its
        first 100 entries by rank: `codepith map --format json` lists them
        all), then the map as Markdown (block text_block)."""
        found = _repo_map(
            session.root, MapOptions(tokens=tokens, focus=tuple(focus), mentions=tuple(mentions), encoding=encoding)
        )
        summary = found.to_json()
        text = summary.pop("text")
        # every file left out is counted by reason; the list itself stops at the first 100 (by rank)
        left = summary["left_out"]
        summary["left_out_by_reason"] = dict(Counter(x["reason"] for x in left))
        summary["left_out_total"] = len(left)
        summary["left_out"] = left[:100]
        summary["text_block"] = 1
        return reply(summary, [text])
