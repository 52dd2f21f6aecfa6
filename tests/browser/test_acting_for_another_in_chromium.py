"""Nobody acts for another player unasked, in Chromium at a phone's size (issue 36, part 7): right
after Basalt's March, tapped on Basalt's own phone (a trading post is taken by the house that
has just marched, ruling T28), "Take a trading post" on Basalt's board on Amber's seated phone
opens the question "Record this for Basalt?" (static/app.js is answered 428 and opens it) and
records nothing until it is confirmed; then the post is Basalt's, signed by Amber."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.tables import TradeWarzTable, chip, seated, tap_and_load

pytestmark = pytest.mark.browser


def tradewarz_game(live_server) -> tuple[str, int]:
    from companion import store
    from companion.games import get_game
    with live_server.app.app_context():
        game = store.create_game(get_game("tradewarz"), {"players": [
            {"name": n} for n in ("Amber", "Basalt", "Cobalt")]})
        return f"{live_server.url}/g/{game.play_token}", game.id


def stored(live_server, game_id: int) -> list[tuple[str, dict, str]]:
    from companion.store.db import Action, session
    with live_server.app.app_context():
        return [(r.kind, r.data, r.by) for r in session().query(Action).filter_by(
            game_id=game_id).order_by(Action.seq)]


def test_a_trading_post_on_another_houses_board_asks_first_on_a_seated_phone(
        open_context, live_server):
    link, game_id = tradewarz_game(live_server)
    amber = seated(open_context("phone"), link, 0)
    basalt = seated(open_context("phone"), link, 1)
    table = TradeWarzTable(("Amber", "Basalt", "Cobalt"))
    table.resources(amber, 0, "Summer", "gold")  # each on its own phone: nobody is asked
    table.march(basalt, 1, "Summer")  # the post is Basalt's to take now (ruling T28)
    marched = basalt.locator("#game").get_attribute("data-version")
    expect(amber.locator("#game")).to_have_attribute("data-version", marched)
    before = stored(live_server, game_id)
    assert [(kind, by) for kind, _, by in before] == [("resources", "Amber"), ("march", "Basalt")]
    panel = amber.locator("#p1 details.panel").filter(
        has=amber.locator(":scope > summary", has_text="Take a trading post"))
    panel.locator(":scope > summary").tap()
    chip(panel, "post", 2).tap()
    tap_and_load(amber, panel.get_by_role("button", name="Take a trading post"))
    expect(amber.locator("h1")).to_have_text("Record this for Basalt?")
    expect(amber.locator("#confirm-why")).to_contain_text(
        "This action is Basalt's, and this phone is Amber's.")
    assert stored(live_server, game_id) == before  # the question records nothing
    button = amber.get_by_role("button", name="Record it for Basalt")
    assert button.bounding_box()["y"] < 844  # in sight at a phone's size
    tap_and_load(amber, button)
    expect(amber.locator("#p1 .tw-board")).to_contain_text(re.compile(r"Trading posts\s*2 \(of"))
    assert stored(live_server, game_id) == before + [
        ("hold_post", {"house": 1, "post": 2}, "Amber")]
