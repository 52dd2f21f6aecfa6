"""How many requests of one server process run at once, and a waiting request giving its place
back.

A server process runs one thread of Python at a time (the interpreter lock), and every thread
that wants it slows the others: each time a request comes back from the database or a lock, it
waits for the interpreter behind every other runnable thread of its process. Under a crowd of
simulated tables (`bench/`), hundreds of requests of a process ran at once; a burst turned into
a queue that fed itself (taps held the database's write lock while waiting for the interpreter,
every other writer of the server waited behind them) and ended in taps answered late or not at
all.

So a request takes one of the process's ``RUNNING_PER_PROCESS`` places before its view runs and
gives it back when it ends; the others sleep until a place is free (a sleeping thread costs no
CPU and does not compete for the interpreter). With 0 places (`make bench`'s ablation) every
request runs as it comes. A request that waits for something else gives its
place back while it waits (``stepping_aside``), having ended its read transaction, so a waiting
request holds neither a place nor a database connection: a held version check waiting for its
game to move (once woken it answers without a place: a few bytes, which must not queue behind the
pages its change set off), a page waiting for the drawing another request is making. A request's
body is read before it takes a place: a phone sending a form slowly holds its own thread, never a
place.

A body still arriving holds its thread for as long as its sender likes: Granian has no deadline
on a body, a read once begun cannot be ended from Python, and a request answered while another
thread still reads its body stops its whole process. So every request with a body, however its
transfer coding is spelled, is read before it takes a place, under two counts: at most
``READING_PER_ADDRESS`` bodies from one client address at once, and ``READING_PER_PROCESS`` in
all, past which only an address reading none yet is read (up to ``HARD_FACTOR`` times as many):
a few addresses' stalled bodies cost their senders, not another table, whose tap is read at once.
A request past either count waits ``READ_PATIENCE`` for one to free (a burst of taps from the
phones behind one router; a body that arrived whole is read in a moment), then is answered 503,
its body unread (its connection then closes), and the phone asks again: the message names the
sender's network when its own count is full, the server when the process's is. Hosted, the
proxy in front reads each whole body first and drops one that stalls (deploy/nginx.conf), and the
app never sees a stalled one.
"""
from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext

from flask import Flask, current_app, g, request
from werkzeug.exceptions import ServiceUnavailable

from .games.core import t
from .store.db import end_reading
from .web.limits import client_network

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

# The requests that change nothing; every other one is a tap (or another change) and goes first.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class Admission:
    """The places of one app's process. A request that changes something (a tap: any method but
    GET, HEAD and OPTIONS) takes the next free place before the pages and checks waiting: a tap
    is the one request a player waits for with the phone in hand, and it is the one that holds
    the database's write lock, which every other writer of the server waits for."""

    def __init__(self, places: int) -> None:
        if places < 0:
            raise ValueError(f"RUNNING_PER_PROCESS must be 0 (no places) or more, not {places}")
        self.counted = places > 0  # 0: every request runs as it comes (`make bench`'s ablation)
        self._free = places
        self._lock = threading.Lock()
        self._writers = threading.Condition(self._lock)  # the taps waiting for a place
        self._readers = threading.Condition(self._lock)  # the others
        self._writing = 0  # how many taps wait

    def enter(self) -> None:
        """Take a place for this request, sleeping until one is free (and, unless it changes
        something, no tap waits for one)."""
        if not self.counted:
            g.admitted = True  # (still steps aside: a waiting request holds no connection)
            return
        writes = request.method not in SAFE_METHODS
        with self._lock:
            if writes:
                self._writing += 1
                try:
                    while not self._free:
                        self._writers.wait()
                finally:
                    self._writing -= 1
            else:
                while not self._free or self._writing:
                    self._readers.wait()
            self._free -= 1
            if self._free and not self._writing:  # (a place a tap left free: a reader's turn)
                self._readers.notify()
        g.admitted = True

    def leave(self) -> None:
        """Give this request's place back, if it holds one: to a waiting tap first."""
        if g.pop("admitted", False) and self.counted:
            with self._lock:
                self._free += 1
                (self._writers if self._writing else self._readers).notify()

    @contextmanager
    def aside(self, *, back: bool = True) -> Iterator[None]:
        """While the block waits, this request holds no place and no database connection (its
        read transaction ended; its loaded objects stay); it takes a place again after, unless
        told not to (``back=False``: what is left of it reads nothing and costs next to no
        Python, so it need not queue behind the pages for a place)."""
        if not g.get("admitted"):  # (not a request, or one that already stepped aside)
            yield
            return
        end_reading()
        self.leave()
        try:
            yield
        finally:
            if back:
                self.enter()


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


def stepping_aside(*, back: bool = True) -> AbstractContextManager[None]:
    """``with stepping_aside(): <wait>``: the current request gives its place back while it
    waits (see the module's docstring); with ``back=False`` it ends without taking one again."""
    admission = current_app.extensions.get("admission")
    return admission.aside(back=back) if admission is not None else nullcontext()


def init_app(app: Flask) -> None:
    """Every request of the app takes a place before its view (and before the app's other
    checks: registered before them) and gives it back at its end."""
    admission = app.extensions["admission"] = Admission(int(app.config["RUNNING_PER_PROCESS"]))
    readers = Readers(int(app.config["READING_PER_PROCESS"]),
                      int(app.config["READING_PER_ADDRESS"]))

    app.extensions["readers"] = readers

    @app.before_request
    def _admit() -> None:
        if has_body(request.environ):
            # read (and parse) the body now: the checks and views find it in memory
            with readers.reading(client_network()):
                request.get_data(parse_form_data=True)
        admission.enter()

    @app.teardown_request
    def _leave(_exc: BaseException | None) -> None:
        admission.leave()
