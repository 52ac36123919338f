"""Dart's dependency resolver, for :mod:`codepith.deps.finder` (the registry's
``resolver="dart"``).

``import``, ``export``, ``part`` and ``part of`` with a URI string are followed:

- a relative URI (``'src/a.dart'``, ``'../b.dart'``) names a file relative to
  the importing file's folder, as Dart reads it;
- ``'package:NAME/path.dart'`` names ``lib/path.dart`` of the package whose
  ``pubspec.yaml`` (the nearest one above the importing file, inside the root)
  says ``name: NAME``; other packages are not in the tree;
- ``'dart:…'`` (the SDK) and URIs with another scheme name no file.

A conditional import (``import 'a.dart' if (dart.library.io) 'a_io.dart'``)
depends on every URI it names. ``part of some.library;`` (a library name, not a
URI) names no file. Node kinds are tree-sitter-dart's.
"""

from __future__ import annotations

import os
import posixpath
import re

from ..fs.safeio import read_regular
from .context import MAX_SOURCE_BYTES, Context, join, text

__all__ = ["resolve"]

_DIRECTIVES = frozenset({"import_or_export", "part_directive", "part_of_directive"})
# `name: my_app` at a line's start (a top-level key of the YAML map), optionally quoted
_PUBSPEC_NAME = re.compile(r"^name:[ \t]*['\"]?([A-Za-z_][A-Za-z0-9_]*)['\"]?[ \t]*(?:#.*)?$", re.MULTILINE)
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def resolve(ctx: Context, node) -> None:
    """Add the files one import, export or part directive ``node`` names."""
    if node.type not in _DIRECTIVES:
        return
    for uri in _uris(node):
        rel = _local(ctx, uri)
        if rel and ctx.is_file(rel):
            ctx.add(rel)


def _uris(node) -> list[str]:
    """The URI strings under ``node``, in order (a conditional import's too)."""
    out: list[str] = []
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type == "uri":
            raw = text(n).strip()
            if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "'\"":
                out.append(raw[1:-1])
            continue
        stack.extend(reversed(n.named_children))
    return out


def _local(ctx: Context, uri: str) -> str | None:
    """The tree path ``uri`` names from the importing file, or None."""
    if not uri or "$" in uri or "\\" in uri:
        return None  # an interpolated or malformed string names no known file
    if uri.startswith("package:"):
        name, _, path = uri[len("package:") :].partition("/")
        package = _package(ctx)
        if package is None or name != package[1] or not path:
            return None
        return ctx.norm(join(package[0], "lib", path))
    if _SCHEME.match(uri) or uri.startswith("/"):
        return None  # `dart:core`, `https:`, an absolute path: not a file of the tree
    return ctx.norm(posixpath.join(ctx.folder, uri))


def _package(ctx: Context) -> tuple[str, str] | None:
    """(folder, name) of the nearest ``pubspec.yaml`` above the file, once per file."""
    if "dart.pubspec" not in ctx.memo:
        ctx.memo["dart.pubspec"] = _find_pubspec(ctx)
    found: tuple[str, str] | None = ctx.memo["dart.pubspec"]
    return found


def _find_pubspec(ctx: Context) -> tuple[str, str] | None:
    folder = ctx.folder
    while True:
        pubspec = join(folder, "pubspec.yaml")
        if ctx.is_file(pubspec):
            name = _read_name(ctx.abs(pubspec))
            return (folder, name) if name else None
        if not folder:
            return None
        folder = os.path.dirname(folder) if "/" in folder else ""


def _read_name(abspath: str) -> str | None:
    try:
        data = read_regular(abspath, max_bytes=MAX_SOURCE_BYTES).decode("utf-8", "replace")
    except OSError:
        return None
    match = _PUBSPEC_NAME.search(data.replace("\r\n", "\n"))
    return match.group(1) if match else None
