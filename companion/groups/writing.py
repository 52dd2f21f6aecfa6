"""How a group is written: in a write session begun after the request's read ends, and with
one more to the group's version in the same transaction as the change (``changed``), which is
what its statistics and files were drawn at (``kept``)."""
from __future__ import annotations

from sqlalchemy import update
from sqlalchemy.orm import Session

from ..store.db import Group, end_reading, write_session


def writing():
    """A write session, after ending the request's read transaction: with SQLite a read begun
    earlier would not see this write (nor let the write-ahead log be checkpointed)."""
    end_reading()
    return write_session()


def changed(s: Session, group_id: int) -> None:
    """One more to the group's version, in the transaction ``s`` that changes its players, games
    or plays: what its statistics and files were drawn at (``kept``) is gone with it."""
    s.execute(update(Group).where(Group.id == group_id).values(version=Group.version + 1))
