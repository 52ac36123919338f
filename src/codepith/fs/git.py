"""Running ``git`` for what a document tells about a repository: the
working tree's diff, the last commits, how often each file changed.

Every call runs ``git`` with a time limit, never through a pager or an
external diff tool, never taking the index lock (``GIT_OPTIONAL_LOCKS=0``),
and reads at most a given number of bytes of its output. A failure is a
:class:`GitUnavailable` saying why (no ``git``, not a repository, …); the
callers turn it into a note.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass

from ..errors import CodepithError
from .paths import display_name

__all__ = ["GitUnavailable", "GitOutput", "run_git", "toplevel", "GIT_TIMEOUT"]

#: seconds one git command may take
GIT_TIMEOUT = 60.0


class GitUnavailable(CodepithError):
    """git cannot answer: it is missing, the folder is not in a repository,
    or the command failed or ran out of time. The message says which."""


@dataclass(frozen=True)
class GitOutput:
    """What a git command printed: at most ``limit`` bytes of it, and whether
    there was more (``truncated``)."""

    data: bytes
    truncated: bool


def _env() -> dict[str, str]:
    env = dict(os.environ)
    # paths are given as they are (no globs), messages are git's own English
    env.update(GIT_OPTIONAL_LOCKS="0", GIT_PAGER="cat", GIT_TERMINAL_PROMPT="0", GIT_LITERAL_PATHSPECS="1", LC_ALL="C")
    return env


def run_git(args: list[str], cwd: str, *, limit: int | None = None, timeout: float = GIT_TIMEOUT) -> GitOutput:
    """``git -C cwd ARGS``'s standard output (at most ``limit`` bytes). Raises
    :class:`GitUnavailable` with git's last line of error when it fails."""
    command = ["git", "-c", "core.quotepath=off", "-c", "color.ui=never", *args]
    try:
        proc = subprocess.Popen(
            command, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env()
        )
    except OSError as exc:
        raise GitUnavailable(f"could not run git ({exc.strerror or exc}); install git") from None
    try:
        if limit is None:
            out, err = proc.communicate(timeout=timeout)
            truncated = False
        else:
            out, err, truncated = _bounded(proc, limit, timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise GitUnavailable(f"git {args[0]} took more than {timeout:.0f} s") from None
    if proc.returncode != 0 and not truncated:
        lines = err.decode("utf-8", "replace").strip().splitlines()
        raise GitUnavailable(f"git {args[0]} failed: {lines[-1] if lines else f'exit code {proc.returncode}'}")
    return GitOutput(out, truncated)


def _bounded(proc: subprocess.Popen, limit: int, timeout: float) -> tuple[bytes, bytes, bool]:
    """Read at most ``limit`` bytes of ``proc``'s output (one more says there
    was more), then stop it. Its standard error is read in a thread so that
    neither pipe fills up."""
    import threading
    import time

    assert proc.stdout is not None and proc.stderr is not None  # opened as pipes
    errors: list[bytes] = []
    reader = threading.Thread(target=lambda: errors.append(proc.stderr.read()), daemon=True)  # type: ignore[union-attr]
    reader.start()
    deadline = time.monotonic() + timeout
    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    try:
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = proc.stdout.read(min(1 << 16, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        truncated = size > limit
        if truncated:
            proc.kill()
        proc.stdout.close()
        proc.wait(timeout=max(0.0, deadline - time.monotonic()) + 1)
    finally:
        timer.cancel()
    reader.join(timeout=5)
    if not truncated and proc.returncode is not None and proc.returncode < 0:
        raise subprocess.TimeoutExpired(proc.args, timeout)
    data = b"".join(chunks)
    return data[:limit], errors[0] if errors else b"", truncated


def toplevel(folder: str) -> str:
    """The top folder of the git work tree holding ``folder``; raises
    :class:`GitUnavailable` when there is none."""
    start = folder if os.path.isdir(folder) else os.path.dirname(os.path.abspath(folder)) or "."
    try:
        out = run_git(["rev-parse", "--show-toplevel"], start).data
    except GitUnavailable as exc:
        if "not a git repository" in str(exc):
            raise GitUnavailable(f"{display_name(folder)} is not in a git repository") from None
        raise
    top = os.fsdecode(out.rstrip(b"\n"))
    if not top:
        raise GitUnavailable("not in a git work tree")
    return os.path.realpath(top)
