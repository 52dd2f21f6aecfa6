"""Drawn game pages are kept per version (companion/web/pagecache.py). A kept page must never leak
one phone's CSRF token to another, never outlive its version, and never mix seats or languages."""
from __future__ import annotations

import gzip
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
    for kept in app.extensions["page_cache"].pages.values():  # no phone's token is kept
        assert not any(tok in part for part in kept.parts for tok in tokens(first) | tokens(second))
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


def test_a_phone_that_accepts_gzip_gets_the_same_page_compressed_with_its_own_token(app):
    game = new_game(app)
    url = f"/g/{game.play_token}"
    plain_phone, gzip_phone = app.test_client(), app.test_client()
    plain = plain_phone.get(url)
    packed = gzip_phone.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert plain.headers.get("Content-Encoding") is None
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"] and "Accept-Encoding" in plain.headers["Vary"]
    body = packed.get_data()
    html = gzip.decompress(body).decode()  # a valid gzip file: CRC and length checked
    assert len(body) * 3 < len(html)
    own = tokens(html)
    assert len(own) == 1 and own != tokens(plain.get_data(as_text=True))
    assert html.replace(own.pop(), "T") == plain.get_data(as_text=True).replace(
        tokens(plain.get_data(as_text=True)).pop(), "T")
    # The token from the compressed page is the one its session accepts.
    tap = gzip_phone.post(f"{url}/do/correct", data={
        "csrf_token": tokens(html).pop(), "player": 0, "value": "coins", "delta": 1})
    assert tap.status_code == 303


def test_no_gzip_for_a_browser_that_refuses_it(app, client):
    game = new_game(app)
    resp = client.get(f"/g/{game.play_token}", headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert resp.headers.get("Content-Encoding") is None
    assert "<html" in resp.get_data(as_text=True)


def test_two_phones_get_different_tokens_in_their_gzipped_copies_of_one_kept_page(app):
    game = new_game(app)
    url = f"/g/{game.play_token}"
    pages = [gzip.decompress(app.test_client().get(url, headers={
        "Accept-Encoding": "gzip"}).get_data()).decode() for _ in range(2)]
    assert tokens(pages[0]) != tokens(pages[1])
    assert len(app.extensions["page_cache"].pages) == 1


from hypothesis import example, given, settings, strategies as st  # noqa: E402

from companion.web.pagecache import Kept  # noqa: E402

_page_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=300)


@settings(max_examples=200, deadline=None)
@example(parts=["<p>a\x01b</p>", "<p>a\x01b</p>"], token="tok", other="longer-token")
@given(parts=st.lists(_page_text, min_size=1, max_size=8),
       token=st.text(st.sampled_from("abcXYZ019-_."), min_size=1, max_size=120),
       other=st.text(st.sampled_from("abcXYZ019-_."), min_size=1, max_size=120))
def test_a_gzipped_copy_is_exactly_the_page_with_the_readers_token_whatever_the_page(
        parts, token, other):
    kept = Kept(tuple(parts))
    assert gzip.decompress(kept.gzipped(token)).decode() == token.join(parts)
    # A second reader, whose token may be longer or shorter, gets their own.
    assert gzip.decompress(kept.gzipped(other)).decode() == other.join(parts)
