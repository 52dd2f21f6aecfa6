"""A game's history, where any step can be taken back (voided) or changed (amended) wherever it
is: the views of the play blueprint that change the past, answering their refusals as a tap's
(``play.refusal_json``) or on the history page, at the step acted on."""
from __future__ import annotations

import re
from typing import Any

from flask import abort, redirect, render_template, request, url_for

from ... import store
from ...games import get_game
from ...games.core import AMEND, VOID, RulesError, StaleAction, WouldBreak, in_force, t
from ...games.core.history import MAX_TARGETS
from ...store.db import Game
from .. import history_page
from ..device import wants_json
from ..forms import action_form, tap_values
from .play import (
    bp,
    fresh_game,
    once_sent,
    open_game,
    playing,
    recorded_json,
    refusal_json,
    refusal_words,
    seat_of,
    signed_by,
    version_sent,
    viewer_seat,
)


def _history(game: Game, can_play: bool, *, around: int | None = None,
             error: RulesError | None = None, offer: tuple[int, ...] = (), status: int = 200):
    """The history page (web/history_page.py): the part the link asks for, or the part holding
    step ``around``."""
    place = None if around is None else history_page.Asked(around=around)
    return history_page.render(game, can_play, viewer_seat(game, can_play), place=place,
                               error=error, offer=offer, status=status)


@bp.get("/<token>/history")
def history(token: str):
    game, can_play = open_game(token)
    return _history(game, can_play)


def _steps_sent() -> list[int]:
    """The step numbers a take-back form sent (``targets``: repeated, or "12, 14")."""
    raw = ",".join(request.form.getlist("targets"))[:MAX_TARGETS * 8]
    return [int(v) for v in re.split(r"[\s,#]+", raw) if v.isdecimal() and len(v) < 9]


def _refuse_change(game: Game, err: RulesError, sent: list[int], at: int | None):
    """A refused void or amendment: JSON for a script, else the history with the refusal (at
    step ``at``'s part) and, when later steps would break, the offer to take them back too."""
    status = 409 if isinstance(err, StaleAction) else 422
    fresh = fresh_game(game)
    if wants_json():
        return refusal_json(err, fresh, refusal_words(err), status,
                             breaks=list(getattr(err, "entries", ())),
                             following=list(getattr(err, "following", ())))
    # a take-back of exactly the steps that break, unless it would stop later steps in turn
    offer = tuple(sorted({*sent, *err.entries})) if isinstance(err, WouldBreak) \
        and not err.following else ()
    return _history(fresh, True, around=at, error=err, offer=offer, status=status)


@bp.post("/<token>/void")
def void(token: str):
    """Take back chosen steps of the history, wherever they are (nothing is deleted: the log
    records that they are void); refused, with every step that would break named, when a later
    step depends on them."""
    sent = _steps_sent()
    try:
        for attempt in store.attempts():
            with attempt, store.tap(token, once=once_sent()) as tap:
                game = playing(tap)
                done = tap.record(VOID, {"targets": sent}, by=signed_by(game),
                                  version=version_sent())
    except RulesError as err:
        return _refuse_change(game, err, sent, min(sent, default=None))
    if wants_json():
        return recorded_json(done, attempt.tried)
    if request.form.get("back") == "game":
        return redirect(url_for("play.game_page", token=token), 303)
    return redirect(_history_at(token, request.form.get("around", ""),
                                view=request.form.get("view") == history_page.MINE), 303)


def _history_at(token: str, step: str | int, *, view: bool = False) -> str:
    """The part of the history holding ``step`` (the one a phone acted on), at that step."""
    seq = str(step)
    if not (seq.isdecimal() and len(seq) < 10):
        return url_for("play.history", token=token)
    return url_for("play.history", token=token, around=seq,
                   view=history_page.MINE if view else None, _anchor=f"step-{seq}")


def _entry_to_change(game: Game, seq: int):
    """The action step ``seq`` of a game, with its values in force now, and the game's log;
    404 for any other, and 403 when it holds another player's hidden information (its form
    would show it)."""
    entries = store.entries_of(store.rows_of(store.session(), game.id))
    row = next((e for e in in_force(entries) if e.seq == seq), None)
    if row is None or not history_page.changeable(row):
        abort(404, description=t("This game has no step {seq} that can be changed.", seq=seq))
    rules, seat, state = get_game(game.slug), seat_of(game), store.state_of(game)
    owners = {s.seat for s in rules.secrets(game.setup, entries, state) if s.seq == seq} - {seat}
    if owners:
        name = rules.player_names(state)[min(owners)]
        abort(403, description=t("Step {seq} holds {name}'s hidden information: only {name}'s "
                                 "phone can change it.", seq=seq, name=name))
    return row, entries


def _change_page(game: Game, seq: int, values: dict | None = None,
                 error: RulesError | None = None, status: int = 200):
    rules = get_game(game.slug)
    entry, log = _entry_to_change(game, seq)
    state = store.state_of(game)
    names = rules.player_names(state)
    form = action_form(rules.spec(entry.kind), names, entry.data if values is None else values,
                       problems=error.problems if error else ())
    said = store.said_at(game, seq)
    return render_template("change.html", game=game, rules=rules, token=game.play_token,
                           entry=entry, said=said, form=form, error=error,
                           spans=_spans(game, state, entry, log), back=_back_to_game()), status


def _spans(game: Game, now: Any, entry, log: list) -> dict[str, tuple[int, int]]:
    """The chips each field of ``entry``'s form offers where the game stood when it was taken
    (``GameRules.chip_span``: a Hadara card's cost reaches the highest of its epoch); the log
    is folded up to the step only where the fields have chips that depend on the game (``now``,
    the game at its version, asked first)."""
    rules = get_game(game.slug)
    names = [f.name for f in rules.spec(entry.kind).fields]
    if not any(rules.chip_span(now, entry.kind, n) for n in names):
        return {}
    before = rules.replay(rules.new_game(game.setup),
                          in_force([e for e in log if e.seq < entry.seq]), stored=True)
    spans = {n: rules.chip_span(before, entry.kind, n) for n in names}
    return {n: s for n, s in spans.items() if s}


def _back_to_game() -> str:
    """"game" when the change was opened from the game page, which it then goes back to."""
    return "game" if request.args.get("back") == "game" else ""


@bp.get("/<token>/change/<int:seq>")
def change(token: str, seq: int):
    """A step's form with its values, to change them (an amendment)."""
    game, _ = open_game(token, to_play=True)
    return _change_page(game, seq)


@bp.post("/<token>/change/<int:seq>")
def amend(token: str, seq: int):
    """Change one step's values; the log keeps the original and records the amendment, and
    every later step is checked again."""
    try:
        for attempt in store.attempts():
            with attempt, store.tap(token, once=once_sent()) as tap:
                game = playing(tap)
                entry, _ = _entry_to_change(game, seq)
                values = tap_values(get_game(game.slug).spec(entry.kind))
                done = tap.record(AMEND, {"target": seq, "data": values}, by=signed_by(game),
                                  version=version_sent())
    except WouldBreak as err:
        return _refuse_change(game, err, [], seq)
    except RulesError as err:
        if wants_json():
            return _refuse_change(game, err, [], seq)
        return _change_page(fresh_game(game), seq, values, err,
                            409 if isinstance(err, StaleAction) else 422)
    if wants_json():
        return recorded_json(done, attempt.tried)
    if _back_to_game():
        return redirect(url_for("play.game_page", token=token), 303)
    return redirect(_history_at(token, seq), 303)
