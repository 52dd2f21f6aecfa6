"""How many request bodies one server process reads at once.

A body still arriving holds its thread for as long as its sender likes: Granian has no deadline
on a body, a read once begun cannot be ended from Python, and a request answered while another
thread still reads its body stops its whole process. So every request with a body, however its
transfer coding is spelled, is read before its view and the app's other checks, under two counts:
at most ``READING_PER_ADDRESS`` bodies from one client address at once, and
``READING_PER_PROCESS`` in all, past which only an address reading none yet is read (up to
``HARD_FACTOR`` times as many): a few addresses' stalled bodies cost their senders, not another
table, whose tap is read at once. A request past either count waits ``READ_PATIENCE`` for one to
free (a burst of taps from the phones behind one router; a body that arrived whole is read in a
moment), then is answered 503, its body unread (its connection then closes), and the phone asks
again: the message names the sender's network when its own count is full, the server when the
process's is. Hosted, the proxy in front reads each whole body first and drops one that stalls
(deploy/nginx.conf), and the app never sees a stalled one.
"""
from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask, request
from werkzeug.exceptions import ServiceUnavailable

from ..games.core import t
from .limits import client_network

BUSY_MESSAGE = t("The server is receiving too many requests from your network at once, so "
                 "nothing was recorded. Try again in a moment.")
SERVER_BUSY_MESSAGE = t("The server is busy reading other requests just now, so nothing was "
                        "recorded. Try again in a moment.")
# Seconds a refused phone is told to wait before it asks again.
BUSY_RETRY = 2
# Seconds a request with a body waits for a count to free before it is refused.
READ_PATIENCE = 0.25
# Past READING_PER_PROCESS, an address reading no body yet is still read, up to this many times
# READING_PER_PROCESS: a few addresses' stalled bodies never refuse another table's tap.
HARD_FACTOR = 4
class Busy(ServiceUnavailable):
    """A body refused unread: its connection is closed after the answer (an unread
    body would keep it open for as long as its sender likes)."""

    def get_headers(self, *args, **kwargs) -> list[tuple[str, str]]:
        return [*super().get_headers(*args, **kwargs), ("Connection", "close")]


class Readers:
    """The request bodies one process reads at once: at most ``per_address`` from one client
    address, and ``per_process`` in all, past which only an address reading none yet is read,
    up to ``HARD_FACTOR`` times as many (see the module's docstring)."""

    def __init__(self, per_process: int, per_address: int) -> None:
        if min(per_process, per_address) < 1:
            raise ValueError("READING_PER_PROCESS and READING_PER_ADDRESS must be at least 1, "
                             f"not {per_process} and {per_address}")
        self._max, self._per_address = per_process, per_address
        self._lock = threading.Lock()
        self._freed = threading.Condition(self._lock)
        self._from: Counter[str] = Counter()

    def _refusal(self, address: str) -> Busy | None:
        """Why a body from ``address`` cannot be read now, or None."""
        if self._from[address] >= self._per_address:
            return Busy(description=BUSY_MESSAGE, retry_after=BUSY_RETRY)
        reading = self._from.total()
        if reading >= self._max and (self._from[address] or reading >= self._max * HARD_FACTOR):
            return Busy(description=SERVER_BUSY_MESSAGE, retry_after=BUSY_RETRY)
        return None

    @contextmanager
    def reading(self, address: str) -> Iterator[None]:
        """Read a body from ``address`` within the block, or refuse it (503, ask again) when
        it may not be read now and that does not change within READ_PATIENCE."""
        with self._lock:
            deadline = time.monotonic() + READ_PATIENCE
            while (refusal := self._refusal(address)) is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise refusal
                self._freed.wait(left)
            self._from[address] += 1
        try:
            yield
        finally:
            with self._lock:
                self._from[address] -= 1
                if not self._from[address]:
                    del self._from[address]
                self._freed.notify_all()  # (the waiters wait for different counts)

    def count(self) -> int:
        """How many bodies this process reads now."""
        with self._lock:
            return self._from.total()


def has_body(environ: dict) -> bool:
    """Whether a request comes with a body: a length above 0, or any transfer coding (its
    name in any case: ``Chunked`` is ``chunked``)."""
    length = environ.get("CONTENT_LENGTH", "").strip()
    return bool(environ.get("HTTP_TRANSFER_ENCODING", "").strip() or length.strip("0"))


def init_app(app: Flask) -> None:
    """Every request's body is read (and parsed) under the counts before the app's other checks
    (registered before them): the checks and views find it in memory."""
    readers = app.extensions["readers"] = Readers(int(app.config["READING_PER_PROCESS"]),
                                                  int(app.config["READING_PER_ADDRESS"]))

    @app.before_request
    def _read_body() -> None:
        if has_body(request.environ):
            with readers.reading(client_network()):
                request.get_data(parse_form_data=True)
