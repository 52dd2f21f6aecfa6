"""Seats at the table: who holds which seat, and the question a phone asks before it records an
action for another player (web/asking.py says which).

A phone takes a seat on the seats page (``play.take_seat`` records the claim). When it is Ben's
turn and this phone is Chen's, Ben's turn actions on this phone lead here first: "Record this
for Ben?", with the values as they were typed and one button that sends them for Ben. A tap on
another player's board (a trading post for Basalt) is asked the same way when it reaches
``play.act``. Helping a friend is normal at a table; acting for the wrong house without noticing
is not. The question is a page of its own (a plain form post, no script needed) and records
nothing.
"""
from __future__ import annotations

from flask import Blueprint, abort, render_template, request, session

from ... import store
from ...games import get_game
from ...games.core import RulesError, t
from ...store import seats
from .. import asking, taps
from ..forms import form_values
from .play import once_sent, open_game, seat_of, version_sent

bp = Blueprint("seating", __name__, url_prefix="/g")


@bp.get("/<token>/seats")
def seats_page(token: str):
    """Every seat with who holds it: this phone, another phone (since when), or nobody."""
    game, can_play = open_game(token)
    names = get_game(game.slug).player_names(store.state_of(game))
    held, phone = seats.holders(game.id), session.get("phone")
    claims = session.get("seats")
    claim = claims.get(str(game.id)) if isinstance(claims, dict) else None
    claim = claim if isinstance(claim, int) else None
    mine = seat_of(game)
    rows = [dict(seat=i, name=name, mine=i == mine,
                 held=i in held and held[i][0] != phone, since=held[i][1] if i in held else None)
            for i, name in enumerate(names)]
    lost = names[claim] if mine is None and claim is not None and claim < len(names) else None
    return render_template("seats.html", game=game, token=token, can_play=can_play,
                           rows=rows, mine=mine, lost=lost)


@bp.post("/<token>/confirm/<kind>")
def confirm(token: str, kind: str):
    """Ask before recording a tap for a player this phone does not hold (web/asking.py). Nothing
    is recorded here: the answer's one button posts the same values, confirmed for that player,
    to ``play.act`` with the page's version (a page out of date is refused there). A turn
    action is asked for the player whose turn it is now, unless the game moved since the page
    was drawn; a tap whose fields are wrong, or another player's secret, is refused at once."""
    game, _ = open_game(token, to_play=True)
    rules = get_game(game.slug)
    if kind not in rules.actions:
        abort(404, description=t("{game} has no action {kind}.", game=rules.title,
                                 kind=repr(kind)))
    spec, state = rules.spec(kind), store.state_of(game)
    values = form_values(spec, request.form)
    turn, version, seat = rules.turn_of(state, kind), version_sent(), seat_of(game)
    moved = bool(spec.actor) and turn is not None and version is not None and \
        version != game.version
    if spec.actor and turn is not None and not moved:
        values[spec.actor] = turn
    try:
        player = None if moved else asking.player_asked(rules, state, kind, values, seat)
    except RulesError as err:
        return taps.refused_back_to_game(token, err, kind, values)
    return asking.question(game, token, kind, values, player, seat, version=version,
                           once=once_sent())
