"""Paths a caller names, checked against a project root before anything is opened."""

from __future__ import annotations

import os
import stat

__all__ = ["resolve_inside", "file_kind"]


def resolve_inside(root_real: str, root: str, raw: str) -> tuple[str | None, str | None, str]:
    """(absolute path, relative path, problem) for a requested path.

    Nothing is opened: ``..`` and absolute paths are checked textually, then
    the real path (symlinks followed) must stay inside the root.
    """
    if os.path.isabs(raw):
        abspath = os.path.normpath(raw)
    else:
        abspath = os.path.normpath(os.path.join(root, raw))
    rel = os.path.relpath(abspath, root)
    if rel == os.pardir or rel.startswith(os.pardir + os.sep):
        # the root may be named through a symlink: try its real path too
        rel = os.path.relpath(abspath, root_real)
        if rel == os.pardir or rel.startswith(os.pardir + os.sep):
            return None, raw, "outside-root"
    real = os.path.realpath(abspath)
    if real != root_real and not real.startswith(root_real + os.sep):
        return None, rel.replace(os.sep, "/"), "outside-root"
    return abspath, rel.replace(os.sep, "/"), ""


def file_kind(abspath: str) -> str:
    """'file', 'missing' or 'not-a-file', from stat alone (a FIFO is never opened)."""
    try:
        st = os.stat(abspath)
    except FileNotFoundError:
        return "missing"
    except OSError:
        return "not-a-file"
    return "file" if stat.S_ISREG(st.st_mode) else "not-a-file"
