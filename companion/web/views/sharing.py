"""A game shown beyond the phone that plays it: the version check every open page keeps
waiting (a watch link's too), the game's link and QR code to hold up to the table, the table
view for a screen in the middle, and the game file to take away."""
from __future__ import annotations

import io
from datetime import datetime

import segno
from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    render_template,
    request,
    url_for,
)

from ... import store
from ...games import get_game
from ...games.core import t
from ...store.db import Game, end_reading
from .. import story
from ..device import share_url
from ..kept_files import kept_file
from .play import open_game, viewer_seat

bp = Blueprint("sharing", __name__, url_prefix="/g")


@bp.get("/<token>/v")
def version(token: str):
    """The game's version, for phones watching for changes: one indexed lookup, a tiny body, and
    304 when the phone already has this version (its If-None-Match). A phone that asks to wait
    (``?wait=<seconds>``) and has this version gets its answer when the version moves, or a 304
    after those seconds (at most LIVE_WAIT_SECONDS; companion/store/live.py)."""
    found = store.version_by_link(token)
    if found is None:
        abort(404, description=t("No game has this link."))
    game_id, v = found
    seconds = _wait_asked()
    if seconds and request.if_none_match.contains(str(v)):
        end_reading()  # (a held check holds no database connection while it waits)
        v = current_app.extensions["live"].wait(game_id, v, seconds) or v
    resp = jsonify(version=v)
    resp.set_etag(str(v))
    resp.headers["Cache-Control"] = "no-cache"
    resp.headers["Content-Security-Policy"] = "default-src 'none'"  # data only
    return resp.make_conditional(request)


def _wait_asked() -> float:
    """How long the phone asked its check to wait for a change, within LIVE_WAIT_SECONDS."""
    raw = request.args.get("wait", "")
    asked = int(raw) if raw.isdecimal() and len(raw) < 4 else 0
    return float(min(asked, current_app.config["LIVE_WAIT_SECONDS"]))


def _shared_token(game: Game, can_play: bool) -> str:
    """The link a QR code carries: the play link, or the watch link when asked for (?watch=1)
    or when the page was opened with a watch link (a watcher never sees the play link)."""
    return game.play_token if can_play and not request.args.get("watch") else game.watch_token


@bp.get("/<token>/qr.svg")
def qr(token: str):
    game, can_play = open_game(token)
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
    game, can_play = open_game(token)
    watch = not can_play or bool(request.args.get("watch"))
    return render_template("table.html", game=game, can_play=can_play, token=token, watch=watch,
                           url=share_url(_shared_token(game, can_play)),
                           qr_url=url_for("sharing.qr", token=token, watch=1 if watch else None))


@bp.get("/<token>/board-view")
def board_view(token: str):
    """The table view: every player's numbers side by side in big type, for a tablet or laptop
    in the middle of the table. Read-only: it has no forms (each seat acts on its own phone)."""
    game, can_play = open_game(token)
    rules = get_game(game.slug)
    state = store.state_of(game)
    steps = request.args.get("steps") == "1"
    guide = rules.guide(state)
    # where the table is (the guide's first line) and whose turn it is, when a step goes in turn
    turns = (rules.turn_of(state, kind) for kind in rules.available(state))
    return render_template("board_view.html", game=game, token=token, rules=rules,
                           where=guide[0] if guide else None,
                           turn=next((seat for seat in turns if seat is not None), None),
                           result=rules.score(state), final=rules.is_over(state),
                           seat=viewer_seat(game, can_play),
                           story=story.chart(game, steps=steps), steps=steps)


def _exported(game: Game, seat: int | None) -> dict:
    """The export, the game read again first: a request that waited for its turn to draw it
    ended its read, and the file's version must be that of the log it holds."""
    store.session().refresh(game)
    return store.export_game(game, seat)


@bp.get("/<token>/export.json")
def export(token: str):
    """The game as JSON (setup and the whole log), to import on another server; the hidden
    information of every player but this phone's seat is left out (see GameRules.secrets)."""
    game, can_play = open_game(token)
    seat = viewer_seat(game, can_play)
    # drawn once per version and seat, and kept with the groups' files (a long game's is MBs)
    body = kept_file(("game.json", game.id, game.version, seat),
                     lambda: current_app.json.dumps(_exported(game, seat),
                                                    separators=(",", ":")) + "\n")
    resp = Response(body, mimetype="application/json")
    day = datetime.now().strftime("%Y-%m-%d")
    resp.headers["Content-Disposition"] = f'attachment; filename="{game.slug}-{day}.json"'
    return resp
