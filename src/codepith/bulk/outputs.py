"""A folder compressed under an optional token budget, kept in numbered parts.

:func:`compress_folder` runs the bulk compression over one folder of a
project (the same verdict per file as ``codepith compress``), keeps the files
in path order while they fit ``token_budget`` (a file that does not fit is
left out with the action ``omitted:budget``; a smaller one after it may still
fit), and cuts the document into parts of at most ``part_tokens`` tokens
without ever splitting a file (a file larger than a part is a part of its own).

The parts are stored as ``ROOT/.codepith/outputs/<id>.json`` (``id`` is a hash
of the document, so the same folder in the same state gives the same id) and
read back one at a time with :func:`read_part`. Only the :data:`KEEP` newest
outputs are kept: writing one removes the oldest beyond that.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field

from ..core.literals import Encoding, Level
from ..core.tokens import DEFAULT_ENCODING, count_tokens
from ..errors import CodepithError, InvalidOption
from ..fs.safeio import STATE_DIR
from ..fs.statefiles import folder as state_folder
from ..fs.statefiles import open_file, write_atomic
from ..render.formats import MarkdownWriter, display_name
from ..render.split import plan_parts
from .run import FileResult, compress_tree

__all__ = ["DEFAULT_PART_TOKENS", "KEEP", "FolderOutput", "Part", "compress_folder", "read_part"]

DEFAULT_PART_TOKENS = 8000
KEEP = 16
OUTPUTS = f"{STATE_DIR}/outputs"
_ID = re.compile(r"[0-9a-f]{16}")


@dataclass
class Part:
    """One part of a stored output: its number (from 1), exact tokens and files."""

    part: int
    tokens: int
    files: list[str]


@dataclass
class FolderOutput:
    """What :func:`compress_folder` made: the stored output's ``id`` and parts,
    the totals, and every file that is not in it with its action and reason."""

    id: str
    folder: str
    level: str
    encoding: str
    token_budget: int | None
    part_tokens: int
    tokens: int
    tokens_in: int
    actions: dict[str, int]
    parts: list[Part]
    left_out: list[dict] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


def _check(token_budget: int | None, part_tokens: int) -> None:
    if token_budget is not None and token_budget <= 0:
        raise InvalidOption("token_budget", f"must be a positive number of tokens, got {token_budget}")
    if part_tokens < 500:
        raise InvalidOption("part_tokens", f"must be at least 500 tokens, got {part_tokens}")


def _block(result) -> str:
    out = io.StringIO()
    MarkdownWriter(out).file(result)
    return out.getvalue()


def _fit(
    results: Iterable[FileResult], token_budget: int | None, encoding: Encoding
) -> tuple[list[tuple[str, str, int]], list[dict], dict[str, int], int]:
    """(blocks as (path, text, tokens), left-out entries, actions, tokens in)."""
    blocks: list[tuple[str, str, int]] = []
    left_out: list[dict] = []
    actions: Counter[str] = Counter()
    tokens_in = used = 0
    for r in results:
        if not r.in_output:
            actions[r.action] += r.files
            left_out.append({"path": r.path, "action": r.action, "reason": r.reason})
            continue
        text = _block(r)
        tokens = count_tokens(text, encoding=encoding)
        if token_budget is not None and used + tokens > token_budget:
            actions["omitted:budget"] += 1
            left_out.append(
                {
                    "path": r.path,
                    "action": "omitted:budget",
                    "reason": f"{tokens} tokens; {token_budget - used} of the budget left",
                }
            )
            continue
        used += tokens
        tokens_in += r.tokens_in or 0
        actions[r.action] += 1
        blocks.append((r.path, text, tokens))
    return blocks, left_out, dict(actions), tokens_in


def _parts(blocks, head: str, part_tokens: int, encoding: Encoding) -> list[tuple[str, list[str]]]:
    """The blocks cut into parts of at most ``part_tokens`` tokens (``head``
    and the part's title included, counted exactly), a file never split
    (:func:`~codepith.render.split.plan_parts`, as ``--split-output`` cuts)."""
    if not blocks:
        return [(f"{head} — part 1 of 1\n\n(no file in the output)\n", [])]
    texts = [text for _, text, _ in blocks]
    # a title's numbers are one token each whatever their value, so this one counts as the real ones
    title = f"{head} — part 999 of 999\n\n"

    def exact(_index: int, start: int, end: int) -> int:
        return count_tokens(title + "".join(texts[start:end]), encoding=encoding)

    ranges = plan_parts(
        [tokens for _, _, tokens in blocks], part_tokens, overhead=count_tokens(title, encoding=encoding), exact=exact
    )
    return [
        (f"{head} — part {i} of {len(ranges)}\n\n" + "".join(texts[r.start : r.stop]), [blocks[j][0] for j in r])
        for i, r in enumerate(ranges, 1)
    ]


def compress_folder(
    root: str | os.PathLike,
    folder: str,
    *,
    level: Level = "signatures",
    token_budget: int | None = None,
    part_tokens: int = DEFAULT_PART_TOKENS,
    encoding: Encoding = DEFAULT_ENCODING,
    security_check: bool = True,
    allow_secrets: Iterable[str | os.PathLike[str]] = (),
) -> FolderOutput:
    """Compress ``ROOT/folder`` (``folder`` relative to ``root``, already
    checked to lie inside it) and store the output in parts (see the module).
    A file holding a secret is left out (``skipped:secret``) unless
    ``security_check`` is off or it is one of ``allow_secrets``."""
    _check(token_budget, part_tokens)
    root = os.path.abspath(os.fspath(root))
    where = os.path.join(root, folder)
    if not os.path.isdir(where):
        raise InvalidOption("path", f"{folder}: not a folder under {root}; name a folder of the project")
    prefix = "" if folder in ("", ".") else folder.rstrip("/") + "/"
    results = [
        r
        for r in compress_tree(
            where, level=level, encoding=encoding, jobs=1, security_check=security_check, allow_secrets=allow_secrets
        )
    ]
    for r in results:
        r.path = prefix + r.path
    blocks, left_out, actions, tokens_in = _fit(results, token_budget, encoding)
    head = f"# codepith: {display_name(folder or '.')} ({level})"
    parts = _parts(blocks, head, part_tokens, encoding)
    texts = [text for text, _ in parts]
    digest = hashlib.sha256(json.dumps([folder, level, encoding, texts]).encode("utf-8", "surrogatepass"))
    output = FolderOutput(
        id=digest.hexdigest()[:16],
        folder=folder or ".",
        level=level,
        encoding=encoding,
        token_budget=token_budget,
        part_tokens=part_tokens,
        tokens=sum(t for _, _, t in blocks),
        tokens_in=tokens_in,
        actions=actions,
        parts=[Part(i, count_tokens(text, encoding=encoding), paths) for i, (text, paths) in enumerate(parts, 1)],
        left_out=left_out,
    )
    _store(root, output, texts)
    return output


def _store(root: str, output: FolderOutput, texts: list[str]) -> None:
    data = json.dumps({"summary": output.to_dict(), "parts": texts}, ensure_ascii=False)
    write_atomic(os.path.join(root, OUTPUTS, output.id + ".json"), data.encode("utf-8", "surrogateescape"), root=root)
    with state_folder(root, OUTPUTS, create=True) as where:
        stored = []
        for entry in where.entries():
            name = entry.name
            if name.endswith(".json") and _ID.fullmatch(name[:-5]) and entry.is_file(follow_symlinks=False):
                stored.append((entry.stat(follow_symlinks=False).st_mtime_ns, name))
        for _, name in sorted(stored, reverse=True)[KEEP:]:
            if name != output.id + ".json":
                # another server pruned it first, or (Windows) a reader holds it open: the next run prunes it
                with contextlib.suppress(FileNotFoundError, PermissionError):
                    where.unlink(name)


def read_part(root: str | os.PathLike, output_id: str, part: int) -> tuple[str, dict]:
    """(text, summary) of part ``part`` (from 1) of the stored output ``output_id``."""
    if not isinstance(output_id, str) or not _ID.fullmatch(output_id):
        raise InvalidOption("id", f"{output_id!r} is not an output id; give the id compress_folder returned")
    root = os.path.abspath(os.fspath(root))
    path = os.path.join(root, OUTPUTS, output_id + ".json")
    try:
        with os.fdopen(open_file(path, os.O_RDONLY, root=root), "rb") as f:
            stored = json.loads(f.read())
    except FileNotFoundError:
        raise InvalidOption(
            "id",
            f"no output {output_id} under {root}/{OUTPUTS} (only the {KEEP} newest are "
            "kept); run compress_folder again",
        ) from None
    except ValueError:
        raise CodepithError(f"{path}: not a stored output; run compress_folder again") from None
    count = len(stored["parts"])
    if not 1 <= part <= count:
        raise InvalidOption("part", f"output {output_id} has parts 1 to {count}, got {part}")
    return stored["parts"][part - 1], stored["summary"]
