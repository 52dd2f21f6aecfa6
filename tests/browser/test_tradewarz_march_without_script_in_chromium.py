"""After a March, a phone without script lands on the battle the March made (issue 49 item 3,
"in view after the march"; the TradeWarz phone review's P2-2): the browser posts the March
chip as a page and is sent back to the game at the battle's own form, under the header bar at
360 px, where it landed on the marching house's board far below it. A step that leads to no
battle still lands on the house's board."""
from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.tables import seated

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 780}
A, B = 0, 1


def prepared(live_server) -> str:
    """A two-house game where Amber built a settlement: Basalt's turn."""
    from companion import store
    from companion.games import get_game
    rules = get_game("tradewarz")
    setup = {"players": [{"name": "Amber", "colour": "yellow"}, {"name": "Basalt",
                                                                 "colour": "red"}],
             "end_mode": "years", "years": 2, "cost_settlement": "1 lumber + 1 wheat"}
    with live_server.app.test_request_context():
        game = store.create_game(rules, setup, box=rules.box_records_of_setup(setup))
        store.record(game.id, "build", {"house": A, "what": "settlement", "silo_wheat": 1})
        return f"{live_server.url}/g/{game.play_token}"


def in_view(page: Page, target: Locator) -> None:
    """``target`` is on the screen below the sticky header bar: tapped with no scroll."""
    expect(target).to_be_visible()
    top, bottom, bar, height = target.evaluate("""e => [e.getBoundingClientRect().top,
        e.getBoundingClientRect().bottom,
        document.querySelector("header.bar").getBoundingClientRect().bottom, innerHeight]""")
    assert bar - 1 <= top and bottom <= height, (top, bottom, bar, height)


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
