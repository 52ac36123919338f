"""Project memory in three tiers: a bounded index, path-scoped rules, recall under a budget.

- Tier 1, :func:`build_index`: one line per module and a pointer line, under a
  hard ceiling of exact tokens, as a marked block for ``AGENTS.md``/``CLAUDE.md``
  (:func:`write_block` replaces only that block).
- Tier 2, :func:`build_rules`: one ``.claude/rules/codepith-<module>.md`` per
  module (``paths:`` front matter and the module's outline);
  :func:`which_rules` says which rule files of any agent apply to a path, and why.
- Tier 3, :func:`recall`: the symbols and rule sections relevant to a query,
  under an exact token budget, from a symbol index cached in ``.codepith/``;
  every injection is logged in ``.codepith/usage.jsonl``, which
  :func:`usage_stats` folds into pull counts and eviction candidates.
- Lessons, :func:`add_lesson`: hand-written facts in ``LESSONS.md`` with
  stable ids and path globs, superseded rather than edited away; recall
  injects the live ones a task touches (:func:`relevant_lessons`).

:func:`recall` and :class:`Recall` are imported with the package (the
per-prompt hook needs nothing else); the other names on first use (PEP 562),
so a prompt does not pay for loading the index and rule builders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_names
from .recall import Recall as Recall
from .recall import recall as recall

if TYPE_CHECKING:
    from .index import build_index as build_index
    from .index import fit_index as fit_index
    from .index import write_block as write_block
    from .lesson_use import relevant_lessons as relevant_lessons
    from .lessons import add_lesson as add_lesson
    from .lessons import load_lessons as load_lessons
    from .lessons import supersede_lesson as supersede_lesson
    from .rules import build_rules as build_rules
    from .rules import which_rules as which_rules
    from .symbols import load_index as load_index
    from .usage import read_usage as read_usage
    from .usage import usage_stats as usage_stats

#: public name -> (its module, its name there); ``recall`` is imported with the
#: package: a submodule of that name would otherwise shadow the function once imported
_LAZY = {
    name: (module, name)
    for module, group in {
        ".index": ("build_index", "fit_index", "write_block"),
        ".lesson_use": ("relevant_lessons",),
        ".lessons": ("add_lesson", "load_lessons", "supersede_lesson"),
        ".rules": ("build_rules", "which_rules"),
        ".symbols": ("load_index",),
        ".usage": ("read_usage", "usage_stats"),
    }.items()
    for name in group
}

__getattr__, __dir__ = lazy_names(globals(), _LAZY)


__all__ = [
    "Recall",
    "add_lesson",
    "build_index",
    "build_rules",
    "fit_index",
    "load_index",
    "load_lessons",
    "read_usage",
    "recall",
    "relevant_lessons",
    "supersede_lesson",
    "usage_stats",
    "which_rules",
    "write_block",
]
