"""What a run wrote: per-partition counts (:func:`_stats`, computed in the
worker that wrote the partition) and their sum (:class:`DatasetSummary`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .common import _shown

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

#: actions of rows whose input was bad (not text, not valid Unicode, not JSON,
#: not readable, not countable by the tokenizer) or left out (it holds a secret):
#: the summary names them, and so does the command on stderr
PROBLEM_ACTIONS = (
    "skipped:secret",
    "skipped:bad-json",
    "skipped:invalid-text",
    "skipped:not-text",
    "skipped:unreadable",
    "skipped:not-a-file",
    "skipped:uncountable",
)
#: how many such rows a summary names (all are counted in ``actions``)
MAX_NAMED_PROBLEMS = 50


@dataclass
class DatasetSummary:
    """Counts over every row written, and what could not be.

    ``problems`` names (up to :data:`MAX_NAMED_PROBLEMS`) the rows whose input
    was bad, as ``(path, action, reason)`` (``path`` is None for a JSONL line
    that is not a record); ``failed`` holds one message per partition that
    could not be read (an unreadable Parquet file), whose rows are not in the
    output.
    """

    rows: int = 0
    partitions: int = 0
    bytes_in: int = 0
    bytes_out: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    actions: Counter = field(default_factory=Counter)
    languages: dict[str, dict[str, int]] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)
    problems: list[tuple[str | None, str, str]] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def add(self, part: dict) -> None:
        self.partitions += 1
        self.rows += part["rows"]
        for key in ("bytes_in", "bytes_out", "tokens_in", "tokens_out"):
            setattr(self, key, getattr(self, key) + part[key])
        self.actions.update(part["actions"])
        for lang, counts in part["languages"].items():
            mine = self.languages.setdefault(lang, Counter())
            mine.update(counts)
        self.files.append(part["file"])
        room = MAX_NAMED_PROBLEMS - len(self.problems)
        self.problems.extend(tuple(p) for p in part.get("problems", ())[: max(0, room)])

    @property
    def problem_rows(self) -> int:
        """Rows whose input was bad (named or not in ``problems``)."""
        return sum(self.actions.get(a, 0) for a in PROBLEM_ACTIONS)


def _stats(df: pd.DataFrame, prefix: str, file: str, path_column: str | None = None) -> dict:
    def total(name: str) -> int:
        return int(df[prefix + name].fillna(0).sum())

    languages: dict[str, dict[str, int]] = {}
    lang_col = df[prefix + "language"].fillna("other")
    for lang, group in df.groupby(lang_col, sort=True):
        languages[str(lang)] = {
            "rows": len(group),
            **{k: int(group[prefix + k].fillna(0).sum()) for k in ("bytes_in", "bytes_out", "tokens_in", "tokens_out")},
        }
    actions = df[prefix + "action"].tolist()
    problems = []
    bad = [i for i, a in enumerate(actions) if a in PROBLEM_ACTIONS][:MAX_NAMED_PROBLEMS]
    if bad:
        paths = df[path_column].tolist() if path_column in df.columns else [None] * len(df)
        reasons = df[prefix + "reason"].tolist()
        for i in bad:
            path = paths[i] if isinstance(paths[i], str) else None
            reason = reasons[i] if isinstance(reasons[i], str) else ""
            problems.append((None if path is None else _shown(path), actions[i], reason))
    return {
        "rows": len(df),
        "file": file,
        "bytes_in": total("bytes_in"),
        "bytes_out": total("bytes_out"),
        "tokens_in": total("tokens_in"),
        "tokens_out": total("tokens_out"),
        "actions": dict(Counter(actions)),
        "languages": languages,
        "problems": problems,
    }
