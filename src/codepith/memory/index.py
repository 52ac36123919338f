"""Tier 1: a bounded index of the project, for an always-loaded instructions file.

:func:`build_index` renders one line per module (see :mod:`.modules`) — where
it is and what it is — under a hard ceiling of exact tokens, and always ends
with the pointer line telling the agent how to ask for more. When the modules
do not fit, deeper levels collapse into their parents (a whole level at a
time, deepest first); when the top level alone does not fit, the heaviest
modules (most source files) are kept, in path order, and the rest become one
``+N more`` line. The text is a marked block, so :func:`write_block` can
replace it inside ``AGENTS.md``/``CLAUDE.md`` and leave every other byte of the
file alone. Same tree, same bytes: nothing depends on time, hash order or the
file system's listing order.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..core.languages import entry_files
from ..core.literals import Encoding
from ..core.tokens import DEFAULT_ENCODING, count_tokens
from ..errors import CodepithError, InvalidOption
from ..fs.paths import display_name
from ..fs.safeio import UnsafeStatePath, read_regular
from ..fs.statefiles import inside, write_atomic
from .defaults import DEFAULT_MAX_TOKENS
from .fitting import most_that_fit
from .modules import Module, _doc, doc_line, module_tree
from .references import is_public, key_names, public_names, reference_counts
from .symbols import SymbolIndex, load_index

__all__ = [
    "DEFAULT_MAX_TOKENS",
    "END_MARKER",
    "POINTER",
    "START_MARKER",
    "IndexLine",
    "build_index",
    "fit_index",
    "index_lines",
    "replace_block",
    "write_block",
]

START_MARKER = "<!-- codepith:index:start -->"
END_MARKER = "<!-- codepith:index:end -->"
HEADER = "## Project index"
POINTER = 'More: `codepith recall "QUESTION"` prints the code and rules relevant to a task.'


@dataclass(frozen=True)
class IndexLine:
    """One module of the index: its label (a path), its level (1 = top) and weight."""

    label: str
    description: str
    level: int
    weight: int  # source files under it: the heaviest stay when the top level is cut
    parent: int | None = None  # position of its parent in the list
    rank: int = 0  # among lines of the same weight, the higher first (a file: how referenced it is)


def lines_of(
    modules: list[Module], files_of: Callable[[Module], list[tuple[str, str, int]]] | None = None
) -> list[IndexLine]:
    """The modules as a flat list in path order, each after its parent;
    ``files_of(module)``, when given, lists (label, description, rank) lines
    for some of a module's own files, shown after its subfolders."""
    out: list[IndexLine] = []

    def add(module: Module, level: int, parent: int | None, parent_path: str) -> None:
        label = module.label
        if parent is not None and module.path.startswith(parent_path + "/"):
            label = module.path[len(parent_path) + 1 :] + "/"
        out.append(IndexLine(label, module.description, level, len(module.source_files()) or 0, parent))
        me = len(out) - 1
        for child in module.children:
            add(child, level + 1, me, module.path)
        for file_label, description, rank in files_of(module) if files_of else []:
            out.append(IndexLine(file_label, description, level + 1, 0, me, rank))

    for module in modules:
        add(module, 1, None, module.path)
    return out


def _render(lines: list[IndexLine], more: int, newline: str) -> str:
    body = [START_MARKER, HEADER]
    for line in lines:
        indent = "  " * (line.level - 1)
        body.append(
            f"{indent}- {display_name(line.label)}" + (f" \u2014 {line.description}" if line.description else "")
        )
    if more:
        body.append(f"- +{more} more")
    body.append(POINTER)
    body.append(END_MARKER)
    return newline.join(body) + newline


def _cut(description: str, words: int) -> str:
    """The first ``words`` words of ``description`` (an ellipsis when cut; a
    dangling ``Main:`` dropped)."""
    parts = description.split(" ")
    if words >= len(parts):
        return description
    kept = parts[:words]
    if kept and kept[-1] == _MAIN:
        kept.pop()
    return " ".join(kept).rstrip(",;:.") + "\u2026" if kept else ""


def _with(line: IndexLine, description: str) -> IndexLine:
    return IndexLine(line.label, description, line.level, line.weight, line.parent, line.rank)


def _fill(lines: list[IndexLine], fits: Callable[[str], bool], newline: str) -> str:
    """The top-level labels, then, while they fit: their descriptions (a few
    words, then more), then each deeper level's folders and then its files
    (labels heaviest first, then a few words of each description), then
    every description whole, and last the deeper folders without source
    files; each description is cut at a word to what fits."""
    top = [i for i, line in enumerate(lines) if line.level == 1]
    shown = {i: _with(lines[i], "") for i in top}

    def text() -> str:
        return _render([shown[i] for i in sorted(shown)], 0, newline)

    def trial(i: int, line: IndexLine) -> bool:
        old = shown.get(i)
        shown[i] = line
        if fits(text()):
            return True
        if old is None:
            del shown[i]
        else:
            shown[i] = old
        return False

    def ranked(indices: Iterable[int]) -> list[int]:
        return sorted(indices, key=lambda i: (-lines[i].weight, -lines[i].rank, i))

    def describe(indices: list[int], caps: tuple) -> None:
        for cap in caps:
            for i in indices:
                _describe(i, lines[i], cap, shown, trial)

    describe(ranked(top), (3, 12))
    depth = max((line.level for line in lines), default=1)
    for level in range(2, depth + 1):
        for folders in (True, False):
            group = ranked(
                i
                for i, line in enumerate(lines)
                if line.level == level
                and line.parent in shown
                and line.label.endswith("/") == folders
                and (line.weight or not folders)
            )
            added = [i for i in group if trial(i, _with(lines[i], ""))]
            describe(added, (3, 6))
    for level in range(1, depth + 1):
        describe(ranked(i for i in shown if lines[i].level == level), (None,))
    # last, the deeper folders that hold no source file (data, templates, grammars)
    for level in range(2, depth + 1):
        for i in ranked(
            i
            for i, line in enumerate(lines)
            if line.level == level and line.parent in shown and line.label.endswith("/") and not line.weight
        ):
            trial(i, lines[i]) or trial(i, _with(lines[i], ""))
    return text()


def _describe(
    i: int, line: IndexLine, cap: int | None, shown: dict[int, IndexLine], trial: Callable[[int, IndexLine], bool]
) -> None:
    """Give shown line ``i`` the longest prefix of its description, up to
    ``cap`` words, that still fits."""
    words = len(line.description.split(" ")) if line.description else 0
    have = len(shown[i].description.split(" ")) if shown[i].description else 0
    top = words if cap is None else min(words, cap)
    if top <= have:
        return
    lo, hi = have, top
    while lo < hi:  # the most words that fit
        mid = (lo + hi + 1) // 2
        candidate = _with(line, _cut(line.description, mid))
        old = shown[i]
        if trial(i, candidate):
            shown[i] = old
            lo = mid
        else:
            hi = mid - 1
    if lo > have:
        trial(i, _with(line, _cut(line.description, lo)))


def fit_index(
    lines: list[IndexLine], *, max_tokens: int, encoding: Encoding = DEFAULT_ENCODING, newline: str = "\n"
) -> str:
    """The index text of ``lines`` in at most ``max_tokens`` tokens (exact count)."""

    def fits(text: str) -> bool:
        return count_tokens(text, encoding=encoding) <= max_tokens

    whole = _render(lines, 0, newline) if 2 * len(lines) <= max_tokens else None
    if whole is not None and fits(whole):
        return whole
    top = [line for line in lines if line.level == 1]
    # every listed line costs at least two tokens: more lines than that cannot fit
    if 2 * len(top) <= max_tokens and fits(_render([_with(line, "") for line in top], 0, newline)):
        return _fill(lines, fits, newline)
    floor = _render([], len(top), newline)
    if not fits(floor):
        raise InvalidOption(
            "max_tokens",
            (
                f"{max_tokens} is below this index's minimum of {count_tokens(floor, encoding=encoding)} tokens "
                f"(the header, the pointer line and '+{len(top)} more'); raise it"
            ),
        )
    # the heaviest first; ties in path order
    ranked = sorted(range(len(top)), key=lambda i: (-top[i].weight, i))

    def render_k(k: int) -> str:
        keep = sorted(ranked[:k])
        return _render([top[i] for i in keep], len(top) - k, newline)

    return render_k(most_that_fit(0, min(len(top), max_tokens // 2), lambda k: fits(render_k(k))))


def build_index(
    root: str | os.PathLike,
    *,
    max_tokens: int = DEFAULT_MAX_TOKENS,
    encoding: Encoding = DEFAULT_ENCODING,
    newline: str = "\n",
    cache: bool = True,
    warnings: list[str] | None = None,
) -> str:
    """The index block of the project at ``root``, at most ``max_tokens`` tokens.
    What it left out for a secret (a source file, a README sentence, a doc) is
    appended to ``warnings``: the file, the kind and the line, never the value."""
    if max_tokens <= 0:
        raise InvalidOption("max_tokens", f"must be a positive number, got {max_tokens}")
    count_tokens("", encoding=encoding)  # an unknown encoding fails here, naming the known ones
    root = os.fspath(root)
    if not os.path.isdir(root):
        raise CodepithError(f"{root}: the root must be a folder")
    index = load_index(root, cache=cache)
    block = fit_index(index_lines(index), max_tokens=max_tokens, encoding=encoding, newline=newline)
    if warnings is not None:
        warnings.extend(w for w in index.warnings if "holds a secret" in w and w not in warnings)
    return block


def index_lines(index: SymbolIndex) -> list[IndexLine]:
    """Every line the index of ``index`` could show, described (see :func:`index_description`)."""
    modules = module_tree(index)
    refs = reference_counts(index)
    public = public_names(index)
    for top in modules:
        for module in top.walk():
            module.description = index_description(module, index, refs, public)
    return lines_of(modules, lambda module: file_lines(module, index, refs, public))


def index_description(
    module: Module, index: SymbolIndex, refs: dict[str, int], public: dict[str, list[str]] | None = None
) -> str:
    """What ``module`` is for the index: its package doc or README line, then
    its most referenced public names; the names alone when it has no doc."""
    doc = doc_line(module, index)
    names = key_names(module.all_files(), index, refs, limit=_KEY_NAMES, public=public)
    if not names:
        return doc or module.description
    if not doc:
        return ", ".join(names)
    return doc + (" " if doc[-1] in ".!?\u2026" else "; ") + _MAIN + " " + ", ".join(names)


def file_lines(
    module: Module, index: SymbolIndex, refs: dict[str, int], public: dict[str, list[str]] | None = None
) -> list[tuple[str, str, int]]:
    """Index lines for the most referenced own source files of ``module`` (its
    entry files left out, they describe the module itself, and private ones,
    named ``_…``)."""
    entries = set(entry_files())
    out = []
    for n, path in enumerate(module.files):
        entry = index.files.get(path)
        name = os.path.basename(path)
        if entry is None or name in entries or name.startswith("_"):
            continue
        rank = sum(refs.get(s.name, 0) for s in entry.symbols if is_public(s))
        names = key_names([path], index, refs, limit=_KEY_NAMES, public=public)
        doc = _doc(index, path) if entry.doc else ""
        description = (doc + (" " + _MAIN + " " + ", ".join(names) if names else "")) if doc else ", ".join(names)
        if description:
            out.append((rank, n, name, description))
    out.sort(key=lambda item: (-item[0], item[1]))
    return [(name, description, rank) for rank, _n, name, description in sorted(out[:_FILES], key=lambda x: x[1])]


_KEY_NAMES = 6
_FILES = 12  # file lines offered per module, the most referenced
_MAIN = "Main:"


# --------------------------------------------------------------------------- the marked block


def _find_block(data: bytes, path: str) -> tuple[int, int] | None:
    """(start, end) byte offsets of the marked block, end marker included; None when absent."""
    start_marker, end_marker = START_MARKER.encode(), END_MARKER.encode()
    starts = _occurrences(data, start_marker)
    ends = _occurrences(data, end_marker)
    if not starts and not ends:
        return None
    if len(starts) != 1 or len(ends) != 1 or ends[0] < starts[0]:
        raise CodepithError(
            f"{path}: expected one {START_MARKER} followed by one {END_MARKER}, found "
            f"{len(starts)} start and {len(ends)} end marker(s){' in the wrong order' if starts and ends and ends[0] < starts[0] else ''}; "
            "fix the markers by hand (codepith will not guess which block to replace)"
        )
    return starts[0], ends[0] + len(end_marker)


def _occurrences(data: bytes, needle: bytes) -> list[int]:
    out, i = [], data.find(needle)
    while i >= 0:
        out.append(i)
        i = data.find(needle, i + 1)
    return out


def file_newline(data: bytes) -> str:
    """The file's line ending: CRLF when its first line break is one, else LF."""
    i = data.find(b"\n")
    return "\r\n" if i > 0 and data[i - 1 : i] == b"\r" else "\n"


def replace_block(data: bytes, block: str, path: str = "<file>") -> bytes:
    """``data`` with its marked block replaced by ``block`` (markers included, its
    trailing line break dropped: the one after the old end marker stays), or with
    ``block`` appended when it has none. Every other byte is kept."""
    raw = block.encode("utf-8")
    span = _find_block(data, path)
    if span is not None:
        newline = b"\r\n" if raw.endswith(b"\r\n") else b"\n"
        raw = raw.removesuffix(newline)
        return data[: span[0]] + raw + data[span[1] :]
    if not data:
        return raw
    newline = file_newline(data).encode()
    if data.endswith((newline + newline, b"\n\n")):
        sep = b""
    elif data.endswith(b"\n"):
        sep = newline
    else:
        sep = newline + newline
    return data + sep + raw


def _target(path: str | os.PathLike, root: str | os.PathLike | None) -> tuple[str, str | None]:
    """(the file to write, the root to write it under) for ``path``.

    A symlink is written where it points when that stays inside ``root`` (a
    ``CLAUDE.md`` linked to ``AGENTS.md``); one that leaves the root is refused.
    A path the user names outside the root is written as named."""
    given = os.path.abspath(os.fspath(path))
    real = os.path.realpath(given)
    if root is None or inside(root, given) is None:
        return real, None
    real_root = os.path.realpath(os.fspath(root))
    if inside(real_root, real) is None:
        raise UnsafeStatePath(
            f"{given}: a symlink to {real}, outside the project root {root}; codepith writes the index only "
            "inside the root: replace the link with a file, or name the target itself"
        )
    return real, real_root


def write_block(
    path: str | os.PathLike, block_for: Callable[[str], str], *, root: str | os.PathLike | None = None
) -> tuple[bool, str]:
    """Put the index block into the file at ``path`` (created when absent).

    ``block_for(newline)`` renders the block with the file's line ending. The
    file is replaced atomically (a temporary file, then a rename), keeps its
    permission bits, and is not touched at all when nothing changes. Below
    ``root`` nothing is written through a link that leaves the root (see
    :func:`_target`). Returns (written, block).
    """
    path, under = _target(path, root)
    try:
        data = read_regular(path)
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        data, mode = b"", None
    except OSError as exc:
        raise CodepithError(f"{path}: cannot read it ({exc.strerror or exc}); give a regular file") from None
    block = block_for(file_newline(data) if data else "\n")
    new = replace_block(data, block, path)
    if new == data:
        return False, block
    try:
        write_atomic(path, new, mode=mode if mode is not None else 0o644, root=under)
    except UnsafeStatePath:
        raise
    except OSError as exc:
        raise CodepithError(
            f"{path}: cannot write it ({exc.strerror or exc}); check its folder's permissions"
        ) from None
    return True, block
