"""The modules of a tree, and what each one is.

A module is a folder of the tree (hidden folders and ``.codepith/`` left out,
``.gitignore`` honoured): the top-level folders are the first level, their
subfolders the next, and so on. A folder that holds no file of its own and a
single subfolder is one module with it (``src/`` + ``src/app/`` is
``src/app``), so a ``src`` layout names its packages. Source files at the root
form one more module, the root (``path == ""``), when there are any.

What a module is, in order of preference: its package doc (an ``__init__.py``
docstring, a Go package comment, a leading comment of ``index.ts``/``index.js``),
the first prose line of its README, its main exported names, or what it holds.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..core.languages import detect_language, entry_files, spec
from .symbols import SymbolIndex

__all__ = ["Module", "describe", "doc_line", "module_tree", "quotable", "readme_line"]

DESCRIPTION_MAX = 90
_README = re.compile(r"^readme(\.(md|markdown|rst|txt))?$", re.IGNORECASE)
_EXPORTED_KINDS = ("class", "function", "type", "interface", "enum", "module")


@dataclass
class Module:
    """A folder of the tree. ``path`` has no trailing ``/`` (``""``: the root's own files)."""

    path: str
    files: list[str]  # its own files (directly inside), sorted
    children: list[Module] = field(default_factory=list)
    description: str = ""

    def all_files(self) -> list[str]:
        out = list(self.files)
        for child in self.children:
            out.extend(child.all_files())
        return sorted(out)

    def source_files(self) -> list[str]:
        return [p for p in self.all_files() if detect_language(p) is not None]

    def walk(self) -> Iterator[Module]:
        """This module and every module under it, depth first, in path order."""
        yield self
        for child in self.children:
            yield from child.walk()

    @property
    def label(self) -> str:
        return self.path + "/" if self.path else "(root files)"


def _build(folder: str, tree: dict) -> Module:
    files = sorted(tree.get("", []))
    subfolders = sorted(k for k in tree if k)
    path = folder
    # a folder with no file of its own and one subfolder is one module with it
    while not files and len(subfolders) == 1 and path:
        name = subfolders[0]
        tree = tree[name]
        path = f"{path}/{name}"
        files = sorted(tree.get("", []))
        subfolders = sorted(k for k in tree if k)
    module = Module(path=path, files=[f"{path}/{f}" if path else f for f in files])
    module.children = [_build(f"{path}/{name}" if path else name, tree[name]) for name in subfolders]
    return module


def module_tree(index: SymbolIndex) -> list[Module]:
    """The top-level modules of the indexed tree, in path order, described;
    the root's own files first as module ``""`` when source files are among them."""
    tree: dict = {}
    for rel in index.all_files():
        parts = rel.split("/")
        node = tree
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node.setdefault("", []).append(parts[-1])
    modules = []
    root_files = sorted(tree.get("", []))
    if any(detect_language(f) is not None for f in root_files):
        modules.append(Module(path="", files=root_files))
    for name in sorted(k for k in tree if k):
        modules.append(_build(name, tree[name]))
    for top in modules:
        for module in top.walk():
            module.description = describe(module, index)
    return modules


def _one_line(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    if len(text) > DESCRIPTION_MAX:
        text = text[: DESCRIPTION_MAX - 1].rstrip() + "\u2026"
    return text


def readme_line(path: str, warnings: list[str] | None = None, shown: str | None = None) -> str:
    """The first sentence of a README's first prose paragraph (headings, badges,
    HTML, fences and directives skipped); its first heading when it has no prose.
    "" when what it quotes holds a secret, as read or as printed (markup
    stripped): said in ``warnings``, naming the file (``shown``), kind and line."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = [next(f, "") for _ in range(80)]
    except OSError:
        return ""
    heading, heading_at = "", 0
    fenced = False
    paragraph: list[str] = []
    raw: list[str] = []  # the paragraph's lines as read
    for number, line in enumerate(lines, 1):
        text = line.strip().lstrip("\ufeff")
        if paragraph and (not text or text.startswith(("#", "```", "~~~", "-", "*", "|"))):
            break
        if text.startswith(("```", "~~~")):
            fenced = not fenced
            continue
        if fenced or not text:
            continue
        if text.startswith("#"):
            if not heading:
                heading, heading_at = text.lstrip("#").strip(), number
            continue
        if re.fullmatch(r"[=\-~^*+#`]{3,}", text) or text.startswith(("[![", "![", "<", "..", "|", ":")):
            continue
        raw.append(text)
        paragraph.append(re.sub(r"[*_`]", "", text))
        start = number - len(raw) + 1
    if not paragraph:
        return quotable(_one_line(heading), heading, heading_at, shown or path, warnings)
    text = " ".join(paragraph)
    end = re.search(r"[.!?](?=\s)", text + " ")
    return quotable(_one_line(text[: end.start() + 1] if end else text), "\n".join(raw), start, shown or path, warnings)


def quotable(line: str, source: str, first: int, where: str, warnings: list[str] | None) -> str:
    """``line`` (quoted from ``source``, whose first line is line ``first`` of
    ``where``), or "" when either holds a secret; said once in ``warnings``."""
    from ..core.secrets import Finding, describe, scan_text

    found = [Finding(f.kind, f.line + first - 1) for f in scan_text(source)] or [
        Finding(f.kind, first) for f in scan_text(line)
    ]
    if not found:
        return line
    warning = (
        f"{where}: the text the index quotes holds a secret ({describe(found)}); left out: remove the "
        "value from the file"
    )
    if warnings is not None and warning not in warnings:
        warnings.append(warning)
    return ""


def doc_line(module: Module, index: SymbolIndex) -> str:
    """The module's package doc, else its README's first line ("" when neither)."""
    own = set(module.files)
    names = [os.path.basename(p) for p in module.files]
    # 1. the package doc of an entry file, then of any file (Go's package comment)
    for entry in entry_files():
        path = f"{module.path}/{entry}" if module.path else entry
        if path in own and path in index.files and index.files[path].doc:
            line = _doc(index, path)
            if line:
                return line
    for path in module.files:  # a package comment in any of its files (Go's convention)
        language = detect_language(path)
        if (
            language is not None
            and spec(language).file_doc_rule == "package-comment"
            and path in index.files
            and index.files[path].doc
        ):
            line = _doc(index, path)
            if line:
                return line
    # 2. the README's first line
    for path, name in zip(module.files, names, strict=False):
        if _README.match(name):
            line = readme_line(os.path.join(index.root, path), index.warnings, path)
            if line:
                return line
    return ""


def _doc(index: SymbolIndex, path: str) -> str:
    """The file doc of ``path`` on one line ("" when it holds a secret as printed)."""
    doc = index.files[path].doc
    return quotable(_one_line(doc), doc, 1, path, index.warnings)


def describe(module: Module, index: SymbolIndex) -> str:
    """What ``module`` is, in one line (see the module doc for the order)."""
    line = doc_line(module, index)
    if line:
        return line
    # 3. the main exported names: its own files first, else those of its subfolders
    for files in (module.files, module.all_files()):
        exported: list[str] = []
        for path in files:
            entry = index.files.get(path)
            if entry is None:
                continue
            for sym in entry.symbols:
                if (
                    sym.exported
                    and sym.kind in _EXPORTED_KINDS
                    and sym.qualname == sym.name
                    and sym.name not in exported
                ):
                    exported.append(sym.name)
        if exported:
            shown: list[str] = []
            for name in exported:
                if len(", ".join(shown + [name])) > DESCRIPTION_MAX - 8:
                    break
                shown.append(name)
            more = len(exported) - len(shown)
            return ", ".join(shown) + (f" (+{more})" if more else "")
    # 4. what it holds
    files = module.all_files()
    kinds = sorted({os.path.splitext(p)[1] or os.path.basename(p) for p in files})
    return _one_line(f"{len(files)} file{'s' if len(files) != 1 else ''}: {', '.join(kinds)}")
