"""Supported languages, their grammars and their query files.

Grammars come from ``tree-sitter-language-pack`` (pinned: it ships its parsers
inside the wheel, so nothing is downloaded). Query files live in
``queries/<language>/*.scm`` inside the package and are read with
``importlib.resources``.
"""

from __future__ import annotations

import os
import re
import threading
from functools import cache, lru_cache
from typing import TYPE_CHECKING, cast

from ..errors import CodepithError, ParseTimeout, UnsupportedLanguage
from .registry import CONTENT_HINTS, SPECS, LanguageSpec, WrapperReach

if TYPE_CHECKING:
    from tree_sitter_language_pack import SupportedLanguage

__all__ = [
    "languages",
    "spec",
    "resolve_language",
    "entry_files",
    "fence_name",
    "wrapper_reach",
    "detect_language",
    "get_language",
    "get_parser",
    "parse",
    "guard_scanner",
    "get_query",
    "query_source",
    "captures",
    "comment_kinds",
    "grammar_versions",
    "rules_digest",
]


def spec(language: str) -> LanguageSpec:
    """The registry entry of ``language`` (see :mod:`codepith.core.registry`)."""
    try:
        return SPECS[language]
    except KeyError:
        raise UnsupportedLanguage(f"unsupported language {language!r}; supported: {', '.join(SPECS)}") from None


_EXTENSIONS = {ext: s.name for s in SPECS.values() for ext in s.extensions}
_FILENAMES = {fname: s.name for s in SPECS.values() for fname in s.filenames}
_SHEBANGS = {prog: s.name for s in SPECS.values() for prog in s.shebangs}
#: a ``#!`` line: the interpreter's last path part, or the program ``env`` runs (options skipped)
_SHEBANG = re.compile(rb"#![ \t]*(?:\S*/)?(?:env[ \t]+(?:-\S*[ \t]+)*)?(?:\S*/)?([A-Za-z0-9_.+-]+)")
#: how much of a file's start the shebang check reads
SHEBANG_BYTES = 256
_HINTS = {
    ext: tuple((lang, re.compile(rx.encode("utf-8"))) for lang, rx in hints) for ext, hints in CONTENT_HINTS.items()
}
_ALIASES = {alias: s.name for s in SPECS.values() for alias in (s.name, *s.aliases)}


def wrapper_reach(language: str) -> WrapperReach | None:
    """How functions wrapped by top-level code are reached in ``language``
    (``None`` when its files have no such wrappers)."""
    return spec(language).wrapper_reach


def resolve_language(name: str) -> str:
    """The registered language ``name`` stands for (a name or an alias, any
    case). Raises :class:`UnsupportedLanguage`."""
    lang = _ALIASES.get(name.lower())
    if lang is None:
        raise UnsupportedLanguage(f"unsupported language {name!r}; supported: {', '.join(SPECS)}")
    return lang


def fence_name(language: str | None) -> str:
    """The markdown fence's info string for ``language`` ("" for none or an
    unsupported one)."""
    entry = SPECS.get(language or "")
    return entry.fence if entry is not None else ""


def entry_files() -> tuple[str, ...]:
    """Files that describe their folder, over every language: each language's
    best first, then the next best, and so on."""
    out: list[str] = []
    depth = max(len(s.entry_files) for s in SPECS.values())
    for i in range(depth):
        for s in SPECS.values():
            if i < len(s.entry_files) and s.entry_files[i] not in out:
                out.append(s.entry_files[i])
    return tuple(out)


_local = threading.local()


def languages() -> list[str]:
    """Names of the languages codepith compresses."""
    return list(SPECS)


def extensions() -> dict[str, str]:
    """File extension -> language."""
    return dict(_EXTENSIONS)


def detect_language(path: str | os.PathLike[str], data: bytes | None = None, *, read: bool = False) -> str | None:
    """The language of ``path`` from its extension, or ``None`` when unsupported.

    ``.d.ts`` files are TypeScript; matching is case-insensitive. A file
    named in a language's ``filenames`` (``Rakefile``) is of that language.
    With the file's bytes, an extension two languages share (``.h``) is told by
    its code (:data:`~codepith.core.registry.CONTENT_HINTS`, searched in
    :func:`code_only` of its first :data:`HINT_BYTES`: never in a comment or a string).
    A file without an extension is told by its ``#!`` line (a language's
    ``shebangs``: ``#!/bin/sh``, ``#!/usr/bin/env bash``), read from ``data``;
    without ``data`` no file is opened unless ``read`` is true, and then only
    ``path`` itself as the caller gave it (its first :data:`SHEBANG_BYTES`; a
    file that cannot be read, or is not a regular file, has no language).
    """
    name = os.fspath(path)
    _, ext = os.path.splitext(name)
    ext = ext.lower()
    if data is not None and ext in _HINTS:
        code = code_only(data[:HINT_BYTES], _EXTENSIONS[ext])
        for lang, pattern in _HINTS[ext]:
            if pattern.search(code):
                return lang
    found = _EXTENSIONS.get(ext)
    if found is None and _FILENAMES:
        found = _FILENAMES.get(os.path.basename(name))
    if found is None and not ext and _SHEBANGS:
        if data is None and read:
            data = _file_start(name)
        if data is not None:
            found = shebang_language(data)
    return found


def shebang_language(data: bytes) -> str | None:
    """The language the ``#!`` line at the start of ``data`` names, or None."""
    m = _SHEBANG.match(data[:SHEBANG_BYTES])
    return _SHEBANGS.get(m.group(1).decode("ascii")) if m else None


def _file_start(name: str) -> bytes | None:
    """The first bytes of the regular file ``name``, or None (never raises)."""
    import stat

    try:
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError):
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return os.read(fd, SHEBANG_BYTES)
    except OSError:
        return None
    finally:
        os.close(fd)


#: how much of a file the content hints read, from its start (the scan is linear: this bounds its time)
HINT_BYTES = 2 << 20
#: the literals a content hint never looks inside: quoted with ``"`` or ``'``, a
#: backslash escaping the next byte, ended by their quote or the line's end
_QUOTES = (b'"', b"'")
#: a ``"`` literal that is one plain word stays as it is (``extern "C++"`` is
#: code); no hint can match inside it
_WORD_LITERAL = rb'(?P<word>"[A-Za-z0-9_+]*")'


@cache
def _not_code(language: str) -> re.Pattern[bytes]:
    """One pass over the comments (``language``'s markers) and quoted literals
    of a file. Each alternative ends at its closing marker or at the end of the
    file (or of the line, for a literal), so a match never fails once started
    and the scan is linear whatever the bytes."""
    entry = spec(language)
    parts = [_WORD_LITERAL]
    if entry.line_comment:  # a backslash at a line's end goes on to the next line, as in C
        parts.append(re.escape(entry.line_comment.encode()) + rb"(?:[^\\\n]|\\.)*")
    if entry.block_comment:
        start, end = (re.escape(marker.encode()) for marker in entry.block_comment)
        parts.append(start + rb".*?(?:" + end + rb"|\Z)")
    for q in _QUOTES:
        parts.append(q + rb"(?:[^" + q + rb"\\\n]|\\.)*" + q + b"?")
    return re.compile(b"|".join(parts), re.S)


def code_only(data: bytes, language: str) -> bytes:
    """``data`` with each comment and quoted literal (see :func:`_not_code`)
    replaced by one space, for the content hints: ``::`` or ``namespace`` in a
    comment or a string is not C++ (a literal of one plain word is kept, then
    a space). The line break that ends a line comment or a literal stays; the
    lines inside a block comment go with it, so code after a comment's end
    sits on the line where the comment began."""
    parts = _not_code(language).split(data)  # code, then each match's kept word (or None), then code…
    parts[1::2] = [b" " if word is None else word + b" " for word in parts[1::2]]  # no call per match
    return b"".join(parts)


def _check(language: str) -> str:
    return spec(language).name


@cache
def get_language(language: str):
    """The ``tree_sitter.Language`` for ``language``."""
    from tree_sitter import Language

    grammar = spec(language).grammar
    binding = _pack_binding(grammar)
    if binding is not None:
        return Language(binding)
    from tree_sitter_language_pack import get_language as _get

    # a registry grammar is one the pinned pack ships: a str the pack types as its Literal
    return _get(cast("SupportedLanguage", grammar))


def _pack_binding(grammar: str):
    """The grammar's compiled binding from the language pack's ``bindings``
    folder, loaded on its own: the pack's ``__init__`` loads three other
    grammar packages and ``pathlib`` first, which one file's compression does
    not need. None where the binding is elsewhere (the pack then finds it)."""
    import importlib.machinery
    import importlib.util

    try:
        found = importlib.util.find_spec("tree_sitter_language_pack")
        folders = list(found.submodule_search_locations or []) if found is not None else []
        name = f"tree_sitter_language_pack.bindings.{grammar}"
        for folder in folders:
            for suffix in importlib.machinery.EXTENSION_SUFFIXES:
                path = os.path.join(folder, "bindings", grammar + suffix)
                if os.path.isfile(path):
                    loader = importlib.machinery.ExtensionFileLoader(name, path)
                    spec_ = importlib.util.spec_from_loader(name, loader)
                    if spec_ is None:
                        return None
                    module = importlib.util.module_from_spec(spec_)
                    loader.exec_module(module)
                    return module.language()
    except (ImportError, OSError, AttributeError):
        return None
    return None


def get_parser(language: str):
    """A ``tree_sitter.Parser`` for ``language`` (one per thread, reused)."""
    parsers = getattr(_local, "parsers", None)
    if parsers is None:
        parsers = _local.parsers = {}
    parser = parsers.get(language)
    if parser is None:
        from tree_sitter import Parser

        parser = parsers[language] = Parser(get_language(language))
    return parser


#: Time a parse may take: this base plus this much per MB of input. Ordinary
#: code parses at 5-20 MB/s and token-dense data at about 1 MB/s; a parse past
#: the budget is a grammar stuck on its input (seen on a few KB of random bytes).
PARSE_SECONDS_BASE = 2.0
PARSE_SECONDS_PER_MB = 5.0


def parse(language: str, src: bytes, *, text: bool = True):
    """``src`` parsed with ``language``'s grammar, within the time budget.

    ``text=False`` gives the tree tree-sitter read through a callback: a
    node's ``text`` (and a query predicate's) is read through it too, a few
    hundred bytes a call, which suits a tree whose texts are seldom read
    (counting its errors, running a query with a few predicates). It saves
    the second pass that gives a tree its own copy of the source: a pass that
    costs little on most grammars and up to 40% of the parse on some
    (TypeScript's: a tree holding external tokens is not reused whole).

    Raises :class:`ParseTimeout` when the parser spends more than
    ``PARSE_SECONDS_BASE + PARSE_SECONDS_PER_MB`` per MB of this thread's CPU
    time (the parse is stopped from its progress callback, which costs nothing
    measurable). CPU time, not wall time: a grammar that loops burns it, while a
    busy machine that leaves the process waiting does not. Nor does Python's
    garbage collector, which may run a full collection of the whole program's
    heap from inside the parse's callbacks (a second or more in a large one).

    A grammar whose scanner cannot read some characters safely reads them
    masked (:func:`guard_scanner`): the tree's ranges are the source's, while
    the text of a node holding such a character is the masked one.
    """
    import gc
    import warnings

    parser = get_parser(language)
    src = guard_scanner(language, src)
    budget = _ParseBudget(PARSE_SECONDS_BASE + PARSE_SECONDS_PER_MB * len(src) / 1e6)
    read = _Reader(src)

    on_gc = budget.on_gc
    gc.callbacks.append(on_gc)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = parser.parse(read, progress_callback=budget.overdue)
            budget.raise_pending()  # (what arrived after the last callback that looked)
        if not text:
            read.size = _TEXT_CHUNK
            return tree
        # the same tree again, this time holding the source (queries and node
        # texts read it; a tree parsed from a callback calls back for each):
        # with nothing edited, tree-sitter reuses what it can of the old tree
        return parser.parse(src, old_tree=tree)
    except BaseException as exc:
        # A parse stopped halfway -- by the progress callback, or by an
        # exception out of a callback (a signal handler's: the bulk per-file
        # time limit, Ctrl-C) -- would be resumed by the parser's next call,
        # with the next file's bytes: a wrong tree, or a "loop" that is not
        # this file's. The parser starts afresh instead.
        parser.reset()
        if isinstance(exc, ValueError) and budget.spent():
            raise ParseTimeout(
                f"the {language} parser did not finish {len(src)} bytes within {budget.seconds:.1f} s of CPU time (its "
                "grammar loops on this input); the file is left as it is"
            ) from None
        raised = _raised_in_callback(exc)
        if raised is exc:
            raise
        raise raised from None
    finally:
        try:
            gc.callbacks.remove(on_gc)
        except ValueError:  # the program emptied the list meanwhile
            pass


#: bytes handed to a tree without its own text per read of a node's text
_TEXT_CHUNK = 256


class _Reader:
    """The parse's reader of ``src``: pieces of :data:`_CHUNK` bytes while
    parsing, then of ``size`` (a node's text is read through it)."""

    __slots__ = ("view", "size")

    def __init__(self, src: bytes) -> None:
        self.view = memoryview(src)
        self.size = _CHUNK

    def __call__(self, offset: int, _point) -> bytes:
        return bytes(self.view[offset : offset + self.size])


@cache
def _scanner_guard(language: str) -> re.Pattern[bytes] | None:
    pattern = spec(language).scanner_guard
    return re.compile(pattern) if pattern else None


#: what a character of 2, 3 or 4 bytes past U+00FF is parsed as where the grammar's
#: scanner cannot read it: letters at or below U+00FF (``ª``), so the token around it
#: stays a word of the same byte length
_GUARD_LETTERS = {2: b"\xc2\xaa", 3: b"\xc2\xaaa", 4: b"\xc2\xaa\xc2\xaa"}


def guard_scanner(language: str, src: bytes) -> bytes:
    """``src`` as ``language``'s grammar may safely read it: where its scanner
    would test a character past U+00FF with a narrow ``ctype`` function (the
    spec's ``scanner_guard``), that character becomes Latin-1 letters of the
    same byte length. Offsets do not move, so every node's range is the same;
    only such a node's text differs. Anything else (ASCII input, a language
    without a guard) is returned as it is, at no cost."""
    pattern = _scanner_guard(language)
    if pattern is None or src.isascii():
        return src
    out: bytearray | None = None
    for match in pattern.finditer(src):
        at = match.end()
        if at >= len(src) or src[at] < 0xC4:  # ASCII, or at most U+00FF
            continue
        lead = src[at]
        size = 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4
        try:
            src[at : at + size].decode("utf-8")
        except UnicodeDecodeError:  # not a character: the parser reads it as an error, safely
            continue
        if out is None:
            out = bytearray(src)
        out[at : at + size] = _GUARD_LETTERS[size]
    return src if out is None else bytes(out)


class _ParseBudget:
    """CPU time for one parse: this thread's, less what the garbage collector
    spent in this thread meanwhile."""

    def __init__(self, seconds: float) -> None:
        import time

        self.seconds = seconds
        self._clock = time.thread_time
        self._thread = threading.get_ident()
        self._collecting_since = 0.0
        self._collecting = 0.0
        self.pending: BaseException | None = None
        self._calls = 0
        self._start = self._clock()

    def on_gc(self, phase: str, _info: dict) -> None:
        """A ``gc.callbacks`` entry: times this thread's collections."""
        try:
            if threading.get_ident() != self._thread:
                return
            if phase == "start":
                self._collecting_since = self._clock()
            else:
                self._collecting += self._clock() - self._collecting_since
        except BaseException as exc:  # noqa: BLE001 - a signal handler's (the per-file time limit)
            # the collector would print it and drop it: the parse raises it
            self.pending = exc

    def overdue(self, *_args) -> bool:
        """True once the parse has spent its budget (the progress callback,
        which reads the clock on every 8th call only: a read costs as much as
        the rest of the callback, and tree-sitter calls it often)."""
        self._calls += 1
        if self._calls & 7:
            return False
        self.raise_pending()
        return self.spent()

    def spent(self) -> bool:
        """True once the parse has spent its budget (read now)."""
        return self._clock() - self._start - self._collecting > self.seconds

    def raise_pending(self) -> None:
        """Raise what arrived while the collector was being timed."""
        exc, self.pending = self.pending, None
        if exc is not None:
            raise exc


def _raised_in_callback(exc: BaseException) -> BaseException:
    """The exception a read callback raised, which tree-sitter's binding
    wraps in ``SystemError`` ("... returned a result with an exception
    set"); any other exception is itself."""
    found = exc
    while isinstance(found, SystemError):
        inner = found.__cause__ or found.__context__
        if inner is None:
            break
        found = inner
    return found


_CHUNK = 1 << 16


def _queries_dir(language: str) -> str:
    """The folder of ``language``'s query files, in the installed package (a
    wheel installs files, never a zip: a plain path, without the cost of
    ``importlib.resources`` in a process that compresses one file)."""
    return os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "queries", _check(language))


_INHERITS = "; inherits:"


def query_source(language: str, name: str) -> str:
    """Text of ``queries/<language>/<name>.scm``.

    A file whose first line is ``; inherits: other`` is preceded by the same
    query of language ``other`` (so TSX reuses TypeScript, which reuses
    JavaScript), as editors' query collections do.
    """
    try:
        with open(os.path.join(_queries_dir(language), f"{name}.scm"), encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        raise CodepithError(
            f"query file queries/{language}/{name}.scm is missing from the installed "
            "codepith package; reinstall it (pip install --force-reinstall codepith)"
        ) from None
    first = text.split("\n", 1)[0]
    if first.startswith(_INHERITS):
        parent = first[len(_INHERITS) :].strip()
        if parent == language:
            raise CodepithError(f"queries/{language}/{name}.scm inherits from itself")
        text = query_source(parent, name) + "\n" + text
    return text


def query_names(language: str) -> list[str]:
    """Names of the query files shipped for ``language``."""
    return sorted(name[:-4] for name in os.listdir(_queries_dir(language)) if name.endswith(".scm"))


_CAPTURE = re.compile(r"@([A-Za-z][\w.]*)")


@cache
def get_query(language: str, name: str, only: frozenset[str] | None = None, native: bool = False):
    """The compiled ``tree_sitter.Query`` of ``queries/<language>/<name>.scm``.

    With ``only``, patterns that capture none of those names are disabled, so
    a caller that needs a few captures does not pay for the others. With
    ``native``, codepith's byte predicates become tree-sitter's own ``#eq?`` and
    ``#match?``, which are faster but only safe on valid UTF-8.
    """
    from tree_sitter import Query

    source = query_source(language, name)
    if native:
        source = source.replace("#codepith-eq?", "#eq?").replace("#codepith-match?", "#match?")
    if only is not None:
        # only the patterns that capture a wanted name are compiled: compiling a query is
        # tree-sitter's analysis of every pattern against the grammar, tens of milliseconds
        # for some (a one-file run pays it once per process)
        kept = [source[a:b] for a, b in query_patterns(source) if set(_CAPTURE.findall(source[a:b])) & only]
        source = "\n".join(kept)
    return Query(get_language(language), source)


#: a token of a query's source that the pattern splitter steps over as one piece
_QUERY_NAME = re.compile(r"[\w.-]+")
_QUERY_CAPTURE = re.compile(r"@[A-Za-z_][\w.-]*")


def query_patterns(source: str) -> list[tuple[int, int]]:
    """(start, end) of each top-level pattern of a query's ``source`` (string
    offsets), in order: a parenthesised or bracketed form, a string or a bare
    node name, with the captures and quantifiers after it; comments and
    strings are stepped over whole. tree-sitter finds the same patterns
    (a test checks it on every shipped query)."""
    out: list[tuple[int, int]] = []
    i, n, depth = 0, len(source), 0
    start: int | None = None
    end = 0
    while i < n:
        c = source[i]
        if c in " \t\r\n":
            i += 1
        elif c == ";":  # a comment, to the end of its line
            j = source.find("\n", i)
            i = n if j < 0 else j + 1
        elif c == '"':
            j = i + 1
            while j < n and source[j] != '"':
                j += 2 if source[j] == "\\" else 1
            if depth == 0:
                if start is not None:
                    out.append((start, end))
                start = i
            i = end = j + 1
        elif c in "([":
            if depth == 0:
                if start is not None:
                    out.append((start, end))
                start = i
            depth += 1
            i += 1
        elif c in ")]":
            depth -= 1
            i = end = i + 1
        elif depth == 0 and c == "@":
            match = _QUERY_CAPTURE.match(source, i)
            i = end = match.end() if match else i + 1
        elif depth == 0 and c in "*+?":
            i = end = i + 1
        elif depth == 0:  # a bare node name (or `_`) at the top
            if start is not None:
                out.append((start, end))
            match = _QUERY_NAME.match(source, i)
            start = i
            i = end = match.end() if match else i + 1
        else:
            i += 1
    if start is not None:
        out.append((start, end))
    return out


def captures(
    language: str,
    name: str,
    node,
    only: frozenset[str] | None = None,
    *,
    utf8: bool = False,
    byte_range: tuple[int, int] | None = None,
) -> dict[str, list]:
    """Run ``queries/<language>/<name>.scm`` over ``node``: capture name -> nodes
    (only the patterns capturing a name in ``only``, when given). Pass
    ``utf8=True`` when the parsed source is known to be valid UTF-8: the
    predicates then run inside tree-sitter. ``byte_range`` limits the run to
    matches that intersect it.

    Text predicates are codepith's own and compare raw bytes, so source that
    is not valid UTF-8 is matched safely (tree-sitter's built-in ``#match?`` and
    ``#eq?`` decode node text as UTF-8):

    - ``(#codepith-match? @capture "regex")``: the capture's bytes match ``regex``
      (Python ``re`` syntax, searched, not anchored unless the regex says so);
    - ``(#codepith-eq? @capture "text")``: the capture's bytes equal ``text``;
      ``(#codepith-eq? @a @b)``: the bytes of two captures are equal.
    """
    query = get_query(language, name, only, utf8)
    predicate = None if utf8 else _predicate
    if not _deeper_than(node, MAX_QUERY_DEPTH):
        found = _run(query, node, byte_range, predicate, None, MATCH_LIMIT)
        if found is not None:
            return found
    return _captures_by_depth(query, node, byte_range, predicate)


@cache
def comment_kinds(language: str) -> frozenset[str]:
    """The node kinds of ``language``'s comments, as its grammar names them
    (``comment`` in most grammars; ``line_comment`` and ``block_comment`` in
    others): the named extras its grammar makes of a line comment and a block
    comment written with the registry's markers (a parse of a few bytes, not a
    query: compiling one would cost tens of milliseconds per process). Code
    that must step over comments reads this instead of naming a node kind."""
    entry = spec(language)
    samples = [f"{entry.code_prefix}{entry.line_comment} x\n"] if entry.line_comment else []
    if entry.block_comment is not None:
        samples.append(f"{entry.code_prefix}{entry.block_comment[0]} x {entry.block_comment[1]}\n")
    kinds: set[str] = set()
    spans: set[str] = set()  # named nodes that are exactly a sample's comment
    for sample in samples:
        data = sample.encode("utf-8")
        span = (len(entry.code_prefix.encode("utf-8")), len(data) - 1)
        stack = [get_parser(language).parse(data).root_node]
        while stack:
            node = stack.pop()
            if node.is_extra and node.is_named:
                kinds.add(node.type)
            elif node.is_named and node.parent is not None and (node.start_byte, node.end_byte) == span:
                spans.add(node.type)
            stack.extend(node.children)
    # a grammar whose comments are nodes of the tree rather than extras (Svelte's)
    kinds = kinds or spans
    if not kinds:
        raise CodepithError(
            f"the {language} grammar parses no comment in {' or '.join(map(repr, samples))}; "
            f"check the comment markers of its registry entry"
        )
    return frozenset(kinds)


#: In-progress matches a query may hold before codepith switches to running it
#: depth band by depth band. Ordinary code stays far below it; only deep nesting
#: (thousands of nested calls, arrows, literals) reaches it.
MATCH_LIMIT = 256

#: Depth of one band of the tree in that mode.
DEPTH_BAND = 32

#: A query cursor counts depth in 16 bits: past this depth one run loses
#: matches (and slows down), so deeper trees always run band by band.
MAX_QUERY_DEPTH = 1000


def _deeper_than(node, limit: int) -> bool:
    """True when the tree under ``node`` may be more than ``limit`` levels deep.

    A subtree of ``n`` nodes is at most ``n`` levels deep, so only children
    holding enough nodes are followed: most trees are settled by their size, a
    deep chain is followed down once. Sizes come from a tree cursor's pre-order
    indexes, so a node with a million children costs no node objects.
    """
    if node.descendant_count <= limit:
        return False
    stack = [(0, 0, node.descendant_count)]
    while stack:
        start, depth, count = stack.pop()
        cursor = node.walk()  # (a copied cursor cannot be trusted: jump instead)
        if start:
            cursor.goto_descendant(start)
        while depth + count > limit:
            if depth >= limit:
                return True
            first = cursor.descendant_index + 1
            end = cursor.descendant_index + count
            if not cursor.goto_first_child():
                break
            big = []  # (index, size) of the children that may be deep enough
            index = first
            while True:
                moved = cursor.goto_next_sibling()
                nxt = cursor.descendant_index if moved else end
                if depth + 1 + (nxt - index) > limit:
                    big.append((index, nxt - index))
                if not moved:
                    break
                index = nxt
            if not big:
                break
            # the others later, from a fresh cursor; back to the first child
            cursor.goto_parent()
            cursor.goto_first_child()
            for index, size in big[:-1]:
                stack.append((index, depth + 1, size))
            # on to the last deep child: followed here
            index, count = big[-1]
            while cursor.descendant_index != index:
                cursor.goto_next_sibling()
            depth += 1
    return False


def _run(query, node, byte_range, predicate, max_start_depth, limit):
    """One query run; ``None`` when it held more than ``limit`` matches in progress
    (tree-sitter then drops matches, so the result would not be exact)."""
    from tree_sitter import QueryCursor

    cursor = QueryCursor(query, match_limit=limit) if limit else QueryCursor(query)
    if byte_range is not None:
        cursor.set_byte_range(*byte_range)
    if max_start_depth is not None:
        cursor.set_max_start_depth(max_start_depth)
    found = cursor.captures(node) if predicate is None else cursor.captures(node, predicate)
    if limit and cursor.did_exceed_match_limit:
        return None
    return found


def _captures_by_depth(query, node, byte_range, predicate) -> dict[str, list]:
    """The same captures as one run over ``node``, in time linear in the tree.

    A query run keeps a match in progress for every open ancestor that may still
    match, so on deeply nested input one run costs time quadratic in the depth.
    Here the tree is cut into bands of :data:`DEPTH_BAND` levels: the query runs
    from the top of each band, with matches allowed to start only inside that band
    (``set_max_start_depth``); a match still reads the nodes below its start, so
    every match is found exactly once, by the band where it starts.
    """
    merged: dict[str, list] = {}
    for top in _band_tops(node, DEPTH_BAND, byte_range):
        found = _run(query, top, byte_range, predicate, DEPTH_BAND - 1, 0)
        for capture, nodes in found.items():
            merged.setdefault(capture, []).extend(nodes)
    for nodes in merged.values():
        nodes.sort(key=_document_order)
    return merged


def _document_order(node) -> tuple[int, int]:
    return (node.start_byte, -node.end_byte)


def _band_tops(node, band: int, byte_range: tuple[int, int] | None = None) -> list:
    """``node`` and every node below it whose depth under ``node`` is a multiple
    of ``band`` (a walk that never goes deeper than one band from each top);
    with ``byte_range``, only the nodes that intersect it are walked."""
    lo, hi = byte_range if byte_range is not None else (0, None)
    tops = [node]
    i = 0
    while i < len(tops):
        cursor = tops[i].walk()
        i += 1
        depth = 0
        while True:
            if depth < band and _first_child(cursor, lo):
                depth += 1
            else:
                while depth > 0 and not _next_sibling(cursor, hi):
                    cursor.goto_parent()
                    depth -= 1
                if depth == 0:
                    break
            if depth == band:
                tops.append(cursor.node)
    return tops


def _first_child(cursor, lo: int) -> bool:
    # the first child that ends after ``lo`` (all of them when lo is 0)
    if lo:
        return cursor.goto_first_child_for_byte(lo) is not None
    return cursor.goto_first_child()


def _next_sibling(cursor, hi: int | None) -> bool:
    if not cursor.goto_next_sibling():
        return False
    if hi is not None and cursor.node.start_byte >= hi:
        cursor.goto_previous_sibling()  # past the range: this level is done
        return False
    return True


@lru_cache(maxsize=256)
def _bytes_regex(pattern: str):
    return re.compile(pattern.encode("utf-8"))


def _predicate(name: str, args, pattern_index: int, caps) -> bool:
    if name not in ("codepith-match?", "codepith-eq?") or len(args) != 2:
        raise CodepithError(
            f"unknown query predicate #{name} (pattern {pattern_index}); codepith's queries "
            "use #codepith-match? and #codepith-eq?"
        )
    (capture, _), (value, kind) = args
    nodes = caps.get(capture, [])
    if name == "codepith-eq?":
        if kind == "capture":  # two captures: their bytes are equal
            others = caps.get(value, [])
            return all(n.text == o.text for n in nodes for o in others)
        want = value.encode("utf-8")
        return all(n.text == want for n in nodes)
    regex = _bytes_regex(value)
    return all(regex.search(n.text) is not None for n in nodes)


@cache
def rules_digest() -> str:
    """A digest of what codepith knows about every language: its registry
    entries and its query files. Cache keys hold it, so a change to either
    (a new language, a query that keeps more) is never served a stale result,
    between releases too."""
    import dataclasses
    import hashlib
    import json

    def canonical(value):  # sets in a fixed order: their repr follows the process's hash seed
        if isinstance(value, (set, frozenset)):
            return sorted(value)
        if isinstance(value, bytes):  # the registry's patterns
            return value.hex()
        raise TypeError(type(value).__name__)

    entries = {name: dataclasses.asdict(entry) for name, entry in SPECS.items()}
    text = json.dumps(entries, sort_keys=True, default=canonical, ensure_ascii=True, separators=(",", ":"))
    h = hashlib.blake2b(text.encode("ascii"), digest_size=12)
    for language in sorted(SPECS):
        for name in query_names(language):
            h.update(f"\0{language}/{name}\0".encode())
            h.update(query_source(language, name).encode("utf-8"))
    return h.hexdigest()


@cache
def grammar_versions() -> dict[str, str]:
    """Versions of the parsing stack, for cache keys and reports."""
    from .._version import stack_versions

    versions = stack_versions()
    return {dist: versions[dist] for dist in ("tree-sitter", "tree-sitter-language-pack")}
