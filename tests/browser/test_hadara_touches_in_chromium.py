"""Touches a Hadara player spends on cards, counted at phone size in Chromium (issue 22): buying
a card the box data knows takes at most 3 touches, an unknown one at most 8 (small numbers are
chips, the wheel's colour is chosen for a seated phone: no keyboard), selling 1."""
from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.phone import Count
from tests.browser.tables import chip, fill_form, seated, tap_and_load

pytestmark = pytest.mark.browser


SEATS = {"Ana": dict(initiative=31, coins=12, income=2, military=1, culture=1, food=2),
         "Ben": dict(initiative=32, coins=12, income=2, military=1, culture=1, food=2)}


def new_table(page: Page, url: str) -> str:
    page.goto(url + "/new/hadara")
    for n, (name, values) in enumerate(SEATS.items()):
        fill_form(page.locator("form.setup"), {f"players-{n}-name": name, **{
            f"players-{n}-{key}": value for key, value in values.items()}})
    tap_and_load(page, page.get_by_role("button", name="Start the game"))
    return page.url


def set_wheel(page: Page) -> None:
    """Ana's icon at the blue deck, Ben's at red: in round 2 the wheel points Ben at blue."""
    panel = page.locator(".steps details.panel").filter(
        has=page.locator("summary", has_text="Set the wheel"))
    if not panel.evaluate("d => d.open"):
        panel.locator("summary").tap()
    chip(panel, "seat1", "blue").tap()
    chip(panel, "seat2", "red").tap()
    Count(page).send(panel.get_by_role("button", name="Set the wheel"))


def buy_panel(page: Page) -> Locator:
    return page.locator("#actions details.panel").filter(
        has=page.locator("summary", has_text="Buy a card"))


def test_buying_a_known_card_takes_3_touches_an_unknown_one_8_and_selling_1(open_context,
                                                                          live_server):
    ana = seated(open_context("phone"), new_table(open_context("phone").new_page(),
                                                  live_server.url), 0)
    link = ana.url
    ben = seated(open_context("phone"), link, 1)
    set_wheel(ana)
    ana.reload()

    # round 1: Ana's card is not in the box data yet: its printed values are tapped as chips
    touches = Count(ana)
    panel = buy_panel(ana)
    touches.tap(panel.locator(":scope > summary"))
    other = panel.locator("details.other")
    if other.count():  # cards known from an earlier table on this server
        touches.tap(other.locator("summary"))
    expect(panel.locator('input[name="colour"][value="blue"]')).to_be_checked()  # the wheel's
    for name, value in (("cost", 4), ("culture", 2), ("food", 1), ("points", 2)):
        touches.tap(chip(panel, name, value))
    touches.send(panel.get_by_role("button", name="Buy a card", exact=True))
    assert touches.touches <= 8, touches.touches
    card = ana.locator("#p0 .cards")
    expect(card).to_contain_text("1 card, 2 pts")

    # round 1: Ben sells the card he drew: one touch on his own board
    ben.reload()
    touches = Count(ben)
    touches.send(ben.locator("#p1").get_by_role("button", name="Sell a card"))
    assert touches.touches == 1

    # round 2: the wheel points Ben at blue; Ana's card is offered to him as one tap
    touches = Count(ben)
    panel = buy_panel(ben)
    touches.tap(panel.locator(":scope > summary"))
    known = panel.get_by_role("button", name="Blue · cost 4 · culture 2 and food 1 · 2 pts")
    expect(known).to_be_visible()
    touches.send(known)
    assert touches.touches <= 3, touches.touches
    expect(ben.locator("#p1 .cards")).to_contain_text("1 card, 2 pts")
    expect(ben.locator("#p1 .num.culture b")).to_have_text("3")  # 1 + the card's 2
