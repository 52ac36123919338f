"""A small process pool whose workers can be stopped one at a time.

:mod:`concurrent.futures` cannot end one worker of a pool, and a signal
cannot interrupt a worker that is busy inside C code (a parser): a file that
overruns its time is only stopped by killing the process that works on it.
Here the parent owns every worker: it sends each a few batches of items at a
time, gets one message back per item, knows which item a worker is on and
since when, and kills (then replaces) a worker whose item is past its
deadline. A worker that dies (a crash in native code, the out-of-memory
killer) costs the item it was on; the items queued behind it are handed back.

Each worker talks to the parent over its own socket pair. The parent never
blocks on one worker: its ends are non-blocking and it waits on all of them
at once (:mod:`selectors`) with a timeout that ends at the nearest deadline.
Messages are length-prefixed pickles between the parent and the processes it
started (never read from a file).
"""

from __future__ import annotations

import os
import pickle
import selectors
import socket
import struct
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import FATAL, CodepithError

__all__ = ["WorkerPool", "Done", "Failed", "Died", "TimedOut"]

_HEADER = struct.Struct("<Q")
_CHUNK = 1 << 20
#: a worker that dies this many times in a row before it is ready ends the run
_START_FAILURES = 3


@dataclass
class Done:
    """A worker's answer for ``item``."""

    item: Any
    value: Any


@dataclass
class Failed:
    """The worker raised ``error`` (``"Type: message"``) on ``item``."""

    item: Any
    error: str


@dataclass
class Died:
    """The worker died while on ``item`` (``how`` says how); ``item`` is None
    when it died before it started any."""

    item: Any
    how: str
    #: items that were queued behind it, not started: to be handed out again
    requeue: list = field(default_factory=list)


@dataclass
class TimedOut:
    """``item`` ran past the deadline; its worker was killed."""

    item: Any
    seconds: float
    requeue: list = field(default_factory=list)


# --------------------------------------------------------------------------- the worker's side


def _send(sock: socket.socket, obj) -> None:
    payload = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    sock.sendall(_HEADER.pack(len(payload)) + payload)


def _recv_exact(sock: socket.socket, n: int) -> bytes | None:
    buf = bytearray()
    while len(buf) < n:
        chunk = sock.recv(min(n - len(buf), _CHUNK))
        if not chunk:
            return None
        buf += chunk
    return bytes(buf)


def _recv(sock: socket.socket):
    head = _recv_exact(sock, _HEADER.size)
    if head is None:
        return None
    payload = _recv_exact(sock, _HEADER.unpack(head)[0])
    return None if payload is None else pickle.loads(payload)


def _worker_main(sock, inherited, init, init_args, handle) -> None:
    for fd in inherited:  # the parent's ends of the other workers' sockets (fork)
        try:
            os.close(fd)
        except OSError:
            pass
    init(*init_args)
    _send(sock, ("ready", None))
    while True:
        batch = _recv(sock)
        if batch is None:  # the parent closed its end, or asked to stop
            return
        for item in batch:
            try:
                answer = ("done", handle(item))
            except BaseException as exc:  # one item's failure is its own (a dependency's panic too)
                if isinstance(exc, FATAL):
                    raise
                answer = ("failed", f"{type(exc).__name__}: {exc}")
            try:
                _send(sock, answer)
            except (BrokenPipeError, ConnectionResetError):
                return
            except Exception as exc:  # an answer that cannot be pickled
                _send(sock, ("failed", f"{type(exc).__name__}: {exc}"))


# --------------------------------------------------------------------------- the parent's side


#: set in the thread that starts a worker which must not import the main module
_starting = threading.local()
_hook_lock = threading.Lock()
_hooked = False


def _start_without_main(proc) -> None:
    """Start ``proc`` (spawned, or forked from the fork server) without
    running the calling program's main module in it.

    ``multiprocessing`` makes such a child import ``__main__`` first, so that
    functions defined there can be found. A worker here needs none: it would
    only pay for the program's imports, run whatever the module does at its
    top level, and die at once when that module starts codepith's run there
    too (a script without ``if __name__ == "__main__":``, which worked when
    workers were forked from the caller). The data a child is started with
    comes from ``multiprocessing.spawn.get_preparation_data``; it is wrapped,
    once, to leave the main module out when this thread asks it to and to
    change nothing for anyone else.
    """
    global _hooked
    from multiprocessing import spawn

    with _hook_lock:
        if not _hooked:
            spawn.get_preparation_data = _preparation_data_of(spawn.get_preparation_data)
            _hooked = True
    _starting.without_main = True
    try:
        proc.start()
    finally:
        _starting.without_main = False


def _preparation_data_of(original: Callable) -> Callable:
    def get_preparation_data(name):
        data = original(name)
        if getattr(_starting, "without_main", False):
            data.pop("init_main_from_name", None)
            data.pop("init_main_from_path", None)
        return data

    get_preparation_data.__wrapped__ = original  # type: ignore[attr-defined]
    return get_preparation_data


class _Worker:
    def __init__(self, pool: WorkerPool) -> None:
        parent_end, child_end = socket.socketpair()
        # a forked child holds copies of the parent's ends (its own and the other
        # workers'): it closes them, so that each side sees the other's end of file
        forked = pool._context.get_start_method() == "fork"
        inherited = pool._parent_fds() + [parent_end.fileno()] if forked else []
        self.proc = pool._context.Process(
            target=_worker_main,
            args=(child_end, inherited, pool._init, pool._init_args, pool._handle),
            daemon=pool._daemon,
            name="codepith-worker",
        )
        if pool._needs_main:
            self.proc.start()
        else:
            _start_without_main(self.proc)
        child_end.close()
        parent_end.setblocking(False)
        self.sock = parent_end
        self.inbuf = bytearray()
        self.outbuf = bytearray()
        self.pending: deque = deque()  # items sent, in order; the first is being worked on
        self.batches: deque[int] = deque()  # items left in each batch sent
        self.ready = False
        self.since: float | None = None  # when the first pending item started

    def started_item(self, now: float) -> None:
        self.since = now if (self.ready and self.pending) else None


class WorkerPool:
    """Up to ``jobs`` worker processes, started as work arrives.

    Each runs ``init(*init_args)`` once, then ``handle(item)`` for every item
    sent to it, in order. ``deadline`` (seconds, or None) bounds the time of
    one item; ``depth`` batches may wait at each worker. ``wake``: a socket
    whose bytes make :meth:`events` return, with or without an event (a
    server's reader sends one for each new request, so that it is handed out
    at once).
    """

    def __init__(
        self,
        jobs: int,
        *,
        context,
        init: Callable,
        init_args: tuple,
        handle: Callable,
        deadline: float | None = None,
        depth: int = 2,
        wake: socket.socket | None = None,
    ) -> None:
        import multiprocessing

        self._jobs = jobs
        self._context = context
        self._init = init
        self._init_args = init_args
        self._handle = handle
        self._deadline = deadline
        self._depth = depth
        # a daemonic process may not start children: then the workers are not daemonic
        self._daemon = not multiprocessing.current_process().daemon
        self._workers: list[_Worker] = []
        self._selector = selectors.DefaultSelector()
        self._start_failures = 0
        # workers that run only importable functions need nothing of the main module
        self._needs_main = any(getattr(f, "__module__", None) == "__main__" for f in (init, handle))
        self._wake = wake
        if wake is not None:
            wake.setblocking(False)
            self._selector.register(wake, selectors.EVENT_READ, None)

    # ------------------------------------------------------------------ handing out

    def _parent_fds(self) -> list[int]:
        return [w.sock.fileno() for w in self._workers]

    def _spawn(self) -> _Worker:
        worker = _Worker(self)
        self._workers.append(worker)
        self._selector.register(worker.sock, selectors.EVENT_READ, worker)
        return worker

    def room(self) -> _Worker | None:
        """A worker that can take another batch (started if needed), or None."""
        best = min(self._workers, key=lambda w: (len(w.batches), len(w.pending)), default=None)
        if (best is None or best.batches) and len(self._workers) < self._jobs:
            return self._spawn()
        if best is not None and len(best.batches) < self._depth:
            return best
        return None

    def submit(self, worker: _Worker, items: list) -> None:
        payload = pickle.dumps(items, protocol=pickle.HIGHEST_PROTOCOL)
        idle = not worker.pending
        worker.pending.extend(items)
        if idle:
            worker.started_item(time.monotonic())
        worker.batches.append(len(items))
        worker.outbuf += _HEADER.pack(len(payload)) + payload
        self._flush(worker)

    @property
    def busy(self) -> bool:
        """Whether some item is still out."""
        return any(w.pending for w in self._workers)

    # ------------------------------------------------------------------ what comes back

    def events(self) -> list:
        """Wait for something to happen; what did (:class:`Done`, :class:`Failed`,
        :class:`Died`, :class:`TimedOut`), in the order it was seen."""
        out: list = []
        while not out:
            timeout = self._wait_time()
            woken = False
            for key, mask in self._selector.select(timeout):
                worker = key.data
                if worker is None:  # the wake socket
                    woken = self._drain_wake()
                    continue
                if mask & selectors.EVENT_WRITE:
                    self._flush(worker)
                if mask & selectors.EVENT_READ:
                    self._read(worker, out)
            self._expire(out)
            if woken or (not self.busy and not out):
                break
        return out

    def _drain_wake(self) -> bool:
        """Read what the wake socket holds (unregistered once its other end is closed)."""
        assert self._wake is not None
        try:
            while self._wake.recv(4096):
                pass
            self._selector.unregister(self._wake)  # its other end is closed: nothing more will come
        except (BlockingIOError, InterruptedError):
            pass
        except OSError:
            self._selector.unregister(self._wake)
        return True

    def _wait_time(self) -> float | None:
        if self._deadline is None:
            return None
        starts = [w.since for w in self._workers if w.since is not None]
        if not starts:
            return None
        return max(0.0, min(starts) + self._deadline - time.monotonic())

    def _flush(self, worker: _Worker) -> None:
        if worker.outbuf:
            try:
                sent = worker.sock.send(worker.outbuf)
            except (BlockingIOError, InterruptedError):
                sent = 0
            except OSError:  # the worker is gone: its end of file says so
                worker.outbuf.clear()
                sent = 0
            del worker.outbuf[:sent]
        events = selectors.EVENT_READ | (selectors.EVENT_WRITE if worker.outbuf else 0)
        self._selector.modify(worker.sock, events, worker)

    def _read(self, worker: _Worker, out: list) -> None:
        eof = False
        while True:
            try:
                chunk = worker.sock.recv(_CHUNK)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                eof = True
                break
            if not chunk:
                eof = True
                break
            worker.inbuf += chunk
        self._messages(worker, out)
        if eof:
            self._died(worker, out)

    def _messages(self, worker: _Worker, out: list) -> None:
        buf = worker.inbuf
        pos = 0
        now = time.monotonic()
        while len(buf) - pos >= _HEADER.size:
            (n,) = _HEADER.unpack_from(buf, pos)
            if len(buf) - pos - _HEADER.size < n:
                break
            kind, value = pickle.loads(buf[pos + _HEADER.size : pos + _HEADER.size + n])
            pos += _HEADER.size + n
            if kind == "ready":
                worker.ready = True
                self._start_failures = 0
                worker.started_item(now)
                continue
            item = worker.pending.popleft()
            worker.batches[0] -= 1
            if not worker.batches[0]:
                worker.batches.popleft()
            worker.started_item(now)
            out.append(Done(item, value) if kind == "done" else Failed(item, value))
        del buf[:pos]

    def _expire(self, out: list) -> None:
        if self._deadline is None:
            return
        now = time.monotonic()
        for worker in list(self._workers):
            if worker.since is None or now - worker.since <= self._deadline:
                continue
            self._read(worker, out)  # an answer that arrived meanwhile counts
            if worker not in self._workers or worker.since is None or worker.inbuf:
                continue  # it died, or it is done with the item, or it is sending its answer
            if now - worker.since <= self._deadline:
                continue
            item = worker.pending.popleft()
            requeue = list(worker.pending)
            self._remove(worker, kill=True)
            out.append(TimedOut(item, now - worker.since, requeue))

    def _died(self, worker: _Worker, out: list) -> None:
        self._remove(worker, kill=False)
        how = _exit_description(worker.proc.exitcode)
        if not worker.ready:
            self._start_failures += 1
            if self._start_failures >= _START_FAILURES:
                raise CodepithError(
                    f"codepith's worker processes die as they start ({how}); "
                    "run with --jobs 1 --timeout 0 (in Python: jobs=1, timeout=0) to work in this process"
                )
        if worker.pending:
            # before it was ready it had started nothing: nothing to blame
            item = worker.pending.popleft() if worker.ready else None
            out.append(Died(item, how, list(worker.pending)))

    def _remove(self, worker: _Worker, *, kill: bool) -> None:
        self._workers.remove(worker)
        try:
            self._selector.unregister(worker.sock)
        except (KeyError, ValueError):
            pass
        worker.sock.close()
        if kill and worker.proc.is_alive():
            worker.proc.kill()
        worker.proc.join(5)
        if worker.proc.is_alive():  # closed its socket yet lingers
            worker.proc.kill()
            worker.proc.join()

    # ------------------------------------------------------------------ the end

    def close(self) -> None:
        """Stop every worker: idle ones are asked to leave, busy ones are killed."""
        for worker in list(self._workers):
            self._remove(worker, kill=bool(worker.pending))
        self._selector.close()


def _exit_description(code: int | None) -> str:
    if code is None:
        return "it stopped answering"
    if code < 0:
        import signal

        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        note = " (the out-of-memory killer sends it)" if -code == getattr(signal, "SIGKILL", 9) else ""
        return f"killed by {name}{note}"
    return f"exit code {code}"
