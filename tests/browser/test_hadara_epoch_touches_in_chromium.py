"""A whole Hadara epoch for one player in at most 40 touches and 5 keyboard entries (issue 22),
counted at phone size in Chromium, with a known box: the group's first game taught the cards,
a colony and a statue space, so the second game's phones pick them.

Ana's phone is counted through all of epoch I as her table plays it, and it also does every
step the whole table shares (setting the wheel, paying income, closing each step): the most one
phone can be asked to do in an epoch. Phase A: the wheel, five rounds (two known cards bought,
three sold); income; a known colony; a known statue; phase B: five face-up cards in turn (one
known card bought, four sold); income; the colony, statue, feeding and medal steps closed. Ben's
phone does Ben's part (not counted).

What counts, as in the setup test: a tap on a field, a button, a chip or a summary is one touch;
choosing from a drop-down list is two (opening it, picking); typing is one touch plus one
keyboard entry, counted apart. A panel a refreshed page kept open is not tapped again.

The rules' turns cost Ana nothing more, so the budget stays 40: she is the first player, so she
takes her colony first, in turn (H4-5), and no one need tap "Take no colony" before her; a phase
B sale names its face-up card's colour (H4-6), with one button a pile, so it is one touch."""
from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import DOC_SHOTS, shot
from tests.browser.phone import Count, face_up_sale
from tests.browser.tables import chip, close_button, seated, tap_and_load

pytestmark = pytest.mark.browser

SEATS = {"Ana": dict(initiative=1, coins=12, income=2, military=1, culture=1, food=3),
         "Ben": dict(initiative=2, coins=12, income=2, military=1, culture=1, food=3)}
#: the cards the group's first game bought in epoch I (colour, cost, tracks, points)
BLUE = dict(colour="blue", cost=4, culture=2, points=2)
GREEN = dict(colour="green", cost=2, food=1, points=1)
YELLOW = dict(colour="yellow", cost=3, income=1, points=1)
COLONY = dict(requirement=1, points=3, choice="plunder", coins=2)
STATUE = dict(statue=1, requirement=2, points=4, tile_track="culture", tile_side="up",
              tile_value=1)


def taught_group(live_server) -> str:
    """A group whose first game (kept by the store: not what is counted) bought three epoch I
    cards, took a colony and carved a statue; the group's link token."""
    from companion import groups, store
    from companion.games import get_game
    rules = get_game("hadara")
    with live_server.app.test_request_context():
        group = groups.create_group("Family")
        setup = {"players": [{"name": n, "side": "A", **v} for n, v in SEATS.items()]}
        game = store.create_game(rules, setup, box=rules.box_records_of_setup(setup))
        groups.join_game(group, game)
        for n, card in enumerate((BLUE, GREEN, YELLOW), start=1):
            store.record(game.id, "buy", {"player": 0, "round": n, **card})
            store.record(game.id, "sell", {"player": 1, "round": n})
        for n in (4, 5):
            for player in (0, 1):
                store.record(game.id, "sell", {"player": player, "round": n})
        store.record(game.id, "next", {})
        store.record(game.id, "income", {})
        store.record(game.id, "colony", {"player": 0, **COLONY})
        store.record(game.id, "next", {"anyway": True})
        store.record(game.id, "statue", {"player": 0, **STATUE})
        return group.token


def second_game(page: Page, url: str, group: str) -> str:
    """The group's next game, set up on Ana's phone (setup touches are counted elsewhere)."""
    page.goto(f"{url}/new/hadara?group={group}")
    for n, name in enumerate(SEATS):
        page.locator(f'form.setup [name="players-{n}-name"]').fill(name)
        chip(page.locator("form.setup"), f"players-{n}-initiative",
             SEATS[name]["initiative"]).tap()
    tap_and_load(page, page.get_by_role("button", name="Start the game"))
    expect(page.locator("#game")).to_have_count(1)
    return page.url


def panel(page: Page, scope: str, label: str) -> Locator:
    return page.locator(f"{scope} details.panel").filter(
        has=page.locator(":scope > summary", has_text=re.compile("^" + re.escape(label))))


def close_step(count: Count) -> None:
    """Close the step the table is at: one button naming the step once the rules would take
    it (when someone has not acted, it closes it anyway), else its panel opened first."""
    count.send(close_button(count.page, count.open))


def set_wheel(count: Count) -> None:
    """Ana's icon at the blue deck, Ben's at red."""
    wheel = count.open(panel(count.page, ".steps", "Set the wheel"))
    for seat, colour in (("seat1", "blue"), ("seat2", "red")):  # colour chips: one tap each
        count.tap(chip(wheel, seat, colour))
    count.send(wheel.get_by_role("button", name="Set the wheel"))


def doc_shot(page: Page, top: Locator, name: str) -> None:
    """A screenshot for humans; with UPDATE_DOC_SCREENSHOTS=1 also the README's, of the phone's
    screen with ``top`` just under the header (after the full-page one, which moves the page)."""
    shot(page, name)
    if os.environ.get("UPDATE_DOC_SCREENSHOTS") == "1":
        top.evaluate("""e => window.scrollTo({behavior: "instant", top:
            e.getBoundingClientRect().top + window.scrollY
            - document.querySelector("header.bar").offsetHeight - 8})""")
        page.screenshot(path=str(DOC_SHOTS / f"{name}.png"), scale="css")


def buy_known(count: Count, words: str, shot_name: str = "") -> None:
    buy = count.open(panel(count.page, "#actions", "Buy a card"))
    card = buy.get_by_role("button", name=words)
    if shot_name:
        doc_shot(count.page, buy, shot_name)
    count.send(card)


def sell(count: Count, seat: int = 0, *, face_up: bool = False) -> None:
    """Phase A: "Sell a card"; phase B (``face_up``): the sale names its face-up card's colour
    (H4-6), one button a pile, so it is one touch too (``face_up_sale``)."""
    page = count.page
    count.send(face_up_sale(page, seat) if face_up
               else page.locator(f"#p{seat}").get_by_role("button", name="Sell a card"))


def ben_sells(ben: Page, ana: Page, *, face_up: bool = False) -> None:
    """Ben sells on his own phone; Ana's phone shows it by itself (the version poll)."""
    seen = ana.locator("#game").get_attribute("data-version")
    sell(Count(ben), 1, face_up=face_up)
    expect(ana.locator(f'#game:not([data-version="{seen}"])')).to_have_count(1)


def test_a_whole_hadara_epoch_for_one_player_takes_40_touches_and_5_keyboard_entries(
        open_context, live_server):
    group = taught_group(live_server)
    link = second_game(open_context("phone").new_page(), live_server.url, group)
    ana = seated(open_context("phone"), link, 0)
    ben = seated(open_context("phone"), link, 1)
    ana.clock.install()  # (time flows as usual; a tap moves it on a moment first)
    count = Count(ana, paced=True)

    # phase A: the wheel, then five rounds (the wheel turns: blue, green, purple, yellow, red)
    set_wheel(count)
    for rnd in range(1, 6):
        if rnd == 1:
            buy_known(count, "Blue · cost 4 · culture 2 · 2 pts")
        elif rnd == 2:
            buy_known(count, "Green · cost 2 · food 1 · 1 pts")
        else:
            sell(count)
        ben_sells(ben, ana)
    close_step(count)
    count.send(ana.locator(".steps").get_by_role("button", name="Pay income to everyone"))
    colony = count.open(panel(ana, "#actions", "Take a colony"))
    count.send(colony.get_by_role("button", name="Military 1 · 3 pts · plunder: +2 coins"))
    close_step(count)
    statue = count.open(panel(ana, "#actions", "Carve a statue"))
    count.tap(chip(statue, "tile_track", "culture"))  # its side: face up, as the chip starts
    count.send(statue.get_by_role("button", name="Space 1 · culture 2 · 4 pts · tile 1"))
    close_step(count)

    # phase B: Ana is first; five face-up cards each, in turn
    expect(ana.locator(".guide h1")).to_contain_text("phase B")
    for pick in range(5):
        if pick == 0:
            buy_known(count, "Yellow · cost 3 · income 1 · 1 pts", "phone-hadara-known-cards")
        else:
            sell(count, face_up=True)
        ben_sells(ben, ana, face_up=True)
    close_step(count)
    count.send(ana.locator(".steps").get_by_role("button", name="Pay income to everyone"))
    for _ in ("colony", "statue", "feed", "medals"):
        close_step(count)
    expect(ana.locator(".guide h1")).to_contain_text("Epoch II")

    p = ana.locator("#p0")
    expect(p.locator(".cards")).to_contain_text("3 cards, 4 pts")
    expect(p.locator(".num.culture b")).to_have_text("4")  # 1 + blue 2 + the statue's tile 1
    print(f"\nepoch I: {count.touches} touches, {count.keyboard} typed")
    assert count.keyboard <= 5, count.keyboard
    assert count.touches <= 40, count.touches
