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
from functools import lru_cache
from importlib import resources

from .errors import CodepithError, UnsupportedLanguage

__all__ = [
    "languages",
    "detect_language",
    "get_language",
    "get_parser",
    "get_query",
    "query_source",
    "captures",
    "grammar_versions",
]

#: language -> the tree-sitter-language-pack grammar that parses it
_GRAMMARS = {
    "python": "python",
    "typescript": "typescript",
    "tsx": "tsx",
    "javascript": "javascript",
    "go": "go",
}

_EXTENSIONS = {
    ".py": "python",
    ".pyi": "python",
    ".ts": "typescript",
    ".mts": "typescript",
    ".cts": "typescript",
    ".tsx": "tsx",
    ".js": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".jsx": "javascript",
    ".go": "go",
}

_local = threading.local()


def languages() -> list[str]:
    """Names of the languages codepith compresses."""
    return list(_GRAMMARS)


def extensions() -> dict[str, str]:
    """File extension -> language."""
    return dict(_EXTENSIONS)


def detect_language(path: str | os.PathLike) -> str | None:
    """The language of ``path`` from its extension, or ``None`` when unsupported.

    ``.d.ts`` files are TypeScript; matching is case-insensitive.
    """
    name = os.fspath(path)
    _, ext = os.path.splitext(name)
    return _EXTENSIONS.get(ext.lower())


def _check(language: str) -> str:
    if language not in _GRAMMARS:
        raise UnsupportedLanguage(
            f"unsupported language {language!r}; supported: {', '.join(_GRAMMARS)}"
        )
    return language


@lru_cache(maxsize=None)
def get_language(language: str):
    """The ``tree_sitter.Language`` for ``language``."""
    from tree_sitter_language_pack import get_language as _get

    return _get(_GRAMMARS[_check(language)])


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


def _queries_dir(language: str):
    return resources.files("codepith").joinpath("queries", _check(language))


_INHERITS = "; inherits:"


def query_source(language: str, name: str) -> str:
    """Text of ``queries/<language>/<name>.scm``.

    A file whose first line is ``; inherits: other`` is preceded by the same
    query of language ``other`` (so TSX reuses TypeScript, which reuses
    JavaScript), as editors' query collections do.
    """
    ref = _queries_dir(language).joinpath(f"{name}.scm")
    try:
        text = ref.read_text(encoding="utf-8")
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
    return sorted(
        entry.name[:-4]
        for entry in _queries_dir(language).iterdir()
        if entry.name.endswith(".scm")
    )


_CAPTURE = re.compile(rb"@([A-Za-z][\w.]*)")


@lru_cache(maxsize=None)
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
    query = Query(get_language(language), source)
    if only is not None:
        raw = source.encode("utf-8")
        for i in range(query.pattern_count):
            text = raw[query.start_byte_for_pattern(i) : query.end_byte_for_pattern(i)]
            if not set(m.decode() for m in _CAPTURE.findall(text)) & only:
                query.disable_pattern(i)
    return query


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
    - ``(#codepith-eq? @capture "text")``: the capture's bytes equal ``text``.
    """
    from tree_sitter import QueryCursor

    cursor = QueryCursor(get_query(language, name, only, utf8))
    if byte_range is not None:
        cursor.set_byte_range(*byte_range)
    if utf8:
        return cursor.captures(node)
    return cursor.captures(node, predicate=_predicate)


@lru_cache(maxsize=256)
def _bytes_regex(pattern: str):
    return re.compile(pattern.encode("utf-8"))


def _predicate(name: str, args, pattern_index: int, caps) -> bool:
    if name not in ("codepith-match?", "codepith-eq?") or len(args) != 2:
        raise CodepithError(
            f"unknown query predicate #{name} (pattern {pattern_index}); codepith's queries "
            "use #codepith-match? and #codepith-eq?"
        )
    (capture, _), (value, _) = args
    nodes = caps.get(capture, [])
    if name == "codepith-eq?":
        want = value.encode("utf-8")
        return all(n.text == want for n in nodes)
    regex = _bytes_regex(value)
    return all(regex.search(n.text) is not None for n in nodes)


@lru_cache(maxsize=None)
def grammar_versions() -> dict[str, str]:
    """Versions of the parsing stack, for cache keys and reports."""
    from importlib import metadata

    out = {}
    for dist in ("tree-sitter", "tree-sitter-language-pack"):
        try:
            out[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:  # pragma: no cover - broken install
            out[dist] = "unknown"
    return out
