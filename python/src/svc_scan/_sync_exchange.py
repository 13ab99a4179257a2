"""The sync client's bound on a whole answer. httpx's timeouts bound each read, never the whole answer, and a
body read's timeout is fixed when the read begins: a service that sends a byte now and then keeps a call going for
as long as it likes. So an exchange with a deadline (the request sent, its whole answer read) runs on a worker
thread while the caller's thread waits for it until the deadline and no longer. An exchange given up on stops at
its next chunk, or at its own per-read timeout (which the deadline capped), and closes its connection."""

from __future__ import annotations

import contextvars
import os
import queue
import threading
import time
from collections.abc import Callable, Iterator

import httpx


class LateAnswer(Exception):
    """The whole answer did not come by the attempt's deadline."""


def exchange_by(http: httpx.Client, request: httpx.Request, deadline: float) -> httpx.Response:
    """The answer to `request`, read whole by the monotonic `deadline`, or LateAnswer."""
    exchange = _Exchange(http, request)
    # The caller's context (tracing, for one) goes with the request, as when it is sent on the caller's thread.
    _run_on_worker(lambda: contextvars.copy_context().run(exchange.run))
    try:
        if not exchange.done.wait(max(0.0, deadline - time.monotonic())):
            raise LateAnswer
    finally:
        if not exchange.done.is_set():  # late, or a Ctrl-C: the exchange stops at its next chunk
            exchange.given_up.set()
    if exchange.error is not None:
        raise exchange.error
    assert exchange.response is not None
    return exchange.response


class _Exchange:
    def __init__(self, http: httpx.Client, request: httpx.Request) -> None:
        self._http = http
        self._request = request
        self.done = threading.Event()
        self.given_up = threading.Event()
        self.response: httpx.Response | None = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            if self.given_up.is_set():
                return
            response = self._http.send(self._request, stream=True)
            try:
                response.stream = _StoppableStream(response.stream, self.given_up)
                response.read()
            finally:
                response.close()
            self.response = response
        except BaseException as error:  # the waiting thread raises it
            self.error = error
        finally:
            self.done.set()


class _StoppableStream(httpx.SyncByteStream):
    """A response body that ends early once its exchange is given up on."""

    def __init__(self, inner: httpx.SyncByteStream | httpx.AsyncByteStream, stop: threading.Event) -> None:
        assert isinstance(inner, httpx.SyncByteStream)
        self._inner = inner
        self._stop = stop

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self._inner:
            if self._stop.is_set():
                return
            yield chunk

    def close(self) -> None:
        self._inner.close()


# Idle workers, kept for the next exchange: starting a thread costs more than a quick answer takes. They are
# daemons, so a worker still reading for an exchange given up on never holds the interpreter's exit.
_idle: list[queue.SimpleQueue[Callable[[], None]]] = []
_idle_lock = threading.Lock()


def _run_on_worker(job: Callable[[], None]) -> None:
    with _idle_lock:
        jobs = _idle.pop() if _idle else None
    if jobs is None:
        jobs = queue.SimpleQueue()
        threading.Thread(target=_work, args=(jobs,), name="svc-scan-exchange", daemon=True).start()
    jobs.put(job)


def _work(jobs: queue.SimpleQueue[Callable[[], None]]) -> None:
    while True:
        jobs.get()()
        with _idle_lock:
            _idle.append(jobs)


def _forget_idle_workers() -> None:
    """A forked child has none of its parent's threads."""
    global _idle_lock  # noqa: PLW0603 - the parent's lock may have been held at the fork
    _idle.clear()
    _idle_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_idle_workers)
