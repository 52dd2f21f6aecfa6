"""Drawn game pages are kept per version (companion/web/pagecache.py). A kept page must never leak
one phone's CSRF token to another, never outlive its version, and never mix seats or languages."""
from __future__ import annotations

import re

from companion import store
from companion.games import get_game
from tests.conftest import CSRF
from tests.table_helpers import sample_setup

VERSION = re.compile(r'id="game" data-version="(\d+)"')


def new_game(app):
    with app.app_context():
        return store.create_game(get_game("hadara"), sample_setup(get_game("hadara")))


def tokens(html: str) -> set[str]:
    return set(CSRF.findall(html))


def test_each_phone_gets_its_own_csrf_token_in_a_kept_page(app):
    game = new_game(app)
    one, two = app.test_client(), app.test_client()
    first = one.get(f"/g/{game.play_token}").get_data(as_text=True)
    second = two.get(f"/g/{game.play_token}").get_data(as_text=True)  # from the cache
    assert len(tokens(first)) == 1 and len(tokens(second)) == 1
    assert tokens(first) != tokens(second)
    assert app.extensions["page_cache"].stand_in not in second
    # The second phone's token from the kept page is accepted for its own tap.
    tap = two.post(f"/g/{game.play_token}/do/correct", data={
        "csrf_token": tokens(second).pop(), "player": 0, "value": "coins", "delta": 1})
    assert tap.status_code == 303


def test_a_kept_page_is_never_shown_after_the_game_changed(app, client):
    game = new_game(app)
    page = client.get(f"/g/{game.play_token}").get_data(as_text=True)
    assert VERSION.search(page).group(1) == "0"
    with app.app_context():
        store.record(game.id, "correct", {"player": 0, "value": "coins", "delta": 4})
    again = client.get(f"/g/{game.play_token}").get_data(as_text=True)
    assert VERSION.search(again).group(1) == "1"
    assert "Correction" in again


def test_kept_pages_differ_by_seat_language_and_link(app, client):
    game = new_game(app)
    url = f"/g/{game.play_token}"
    plain = client.get(url).get_data(as_text=True)
    client.post(f"{url}/seat", data={"csrf_token": tokens(plain).pop(), "seat": "1"})
    seated = client.get(url).get_data(as_text=True)
    assert 'value="1" selected' in seated and 'value="1" selected' not in plain
    watch = client.get(f"/g/{game.watch_token}").get_data(as_text=True)
    assert "Watching" in watch and "Watching" not in seated
    italian = client.get(url, headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert '<html lang="it">' in italian and '<html lang="en">' in seated
    assert len(app.extensions["page_cache"].pages) == 4
