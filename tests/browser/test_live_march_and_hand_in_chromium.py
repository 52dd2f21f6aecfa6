"""Issue 38 at the table, on phones in Chromium: a TradeWarz house holding Superior logistics
records two battles from one March (the second checked in the calculator like the first), and a
Hexemonia player over the hand limit discards down to 4, no further."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.tables import (
    TradeWarzTable,
    fill_form,
    open_panel,
    seated,
    tap_act,
)

pytestmark = pytest.mark.browser


def prepared(live_server, slug: str, setup: dict, steps: list[tuple[str, dict]]) -> str:
    """A game made on the server with these steps already recorded; its address."""
    from companion import store
    from companion.games import get_game
    rules = get_game(slug)
    with live_server.app.test_request_context():
        game = store.create_game(rules, setup, box=rules.box_records_of_setup(setup))
        for kind, data in steps:
            store.record(game.id, kind, data)
        return f"{live_server.url}/g/{game.play_token}"


def test_superior_logistics_records_two_battles_from_one_march_on_a_phone(open_context,
                                                                          live_server):
    names = ("Amber", "Basalt")
    link = prepared(live_server, "tradewarz", {
        "players": [{"name": n, "colour": c} for n, c in zip(names, ("yellow", "red"))],
        "end_mode": "years", "years": 2}, [
        ("correct_tech", {"house": 0, "tech": "generate_tax", "change": "give"}),
        ("correct_tech", {"house": 0, "tech": "superior_logistics", "change": "give"}),
        ("correct", {"house": 0, "what": "soldiers", "value": 4}),
        ("correct", {"house": 0, "what": "settlements", "value": 2})])
    amber = seated(open_context("phone"), link, 0)
    table = TradeWarzTable(names)
    table.march(amber, 0, "Summer")
    expect(amber.locator("#game")).to_contain_text("Amber marched. Where did the army stop?")
    army = {"attacker": (2, 4, 0, 0), "defender": (1, 1, 0, 0)}  # no kills: nobody falls
    table.battle(amber, 0, 1, army)
    expect(amber.locator("#game")).to_contain_text(
        "Amber's second army may fight too (Superior logistics)")
    table.battle(amber, 0, 1, army)
    expect(amber.locator("#game")).not_to_contain_text("second army may fight")
    expect(amber.locator("#p0 .tw-xadlas b").first).to_have_text("2")  # two golden Xadlas
    from companion import store
    with live_server.app.test_request_context():
        game = store.find_game(link.rsplit("/", 1)[1])[0]
        assert store.state_of(game).houses[0].golden == ("battle", "battle")


def test_a_hexemonia_hand_over_the_limit_discards_down_to_4_and_no_further(open_context,
                                                                          live_server):
    link = prepared(live_server, "hexemonia", {
        "players": [{"name": "Ana", "city": "athens"}, {"name": "Ben", "city": "sparta"}],
        "icon_3": 20, "icon_4": 19}, [
        ("take", {"player": 0, "hexes": 2}), ("production", {"player": 0}),
        ("correct", {"player": 0, "what": "hand", "value": 6})])
    ana = seated(open_context("phone"), link, 0)
    steps = ana.locator(".steps")  # (after the turn's action, D is the big next step)
    tap_act(ana, steps.get_by_role("button", name="D: apply the political check"))
    panel = open_panel(steps, "Discard hexes from hand")
    fill_form(panel, {"count": 3})
    panel.get_by_role("button", name="Discard hexes from hand").tap()
    refused = ana.locator("#not-recorded, #game .alert").first
    expect(refused).to_contain_text("only those beyond 4 are discarded, 2 at most, not 3")
    expect(refused).to_contain_text("D) Political check")  # the section of the hand limit
    panel = open_panel(ana.locator(".steps"), "Discard hexes from hand")
    fill_form(panel, {"count": 2})
    tap_act(ana, panel.get_by_role("button", name="Discard hexes from hand"))
    expect(ana.locator("#p0")).to_contain_text("4 hexes in hand")
    expect(ana.locator(".steps details.panel", has_text="Discard hexes")).to_have_count(0)
    expect(ana.locator(".steps").get_by_role("button", name="End the turn")).to_be_visible()
