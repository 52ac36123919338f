"""Direct dependencies of a source file inside a tree.

:func:`direct_dependencies` parses one file with tree-sitter, reads its import
nodes (the ``@import`` captures of ``queries/<language>/tags.scm``) and maps
each import to the files of the tree it names:

- Python: ``import a.b``, ``from a.b import c``, ``from . import x`` and
  ``from ..pkg import y``, wherever they appear (``if TYPE_CHECKING:``,
  ``try:``, function bodies). Absolute names are looked up against the folder
  holding the importing file's top-level package (the file's own folder for a
  module outside any package), then the root, then ``root/src``; relative names
  from the importing file's package folder.
- JavaScript, TypeScript, TSX: relative specifiers (``./x``, ``../y``) of
  ``import``/``export … from``, ``import x = require(…)``, ``import('…')`` and
  ``require('…')`` with a literal string, resolved with extension and
  ``index`` lookup and TypeScript's ``.js`` → ``.ts`` mapping. Bare specifiers
  (packages) are ignored.
- Go: imports of packages of the file's own module (``module`` line of the
  nearest ``go.mod`` inside the root), mapped to the package folder's ``.go``
  files, tests excluded.
- Java: ``import`` of a type (or a package, ``.*``) of the same source tree,
  found from the file's own ``package`` line (:mod:`.deps_java`).
- Rust (:mod:`.deps_rust`): ``mod x;`` to ``x.rs`` / ``x/mod.rs``, and ``use
  crate::…``, ``self::…``, ``super::…`` and bare module paths to the module
  files of the crate's ``src`` folder.
- Ruby (:mod:`.deps_ruby`): ``require_relative`` from the file's folder, and
  ``require``/``load``/``autoload`` of a file under a ``lib`` folder.
- C and C++ (:mod:`.deps_c`): ``#include "…"`` relative to the including file's
  folder, then to the root; ``#include <…>`` is skipped.

Paths are returned relative to the root with ``/``, as found in the tree (an
in-root symlink keeps its own path). A candidate whose real path leaves the
root is dropped; so is the importing file itself. Nothing raises on an
unreadable, missing or unparsable file: what can be found is returned. Files
are read with :func:`codepith.safeio.read_regular`, so a FIFO or device in a
file's place never blocks.
"""

from __future__ import annotations

import enum
import os
import re
import stat
from typing import Literal

from ..core.languages import captures, detect_language, languages, parse
from ..core.languages import spec as language_spec
from ..errors import InvalidOption
from ..fs.safeio import read_regular
from .c import resolve_include
from .java import resolve_java
from .php import resolve_php
from .ruby import resolve_ruby
from .rust import resolve_rust

__all__ = ["direct_dependencies", "followed_languages", "resolver_note", "JS_EXTENSIONS"]

#: an importing file larger than this is not parsed for its imports
MAX_SOURCE_BYTES = 1_000_000

#: extensions tried, in order, after a relative JS/TS specifier (and after ``index``)
JS_EXTENSIONS = (".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")

#: a JS-style extension written in a specifier -> the TypeScript sources it may stand for
_TS_FOR_JS = {
    ".js": (".ts", ".tsx", ".d.ts"),
    ".jsx": (".tsx",),
    ".mjs": (".mts", ".d.mts"),
    ".cjs": (".cts", ".d.cts"),
}

_IMPORT = frozenset({"import"})


def direct_dependencies(root: str | os.PathLike, path: str) -> list[str]:
    """Files inside ``root`` that ``path`` (relative to ``root``, ``/``-separated)
    imports directly: POSIX paths relative to ``root``, in the order of the
    imports in the file, without duplicates, never ``path`` itself.

    Files in unsupported languages, and files that cannot be read, give ``[]``.
    """
    try:
        ctx = _Context(os.fspath(root), path)
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
    try:
        tree = parse(ctx.language, source)
        nodes = captures(ctx.language, "tags", tree.root_node, _IMPORT).get("import", [])
    except Exception:  # a parser failure must not stop the caller
        return []
    nodes = sorted(nodes, key=lambda n: (n.start_byte, -n.end_byte))
    resolve = RESOLVERS[name]
    for node in nodes:
        try:
            resolve(ctx, node)
        except (OSError, ValueError, UnicodeError):
            continue
    return ctx.found


# --------------------------------------------------------------------------- paths


class _Pending(enum.Enum):
    """The value of a lookup not made yet (None is a lookup that found nothing)."""

    PENDING = enum.auto()


_PENDING = _Pending.PENDING


class _Context:
    """The importing file, the root, and the dependencies found so far."""

    def __init__(self, root: str, path: str) -> None:
        self.root = os.path.abspath(root)
        self.root_real = os.path.realpath(self.root)
        rel = path.replace("\\", "/") if os.sep == "\\" else path
        if not rel or rel.startswith("/") or os.path.isabs(rel):
            raise InvalidOption("path", f"{path!r} is not relative to the root")
        rel = os.path.normpath(rel).replace(os.sep, "/")
        if rel == ".." or rel.startswith("../") or rel == ".":
            raise InvalidOption("path", f"{path!r} leaves the root")
        self.rel = rel
        self.abspath = os.path.join(self.root, *rel.split("/"))
        self.real = os.path.realpath(self.abspath)
        self.folder = os.path.dirname(rel)  # "" for a file at the root
        self.language = detect_language(rel)
        self.found: list[str] = []
        self._seen: set[str] = {self.real}
        self._file_cache: dict[str, bool] = {}
        self.py_bases: list[str] | None = None
        self.go_module: tuple[str, str] | None | Literal[_Pending.PENDING] = _PENDING

    # rel paths below are POSIX, relative to the root, possibly with ".."

    def norm(self, rel: str) -> str | None:
        """``rel`` normalised, or ``None`` when it leaves the root lexically
        (``../root/x`` from the root's top comes back in: it is ``x``)."""
        if not rel:
            return ""
        out = os.path.relpath(os.path.normpath(os.path.join(self.root, rel)), self.root)
        out = out.replace(os.sep, "/")
        if out == ".." or out.startswith("../") or os.path.isabs(out):
            return None
        return "" if out == "." else out

    def abs(self, rel: str) -> str:
        return os.path.join(self.root, *rel.split("/")) if rel else self.root

    def inside(self, rel: str) -> bool:
        """The real path of ``rel`` stays inside the root."""
        real = os.path.realpath(self.abs(rel))
        return real == self.root_real or real.startswith(self.root_real + os.sep)

    def is_file(self, rel: str) -> bool:
        """``rel`` (normalised) is a regular file (after symlinks) inside the root."""
        hit = self._file_cache.get(rel)
        if hit is None:
            try:
                hit = stat.S_ISREG(os.stat(self.abs(rel)).st_mode) and self.inside(rel)
            except (OSError, ValueError):
                hit = False
            self._file_cache[rel] = hit
        return hit

    def is_dir(self, rel: str) -> bool:
        try:
            return stat.S_ISDIR(os.stat(self.abs(rel)).st_mode) and self.inside(rel)
        except (OSError, ValueError):
            return False

    def add(self, rel: str) -> None:
        """Record a dependency (a file known to exist inside the root)."""
        real = os.path.realpath(self.abs(rel))
        if real in self._seen:
            return
        self._seen.add(real)
        self.found.append(rel)


def _join(*parts: str) -> str:
    return "/".join(p for p in parts if p)


def _text(node) -> str:
    return node.text.decode("utf-8", "surrogateescape")


# --------------------------------------------------------------------------- Python


def _python(ctx: _Context, node) -> None:
    if node.type == "import_statement":
        for name in node.children_by_field_name("name"):
            imported = _dotted(name)
            if imported:
                hit = _py_absolute(ctx, imported, None)
                if hit:
                    ctx.add(hit)
    elif node.type == "import_from_statement":
        module = node.child_by_field_name("module_name")
        if module is None:
            return
        names = [n for n in (_dotted(c) for c in node.children_by_field_name("name")) if n]
        if module.type == "relative_import":
            level = 0
            dotted: list[str] = []
            for child in module.named_children:
                if child.type == "import_prefix":
                    level = len(_text(child).strip())
                elif child.type == "dotted_name":
                    dotted = _parts(child)
            _py_relative(ctx, level, dotted, names)
        else:
            dotted = _parts(module)
            if not dotted:
                return
            if not names:  # `from a.b import *`
                hit = _py_absolute(ctx, dotted, None)
                if hit:
                    ctx.add(hit)
            for name in names:
                hit = _py_absolute(ctx, dotted, name)
                if hit:
                    ctx.add(hit)
    # `from __future__ import …` names no file


def _parts(node) -> list[str]:
    if node.type != "dotted_name":
        return []
    return [_text(c) for c in node.named_children if c.type == "identifier"]


def _dotted(node) -> list[str]:
    """The dotted name of an import's ``name`` child (``a.b`` or ``a.b as c``)."""
    if node.type == "aliased_import":
        node = node.child_by_field_name("name")
        if node is None:
            return []
    return _parts(node)


def _py_module(ctx: _Context, base: str, parts: list[str]) -> str | None:
    """``base/a/b/__init__.py`` or ``base/a/b.py`` when it is a file inside the root
    (a package wins over a module of the same name, as in Python)."""
    if not parts:
        hit = ctx.norm(_join(base, "__init__.py"))
        return hit if hit is not None and ctx.is_file(hit) else None
    stem = _join(base, *parts)
    for candidate in (stem + "/__init__.py", stem + ".py"):
        hit = ctx.norm(candidate)
        if hit is not None and ctx.is_file(hit):
            return hit
    return None


def _py_bases(ctx: _Context) -> list[str]:
    """Folders absolute module names are looked up in, most specific first."""
    top = ctx.folder
    while top and ctx.is_file(_join(top, "__init__.py")):
        top = os.path.dirname(top) if "/" in top else ""
    bases = []
    for base in (top, "", "src"):
        if base not in bases and (base == "" or ctx.is_dir(base)):
            bases.append(base)
    return bases


def _py_absolute(ctx: _Context, module: list[str], name: list[str] | None) -> str | None:
    """The file of ``import module`` (``name`` None) or of ``from module import name``:
    the submodule ``module.name`` when it is one, else ``module``."""
    bases = ctx.py_bases
    if bases is None:
        bases = ctx.py_bases = _py_bases(ctx)
    for base in bases:
        if name:
            hit = _py_module(ctx, base, module + name)
            if hit:
                return hit
        hit = _py_module(ctx, base, module)
        if hit:
            return hit
    return None


def _py_relative(ctx: _Context, level: int, module: list[str], names: list[list[str]]) -> None:
    if level < 1:
        return
    package = ctx.folder
    for _ in range(level - 1):
        if not package:
            return  # above the root
        package = os.path.dirname(package) if "/" in package else ""
    if not names:  # `from .m import *`
        hit = _py_module(ctx, package, module)
        if hit:
            ctx.add(hit)
        return
    for name in names:
        hit = _py_module(ctx, package, module + name) or _py_module(ctx, package, module)
        if hit:
            ctx.add(hit)


# --------------------------------------------------------------------------- JavaScript / TypeScript

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
            out.append(_text(child))
        elif child.type == "escape_sequence":
            esc = _text(child)[1:]
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


def _javascript(ctx: _Context, node) -> None:
    for spec in _js_specifiers(node):
        if not spec or not (spec == "." or spec == ".." or spec.startswith(("./", "../"))):
            continue
        hit = _js_resolve(ctx, spec)
        if hit:
            ctx.add(hit)


def _js_resolve(ctx: _Context, spec: str) -> str | None:
    target = ctx.norm(_join(ctx.folder, spec))
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
        candidate = _join(target, "index" + ext)
        if ctx.is_file(candidate):
            return candidate
    return None


# --------------------------------------------------------------------------- Go

_GO_COMMENT = re.compile(r"//.*")


def _go(ctx: _Context, node) -> None:
    if node.type != "import_declaration":
        return
    module = ctx.go_module
    if module is _PENDING:
        module = ctx.go_module = _go_module(ctx)
    if module is None:
        return
    mod_dir, mod_path = module
    specs = []
    for child in node.named_children:
        if child.type == "import_spec":
            specs.append(child)
        elif child.type == "import_spec_list":
            specs.extend(c for c in child.named_children if c.type == "import_spec")
    for spec in specs:
        path_node = spec.child_by_field_name("path")
        if path_node is None:
            continue
        raw = _text(path_node)
        if len(raw) < 2 or raw[0] not in '"`' or raw[-1] != raw[0]:
            continue
        imported = raw[1:-1]
        if imported == mod_path:
            sub = ""
        elif imported.startswith(mod_path + "/"):
            sub = imported[len(mod_path) + 1 :]
        else:
            continue  # the standard library or another module
        if sub and any(p in ("", ".", "..") for p in sub.split("/")):
            continue  # not a clean import path
        folder = ctx.norm(_join(mod_dir, sub))
        if folder is None or not ctx.is_dir(folder) or _nested_module(ctx, mod_dir, folder):
            continue
        for rel in _go_files(ctx, folder):
            ctx.add(rel)


def _go_module(ctx: _Context) -> tuple[str, str] | None:
    """(folder of the nearest ``go.mod`` inside the root, its module path)."""
    folder = ctx.folder
    while True:
        gomod = _join(folder, "go.mod")
        if ctx.is_file(gomod):
            path = _read_module_path(ctx.abs(gomod))
            return (folder, path) if path else None
        if not folder:
            return None
        folder = os.path.dirname(folder) if "/" in folder else ""


def _read_module_path(abspath: str) -> str | None:
    try:
        text = read_regular(abspath, max_bytes=MAX_SOURCE_BYTES).decode("utf-8", "replace")
    except OSError:
        return None
    lines = [_GO_COMMENT.sub("", line).strip() for line in text.splitlines()]
    for i, line in enumerate(lines):
        if not (line.startswith("module") and line[6:7] in (" ", "\t", "(", '"', "`")):
            continue
        rest = line[6:].strip()
        if rest.startswith("("):  # `module (\n path\n)`
            rest = rest[1:].strip() or next((later for later in lines[i + 1 :] if later), "")
        rest = rest.rstrip(")").strip()
        if len(rest) >= 2 and rest[0] in '"`' and rest[-1] == rest[0]:
            rest = rest[1:-1]
        return rest or None
    return None


def _nested_module(ctx: _Context, mod_dir: str, folder: str) -> bool:
    """``folder`` (under ``mod_dir``) belongs to another module: a ``go.mod``
    sits between them."""
    while folder != mod_dir and folder:
        if ctx.is_file(_join(folder, "go.mod")):
            return True
        folder = os.path.dirname(folder) if "/" in folder else ""
    return False


def _go_files(ctx: _Context, folder: str) -> list[str]:
    try:
        names = sorted(os.listdir(ctx.abs(folder)))
    except OSError:
        return []
    out = []
    for name in names:
        if (
            name.endswith(".go")
            and not name.endswith("_test.go")
            and not name.startswith((".", "_"))  # ignored by the go tool
        ):
            rel = _join(folder, name)
            if ctx.is_file(rel):
                out.append(rel)
    return out


#: resolver name (a language's ``resolver`` in the registry) -> the function
#: that turns one import node into files of the tree
RESOLVERS = {
    "python": _python,
    "go": _go,
    "javascript": _javascript,
    "java": resolve_java,
    "rust": resolve_rust,
    "ruby": resolve_ruby,
    "php": resolve_php,
    "include": resolve_include,
}


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
