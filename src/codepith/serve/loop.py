"""The loop of ``codepith serve``: read requests, hand them out, write answers.

Three parts share the work:

- the *reader* (a thread) reads standard input in chunks, never holding more
  than ``max_line_bytes`` of one line (a longer line is skipped to its end and
  answered ``line-too-long``), checks each line (:func:`~codepith.serve.protocol.parse_line`)
  and answers a malformed one at once. It stops reading while
  ``max_pending`` requests (or four times ``max_line_bytes`` of them) wait
  for an answer, so a fast client cannot fill the server's memory;
- the *dispatcher* (the calling thread) answers ``hello`` itself, hands
  ``compress`` and ``count`` to worker processes (:mod:`codepith.serve.worker`)
  and the folder ops to one thread, and writes each answer as it comes;
- the *writer* puts one response a line on standard output, whole, under a lock.

A request past its time limit or whose worker dies is answered with an error;
the pool starts a new worker and the other requests go on. ``shutdown`` and
the end of input stop the reading; the work in flight is finished and
answered, then the server returns (``shutdown``'s answer is the last line).
"""

from __future__ import annotations

import os
import queue
import socket
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..bulk import scheduler
from ..bulk.pool import Died, Done, Failed, TimedOut, WorkerPool
from ..errors import FATAL, CodepithError
from .ops import ServeOptions, Target, compress_folder, hello, library_error, map_tree, pack_paths, resolve
from .protocol import Request, RequestError, encode, error_response, parse_line
from .worker import handle, init_worker

__all__ = ["serve"]

_CHUNK = 1 << 20
#: seconds a worker may run past --timeout (reading, counting) before it is stopped
_GRACE = 1.0
#: requests and text bytes sent to a worker at once
_BATCH_ITEMS = 8
_BATCH_BYTES = 1 << 20
_EOF = object()

#: op -> what runs it in the folder thread
_FOLDER_OPS: dict[str, Callable[[dict[str, Any], ServeOptions], dict[str, Any]]] = {
    "compress_tree": compress_folder,
    "map": map_tree,
    "pack": pack_paths,
}


class _Writer:
    """Whole lines to ``fd``, one writer at a time. A closed output (the
    client went away) is remembered, and nothing more is written."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.lock = threading.Lock()
        self.closed = False

    def write(self, response: dict) -> None:
        data = memoryview(encode(response))
        with self.lock:
            if self.closed:
                return
            try:
                while data:
                    data = data[os.write(self.fd, data) :]
            except OSError:
                self.closed = True


class _Room:
    """How many requests (and bytes of them) wait for an answer; the reader
    waits for room before it reads on."""

    def __init__(self, max_pending: int, max_bytes: int) -> None:
        self.cond = threading.Condition()
        self.count = self.bytes = 0
        self.max_pending, self.max_bytes = max_pending, max_bytes

    def take(self, size: int) -> None:
        with self.cond:
            while self.count and (self.count >= self.max_pending or self.bytes + size > self.max_bytes):
                self.cond.wait()
            self.count += 1
            self.bytes += size

    def give(self, size: int) -> None:
        with self.cond:
            self.count -= 1
            self.bytes -= size
            self.cond.notify_all()


class _Server:
    def __init__(self, options: ServeOptions, in_fd: int, out_fd: int) -> None:
        self.options = options
        self.in_fd = in_fd
        self.out = _Writer(out_fd)
        self.room = _Room(options.max_pending, max(4 * options.max_line_bytes, 256 << 20))
        self.incoming: queue.SimpleQueue = queue.SimpleQueue()
        self.wake_r, self.wake_w = socket.socketpair()
        self.waiting: deque = deque()  # items for the workers, in arrival order
        self.inflight: dict[int, Request] = {}  # key -> request, every request read and not answered
        self.next_key = 0
        self.closing = False
        self.shutdown: Request | None = None

    # ------------------------------------------------------------------ the reader (a thread)

    def read(self) -> None:
        try:
            self._read_lines()
        except OSError:  # standard input cannot be read: as its end
            pass
        finally:
            self._post(_EOF)

    def _read_lines(self) -> None:
        limit = self.options.max_line_bytes
        buf = bytearray()
        number = 0
        skipping = False  # inside a line over the limit: its bytes are dropped until its end
        while True:
            chunk = os.read(self.in_fd, _CHUNK)
            if not chunk:
                break
            start = 0
            while start <= len(chunk):
                end = chunk.find(b"\n", start)
                piece = chunk[start:] if end < 0 else chunk[start:end]
                if not skipping and len(buf) + len(piece) > limit:
                    number += 1
                    skipping = True
                    buf.clear()
                    self.out.write(_too_long(number, limit))
                if not skipping:
                    buf += piece
                if end < 0:
                    break
                start = end + 1
                if skipping:
                    skipping = False
                    continue
                number += 1
                line = bytes(buf)
                buf.clear()
                if not self._line(line, number):
                    return
        if buf and not skipping:
            self._line(bytes(buf), number + 1)

    def _line(self, line: bytes, number: int) -> bool:
        """Check one line and pass it on; False after ``shutdown`` (read no further)."""
        if not line.strip():
            return True  # a blank line is no request
        request, error = parse_line(line, number)
        if request is None:
            assert error is not None
            self.out.write(error)
            return True
        self.room.take(request.size)
        self._post(request)
        return request.op != "shutdown"

    def _post(self, message: object) -> None:
        self.incoming.put(message)
        try:
            self.wake_w.send(b"\0")
        except OSError:  # the loop is gone
            pass

    # ------------------------------------------------------------------ the dispatcher

    def run(self) -> int:
        options = self.options
        pool = WorkerPool(
            options.workers,
            context=scheduler.pool_context(),
            init=init_worker,
            init_args=(options, scheduler.memory_budget(max(options.max_file_bytes, options.max_line_bytes))),
            handle=handle,
            deadline=options.timeout + _GRACE if options.timeout else None,
            wake=self.wake_r,
        )
        folders = ThreadPoolExecutor(max_workers=1, thread_name_prefix="codepith-serve-folder")
        reader = threading.Thread(target=self.read, name="codepith-serve-reader", daemon=True)
        reader.start()
        try:
            while not self.out.closed:
                self._take(folders)
                self._hand_out(pool)
                if self.closing and not self.inflight:
                    break
                try:
                    events = pool.events()
                except CodepithError as exc:  # the workers die as they start: nothing can be served
                    self._fail_all(str(exc))
                    raise
                for event in events:
                    self._settle(event)
            if self.shutdown is not None:
                self._answer(self.shutdown, {"shutdown": True})
        finally:
            pool.close()
            folders.shutdown(wait=False, cancel_futures=True)
            self.wake_w.close()
            self.wake_r.close()
        return 0

    def _take(self, folders: ThreadPoolExecutor) -> None:
        while True:
            try:
                message = self.incoming.get_nowait()
            except queue.Empty:
                return
            if message is _EOF:
                self.closing = True
                continue
            if isinstance(message, tuple):  # a folder op's answer
                self._answer_key(*message)
                continue
            assert isinstance(message, Request)
            key = self.next_key
            self.next_key += 1
            self.inflight[key] = message
            try:
                self._dispatch(key, message, folders)
            except BaseException as exc:  # one request's failure is its own
                if isinstance(exc, FATAL):
                    raise
                error = library_error(message.op, exc)
                self._answer_key(key, {"error": {"code": error.code, "message": error.message}})

    def _dispatch(self, key: int, request: Request, folders: ThreadPoolExecutor) -> None:
        op, params = request.op, request.params
        if op in ("hello", "version"):
            self._answer_key(key, hello(self.options))
        elif op == "shutdown":
            self.closing = True
            self.shutdown = self.inflight.pop(key)  # answered last, once the rest is
        elif op in _FOLDER_OPS:
            folders.submit(self._folder_job, key, request)
        else:
            target: Target | None = None
            if op == "compress" and "text" not in params:
                target = resolve(self.options, params["path"])
            self.waiting.append((key, op, params, target))

    def _folder_job(self, key: int, request: Request) -> None:
        try:
            body = _FOLDER_OPS[request.op](request.params, self.options)
        except BaseException as exc:  # one request's failure is its own (a dependency's panic too)
            if isinstance(exc, FATAL):
                raise
            error = library_error(request.op, exc)
            body = {"error": {"code": error.code, "message": error.message}}
        self._post((key, body))  # answered by the loop, which keeps the books

    def _hand_out(self, pool: WorkerPool) -> None:
        while self.waiting:
            worker = pool.room()
            if worker is None:
                return
            batch = [self.waiting.popleft()]
            size = self.inflight[batch[0][0]].size
            while self.waiting and len(batch) < _BATCH_ITEMS and size < _BATCH_BYTES:
                item = self.waiting.popleft()
                batch.append(item)
                size += self.inflight[item[0]].size
            pool.submit(worker, batch)

    def _settle(self, event: Done | Failed | Died | TimedOut) -> None:
        if isinstance(event, Done):
            key, body = event.value
            self._answer_key(key, body)
            return
        if isinstance(event, (TimedOut, Died)):
            self.waiting.extendleft(reversed(event.requeue))
        if event.item is None:
            return  # a worker that died before it started anything
        key = event.item[0]
        op = self.inflight[key].op
        if isinstance(event, TimedOut):
            error = RequestError(
                "timeout",
                f"{op}: still running after --timeout {self.options.timeout:g} s (its worker was stopped); "
                "send the file's text as it is, or start the server with a larger --timeout",
            )
        elif isinstance(event, Died):
            error = RequestError(
                "worker-died",
                f"{op}: its worker process died ({event.how}); the other requests go on: send it again "
                "(a worker's memory is bounded; a file that kills it twice is best sent as it is)",
            )
        else:
            assert isinstance(event, Failed)
            error = library_error(op, RuntimeError(event.error))
        self._answer_key(key, {"error": {"code": error.code, "message": error.message}})

    def _answer_key(self, key: int, body: dict[str, Any]) -> None:
        self._answer(self.inflight.pop(key), body)

    def _answer(self, request: Request, body: dict[str, Any]) -> None:
        if "error" in body:
            response = error_response(request.id, body["error"]["code"], body["error"]["message"], request.line)
        else:
            response = {"id": request.id, **body}
        try:
            self.out.write(response)
        except (TypeError, ValueError) as exc:  # a body JSON cannot hold: a bug, answered as one
            error = library_error(request.op, exc)
            self.out.write(error_response(request.id, error.code, error.message, request.line))
        self.room.give(request.size)

    def _fail_all(self, message: str) -> None:
        for key in list(self.inflight):
            self._answer_key(key, {"error": {"code": "worker-died", "message": message}})


def _too_long(number: int, limit: int) -> dict:
    return error_response(
        None,
        "line-too-long",
        f"line {number}: longer than --max-line-bytes {limit} (its bytes were skipped); send a smaller "
        "request, or start the server with a larger --max-line-bytes",
        number,
    )


def serve(options: ServeOptions, *, stdin: int = 0, stdout: int = 1) -> int:
    """Serve requests read from the file descriptor ``stdin`` and write the
    answers to ``stdout`` until ``shutdown`` or the end of input; 0 when done.
    The descriptors are not closed."""
    return _Server(options, stdin, stdout).run()
