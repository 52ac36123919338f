"""What the worker processes of ``codepith serve`` run. The pool is bulk's
(:class:`codepith.bulk.pool.WorkerPool`: a request past its time limit has its
worker killed and replaced, a worker that dies costs only its request), woken
by the server's reader when a new request arrives (its ``wake`` socket)."""

from __future__ import annotations

import signal
from typing import Any

from ..bulk.scheduler import limit_memory
from ..core.tokens import warm_up
from ..errors import FATAL
from .ops import ServeOptions, Target, compress_file, count, library_error

__all__ = ["init_worker", "handle"]

#: one request for a worker: (key, op, params, the file it reads or None)
Item = tuple[int, str, dict[str, Any], "Target | None"]

_options: ServeOptions | None = None


def init_worker(options: ServeOptions, budget: int) -> None:
    """Once per worker: its options, the tokenizer loaded, its memory bounded."""
    global _options
    _options = options
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server handles ^C
    warm_up()
    limit_memory(budget)


def handle(item: Item) -> tuple[int, dict[str, Any]]:
    """One request in a worker: (key, the response's fields, or its error)."""
    key, op, params, target = item
    assert _options is not None
    try:
        body = compress_file(params, target, _options) if op == "compress" else count(params)
    except BaseException as exc:  # one request's failure is its own (a dependency's panic too)
        if isinstance(exc, FATAL):
            raise
        error = library_error(op, exc)
        body = {"error": {"code": error.code, "message": error.message}}
    return key, body
