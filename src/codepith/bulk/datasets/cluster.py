"""Clusters: a ``distributed.Client`` on a scheduler, or on a local cluster
codepith starts and closes (:class:`local_client`)."""

from __future__ import annotations

import os

from ...errors import CodepithError, InvalidOption
from .common import _require


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
        self.cluster = None
        self.client = None

    def __enter__(self):
        _require()
        from distributed import Client, LocalCluster

        if self.scheduler:
            try:
                self.client = Client(self.scheduler, timeout="30s")
            except OSError as exc:
                raise CodepithError(
                    f"cannot reach the Dask scheduler at {self.scheduler} ({exc}); check its address and "
                    "that it runs"
                ) from None
            return self.client
        workers = self.workers or os.cpu_count() or 1
        # codepith's work holds the GIL: one process per core, one thread each
        self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                    dashboard_address=":0")
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


def _quiet_unreadable_input(client) -> None:
    """On the workers of a cluster codepith started (their log is the
    command's stderr), leave out the log records of unreadable input."""
    from distributed.diagnostics.plugin import WorkerPlugin

    class QuietUnreadableInput(WorkerPlugin):
        name = "codepith-quiet-unreadable-input"

        def setup(self, worker) -> None:
            import logging

            logging.getLogger("distributed.worker").addFilter(_drop_unreadable_input)

    client.register_plugin(QuietUnreadableInput())
