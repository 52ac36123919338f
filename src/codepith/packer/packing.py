"""The context packer: which files enter a model's context, under budgets, with
an audit line for every run.

:func:`pack` takes the required files and the PR paths of a task, checks
every path before reading anything (a path that leaves the root stops the
run), and fills the output under a byte budget and an exact token budget:
the required files first (whole), then the PR's description and diff (the
text of ``git diff BASE``, cut into hunks by :mod:`~codepith.packer.diffs`),
then the PR paths, then their dependencies.

- ``fail-closed``: every file must enter whole (a dependency at
  ``deps_level``); a named path that cannot enter stops the run, and so does
  a run that packs nothing.
- ``compact``: required files enter whole or stop the run. The budget goes to
  the PR paths first: every PR path that fits in its smallest form (the
  ``outline`` compression, or whole for a file without a language) next to the
  ones before it enters, then each is given back the richest form (whole,
  ``signatures``, ``outline``) that still fits. The diff gets the hunks
  that fit beside the PR paths' smallest forms, whole hunks only, before
  those are given back their richer forms. Dependencies only fill what is
  left. A file that cannot enter is discarded, with a warning.
- ``observe``: decides as ``compact`` but outputs the files whole; the run's
  status is ``observed``, each item's action is what compact would do and
  ``printed`` marks the files output, and the warnings say "compact would".

Every run, failed ones included, appends one JSON line to the audit file; the
audit location is checked before anything else, so a run never goes without
its line. Warnings (one line each, for standard error) name every path that
was dropped and why.

A run goes by phases, each in its own module: :mod:`~codepith.packer.options`
(validate), :mod:`~codepith.packer.intake` (the paths, checked before
anything is read), :mod:`~codepith.packer.planner` (the form each file enters
in, and the end), :mod:`~codepith.packer.layout` (sizes against the budgets)
and :mod:`~codepith.packer.audit` (the audit file); the documents are drawn by
:mod:`codepith.render.packs`. This module holds :func:`pack` and re-exports
the names callers import from here.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from .._settings import with_settings
from ..deps.finder import direct_dependencies, resolver_note
from ..errors import InvalidOption
from ..fs.paths import display_name
from .audit import DEFAULT_AUDIT, append_audit, check_audit
from .diffs import DESCRIPTION_LABEL, DESCRIPTION_ROLE, DIFF_ROLE, diff_label
from .intake import Intake
from .options import (
    DEFAULT_BYTE_BUDGET,
    DEFAULT_MAX_FILE_BYTES,
    MODES,
    PACK_FORMATS,
    PackOptions,
    PackSettings,
    changed_paths,
    diff_text,
)
from .planner import Planner
from .results import AUDIT_SCHEMA, AuditUnwritable, PackFailed, PackItem, PackResult
from .run import Entry, Run

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "pack",
    "PackOptions",
    "PackResult",
    "PackItem",
    "PackFailed",
    "AuditUnwritable",
    "MODES",
    "PACK_FORMATS",
    "AUDIT_SCHEMA",
    "append_audit",
    "check_audit",
    "changed_paths",
    "DEFAULT_AUDIT",
    "DEFAULT_BYTE_BUDGET",
    "DEFAULT_MAX_FILE_BYTES",
]


def pack(
    root: str | os.PathLike[str], options: PackOptions | None = None, **settings: Unpack[PackSettings]
) -> PackResult:
    """Pack the ``required`` files, then the ``pr_description`` (role
    ``pr-description``) and ``diff``'s text (``git diff BASE``, role
    ``diff``), then the ``pr_paths`` (and ``diff``'s changed paths), then
    their dependencies, under the budgets.

    In compact mode the diff is trimmed by whole hunks (each one left out is
    named in its item's ``dropped_hunks``) before any PR path is dropped, and
    after the PR paths are compressed; in fail-closed mode the description
    and the diff enter whole or the run stops.

    ``options`` (a :class:`~codepith.packer.options.PackOptions`) says how;
    ``settings`` names its fields to set (``pack(root, mode="compact",
    pr_paths=["src/app.py"])``), so the object is built and checked once.
    A file codepith would skip for its content (binary, minified, or generated
    unless ``include_generated``) is never compressed: it may enter whole.
    A file holding a secret never enters (``skipped:secret`` in the audit,
    with the finding's kind and line), unless ``security_check`` is off or it
    is one of ``allow_secrets`` (paths relative to ``root``, or absolute).

    Raises :class:`~codepith.errors.InvalidOption` (naming the parameter) for
    an argument it cannot take, :class:`AuditUnwritable` before anything is
    read when the audit file cannot be written, and :class:`PackFailed` when
    the run stops (after writing its audit line); the returned result of a
    successful run holds the output, one item per path considered, and one
    warning per path dropped.
    """
    options = with_settings(PackOptions, options, settings, "pack")
    run = _open(root, options)
    intake = _plan(run, list(options.required), list(options.pr_paths), deps=options.deps)
    planner = Planner(run, intake)
    planner.fill()  # the required files, the PR paths, then their dependencies, in order
    return planner.finish()  # the output, its sizes, and the audit line


def _open(root: str | os.PathLike, options: PackOptions) -> Run:
    """The run at ``root``, once its audit file is known to be writable."""
    root = os.path.abspath(os.fspath(root))
    if not os.path.isdir(root):
        raise InvalidOption("root", f"{display_name(root)}: not a folder; give the project's folder")
    audit_path = options.audit if options.audit is not None else os.path.join(root, DEFAULT_AUDIT)
    if options.write_audit:
        check_audit(audit_path, root)
    return Run(root, options, audit_path)


def _given(run: Run, label: str, role: str, text: str) -> None:
    """An entry whose content is given (the PR description, the diff), not read from a file."""
    entry = Entry(PackItem(path=label, role=role), given=text.encode("utf-8", "surrogateescape"))
    run.entries.append(entry)
    run.result.items.append(entry.item)


def _plan(run: Run, required: list[str], pr_paths: list[str], *, deps: bool) -> Intake:
    """Every path of the run, checked before anything is read: the deleted
    paths of the diff, the required files, the PR description and the diff's
    text, the PR paths, the diff's changed paths, then (``deps``) the PR
    paths' dependencies."""
    root, intake = run.root, Intake(run)
    changed = changed_paths(root, run.diff) if run.diff is not None else []
    text = diff_text(root, run.diff) if run.diff is not None else ""
    for rel in changed:
        if not os.path.lexists(os.path.join(root, rel)):  # deleted: reported, never read
            intake.add(rel, "pr-path", named=False, problem="deleted")
    for raw in required:
        intake.add(raw, "required", named=True)
    description = run.options.pr_description
    if description:
        _given(run, DESCRIPTION_LABEL, DESCRIPTION_ROLE, description)
    elif description is not None:
        run.warn("the PR description is empty: nothing of it is packed")
    if text:
        _given(run, diff_label(run.diff or ""), DIFF_ROLE, text)
    for raw in pr_paths:
        intake.add(raw, "pr-path", named=True)
    for rel in changed:
        if os.path.lexists(os.path.join(root, rel)):
            intake.add(rel, "pr-path", named=False)
    intake.check_paths()
    if deps:  # after the PR paths, compressed to `deps_level`
        for entry in [e for e in run.entries if e.item.role == "pr-path" and e.abspath is not None]:
            note = resolver_note(entry.item.path)
            if note is not None:
                run.result.deps_notes.append(note)
            for rel in direct_dependencies(root, entry.item.path):
                dep = intake.add(rel, f"dependency-of:{entry.item.path}", named=False)
                if dep is not None and dep.problem:
                    intake.refuse(dep)
    return intake
