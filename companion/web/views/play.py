"""A game at the table: its page, its actions, undo and redo, and the score pad. The history,
where any entry can be taken back or changed, is ``changes``' (routes of the same blueprint);
showing the game beyond the phone (its link, the table view, the version check, the export) is
``sharing``'s."""
from __future__ import annotations

import functools
import re
from typing import Any

from flask import (
    Blueprint,
    abort,
    g,
    get_template_attribute,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import get_locale
from markupsafe import Markup

from ... import store
from ...games import get_game
from ...games.core import REDO, UNDO, RulesError, StaleAction, t
from ...store import seats
from ...store.db import Game
from ...store.log import taken_back_with
from .. import asking, history_page, parts, story, taps
from ..citations import rule_title
from ..device import remember_game, wants_json
from ..drawing import draw_page
from ..forms import NOBODY, action_form, tap_values
from ..i18n import for_game, mark, read_typed, say

bp = Blueprint("play", __name__, url_prefix="/g")


NO_GAME = t("No game has this link. Check the code or ask the host for the game's QR code.")


WATCH_ONLY = t("This is a watch link: it shows the game but cannot change it.")


def open_game(token: str, *, to_play: bool = False) -> tuple[Game, bool]:
    """The game a link opens and whether it may change it: 404 for an unknown link, and 403
    for a watch link where the request would change the game."""
    return _opened(store.find_game(token), to_play=to_play)


def playing(tap: store.Tap) -> Game:
    """The game a tap writes on, read in its write (``store.tap``): 404 for an unknown link,
    403 for a watch link. The phone's seat is read again in each try's own transaction."""
    g.pop("seats_held", None)
    return _opened((tap.game, tap.can_play) if tap.game is not None else None, to_play=True)[0]


def _opened(found: tuple[Game, bool] | None, *, to_play: bool) -> tuple[Game, bool]:
    if found is None:
        abort(404, description=NO_GAME)
    for_game(found[0].slug)
    if to_play and not found[1]:
        abort(403, description=WATCH_ONLY)
    return found


def seat_of(game: Game) -> int | None:
    """This phone's seat in a game: the seat its session claimed, as long as it still holds it
    (a phone that took the seat over since leaves this one without one). Read once a request."""
    checked = g.setdefault("seats_held", {})
    if game.id not in checked:
        claims, phone = session.get("seats"), session.get("phone")
        claim = claims.get(str(game.id)) if isinstance(claims, dict) else None
        checked[game.id] = claim if isinstance(claim, int) and isinstance(phone, str) and \
            seats.holder(game.id, claim) == phone else None
    return checked[game.id]


def viewer_seat(game: Game, can_play: bool) -> int | None:
    """The seat whose hidden information a page or export may carry: this phone's seat on a play
    link, nobody's on a watch link (it may be on a screen the whole room sees)."""
    return seat_of(game) if can_play else None


def signed_by(game: Game) -> str:
    """The name this phone signs its actions with: its seat's player, if it took a seat."""
    names = get_game(game.slug).player_names(store.state_of(game))
    seat = seat_of(game)
    return names[seat] if seat is not None and seat < len(names) else ""


def once_sent() -> str | None:
    """The one-time key of the form that sent this request (see ``once_key``), if any."""
    raw = request.form.get("once", "")
    return raw if ONCE.fullmatch(raw) else None


ONCE = re.compile(r"[A-Za-z0-9_-]{8,40}")


def _context(game: Game, can_play: bool, *, error: RulesError | None = None,
             failed: str | None = None, values: dict | None = None) -> dict[str, Any]:
    rules = get_game(game.slug)
    state = store.state_of(game)
    names = rules.player_names(state)
    forms = {kind: action_form(rules.spec(kind), names, values if kind == failed else None)
             for kind in (rules.available(state) if can_play else ())}
    seat = viewer_seat(game, can_play)

    def asks(kind: str, player: int | None = None) -> bool:
        """Whether a tap on this phone asks first (seating.confirm): it is for a turn and
        this phone holds another seat. ``player``: the one the form names (default: the turn)."""
        turn = rules.turn_of(state, kind)
        return seat is not None and turn is not None and (turn if player is None
                                                          else player) != seat

    token = game.play_token if can_play else game.watch_token
    presets = rules.presets(state, seat) if seat is not None else {}
    held = functools.cache(lambda: seats.holders(game.id))
    # What a shared part leaves to each phone (drawing.per_phone): where a form for a turn
    # goes (asking first when the turn is another seat's), which player a form picks, and the
    # values the app knows for its player (rules.presets: chosen, or shown first).
    g.phone = dict(
        act=lambda kind, player="": url_for(
            "seating.confirm" if asks(kind, int(player) if player else None) else "play.act",
            token=token, kind=kind),
        pick=lambda player: Markup(" selected") if seat == int(player) else "",
        choose=lambda: Markup('<option value="" selected>%s</option>') % say(NOBODY)
        if seat is None else "",
        preset=lambda name: presets.get(name, ""),
        checked=lambda name, value: Markup(" checked") if presets.get(name) == value else "",
        # the seat prompt of a phone without a seat; a seated phone's own last step; its seat
        prompt=lambda: _phone_part("seat_prompt", token, names, set(held()))
        if seat is None else "",
        # the join code at the top while a seat is free: the host reads it out from there
        join=lambda: _phone_part("join_code", token, game.join_code)
        if can_play and len(held()) < len(names) else "",
        mine=lambda: _own_steps(token, game, seat),
        seat_now=lambda: _phone_part("seat_now", names, seat))
    return dict(game=game, rules=rules, state=state, can_play=can_play, forms=forms,
                names=names, seat=seat, asks=asks, error=error, failed=failed, token=token,
                # worked out only where a part shows it (not when the part is shared)
                result=functools.cache(lambda: rules.score(state)),
                reads=functools.partial(_reads, game))


def _reads(game: Game) -> dict[str, Any]:
    """What the game page shows from the database besides the game and its state, read when the
    page is drawn (``draw_page``; a drawing taken from the cache reads nothing): the undo and
    redo buttons' steps, the latest steps, and the box data the forms offer (where they do)."""
    undo_text, redo_text = store.undo_preview(game)
    return dict(undo_text=undo_text, redo_text=redo_text, recent=store.recent_rows(game),
                box=store.game_box_values(game) if get_game(game.slug).box_on_page else [])


def _own_steps(token: str, game: Game, seat: int | None) -> Markup | str:
    """A seated phone's own steps: its newest, to take back or change, and a few before it,
    each changed from its form in one more tap."""
    if seat is None:
        return ""
    name = signed_by(game)
    last = store.my_last(game, name)
    earlier = history_page.earlier_steps(game, seat, name, last.seq if last else None)
    # a step in turn after it (phase B's next player) goes back with it, said on the button
    along = taken_back_with(game, last.seq) if last else ()
    return _phone_part("take_back", token, game, last, earlier, along) \
        if last or earlier else ""


def _phone_part(macro: str, *args: Any) -> Markup:
    """A part of the game page that differs from phone to phone (templates/phone.html)."""
    return Markup(get_template_attribute("phone.html", macro)(*args))


def _forms_asked(game: Game) -> tuple[str, ...] | None:
    """The panels' forms a page asks for (``?show=<kind>``, one for each open panel), when that
    is all it asks and each is one of the game's actions: phones asking alike share a drawing.
    A kind with several panels names the one it asks for after a dot (``trade.2``: house 2's
    Trade; ``build.village``), so opening one draws one form, not every house's."""
    actions = get_game(game.slug).actions
    kinds = tuple(request.args.getlist("show"))
    if set(request.args) != {"show"} or len(kinds) > len(actions) \
            or not all((m := SHOWN.fullmatch(kind)) and m[1] in actions for kind in kinds):
        return None
    return kinds


SHOWN = re.compile(r"(\w{1,40})(?:\.\w{1,20})?", re.ASCII)


def _game_page(game: Game, can_play: bool, *, shared: bool = False, asked: tuple[str, ...] = (),
               error: RulesError | None = None, failed: str | None = None,
               values: dict | None = None, have: str | None = None, **shown: Any) -> str | dict:
    """The game page for this phone: drawn once per version, language, kind of link and panels'
    forms ``asked`` for the whole table (``shared``; drawing.py), or for this answer only (a
    refused form, or a page of a game's own that ``shown`` adds to: a form filled in, a
    preview). ``have``: the parts the phone's page shows, to answer only those it lacks."""
    context = {**_context(game, can_play, error=error, failed=failed, values=values), **shown}
    seat = context["seat"]
    per_seat = get_game(game.slug).board_per_seat  # (else nothing drawn may depend on the seat)
    if not per_seat:
        context["seat"] = None
    key = ("game", game.play_token, game.version, str(get_locale()), can_play, asked) \
        if shared else None
    return draw_page("game.html", key, first=seat, **context, have=have,
                     seat_view=seat if per_seat else None)


@bp.get("/<token>")
def game_page(token: str):
    game, can_play = open_game(token)
    remember_game(token)
    kept = taps.kept_refusal(token) if taps.REFUSED in session else None
    if kept is not None:  # the one view after a refused form post (POST, redirect, GET)
        err, kind, values = kept
        return _game_page(game, can_play, error=err, failed=kind, values=values)
    # a page asked with options (?fix=1, ?wheel=1) shows more than the one every phone reloads;
    # one asking for panels' forms is shared by the phones asking for the same
    asked = _forms_asked(game) if request.args else ()
    return _game_page(game, can_play, shared=asked is not None, asked=asked or ())


@bp.get("/<token>/parts")
def game_parts(token: str):
    """The game page's live update: the parts of the page this phone lacks (its script sends the
    digests of those it shows; web/parts.py) as JSON, or the whole page when it asks with more
    than panels' forms (?fix=1)."""
    game, can_play = open_game(token)
    asked = _forms_asked(game) if request.args else ()
    if asked is None:
        return _game_page(game, can_play)
    answer = _game_page(game, can_play, shared=True, asked=asked,
                        have=request.headers.get(parts.HEADER, ""))
    if "page" in answer:
        return answer["page"]
    resp = jsonify(version=game.version, **answer)
    resp.headers["Cache-Control"] = "no-store"
    return resp


def _refuse(game: Game, err: RulesError, kind: str, values: dict | None, status: int):
    # The request's read transaction may predate the change that caused the refusal (SQLite
    # keeps a read snapshot until the transaction ends): end it to show the current state.
    fresh = fresh_game(game)
    if wants_json():
        said = refusal_words(err)
        if err.rule:
            said += f" ({rule_title(err.rule, game.slug) or err.rule})"
        return refusal_json(err, fresh, said, status)
    return _game_page(fresh, True, error=err, failed=kind, values=values), status


def fresh_game(game: Game) -> Game:
    """The game as it is now: the request's read transaction may predate the change that caused
    a refusal (SQLite keeps a read snapshot until the transaction ends), so it is ended."""
    s = store.session()
    s.rollback()
    return s.get(Game, game.id, populate_existing=True)


def refusal_words(err: RulesError) -> str:
    """A refusal's problems in the reader's language, as the page shows them."""
    return mark("; ").join(say(p.message) for p in err.problems)


def refusal_json(err: RulesError, fresh: Game, said: str, status: int, **extra: Any):
    """A refusal for a script: error/errors stay English for machine clients; ``said`` is the
    refusal in the reader's language, for the page's own script to show."""
    return jsonify(ok=False, error=err.message, rule=err.rule, version=fresh.version, said=said,
                   errors=[{"field": p.field, "message": p.message} for p in err.problems],
                   **extra), status


def version_sent() -> int | None:
    """The game version the sender's page showed (its form's ``version``), if it sent one."""
    raw = request.form.get("version", "")
    return int(raw) if raw.isdecimal() and len(raw) < 10 else None


def recorded_json(done: store.Recorded, retried: int, **more: Any):
    """A recorded tap's answer for a script; ``retried``: its write was tried again after a
    conflict with another phone's (how many times), and nothing was lost."""
    return jsonify(ok=True, version=done.version, text=done.text,
                   **({"retried": retried} if retried else {}), **more)


def _parts_after(token: str) -> dict[str, Any]:
    """For a page's script that sent the parts its page shows (``X-Parts``): the game page's
    parts it lacks now (``page``, as ``game_parts`` answers them), drawn after the tap's
    commit (outside its write), so that the answer shows the tap without a request more."""
    have = request.headers.get(parts.HEADER)
    if have is None:
        return {}
    game, can_play = open_game(token)
    page = _game_page(game, can_play, shared=True, have=have)
    return {} if "page" in page else {"page": {"version": game.version, **page}}


def _answer(token: str, done: store.Recorded, retried: int):
    if wants_json():
        return recorded_json(done, retried, **_parts_after(token))
    return redirect(url_for("play.game_page", token=token), 303)


@bp.post("/<token>/do/<kind>")
def act(token: str, kind: str):
    """Record one action a phone sent (its values as the rules read them), signed with the
    phone's seat, as one tap (``store.tap``: from the read of the game to the commit); a
    refusal stores nothing. From a phone seated as another player than the one it is for, it
    is asked first, or refused for that player's secret (web/asking.py)."""
    try:
        for attempt in store.attempts():
            with attempt, store.tap(token, once=once_sent()) as tap:
                game = playing(tap)
                rules = get_game(game.slug)
                if kind not in rules.actions:
                    abort(404, description=t("{game} has no action {kind}.", game=rules.title,
                                             kind=repr(kind)))
                values = {k: read_typed(v, game.slug, rules.typed_words)  # (the reader's words)
                          for k, v in tap_values(rules.spec(kind)).items()}  # (as recorded)
                seat, sent = seat_of(game), version_sent()
                done = tap.record(kind, values, by=signed_by(game), version=sent,
                                  before=taps.checked_for(rules, game, kind, seat, sent))
    except asking.Asked as asked:  # (for another player than this phone's: asked first)
        return asking.answer(game, token, kind, values, asked.player, seat, version=sent,
                             once=once_sent())
    except RulesError as err:
        if taps.is_page_post():
            return taps.refused_back_to_game(token, err, kind, values)
        return _refuse(game, err, kind, values, 409 if isinstance(err, StaleAction) else 422)
    if wants_json():
        return _answer(token, done, attempt.tried)
    return redirect(url_for("play.game_page", token=token,
                            _anchor=taps.lands_at(game, kind, values, seat,
                                                  rules.spec(kind).actor)),
                    303)


@bp.post("/<token>/<any(undo, redo):which>")
def undo_redo(token: str, which: str):
    try:
        for attempt in store.attempts():
            with attempt, store.tap(token, once=once_sent()) as tap:
                game = playing(tap)
                done = tap.record(UNDO if which == "undo" else REDO, {}, by=signed_by(game),
                                  version=version_sent())
    except RulesError as err:
        return _refuse(game, err, which, None, 409 if isinstance(err, StaleAction) else 422)
    return _answer(token, done, attempt.tried)


@bp.post("/<token>/seat")
def take_seat(token: str):
    """This phone's seat: its board comes first, its forms name its player, and its actions are
    signed with the player's name. The claim is kept in the phone's session and in the seat
    holders (so every phone sees the seat is taken; a held seat is taken over). An empty or
    unknown seat leaves it. Play links only: a watch link changes nothing."""
    game, _ = open_game(token, to_play=True)
    names = get_game(game.slug).player_names(store.state_of(game))
    raw = request.form.get("seat", "")
    claims = dict(session.get("seats", {}))
    phone = session.get("phone")
    if raw.isdecimal() and int(raw) < len(names):
        if not isinstance(phone, str):
            phone = session["phone"] = seats.new_phone_id()
        seats.take(game.id, int(raw), phone)
        claims[str(game.id)] = int(raw)
    else:
        if isinstance(phone, str):
            seats.leave(game.id, phone)
        claims.pop(str(game.id), None)
    session["seats"] = claims
    return redirect(url_for("play.game_page", token=token), 303)


@bp.get("/<token>/score")
def score(token: str):
    game, can_play = open_game(token)
    rules = get_game(game.slug)
    state = store.state_of(game)
    steps = request.args.get("steps") == "1"
    return render_template("score.html", game=game, rules=rules, result=rules.score(state),
                           final=rules.is_over(state), token=token, can_play=can_play,
                           story=story.chart(game, steps=steps), steps=steps)
