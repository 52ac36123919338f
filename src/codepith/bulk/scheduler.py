"""The files of a bulk run in worker processes, results in path order.

Work is handed out largest first from a bounded look-ahead, small files
batched, so one large file does not serialise the run, and results stream out
as soon as every earlier path is done: memory stays bounded however large the
tree is. Workers are processes of a :class:`~codepith.bulk.pool.WorkerPool`:
one that overruns the time limit on a file is killed from outside, one that
dies costs only its file (which runs again alone, and is kept whole if it
kills a worker again), and each runs with its address space bounded.
"""

from __future__ import annotations

import heapq
import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ..core.languages import detect_language
from ..core.secrets import clean_digests, remember_clean
from ..core.tokens import warm_up
from .files import _failure_reason, _fill_whole, _read_and_process
from .pool import Died, Done, Failed, TimedOut, WorkerPool
from .results import BulkOptions, FileResult

__all__ = ["limit_memory", "memory_budget", "pool_context", "Scheduler"]

#: what every worker of a run knows: (options, cache fingerprint, --max-file-bytes)
_worker_run: tuple[BulkOptions, str | None, int] | None = None
#: what a worker may take beyond its size at start: max(2 GiB, 20 x --max-file-bytes + 512 MiB)
_MEMORY_FLOOR = 2 << 30
_MEMORY_PER_INPUT_BYTE = 20
_MEMORY_BASE = 512 << 20
#: seconds a file may run past its --timeout (reading, counting) before its worker is stopped
_TIMEOUT_GRACE = 1.0


def memory_budget(max_file_bytes: int) -> int:
    """Bytes of address space a worker may add to what it holds when it starts."""
    return max(_MEMORY_FLOOR, _MEMORY_PER_INPUT_BYTE * max_file_bytes + _MEMORY_BASE)


def _address_space() -> int:
    """This process's address space in bytes (0 where the OS does not say)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return 0


def limit_memory(budget: int) -> None:
    """Cap this process's address space at its current size plus ``budget``:
    an allocation past it raises MemoryError instead of taking the machine
    down. Where the OS has no such limit (or a stricter one), nothing changes."""
    try:
        import resource
    except ImportError:  # not on this OS
        return
    if not hasattr(resource, "RLIMIT_AS"):
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = _address_space() + budget
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    if soft != resource.RLIM_INFINITY and soft <= limit:
        return
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ValueError, OSError):  # refused here (macOS): run without it
        pass


def _init_worker(
    options: BulkOptions, fingerprint: str | None, max_bytes: int, budget: int, clean: frozenset[bytes] = frozenset()
) -> None:
    global _worker_run
    _worker_run = (options, fingerprint, max_bytes)
    remember_clean(clean)  # what the parent's listing found clean is not scanned again here
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles ^C
    if options.tokens:
        warm_up(options.encoding)  # load the counter's tables once per worker
    limit_memory(budget)


def _work(item: tuple[int, str, str]):
    """One file, in a worker: (index, cache key, result)."""
    assert _worker_run is not None
    options, fingerprint, max_bytes = _worker_run
    index, path, abspath = item
    key, result = _read_and_process(path, abspath, options, fingerprint, max_bytes)
    return index, key, result


def _file_deadline(options: BulkOptions) -> float | None:
    """Seconds after which a worker still on one file is stopped (None: never)."""
    if not options.timeout:
        return None
    return options.timeout * len(options.levels) + _TIMEOUT_GRACE


#: what the fork server imports once, so that a worker forked from it starts with the engine loaded
_PRELOAD = ["codepith.bulk.scheduler"]


def pool_context():
    """How workers start. On Linux, forked from a fork server: a process
    with no threads, started once and preloaded with the engine. Forking the
    caller itself would be faster to start, but a program that embeds
    codepith (an MCP server, a packer) may have threads alive, and a fork of a
    threaded process can deadlock on a lock one of them held (Python 3.12 warns
    of it; 3.14 no longer forks by default). Elsewhere ``spawn``, the system's
    default (macOS, Windows)."""
    import multiprocessing

    if sys.platform.startswith("linux"):
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(_PRELOAD)  # no effect once the server runs: it has them then
        return context
    return multiprocessing.get_context("spawn")


#: files read ahead of the output; bounds memory with the size limit below
_LOOKAHEAD_FILES = 1024
_LOOKAHEAD_BYTES = 64 << 20
_TASK_BYTES = 256 << 10
_TASK_FILES = 64


@dataclass
class _Slot:
    """One file of the look-ahead: its index in path order and, once known, its result."""

    index: int
    result: FileResult | None = None


class Scheduler:
    """Runs the files of ``entries`` (path, Candidate or Excluded) in ``jobs``
    workers and yields their results in path order (:meth:`results`).

    ``lookup(path, entry)`` gives a result without work (an excluded entry, a
    cache hit) or None; ``done(key, result)`` is told of every result a worker
    computed (the cache stores it)."""

    def __init__(
        self,
        options: BulkOptions,
        jobs: int,
        max_bytes: int,
        fingerprint: str | None,
        lookup: Callable[[str, object], FileResult | None],
        done: Callable[[bytes | None, FileResult], None],
    ) -> None:
        self.options, self.level, self.max_bytes = options, options.levels[0], max_bytes
        self.lookup, self.done = lookup, done
        self.slots: deque[_Slot] = deque()  # in path order
        self.pending: dict[int, _Slot] = {}  # the slots that wait for a worker
        self.heap: list[tuple[int, int, str, str]] = []  # (-size, index, path, abspath)
        self.sizes: dict[int, int] = {}
        self.ahead_bytes = 0
        self.next_index = 0
        self.exhausted = False
        self.quarantine: deque = deque()  # files whose worker died: each runs again alone
        self.alone: int | None = None  # the index of the file running alone
        self.pool = WorkerPool(
            jobs,
            context=pool_context(),
            init=_init_worker,
            init_args=(options, fingerprint, max_bytes, memory_budget(max_bytes), clean_digests()),
            handle=_work,
            deadline=_file_deadline(options),
        )

    def results(self, entries: Iterable) -> Iterator[FileResult]:
        it = iter(entries)
        try:
            while True:
                self.read_ahead(it)
                self.hand_out()
                while self.slots and (ready := self.slots[0].result) is not None:
                    self.ahead_bytes -= self.sizes.pop(self.slots.popleft().index, 0)
                    yield ready
                if not self.slots and self.exhausted and not self.pool.busy:
                    return
                if self.pool.busy:
                    for event in self.pool.events():
                        self.handle(event)
        finally:
            self.pool.close()

    def read_ahead(self, it: Iterator) -> None:
        """Take entries, in path order, while the look-ahead has room."""
        while not self.exhausted and len(self.slots) < _LOOKAHEAD_FILES and self.ahead_bytes < _LOOKAHEAD_BYTES:
            try:
                path, entry = next(it)
            except StopIteration:
                self.exhausted = True
                return
            slot = _Slot(self.next_index)
            self.next_index += 1
            self.slots.append(slot)
            slot.result = self.lookup(path, entry)
            if slot.result is not None:
                continue
            self.pending[slot.index] = slot
            self.sizes[slot.index] = entry.size
            self.ahead_bytes += entry.size
            heapq.heappush(self.heap, (-entry.size, slot.index, path, entry.abspath))

    def hand_out(self) -> None:
        """A file suspected of killing its worker runs alone, nothing beside
        it; else work goes out largest first, small files batched together."""
        pool = self.pool
        if self.quarantine and self.alone is None and not pool.busy:
            item = self.quarantine.popleft()
            self.alone = item[0]
            alone = pool.room()
            assert alone is not None  # nothing is out, so the pool has room
            pool.submit(alone, [item])
        while self.heap and not self.quarantine and self.alone is None:
            worker = pool.room()
            if worker is None:
                return
            task: list[tuple[int, str, str]] = []
            task_bytes = 0
            while self.heap and len(task) < _TASK_FILES and task_bytes < _TASK_BYTES:
                neg_size, index, path, abspath = heapq.heappop(self.heap)
                task.append((index, path, abspath))
                task_bytes += -neg_size
            pool.submit(worker, task)

    def handle(self, event) -> None:
        """One event of the pool: a result, a failure, a timeout or a death."""
        item = event.item
        was_alone = item is not None and item[0] == self.alone
        if was_alone:
            self.alone = None
        if isinstance(event, Done):
            index, key, result = event.value
            self.settle(index, result)
            self.done(key, result)
        elif isinstance(event, Failed):
            self.kept_whole(item, _failure_reason(event.error))
        elif isinstance(event, TimedOut):
            self.requeue(event.requeue)
            self.kept_whole(item, f"timed out after {self.options.timeout:g} s (its worker was stopped); kept whole")
        elif isinstance(event, Died):
            self.requeue(event.requeue)
            if item is None:
                return
            if was_alone:
                self.kept_whole(item, f"its worker died on it twice, the second time alone ({event.how}); kept whole")
            else:
                self.quarantine.append(item)

    def settle(self, index: int, result: FileResult) -> None:
        # (its bytes leave the look-ahead when it is handed on: a result that waits
        # for an earlier one holds its text meanwhile)
        self.pending.pop(index).result = result

    def requeue(self, items) -> None:
        for index, path, abspath in items:
            heapq.heappush(self.heap, (-self.sizes[index], index, path, abspath))

    def kept_whole(self, item, reason: str) -> None:
        index, path, abspath = item
        result = FileResult(
            path=path,
            action="kept-whole",
            language=detect_language(path),
            level=self.level,
            transient=True,
            reason=reason,
        )
        _fill_whole(result, abspath, self.options, self.max_bytes)
        self.settle(index, result)
