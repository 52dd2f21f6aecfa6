"""Who holds which seat of a game: a row per held seat, keyed by the phone's own random id.

A phone's session keeps its seat and a random id of its own (no account, no name). Claims are
written here, apart from the game's log: taking a seat is not a move of the game, so it must not
appear in the history, be taken back by Undo, nor make another phone's open page out of date.
Each seat has one holder; a phone holds at most one seat of a game; a phone may take a held seat
over, and the phone that held it then has no seat (its page says so).
"""
from __future__ import annotations

import secrets
from datetime import datetime

from sqlalchemy import bindparam, delete, or_, select
from sqlalchemy.exc import IntegrityError

from .db import SeatHolder, session, utcnow, write_session


def new_phone_id() -> str:
    """A random id for a phone's session (not a secret: it only tells this phone's claims
    from others')."""
    return secrets.token_urlsafe(12)


def holders(game_id: int) -> dict[int, tuple[str, datetime]]:
    """Every held seat of a game: seat -> (phone id, when it was taken)."""
    rows = session().execute(select(SeatHolder.seat, SeatHolder.phone, SeatHolder.taken_at)
                             .where(SeatHolder.game_id == game_id))
    return {seat: (phone, at) for seat, phone, at in rows}


_HOLDERS = SeatHolder.__table__
# Built once: every page a seated phone opens asks it (see store/links.py GAME_BY_LINK).
_HOLDER = select(_HOLDERS.c.phone).where(_HOLDERS.c.game_id == bindparam("game"),
                                         _HOLDERS.c.seat == bindparam("seat"))


def holder(game_id: int, seat: int) -> str | None:
    """The phone id holding one seat (one primary-key lookup), or None when it is free."""
    return session().connection().execute(_HOLDER, {"game": game_id, "seat": seat}).scalar()


def take(game_id: int, seat: int, phone: str) -> str | None:
    """``phone`` holds ``seat`` from now on (and no other seat of this game). Returns the id of
    the phone it was taken from, if another held it."""
    for attempt in range(3):
        try:
            with write_session() as s:
                before = s.scalar(select(SeatHolder.phone).where(
                    SeatHolder.game_id == game_id, SeatHolder.seat == seat))
                s.execute(delete(SeatHolder).where(
                    SeatHolder.game_id == game_id,
                    or_(SeatHolder.seat == seat, SeatHolder.phone == phone)))
                s.add(SeatHolder(game_id=game_id, seat=seat, phone=phone, taken_at=utcnow()))
                s.commit()
            return before if before != phone else None
        except IntegrityError:  # another phone took it in the same instant: read again
            if attempt == 2:
                raise
    return None  # pragma: no cover - the loop returns or raises


def leave(game_id: int, phone: str) -> None:
    """``phone`` holds no seat of this game any more."""
    with write_session() as s:
        s.execute(delete(SeatHolder).where(SeatHolder.game_id == game_id,
                                           SeatHolder.phone == phone))
        s.commit()
