"""What a run's listing needs of its walk and its results, without the engine:
the files considered, the header's tree, the actions that mark a file left
out. A run replayed from its memo (:mod:`codepith.bulk.memo`) needs only
these."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from ..core.discover import Excluded

if TYPE_CHECKING:
    from ..core.discover import Candidate
    from .results import FileResult

__all__ = ["GitWarning", "Walked", "files_considered", "tree_listing", "left_out_action"]

#: a walk's entries: (label, Candidate or Excluded), in path order
Walked = Sequence[tuple[str, "Candidate | Excluded"]]


class GitWarning(UserWarning):
    """What git could not give a run (outside a repository, ``sort="changes"``
    keeps the path order)."""


def files_considered(walked: Walked) -> int:
    """The files a run over ``walked`` considers (a folder left out counts its files): the progress bar's total."""
    return sum(entry.files if isinstance(entry, Excluded) else 1 for _path, entry in walked)


def tree_listing(walked: Walked, left_out: Mapping[str, str]) -> Iterator[tuple[str, str]]:
    """(path, note) of every entry of a walk (:func:`~codepith.bulk.run.walk_tree`), for the
    header's tree. What the walk leaves out is marked with its action in
    brackets (an ignored folder once, as ``name/`` with its file count); so
    is each file of ``left_out`` (path -> action: what the run itself left
    out, ``[skipped:binary]``, ``[skipped:secret]``…). The notes are the
    run's own verdicts, never a second look at the files: the tree and the
    files' sections always agree."""
    for path, entry in walked:
        if isinstance(entry, Excluded):
            yield _excluded_line(path, entry)
            continue
        action = left_out.get(path)
        yield (path, f"[{action}]" if action else "")


def left_out_action(result: FileResult) -> str | None:
    """The action a tree shows beside a file the run left out (a skip), else None."""
    return result.action if result.action.startswith("skipped:") else None


def _excluded_line(path: str, entry: Excluded) -> tuple[str, str]:
    if not entry.folder:
        return path, f"[{entry.action}]"
    if entry.action.startswith("ignored:"):
        count = "1 file" if entry.files == 1 else f"{entry.files} files"
        return path + "/", f"[{entry.action}, {count}]"
    return path + "/", f"[{entry.action}]"
