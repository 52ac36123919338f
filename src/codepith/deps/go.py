"""Go imports mapped to files of the same tree.

Imports of packages of the file's own module (the ``module`` line of the
nearest ``go.mod`` inside the root) map to the package folder's ``.go`` files,
tests excluded; the standard library and other modules name no file.
"""

from __future__ import annotations

import os
import re

from ..fs.safeio import read_regular
from .context import MAX_SOURCE_BYTES, Context, join, text

__all__ = ["resolve"]

_GO_COMMENT = re.compile(r"//.*")


def resolve(ctx: Context, node) -> None:
    """Record the files of the packages one ``import_declaration`` ``node`` names."""
    if node.type != "import_declaration":
        return
    if "go.module" not in ctx.memo:
        ctx.memo["go.module"] = _go_module(ctx)
    module = ctx.memo["go.module"]
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
        raw = text(path_node)
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
        folder = ctx.norm(join(mod_dir, sub))
        if folder is None or not ctx.is_dir(folder) or _nested_module(ctx, mod_dir, folder):
            continue
        for rel in _go_files(ctx, folder):
            ctx.add(rel)


def _go_module(ctx: Context) -> tuple[str, str] | None:
    """(folder of the nearest ``go.mod`` inside the root, its module path)."""
    folder = ctx.folder
    while True:
        gomod = join(folder, "go.mod")
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


def _nested_module(ctx: Context, mod_dir: str, folder: str) -> bool:
    """``folder`` (under ``mod_dir``) belongs to another module: a ``go.mod``
    sits between them."""
    while folder != mod_dir and folder:
        if ctx.is_file(join(folder, "go.mod")):
            return True
        folder = os.path.dirname(folder) if "/" in folder else ""
    return False


def _go_files(ctx: Context, folder: str) -> list[str]:
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
            rel = join(folder, name)
            if ctx.is_file(rel):
                out.append(rel)
    return out
