"""A game at the table: its page, its actions, undo and redo, the history and the score pad."""
from __future__ import annotations

from typing import Any

from flask import (Blueprint, abort, jsonify, redirect, render_template, request, session,
                   url_for)

from .. import store
from ..db import Game
from ..games import get_game
from ..games.core import REDO, UNDO, RulesError, StaleAction
from . import remember_game, wants_json
from .forms import action_form, errors_of, form_values

bp = Blueprint("play", __name__, url_prefix="/g")


def _open(token: str) -> tuple[Game, bool]:
    found = store.find_game(token)
    if found is None:
        abort(404, description="No game has this link. Check the code or ask the host for the "
                               "game's QR code.")
    return found


def seat_of(game: Game) -> int | None:
    seat = session.get("seats", {}).get(str(game.id))
    return seat if isinstance(seat, int) else None


def _by(game: Game, names: tuple[str, ...]) -> str:
    seat = seat_of(game)
    return names[seat] if seat is not None and seat < len(names) else ""


def _context(game: Game, can_play: bool, *, state: Any = None, error: RulesError | None = None,
             failed: str | None = None, values: dict | None = None) -> dict[str, Any]:
    rules = get_game(game.slug)
    if state is None:
        state = store.state_of(game)
    undo_text, redo_text = store.undo_preview(game)
    names = rules.player_names(state)
    forms = {kind: action_form(rules, kind, names, formdata=None)
             for kind in rules.available(state)} if can_play else {}
    if failed and failed in forms and values:
        forms[failed] = action_form(rules, failed, names, formdata=None, data=values)
    return dict(game=game, rules=rules, state=state, can_play=can_play, forms=forms,
                names=names, seat=seat_of(game), error=error, failed=failed,
                undo_text=undo_text, redo_text=redo_text, result=rules.score(state),
                recent=store.recent_rows(game),
                token=game.play_token if can_play else game.watch_token)


@bp.get("/<token>")
def game_page(token: str):
    game, can_play = _open(token)
    remember_game(token)
    return render_template("game.html", **_context(game, can_play))


def _refuse(game: Game, can_play: bool, err: RulesError, kind: str, values: dict | None,
            status: int):
    if wants_json():
        return jsonify(ok=False, error=err.message, rule=err.rule, version=game.version,
                       errors=[{"field": p.field, "message": p.message} for p in err.problems]
                       ), status
    store.session().expire_all()
    fresh = store.session().get(Game, game.id)
    return render_template("game.html", **_context(fresh, can_play, error=err, failed=kind,
                                                   values=values)), status


def _version() -> int | None:
    raw = request.form.get("version", "")
    return int(raw) if raw.isdecimal() and len(raw) < 10 else None


@bp.post("/<token>/do/<kind>")
def act(token: str, kind: str):
    game, can_play = _open(token)
    if not can_play:
        abort(403, description="This is a watch link: it shows the game but cannot change it.")
    rules = get_game(game.slug)
    state = store.state_of(game)
    names = rules.player_names(state)
    if kind not in rules.actions:
        abort(404, description=f"{rules.title} has no action {kind!r}.")
    form = action_form(rules, kind, names)
    values = form_values(form, rules.spec(kind))
    if not form.validate():
        err = RulesError("; ".join(errors_of(form)), rule=rules.spec(kind).rule)
        return _refuse(game, True, err, kind, values, 422)
    try:
        done = store.record(game.id, kind, values, by=_by(game, names), version=_version())
    except StaleAction as err:
        return _refuse(game, True, err, kind, values, 409)
    except RulesError as err:
        return _refuse(game, True, err, kind, values, 422)
    store.remember_box(game.slug, rules.box_records(state, kind, values))
    if wants_json():
        return jsonify(ok=True, version=done.version, text=done.action.text)
    return redirect(url_for("play.game_page", token=token), 303)


@bp.post("/<token>/<any(undo, redo):which>")
def undo_redo(token: str, which: str):
    game, can_play = _open(token)
    if not can_play:
        abort(403, description="This is a watch link: it shows the game but cannot change it.")
    names = get_game(game.slug).player_names(store.state_of(game))
    try:
        store.record(game.id, UNDO if which == "undo" else REDO, {}, by=_by(game, names),
                     version=_version())
    except RulesError as err:
        return _refuse(game, True, err, which, None, 409 if isinstance(err, StaleAction) else 422)
    if wants_json():
        return jsonify(ok=True)
    return redirect(url_for("play.game_page", token=token), 303)


@bp.post("/<token>/seat")
def take_seat(token: str):
    game, _ = _open(token)
    names = get_game(game.slug).player_names(store.state_of(game))
    raw = request.form.get("seat", "")
    seats = dict(session.get("seats", {}))
    if raw.isdecimal() and int(raw) < len(names):
        seats[str(game.id)] = int(raw)
    else:
        seats.pop(str(game.id), None)
    session["seats"] = seats
    return redirect(url_for("play.game_page", token=token), 303)


@bp.get("/<token>/history")
def history(token: str):
    game, can_play = _open(token)
    rows = store.rows_of(store.session(), game.id)
    undo_text, redo_text = store.undo_preview(game)
    return render_template("history.html", game=game, rows=list(reversed(rows)),
                           can_play=can_play, token=token, undo_text=undo_text,
                           redo_text=redo_text, rules=get_game(game.slug))


@bp.get("/<token>/score")
def score(token: str):
    game, can_play = _open(token)
    rules = get_game(game.slug)
    state = store.state_of(game)
    return render_template("score.html", game=game, rules=rules, result=rules.score(state),
                           final=rules.is_over(state), token=token, can_play=can_play)
