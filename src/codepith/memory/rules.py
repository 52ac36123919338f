"""Tier 2: path-scoped detail.

:func:`build_rules` writes one Claude Code rule file per module, at the depth
where the module's outline fits (a large package becomes rules for its own
files and for each subpackage, see :mod:`.rule_plan`),
``.claude/rules/codepith-<module>.md``: ``paths:`` front matter scoping it to
the module's files, then the module's ``outline`` compression, file by file,
the whole rule file held under a token cap (400 by default) and each
file's block under another (also 400 by default, for callers that raise the
first). A rule file is rewritten only when
its bytes change, so regenerating after an unrelated change touches nothing;
rule files of modules that are gone are removed (only files that codepith
generated: they carry its marker line). The rule folder is opened without
following links: a ``.claude``, ``rules`` or rule file that is a symlink is
refused (:class:`~codepith.safeio.UnsafeStatePath`), never written through.

Reading rule files and :func:`which_rules` live in :mod:`.which` (re-exported here).
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
from collections.abc import Callable
from dataclasses import dataclass

from ..core.compress import compress
from ..core.discover import DEFAULT_MAX_FILE_BYTES
from ..core.languages import detect_language, entry_files
from ..core.literals import Encoding
from ..core.tokens import DEFAULT_ENCODING, count_tokens
from ..errors import CodepithError, InvalidOption
from ..fs.safeio import NotRegularFile, UnsafeStatePath, read_regular
from ..fs.statefiles import Folder, read_in, refused, replace_in
from ..fs.statefiles import folder as open_folder
from .defaults import DEFAULT_RULE_FILE_TOKENS, DEFAULT_RULE_TOKENS
from .definitions import Symbol
from .fitting import most_that_fit
from .frontmatter import render_paths_front_matter
from .modules import Module, doc_line, module_tree
from .references import key_names, public_names, reference_counts
from .rule_plan import importance, plan_rules, scope_patterns, signature_block
from .symbols import load_index
from .which import GENERATED_MARKER, RULES_DIR, RuleFile, RuleMatch, WhichResult, rule_files, which_rules

__all__ = [
    "DEFAULT_RULE_FILE_TOKENS",
    "DEFAULT_RULE_TOKENS",
    "GENERATED_MARKER",
    "RULES_DIR",
    "BuiltRule",
    "RuleFile",
    "RuleMatch",
    "WhichResult",
    "build_rules",
    "render_rule",
    "rule_files",
    "which_rules",
]

RULE_PREFIX = "codepith-"
_BACKTICKS = re.compile("`+")
_MIN_FILE_LINES = 2  # a file block with fewer outline lines than this is listed instead
_MIN_SHARE = 40  # tokens a file may take of a shared rule file's cap, however many files share it
_NAMES_ROOM = 30  # tokens of a shared rule file kept for naming the files left out


# --------------------------------------------------------------------------- build


@dataclass(frozen=True)
class BuiltRule:
    path: str  # relative to the root
    action: str  # written | unchanged | removed
    tokens: int = 0


def slug(module_path: str) -> str:
    """``src/app`` -> ``src-app``; the root's own files -> ``root``."""
    if not module_path:
        return "root"
    return re.sub(r"[^A-Za-z0-9._-]+", "_", module_path.replace("/", "-")).strip("-") or "module"


def _fence(text: str) -> str:
    """A backtick fence longer than any run of backticks in ``text`` (three at least)."""
    longest = max((len(run) for run in _BACKTICKS.findall(text)), default=0)
    return "`" * (max(2, longest) + 1)


def _file_block(path: str, language: str, lines: list[str], total: int) -> str:
    text = "".join(lines)
    if text and not text.endswith("\n"):
        text += "\n"
    note = "" if len(lines) >= total else f" (outline, first {len(lines)} of {total} lines)"
    fence = _fence(text)
    return f"## {path}{note}\n{fence}{language}\n{text}{fence}\n"


# Files a rule file shows first: the registry's entry files of every language
# (``__init__.py``, ``index.ts``, ``doc.go``, ``lib.rs``…).
_ENTRY_NAMES = frozenset(entry_files())


def _priority(module: Module, path: str) -> tuple:
    """Entry files first (``__init__.py``, ``index.ts``, ``doc.go``…), then path order."""
    entry = os.path.basename(path) in _ENTRY_NAMES
    return (0 if entry else 1, path.count("/"), path)


def _cut_block(
    path: str,
    language: str,
    lines: list[str],
    file_tokens: int,
    encoding: Encoding,
    symbols: dict[str, list[Symbol]] | None = None,
    refs: dict[str, int] | None = None,
) -> str | None:
    """The block of ``path`` whole when it fits in ``file_tokens``; else its
    most important signatures when ``symbols`` has its definitions, else as
    many outline lines as fit (None when not even its first lines fit)."""

    def size(k: int) -> int:
        return count_tokens(_file_block(path, language, lines[:k], len(lines)), encoding=encoding)

    if size(len(lines)) <= file_tokens:
        return _file_block(path, language, lines, len(lines))
    if symbols is not None and symbols.get(path):
        block = signature_block(path, language, symbols[path], refs or {}, file_tokens, encoding, _fence)
        if block is not None:
            return block
    lo = most_that_fit(0, len(lines), lambda k: size(k) <= file_tokens)  # the most lines that fit
    if lo < min(_MIN_FILE_LINES, len(lines)):
        return None
    return _file_block(path, language, lines[:lo], len(lines))


def render_rule(
    module: Module,
    outlines: dict[str, tuple[str, list[str]]],
    *,
    file_tokens: int = DEFAULT_RULE_TOKENS,
    max_tokens: int | None = None,
    encoding: Encoding = DEFAULT_ENCODING,
    patterns: list[str] | None = None,
    symbols: dict[str, list[Symbol]] | None = None,
    refs: dict[str, int] | None = None,
) -> str:
    """The rule file of ``module`` (``paths:`` scoped by ``patterns``, by
    default everything under the module).

    ``outlines`` maps each source file of the module to (language, outline
    lines). Each file's block (its heading and fenced outline) is cut at a line
    boundary to at most ``file_tokens`` tokens; with ``max_tokens`` the whole
    rule file is held under that too: files enter in priority order while they
    fit, and the files left out are named in a last line. With ``symbols``
    (each file's definitions) the files enter by importance (see
    :func:`~.rule_plan.importance`) and share what is left of the cap, and a
    file that does not fit whole shows its most important signatures (see
    :func:`~.rule_plan.signature_block`) instead of its first lines.
    """
    head = (
        render_paths_front_matter(patterns or scope_patterns(module))
        + GENERATED_MARKER
        + "\n"
        + f"# {module.label}"
        + (f" \u2014 {module.description}" if module.description else "")
        + "\n\n"
    )

    def fits(text: str) -> bool:
        return max_tokens is None or count_tokens(text, encoding=encoding) <= max_tokens

    def minimal(count: int) -> str:
        return f"+{count} more files\n" if count else ""

    order = _priority if symbols is None else lambda m, p: importance(p, symbols, refs or {}, _ENTRY_NAMES)
    files = [p for p in sorted(outlines, key=lambda p: order(module, p)) if outlines[p][1]]
    if not fits(head + minimal(len(files))):
        raise InvalidOption(
            "max_tokens",
            (
                f"{max_tokens} is below the {count_tokens(head + minimal(len(files)), encoding=encoding)} tokens "
                f"that the front matter and title of the rule for {module.label} take; raise it"
            ),
        )
    blocks: list[str] = []
    left: list[str] = []
    whole = (
        {}
        if symbols is None
        else {
            p: count_tokens(_file_block(p, outlines[p][0], outlines[p][1], len(outlines[p][1])), encoding=encoding)
            for p in files
        }
    )
    for n, path in enumerate(files):
        language, lines = outlines[path]
        tail = minimal(len(files) - n - 1 + len(left))
        cap = file_tokens
        if max_tokens is not None:  # what is left of the rule file's cap
            left_over = max_tokens - count_tokens(head + "".join(blocks) + tail, encoding=encoding)
            if symbols is not None and (left or sum(whole[p] for p in files[n:]) > left_over):
                # shared with the files still to come, room kept to name those left out
                left_over -= min(_NAMES_ROOM, max_tokens // 10)
                left_over = min(left_over, max(_MIN_SHARE, left_over // (len(files) - n)))
            cap = min(cap, left_over)
        block = None
        while cap > 0:
            block = _cut_block(path, language, lines, cap, encoding, symbols, refs)
            if block is None or fits(head + "".join(blocks) + block + tail):
                break
            cap -= max(1, cap // 16)  # tokens do not always add up across a join
            block = None
        if block is None:  # not even its first lines fit: later, smaller files may
            left.append(path)
            continue
        blocks.append(block)
    text = head + "".join(blocks)
    return text + _left_out(text, left, fits, minimal(len(left)))


def _left_out(text: str, left: list[str], fits: Callable[[str], bool], last: str) -> str:
    """The last line of a rule: as many of the files left out named as still fit."""
    shown: list[str] = []
    for path in left:
        more = len(left) - len(shown) - 1
        line = f"+{len(left)} more files: {', '.join(shown + [path])}" + (f" (+{more})" if more else "") + "\n"
        if not fits(text + line):
            break
        shown.append(path)
        last = line
    return last


def _outline(root: str, path: str) -> tuple[str, list[str]] | None:
    language = detect_language(path)
    if language is None:
        return None
    try:
        data = read_regular(os.path.join(root, path), max_bytes=DEFAULT_MAX_FILE_BYTES)
    except OSError:
        return None
    try:
        result = compress(data, language=language, level="outline")
    except CodepithError:
        return language, data.decode("utf-8", "replace").splitlines(keepends=True)
    return language, result.data.decode("utf-8", "replace").splitlines(keepends=True)


def build_rules(
    root: str | os.PathLike,
    *,
    file_tokens: int = DEFAULT_RULE_TOKENS,
    max_tokens: int | None = DEFAULT_RULE_FILE_TOKENS,
    encoding: Encoding = DEFAULT_ENCODING,
    dry_run: bool = False,
) -> list[BuiltRule]:
    """Write ``ROOT/.claude/rules/codepith-<module>.md`` for every module at the
    depth where its outline fits ``max_tokens`` (see :mod:`.rule_plan`;
    :func:`render_rule` for the caps); with ``dry_run`` nothing is written."""
    if file_tokens <= 0:
        raise InvalidOption("file_tokens", f"must be a positive number, got {file_tokens}")
    if max_tokens is not None and max_tokens <= 0:
        raise InvalidOption("max_tokens", f"must be a positive number, got {max_tokens}")
    count_tokens("", encoding=encoding)
    root = os.path.abspath(os.fspath(root))
    if not os.path.isdir(root):
        raise CodepithError(f"{root}: the root must be a folder")
    index = load_index(root)
    refs = reference_counts(index)
    public = public_names(index)
    rules_dir = os.path.join(root, *RULES_DIR.split("/"))
    outline = functools.cache(lambda path: _outline(root, path))

    @functools.cache
    def size(path: str) -> int:  # of the file's whole block
        got = outline(path)
        if not got or not got[1]:
            return 0
        return count_tokens(_file_block(path, got[0], got[1], len(got[1])), encoding=encoding)

    def whole_size(files: list[str]) -> int:
        return sum(size(p) for p in files)

    wanted: dict[str, str] = {}
    for unit in plan_rules(module_tree(index), whole_size, max_tokens):
        name = RULE_PREFIX + slug(unit.module.path) + ".md"
        n = 2
        while name in wanted:
            name = f"{RULE_PREFIX}{slug(unit.module.path)}-{n}.md"
            n += 1
        if not doc_line(unit.module, index):  # its most referenced names rather than the first ones
            names = key_names(unit.files, index, refs, limit=6, public=public)
            unit.module.description = ", ".join(names) or unit.module.description
        got = {p: outline(p) for p in unit.files}
        wanted[name] = render_rule(
            unit.module,
            {p: o for p, o in got.items() if o is not None},
            file_tokens=file_tokens,
            max_tokens=max_tokens,
            encoding=encoding,
            patterns=unit.patterns,
            symbols={p: index.files[p].symbols for p in unit.files if p in index.files},
            refs=refs,
        )
    with contextlib.ExitStack() as stack:
        try:
            where = stack.enter_context(open_folder(root, RULES_DIR, create=bool(wanted) and not dry_run))
        except FileNotFoundError:  # not built yet, and nothing to write now
            where = None
        return _sync_rules(where, rules_dir, wanted, encoding=encoding, dry_run=dry_run)


def _sync_rules(
    where: Folder | None, rules_dir: str, wanted: dict[str, str], *, encoding: Encoding, dry_run: bool
) -> list[BuiltRule]:
    """Write the ``wanted`` rule files into the folder ``where`` (None: not
    there yet) where their bytes changed, and remove the generated ones no
    longer wanted. Nothing is read or written through a link."""
    results: list[BuiltRule] = []
    for name in sorted(wanted):
        target = os.path.join(rules_dir, name)
        data = wanted[name].encode("utf-8", "surrogateescape")  # a non-UTF-8 file name: its own bytes
        tokens = count_tokens(data, encoding=encoding)
        if where is not None and _read_or_none(where, name, target) == data:
            results.append(BuiltRule(f"{RULES_DIR}/{name}", "unchanged", tokens))
            continue
        if not dry_run:
            assert where is not None  # opened with create=True: there is a file to write
            try:
                replace_in(where, name, data, mode=0o644, shown=target)
            except UnsafeStatePath:
                raise
            except OSError as exc:
                raise CodepithError(
                    f"{target}: cannot write it ({exc.strerror or exc}); check the folder's permissions"
                ) from None
        results.append(BuiltRule(f"{RULES_DIR}/{name}", "written", tokens))
    # rule files of modules that are gone (only those codepith generated)
    if where is None:
        return results
    for name in sorted(where.listdir()):
        if not (name.startswith(RULE_PREFIX) and name.endswith(".md")) or name in wanted:
            continue
        old = _read_or_none(where, name, os.path.join(rules_dir, name))
        if old is not None and GENERATED_MARKER.encode() in old[:4096]:
            if not dry_run:
                where.unlink(name)
            results.append(BuiltRule(f"{RULES_DIR}/{name}", "removed"))
    return results


def _read_or_none(where: Folder, name: str, shown: str) -> bytes | None:
    """The bytes of a rule file, None when it is missing or unreadable; a
    symlink or a special file is refused."""
    try:
        return read_in(where, name, shown)
    except NotRegularFile:
        raise refused(shown, "not a regular file") from None
    except UnsafeStatePath:
        raise
    except OSError:
        return None
