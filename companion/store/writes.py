"""One write: a tap is one transaction of the request's session, from the read of its game to the
commit, tried again as a whole only when it lost a real conflict.

On SQLite the transaction begins with ``BEGIN IMMEDIATE``: it holds the database's write lock
from its first read (writers queue on SQLite's busy timeout), so what it read stays true until it
commits. On PostgreSQL it reads its game with ``SELECT ... FOR UPDATE``: taps of one game take
turns on the game's row, and taps of different games never wait for each other. Either way a
unique (game, seq) pair makes a lost update impossible.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from .db import end_reading, session

T = TypeVar("T")
#: how many times a write is tried in all before its conflict is let through
TRIES = 4

# What the database says when another writer held the lock too long or won a race (SQLite's
# busy and locked, PostgreSQL's serialization failures and deadlocks); any other operational
# error (a full disk, a read-only file) would fail the same way again.
_CONTENDED = ("locked", "busy", "could not serialize", "deadlock")
# A unique pair another writer took first ((game, seq), (game, once), a box entry's key).
_TAKEN = ("unique", "duplicate key")

log = logging.getLogger(__name__)


def is_conflict(err: Exception) -> bool:
    """Whether ``err`` is another writer's doing, so that the same write may pass when tried
    again: a lock not granted in time, a lost race, a unique pair taken first."""
    said = str(getattr(err, "orig", err)).lower()
    if isinstance(err, OperationalError):
        return any(word in said for word in _CONTENDED)
    return isinstance(err, IntegrityError) and any(word in said for word in _TAKEN)


def retrying(work: Callable[[int], T]) -> T:
    """``work(n)`` (``n``: how many times it was tried before), tried again from the start, at
    most :data:`TRIES` times in all, only when it lost a real conflict (``is_conflict``)."""
    for n in range(TRIES):
        try:
            return work(n)
        except (IntegrityError, OperationalError) as err:
            if n == TRIES - 1 or not is_conflict(err):
                raise
            log.info("a write lost a conflict and is tried again: %s", err)
    raise AssertionError("unreachable")


def one_write(work: Callable[[], T]) -> T:
    """``work()`` as one writing transaction of the request's session (the request's read
    transaction ended first): ``work`` reads, checks and writes, and commits (``store.record``
    does); rolled back when it raises, and tried again as a whole when it lost a real conflict
    (``retrying``; ``retried(s)`` says how many times). A write inside a write is part of it
    (the outer one is tried again)."""
    s = session()
    if is_writing(s):
        return work()

    def attempt(n: int) -> T:
        end_reading()
        try:
            # (SQLite: BEGIN IMMEDIATE now, before the first read; see companion/store/db.py)
            s.connection(execution_options={"immediate": True})
            s.info["write"] = Write(s.get_transaction(), n)
            return work()
        except (IntegrityError, OperationalError):
            s.rollback()
            raise
        finally:
            if is_writing(s):  # (not committed: nothing of it is kept)
                s.rollback()
            s.info.pop("write", None)
    return retrying(attempt)


@dataclass(slots=True)
class Write:
    """The writing transaction a session is in, how many times it was tried before, and the
    games it read (and locked: read once, ``locked``)."""

    transaction: object
    retried: int
    games: set[int] = field(default_factory=set)


def _write(s: Session) -> Write | None:
    write = s.info.get("write")
    return write if write is not None and write.transaction is s.get_transaction() else None


def is_writing(s: Session) -> bool:
    """Whether ``s`` is in the writing transaction of ``one_write`` (not yet committed)."""
    return _write(s) is not None


def retried(s: Session) -> int:
    """How many times the write ``s`` is in was tried again after a conflict (0 outside one)."""
    write = _write(s)
    return write.retried if write is not None else 0


def locked(s: Session, game_id: int) -> bool:
    """Whether the write ``s`` is in has read (and locked) game ``game_id`` already."""
    write = _write(s)
    return write is not None and game_id in write.games


def lock(s: Session, game_id: int) -> None:
    """Note that the write ``s`` is in read (and locked) game ``game_id``."""
    write = _write(s)
    if write is not None:
        write.games.add(game_id)
