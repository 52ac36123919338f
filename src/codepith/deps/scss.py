"""SCSS's dependency resolver, for :mod:`codepith.deps.finder` (the registry's
``resolver="scss"``).

``@use "a/b"``, ``@forward "a/b"`` and ``@import "a/b"`` load a module the way
Sass does: ``a/b.scss``, then the partial ``a/_b.scss``, then ``.sass`` and
``.css`` of each, then ``a/b/_index.scss`` and ``a/b/index.scss``; a name with
its extension is looked up as written and as a partial. It is looked for
relative to the importing file's folder first, then relative to the root (a
project's own load path, often its style folder, is usually the root or
near it). Built-in modules (``sass:math``) and URLs name no file; ``url(…)`` imports of
plain CSS are followed as :mod:`codepith.deps.css` follows them. A name found
nowhere (a package's module) is ignored.
"""

from __future__ import annotations

import posixpath

from . import css

__all__ = ["resolve"]

_EXTENSIONS = (".scss", ".sass", ".css")


def _candidates(name: str) -> list[str]:
    folder, base = posixpath.split(name)
    if base.endswith(_EXTENSIONS):
        return [name, posixpath.join(folder, "_" + base)]
    out = []
    for ext in _EXTENSIONS:
        out += [name + ext, posixpath.join(folder, "_" + base + ext)]
    return out + [posixpath.join(name, "_index.scss"), posixpath.join(name, "index.scss")]


def resolve(ctx, node) -> None:
    """Add the files the ``@use``, ``@forward`` or ``@import`` ``node`` loads."""
    if node.type not in ("use_statement", "forward_statement", "import_statement"):
        return  # `@namespace` names no file
    for name in css.targets(node):
        path = css.local(name)
        if path is None:  # `sass:math`, a URL
            continue
        hit = None
        for base in (ctx.folder, ""):
            for candidate in _candidates(path):
                rel = ctx.norm(posixpath.join(base, candidate) if base else candidate)
                if rel and ctx.is_file(rel):
                    hit = rel
                    break
            if hit:
                break
        if hit:
            ctx.add(hit)
