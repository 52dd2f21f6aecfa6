"""Seats at the table: who holds which seat, and the question a phone asks before it records an
action for another player's turn.

A phone takes a seat on the seats page (``play.take_seat`` records the claim). When it is Ben's
turn and this phone is Chen's, Ben's turn actions on this phone lead here first: "Record this
for Ben?", with the values as they were typed and one button that sends them for Ben. Helping a
friend is normal at a table; acting for the wrong house without noticing is not. The question
is a page of its own (a plain form post, no script needed) and records nothing.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request, session

from .. import seats, store
from ..games import get_game
from ..games.core import ActionSpec, t
from .forms import form_values
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
    """Ask before recording a turn action for a player this phone does not hold. Nothing is
    recorded here: the answer's one button posts the same values for the player whose turn it
    is to ``play.act``, with the page's version (a page out of date is refused there)."""
    game, _ = open_game(token, to_play=True)
    rules = get_game(game.slug)
    if kind not in rules.actions:
        abort(404, description=t("{game} has no action {kind}.", game=rules.title,
                                 kind=repr(kind)))
    spec = rules.spec(kind)
    state = store.state_of(game)
    names = rules.player_names(state)
    values = form_values(spec, request.form)
    turn, version = rules.turn_of(state, kind), version_sent()
    moved = turn is None or not spec.actor or (version is not None and version != game.version)
    if not moved:
        values[spec.actor] = turn
    seat = seat_of(game)
    return render_template("confirm.html", game=game, token=token, rules=rules, spec=spec,
                           kind=kind, values=values, moved=moved,
                           shown=_shown(spec, values, names, rules.step_fields(state, kind)),
                           version=version if version is not None else game.version,
                           once=once_sent(),
                           turn=names[turn] if turn is not None else "",
                           phone=names[seat] if seat is not None else "")


def _shown(spec: ActionSpec, values: dict[str, Any], names: tuple[str, ...],
           step: dict[str, Any]) -> list[tuple[Any, Any]]:
    """The values the question lists (label, words): what was typed, in the form's words (the
    player it is for and the step it names are said above them)."""
    out = []
    for f in spec.fields:
        value = values.get(f.name)
        if f.name == spec.actor or f.name in step or value in (None, "", False):
            continue
        if f.kind == "choice":
            value = dict(f.choices).get(value, value)
        elif f.kind == "player":
            value = names[int(value)] if str(value).isdecimal() and int(value) < len(names) \
                else value
        elif f.kind == "bool":
            value = t("yes")
        out.append((f.label, value))
    return out
