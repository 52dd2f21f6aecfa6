"""Other phones at once, and the table view, in Chromium (issue 22): a tap on one phone reaches
another phone by its version check held on the server, answered when the game moves (how fast:
`make bench`), and a tablet in landscape shows every player's numbers side by side, kept live."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import shot
from tests.browser.phone import sell, start_hadara, version

pytestmark = pytest.mark.browser


def held_on_the_server(live_server, pending: list) -> None:
    """Return once the other phone's check is sent (``pending``) and the server holds one (a
    safety bound, not a measure)."""
    for _ in range(1000):
        if pending and live_server.app.extensions["live"].count >= 1:
            return
        time.sleep(0.01)
    raise AssertionError("no version check held on the server")


def test_a_tap_on_one_phone_reaches_another_phone_by_its_held_check(
        open_context, live_server, monkeypatch):
    waiting = live_server.app.extensions["live"]
    real, woken = waiting.wait, []
    monkeypatch.setattr(waiting, "wait", lambda *args: woken.append(real(*args)) or woken[-1])
    page = open_context("phone").new_page()
    start_hadara(page, live_server.url)
    other = open_context("phone").new_page()
    pending, answers = [], []  # the other phone's version checks: sent, answered
    other.on("request", lambda r: "/v?wait=" in r.url and pending.append(r.url))
    other.on("response", lambda r: "/v?" in r.url and (
        answers.append((r.url, r.status)), r.url in pending and pending.remove(r.url)))
    other.goto(page.url)
    expect(other.locator("#live.on")).to_have_count(1)
    for seat in (0, 1, 0):
        held_on_the_server(live_server, pending)
        before, seen = version(page), len(answers)
        sell(page, seat).tap()
        page.wait_for_selector(f'#game:not([data-version="{before}"])')
        now = version(page)
        other.wait_for_selector(f'#game[data-version="{now}"]', timeout=5000)
        # the check it held was answered with the new version (not at its wait's end: None)
        assert int(now) in woken, (now, woken)
        assert [status for url, status in answers[seen:] if "?wait=" in url] == [200], answers


def test_table_view_shows_every_player_side_by_side_and_follows_the_game(
        open_context, live_server):
    phone = open_context("phone").new_page()
    start_hadara(phone, live_server.url)
    tablet = open_context("tablet").new_page()
    tablet.goto(phone.url + "/board-view")
    boards = tablet.locator(".table-view .board")
    expect(boards).to_have_count(2)
    first, second = boards.nth(0).bounding_box(), boards.nth(1).bounding_box()
    assert abs(first["y"] - second["y"]) < 1 and second["x"] > first["x"], "not side by side"
    assert tablet.locator("form").count() == 0  # read-only
    before = version(phone)
    sell(phone, 0).tap()
    phone.wait_for_selector(f'#game:not([data-version="{before}"])')
    expect(tablet.locator(f'#game[data-version="{version(phone)}"]')).to_have_count(1)
    shot(tablet, "table-view", doc=True)
