"""What happens around a tap besides recording it (``store.tap``, its one write): a close that
must be confirmed first (the page asks once, naming who), where a phone without script lands
after a recorded tap (what its game's page brings into view, else its player's board), and
POST/redirect/GET for a refused one (the refusal shown once on the game's page, so a reload
never posts the tap again)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import redirect, request, session, url_for

from .. import store
from ..games.core import InvalidInput, Problem, RulesError, words_from_json, words_to_json
from ..store.db import Game
from . import asking
from .device import wants_json

#: the session's copy of a refused form post, for the one view the browser is sent back to
REFUSED = "refused"

#: by game (its slug), where its page continues after a tap, when its own pages say
#: (web/extras/<game>.py): ``landing(state, kind, seat)`` -> an anchor of the page, or None
LANDINGS: dict[str, Callable[[Any, str, int | None], str | None]] = {}


def is_page_post() -> bool:
    """A form a browser posted as a page (no script): it says so in ``Sec-Fetch-Mode``. Other
    clients (the page's own script, the API, tests of the answer) get the refusal itself."""
    return request.headers.get("Sec-Fetch-Mode") == "navigate" and not wants_json()


def refused_back_to_game(token: str, err: RulesError, kind: str, values: Mapping[str, Any]):
    """POST, redirect, GET: a refused tap sends the browser back to the game's page, which shows
    the refusal once (kept in the session), so a reload shows the game and never posts the tap
    again."""
    session[REFUSED] = {"token": token, "kind": kind, "values": dict(values), "rule": err.rule,
                        "problems": [[p.field, words_to_json(p.message)] for p in err.problems]}
    return redirect(url_for("play.game_page", token=token), 303)


def kept_refusal(token: str) -> tuple[RulesError, str, dict] | None:
    """The refusal kept for this game's page (then forgotten), as the page shows it."""
    kept = session.pop(REFUSED, None)
    if not isinstance(kept, dict) or kept.get("token") != token:
        return None
    try:
        problems = [Problem(str(f), words_from_json(m)) for f, m in kept["problems"]]
    except (KeyError, TypeError, ValueError):
        return None
    values = kept.get("values") if isinstance(kept.get("values"), dict) else {}
    return InvalidInput(problems, rule=str(kept.get("rule") or "")), str(kept.get("kind")), values


def checked_for(rules: Any, game: Game, kind: str, seat: int | None,
                sent: int | None) -> store.Before:
    """What a tap is checked for besides the rules (``store.Before``), inside its write, on the
    state it applies to and its values as the rules read them there: a close that must be
    confirmed first (rules.unconfirmed: the page asks once, naming who; not for a page out of
    date, which the store refuses or applies on top), then a tap for another player than this
    phone's (web/asking.py)."""
    def check(state: Any, clean: dict) -> None:
        if sent is None or sent == game.version:
            asked = rules.unconfirmed(state, kind, clean)
            if asked:
                raise asked[0]
        asking.ask(rules, state, kind, clean, seat)
    return check


def lands_at(game: Game, kind: str, values: Mapping[str, Any], seat: int | None,
             actor: str) -> str | None:
    """Where a phone without script lands after a recorded tap of ``kind``: what the game's
    page brings into view after it (``LANDINGS``, the game's state after the tap), else the
    board of the player who acted (``board_after``)."""
    landing = LANDINGS.get(game.slug)
    return (landing and landing(store.state_of(game), kind, seat)) or \
        board_after(actor, values, seat)


def board_after(actor: str, values: Mapping[str, Any], seat: int | None) -> str | None:
    """Where a phone without script lands after a recorded tap: the board of the player who
    acted (else this phone's own), as the page's script keeps it, not the top of the page."""
    player = str(values.get(actor, "")) if actor else ""
    player = int(player) if player.isdecimal() and len(player) < 3 else seat
    return f"p{player}" if isinstance(player, int) else None
