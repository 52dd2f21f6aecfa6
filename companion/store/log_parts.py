"""A game's log read a part at a time, for its history page: the few steps a part shows, read
with a LIMIT from either side of a step, whose steps (everyone's, or one seat's), and what became
of each step (undone, taken back, changed) from a light read of the whole log's kinds.

A log may hold tens of thousands of steps (an imported game): a part never reads, describes nor
shows more than its own, and a game's export stays the way to take everything at once."""
from __future__ import annotations

import functools
from dataclasses import dataclass

from sqlalchemy import String, and_, cast, exists, or_, select
from sqlalchemy.sql.elements import ColumnElement

from ..games import get_game
from ..games.core import AMEND, META_KINDS, VOID, Entry, Fate, fates
from .db import Action, session

_COLS = Action.__table__.c


@dataclass(frozen=True)
class Mine:
    """One seat's steps: those its player signed (``name``) and those acting for it (``seat``
    named in the step's player field, whoever sent it)."""

    seat: int
    name: str


@functools.cache
def acting_fields(slug: str) -> dict[str, tuple[str, ...]]:
    """For each field that names whom a step acts for, the kinds of step it does that in: the
    kind's ``actor`` field, else its first player field (a correction of Ana's coins is Ana's)."""
    out: dict[str, tuple[str, ...]] = {}
    for kind, spec in get_game(slug).actions.items():
        field = spec.actor or next((f.name for f in spec.fields if f.kind == "player"), "")
        if field:
            out[field] = (*out.get(field, ()), kind)
    return out


def _names_seat(field: str, seat: int) -> ColumnElement[bool]:
    # compared as text: SQLite's JSON_EXTRACT gives a number, PostgreSQL's ->> a text, and a
    # cast of any other text to a number would fail on PostgreSQL
    return cast(_COLS.data[field].as_string(), String) == str(seat)


def _whose(slug: str, mine: Mine | None) -> list[ColumnElement[bool]]:
    """The condition for a view's steps: none for everyone's; a seat's own."""
    if mine is None:
        return []
    acting = [and_(_COLS.kind.in_(kinds), _names_seat(field, mine.seat))
              for field, kinds in acting_fields(slug).items()]
    return [or_(*([_COLS.by == mine.name] if mine.name else []), *acting)]


def _steps(game_id: int, slug: str, mine: Mine | None) -> list[ColumnElement[bool]]:
    return [_COLS.game_id == game_id, *_whose(slug, mine)]


def older_than(game_id: int, slug: str, mine: Mine | None, seq: int | None,
               limit: int) -> list[Action]:
    """At most ``limit`` steps of the view before step ``seq`` (the newest when None), newest
    first."""
    below = [] if seq is None else [Action.seq < seq]
    return list(session().scalars(select(Action).where(*_steps(game_id, slug, mine), *below)
                                  .order_by(Action.seq.desc()).limit(limit)))


def newer_than(game_id: int, slug: str, mine: Mine | None, seq: int,
               limit: int) -> list[Action]:
    """At most ``limit`` steps of the view after step ``seq``, oldest first."""
    return list(session().scalars(select(Action).where(*_steps(game_id, slug, mine),
                                                       Action.seq > seq)
                                  .order_by(Action.seq).limit(limit)))


def has_older(game_id: int, slug: str, mine: Mine | None, seq: int) -> bool:
    """Whether the view has a step before step ``seq``."""
    return bool(session().scalar(select(exists().where(*_steps(game_id, slug, mine),
                                                       _COLS.seq < seq))))


def has_newer(game_id: int, slug: str, mine: Mine | None, seq: int) -> bool:
    """Whether the view has a step after step ``seq``."""
    return bool(session().scalar(select(exists().where(*_steps(game_id, slug, mine),
                                                       _COLS.seq > seq))))


def fates_of(game_id: int, upto: int) -> dict[int, Fate]:
    """What became of each step up to ``upto`` that is not in force as recorded (core.fates),
    from the log's kinds alone and the data of its takes-back and changes: what a step's fate
    depends on, without reading, parsing or describing every step's values."""
    conn = session().connection()
    kinds = conn.execute(select(_COLS.seq, _COLS.kind).where(
        _COLS.game_id == game_id, _COLS.seq <= upto).order_by(_COLS.seq)).all()
    if not any(kind in META_KINDS for _, kind in kinds):
        return {}
    data = dict(conn.execute(select(_COLS.seq, _COLS.data).where(
        _COLS.game_id == game_id, _COLS.seq <= upto, _COLS.kind.in_((VOID, AMEND)))).all())
    return fates([Entry(seq, kind, data.get(seq, {})) for seq, kind in kinds])
