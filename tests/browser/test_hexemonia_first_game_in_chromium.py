"""A first game of Hexemonia on a fresh server with no group (issue 39), counted in Chromium at
phone size (390×844, and Cy's phone at 360×780): the host sets up 3 players without counting a
tile, each player enters their own Acropolis on their own phone (hidden from the others), a
turn takes at most 6 touches and a war at most 4 with no keyboard (issue 49: A, B, C, D and the
end at the top of the player's page, a known hex one tap from its filled form), and every answer
opens where the eye is. What counts: a tap is one touch; typing one touch and one keyboard entry."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.phone import Count
from tests.browser.tables import chip, seated, tap_and_load

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Ben", "Cy")
CITIES = ("athens", "sparta", "olympia")
SMALL = {"viewport": {"width": 360, "height": 780}}


def in_view(page: Page, selector: str) -> bool:
    """Whether the element's top is on screen below the sticky header, as the page loaded."""
    return page.locator(selector).evaluate(
        """e => { const r = e.getBoundingClientRect();
                  const bar = document.querySelector('header.bar').getBoundingClientRect();
                  return r.top >= bar.bottom - 1 && r.top < window.innerHeight; }""")


def set_up(page: Page, url: str) -> tuple[str, Count]:
    """The host: "How many players?" 3, three names typed, start. No tile counted, no city."""
    page.goto(url + "/new/hexemonia")
    count = Count(page)
    count.load(page.locator("nav.count").get_by_role("link", name="3", exact=True))
    form = page.locator("form.setup")
    expect(form.locator('[name="revolts"]')).to_have_count(0)  # 3 players: always revolts
    for i, name in enumerate(NAMES):
        count.type(form.locator(f'[name="players-{i}-name"]'), name)
    count.load(page.get_by_role("button", name="Start the game"))
    expect(page.locator("#game")).to_have_count(1)
    expect(page.locator("#hx-status")).to_contain_text("Fate pile: not counted")
    return page.url, count


def enter_city(page: Page, seat: int, city: str) -> int:
    count = Count(page)
    form = page.locator("#hx-enter")
    count.tap(chip(form, "city", city))
    count.send(form.get_by_role("button", name="Enter my Acropolis"))
    expect(page.locator(f"#p{seat} .hx-acropolis b").first).to_have_text(city.title())
    return count.touches


def test_a_first_game_sets_up_with_own_cities_a_turn_in_6_touches_and_a_war_in_4(
        open_context, live_server):
    host = open_context("phone").new_page()
    link, setup = set_up(host, live_server.url)
    phones = [seated(open_context("phone"), link, 0), seated(open_context("phone"), link, 1),
              seated(open_context("phone", **SMALL), link, 2)]
    ana, ben, cy = phones

    # each player enters the Acropolis they drew on their own phone; nobody else sees it
    entered = [enter_city(p, i, c) for i, (p, c) in enumerate(zip(phones, CITIES))]
    assert entered == [2, 2, 2], entered
    for page in (ben, cy, host):
        page.reload()
        expect(page.locator("#p0 .hx-acropolis")).to_contain_text("hidden")
        expect(page.locator("#p0 .hx-acropolis")).not_to_contain_text("Athens")
    expect(host.locator("#hx-enter")).to_have_count(0)

    # Ana's turn at the top of her page, one step after the other: A, B (a hex from the known
    # list there, which opens the play form filled in), C (production), D, end
    ana.reload()
    turn = Count(ana)
    steps = ana.locator(".steps")
    turn.send(steps.get_by_role("button", name="A: 1 hex + 1 hoplite"))
    turn.load(steps.locator(".hx-names").get_by_role("link", name="Palestra"))
    assert in_view(ana, "#hx-play-form")  # the filled form, not the top of the page
    turn.send(ana.locator("#hx-play-form").get_by_role("button", name="Play this hex"))
    turn.send(steps.get_by_role("button", name=re.compile("^C: production")))
    turn.send(steps.get_by_role("button", name="D: apply the political check"))
    turn.send(steps.get_by_role("button", name="End the turn"))
    expect(ana.locator("#p0 table.hx-city")).to_contain_text("Palestra")
    assert turn.touches <= 6 and turn.keyboard == 0, (turn.touches, turn.keyboard)

    # Ben's war on Ana's Palestra (1 citizen and 1 hoplite on it: 4 units win)
    ben.reload()
    Count(ben).send(ben.locator(".steps").get_by_role("button", name="A: 1 hex + 1 hoplite"))
    war = Count(ben)
    panel = war.open(ben.locator("#hx-war"))
    war.tap(chip(panel.locator("form.hx-calc"), "hex", "0:Palestra"))
    war.load(panel.get_by_role("button", name="Work it out"))
    assert in_view(ben, "#hx-answer")  # the answer where the eye is
    expect(ben.locator("#hx-calc-result")).to_contain_text("so 4 units win")
    war.send(ben.locator("#hx-answer").get_by_role("button", name=re.compile("^Attack with")))
    expect(ben.locator("#p1 table.hx-city")).to_contain_text("Palestra")
    assert war.touches <= 4 and war.keyboard == 0, (war.touches, war.keyboard)

    # on Cy's 360 px phone the hex table's State column is on screen
    cy.reload()
    state = cy.locator("#p1 table.hx-city thead th").nth(1)
    expect(state).to_have_text("State")
    box = state.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    print("setup", setup.touches, setup.keyboard, "cities", entered, "turn", turn.touches,
          "war", war.touches, war.keyboard)


def test_d_before_b_and_c_asks_first_and_records_nothing_until_answered(open_context,
                                                                       live_server):
    host = open_context("phone").new_page()
    link, _ = set_up(host, live_server.url)
    ana = seated(open_context("phone"), link, 0)
    Count(ana).send(ana.locator(".steps").get_by_role("button", name="A: take 2 hexes"))
    expect(ana.locator(".steps").get_by_role("button", name=re.compile("^D:"))).to_have_count(0)
    panel = ana.locator("#p0 details.hx-skip")
    panel.locator("summary").tap()
    expect(panel).to_contain_text("End the turn without B and C?")
    Count(ana).send(panel.get_by_role("button", name="D: apply the political check anyway"))
    expect(ana.locator(".steps").get_by_role("button", name="End the turn")).to_have_count(1)
    tap_and_load(ana, ana.locator("header.bar").get_by_role("link", name="History"))
    expect(ana.locator("main")).to_contain_text("Ana makes the political check")
