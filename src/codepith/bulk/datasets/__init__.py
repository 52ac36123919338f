"""Datasets on Dask: rows of ``(path, content)`` compressed on a cluster.

Code datasets are rows rather than checkouts: Parquet or JSONL files holding a
path and a file's content per row, millions of them. This package compresses
them on Dask: :func:`compress_frame` adds codepith's result columns to a Dask
DataFrame (one ``map_partitions``, so it fits in a user's own pipeline);
:func:`read_dataset` and :func:`compress_directory` make such a frame from
Parquet, JSONL or a source tree; :func:`write_dataset` writes it partition by
partition, in the workers, and returns per-partition counts.

Each row goes through the same per-file work as ``codepith compress``
(:func:`codepith.bulk.run.process_bytes`: the verdicts of
:mod:`codepith.core.verdict` -- binary, generated, minified, too large --, the
language from the path, :func:`codepith.compress`, exact token counts), so the
result columns use the same actions and reasons. Rows are never
dropped: a row that is not compressed keeps its content in ``compressed``,
with its ``action`` and ``reason``.

The package's rooms: ``rows`` (the options, one row's verdict and output, a
partition, :func:`compress_frame`), ``sources``, ``parquet``, ``jsonl`` and
``read`` (input: formats, files, :func:`read_dataset`), ``tree``
(:func:`compress_directory`), ``cells``, ``summary`` and ``write`` (output:
values as Parquet and JSONL hold them, the counts, :func:`write_dataset`),
``cluster`` (:class:`local_client`) and ``common`` (what they share).

Grammars, queries and the tokenizer are cached per process (see
:mod:`codepith.core.languages` and :mod:`codepith.core.tokens`): each Dask worker loads
them once, on its first row, and keeps them.

``dask[dataframe,distributed]`` and ``pyarrow`` are an optional extra
(``pip install "codepith[dask]"``); they are imported only when a function here
is called, and their absence raises :class:`~codepith.CodepithError` with the
install command.
"""

from __future__ import annotations

import importlib
from typing import Any

from .cluster import (
    local_client as local_client,
)
from .common import (
    INSTALL_HINT as INSTALL_HINT,
)
from .common import (
    READ_COLUMN as READ_COLUMN,
)
from .read import (
    INPUT_FORMATS as INPUT_FORMATS,
)
from .read import (
    read_dataset as read_dataset,
)
from .rows import (
    RESULT_COLUMNS as RESULT_COLUMNS,
)
from .rows import (
    FrameOptions as FrameOptions,
)
from .rows import (
    check_columns as check_columns,
)
from .rows import (
    compress_frame as compress_frame,
)
from .rows import (
    compress_partition as compress_partition,
)
from .sources import (
    MAX_PARTITION_BYTES as MAX_PARTITION_BYTES,
)
from .sources import (
    MIN_PARTITION_BYTES as MIN_PARTITION_BYTES,
)
from .sources import (
    UnknownInputFormat as UnknownInputFormat,
)
from .sources import (
    UnreadableInput as UnreadableInput,
)
from .sources import (
    auto_partition_bytes as auto_partition_bytes,
)
from .sources import (
    detect_format as detect_format,
)
from .summary import (
    MAX_NAMED_PROBLEMS as MAX_NAMED_PROBLEMS,
)
from .summary import (
    PROBLEM_ACTIONS as PROBLEM_ACTIONS,
)
from .summary import (
    DatasetSummary as DatasetSummary,
)
from .tree import (
    compress_directory as compress_directory,
)
from .write import (
    OUTPUT_FORMATS as OUTPUT_FORMATS,
)
from .write import (
    check_output as check_output,
)
from .write import (
    write_dataset as write_dataset,
)

__all__ = [
    "INPUT_FORMATS",
    "INSTALL_HINT",
    "MAX_NAMED_PROBLEMS",
    "MAX_PARTITION_BYTES",
    "MIN_PARTITION_BYTES",
    "OUTPUT_FORMATS",
    "PROBLEM_ACTIONS",
    "READ_COLUMN",
    "RESULT_COLUMNS",
    "DatasetSummary",
    "UnknownInputFormat",
    "UnreadableInput",
    "FrameOptions",
    "auto_partition_bytes",
    "check_columns",
    "check_output",
    "compress_directory",
    "compress_frame",
    "compress_partition",
    "detect_format",
    "local_client",
    "read_dataset",
    "write_dataset",
]

#: internals reached through this package (the tests' ``cdask._arrow_types``,
#: the command line's ``_require``), by the module that holds each
_INTERNALS = {
    "_require": "common",
    "_arrow_table": "cells",
    "_arrow_types": "cells",
    "_json_line": "cells",
    "_jsonl_lines": "jsonl",
    "_tree_chunks": "tree",
    "_write_partition": "write",
}


def __getattr__(name: str) -> Any:
    module = _INTERNALS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{module}", __name__), name)
