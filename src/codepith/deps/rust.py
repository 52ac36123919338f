"""Rust's dependency resolver, for :mod:`codepith.deps.finder` (the registry's
``resolver="rust"``).

- ``mod x;`` maps to ``x.rs`` or ``x/mod.rs`` in the folder of the declaring
  module's children: the file's own folder for ``lib.rs``, ``main.rs`` and
  ``mod.rs``, ``<folder>/<stem>/`` for any other file, and deeper for a
  ``mod x;`` inside inline modules (``mod a { mod x; }``: ``a/x.rs``). A
  ``#[path = "…"]`` attribute right above it names the file instead.
- ``use`` paths: ``crate::a::b::C`` from the crate's ``src`` folder (the
  folder of the nearest ``Cargo.toml`` inside the root, ``src/`` beneath it;
  else the nearest folder holding ``lib.rs`` or ``main.rs``), ``self::`` and
  ``super::`` from the file's own module, and a bare path (``use a::B``) from
  the file's module, then from the crate root (the 2015 edition). The deepest
  module file that exists is the dependency: ``a/b.rs`` (or ``a/b/mod.rs``),
  else ``a.rs`` (or ``a/mod.rs``). Use lists (``crate::{a::B, c::*}``) are
  followed branch by branch.

Node kinds and fields are tree-sitter-rust's. Nothing here raises on a file it
cannot find: what exists is added to the context.
"""

from __future__ import annotations

import posixpath

__all__ = ["resolve"]

#: files whose child modules sit beside them
_MOD_FILES = ("lib.rs", "main.rs", "mod.rs")


def resolve(ctx, node) -> None:
    """Add the files ``node`` (a ``use`` declaration or a ``mod x;``) names."""
    if node.type == "mod_item":
        _mod_decl(ctx, node)
    elif node.type == "use_declaration":
        argument = node.child_by_field_name("argument")
        if argument is None:
            return
        for path in _use_paths(argument, []):
            _use(ctx, path)


def _text(node) -> str:
    return node.text.decode("utf-8", "surrogateescape")


# --------------------------------------------------------------------------- mod x;


def _children_folder(ctx) -> str:
    """The folder that holds the file's child modules."""
    name = posixpath.basename(ctx.rel)
    if name in _MOD_FILES:
        return ctx.folder
    return posixpath.join(ctx.folder, name[: -len(".rs")] if name.endswith(".rs") else name)


def _inline_parents(node) -> list[str]:
    """Names of the inline modules (``mod a { … }``) around ``node``, outermost first."""
    names = []
    up = node.parent
    while up is not None:
        if up.type == "mod_item":
            name = up.child_by_field_name("name")
            if name is not None:
                names.append(_text(name))
        up = up.parent
    return names[::-1]


def _path_attribute(node) -> str | None:
    """The file a ``#[path = "…"]`` attribute right above ``node`` names."""
    prev = node.prev_named_sibling
    while prev is not None and prev.type == "attribute_item":
        attr = prev.named_children[0] if prev.named_child_count else None
        if attr is not None and attr.named_child_count and _text(attr.named_children[0]) == "path":
            value = attr.child_by_field_name("value")
            if value is not None and value.type == "string_literal":
                raw = _text(value)
                return raw[1:-1] if len(raw) >= 2 else None
        prev = prev.prev_named_sibling
    return None


def _mod_decl(ctx, node) -> None:
    name = node.child_by_field_name("name")
    if name is None or node.child_by_field_name("body") is not None:
        return
    parents = _inline_parents(node)
    explicit = _path_attribute(node)
    if explicit is not None:
        # relative to the declaring file's folder (inside inline modules: their folder)
        base = posixpath.join(ctx.folder, *parents) if parents else ctx.folder
        _add_first(ctx, [posixpath.join(base, explicit)])
        return
    folder = posixpath.join(_children_folder(ctx), *parents)
    stem = _text(name).removeprefix("r#")
    _add_first(ctx, [posixpath.join(folder, stem + ".rs"), posixpath.join(folder, stem, "mod.rs")])


def _add_first(ctx, candidates: list[str]) -> bool:
    for candidate in candidates:
        rel = ctx.norm(candidate)
        if rel is not None and ctx.is_file(rel):
            ctx.add(rel)
            return True
    return False


# --------------------------------------------------------------------------- use


def _use_paths(node, prefix: list[str]) -> list[list[str]]:
    """Every path a ``use`` argument names, as segments (``crate``, ``self``,
    ``super`` kept as written; ``*`` and ``self`` in a list end a path)."""
    kind = node.type
    if kind in ("identifier", "crate", "self", "super", "metavariable"):
        return [prefix + [_text(node)]]
    if kind == "scoped_identifier":
        path = node.child_by_field_name("path")
        name = node.child_by_field_name("name")
        head = _use_paths(path, prefix)[0] if path is not None else list(prefix)
        return [head + ([_text(name)] if name is not None else [])]
    if kind == "use_as_clause":
        path = node.child_by_field_name("path")
        return _use_paths(path, prefix) if path is not None else []
    if kind == "use_wildcard":
        inner = node.named_children[0] if node.named_child_count else None
        return _use_paths(inner, prefix) if inner is not None else [list(prefix)]
    if kind == "scoped_use_list":
        path = node.child_by_field_name("path")
        listed = node.child_by_field_name("list")
        head = _use_paths(path, prefix)[0] if path is not None else list(prefix)
        return _use_paths(listed, head) if listed is not None else [head]
    if kind == "use_list":
        out = []
        for child in node.named_children:
            if child.type == "self":
                out.append(list(prefix))
            else:
                out.extend(_use_paths(child, prefix))
        return out
    return []


def _crate_src(ctx) -> str | None:
    """The crate's source folder: ``src/`` beside the nearest ``Cargo.toml``,
    else the nearest folder holding ``lib.rs`` or ``main.rs`` ("" is the root)."""
    for marker, inside in ((("Cargo.toml",), "src"), (("lib.rs", "main.rs"), "")):
        folder = ctx.folder
        while True:
            if any(ctx.is_file(posixpath.join(folder, name)) for name in marker):
                return posixpath.join(folder, inside) if inside else folder
            if not folder:
                break
            folder = posixpath.dirname(folder)
    return None


def _module_path(ctx, src: str) -> list[str] | None:
    """The file's module path under the crate's ``src`` folder
    (``src/a/b.rs`` and ``src/a/b/mod.rs``: ``[a, b]``), or None outside it."""
    rel = ctx.rel
    if src and not rel.startswith(src + "/"):
        return None
    parts = (rel[len(src) + 1 :] if src else rel).split("/")
    name = parts.pop()
    crate_root = not parts and name in ("lib.rs", "main.rs")
    if not crate_root and not (parts and name == "mod.rs"):
        parts.append(name[: -len(".rs")] if name.endswith(".rs") else name)
    return parts


def _use(ctx, path: list[str]) -> None:
    if not path or not path[0]:
        return  # `::std::…`: an external crate
    if "rust.src" not in ctx.memo:
        ctx.memo["rust.src"] = _crate_src(ctx)
    src = ctx.memo["rust.src"]
    if src is None:
        return
    here = _module_path(ctx, src)
    head = path[0]
    if head == "crate":
        bases: list[list[str]] = [[]]
        rest = path[1:]
    elif head in ("self", "super"):
        if here is None:
            return
        module = list(here)
        rest = path
        while rest and rest[0] in ("self", "super"):
            if rest[0] == "super":
                if not module:
                    return
                module.pop()
            rest = rest[1:]
        bases = [module]
    else:
        bases, rest = ([here] if here else []) + [[]], path
    for base in bases:
        if _add_deepest(ctx, src, base, rest):
            return


def _add_deepest(ctx, src: str, base: list[str], rest: list[str]) -> bool:
    """Add the deepest module file of ``base + rest[:k]`` that exists."""
    for k in range(len(rest), 0, -1):
        segments = base + [s.removeprefix("r#") for s in rest[:k]]
        stem = posixpath.join(src, *segments)
        if _add_first(ctx, [stem + ".rs", posixpath.join(stem, "mod.rs")]):
            return True
    return False
