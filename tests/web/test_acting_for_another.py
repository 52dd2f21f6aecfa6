"""Nobody acts for another player unasked (issue 36, part 7). Every action kind of every game that
is for a player (its spec's subject: a turn action, a simultaneous one, an action on a board, a
correction of a player's values), tapped on a phone seated as someone else, is asked first
("Record this for Basalt?", nothing stored) or, for another player's secret, refused (nothing
stored); confirming records it, signed by the phone's player, exactly as the subject's own phone
records it at once. The table of kinds is read from the specs: a new kind is in it unasked.
Taps are plain form posts (no script) or JSON (``Accept: application/json``, as static/app.js
sends them): Flask's own views."""
from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest

from companion import store
from companion.games import GAMES, get_game, package_of
from companion.games.core import Entry, subject_fields
from tests.table_helpers import as_seen, csrf_of

from .table import WebTable

NAMES = ("Amber", "Basalt", "Cobalt")
SETUPS: dict[str, dict[str, Any]] = {
    "hadara": {"players": [{"name": n, "initiative": i, "side": "A", "coins": 10, "income": 1,
                            "military": 0, "culture": 0, "food": 3}
                           for i, n in enumerate(NAMES, start=1)]},
    "tradewarz": {"players": [{"name": n} for n in NAMES]},
    "hexemonia": {"fate": 12, "players": [{"name": n, "city": c} for n, c in
                                          zip(NAMES, ("athens", "sparta", "olympia"))]},
}
JSON = {"Accept": "application/json"}
CARDS = "1/3/2, 2/2/2, 3/1/3, 4/0/2, 1/2/4, 2/4/0"
#: values the spec alone does not make legal at a game's start (a real change, a named colour)
LEGAL: dict[tuple[str, str], dict[str, Any]] = {
    ("hadara", "correct"): {"delta": 2},
    ("hadara", "correct_statue"): {"tile_track": "military"},
    ("hadara", "correct_medal"): {"medal": "gold"},
    ("tradewarz", "build"): {"what": "settlement", "silo_wheat": 1, "pay_lumber": 1,
                             "pay_wheat": 1},
    ("tradewarz", "record_deck"): {"cards": CARDS},
    ("tradewarz", "battle"): {"attacker_soldiers": 2, "defender_soldiers": 1},
    ("hexemonia", "take"): {"hexes": 2},
    ("hexemonia", "correct"): {"what": "hand", "value": 3},
    # (a check before B and C asks "without B and C?" first: meant here)
    ("hexemonia", "political_check"): {"anyway": "true"},
}
#: steps recorded first, in both games compared (a post held before it is left...)
BEFORE: dict[tuple[str, str], list[tuple[str, dict[str, Any]]]] = {
    ("tradewarz", "hold_post"): [("march", {"house": 0})],  # a post follows a March (T28)
    ("tradewarz", "leave_post"): [("march", {"house": 0}), ("hold_post", {"house": 0, "post": 1})],
    ("tradewarz", "play_morale"): [("correct", {"house": 0, "what": "morale", "value": 1})],
    ("tradewarz", "cancel_battle"): [("correct", {"house": 0, "what": "morale", "value": 1}),
                                     ("correct", {"house": 0, "what": "gold", "value": 6})],
    ("tradewarz", "break_alliance"): [("form_alliance", {"house": 0, "partner": 2}),
                                      ("correct", {"house": 0, "what": "gold", "value": 6})],
    ("tradewarz", "occupier_left"): [("correct_capital", {"house": 0, "holder": 2})],
    ("tradewarz", "battle"): [("march", {"house": 0})],
    ("hexemonia", "production"): [("take", {"hexes": 2})],
    ("hexemonia", "political_check"): [("take", {"hexes": 2})],
    ("hexemonia", "discard"): [("take", {"hexes": 2}), ("political_check", {})],
    ("hexemonia", "end_turn"): [("take", {"hexes": 2}), ("political_check", {})],
}
#: kinds that need earlier steps (a March before a battle, phase A before B): the rules refuse
#: them at a game's start, the same way from every phone
LATER = {("hadara", k) for k in ("colony", "no_colony", "statue", "remove", "medal",
                                  "correct_effect", "effect_points")} | {
    ("tradewarz", k) for k in ("buy_tech", "raid", "occupier_left")} | {
    ("hexemonia", k) for k in ("play_hex", "play_myth", "strategy", "special", "attack",
                               "correct_add_hex", "correct_hex", "correct_add_myth",
                               "correct_myth", "discard")}


def shipped_kinds() -> list[tuple[str, str]]:
    """Every action kind that is for a player, of every game this server ships."""
    return [(slug, kind) for slug, rules in GAMES.items()
            if package_of(rules) == f"companion.games.{slug}"
            for kind, spec in rules.actions.items() if subject_fields(spec)]


KINDS = shipped_kinds()


def test_the_table_holds_every_game_and_the_kinds_the_review_found():
    assert {slug for slug, _ in KINDS} == set(SETUPS)
    for case in (("tradewarz", "hold_post"), ("tradewarz", "trade"), ("tradewarz", "raid"),
                 ("tradewarz", "form_alliance"), ("hadara", "buy"), ("hadara", "sell"),
                 ("hexemonia", "reveal"), ("tradewarz", "correct_tech"), ("hexemonia", "take")):
        assert case in KINDS


# ------------------------------------------------------------------------------------ helpers

def new_game(app, slug: str, kind: str = ""):
    """A game of ``slug`` at its start, with the steps a tap of ``kind`` needs before it."""
    with app.app_context():
        game = store.create_game(get_game(slug), SETUPS[slug])
        for step, data in BEFORE.get((slug, kind), ()):
            store.record(game.id, step, data)
        return game


def state_before(slug: str, kind: str):
    """The state a tap of ``kind`` is sent on (``new_game``)."""
    rules = get_game(slug)
    steps = BEFORE.get((slug, kind), ())
    return rules.replay(rules.new_game(SETUPS[slug]),
                        [Entry(n, step, data) for n, (step, data) in enumerate(steps, 1)])


def phone(app, token: str, seat: int | None):
    """A phone with the play link, seated at ``seat`` (None: no seat)."""
    client = app.test_client()
    if seat is not None:
        resp = client.post(f"/g/{token}/seat", data={
            "csrf_token": csrf_of(client, f"/g/{token}"), "seat": str(seat)})
        assert resp.status_code == 303
    return client


def seats_of(slug: str, kind: str) -> tuple[int, int, int]:
    """The subject (whoever's turn it is for a turn action), a phone seated as someone else,
    and a third player (another party of the action, an opponent)."""
    turn = get_game(slug).turn_of(state_before(slug, kind), kind)
    subject = turn if turn is not None else 0
    return subject, (subject + 1) % 3, (subject + 2) % 3


def sample(slug: str, kind: str) -> dict[str, str]:
    """A tap of ``kind`` for the subject, its values read off the spec (whether the rules then
    accept it does not matter here: asking must change nothing but the question)."""
    rules = get_game(slug)
    spec, state = rules.spec(kind), state_before(slug, kind)
    subject, _, third = seats_of(slug, kind)
    first = subject_fields(spec)[0]
    values: dict[str, Any] = {}
    for f in spec.fields:
        if f.kind == "player":
            values[f.name] = subject if f.name == first else third
        elif f.kind == "int":
            values[f.name] = f.default if f.default is not None else f.low
        elif f.kind == "choice":
            keys = [c for c, _ in f.choices]
            values[f.name] = f.default if f.default in keys else keys[0]
        elif f.kind == "text":
            values[f.name] = f.default or ("Acropolis" if f.required else "")
    values.update(rules.step_fields(state, kind), **LEGAL.get((slug, kind), {}))
    return {k: str(v) for k, v in values.items()}


def tap(client, token: str, kind: str, values: dict, *, json: bool = False):
    csrf = csrf_of(client, f"/g/{token}")
    if json:
        return client.post(f"/g/{token}/do/{kind}", json=values,
                           headers={**JSON, "X-CSRFToken": csrf})
    return client.post(f"/g/{token}/do/{kind}", data={"csrf_token": csrf, **values})


def rows(app, game) -> list[tuple[str, dict, str]]:
    """The taps a game stored: signed, as every phone here is seated (the steps before are not)."""
    with app.app_context():
        from companion.store.db import Action, session
        return [(r.kind, r.data, r.by) for r in session().query(Action).filter_by(
            game_id=game.id).order_by(Action.seq) if r.by]


def question_form(page: str) -> tuple[str, dict[str, str]]:
    """The question's one form: where it posts and the values it sends."""
    found = re.search(r'<form method="post" action="([^"]+)">(.*?)</form>', page, re.S)
    assert found, "no question form"
    return found.group(1), {k: unescape(v) for k, v in re.findall(
        r'<input type="hidden" name="(\w+)" value="([^"]*)">', found.group(2))}


def said(resp) -> str:
    """The answer's page, its white space as a browser draws it."""
    return as_seen(unescape(resp.get_data(as_text=True)))


# ------------------------------------------------------------ the table: every kind, every game

@pytest.mark.parametrize("slug,kind", KINDS)
def test_a_tap_for_another_player_asks_first_or_is_refused_and_stores_nothing(app, slug, kind):
    game = new_game(app, slug, kind)
    subject, seat, _ = seats_of(slug, kind)
    other = phone(app, game.play_token, seat)
    resp = tap(other, game.play_token, kind, sample(slug, kind))
    spec = get_game(slug).spec(kind)
    if spec.own_phone:
        assert resp.status_code == 422
        assert f"only {NAMES[subject]}'s phone can" in said(resp)
    else:
        assert resp.status_code == 200
        assert f"Record this for {NAMES[subject]}?" in said(resp)
        assert f"this phone is {NAMES[seat]}'s" in said(resp)
    assert rows(app, game) == []


@pytest.mark.parametrize("slug,kind", KINDS)
def test_a_script_tap_for_another_player_is_answered_428_or_refused_and_stores_nothing(
        app, slug, kind):
    game = new_game(app, slug, kind)
    subject, seat, _ = seats_of(slug, kind)
    resp = tap(phone(app, game.play_token, seat), game.play_token, kind, sample(slug, kind),
               json=True)
    body = resp.get_json()
    if get_game(slug).spec(kind).own_phone:
        assert resp.status_code == 422 and body["ok"] is False
        assert body["said"].startswith(f"only {NAMES[subject]}'s phone can")
    else:
        assert resp.status_code == 428 and body["ask"] is True and body["player"] == subject
        assert body["confirm"] == f"/g/{game.play_token}/confirm/{kind}"
        assert body["said"].startswith(f"Record this for {NAMES[subject]}?")
    assert rows(app, game) == []


def outcome(app, game, resp) -> tuple[int, list[tuple[str, dict]], str]:
    """What a tap came to: its status, what was stored (kind, values) and, refused, why."""
    stored = [(kind, data) for kind, data, _ in rows(app, game)]
    why = re.search(r'<div class="alert" role="alert"><b>Not recorded.</b>(.*?)<small',
                    said(resp), re.S) if resp.status_code == 422 else None
    return resp.status_code, stored, why.group(1).strip() if why else ""


@pytest.mark.parametrize("slug,kind", [k for k in KINDS
                                       if not get_game(k[0]).spec(k[1]).own_phone])
def test_confirming_records_it_signed_by_this_phone_as_the_subjects_own_phone_would(
        app, slug, kind):
    values = sample(slug, kind)
    subject, seat, _ = seats_of(slug, kind)
    asked_game, own_game = new_game(app, slug, kind), new_game(app, slug, kind)
    other = phone(app, asked_game.play_token, seat)
    to, sent = question_form(said(tap(other, asked_game.play_token, kind, values)))
    assert to == f"/g/{asked_game.play_token}/do/{kind}" and sent["confirm_for"] == str(subject)
    confirmed = other.post(to, data=sent)
    own = tap(phone(app, own_game.play_token, subject), own_game.play_token, kind, values)
    assert outcome(app, asked_game, confirmed) == outcome(app, own_game, own)
    assert own.status_code == (422 if (slug, kind) in LATER else 303)
    if own.status_code == 303:  # recorded: signed by the phone that tapped it
        assert [by for *_, by in rows(app, asked_game)] == [NAMES[seat]]
        assert [by for *_, by in rows(app, own_game)] == [NAMES[subject]]


@pytest.mark.parametrize("slug,kind", [k for k in KINDS
                                       if get_game(k[0]).spec(k[1]).own_phone])
def test_another_players_secret_cannot_be_confirmed_from_this_phone(app, slug, kind):
    game = new_game(app, slug, kind)
    subject, seat, _ = seats_of(slug, kind)
    other = phone(app, game.play_token, seat)
    values = {**sample(slug, kind), "confirm_for": str(subject)}
    for json in (False, True):
        assert tap(other, game.play_token, kind, values, json=json).status_code == 422
    question = other.post(f"/g/{game.play_token}/confirm/{kind}", data={
        "csrf_token": csrf_of(other, f"/g/{game.play_token}"), **values})
    assert question.status_code == 303 and rows(app, game) == []
    assert f"only {NAMES[subject]}&#39;s phone can" in other.get(
        question.headers["Location"]).get_data(as_text=True)


# ------------------------------------------------------------- the cases the review found

def tradewarz(client, app) -> WebTable:
    return WebTable.create(client, app, "tradewarz", [{"name": n} for n in NAMES],
                           end_mode="years", years="2")


#: the rows a table of ``basalt_marched`` starts with
MARCHED = 2


def basalt_marched(client, app) -> WebTable:
    """A TradeWarz table where Basalt has just marched (Amber took Resources +2 before): a
    trading post is Basalt's to take now (ruling T28)."""
    host = tradewarz(client, app)
    host.do("resources", first="gold")
    host.do("march")
    return host


def seated(app, host: WebTable, seat: int) -> WebTable:
    table = WebTable(app.test_client(), app, host.path)
    table.post("seat", seat=seat)
    return table


def board_form(page: str, seat: int, kind: str) -> tuple[str, dict[str, str]]:
    """The ``kind`` form on the board of ``seat``: where it posts and its hidden values."""
    board = page[page.index(f'id="p{seat}"'):]
    found = re.search(rf'<form method="post" action="([^"]*/{kind})"[^>]*>(.*?)</form>',
                      board, re.S)
    assert found, f"no {kind} form on board {seat}"
    return found.group(1), dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">',
                                           found.group(2)))


def test_a_trading_post_taken_on_basalts_board_from_ambers_phone_asks_first_without_script(
        client, app):
    host = basalt_marched(client, app)
    amber = seated(app, host, 0)
    action, hidden = board_form(amber.asked("hold_post.1"), 1, "hold_post")
    assert action.endswith("/do/hold_post") and hidden["house"] == "1"
    asked = amber.client.post(action, data={**hidden, "post": "2"})
    assert asked.status_code == 200 and host.rows()[MARCHED:] == []  # the question records nothing
    assert "Record this for Basalt?" in said(asked)
    assert "This action is Basalt's, and this phone is Amber's." in said(asked)
    assert "<li>Post: 2</li>" in said(asked)
    to, sent = question_form(asked.get_data(as_text=True))
    assert (sent["house"], sent["post"], sent["confirm_for"]) == ("1", "2", "1")
    assert amber.client.post(to, data=sent).status_code == 303
    assert [(r.kind, r.data, r.by) for r in host.rows()[MARCHED:]] == [
        ("hold_post", {"house": 1, "post": 2}, "Amber")]
    basalt = seated(app, host, 1)  # on its own phone: at once
    action, hidden = board_form(basalt.asked("hold_post.1"), 1, "hold_post")
    assert basalt.client.post(action, data={**hidden, "post": "3"}).status_code == 303
    assert [(r.data["post"], r.by) for r in host.rows()[MARCHED:]] == [(2, "Amber"),
                                                                       (3, "Basalt")]


def test_a_trading_post_taken_on_basalts_board_from_ambers_phone_asks_first_with_script(
        client, app):
    host = basalt_marched(client, app)
    amber = seated(app, host, 0)
    headers = {**JSON, "X-CSRFToken": amber.csrf}
    url = f"{host.path}/do/hold_post"
    asked = amber.client.post(url, json={"house": 1, "post": 2}, headers=headers)
    body = asked.get_json()
    assert asked.status_code == 428 and body["ok"] is False and body["ask"] is True
    assert body["said"] == ("Record this for Basalt? This phone is Amber's: nothing is recorded "
                            "until you confirm.")
    assert (body["player"], body["field"]) == (1, "confirm_for")
    assert host.rows()[MARCHED:] == []
    # the page's script sends the form (URL-encoded) and opens the question it is pointed to
    form = {"csrf_token": amber.csrf, "version": amber.version, "house": "1", "post": "2"}
    assert amber.client.post(url, data=form, headers=JSON).status_code == 428
    page = amber.client.post(body["confirm"], data=form)
    assert page.status_code == 200 and "Record this for Basalt?" in said(page)
    assert host.rows()[MARCHED:] == []
    done = amber.client.post(url, json={"house": 1, "post": 2, "confirm_for": 1},
                             headers=headers)
    assert done.status_code == 200 and done.get_json()["ok"] is True
    assert [(r.kind, r.data, r.by) for r in host.rows()[MARCHED:]] == [
        ("hold_post", {"house": 1, "post": 2}, "Amber")]


HEX = {"fate": 12, "players": [{"name": n, "city": c} for n, c in
                               (("Ana", "athens"), ("Ben", "sparta"), ("Cy", "olympia"))]}


def test_only_anas_phone_can_reveal_anas_acropolis_with_and_without_script(app):
    with app.app_context():
        game = store.create_game(get_game("hexemonia"), HEX)
    token = game.play_token
    ben, cy = phone(app, token, 1), phone(app, token, 2)
    assert "Reveal Ana" not in said(ben.get(f"/g/{token}"))  # not offered on Ben's phone
    refused = tap(ben, token, "reveal", {"player": "0"})
    assert refused.status_code == 422
    assert "only Ana's phone can reveal Ana's Acropolis" in said(refused)
    as_json = tap(ben, token, "reveal", {"player": 0, "confirm_for": 0}, json=True)
    assert as_json.status_code == 422
    assert as_json.get_json()["said"].startswith("only Ana's phone can reveal Ana's Acropolis (")
    # a browser without script: POST, redirect, and the refusal on the game's page once
    page = ben.post(f"/g/{token}/do/reveal", headers={"Sec-Fetch-Mode": "navigate"}, data={
        "csrf_token": csrf_of(ben, f"/g/{token}"), "player": "0"})
    assert page.status_code == 303
    assert "only Ana's phone can reveal Ana's Acropolis" in said(ben.get(page.headers["Location"]))
    assert rows(app, game) == [] and "Athens" not in said(cy.get(f"/g/{token}"))
    ana = phone(app, token, 0)
    assert "Reveal Ana's Acropolis" in said(ana.get(f"/g/{token}"))
    assert tap(ana, token, "reveal", {"player": "0"}).status_code == 303
    assert rows(app, game) == [("reveal", {"player": 0}, "Ana")]
    assert "<b>Athens</b>" in said(cy.get(f"/g/{token}"))


def test_a_phone_with_no_seat_reveals_no_players_secret(app):
    """Nobody's phone is the owner's: a secret is told only from its owner's seated phone."""
    with app.app_context():
        game = store.create_game(get_game("hexemonia"), HEX)
    token, nobody = game.play_token, app.test_client()
    for json in (False, True):
        refused = tap(nobody, token, "reveal", {"player": "0"}, json=json)
        assert refused.status_code == 422
    assert "only Ana's phone can reveal Ana's Acropolis" in said(refused)
    assert rows(app, game) == [] and "Athens" not in said(nobody.get(f"/g/{token}"))


def test_a_phone_with_no_seat_records_for_whoever_its_form_names_at_once(client, app):
    """Seats are not accounts: a phone nobody sits at is the table's (the host's, passed
    round), and records as before seats existed. A watch link records nothing."""
    host = basalt_marched(client, app)
    action, hidden = board_form(host.asked("hold_post.1"), 1, "hold_post")
    assert host.client.post(action, data={**hidden, "post": "2"}).status_code == 303
    assert [(r.kind, r.data, r.by) for r in host.rows()[MARCHED:]] == [
        ("hold_post", {"house": 1, "post": 2}, "")]
    with app.app_context():
        from companion.store.db import Game, session
        watch = session().query(Game).one().watch_token
    watcher = app.test_client()  # (a watch page has no form: the token of the home page)
    resp = watcher.post(f"/g/{watch}/do/hold_post", data={
        "csrf_token": csrf_of(watcher), "house": "1", "post": "3"})
    assert resp.status_code == 403 and len(host.rows()) == MARCHED + 1
