"""Writes tried again: a write that lost a real conflict to another writer is tried again as a
whole, from the start of its transaction, a few times at most.

    for attempt in writes.attempts():
        with attempt, store.tap(link, once=key) as tap:   # (or any other writing transaction)
            ...

Each ``attempt`` is one try: leaving its block by a conflict (``is_conflict``) while tries are
left ends that try quietly, and the loop makes the next; anything else (a refusal, a full disk,
the last try's conflict) leaves the loop as it came. What lost is rolled back by the block it
was in (``store.tap``, ``db.write_session``), so nothing of a lost try is kept.
"""
from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass
from types import TracebackType

from sqlalchemy.exc import IntegrityError, OperationalError

#: how many times a write is tried in all before its conflict is let through
TRIES = 4

# What the database says when another writer held the lock too long or won a race (SQLite's
# busy and locked, PostgreSQL's serialization failures and deadlocks); any other operational
# error (a full disk, a read-only file) would fail the same way again.
_CONTENDED = ("locked", "busy", "could not serialize", "deadlock")
# A unique pair another writer took first ((game, seq), (game, once), a box entry's key).
_TAKEN = ("unique", "duplicate key")

log = logging.getLogger(__name__)


def is_conflict(err: BaseException) -> bool:
    """Whether ``err`` is another writer's doing, so that the same write may pass when tried
    again: a lock not granted in time, a lost race, a unique pair taken first."""
    said = str(getattr(err, "orig", err)).lower()
    if isinstance(err, OperationalError):
        return any(word in said for word in _CONTENDED)
    return isinstance(err, IntegrityError) and any(word in said for word in _TAKEN)


@dataclass(slots=True)
class Attempt:
    """One try of a write, as a ``with`` block; ``tried``: how many tries came before it."""

    tried: int
    last: bool
    lost: bool = False

    def __enter__(self) -> Attempt:
        return self

    def __exit__(self, _kind: type[BaseException] | None, err: BaseException | None,
                 _tb: TracebackType | None) -> bool:
        if err is None or self.last or not is_conflict(err):
            return False
        log.info("a write lost a conflict and is tried again: %s", err)
        self.lost = True
        return True  # (the loop makes the next try)


def attempts() -> Iterator[Attempt]:
    """The tries of one write: the next only when the one before lost a real conflict, at
    most :data:`TRIES` in all."""
    for tried in range(TRIES):
        attempt = Attempt(tried, last=tried == TRIES - 1)
        yield attempt
        if not attempt.lost:
            return
