"""Clusters: a ``distributed.Client`` on a scheduler, or on a local cluster
codepith starts and closes (:class:`local_client`)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ...errors import CodepithError, InvalidOption
from .common import _require

if TYPE_CHECKING:  # pragma: no cover
    from distributed import Client, LocalCluster


class local_client:
    """A context manager: a ``distributed.Client`` on ``scheduler`` (an address
    such as ``tcp://host:8786``), or on a new local cluster of ``workers``
    processes (default: one per core), each with one thread, closed on exit."""

    def __init__(self, scheduler: str | None = None, *, workers: int | None = None) -> None:
        if workers is not None and scheduler:
            raise InvalidOption("workers", "sizes a local cluster; it does not apply with a scheduler")
        if workers is not None and workers < 1:
            raise InvalidOption("workers", f"must be at least 1, got {workers}")
        self.scheduler = scheduler
        self.workers = workers
        self.cluster: LocalCluster | None = None
        self.client: Client | None = None

    def __enter__(self):
        _require()
        from distributed import Client, LocalCluster

        if self.scheduler:
            try:
                self.client = Client(self.scheduler, timeout="30s")
            except OSError as exc:
                raise CodepithError(
                    f"cannot reach the Dask scheduler at {self.scheduler} ({exc}); check its address and that it runs"
                ) from None
            return self.client
        workers = self.workers or os.cpu_count() or 1
        # codepith's work holds the GIL: one process per core, one thread each
        self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0")
        self.client = Client(self.cluster)
        _quiet_unreadable_input(self.client)
        return self.client

    def __exit__(self, *exc) -> None:
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def _drop_unreadable_input(record) -> bool:
    """A logging filter: False for a worker's "Compute Failed" record (with
    its traceback) about input that cannot be read, which the run's summary
    reports in one line."""
    return not (str(record.msg).startswith("Compute Failed") and "UnreadableInput" in str(record.args))


def _one_line(record) -> bool:
    """A logging filter for the log a worker of codepith's own cluster
    writes to the command's stderr: no record there carries a traceback.
    Records about input that cannot be read (the run's summary reports them)
    and a heartbeat cut off by the cluster closing are left out; any other
    record's exception is told at the end of its one line."""
    if not _drop_unreadable_input(record):
        return False
    if not record.exc_info:
        return True
    exc = record.exc_info[1]
    if type(exc).__name__ == "CommClosedError" and str(record.msg).startswith("Failed to communicate with scheduler"):
        return False  # the scheduler closed the connection: the cluster is closing
    record.msg = f"{record.getMessage()} ({type(exc).__name__}: {exc})" if exc is not None else record.getMessage()
    record.args = None
    record.exc_info = None
    record.exc_text = None
    return True


def _quiet_unreadable_input(client) -> None:
    """On the workers of a cluster codepith started (their log is the
    command's stderr), leave out the log records of unreadable input and
    every traceback (:func:`_one_line`)."""
    from distributed.diagnostics.plugin import WorkerPlugin

    class QuietUnreadableInput(WorkerPlugin):
        name = "codepith-quiet-unreadable-input"

        def setup(self, worker) -> None:
            import logging

            logging.getLogger("distributed.worker").addFilter(_drop_unreadable_input)
            _filter_log_streams()

    client.register_plugin(QuietUnreadableInput())


@contextmanager
def one_line_logs() -> Iterator[None]:
    """While in effect, the Dask log this process writes (the scheduler and
    client of a cluster codepith started) carries no traceback either
    (:func:`_one_line`): for a command whose stderr is its user's."""
    import distributed  # noqa: F401 - it sets up its log's handlers

    handlers = _filter_log_streams()
    try:
        yield
    finally:
        for handler in handlers:
            handler.removeFilter(_one_line)


def _filter_log_streams() -> list:
    """Put :func:`_one_line` on the stream handlers of this process's Dask
    log that lack it; the handlers it was put on."""
    import logging

    handlers = [
        h
        for h in logging.getLogger("distributed").handlers
        if isinstance(h, logging.StreamHandler) and _one_line not in h.filters
    ]
    for handler in handlers:
        handler.addFilter(_one_line)
    return handlers
