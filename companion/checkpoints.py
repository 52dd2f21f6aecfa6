"""Checkpoints: a long game loads after a restart without replaying its whole log.

Every ``EVERY`` actions, and whenever a process had to fold a long log, the game's snapshot (state
plus undo/redo stacks) is written to the ``checkpoints`` table. A process that has nothing cached
starts from the checkpoint and applies only the newer log entries (companion.store's catch-up,
which falls back to a full replay when an undo or redo is among them).

The snapshot is pickled: it is the app's own data, written and read only by this code, in the
same database as the log it shortcuts (whoever can write that database can already rewrite every
game). It is stamped with a hash of the rules library's source, so a checkpoint written by other
rules code is ignored and the log replayed instead.
"""
from __future__ import annotations

import hashlib
import logging
import pickle
from functools import lru_cache
from pathlib import Path
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.engine import Connection
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from .db import Checkpoint, write_session

EVERY = 250  # actions between checkpoints: a cold load replays at most this many entries
GAMES = Path(__file__).resolve().parent / "games"
log = logging.getLogger(__name__)


# The shape of store.Snapshot: a checkpoint pickled with another shape is ignored. 2: only the
# tops of the undo and redo stacks are kept (1 kept both whole).
SNAPSHOT_FORMAT = 2


@lru_cache(maxsize=1)
def code_stamp() -> str:
    """A hash of the rules library's source and of the snapshot's shape: snapshots are only
    valid for the code that made them."""
    digest = hashlib.sha256(f"snapshot {SNAPSHOT_FORMAT}\n".encode())
    for path in sorted(GAMES.rglob("*.py")):
        digest.update(str(path.relative_to(GAMES)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


_STORED = select(Checkpoint.version, Checkpoint.code, Checkpoint.snapshot).where(
    Checkpoint.game_id == bindparam("game"))


def load(conn: Session | Connection, game_id: int, version: int) -> tuple[int, Any] | None:
    """The newest usable checkpoint of a game at or before ``version``: (its version, snapshot).
    ``conn`` is a session or a Core connection."""
    row = conn.execute(_STORED, {"game": game_id}).one_or_none()
    if row is None or row.code != code_stamp() or row.version > version:
        return None
    try:
        return row.version, pickle.loads(row.snapshot)
    except Exception:  # an unreadable checkpoint only costs a replay  # noqa: BLE001
        log.warning("checkpoint of game %s unreadable; replaying its log", game_id)
        return None


def save(game_id: int, version: int, snapshot: Any) -> None:
    """Write (or replace) a game's checkpoint. Best effort: a failure costs a later replay, never
    the action that was just recorded."""
    if snapshot is None:
        return
    data = pickle.dumps(snapshot, protocol=pickle.HIGHEST_PROTOCOL)
    try:
        with write_session() as s:
            row = s.get(Checkpoint, game_id)
            if row is None:
                s.add(Checkpoint(game_id=game_id, version=version, code=code_stamp(),
                                 snapshot=data))
            elif row.version < version or row.code != code_stamp():
                row.version, row.code, row.snapshot = version, code_stamp(), data
            s.commit()
    except SQLAlchemyError:
        log.warning("could not write the checkpoint of game %s", game_id, exc_info=True)


def due(version: int) -> bool:
    return version > 0 and version % EVERY == 0
