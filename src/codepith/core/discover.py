"""Finding the files of a tree: ignore rules, symlinks, special files.

:func:`walk` streams every entry it considers, in sorted path order, with
what happens to it: a file to read (:class:`Candidate`) or an entry that is
left out with its reason (:class:`Excluded`). Nothing is opened here but
``.gitignore`` and ``.codepithignore`` files and ``.git/info/exclude``; FIFOs, sockets and devices are
recognised from ``lstat``/``stat`` and never opened.

Ignore rules follow git: ``.gitignore`` files at every level (patterns are
relative to their folder, later and deeper rules win, ``!`` re-includes),
``.git/info/exclude`` of the root, and the ``.git`` folder itself.
``.codepithignore`` files (gitignore syntax) are codepith's own: read
wherever a ``.gitignore`` is, after it (so they win in the same folder), and
honoured even when ``.gitignore`` files are not (``gitignore=False``). codepith's
own state folder (``.codepith/``) is never an input: it is listed as
``ignored:codepith-state``. Where no ignore rule matches an entry, the
default ignores (:mod:`codepith.fs.ignores`: dependencies, build output,
lock files, minified files, …) leave it out as ``ignored:default``. Matching
uses ``pathspec``'s gitignore implementation.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .._settings import with_settings
from ..fs.ignores import DEFAULT_HINT, default_rule
from ..fs.safeio import DEFAULT_MAX_FILE_BYTES, STATE_DIR
from ..fs.safeio import is_link as _leads_elsewhere
from .secrets import name_reason, redact_path
from .verdict import too_large

if TYPE_CHECKING:
    import pathspec

__all__ = [
    "Candidate",
    "Excluded",
    "WalkOptions",
    "walk",
    "walk_roots",
    "root_problem",
    "repository_root",
    "DEFAULT_MAX_FILE_BYTES",
    "KIND_ONLY",
]


def _paths(values: Iterable[str | os.PathLike[str]]) -> tuple[str, ...]:
    if isinstance(values, (str, os.PathLike)):
        values = [values]
    return tuple(os.fspath(v) for v in values)


@dataclass(frozen=True)
class WalkOptions:
    """How :func:`walk` goes through a tree.

    ``include`` and ``exclude`` are gitignore-style globs relative to the root
    (an ``include`` list keeps only matching files). Files over
    ``max_file_bytes`` are skipped without being read. ``skip`` holds the
    paths that are the run's own output (``-o``, ``--report``): listed as
    ``ignored:output``, never read. ``state_dirs`` are folders of codepith's
    own state elsewhere than ``.codepith/`` (the results cache): listed as
    ``ignored:codepith-state`` like it, never read. ``gitignore=False``
    drops ``.gitignore`` and ``.git/info/exclude`` rules, never
    ``.codepithignore`` ones. ``default_ignores``
    leaves out what no ``.gitignore`` rule decides and
    :func:`codepith.fs.ignores.default_rule` names (``ignored:default``).
    Sequences are kept as tuples (a lone string is one pattern or path).
    """

    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    gitignore: bool = True
    skip: tuple[str, ...] = ()
    state_dirs: tuple[str, ...] = ()
    default_ignores: bool = True

    def __post_init__(self) -> None:
        for name in ("include", "exclude", "skip", "state_dirs"):
            object.__setattr__(self, name, _paths(getattr(self, name)))


@dataclass(frozen=True)
class Candidate:
    """A regular file to read. ``path`` is relative to the root, with ``/``."""

    path: str
    abspath: str
    size: int


@dataclass(frozen=True)
class Excluded:
    """An entry left out: ``action`` is ``ignored:<rule>`` or ``skipped:<reason>``.

    An ignored folder is one entry whose ``files`` counts the files under it.
    """

    path: str
    action: str
    files: int = 1
    size: int = 0
    reason: str | None = None
    #: a folder left out whole (``files`` counts what it holds)
    folder: bool = False


def root_problem(root: str | os.PathLike, label: str) -> Excluded | None:
    """The entry for a root (a path given to a command) that cannot be read:
    ``skipped:missing``, ``skipped:unreadable`` or ``skipped:not-a-regular-file``
    (a FIFO, socket or device, which is never opened). None for a file or a
    folder."""
    try:
        st = os.stat(root)
    except FileNotFoundError:
        return Excluded(label, "skipped:missing", reason="no such file or directory")
    except OSError as exc:
        return Excluded(label, "skipped:unreadable", reason=exc.strerror or str(exc))
    if stat.S_ISDIR(st.st_mode) or stat.S_ISREG(st.st_mode):
        return None
    return Excluded(
        label,
        "skipped:not-a-regular-file",
        reason="not a regular file or folder (a FIFO, socket or device is never read)",
    )


class _Rules:
    """One ignore file's patterns, anchored at a folder of the tree."""

    __slots__ = ("base", "source", "spec", "lines", "prefix")

    def __init__(self, base: str, source: str, lines: list[str]) -> None:
        self.base = base  # relative folder ("" for the root), with a trailing "/"
        self.source = source
        self.lines = lines
        self.spec = _spec(lines)
        self.prefix = ""  # for rules from above the root: the root's path below them


#: codepith's own ignore file: gitignore syntax, honoured even without ``.gitignore``
CODEPITHIGNORE = ".codepithignore"


def _read_rules(path: str, base: str, source: str) -> _Rules | None:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    if not any(line.strip() and not line.lstrip().startswith("#") for line in lines):
        return None
    return _Rules(base, source, lines)


def _decide(stack: list[_Rules], rel: str, is_dir: bool) -> str | None:
    """The ignore rule that excludes ``rel``, or None when it is included."""
    return _decide_rule(stack, rel, is_dir)[0]


def _decide_rule(stack: list[_Rules], rel: str, is_dir: bool) -> tuple[str | None, bool]:
    """(the ignore rule that excludes ``rel`` or None, whether any rule matched
    it at all -- a ``!`` rule that brings it back is a match)."""
    verdict: str | None = None
    matched = False
    for rules in stack:  # outer to inner: a deeper match overrides
        if not rel.startswith(rules.base):
            continue
        local = rules.prefix + rel[len(rules.base) :] + ("/" if is_dir else "")
        result = rules.spec.check_file(local)
        if result.include is None:
            continue
        matched = True
        if result.include:
            pattern = _pattern_text(rules, result.index)
            verdict = f"ignored:{rules.source}:{pattern}"
        else:
            verdict = None
    return verdict, matched


def _reincludes_under(stack: list[_Rules], rel: str) -> bool:
    """Whether a ``!`` rule names a path under the folder ``rel`` (``!out/keep.py``
    for ``out``): the .gitignore speaks of the folder's contents, so a default
    ignore does not take the folder away."""
    for rules in stack:
        if rules.prefix or not rel.startswith(rules.base):
            continue
        local = rel[len(rules.base) :] + "/"
        for line in rules.lines:
            text = line.strip()
            if text.startswith("!") and (
                text[1:].lstrip("/").startswith(local) or text[1:].startswith("**/" + local.split("/")[-2] + "/")
            ):
                return True
    return False


def _pattern_text(rules: _Rules, index: int | None) -> str:
    """The text of the pattern that decided (``index`` counts pathspec's patterns)."""
    if index is None:
        return "?"
    try:
        return str(getattr(rules.spec.patterns[index], "pattern", "?")).strip()
    except IndexError:
        return "?"


def repository_root(path: str) -> str | None:
    """The top of the git repository that holds the folder ``path``: the
    nearest folder at or above it with a ``.git`` (a folder, or a worktree's
    file); None when there is none."""
    top = os.path.abspath(path)
    while True:
        if os.path.exists(os.path.join(top, ".git")):
            return top
        parent = os.path.dirname(top)
        if parent == top:
            return None
        top = parent


def _enclosing_rules(real_root: str, names: tuple[str, ...], repository: str | None) -> list[_Rules]:
    """Rules that apply to ``real_root`` from above it, as git applies them: the
    enclosing repository's ``.git/info/exclude`` and the ``.gitignore`` files on
    the way down from the repository's top to the root (not including the root's
    own, which the walk reads). ``names``: the ignore files read in each
    folder, in order (``.gitignore`` and ``.codepithignore``, or only the
    latter); ``.git/info/exclude`` goes with ``.gitignore``. ``repository``:
    :func:`repository_root` of the root."""
    top = repository or real_root  # not in a repository: only the tree's own files count
    stack: list[_Rules] = []
    if ".gitignore" in names:
        info = _read_rules(os.path.join(top, ".git", "info", "exclude"), "", ".git/info/exclude")
        if info is not None:
            _rebase(info, top, real_root)
            stack.append(info)
    folder = top
    rel_parts = os.path.relpath(real_root, top).split(os.sep) if real_root != top else []
    for part in [""] + rel_parts[:-1] if rel_parts else []:
        folder = os.path.join(folder, part) if part else folder
        for name in names:
            source = os.path.relpath(os.path.join(folder, name), real_root)
            rules = _read_rules(os.path.join(folder, name), "", source)
            if rules is not None:
                _rebase(rules, folder, real_root)
                stack.append(rules)
    return stack


def _rebase(rules: _Rules, folder: str, real_root: str) -> None:
    """Re-anchor rules read at ``folder`` (an ancestor of the root) to the root:
    the root's paths are matched as ``<root relative to folder>/<path>``."""
    prefix = os.path.relpath(real_root, folder).replace(os.sep, "/")
    rules.prefix = "" if prefix == "." else prefix + "/"


def _spec(lines: Sequence[str]) -> pathspec.GitIgnoreSpec:
    """Gitignore ``lines`` as one spec (``pathspec`` imported when a walk first needs it)."""
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(lines)


def _globs(patterns: Sequence[str]) -> pathspec.GitIgnoreSpec | None:
    cleaned = [p for p in patterns if p and p.strip()]
    return _spec(cleaned) if cleaned else None


def _count_files(path: str, seen: list[str] | None = None) -> int:
    """The files under the folder ``path``; each folder counted goes to
    ``seen`` when given (a file made or removed changes one's listing)."""
    count = 0
    for dirpath, _dirnames, filenames in os.walk(path, followlinks=False):
        count += len(filenames)
        if seen is not None:
            seen.append(dirpath)
    return count


def _sort_key(entry: os.DirEntry) -> str:
    # folders sort as "name/" so that a depth-first walk yields files in the
    # sorted order of their full paths
    try:
        is_dir = entry.is_dir()  # a link to a folder sorts (and is walked) as one
    except OSError:
        is_dir = False
    return entry.name + "/" if is_dir else entry.name


def walk(
    root: str | os.PathLike,
    options: WalkOptions | None = None,
    *,
    seen: list[str] | None = None,
    **settings: Any,
) -> Iterator[Candidate | Excluded]:
    """Every entry under ``root`` that codepith considers, in sorted path
    order, walked as ``options`` say (:class:`WalkOptions`; default: every
    rule on, nothing skipped). ``settings`` names fields of
    :class:`WalkOptions` to set (``walk(root, exclude=["vendor/"])``).

    ``seen``, when given, receives every path whose state decides the walk:
    each folder listed or counted, each ignore file looked for, each file or
    link that is not left out by a rule, and above the root each folder's
    ignore files and ``.git`` (that one by its kind only, :data:`KIND_ONLY`).
    While none of them changes (the same ``stat``), nor does the walk: see
    :mod:`codepith.bulk.memo`."""
    options = with_settings(WalkOptions, options, settings, "walk")
    root = os.fspath(root)
    real_root = os.path.realpath(root)
    if not os.path.isdir(root):
        raise NotADirectoryError(f"{root} is not a folder")
    include_spec = _globs(options.include)
    exclude_spec = _globs(options.exclude)
    names = _ignore_files(options.gitignore)
    repository = repository_root(real_root)
    stack = _enclosing_rules(real_root, names, repository)
    if seen is not None:
        seen.extend(_enclosing_paths(real_root, names, repository))
    root_stat = os.stat(root)
    visited = {(root_stat.st_dev, root_stat.st_ino)}
    walker = _Walker(
        real_root,
        stack,
        include_spec,
        exclude_spec,
        options.max_file_bytes,
        options.gitignore,
        visited,
        _file_ids(options.skip),
        _file_ids(options.state_dirs),
        options.default_ignores,
        seen,
    )
    yield from walker.walk(root)


#: a path in a walk's ``seen`` that starts with this counts by its kind only
#: (a ``.git`` above the root: whether it is there, not what git last wrote in it)
KIND_ONLY = "\0"


def _enclosing_paths(real_root: str, names: tuple[str, ...], repository: str | None) -> list[str]:
    """What :func:`_enclosing_rules` and :func:`repository_root` look at above
    the root (by their own stats: a folder above the root changes with
    everything made in it): whether each folder from the root up holds a
    ``.git`` (one made above would put the root in a repository), and inside
    ``repository`` the ignore files of the folders above the root and its
    ``.git/info/exclude``."""
    paths = [KIND_ONLY + os.path.join(real_root, ".git")]
    inside = repository is not None and repository != real_root  # (a folder above the root, in the repository)
    folder = real_root
    while True:
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
        paths.append(KIND_ONLY + os.path.join(folder, ".git"))
        if inside:
            paths.extend(os.path.join(folder, name) for name in names)
            inside = folder != repository
    if repository is not None and ".gitignore" in names:
        paths.append(os.path.join(repository, ".git", "info", "exclude"))
    return paths


def _ignore_files(gitignore: bool) -> tuple[str, ...]:
    """The ignore files read in each folder, in the order their rules apply."""
    return (".gitignore", CODEPITHIGNORE) if gitignore else (CODEPITHIGNORE,)


def _file_ids(paths: Sequence[str | os.PathLike]) -> frozenset[tuple[int, int]]:
    """(device, inode) of each path that exists (one not made yet is in no tree)."""
    ids = set()
    for path in paths:
        try:
            st = os.stat(path)
        except OSError:
            continue
        ids.add((st.st_dev, st.st_ino))
    return frozenset(ids)


@dataclass
class _Folder:
    """A folder being walked: its entries still to come, and what to undo
    when it is done (its .gitignore rules, its place among the visited)."""

    rel: str
    entries: Iterator[os.DirEntry]
    #: how many ignore files of this folder are on the rules stack
    pushed: int
    real: tuple[int, int] | None


@dataclass
class _Walker:
    """One walk of one root: the rules and limits that hold for every folder,
    and the folders being walked (a symlink back into one of them is a loop)."""

    real_root: str
    stack: list[_Rules]
    include_spec: pathspec.GitIgnoreSpec | None
    exclude_spec: pathspec.GitIgnoreSpec | None
    max_file_bytes: int
    gitignore: bool
    visited: set[tuple[int, int]]
    skip: frozenset[tuple[int, int]]
    state: frozenset[tuple[int, int]] = frozenset()
    default_ignores: bool = True
    #: where the paths that decide the walk go, when they are wanted (see :func:`walk`)
    seen: list[str] | None = None

    def walk(self, root: str) -> Iterator[Candidate | Excluded]:
        """Every entry under ``root``, depth first in sorted order. Folders
        are walked with a stack of their own, not by recursion: however deep
        a tree is, the walk does not run out of Python frames."""
        opened = self.open(root, "", None)
        frames = [opened] if isinstance(opened, _Folder) else []
        if isinstance(opened, Excluded):
            yield opened
        while frames:
            frame = frames[-1]
            entry = next(frame.entries, None)
            if entry is None:
                frames.pop()
                self.close(frame)
                continue
            found = self.entry(entry, frame.rel + entry.name)
            if isinstance(found, _Folder):
                frames.append(found)
            elif found is not None:
                yield found

    def open(self, abspath: str, rel: str, real: tuple[int, int] | None) -> _Folder | Excluded:
        """The folder at ``abspath`` (``rel`` from the root, ending in ``/``
        unless it is the root) opened for the walk, its own .gitignore in
        force; or why it cannot be read."""
        pushed = 0
        if self.seen is not None:
            self.seen.append(abspath)
            self.seen.extend(os.path.join(abspath, name) for name in _ignore_files(self.gitignore))
        for name in _ignore_files(self.gitignore):
            rules = _read_rules(os.path.join(abspath, name), rel, rel + name)
            if rules is not None:
                self.stack.append(rules)
                pushed += 1
        try:
            entries = sorted(os.scandir(abspath), key=_sort_key)
        except OSError as exc:
            del self.stack[len(self.stack) - pushed :]
            return Excluded(rel.rstrip("/") or ".", "skipped:unreadable", 0, reason=exc.strerror, folder=True)
        if real is not None:
            self.visited.add(real)
        return _Folder(rel, iter(entries), pushed, real)

    def close(self, frame: _Folder) -> None:
        del self.stack[len(self.stack) - frame.pushed :]
        if frame.real is not None:
            self.visited.discard(frame.real)  # only the folders being walked count as loops

    def entry(self, entry: os.DirEntry, child_rel: str) -> Candidate | Excluded | _Folder | None:
        """One entry of a folder: left out (and why), a folder to walk, or a file.
        An entry whose name holds a secret is ``skipped:secret`` before any rule
        could name it, and its path is redacted (see :func:`~.secrets.redact_path`)."""
        named = _secret_name(entry, child_rel, self.count)
        if named is not None:
            return named
        stats = self.stats(entry, child_rel)
        if isinstance(stats, Excluded):
            if self.seen is not None:  # (a link that comes to lead somewhere is another entry)
                self.seen.append(entry.path)
            return stats
        lst, target_stat, is_link = stats
        is_dir = stat.S_ISDIR(target_stat.st_mode)
        left_out = self.ignored(entry, child_rel, lst, target_stat, is_dir, is_link)
        if left_out is not None:
            return left_out
        if not is_dir:
            found = self.file(entry, child_rel, target_stat)
            ours = isinstance(found, Excluded) and found.action == "ignored:output"  # (this run rewrites it)
            if self.seen is not None and not ours:
                self.seen.append(entry.path)
            return found
        real = (target_stat.st_dev, target_stat.st_ino)
        if real in self.visited:
            return Excluded(child_rel, "skipped:symlink-loop", 0, folder=True)
        return self.open(entry.path, child_rel + "/", real)

    def count(self, path: str) -> int:
        """The files under the folder ``path``, which is left out whole."""
        return _count_files(path, self.seen)

    def stats(self, entry: os.DirEntry, child_rel: str):
        """(the entry's own stat, its target's, whether it is a link), or why
        it is left out (unreadable, a link out of the root or to nothing)."""
        try:
            lst = entry.stat(follow_symlinks=False)
        except OSError as exc:
            return Excluded(child_rel, "skipped:unreadable", reason=exc.strerror)
        if not _leads_elsewhere(lst):  # a junction on Windows leads elsewhere just as a symlink does
            return lst, lst, False
        real = os.path.realpath(entry.path)
        if real != self.real_root and not real.startswith(self.real_root + os.sep):
            return Excluded(child_rel, "skipped:symlink-outside-root", reason=f"points to {real}")
        try:
            return lst, os.stat(entry.path), True
        except OSError:
            return Excluded(child_rel, "skipped:broken-symlink")

    def ignored(
        self, entry: os.DirEntry, child_rel: str, lst, target_stat, is_dir: bool, is_link: bool
    ) -> Excluded | None:
        """Why a rule leaves the entry out (.git, codepith's state, .gitignore,
        .codepithignore, --exclude, a default ignore), or None."""
        if entry.name == ".git" and is_dir:
            return Excluded(child_rel, "ignored:.git", self.count(entry.path), folder=True)
        if entry.name == STATE_DIR and (is_dir or is_link):
            # codepith's own state (audit, session, usage, symbol index) is never an input
            return Excluded(child_rel, "ignored:codepith-state", self.count(entry.path) if is_dir else 1, folder=is_dir)
        if is_dir and self.state and (target_stat.st_dev, target_stat.st_ino) in self.state:
            return Excluded(
                child_rel,
                "ignored:codepith-state",
                self.count(entry.path),
                reason="codepith's results cache",
                folder=True,
            )
        matched = False
        if self.stack:  # .gitignore rules only when they are honoured; .codepithignore always
            rule, matched = _decide_rule(self.stack, child_rel, is_dir)
            if rule is not None:
                files = self.count(entry.path) if is_dir else 1
                return Excluded(child_rel, rule, files, 0 if is_dir else lst.st_size, folder=is_dir)
        if self.exclude_spec is not None:
            hit = self.exclude_spec.check_file(child_rel + ("/" if is_dir else ""))
            if hit.include:
                files = self.count(entry.path) if is_dir else 1
                # a str: the spec is built from str lines (pathspec types it str | bytes | re.Pattern)
                pattern = str(self.exclude_spec.patterns[hit.index].pattern) if hit.index is not None else "?"
                return Excluded(child_rel, f"ignored:--exclude:{pattern}", files, folder=is_dir)
        if self.default_ignores and not matched and not (is_dir and _reincludes_under(self.stack, child_rel)):
            rule = default_rule(child_rel, entry.name, is_dir, entry.path)
            if rule is not None:
                files = self.count(entry.path) if is_dir else 1
                return Excluded(
                    child_rel,
                    "ignored:default",
                    files,
                    0 if is_dir else lst.st_size,
                    reason=f"default ignore {rule}; {DEFAULT_HINT}",
                    folder=is_dir,
                )
        return None

    def file(self, entry: os.DirEntry, child_rel: str, target_stat) -> Candidate | Excluded:
        """A file to read, or why it is not read (not a regular file, this
        run's output, not --include'd, too large)."""
        if not stat.S_ISREG(target_stat.st_mode):
            return Excluded(child_rel, "skipped:not-a-regular-file")
        if self.skip and (target_stat.st_dev, target_stat.st_ino) in self.skip:
            return Excluded(child_rel, "ignored:output", reason="this run writes it")
        if self.include_spec is not None and not self.include_spec.match_file(child_rel):
            return Excluded(child_rel, "ignored:--include", 1, target_stat.st_size)
        size = target_stat.st_size
        if size > self.max_file_bytes:
            return Excluded(child_rel, "skipped:too-large", 1, size, reason=too_large(size, self.max_file_bytes).reason)
        return Candidate(child_rel, entry.path, size)


def _secret_name(entry: os.DirEntry, child_rel: str, count: Callable[[str], int]) -> Excluded | None:
    """``skipped:secret`` under its redacted path, when ``entry``'s name holds a secret; else None."""
    redacted, found = redact_path(entry.name)
    if not found:
        return None
    try:
        is_dir = entry.is_dir(follow_symlinks=False)
    except OSError:
        is_dir = False
    path = child_rel[: len(child_rel) - len(entry.name)] + redacted
    return Excluded(
        path, "skipped:secret", count(entry.path) if is_dir else 1, reason=name_reason(found), folder=is_dir
    )


def walk_roots(
    roots: Sequence[str], options: WalkOptions | None = None, *, seen: list[str] | None = None, **settings: Any
) -> Iterator[tuple[str, Candidate | Excluded]]:
    """Every entry under ``roots`` (folders walked with ``options``, files
    taken as they are), as (label, entry). With several roots a label starts
    with its root; with one it is relative to it (a lone file: its name). A
    root that cannot be read is one :class:`Excluded` entry, and the others
    go on. ``seen``: as :func:`walk`'s, each root included."""
    options = with_settings(WalkOptions, options, settings, "walk_roots")
    multiple = len(roots) > 1
    for root in roots:
        if seen is not None:
            seen.append(os.path.abspath(root))
        bad = root_problem(root, root if multiple else os.path.basename(root))
        if bad is not None:
            yield bad.path, bad
            continue
        if os.path.isfile(root):
            size = os.path.getsize(root)
            limit = options.max_file_bytes
            label = root if multiple else os.path.basename(root)
            redacted, found = redact_path(label.replace(os.sep, "/"))
            if found:
                yield redacted, Excluded(redacted, "skipped:secret", 1, size, reason=name_reason(found))
                continue
            if size > limit:
                yield label, Excluded(label, "skipped:too-large", 1, size, reason=too_large(size, limit).reason)
            else:
                yield label, Candidate(label, root, size)
            continue
        prefix = root.rstrip("/\\") + "/" if multiple else ""
        for entry in walk(root, options, seen=seen):
            yield prefix + entry.path, entry
