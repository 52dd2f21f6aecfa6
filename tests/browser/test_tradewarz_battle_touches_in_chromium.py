"""A TradeWarz battle from the March to the result recorded (issue 49 item 3), tapped as a
newcomer would on 360 px phones in Chromium: the battle the March made comes into view by
itself on the phones of both houses, started from what the app knows (the two houses and the
soldiers on their boards from the March, the settlement Amber built and its silo), so that a
card chip for each side, the place the armies met (which works the battle out) and Record are
the 4 touches, none of them after a scroll.

Amber built a settlement on a wheat octagon in Summer (recorded before the phones open); Basalt
marches on Amber by taps (the March's own 3 touches are not the battle's) and fights at the
settlement: 2 soldiers + 4 against 2 + 2, Basalt wins and the settlement falls with its silo."""
from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.phone import Count
from tests.browser.tables import SCROLL_UNDER_BAR, chip, open_panel, seated, tap_act

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 780}
A, B = 0, 1


def prepared(live_server) -> str:
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
    """``target`` is on the screen, below the sticky header bar, as it is now: the finger taps
    it with no scroll first."""
    expect(target).to_be_visible()
    top, bottom, bar, height = target.evaluate("""e => [e.getBoundingClientRect().top,
        e.getBoundingClientRect().bottom,
        document.querySelector("header.bar").getBoundingClientRect().bottom, innerHeight]""")
    assert bar - 1 <= top and bottom <= height, (
        f"{target} is off the screen (top {top}, bottom {bottom}, bar {bar}, screen {height})")


def basalt_marches_on_amber(open_context, live_server):
    """Amber's and Basalt's seated phones at 360 px, Amber reading its own board well down the
    page (no battle on it yet), then Basalt's March on Amber (open the panel, Amber as its
    target, March: not the battle's touches)."""
    link = prepared(live_server)
    amber = seated(open_context("phone", viewport=SMALL), link, A)
    basalt = seated(open_context("phone", viewport=SMALL), link, B)
    amber.locator("#p0").evaluate(SCROLL_UNDER_BAR)
    expect(amber.locator("#tw-battle-now")).to_have_count(0)
    expect(basalt.locator(".tw-turn-now")).to_have_text("Basalt")
    panel = open_panel(basalt.locator("section.tw-turn"), "March")
    chip(panel, "target", A).tap()
    tap_act(basalt, panel.get_by_role("button", name="March"))
    return amber, basalt


def test_a_battle_after_a_march_records_in_4_touches_and_no_scroll_at_360_px(open_context,
                                                                           live_server):
    amber, basalt = basalt_marches_on_amber(open_context, live_server)
    battle = basalt.locator("#tw-battle-now")
    expect(battle.locator("h2")).to_have_text("Battle: Basalt marched on Amber")
    count = Count(basalt)
    for side, card in (("attacker", "4/1/1"), ("defender", "2/3/1")):
        target = chip(battle, f"{side}_card", card)
        in_view(basalt, target)
        count.tap(target)
    place = battle.get_by_role("button", name="At Amber's settlement")
    in_view(basalt, place)
    count.load(place)
    expect(basalt.locator("#result h2").first).to_have_text("Basalt (attacker) wins")
    # nothing left to ask: the settlement's silo is the one the build recorded
    expect(basalt.locator(".tw-silos-known")).to_contain_text("wheat 1")
    expect(basalt.locator('form.tw-apply input:not([type="hidden"])[name^="silo_"]')
           ).to_have_count(0)
    record = basalt.get_by_role("button", name="Record the battle: Basalt wins")
    in_view(basalt, record)
    count.load(record)
    expect(basalt.locator("#game .alert")).to_have_count(0)
    print("battle touches:", count.touches, "keyboard:", count.keyboard)
    assert (count.touches, count.keyboard) == (4, 0)

    # the battle is recorded on every phone: a golden Xadla for Basalt, Amber's settlement gone
    for page in (basalt, amber):
        expect(page.locator("#p1 .tw-xadlas b").first).to_have_text("1")
        expect(page.locator("#p0 .tw-board td").first).to_have_text("0 / 6")  # settlements
        expect(page.locator("#tw-battle-now")).to_have_count(0)


def test_the_defenders_phone_is_brought_to_the_battle_as_the_march_arrives(open_context,
                                                                          live_server):
    amber, basalt = basalt_marches_on_amber(open_context, live_server)
    battle = amber.locator("#tw-battle-now")  # (a live update on Amber's phone)
    expect(battle).to_have_count(1)
    amber.wait_for_timeout(200)
    in_view(amber, battle.locator("h2"))
    in_view(amber, chip(battle, "defender_card", "2/3/1"))
