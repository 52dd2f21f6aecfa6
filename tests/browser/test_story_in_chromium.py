"""How the game went, in Chromium at a phone's size: the story chart on the score pad (one line
per player, the standing now at each line's end) in each language, and the table view's chart
following a tap."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import shot
from tests.browser.tables import HadaraTable, act, tap_and_load

pytestmark = pytest.mark.browser

HEADING = {"en": "How the game went", "it": "Com'è andata la partita", "zh": "对局走势"}


def start(page: Page, base: str) -> None:
    page.goto(base + "/new/hadara")
    HadaraTable().fill_setup(page)
    tap_and_load(page, page.locator("main form button.big"))  # "Start the game", any language
    expect(page.locator("#game")).to_be_visible()


def sell(page: Page, seat: int) -> None:
    act(page, page.locator(f"#p{seat} form[action$='/do/sell'] button"))


def last_values(page: Page) -> list[str]:
    return page.locator("#story svg.story text.last").all_text_contents()


@pytest.mark.parametrize("lang", sorted(HEADING))
def test_score_pad_shows_the_story_chart_with_a_line_per_player_in_each_language(
        open_context, live_server, lang):
    page = open_context("phone").new_page()
    page.goto(live_server.url + f"/lang/{lang}")
    start(page, live_server.url)
    for _ in range(2):  # two rounds of phase A, every card sold for 2 coins
        sell(page, 0)
        sell(page, 1)
    game = page.url
    page.goto(game + "/score")
    story = page.locator("#story")
    expect(story.locator("h2")).to_have_text(HEADING[lang])
    chart = story.locator("svg.story")
    expect(chart.locator("polyline.series")).to_have_count(2)
    # Ana: 10 + 4 = 14 coins, 2 points; Ben: 10 + 1 (never first but in epoch II) + 4 = 15, 3
    assert last_values(page) == ["2", "3"]
    assert page.locator(".pad tr.total td").all_inner_texts() == ["2", "3"]
    box = chart.bounding_box()
    assert box["width"] <= 390 and box["x"] >= 0, "the chart is wider than the phone"
    expect(story.locator("table.story-numbers tbody tr")).to_have_count(2)
    shot(page, f"story-{lang}")


def test_table_view_story_chart_follows_a_tap(open_context, live_server):
    phone = open_context("phone").new_page()
    start(phone, live_server.url)
    sell(phone, 0)
    sell(phone, 1)
    tablet = open_context("tablet").new_page()
    tablet.goto(phone.url + "/board-view")
    expect(tablet.locator("#story svg.story polyline.series")).to_have_count(2)
    assert last_values(tablet) == ["2", "2"]  # Ana 12 coins, Ben 13
    sell(phone, 0)
    sell(phone, 1)
    sell(phone, 0)  # Ana 16 coins: 3 points
    expect(tablet.locator('#story text.last[data-player="0"]')).to_have_text("3")
    expect(tablet.locator('#story text.last[data-player="1"]')).to_have_text("3")
