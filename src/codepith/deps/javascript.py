"""JavaScript, TypeScript and TSX imports mapped to files of the same tree.

Relative specifiers (``./x``, ``../y``) of ``import``/``export … from``,
``import x = require(…)``, ``import('…')`` and ``require('…')`` with a literal
string, resolved with extension and ``index`` lookup and TypeScript's ``.js``
-> ``.ts`` mapping. Bare specifiers (packages) are ignored.
"""

from __future__ import annotations

import os

from .context import Context, join, text

__all__ = ["JS_EXTENSIONS", "resolve"]

#: extensions tried, in order, after a relative JS/TS specifier (and after ``index``)
JS_EXTENSIONS = (".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")

#: a JS-style extension written in a specifier -> the TypeScript sources it may stand for
_TS_FOR_JS = {
    ".js": (".ts", ".tsx", ".d.ts"),
    ".jsx": (".tsx",),
    ".mjs": (".mts", ".d.mts"),
    ".cjs": (".cts", ".d.cts"),
}

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def _js_string(node) -> str | None:
    """The value of a string literal node (or a template without substitutions)."""
    if node is None:
        return None
    if node.type == "template_string":
        if any(c.type == "template_substitution" for c in node.named_children):
            return None
    elif node.type != "string":
        return None
    out = []
    for child in node.named_children:
        if child.type == "string_fragment":
            out.append(text(child))
        elif child.type == "escape_sequence":
            esc = text(child)[1:]
            if esc[:1] in _ESCAPES and len(esc) == 1:
                out.append(_ESCAPES[esc])
            elif esc[:1] in "xu":
                try:
                    digits = esc[1:].strip("{}")
                    out.append(chr(int(digits, 16)))
                except ValueError:
                    return None
            elif esc[:1] in "\r\n":
                continue  # line continuation
            else:
                out.append(esc)
        else:
            return None
    return "".join(out)


def _js_specifiers(node):
    """The module specifiers of one ``@import`` node."""
    kind = node.type
    if kind in ("import_statement", "export_statement"):
        source = node.child_by_field_name("source")
        if source is None and kind == "import_statement":
            for child in node.named_children:  # `import x = require('…')`
                if child.type == "import_require_clause":
                    source = child.child_by_field_name("source")
                    if source is None:
                        source = next((c for c in child.named_children if c.type == "string"), None)
        if source is not None:
            yield _js_string(source)
    elif kind == "call_expression":
        function = node.child_by_field_name("function")
        args = node.child_by_field_name("arguments")
        if function is None or args is None:
            return
        if function.type == "import" or (function.type == "identifier" and function.text == b"require"):
            first = next((c for c in args.named_children if c.type != "comment"), None)
            if first is not None:
                yield _js_string(first)
    # assignments to module.exports name no file


def resolve(ctx: Context, node) -> None:
    """Record the file one ``@import`` ``node`` names by a relative specifier."""
    for spec in _js_specifiers(node):
        if not spec or not (spec == "." or spec == ".." or spec.startswith(("./", "../"))):
            continue
        hit = _js_resolve(ctx, spec)
        if hit:
            ctx.add(hit)


def _js_resolve(ctx: Context, spec: str) -> str | None:
    target = ctx.norm(join(ctx.folder, spec))
    if target is None:
        return None
    folder_only = spec.endswith("/") or spec in (".", "..") or spec.endswith(("/.", "/.."))
    if not folder_only and target:
        if ctx.is_file(target):
            return target
        stem, ext = os.path.splitext(target)
        for ts_ext in _TS_FOR_JS.get(ext, ()):
            if ctx.is_file(stem + ts_ext):
                return stem + ts_ext
        for ext in JS_EXTENSIONS:
            if ctx.is_file(target + ext):
                return target + ext
    for ext in JS_EXTENSIONS:
        candidate = join(target, "index" + ext)
        if ctx.is_file(candidate):
            return candidate
    return None
