"""Where ``codepith compress`` sends a document besides one file or standard
output: numbered parts under a token limit (``--split-output``), the
clipboard (``--copy``); and the token summary's extra lines (``--top-files``,
``--token-tree``)."""

from __future__ import annotations

import codecs
import io
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from typing import Any

import click

from ..core.literals import Encoding
from ..core.tokens import count_tokens
from ..errors import CodepithError
from ..render.formats import JsonWriter, Section, display_name, make_writer
from ..render.split import part_path, plan_parts
from ..render.summary import token_tree_lines, top_files, top_lines
from ._output import created

__all__ = [
    "Discard",
    "Tee",
    "spool",
    "copy_spool",
    "SummaryEntries",
    "check_clipboard",
    "copy_text",
    "write_parts",
    "print_token_lines",
]


class Discard:
    """A text stream that keeps nothing (a split document is written in parts)."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


def spool() -> io.TextIOWrapper:
    """A temporary text file for the files' sections, which are written before
    the header that lists them is known. Any text goes in and comes back out
    unchanged. (On disk from the start: a document held in memory, even in
    part, would raise the run's peak memory by its size.)"""
    f = tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="surrogatepass", newline="")
    assert isinstance(f, io.TextIOWrapper)  # (what a text-mode temporary file is)
    return f


def copy_spool(body: io.TextIOWrapper, out, plain: bool = False) -> None:
    """Everything written to ``body`` (a :func:`spool`), onto ``out``.
    ``plain``: the spool's bytes hold no lone surrogate, so onto a UTF-8 file
    they are copied as they are: the same bytes its text would become."""
    body.seek(0)
    if plain and isinstance(out, io.TextIOWrapper) and codecs.lookup(out.encoding).name == "utf-8":
        out.flush()
        shutil.copyfileobj(body.buffer, out.buffer, 1 << 20)
        return
    while chunk := body.read(1 << 16):
        out.write(chunk)


class Tee:
    """A text stream that writes to ``out`` and keeps a copy (for ``--copy``)."""

    def __init__(self, out) -> None:
        self.out = out
        self.kept = io.StringIO()

    def write(self, text: str) -> int:
        self.kept.write(text)
        return self.out.write(text)

    def flush(self) -> None:
        self.out.flush()

    def getvalue(self) -> str:
        return self.kept.getvalue()


def _clipboard() -> Callable[[str], None]:
    """The clipboard's copy function; a :class:`CodepithError` naming what is
    missing when there is none."""
    try:
        import pyperclip
    except ImportError:  # pragma: no cover - a runtime dependency
        raise CodepithError(
            "--copy needs the pyperclip package; pip install pyperclip, or write the output with -o and copy the file"
        ) from None
    copy, _paste = pyperclip.determine_clipboard()
    if not copy:
        fix = (
            "install xclip or xsel (X11) or wl-clipboard (Wayland)"
            if sys.platform.startswith("linux")
            else "install a clipboard tool for this system"
        )
        raise CodepithError(
            f"--copy: no clipboard found on this system (pyperclip found no copy mechanism); "
            f"{fix}, or write the output with -o and copy the file"
        )
    return copy


def check_clipboard() -> None:
    """Fail before any work when ``--copy`` cannot copy."""
    _clipboard()


def copy_text(text: str) -> None:
    """``text`` to the clipboard; a failure is one :class:`CodepithError`."""
    copy = _clipboard()
    try:
        copy(text)
    except Exception as exc:  # pyperclip raises its own exceptions and OSErrors from the tools it runs
        raise CodepithError(
            f"--copy: the clipboard refused the output ({type(exc).__name__}: "
            f"{str(exc).splitlines()[0] if str(exc) else 'no detail'}); write it with -o "
            "and copy the file"
        ) from None


def _render(fmt: str, roots, level: str, tree: list, preface: str, results, totals, part: int, sections=()) -> str:
    buf = io.StringIO()
    writer = make_writer(fmt, buf)
    first = part == 1
    writer.header(
        roots,
        level,
        tree if first else [],
        preface=preface if first else "",
        part=part,
        sections=sections if first else (),
    )
    for r in results:
        (writer.file if r.in_output else writer.other)(r)
    writer.footer(totals)
    return buf.getvalue()


def _block_text(fmt: str, r) -> str:
    buf = io.StringIO()
    writer = make_writer(fmt, buf)
    if isinstance(writer, JsonWriter):
        writer.first = True  # the JSON writer's state after a header
    (writer.file if r.in_output else writer.other)(r)
    return buf.getvalue()


def write_parts(
    output: str,
    limit: int,
    fmt: str,
    roots,
    level: str,
    tree: list,
    preface: str,
    results: list,
    totals,
    encoding: Encoding,
    sections: Sequence[Section] = (),
) -> list[str]:
    """The document in numbered parts (``pith.md`` -> ``pith.1.md``, …), each
    within ``limit`` tokens (exact counts) unless it holds one file alone; no
    file is split. The tree, the preface and ``sections`` are in part 1.
    Returns the paths written; a part over the limit is named on standard
    error with its file."""

    def text(k: int, start: int, end: int) -> str:
        return _render(fmt, roots, level, tree, preface, results[start:end], totals, k + 1, sections)

    def tokens(s: str) -> int:
        return count_tokens(s, encoding=encoding)

    sizes = [tokens(_block_text(fmt, r)) if r.in_output or fmt == "jsonl" else 0 for r in results]
    first, other = tokens(text(0, 0, 0)), tokens(text(1, 0, 0))

    def exact(k: int, start: int, end: int) -> int:
        return tokens(text(k, start, end))

    plan = plan_parts(sizes, limit, overhead=lambda k: first if k == 0 else other, exact=exact)
    written = []
    for k, part in enumerate(plan or [range(0, 0)]):
        body = text(k, part.start, part.stop)
        path = part_path(output, k + 1)
        n = tokens(body)
        if n > limit:
            what = (
                f"holds {display_name(results[part.start].path)} alone" if len(part) == 1 else "holds the header alone"
            )
            click.echo(
                f"codepith: warning: {display_name(path)}: {n} tokens, over the --split-output limit of "
                f"{limit}: it {what} (a file is never split); raise the limit to fit it",
                err=True,
            )
        with created(path, "-o/--output", "an output part") as f:
            f.write(body)
        written.append(path)
    stale = part_path(output, len(written) + 1)
    if os.path.exists(stale):
        click.echo(
            f"codepith: warning: {display_name(stale)} is left from an earlier run (this run wrote "
            f"{len(written)} parts); remove it",
            err=True,
        )
    return written


def print_token_lines(entries: list[tuple[str, int, int]], unit: str, top: int, tree: bool) -> None:
    """The top-files list and, with ``tree``, the token tree, on standard error."""
    err = sys.stderr
    for line in top_lines(top_files(entries, top), unit):
        err.write(line + "\n")
    if tree:
        for line in token_tree_lines(entries, unit):
            err.write(line + "\n")


class SummaryEntries:
    """What the summary needs of each file in the output, taken as the results
    come: ``(path, in, out)`` in tokens and in bytes (the unit is known only at
    the end: one file in the output without token counts makes it bytes).
    Every file for the token tree; else only the ``top`` largest, pruned as
    they come, so that a run of a million files holds a few thousand entries,
    not a million results."""

    #: entries beyond twice ``top`` taken before the list is cut back to ``top``
    SLACK = 1024

    def __init__(self, top: int, tree: bool) -> None:
        self.top = top
        self.tree = tree
        self.tokens: list[tuple[str, int, int]] = []
        self.bytes: list[tuple[str, int, int]] = []

    def add(self, result: Any) -> None:
        if not result.in_output:
            return
        self.tokens.append((result.path, result.tokens_in or 0, result.tokens_out or 0))
        self.bytes.append((result.path, result.bytes_in, result.bytes_out))
        if not self.tree and len(self.tokens) >= 2 * self.top + self.SLACK:
            # (the largest `top` of these are the largest of all that came so far)
            self.tokens = top_files(self.tokens, self.top)
            self.bytes = top_files(self.bytes, self.top)

    def entries(self, tokens: bool) -> list[tuple[str, int, int]]:
        """(path, in, out) of the files kept: tokens, or bytes without them."""
        return self.tokens if tokens else self.bytes
