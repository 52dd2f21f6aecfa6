"""A whole two-year TradeWarz game of three houses in Chromium (issue 18, "done when"): three
phones, each its own browser context at phone size and seated as its house, every action tapped
on the phone of the house taking it, the other phones following by polling. It holds a March
that leads to a battle recorded from it, a March that conquers a capital (its owner's Recruit
refused, its yearly income to its occupier: ruling T15), economy techs whose effects show in
the numbers (Generate tax at the end of Spring, Improved building building twice with one
option), settlements built only as far out as the house has marched (ruling T27), both ends
of Spring, and the final score pad: totals, places and the tie-break against the test's own
count (``TradeWarzThreeHouseTable``), the same on every phone and in the score API's answer
to that count."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import shot
from tests.browser.phone import final_score, start_game
from tests.browser.tables import TradeWarzThreeHouseTable, tap_and_load

pytestmark = pytest.mark.browser


def take_seat(page: Page, link: str, seat: int) -> Page:
    """The phone taps "This is me" on the seats page, then opens the game."""
    page.goto(link + "/seats")
    tap_and_load(page, page.locator(f"#seat{seat}").get_by_role("button", name="This is me"))
    page.goto(link)
    expect(page.locator("article.tw-house").first).to_have_attribute("id", f"p{seat}")  # first
    return page


def read_pad(page: Page) -> tuple[dict[str, dict[str, int]], list[str]]:
    """The final score pad as this phone shows it: the lines and the ranking, words as read."""
    pad = final_score(page)
    return pad, [" ".join(t.split()) for t in page.locator(".ranking li").all_inner_texts()]


def test_three_houses_tap_two_years_with_a_march_battle_a_captured_capital_and_economy_techs(
        open_context, live_server):
    table = TradeWarzThreeHouseTable()
    first = open_context("phone").new_page()
    link = start_game(first, live_server.url, table)
    table.phones = [take_seat(first, link, 0)] + [
        take_seat(open_context("phone").new_page(), link, seat) for seat in (1, 2)]

    table.play_to_end(table.phones[0])

    expected, places = table.expected(), table.placings()
    totals = {name: sum(lines.values()) for name, lines in expected.items()}
    assert totals["Amber"] == totals["Basalt"], "the game is built to tie two houses"
    assert any("tie broken by" in line for line in places), places
    last = table.last
    version = last.locator("#game").get_attribute("data-version")
    for page in table.phones:  # the others see the game end by polling, no reload
        expect(page.locator(f'#game[data-version="{version}"]')).to_have_count(1)
        expect(page.locator(".tw-year")).to_contain_text("The game is over")
    for seat, page in enumerate(table.phones):
        pad, shown = read_pad(page)
        for name, lines in expected.items():
            for label, points in lines.items():
                assert pad[name][label] == points, (seat, name, label, pad[name])
            assert pad[name]["Total"] == totals[name], (seat, name, pad[name])
        assert shown == places, (seat, shown, places)
    table.api_agrees(last)  # the score API, sent the same count, ranks it the same way
    shot(last, "phone-tradewarz-two-years-final-score")
