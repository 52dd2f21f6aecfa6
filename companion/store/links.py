"""A game's links: the play and watch tokens and the join code a new game gets, and the game a
link or a code opens (every page, tap and phone check starts here)."""
from __future__ import annotations

import secrets
from datetime import timedelta

from flask import current_app
from sqlalchemy import bindparam, or_, select

from ..games import get_game
from .db import Game, session, utcnow
from .log import state_of


def new_token() -> str:
    """An unguessable link token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


JOIN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread at the table
JOIN_CODE_LENGTH = 8  # 40 bits: see README "Security" for why 8 and not 6
JOIN_CODE_IDLE = timedelta(days=1)  # a code stops working after a day without play


def new_join_code() -> str:
    """A join code: :data:`JOIN_CODE_LENGTH` random symbols of :data:`JOIN_ALPHABET`."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def is_link(token: str) -> bool:
    """Whether ``token`` could be a link token at all (longer ones are never looked up)."""
    return bool(token) and len(token) <= 64


# Built once: every page, tap and phone check looks a game up by its link, and building the
# statement again each time cost more than running it. (A tap's write reads it locked:
# store.tap.)
GAME_BY_LINK = select(Game).where(or_(Game.play_token == bindparam("link"),
                                       Game.watch_token == bindparam("link")))
_GAMES = Game.__table__
_VERSION_BY_LINK = select(_GAMES.c.id, _GAMES.c.version).where(
    or_(_GAMES.c.play_token == bindparam("link"), _GAMES.c.watch_token == bindparam("link")))


def find_game(token: str) -> tuple[Game, bool] | None:
    """The game a link token opens, and whether it may change it (play link) or only watch it:
    one indexed query, used by every page and question; it never locks (a tap reads its game
    in its own write, ``store.tap``)."""
    if not is_link(token):
        return None
    game = session().execute(GAME_BY_LINK, {"link": token}).scalar()
    return None if game is None else (game, game.play_token == token)


def find_by_code(code: str) -> Game | None:
    """The game a join code opens, while the code still works: not once the game is over, nor
    after :data:`JOIN_CODE_IDLE` without an action (or since it was made or imported). Spaces
    and dashes a reader types between groups of letters are ignored. The play link keeps
    working either way."""
    code = "".join((code or "").split()).replace("-", "").upper()
    if not code or len(code) > 12:
        return None
    game = session().scalar(select(Game).where(Game.join_code == code))
    if game is None or max(game.created_at, game.updated_at) < utcnow() - JOIN_CODE_IDLE:
        return None
    return None if get_game(game.slug).is_over(state_of(game)) else game


def version_by_link(token: str) -> tuple[int, int] | None:
    """The id and version of the game a link opens (the phones' live check): one indexed
    query."""
    if not is_link(token):
        return None
    # a plain statement on a pooled connection of its own, given back at once: no ORM session
    # for the busiest request, and nothing held while the check waits (companion/store/live.py)
    with current_app.extensions["db_engine"].connect() as conn:
        row = conn.execute(_VERSION_BY_LINK, {"link": token}).first()
    return None if row is None else (row[0], row[1])
