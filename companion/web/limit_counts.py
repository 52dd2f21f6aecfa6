"""Who a client is for the rate limits, and where their requests are counted: a storage for
the ``limits`` library (Flask-Limiter's), ``companion://``.

A client is its address; an IPv6 client is its /64, since a home or a phone network is given a
whole /64 and its devices pick new addresses in it at will (an IPv4 address written as IPv6,
``::ffff:a.b.c.d``, is that IPv4 address).

The limits against guessing and flooding (join codes, new games and groups, imports) count in
the app's own database, one row per client and limit raised by one atomic UPSERT, so every
process of the server (and every server on one PostgreSQL) shares one count: `make run` starts
several processes, and each counted on its own before. ``limits`` stores only in memory or in a
separate service (Redis, Memcached, MongoDB). A process that saw a client pass a limit refuses it
from memory until the window ends, so a flood of refused requests writes nothing. The limits
named ``in_process`` (taps, the score API: hit all evening by every table) count in each
process's memory, as before: a tap stays one transaction.
"""
from __future__ import annotations

import functools
import ipaddress
import threading
import time

from cachetools import TLRUCache
from flask import current_app, request
from limits.storage import MemoryStorage, Storage
from sqlalchemy import bindparam, case, delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError

from ..db import RateCount, write_session

REFUSED_KEPT = 10_000  # clients over a limit each process remembers until their window ends
SWEEP_EVERY = 200  # counts written by a process between two removals of ended windows


def client_network(address: str | None = None) -> str:
    """The client the limits count: its IPv4 address, or its IPv6 /64 (``request.remote_addr``
    when no ``address`` is given; behind a proxy, the address ProxyFix gives it)."""
    raw = request.remote_addr if address is None else address
    try:
        ip = ipaddress.ip_address(raw or "")
    except ValueError:
        return (raw or "unknown")[:64]  # (a Unix socket, a proxy's odd header)
    if ip.version == 6 and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if ip.version == 6:
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


def _parts(key: str) -> list[str]:
    """A limit's key as ``limits`` makes it (``RateLimitItem.key_for``): namespace and client
    (which may hold a "/"), then scope, amount, multiples and granularity."""
    return key.rsplit("/", 4)


class SharedCounts(Storage):
    """``limits``' fixed windows counted in the app's database (see the module), but for the
    scopes ``in_process`` (names separated by spaces), counted in this process's memory."""

    STORAGE_SCHEME = ["companion"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False,
                 in_process: str = "", **options: float | str | bool) -> None:
        super().__init__(uri, wrap_exceptions, **options)
        self.in_process = frozenset(in_process.split())
        self.memory = MemoryStorage()
        # key -> (count, window end), for the keys this process saw go over their limit
        self.refused: TLRUCache = TLRUCache(REFUSED_KEPT, ttu=lambda _k, seen, _now: seen[1],
                                            timer=time.time)
        self.lock = threading.Lock()
        self.written = 0

    @property
    def base_exceptions(self) -> type[Exception]:
        return SQLAlchemyError

    def _local(self, key: str) -> bool:
        parts = _parts(key)
        return len(parts) == 5 and parts[1] in self.in_process

    def _seen_refused(self, key: str, amount: int = 0) -> tuple[int, float] | None:
        with self.lock:
            seen = self.refused.get(key)
            if seen is not None and amount:
                self.refused[key] = seen = (seen[0] + amount, seen[1])
            return seen

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        if self._local(key):
            return self.memory.incr(key, expiry, amount)
        seen = self._seen_refused(key, amount)
        if seen is not None:  # over its limit until the window ends: nothing to write
            return seen[0]
        with self.lock:
            self.written += 1
            sweep = self.written % SWEEP_EVERY == 0
        count, end = _counted(key, amount, time.time(), expiry, sweep=sweep)
        if count > int(_parts(key)[2]):
            with self.lock:
                self.refused[key] = (count, end)
        return count

    def _stored(self, key: str) -> tuple[int, float] | None:
        seen = self._seen_refused(key)
        if seen is not None:
            return seen
        with current_app.extensions["db_engine"].connect() as conn:
            row = conn.execute(_READ, {"key": key}).first()
        return None if row is None or row[1] <= time.time() else (row[0], row[1])

    def get(self, key: str) -> int:
        if self._local(key):
            return self.memory.get(key)
        stored = self._stored(key)
        return 0 if stored is None else stored[0]

    def get_expiry(self, key: str) -> float:
        if self._local(key):
            return self.memory.get_expiry(key)
        stored = self._stored(key)
        return time.time() if stored is None else stored[1]

    def check(self) -> bool:
        try:
            with current_app.extensions["db_engine"].connect() as conn:
                conn.execute(select(1))
        except SQLAlchemyError:
            return False
        return True

    def reset(self) -> int | None:
        self.memory.reset()
        with self.lock:
            self.refused.clear()
        with write_session(first_writes=True) as s:
            gone = s.execute(delete(RateCount)).rowcount
            s.commit()
        return gone

    def clear(self, key: str) -> None:
        self.memory.clear(key)
        with self.lock:
            self.refused.pop(key, None)
        with write_session(first_writes=True) as s:
            s.execute(delete(RateCount).where(RateCount.key == key))
            s.commit()


_ROWS = RateCount.__table__
_READ = select(_ROWS.c.count, _ROWS.c.window_end).where(_ROWS.c.key == bindparam("key"))


@functools.cache
def _upsert(dialect: str):
    """Add ``amount`` to a key's count in its window, or start a new window (ending at ``end``)
    when there is none or it ended by ``now``: one statement, atomic on both databases."""
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    stmt = insert(_ROWS).values(key=bindparam("key"), count=bindparam("amount"),
                                window_end=bindparam("end"))
    ended = _ROWS.c.window_end <= bindparam("now")
    stmt = stmt.on_conflict_do_update(index_elements=[_ROWS.c.key], set_={
        "count": case((ended, stmt.excluded.count), else_=_ROWS.c.count + stmt.excluded.count),
        "window_end": case((ended, stmt.excluded.window_end), else_=_ROWS.c.window_end)})
    return stmt.returning(_ROWS.c.count, _ROWS.c.window_end)


def _counted(key: str, amount: int, now: float, expiry: int, *,
             sweep: bool = False) -> tuple[int, float]:
    """The key's count and window end after adding ``amount``, committed (with ``sweep``, the
    rows of ended windows removed in the same transaction)."""
    with write_session(first_writes=True) as s:
        row = s.execute(_upsert(s.get_bind().dialect.name),
                        {"key": key, "amount": amount, "now": now, "end": now + expiry}).one()
        if sweep:
            s.execute(delete(RateCount).where(RateCount.window_end <= now))
        s.commit()
    return row[0], row[1]
