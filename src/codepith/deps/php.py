"""PHP imports mapped to files of the same tree.

- ``require``/``include`` (and their ``_once`` forms) of a path written as a
  constant string: ``'lib/x.php'`` is looked up beside the importing file, then
  at the root; ``__DIR__ . '/x.php'`` and ``dirname(__FILE__) . '/x.php'`` beside
  the importing file. A path built from variables or other calls names no file.
- ``use A\\B\\C;`` (grouped, aliased, several clauses) through the PSR-4 map of
  the nearest ``composer.json`` inside the root, above the importing file
  (``autoload`` and ``autoload-dev``): the longest namespace prefix that maps to
  a folder gives ``folder/B/C.php`` when that file exists. ``use function`` and
  ``use const`` name no file; a trait ``use`` inside a class is not followed.
"""

from __future__ import annotations

import json

from ..fs.safeio import read_regular

__all__ = ["resolve"]

_REQUIRES = frozenset(
    {"require_expression", "require_once_expression", "include_expression", "include_once_expression"}
)
_COMPOSER_MAX_BYTES = 1 << 20


def _text(node) -> str:
    return node.text.decode("utf-8", "surrogateescape")


def resolve(ctx, node) -> None:
    """Add the files of the tree that the ``@import`` node ``node`` names."""
    if node.type in _REQUIRES:
        _require(ctx, node)
    elif node.type == "namespace_use_declaration":
        _use(ctx, node)


# --------------------------------------------------------------------------- require / include


def _literal(node) -> str | None:
    """The value of a string node without interpolation or escapes, or None."""
    if node.type not in ("string", "encapsed_string"):
        return None
    parts = node.named_children
    if any(p.type != "string_content" for p in parts):
        return None
    value = "".join(_text(p) for p in parts)
    return None if "\\" in value else value


def _is_dir_of_file(node) -> bool:
    """``__DIR__`` or ``dirname(__FILE__)``."""
    if node.type == "name":
        return _text(node) == "__DIR__"
    if node.type == "function_call_expression":
        fn = node.child_by_field_name("function")
        args = node.child_by_field_name("arguments")
        return (
            fn is not None
            and _text(fn) == "dirname"
            and args is not None
            and _text(args).replace(" ", "") == "(__FILE__)"
        )
    return False


def _require(ctx, node) -> None:
    arg = node.named_children[0] if node.named_child_count else None
    while arg is not None and arg.type == "parenthesized_expression" and arg.named_child_count:
        arg = arg.named_children[0]
    if arg is None:
        return
    bases: list[str]
    if arg.type == "binary_expression":
        left, right = arg.child_by_field_name("left"), arg.child_by_field_name("right")
        if left is None or right is None or not _is_dir_of_file(left):
            return
        path = _literal(right)
        if path is None or not path.startswith("/"):
            return
        path, bases = path[1:], [ctx.folder]
    else:
        path = _literal(arg)
        if path is None or path.startswith("/"):
            return
        bases = [ctx.folder, ""]
    for base in bases:
        rel = ctx.norm(f"{base}/{path}" if base else path)
        if rel is not None and ctx.is_file(rel):
            ctx.add(rel)
            return


# --------------------------------------------------------------------------- use through PSR-4


def _use(ctx, node) -> None:
    if any(not c.is_named and c.type in ("function", "const") for c in node.children):
        return
    prefix = ""
    group = node.child_by_field_name("body")
    clauses = []
    for child in node.named_children:
        if child.type == "namespace_name" and group is not None:
            prefix = _text(child).strip().strip("\\") + "\\"
        elif child.type == "namespace_use_clause":
            clauses.append(child)
    if group is not None:
        clauses += [c for c in group.named_children if c.type == "namespace_use_clause"]
    for clause in clauses:
        if any(not c.is_named and c.type in ("function", "const") for c in clause.children):
            continue
        names = [c for c in clause.named_children if c.type in ("qualified_name", "name")]
        if names:
            _class_file(ctx, prefix + _text(names[0]).strip().lstrip("\\"))


def _class_file(ctx, name: str) -> None:
    """The file PSR-4 maps the fully qualified class ``name`` to, when it exists."""
    parts = [p.strip() for p in name.split("\\")]
    if any(not p or p in (".", "..") or "/" in p for p in parts):
        return
    for prefix, folders in _psr4(ctx):
        ns = [p for p in prefix.split("\\") if p]
        if parts[: len(ns)] != ns or len(parts) == len(ns):
            continue
        for folder in folders:
            rel = ctx.norm(
                "/".join([folder, *parts[len(ns) :]]) + ".php" if folder else "/".join(parts[len(ns) :]) + ".php"
            )
            if rel is not None and ctx.is_file(rel):
                ctx.add(rel)
                return


def _psr4(ctx) -> list[tuple[str, list[str]]]:
    """The PSR-4 map of the nearest ``composer.json`` (prefix -> folders relative
    to the root), longest prefix first; cached on ``ctx``."""
    cached = ctx.memo.get("php.psr4")
    if cached is not None:
        return cached
    entries: list[tuple[str, list[str]]] = []
    folder = ctx.folder
    while True:
        rel = f"{folder}/composer.json" if folder else "composer.json"
        if ctx.is_file(rel):
            entries = _read_psr4(ctx, rel, folder)
            break
        if not folder:
            break
        folder = folder.rpartition("/")[0]
    entries.sort(key=lambda e: -len(e[0]))
    ctx.memo["php.psr4"] = entries
    return entries


def _read_psr4(ctx, rel: str, folder: str) -> list[tuple[str, list[str]]]:
    try:
        data = json.loads(read_regular(ctx.abs(rel), max_bytes=_COMPOSER_MAX_BYTES))
    except (OSError, ValueError):
        return []
    out = []
    for section in ("autoload", "autoload-dev"):
        table = data.get(section) if isinstance(data, dict) else None
        table = table.get("psr-4") if isinstance(table, dict) else None
        if not isinstance(table, dict):
            continue
        for prefix, dirs in table.items():
            dirs = [dirs] if isinstance(dirs, str) else dirs
            if not isinstance(prefix, str) or not isinstance(dirs, list):
                continue
            folders = []
            for d in dirs:
                if isinstance(d, str):
                    f = ctx.norm(f"{folder}/{d}" if folder else d or ".")
                    if f is not None:
                        folders.append(f)
            out.append((prefix.strip("\\"), folders))
    return out
