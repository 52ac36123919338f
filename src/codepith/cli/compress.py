"""``codepith compress``: one file to standard output, or whole trees in bulk."""

from __future__ import annotations

import json
import os
import sys
import time
import warnings
from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, BinaryIO, Protocol, cast

import click
from click.core import ParameterSource

from ..bulk.gitinfo import git_sections
from ..bulk.listing import GitWarning, files_considered, left_out_action, tree_listing
from ..bulk.memo import Recalled, Recorder, memo_key, recall
from ..bulk.options import SORTS, TreeOptions
from ..bulk.results import DEFAULT_TIMEOUT
from ..core.discover import root_problem
from ..core.languages import languages
from ..core.literals import LEVELS
from ..core.tokens import count_tokens
from ..core.units import human as _human
from ..core.units import ratio, ratio_text
from ..errors import CodepithError
from ..render.formats import FORMATS, REPORT_KEYS, Totals, display_name, json_dumps, make_writer, record, tree_lines
from ..render.split import part_path
from . import options
from ._output import check_writable, created, utf8_stdout
from .compress_inputs import apply_config, list_walk, preface_text, read_path_list
from .compress_outputs import (
    Discard,
    SummaryEntries,
    Tee,
    check_clipboard,
    copy_spool,
    copy_text,
    print_token_lines,
    spool,
    write_parts,
)
from .options import command


def _package_root() -> str:
    return str(Path(__file__).resolve().parent.parent)


@command(name="compress")
@click.argument("paths", nargs=-1, type=click.Path(allow_dash=True))
@click.option(
    "--level",
    type=click.Choice(LEVELS),
    default="signatures",
    show_default=True,
    help="full: unchanged; signatures: bodies elided; outline: also docs cut to one line, "
    "comments, large data and inert top-level blocks elided.",
)
@click.option(
    "--language",
    type=click.Choice(languages()),
    help="Language of a single FILE (default: from its extension; required for standard input).",
)
@click.option(
    "--force",
    is_flag=True,
    help="Compress a single FILE even when a content check would skip it (binary, minified, "
    "generated), as a folder run does. A secret still keeps it out (see --allow-secret).",
)
@click.option(
    "--filter",
    "as_filter",
    is_flag=True,
    help="A single FILE as a packer's per-file filter (repomix's processors): every verdict writes something "
    "and exits 0. A file a folder run skips (generated, minified, binary, too large, another language) is "
    "written whole; one holding a secret is written as one comment line naming the finding (never its value). "
    "Each says why on standard error.",
)
@click.option("--line-refs", is_flag=True, help="Name the original line range in each placeholder.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="markdown",
    show_default=True,
    help="Output format of a bulk run (folders or several files). Given for one FILE, the "
    "document a folder holding only that file gives, instead of the compressed file itself.",
)
@click.option(
    "-o", "--output", type=click.Path(allow_dash=True), help="Write the output here instead of standard output."
)
@click.option(
    "--report", type=click.Path(), help="Write a JSON report of every file considered and what happened to it."
)
@options.include()
@options.exclude()
@options.max_file_bytes()
@click.option(
    "--only-supported", is_flag=True, help="List files in other languages instead of passing them through whole."
)
@options.include_generated()
@options.jobs()
@options.encoding()
@options.no_tokens()
@options.cache_dir()
@options.cache_max_mb()
@options.no_cache()
@click.option(
    "--timeout",
    type=float,
    default=DEFAULT_TIMEOUT,
    show_default=True,
    help="Seconds one file may take before it is kept whole (0: no limit; at most 1000000).",
)
@options.no_gitignore()
@options.no_default_ignores()
@options.no_security_check()
@options.allow_secret()
@click.option(
    "-q",
    "--quiet",
    is_flag=True,
    help="No progress bar and no summary on standard error (files left out for a secret are still named).",
)
@click.option(
    "--stdin",
    "from_stdin",
    is_flag=True,
    help="Read the files to compress from standard input, one path a line, as `git ls-files` or `fd` "
    "print them (relative paths from the current folder). A listed path that is missing or not a "
    "file is named on standard error and in the report.",
)
@click.option("-0", "--null", is_flag=True, help="With --stdin: the paths are NUL-separated (git ls-files -z, fd -0).")
@click.option(
    "--top-files",
    type=click.IntRange(min=0),
    default=5,
    show_default=True,
    metavar="N",
    help="List the N files with the most tokens (in and out) in the summary (0: none).",
)
@click.option(
    "--token-tree",
    is_flag=True,
    help="Print a tree of folders and files with their token counts in and out to standard error.",
)
@click.option(
    "--split-output",
    type=click.IntRange(min=1),
    default=None,
    metavar="TOKENS",
    help="Write the document in numbered parts of at most TOKENS tokens each (exact counts), next to "
    "-o: -o pith.md gives pith.1.md, pith.2.md, … A file is never split: one larger than TOKENS gets "
    "a part of its own, with a warning.",
)
@click.option(
    "--header-text",
    default=None,
    metavar="TEXT",
    help="Text placed at the top of the output (escaped as the format needs).",
)
@click.option(
    "--instruction-file",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="PATH",
    help="A UTF-8 text file whose content is placed at the top of the output, after --header-text.",
)
@click.option("--copy", is_flag=True, help="Also copy the output to the clipboard (an error when the system has none).")
@click.option(
    "--include-diff",
    is_flag=True,
    help="Add a section with the git diff of the working tree (staged and unstaged changes against HEAD) "
    "under the PATHS. The diff of a file holding a secret is left out, with a note. Outside git: a "
    "warning and no section.",
)
@click.option(
    "--include-log",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    metavar="N",
    help="Add a section with the last N commits touching the PATHS: short hash, date, subject (0: none). "
    "Outside git: a warning and no section.",
)
@click.option(
    "--sort",
    type=click.Choice(SORTS),
    default="path",
    show_default=True,
    help="Order of the files: path (sorted paths) or changes (how often the last 100 commits changed "
    "each file, the most changed last; ties in path order). Outside git: a warning and path order.",
)
@click.option(
    "--remove-empty-lines",
    is_flag=True,
    help="Drop blank lines from compressed files, except inside strings, heredocs and comments "
    "(the parse tree says where those are). A file whose parse errors would change keeps its lines.",
)
@click.option(
    "--token-budget",
    type=click.IntRange(min=1),
    default=None,
    metavar="TOKENS",
    help="Fail (exit code 2) when the document is over TOKENS tokens (exact, --encoding). Then nothing "
    "is written to -o or standard output; the summary and --report still are.",
)
@click.option(
    "-c",
    "--config",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="PATH",
    help="Read the settings from this file ([compress], or [tool.codepith.compress] in a pyproject.toml) "
    "instead of .codepith.toml and pyproject.toml of the current folder.",
)
@click.pass_context
def compress_command(ctx, paths, **params) -> int:
    """Compress source code to its pith.

    \b
    One FILE (or - for standard input): the compressed file on standard output.
    Directories or several files: every file in them, compressed in parallel,
    in sorted path order, in the chosen --format, with a per-language summary
    on standard error. One FILE with --format or --report is written as that
    document too. With no PATHS, codepith compresses its own source.

    \b
    A FILE gets the verdict it gets in a folder: a binary, minified, generated
    or too large file is not compressed (an error names the verdict, its
    reason and the fix; --force compresses it anyway), one that cannot be
    compressed in time is written whole with a note.

    \b
    Every file is scanned for secrets first: one that holds a credential is
    left out as skipped:secret, its findings (kind and line, never the value)
    in the report and on standard error (--allow-secret PATH lets one file
    in, --no-security-check turns the check off). Folders leave out
    dependencies, build output, lock files and the like as ignored:default
    unless a .gitignore rule says otherwise (--no-default-ignores).

    \b
    Files named in .codepithignore files (gitignore syntax, at any level) are
    left out as ignored:.codepithignore:RULE, even with --no-gitignore.

    \b
    Settings: [compress] in .codepith.toml or [tool.codepith.compress] in
    pyproject.toml of the current folder (or the file -c names) set any
    option above by its name (format = "xml", no_cache = true); the command
    line wins. `codepith config show` prints the merged settings, `codepith
    config init` writes a .codepith.toml with every key.

    \b
    Examples:
      codepith compress src/app.py
      codepith compress . -o pith.md
      codepith compress repo/ --format jsonl --no-cache -o rows.jsonl --report report.json
      git ls-files -z | codepith compress --stdin -0 --split-output 100000 -o pith.md
      codepith compress . --include-diff --include-log 10 --sort changes --token-budget 100000
    """
    given = {name for name in params if ctx.get_parameter_source(name) not in (ParameterSource.DEFAULT, None)}
    apply_config(ctx, params, params.pop("config"))
    run = options.options_from(TreeOptions, params)
    return _compress(paths, given, run, Document(**params))


@dataclass(frozen=True)
class Document:
    """The options of ``compress`` that are the command's own: what it reads
    (one FILE's language, ``--stdin``) and how it writes the document."""

    language: str | None
    force: bool
    as_filter: bool
    fmt: str
    output: str | None
    report: str | None
    quiet: bool
    from_stdin: bool
    null: bool
    top_files: int
    token_tree: bool
    split_output: int | None
    header_text: str | None
    instruction_file: str | None
    copy: bool
    include_diff: bool
    include_log: int
    token_budget: int | None


def _compress(paths: tuple[str, ...], given: set[str], run: TreeOptions, doc: Document) -> int:
    """The command with the config file's settings put in."""
    _check_outputs(paths, doc.output, doc.report)
    _check_combinations(paths, doc)
    # one FILE without --format or --report: the compressed file itself; with
    # either (or an option about documents), the same document a folder
    # holding only that file gives
    document = bool(doc.report) or doc.from_stdin or bool(given & _DOCUMENT_OPTIONS)
    if doc.copy:
        check_clipboard()
    if "-" in paths and (len(paths) > 1 or document):
        raise click.UsageError(
            "standard input (-) takes a single argument and gives the compressed file "
            "itself (no --format or --report): codepith compress - --language …"
        )
    if len(paths) == 1 and not document and (paths[0] == "-" or not os.path.isdir(paths[0])):
        from .compress_single import single_file

        single_file(
            paths[0],
            run,
            language=doc.language,
            force=doc.force,
            output=doc.output,
            copy=doc.copy,
            quiet=doc.quiet,
            as_filter=doc.as_filter,
        )
        return 0
    if doc.as_filter:
        raise click.UsageError(
            "--filter applies to a single FILE (a packer's per-file filter); a folder run already "
            "lists every file it leaves out, and why"
        )
    if doc.force:
        raise click.UsageError(
            "--force applies to a single FILE; in a folder, --include-generated compresses "
            "generated files and the other checks stand"
        )
    if doc.language is not None:
        raise click.UsageError(
            "--language applies to a single FILE written as is; with folders, several "
            "paths, --format or --report, languages come from file extensions"
        )
    # the run's own output files are never read back into it
    own = tuple(p for p in (doc.output, doc.report) if p and p != "-")
    if doc.from_stdin:
        roots, walked, bad_paths = list_walk(read_path_list(doc.null), run.max_file_bytes, own)
        title = _stdin_title(len(walked))
    else:
        walked, bad_paths = None, _bad_paths(paths)
        roots = list(paths) or [_package_root()]
        title = roots
    exclude = run.exclude
    if not paths and not doc.from_stdin:  # codepith's own installed source: its byte-code caches are not source
        exclude += ("__pycache__/",)
    run = replace(run, exclude=exclude, skip=own)
    totals, skipped, seconds, summary, over = _write_document(roots, run, doc, walked, title)
    if not doc.quiet:
        _print_summary(
            totals,
            seconds,
            lambda: print_token_lines(
                summary.entries(totals.tokens) if summary is not None else [],
                "tokens" if totals.tokens else "bytes",
                doc.top_files,
                doc.token_tree,
            ),
        )
        skipped.print()
    else:  # a file left out for a secret is named even then
        skipped.print_secrets()
    if over is not None:
        raise OverBudget(over, doc.token_budget or 0, run)
    return 1 if bad_paths else 0


class OverBudget(click.ClickException):
    """The document is over ``--token-budget``: exit code 2, as a fail-closed stop."""

    exit_code = 2

    def __init__(self, tokens: int, budget: int, run: TreeOptions) -> None:
        fixes = ["--level outline"] if run.level != "outline" else []
        fixes += ["--remove-empty-lines"] if not run.remove_empty_lines else []
        fixes += ["--include/--exclude to narrow it", f"a --token-budget of at least {tokens}"]
        super().__init__(
            f"the document is {tokens} tokens ({run.encoding}), over --token-budget {budget}; nothing "
            f"was written: try {', '.join(fixes[:-1])} or {fixes[-1]}"
        )


def _stdin_title(count: int) -> list[str]:
    return [f"standard input ({count} path{'' if count == 1 else 's'})"]


#: options that make one FILE a document, as a folder holding only it gives
_DOCUMENT_OPTIONS = {
    "fmt",
    "report",
    "split_output",
    "header_text",
    "instruction_file",
    "token_tree",
    "include_diff",
    "include_log",
    "sort",
    "remove_empty_lines",
    "token_budget",
}


def _check_combinations(paths: tuple[str, ...], doc: Document) -> None:
    """Options that cannot go together, or need another one."""
    if doc.from_stdin and paths:
        raise click.UsageError("--stdin reads the paths from standard input: give no PATHS with it")
    if doc.null and not doc.from_stdin:
        raise click.UsageError("-0/--null applies to --stdin (a NUL-separated list of paths)")
    if doc.split_output is not None and (not doc.output or doc.output == "-"):
        raise click.UsageError(
            "--split-output writes numbered files next to -o/--output: give -o pith.md (parts pith.1.md, pith.2.md, …)"
        )
    if doc.split_output is not None and doc.token_budget is not None:
        raise click.UsageError(
            "--token-budget limits one document, and --split-output writes parts of at most TOKENS "
            "tokens each: drop one of them"
        )
    if doc.split_output is not None and doc.copy:
        raise click.UsageError(
            "--copy copies one document, and --split-output writes several: drop one of "
            "them (copy a part's file instead)"
        )


def _write_document(roots: list[str], run: TreeOptions, doc: Document, walked, title: list[str]):
    """A bulk run: the document (to ``doc.output`` or standard output, or in
    parts with ``--split-output``) and the report. The report is streamed; the
    document's file sections are spooled to disk as they come and written
    after the header, whose tree lists the run's verdicts. ``walked``:
    the entries of the walk when already made (``--stdin``). Returns (totals,
    skipped, seconds, the files the summary lists when it lists any, the
    document's tokens when they are over ``--token-budget``, else None)."""
    split, output, budget = doc.split_output, doc.output, doc.token_budget
    preface = preface_text(doc.header_text, doc.instruction_file)
    over: int | None = None
    with ExitStack() as stack:
        # the files are opened before any work: a path that cannot be written
        # fails the run at once, and an unfinished file is never left behind
        out: IO[str] | Discard | Tee
        tee: Tee | None = None
        if split:
            assert output is not None  # --split-output needs -o (_check_combinations)
            check_writable(part_path(output, 1), "-o/--output", "an output part")
            out = Discard()  # the parts are written at the end, from the results
        elif budget is not None:
            # the document is counted whole before a byte of it is written
            if output and output != "-":
                check_writable(output, "-o/--output", "the output")
            out = tee = Tee(Discard())
        elif output and output != "-":
            out = stack.enter_context(created(output, "-o/--output", "the output"))
        else:
            out = stack.enter_context(utf8_stdout())
        if doc.copy and tee is None:
            out = tee = Tee(out)
        report_file = stack.enter_context(created(doc.report, "--report", "the report")) if doc.report else None
        # the files' sections come first, into a spool: the header's tree lists
        # the run's own verdicts on them, known once they are all in
        body = None if split else stack.enter_context(spool())
        writer: _Sections = make_writer(doc.fmt, Discard() if body is None else body)
        # walked once (after the output exists: the walk marks it as this run's
        # own; the results cache made first, so the tree lists it as codepith's
        # state), for the header's tree and then for the run
        _make_cache_dir(run)
        key = _memo_key(roots, run, doc) if walked is None and body is not None else None
        recalled = _recall(key, run, body)
        recorder: Recorder | None = None
        if recalled is not None:  # nothing the run depends on changed: its memo stands for it
            results, writer, total = recalled.results(), _Replayed(recalled.replaced), recalled.considered
        else:
            if key is not None:
                recorder = Recorder(key, run.cache_folder(), run.cache_max_bytes())
            if walked is None:
                walked = walk_tree(roots, run, seen=recorder.seen if recorder is not None else None)
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always", GitWarning)
                results = compress_tree(roots, run, walked=walked)  # checks the roots before any output
            _warn(str(w.message) for w in caught if issubclass(w.category, GitWarning))
            if recorder is not None:
                results = recorder.watch(results)
            total = files_considered(walked)  # the progress bar's total
        sections = _git_sections(roots, run, doc)
        records = _Report(report_file, roots, run.level) if report_file is not None else None
        progress = stack.enter_context(_progress(total)) if not doc.quiet and sys.stderr.isatty() else None
        t0 = time.perf_counter()
        # (the summary's top files and token tree are printed unless --quiet)
        listed = (doc.top_files or doc.token_tree) and not doc.quiet
        summary = SummaryEntries(doc.top_files, doc.token_tree) if listed else None
        kept: list | None = [] if split else None
        left_out: dict[str, str] = {}
        totals, skipped = _stream(results, writer, records, progress, run.tokens, kept, summary, left_out)
        tree = recalled.tree if recalled is not None else list(tree_lines(tree_listing(walked, left_out)))
        if split:
            # -o is given (_check_combinations); the results were kept for the parts
            assert output is not None and kept is not None
            write_parts(output, split, doc.fmt, title, run.level, tree, preface, kept, totals, run.encoding, sections)
        else:
            assert body is not None  # (a document in one piece is spooled)
            head = make_writer(doc.fmt, out)
            head.header(title, run.level, tree, preface=preface, sections=sections)
            copy_spool(body, out, plain=recalled is not None and recalled.plain)
            if recorder is not None:
                out.flush()  # (the document is whole before the memo is stored)
                body.flush()
                recorder.keep(tree, total, cast(BinaryIO, body.buffer), writer.replaced)
            writer.replaced[:0] = head.replaced  # (the sections' replaced characters, before the files')
        out.flush()
        seconds = time.perf_counter() - t0
        if records is not None:
            records.close(seconds, totals)
        _warn_replaced(writer.replaced)
        if budget is not None:
            assert tee is not None  # the document was kept to be counted
            over = _within_budget(tee.getvalue(), budget, output, run)
        if tee is not None and doc.copy and over is None:
            copy_text(tee.getvalue())
    return totals, skipped, seconds, summary, over


def compress_tree(roots: list[str], run: TreeOptions, walked):
    """:func:`codepith.bulk.run.compress_tree`, imported when a run compresses
    (a run replayed from its memo never loads the engine)."""
    from ..bulk.run import compress_tree as compress

    return compress(roots, run, walked=walked)


def walk_tree(roots: list[str], run: TreeOptions, seen: list[str] | None = None):
    """:func:`codepith.bulk.run.walk_tree`, imported when a run walks."""
    from ..bulk.run import walk_tree as walk

    return walk(roots, run, seen)


def _memo_key(roots: list[str], run: TreeOptions, doc: Document) -> bytes | None:
    """The key of the run's memo (:mod:`codepith.bulk.memo`), or None for a
    run that keeps none: without the cache, in git's order of changes
    (history is not in the tree), or with no working folder."""
    if not run.cache or run.sort != "path":
        return None
    try:
        return memo_key(roots, run, doc.fmt)
    except OSError:
        return None


def _recall(key: bytes | None, run: TreeOptions, body) -> Recalled | None:
    """The run's memo, its sections already in the spool ``body``; or None."""
    if key is None:
        return None
    recalled = recall(key, run.cache_folder(), run.cache_max_bytes())
    if recalled is None:
        return None
    if recalled.write_sections(body.buffer):
        return recalled
    body.seek(0)
    body.truncate()
    return None


class _Sections(Protocol):
    """What a run writes its files' sections with: a format's writer, or
    :class:`_Replayed` when they come from the memo."""

    replaced: list[tuple[str, int]]

    def file(self, r) -> object: ...

    def other(self, r) -> object: ...

    def footer(self, totals) -> object: ...


class _Replayed:
    """The writer of a replayed run: the sections are in the spool already."""

    def __init__(self, replaced: list[tuple[str, int]]) -> None:
        self.replaced = list(replaced)

    def file(self, r) -> None:
        pass

    def other(self, r) -> None:
        pass

    def footer(self, totals) -> None:
        pass


def _within_budget(text: str, budget: int, output: str | None, run: TreeOptions) -> int | None:
    """Write the document counted whole when it is within ``budget`` tokens
    and return None; else write nothing and return its tokens."""
    tokens = count_tokens(text, encoding=run.encoding)
    if tokens > budget:
        return tokens
    with ExitStack() as stack:
        if output and output != "-":
            target = stack.enter_context(created(output, "-o/--output", "the output"))
        else:
            target = stack.enter_context(utf8_stdout())
        target.write(text)
    return None


def _git_sections(roots: list[str], run: TreeOptions, doc: Document) -> list:
    """The git diff and log sections the run asks for; what cannot be made is
    a warning, a secret left out of them is named as a file's is."""
    if not doc.include_diff and not doc.include_log:
        return []
    made = git_sections(
        roots,
        diff=doc.include_diff,
        log=doc.include_log,
        security_check=run.security_check,
        allow_secrets=run.allow_secrets,
        max_bytes=run.max_file_bytes,
    )
    _warn(made.notes)
    for line in made.secrets:
        click.echo(f"codepith: secret: {line}", err=True)
    return made.sections


def _warn(lines) -> None:
    for line in lines:
        click.echo(f"codepith: warning: {line}", err=True)


def _warn_replaced(replaced: list) -> None:
    """Characters the format cannot hold were shown in their place: say where."""
    if not replaced:
        return
    count = sum(n for _, n in replaced)
    names = ", ".join(display_name(path) for path, _ in replaced[:5]) + (", …" if len(replaced) > 5 else "")
    click.echo(
        f"codepith: note: {count} characters XML 1.0 cannot hold (NUL and other control characters, "
        f"U+FFFE/U+FFFF) in {len(replaced)} files ({names}) are shown as control pictures or U+FFFD, "
        'marked replaced="N" on each <file>; --format json keeps them exactly',
        err=True,
    )


def _make_cache_dir(run: TreeOptions) -> None:
    """The run's results cache folder, made before the walk, so that the
    header's tree already lists it as codepith's state."""
    if run.cache_dir is not None and run.cache:
        try:
            os.makedirs(run.cache_dir, exist_ok=True)
        except OSError:
            pass  # the cache says why it cannot be used, and the run goes on without it


def _stream(
    results,
    writer,
    records,
    progress,
    tokens: bool,
    kept: list | None,
    summary: SummaryEntries | None,
    left_out: dict[str, str],
):
    """Every result into the document, the report, the totals and the
    ``summary``, as it comes (and into ``kept`` with its text, when given:
    the parts of ``--split-output`` are written from them); what the run left
    out into ``left_out`` (path -> action, for the header's tree)."""
    totals = Totals(tokens=tokens)
    skipped = _Skipped()
    for r in results:
        totals.add(r)
        skipped.add(r)
        action = left_out_action(r)
        if action is not None:
            left_out[r.path] = action
        if kept is not None:
            kept.append(r)
        if summary is not None:
            summary.add(r)
        if r.in_output:
            writer.file(r)
        else:
            writer.other(r)
        if records is not None:
            records.add(r)
        if progress is not None:
            progress[0].advance(progress[1], r.files)
    writer.footer(totals)
    return totals, skipped


class _Report:
    """The JSON report, streamed: one record per entry, the totals at the end."""

    def __init__(self, f, roots: list[str], level: str) -> None:
        self.f = f
        self.first = True
        f.write('{"roots": ' + json_dumps(roots) + ', "level": ' + json_dumps(level) + ', "files": [')

    def add(self, r) -> None:
        self.f.write(("\n" if self.first else ",\n") + json_dumps(record(r, REPORT_KEYS)))
        self.first = False

    def close(self, seconds: float, totals: Totals) -> None:
        self.f.write(
            '\n], "seconds": ' + json.dumps(round(seconds, 3)) + ', "totals": ' + json_dumps(totals.as_dict()) + "}\n"
        )


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist yet
        return os.path.abspath(a) == os.path.abspath(b)


def _check_outputs(paths: tuple[str, ...], output: str | None, report: str | None) -> None:
    """The output and the report are two files, and neither is an input FILE
    (it would be emptied before it is read)."""
    targets = [
        (path, option) for path, option in ((output, "-o/--output"), (report, "--report")) if path and path != "-"
    ]
    if len(targets) == 2 and _same_file(targets[0][0], targets[1][0]):
        raise click.UsageError(
            f"-o/--output and --report name the same file ({display_name(targets[0][0])}); give them different paths"
        )
    for target, option in targets:
        for path in paths:
            if path != "-" and os.path.isfile(path) and _same_file(target, path):
                raise click.UsageError(
                    f"{option} {display_name(target)} is one of the PATHS; writing it would "
                    "overwrite that input: choose another path"
                )


def _bad_paths(paths: tuple[str, ...]) -> list:
    """The PATHS that cannot be read. Each costs only itself: it is named on
    standard error (and listed in the report), the others are compressed, and
    the exit code says something was left out. When none can be read, that is
    one error."""
    bad = [entry for entry in (root_problem(p, p) for p in paths) if entry is not None]
    if bad and len(bad) == len(paths):
        raise CodepithError("; ".join(f"{display_name(e.path)}: {e.reason}" for e in bad) + "; check the path")
    for entry in bad:
        click.echo(
            f"codepith: error: {display_name(entry.path)}: {entry.reason}; left out, the other paths are compressed",
            err=True,
        )
    return bad


class _progress:
    def __init__(self, total: int) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self.p = Progress(
            TextColumn("compressing"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            transient=True,
            console=Console(stderr=True),
        )
        self.total = total

    def __enter__(self):
        self.p.__enter__()
        return self.p, self.p.add_task("compress", total=self.total)

    def __exit__(self, *exc):
        return self.p.__exit__(*exc)


class _Skipped:
    """The files a run drops for their content or kind (``skipped:*``), named
    on standard error after the summary: the first few, then a count."""

    SHOWN = 10

    def __init__(self) -> None:
        self.names: list[str] = []
        self.secrets: list[str] = []
        self.count = 0

    def add(self, r) -> None:
        if not r.action.startswith("skipped:"):
            return
        if r.action == "skipped:secret":  # each one named, with its findings (never the value)
            self.secrets.append(f"codepith: secret: {display_name(r.path)}: {r.reason}")
        self.count += 1
        if len(self.names) < self.SHOWN:
            self.names.append(f"{display_name(r.path)} ({r.action.split(':', 1)[1]})")

    def print_secrets(self) -> None:
        for line in self.secrets:
            sys.stderr.write(line + "\n")

    def print(self) -> None:
        self.print_secrets()
        if not self.count:
            return
        more = self.count - len(self.names)
        line = "skipped: " + ", ".join(self.names) + (f", and {more} more" if more else "")
        sys.stderr.write(line + "\n")


def _print_summary(totals: Totals, seconds: float, more=None) -> None:
    """Per-language summary on standard error, narrow enough for any terminal;
    ``more()`` prints its lines (top files, token tree) before the last line."""
    err = sys.stderr
    head = f"{'language':<11}{'files':>7}{'bytes in':>10}{'out':>9}{'ratio':>7}"
    if totals.tokens:
        head += f"{'tokens in':>11}{'out':>9}{'ratio':>7}"
    err.write(head + "\n")
    rows = sorted(totals.languages.items())
    rows.append(
        (
            "total",
            {
                "files": sum(v["files"] for v in totals.languages.values()),
                "bytes_in": totals.bytes_in,
                "bytes_out": totals.bytes_out,
                "tokens_in": totals.tokens_in,
                "tokens_out": totals.tokens_out,
            },
        )
    )
    for name, v in rows:
        line = (
            f"{name:<11}{v['files']:>7}{_human(v['bytes_in']):>10}{_human(v['bytes_out']):>9}"
            f"{ratio_text(ratio(v['bytes_out'], v['bytes_in'])):>7}"
        )
        if totals.tokens:
            line += (
                f"{_human(v['tokens_in']):>11}{_human(v['tokens_out']):>9}"
                f"{ratio_text(ratio(v['tokens_out'], v['tokens_in'])):>7}"
            )
        err.write(line + "\n")
    if more is not None:
        more()
    others = {k: n for k, n in totals.actions.items() if k not in ("compressed", "kept-whole")}
    tail = f"{totals.considered} files considered in {seconds:.1f} s"
    if others:
        tail += "; not in the output: " + ", ".join(f"{n} {k}" for k, n in sorted(others.items()))
        noted = ", ".join(f"{n} {k}" for k, n in sorted(totals.noted.items()))
        tail += f" ({noted}; --report lists them)" if noted else " (--report lists them)"
    err.write(tail + "\n")
