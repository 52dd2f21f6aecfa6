"""Touches a Hexemonia player spends playing hexes, counted at phone size in Chromium (issue 22),
with a known box: the group's first game played a Vineyard, so the second game's phone plays it
again in at most 3 touches (a one-tap choice); a hex nobody entered yet takes at most 8 (its
name typed, its printed type, nature, cost and production tapped as chips).

What counts, as in the Hadara tests: a tap is one touch, a drop-down two, typing one touch and
one keyboard entry."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.phone import Count
from tests.browser.tables import chip, fill_form, seated, tap_and_load

pytestmark = pytest.mark.browser

CITIES = {"Ana": "athens", "Ben": "sparta"}
VINEYARD = {"name": "Vigneto", "kind": "chora", "nature": "economic", "cost_citizens": 1,
            "cost_hoplites": 0, "cost_gold": 0, "produces": "gold", "output": 1, "shield": 0,
            "gear": "none", "pay_from": ""}


def taught_group(live_server) -> str:
    """A group whose first game (kept by the store: not what is counted) counted the Fate
    pile's icons at setup and played a Vineyard; the group's link token."""
    from companion import groups, store
    from companion.games import get_game
    rules = get_game("hexemonia")
    with live_server.app.test_request_context():
        group = groups.create_group("Hellenes")
        setup = {"players": [{"name": n, "city": c} for n, c in CITIES.items()],
                 "icon_3": 20, "icon_4": 19}
        game = store.create_game(rules, setup, box=rules.box_records_of_setup(setup))
        groups.join_game(group, game)
        store.record(game.id, "take", {"player": 0, "hexes": 2})
        store.record(game.id, "play_hex", {"player": 0, **VINEYARD})
        return group.token


def second_game(page: Page, url: str, group: str) -> str:
    page.goto(f"{url}/new/hexemonia?group={group}&players=2")
    form = page.locator("form.setup")
    expect(form.locator('[name="icon_4"]')).to_have_value("19")  # from the box data
    for n, (name, city) in enumerate(CITIES.items()):
        fill_form(form, {f"players-{n}-name": name, f"players-{n}-city": city})
    tap_and_load(page, page.get_by_role("button", name="Start the game"))
    expect(page.locator("#game")).to_have_count(1)
    return page.url


def play_panel(page: Page):
    return page.locator("#p0 details.panel").filter(
        has=page.locator(":scope > summary", has_text=re.compile("^B: play a hex"))).first


def test_a_hex_played_before_takes_3_touches_and_a_new_one_8(open_context, live_server):
    group = taught_group(live_server)
    link = second_game(open_context("phone").new_page(), live_server.url, group)
    ana = seated(open_context("phone"), link, 0)
    expect(ana.locator("#hx-status b").first).to_have_text("Ana")
    take = ana.locator('.steps form[action$="/do/take"]')  # phase A: not counted
    Count(ana).send(take.get_by_role("button", name="A: take 2 hexes"))

    # the Vineyard the group played before: one tap on it
    count = Count(ana)
    panel = count.open(play_panel(ana))
    count.send(panel.get_by_role("button", name="Vigneto · chora, economic · cost 1/0/0"))
    known = count.touches

    # an Olive grove nobody entered yet: its name typed, the rest read off the tile as chips
    count = Count(ana)
    panel = count.open(play_panel(ana))
    form = panel.locator('form[action$="/do/play_hex"]:not(.hx-played)')
    name = form.locator('[name="name"]')
    count.tap(name)
    name.fill("Uliveto")
    count.keyboard += 1
    for field, value in (("kind", "chora"), ("nature", "economic"), ("cost_gold", 1),
                         ("produces", "gold"), ("output", 1)):
        count.tap(chip(form, field, value))
    count.send(form.get_by_role("button", name="Play this hex"))
    unknown = count.touches

    board = ana.locator("#p0")
    expect(board).to_contain_text("Vigneto")
    expect(board).to_contain_text("Uliveto")
    print("touches: known", known, "unknown", unknown, "keyboard", count.keyboard)
    assert known <= 3, known
    assert unknown <= 8, unknown
