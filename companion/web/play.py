"""A game at the table: its page, its actions, undo and redo, the history and the score pad."""
from __future__ import annotations

import io
from datetime import datetime
from typing import Any, Mapping
from urllib.parse import urlsplit

import segno
from flask import (Blueprint, Response, abort, current_app, jsonify, redirect, render_template,
                   request, session, url_for)

from .. import store
from ..i18n import say
from ..db import Game
from ..games import get_game
from ..games.core import REDO, UNDO, RulesError, StaleAction, t
from flask_babel import get_locale

from . import pagecache, remember_game, wants_json
from .forms import action_form, tap_values

bp = Blueprint("play", __name__, url_prefix="/g")


NO_GAME = t("No game has this link. Check the code or ask the host for the game's QR code.")


WATCH_ONLY = t("This is a watch link: it shows the game but cannot change it.")


def _ref(token: str, *, to_play: bool = False) -> store.GameRef:
    """What a link opens, by one indexed query: 404 for an unknown link, and 403 for a watch
    link where the request would change the game (every write)."""
    ref = store.find_ref(token, to_write=to_play)
    if ref is None:
        abort(404, description=NO_GAME)
    if to_play and not ref.can_play:
        abort(403, description=WATCH_ONLY)
    return ref


def _open(token: str) -> tuple[Game, bool]:
    ref = _ref(token)
    return store.session().get(Game, ref.id), ref.can_play


def _open_to_play(token: str) -> Game:
    """The game a play link opens; a watch link gets 403 on every write."""
    return store.session().get(Game, _ref(token, to_play=True).id)


def seat_of(game: Game) -> int | None:
    return seat_of_id(game.id)


def viewer_seat(game: Game, can_play: bool) -> int | None:
    """The seat whose hidden information a page or export may carry: this phone's seat on a play
    link, nobody's on a watch link (it may be on a screen the whole room sees)."""
    return seat_of(game) if can_play else None


def _by(game: Game | store.GameRef, names: tuple[str, ...]) -> str:
    """The name this phone signs its actions with: its seat's player, if it took a seat."""
    return _seated(names, seat_of_id(game.id))


def _seated(names: tuple[str, ...], seat: int | None) -> str:
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
                names=names, seat=viewer_seat(game, can_play), error=error, failed=failed,
                undo_text=undo_text, redo_text=redo_text, result=rules.score(state),
                recent=store.recent_rows(game),
                token=game.play_token if can_play else game.watch_token)


def seat_of_id(game_id: int) -> int | None:
    return seat_in(session, game_id)


def seat_in(kept: Mapping[str, Any], game_id: int) -> int | None:
    """The seat a phone's session (``kept``) took in a game, if any."""
    seats = kept.get("seats")
    seat = seats.get(str(game_id)) if isinstance(seats, dict) else None
    return seat if isinstance(seat, int) else None


def _page_key(game_id: int, version: int) -> tuple:
    return page_key(game_id, version, request.environ, seat_of_id(game_id), str(get_locale()))


def page_key(game_id: int, version: int, environ: Mapping[str, Any], seat: int | None,
             language: str) -> tuple:
    """Everything a drawn game page depends on: the game's version, the link (with its query,
    which the language links carry), this phone's seat and the language. (The raw path and
    query from the WSGI ``environ``: nothing to decode for a key.)"""
    return (game_id, version, environ.get("PATH_INFO", ""), environ.get("QUERY_STRING", ""),
            seat, language)


@bp.get("/<token>")
def game_page(token: str):
    ref = _ref(token)
    remember_game(token)
    page = pagecache.kept(_page_key(ref.id, ref.version))
    if page is None:
        game = store.session().get(Game, ref.id)
        page = pagecache.draw(_page_key(game.id, game.version), lambda: render_template(
            "game.html", **_context(game, ref.can_play)))
    return pagecache.respond(page)


def _refuse(game: Game | store.GameRef, can_play: bool, err: RulesError, kind: str,
            values: dict | None, status: int):
    # The request's read transaction may predate the change that caused the refusal (SQLite
    # keeps a read snapshot until the transaction ends): end it to show the current state.
    s = store.session()
    s.rollback()
    s.expire_all()
    fresh = s.get(Game, game.id)
    if wants_json():
        # error/errors stay English for machine clients; `said` is the refusal in the reader's
        # language, for the page's own script to show.
        said = "; ".join(say(p.message) for p in err.problems)  # as the page shows a refusal
        if err.rule:
            from .reference import rule_title
            said += f" ({rule_title(err.rule, game.slug) or err.rule})"
        return jsonify(ok=False, error=err.message, rule=err.rule, version=fresh.version,
                       said=said,
                       errors=[{"field": p.field, "message": p.message} for p in err.problems]
                       ), status
    return render_template("game.html", **_context(fresh, can_play, error=err, failed=kind,
                                                   values=values)), status


def _version() -> int | None:
    return version_sent(request.form)


def version_sent(form: Mapping[str, str]) -> int | None:
    """The game version the sender's page showed (its form's ``version``), if it sent one."""
    raw = form.get("version", "")
    return int(raw) if raw.isdecimal() and len(raw) < 10 else None


def record_tap(ref: store.GameRef, kind: str, values: dict[str, Any], seat: int | None,
               version: int | None) -> store.Recorded:
    """Record one action a phone sent (its values as the rules read them), signed with the
    phone's seat, and keep what it told about the box; raises RulesError when refused (nothing
    is stored then). The one way a tap is recorded, by this view and by web/quick.py."""
    rules = get_game(ref.slug)
    names = rules.player_names(store.recent_state(ref))
    done = store.record(ref.id, kind, values, by=_seated(names, seat), version=version)
    store.remember_box(ref.slug, rules.box_records(done.before, kind, done.data))
    return done


def tap_answer(done: store.Recorded) -> dict[str, Any]:
    """What a script's tap is answered with (JSON) once recorded."""
    return {"ok": True, "version": done.version, "text": done.text}


@bp.post("/<token>/do/<kind>")
def act(token: str, kind: str):
    ref = _ref(token, to_play=True)
    rules = get_game(ref.slug)
    if kind not in rules.actions:
        abort(404, description=t("{game} has no action {kind}.", game=rules.title,
                                 kind=repr(kind)))
    values = tap_values(rules.spec(kind))  # read and checked by the rules as they record it
    try:
        done = record_tap(ref, kind, values, seat_of_id(ref.id), _version())
    except StaleAction as err:
        return _refuse(ref, True, err, kind, values, 409)
    except RulesError as err:
        return _refuse(ref, True, err, kind, values, 422)
    if wants_json():
        return jsonify(tap_answer(done))
    return redirect(url_for("play.game_page", token=token), 303)


@bp.post("/<token>/<any(undo, redo):which>")
def undo_redo(token: str, which: str):
    game = _open_to_play(token)
    names = get_game(game.slug).player_names(store.state_of(game))
    try:
        done = store.record(game.id, UNDO if which == "undo" else REDO, {}, by=_by(game, names),
                            version=_version())
    except RulesError as err:
        return _refuse(game, True, err, which, None, 409 if isinstance(err, StaleAction) else 422)
    if wants_json():
        return jsonify(ok=True, version=done.version, text=done.text)
    return redirect(url_for("play.game_page", token=token), 303)


@bp.post("/<token>/seat")
def take_seat(token: str):
    """This phone's seat (kept in its session): its board comes first and its actions are signed
    with the player's name. Play links only: a watch link changes nothing."""
    game = _open_to_play(token)
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


# ------------------------------------------------------------------- live updates and sharing

@bp.get("/<token>/v")
def version(token: str):
    """The game's version, for phones polling for changes: one indexed lookup, a tiny body, and
    304 when the phone already has this version (If-None-Match)."""
    ref = store.find_ref(token)  # (served before Flask by web/live.py for every known link)
    if ref is None:
        abort(404, description=t("No game has this link."))
    v = ref.version
    etag = f'"{v}"'
    if request.headers.get("If-None-Match") == etag:
        resp = Response(status=304)
    else:
        resp = Response(f'{{"version":{v}}}', mimetype="application/json")
    resp.headers["ETag"] = etag
    resp.headers["Cache-Control"] = "no-cache"
    resp.headers["Content-Security-Policy"] = "default-src 'none'"  # data only; fewer bytes
    return resp


def share_url(token: str) -> str:
    """The link phones at the table open: PUBLIC_URL when configured, else the address this page
    was asked at, with this machine's network address instead of localhost (a phone cannot
    reach the host's localhost)."""
    base = current_app.config.get("PUBLIC_URL") or request.host_url
    parts = urlsplit(base)
    if (parts.hostname or "").startswith("127.") or parts.hostname in ("localhost", "::1"):
        from ..serve import lan_address
        port = f":{parts.port}" if parts.port else ""
        base = f"{parts.scheme}://{lan_address()}{port}/"
    return base.rstrip("/") + url_for("play.game_page", token=token)


def _shared_token(game: Game, can_play: bool) -> str:
    """The link a QR code carries: the play link, or the watch link when asked for (?watch=1)
    or when the page was opened with a watch link (a watcher never sees the play link)."""
    return game.play_token if can_play and not request.args.get("watch") else game.watch_token


@bp.get("/<token>/qr.svg")
def qr(token: str):
    game, can_play = _open(token)
    buf = io.BytesIO()
    segno.make(share_url(_shared_token(game, can_play)), error="m").save(
        buf, kind="svg", scale=1, border=4, omitsize=True, xmldecl=False,
        title="QR code of this game's link", dark="#000", light="#fff")
    resp = Response(buf.getvalue(), mimetype="image/svg+xml")
    resp.headers["Cache-Control"] = "private, max-age=3600"
    return resp


@bp.get("/<token>/table")
def table(token: str):
    """Full screen, to hold up to the table: the join code and the QR code of the game."""
    game, can_play = _open(token)
    watch = not can_play or bool(request.args.get("watch"))
    return render_template("table.html", game=game, can_play=can_play, token=token, watch=watch,
                           url=share_url(_shared_token(game, can_play)),
                           qr_url=url_for("play.qr", token=token, watch=1 if watch else None))


@bp.get("/<token>/export.json")
def export(token: str):
    """The game as JSON (setup and the whole log), to import on another server; the hidden
    information of every player but this phone's seat is left out (see GameRules.secrets)."""
    game, can_play = _open(token)
    resp = jsonify(store.export_game(game, viewer_seat(game, can_play)))
    day = datetime.now().strftime("%Y-%m-%d")
    resp.headers["Content-Disposition"] = f'attachment; filename="{game.slug}-{day}.json"'
    return resp
