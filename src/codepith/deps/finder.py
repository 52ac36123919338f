"""Direct dependencies of a source file inside a tree.

:func:`direct_dependencies` parses one file with tree-sitter, reads its import
nodes (the ``@import`` captures of ``queries/<language>/tags.scm``) and hands
each to the resolver the language's registry entry names: a module of this
package (``python``, ``javascript`` for JavaScript, TypeScript and TSX, ``go``,
``java``, ``kotlin``, ``scala``, ``dart``, ``rust``, ``ruby``, ``php``, ``c`` for C and C++ includes,
``lua``, ``bash``, ``solidity``), whose
``resolve(ctx, node)`` maps the import to files of the tree. Each module's doc
says which imports it follows. A file with regions (a Vue or Svelte
component) has each region's imports followed by its own language's resolver.

Paths are returned relative to the root with ``/``, as found in the tree (an
in-root symlink keeps its own path). A candidate whose real path leaves the
root is dropped; so is the importing file itself. Nothing raises on an
unreadable, missing or unparsable file: what can be found is returned. Files
are read with :func:`codepith.safeio.read_regular`, so a FIFO or device in a
file's place never blocks.
"""

from __future__ import annotations

import os

from ..core.languages import captures, detect_language, languages, parse
from ..core.languages import spec as language_spec
from ..core.regions import units
from ..fs.safeio import read_regular
from . import bash, c, css, dart, go, java, javascript, kotlin, lua, php, python, ruby, rust, scala, scss, solidity
from .context import MAX_SOURCE_BYTES, Context

__all__ = ["RESOLVERS", "dependencies_of", "direct_dependencies", "followed_languages", "resolver_note"]

_IMPORT = frozenset({"import"})


def direct_dependencies(root: str | os.PathLike, path: str) -> list[str]:
    """Files inside ``root`` that ``path`` (relative to ``root``, ``/``-separated)
    imports directly: POSIX paths relative to ``root``, in the order of the
    imports in the file, without duplicates, never ``path`` itself.

    Files in unsupported languages, and files that cannot be read, give ``[]``.
    """
    try:
        ctx = Context(os.fspath(root), path)
    except (OSError, ValueError):  # InvalidOption: a path that is not inside the root names no file of it
        return []
    if ctx.language is None or not ctx.inside(ctx.rel):
        return []
    name = language_spec(ctx.language).resolver
    if name is None:  # the language has no resolver: nothing is guessed
        return []
    try:  # never blocks: a FIFO swapped in for the file is refused, not waited on
        source = read_regular(ctx.abspath, max_bytes=MAX_SOURCE_BYTES)
    except OSError:
        return []
    return _resolved(ctx, source, None)


def dependencies_of(root: str | os.PathLike, path: str, source: bytes, tree) -> list[str]:
    """:func:`direct_dependencies` of ``path``, whose bytes ``source`` the
    caller has read and parsed (``tree``) already."""
    try:
        ctx = Context(os.fspath(root), path)
    except (OSError, ValueError):
        return []
    if ctx.language is None or language_spec(ctx.language).resolver is None:
        return []
    return _resolved(ctx, source, tree)


def _resolved(ctx: Context, source: bytes, tree) -> list[str]:
    """The files the imports of ``source`` (the file of ``ctx``) name."""
    assert ctx.language is not None
    try:
        if tree is None:
            tree = parse(ctx.language, source)
        # a file with regions (a component's scripts and styles): each by its own language's resolver
        found = [
            (language, captures(language, "tags", _root(tree, source, language, text), _IMPORT).get("import", []))
            for language, text in units(ctx.language, source, tree.root_node)
        ]
    except Exception:  # a parser failure must not stop the caller
        return []
    for language, nodes in found:
        own = language_spec(language).resolver
        if own is None:
            continue
        resolve = RESOLVERS[own]
        for node in sorted(nodes, key=lambda n: (n.start_byte, -n.end_byte)):
            try:
                resolve(ctx, node)
            except (OSError, ValueError, UnicodeError):
                continue
    return ctx.found


def _root(tree, source: bytes, language: str, text: bytes):
    """The parse of one unit of a file: the file's own, or its region's."""
    return tree.root_node if text is source else parse(language, text).root_node


_MODULES = (bash, c, css, dart, go, java, javascript, kotlin, lua, php, python, ruby, rust, scala, scss, solidity)

#: resolver name (a language's ``resolver`` in the registry: the module's own
#: name) -> the function that turns one import node into files of the tree
RESOLVERS = {module.__name__.rpartition(".")[2]: module.resolve for module in _MODULES}


def followed_languages() -> list[str]:
    """The languages whose imports ``--deps`` follows: those whose registry
    entry names a resolver, in the registry's order."""
    return [name for name in languages() if language_spec(name).resolver is not None]


def resolver_note(path: str) -> str | None:
    """Why the imports of ``path`` are not followed, or None when they are:
    a language codepith parses but has no resolver for says so."""
    language = detect_language(path)
    if language is None or language_spec(language).resolver is not None:
        return None
    return f"no resolver for {language}: the imports of {path} are not followed"
