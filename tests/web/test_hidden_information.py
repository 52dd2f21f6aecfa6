"""Hidden information stays hidden (issue 14, point 11): a Hexemonia Acropolis drawn face down and
a TradeWarz house's battle cards reach their owner's phone only, on its play link. The watch
link's pages and export.json (even on the owner's phone), another seat's pages and exports, and
the history never carry them (the raw text is searched for the hidden values); the owner's seat
sees and exports its own. An export that left
something out is refused on import; once nothing is hidden any more it moves the game whole."""
from __future__ import annotations

import io
import re
from dataclasses import replace

from sqlalchemy import select

from companion import store
from companion.games import get_game
from companion.games.core import Entry
from companion.store.db import Action, Game
from tests.table_helpers import csrf_of

from .table import CITIES, made

# Olympia is also named by ruling H1's text on play pages: the pages are searched for these two
SHOWN = {"athens": "Athens", "sparta": "Sparta"}
CITY_IN_JSON = re.compile(r'"city":\s*"(\w+)"')
CARDS = ("1/3/2", "2/2/2", "3/1/3", "4/0/2", "1/2/4", "2/4/0")
PAGES = ("", "/history", "/score", "/table")


def seated(app, token: str, seat: int | None):
    """A phone with the play link, sitting at ``seat`` (None: nobody in particular)."""
    phone = app.test_client()
    if seat is not None:
        csrf = csrf_of(phone, f"/g/{token}")
        phone.post(f"/g/{token}/seat", data={"csrf_token": csrf, "seat": str(seat)})
    return phone


def seen(phone, token: str, pages=PAGES) -> str:
    """Everything a phone gets from a link: its pages and its export, as raw text."""
    out = []
    for page in pages:
        resp = phone.get(f"/g/{token}{page}")
        assert resp.status_code == 200, (page, resp.status_code)
        out.append(resp.get_data(as_text=True))
    return "\n".join(out)


def import_(app, body: bytes):
    phone = app.test_client()
    data = {"csrf_token": csrf_of(phone), "file": (io.BytesIO(body), "game.json")}
    return phone.post("/import", data=data, content_type="multipart/form-data")


def count(app) -> tuple[int, int]:
    with app.app_context():
        s = store.session()
        return len(s.scalars(select(Game)).all()), len(s.scalars(select(Action)).all())


# --------------------------------------------------------------------------------- Hexemonia

def test_a_face_down_acropolis_reaches_only_its_owners_phone_and_export(app):
    game = made(app, "hexemonia", {"fate": 12, "players": CITIES})
    play, watch = game.play_token, game.watch_token
    ana, ben, host = seated(app, play, 0), seated(app, play, 1), seated(app, play, None)
    watcher = app.test_client()
    for phone, token, own in ((ana, play, "athens"), (ben, play, "sparta"), (host, play, None),
                              (watcher, watch, None)):
        text = seen(phone, token)
        for city, word in SHOWN.items():
            assert (word in text) == (city == own), (own, word)
        export = phone.get(f"/g/{token}/export.json").get_data(as_text=True)
        assert set(CITY_IN_JSON.findall(export)) == ({own} if own else set())
        for seat, city in enumerate(c["city"] for c in CITIES):
            assert (city in export) == (city == own)
            assert (f"setup.players[{seat}].city" in export) == (city != own)


def test_the_watch_link_shows_no_secret_even_on_the_owners_phone(app):
    """A watch link may be on a screen the whole room sees (the host's laptop on the TV)."""
    game = made(app, "hexemonia", {"fate": 12, "players": CITIES})
    ana = seated(app, game.play_token, 0)
    assert "Athens" in seen(ana, game.play_token, ("",))
    text = seen(ana, game.watch_token, PAGES + ("/export.json",))
    assert "Athens" not in text and not CITY_IN_JSON.findall(text)


def test_an_export_missing_a_hidden_acropolis_is_refused_and_a_revealed_game_moves_whole(app):
    game = made(app, "hexemonia", {"fate": 12, "players": CITIES})
    ana = seated(app, game.play_token, 0)
    before = count(app)
    refused = import_(app, ana.get(f"/g/{game.play_token}/export.json").get_data())
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "hidden information" in page
    assert "setup.players[1].city" in page and count(app) == before
    for seat in range(3):  # every Acropolis face up (each from its own phone): nothing is hidden
        owner = ana if seat == 0 else seated(app, game.play_token, seat)
        csrf = csrf_of(owner, f"/g/{game.play_token}")
        assert owner.post(f"/g/{game.play_token}/do/reveal",
                          data={"csrf_token": csrf, "player": str(seat)}).status_code == 303
    history = seen(ana, game.watch_token, ("/history",))
    assert "reveals their Acropolis" in history and not any(w in history for w in SHOWN.values())
    export = app.test_client().get(f"/g/{game.watch_token}/export.json")
    assert set(CITY_IN_JSON.findall(export.get_data(as_text=True))) == {"athens", "sparta",
                                                                         "olympia"}
    moved = import_(app, export.get_data())
    assert moved.status_code == 303
    with app.app_context():
        copy, _ = store.find_game(moved.headers["Location"].rsplit("/", 1)[-1])
        assert [p.city for p in store.state_of(copy).players] == ["athens", "sparta", "olympia"]


def test_two_player_hexemonia_hides_nothing(app):
    rules = get_game("hexemonia")
    state = rules.new_game({"fate": 12, "players": CITIES[:2]})
    assert rules.secrets({}, [], state) == ()
    three = rules.new_game({"fate": 12, "players": CITIES})
    assert [s.seat for s in rules.secrets({}, [], three)] == [0, 1, 2]
    assert rules.secrets({}, [], replace(three, over=True)) == ()


# --------------------------------------------------------------------------------- TradeWarz

def test_a_recorded_battle_deck_reaches_only_its_houses_phone_and_export(app):
    game = made(app, "tradewarz", {"players": [{"name": "Ana"}, {"name": "Ben"}]})
    play, watch = game.play_token, game.watch_token
    ben = seated(app, play, 1)
    csrf = csrf_of(ben, f"/g/{play}")
    assert ben.post(f"/g/{play}/do/record_deck", data={
        "csrf_token": csrf, "house": "1", "cards": ", ".join(CARDS)}).status_code == 303
    pages = PAGES + ("/tradewarz/battle", "/export.json")
    mine = seen(ben, play, pages)
    assert all(card in mine for card in CARDS)
    for phone, token in ((seated(app, play, 0), play), (seated(app, play, None), play),
                         (app.test_client(), watch)):
        text = seen(phone, token, pages)
        assert not [card for card in CARDS if card in text]
        assert '"hidden":["actions[0].data.cards"]' in text.replace(" ", "").replace("\n", "")


def test_a_houses_own_export_moves_its_deck_and_another_seats_is_refused(app):
    game = made(app, "tradewarz", {"players": [{"name": "Ana"}, {"name": "Ben"}]})
    ben = seated(app, game.play_token, 1)
    csrf = csrf_of(ben, f"/g/{game.play_token}")
    ben.post(f"/g/{game.play_token}/do/record_deck", data={
        "csrf_token": csrf, "house": "1", "cards": ", ".join(CARDS)})
    before = count(app)
    other = seated(app, game.play_token, 0).get(f"/g/{game.play_token}/export.json")
    refused = import_(app, other.get_data())
    assert refused.status_code == 422 and "actions[0].data.cards" in refused.get_data(as_text=True)
    assert count(app) == before
    moved = import_(app, ben.get(f"/g/{game.play_token}/export.json").get_data())
    assert moved.status_code == 303
    with app.app_context():
        copy, _ = store.find_game(moved.headers["Location"].rsplit("/", 1)[-1])
        assert store.state_of(copy).houses[1].deck == tuple(
            tuple(int(n) for n in card.split("/")) for card in CARDS)


def test_battle_decks_are_no_secret_once_the_game_is_over():
    rules = get_game("tradewarz")
    state = rules.new_game({"players": [{"name": "Ana"}, {"name": "Ben"}]})
    log = [Entry(1, "record_deck", {"house": 1, "cards": ", ".join(CARDS)})]
    assert [(s.seat, s.seq, s.path) for s in rules.secrets({}, log, state)] == [(1, 1, ("cards",))]
    assert rules.secrets({}, log, replace(state, phase="over")) == ()


def test_hadara_records_nothing_hidden():
    rules = get_game("hadara")
    assert rules.secrets({}, [], None) == ()
