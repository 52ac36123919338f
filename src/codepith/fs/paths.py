"""Paths a caller names, checked against a project root before anything is opened."""

from __future__ import annotations

import errno
import os
import re
import stat

from .safeio import STATE_DIR

__all__ = ["resolve_inside", "file_kind", "path_kind", "is_state_path", "display_name"]


def resolve_inside(root_real: str, root: str, raw: str) -> tuple[str | None, str, str]:
    """(absolute path, relative path, problem) for a requested path.

    Nothing is opened: ``..`` and absolute paths are checked textually, then
    the real path (symlinks followed) must stay inside the root. A name that
    cannot name a file (empty, or holding a NUL byte) has the problem
    ``invalid-name``.
    """
    if not raw or "\0" in raw:
        return None, raw, "invalid-name"
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


_NO_SUCH = (errno.ENOENT, errno.ENOTDIR)


def path_kind(abspath: str) -> tuple[str, str]:
    """(kind, detail) of ``abspath`` from ``stat`` alone (nothing is opened).

    kind is ``file``, ``missing``, ``folder``, ``not-a-file`` (detail: what it
    is: ``FIFO``, ``socket``, ``device``), ``invalid-name`` (detail: the
    system's reason, e.g. a name too long) or ``unreadable`` (detail: the
    system's reason, e.g. a folder on the way that may not be searched).
    """
    try:
        st = os.stat(abspath)
    except OSError as exc:
        if exc.errno in _NO_SUCH:
            return "missing", ""
        if exc.errno == errno.ENAMETOOLONG:
            return "invalid-name", exc.strerror or "name too long"
        return "unreadable", exc.strerror or str(exc)
    except ValueError as exc:  # a NUL byte
        return "invalid-name", str(exc)
    mode = st.st_mode
    if stat.S_ISREG(mode):
        return "file", ""
    if stat.S_ISDIR(mode):
        return "folder", ""
    if stat.S_ISFIFO(mode):
        return "not-a-file", "FIFO"
    if stat.S_ISSOCK(mode):
        return "not-a-file", "socket"
    return "not-a-file", "device"


def is_state_path(rel: str) -> bool:
    """Whether the root-relative ``rel`` (``/``-separated) lies in codepith's
    own state folder (a ``.codepith`` component at any depth, as discovery
    sees it)."""
    return STATE_DIR in rel.split("/")


# What a name may hold but a document or message must not show raw: the
# backslash (so every escape below reads one way back), control characters
# (C0, DEL, C1), line and paragraph separators, bidirectional controls, lone
# surrogates (the bytes of a name that is not UTF-8, as ``os.fsdecode``
# carries them), the noncharacters U+FFFE and U+FFFF, and the backtick
# (Markdown's code delimiter).
_ESCAPED = re.compile("[\\\\\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff`]")
_NAMED = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "`": "\\`"}


def _escape(match: re.Match) -> str:
    ch = match.group()
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def display_name(path: str) -> str:
    """``path`` as one line of printable text, for headings, attributes and
    messages, the same in every document (bulk and pack) and message: a
    backslash, control characters, line and paragraph separators,
    bidirectional controls, the noncharacters U+FFFE and U+FFFF, bytes that
    were not UTF-8 and the backtick are written as escapes (``\\\\``,
    ``\\n``, ``\\x1b``, ``\\u202e``, ``\\xe9``, a backslash before a
    backtick), so a name never breaks a heading, a fence or a code span.
    Names and notes only: file content is never rewritten this way. Other
    names come back unchanged."""
    return _ESCAPED.sub(_escape, path)
