"""After a March, a phone without script lands on the battle the March made (issue 49 item 3,
"in view after the march"; the TradeWarz phone review's P2-2): the browser posts the March
chip as a page and is sent back to the game at the battle's own form, under the header bar at
360 px, where it landed on the marching house's board far below it. A step that leads to no
battle still lands on the house's board."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.tables import seated
from tests.browser.test_tradewarz_battle_touches_in_chromium import SMALL, B, in_view, prepared

pytestmark = pytest.mark.browser


def test_a_march_tapped_without_script_lands_on_its_battle_at_360_px(open_context, live_server):
    link = prepared(live_server)
    basalt = seated(open_context("phone", viewport=SMALL, java_script_enabled=False), link, B)
    todo = basalt.locator("#tw-todo")
    with basalt.expect_navigation():
        todo.get_by_role("button", name="on Amber").tap()
    assert basalt.url.endswith("#tw-battle-now"), basalt.url
    battle = basalt.locator("#tw-battle-now")
    expect(battle.locator("h2")).to_have_text("Battle: Basalt marched on Amber")
    in_view(basalt, battle.locator("h2"))
    in_view(basalt, battle.locator("label").filter(
        has=basalt.locator('input[name="attacker_card"]')).first)  # (its first card chip)


def test_resources_tapped_without_script_still_land_on_the_houses_board(open_context,
                                                                        live_server):
    link = prepared(live_server)
    basalt = seated(open_context("phone", viewport=SMALL, java_script_enabled=False), link, B)
    with basalt.expect_navigation():
        basalt.locator("#tw-todo").get_by_role("button", name="2 gold").first.tap()
    assert basalt.url.endswith(f"#p{B}"), basalt.url
