"""Nobody acts for another player unasked. A tap from a phone seated as one player that is for
another (a turn action on someone else's turn, a trading post taken on another house's board, a
card sold for another player, a correction of another player's values) first asks "Record this
for Basalt?", and nothing is stored until the phone confirms; another player's secret (a
face-down Acropolis, a house's battle cards) is refused, since only its owner's phone records it.

Which player a tap is for comes from its spec (``GameRules.for_another``, from
``ActionSpec.subject``), for every kind of every game: this module is the one place the web
layer asks it, for a tap (``play.act``: ``ask``, inside the tap's write, on its values as the
rules read them there) and for the question page (``seating.confirm``). The
question is a page of its own (a plain form post, no script needed); a page's script that is
answered 428 opens the same page (static/app.js). Its one button sends the same values with
``confirm_for`` naming the player, and the tap is recorded, signed with this phone's player.

A phone with no seat keeps the plain behaviour: it is the table's (the host's, passed round), so
it records for whoever its form names, as before seats existed, but reveals no player's secret to
the table (nobody's phone is its owner's); a watch link records nothing.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import jsonify, render_template, request, url_for

from .. import store
from ..games import GameRules, get_game
from ..games.core import ActionSpec, subject_fields, t
from ..store.db import Game
from .device import wants_json
from .i18n import say

#: the field the question's button adds: the player the tap was confirmed for
CONFIRMED = "confirm_for"

ASKED = t("Record this for {name}? This phone is {phone}'s: nothing is recorded until you "
          "confirm.")


def player_asked(rules: GameRules, state: Any, kind: str, values: Mapping[str, Any],
                 seat: int | None) -> int | None:
    """The player a tap from the phone seated at ``seat`` must be confirmed for, or None (it
    records at once). Raises RulesError when its fields are wrong as the rules read them, and
    OwnPhoneOnly for another player's secret."""
    if seat is None and not rules.spec(kind).reveals:
        return None
    return rules.for_another(state, kind, rules.check_action(state, kind, values), seat)


class Asked(Exception):
    """A tap for another player than this phone's, not confirmed for them: nothing is stored,
    and the phone is asked first (``answer``)."""

    def __init__(self, player: int) -> None:
        super().__init__(player)
        self.player = player


def ask(rules: GameRules, state: Any, kind: str, clean: Mapping[str, Any],
        seat: int | None) -> None:
    """Raise Asked when a tap from the phone seated at ``seat`` (its values as the rules read
    them) is for another player and was not confirmed for them, and OwnPhoneOnly for another
    player's secret. A phone with no seat is never asked, but reveals no secret to the table."""
    if seat is None and not rules.spec(kind).reveals:
        return
    player = rules.for_another(state, kind, clean, seat)
    if player is not None and _confirmed() != str(player):
        raise Asked(player)


def answer(game: Game, token: str, kind: str, values: Mapping[str, Any], player: int,
           seat: int, *, version: int | None, once: str | None):
    """The question for a tap that was asked first (``Asked``): the page (no script), or 428
    with its words and address (a script)."""
    if wants_json():
        names = get_game(game.slug).player_names(store.state_of(game))
        asked = t(ASKED, name=names[player], phone=names[seat])
        return jsonify(ok=False, ask=True, player=player, field=CONFIRMED, error=asked,
                       said=say(asked), version=game.version,
                       confirm=url_for("seating.confirm", token=token, kind=kind)), 428
    return question(game, token, kind, dict(values), player, seat, version=version, once=once)


def _confirmed() -> str:
    """The player a tap says it was confirmed for (``confirm_for``), as sent."""
    if request.is_json:
        body = request.get_json(silent=True)
        return str(body.get(CONFIRMED, "")) if isinstance(body, dict) else ""
    return request.form.get(CONFIRMED, "")


def question(game: Game, token: str, kind: str, values: dict[str, Any], player: int | None,
             seat: int | None, *, version: int | None, once: str | None) -> str:
    """The page "Record this for Basalt?": the values as they were typed and one button that
    sends them confirmed for ``player``. None: the game moved on since the page was drawn (it
    says so, and records nothing)."""
    rules = get_game(game.slug)
    state = store.state_of(game)
    spec, names = rules.spec(kind), rules.player_names(state)
    turn = rules.turn_of(state, kind)
    return render_template(
        "confirm.html", game=game, token=token, rules=rules, spec=spec, kind=kind,
        values=values, moved=player is None, player=player, field=CONFIRMED,
        for_turn=bool(spec.actor) and turn is not None and turn == player,
        shown=_shown(spec, values, names, rules.step_fields(state, kind)),
        version=version if version is not None else game.version, once=once,
        name=names[player] if player is not None else "",
        phone=names[seat] if seat is not None else "")


def _shown(spec: ActionSpec, values: dict[str, Any], names: tuple[str, ...],
           step: dict[str, Any]) -> list[tuple[Any, Any]]:
    """The values the question lists (label, words): what was typed, in the form's words (the
    player it is for and the step it names are said above them; a value left at its field's
    default, such as round 0 of a form that names no round, says nothing)."""
    named = subject_fields(spec)[:1]
    out = []
    for f in spec.fields:
        value = values.get(f.name)
        if f.name in named or f.name in step or value in (None, "", False) or (
                not f.required and str(value) == str(f.default)):
            continue
        if f.kind == "choice":
            value = dict(f.choices).get(value, value)
        elif f.kind == "player":  # (nobody chosen: not listed)
            if not (str(value).isdecimal() and int(value) < len(names)):
                continue
            value = names[int(value)]
        elif f.kind == "bool":
            value = t("yes")
        out.append((f.label, value))
    return out
