"""A live update morphs the page in place (issue 46): another phone's tap changes only what it
changed on a watching phone, whose open panel, chosen chip, typed value, focus and the elements
that did not change (the same DOM nodes, marked with a JS property before the update) survive;
a chip that keeps the focus after its tap never holds an update back; a half-filled form whose
step closes on another phone is kept and says why. Offline, a tap is kept on the page and
marked "not sent", never the browser's error page, and the phone says which taps were not
recorded once the network is back."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.phone import sell, start_hadara, version
from tests.browser.tables import HadaraTable, act, chip, seated

pytestmark = pytest.mark.browser


def two_phones(open_context, live_server) -> tuple[Page, Page]:
    """Two phones on one Hadara game's play link: the one that started it, and another."""
    first = open_context("phone").new_page()
    start_hadara(first, live_server.url)
    other = open_context("phone").new_page()
    other.goto(first.url.split("#")[0])
    return first, other


def shows(page: Page, wanted: str) -> None:
    expect(page.locator("#game")).to_have_attribute("data-version", wanted)


def test_an_open_panel_keeps_its_chip_typed_value_focus_and_nodes_across_three_updates(
        open_context, live_server):
    ana, ben = two_phones(open_context, live_server)
    panel = HadaraTable().panel(ana, 0, "Buy a card")  # (its form drawn on asking)
    chip(panel, "colour", "purple").tap()
    field = panel.locator('input[type=number][name="military"]')
    field.tap()
    field.fill("7")
    # the same nodes after the update: the panel, the field, and a part no tap changes
    panel.evaluate("d => { d.kept = 1; }")
    field.evaluate("f => { f.kept = 1; }")
    ana.locator("#p1 header h2").evaluate("h => { h.kept = 1; }")
    for tap in (sell(ben, 1), sell(ben, 0), ben.locator("form[action$='/undo'] button")):
        act(ben, tap)
        shows(ana, version(ben))
        assert panel.evaluate("d => d.open && d.kept === 1")
        assert field.evaluate("f => f.kept === 1 && f.value === '7'")
        assert ana.evaluate("document.activeElement.kept === 1 && "
                            "document.activeElement.name === 'military'")
        assert ana.locator("#p1 header h2").evaluate("h => h.kept === 1")
        expect(panel.locator('input[name="colour"][value="purple"]')).to_be_checked()


def test_a_phone_whose_focus_is_on_a_chip_shows_each_update(open_context, live_server):
    ana, ben = two_phones(open_context, live_server)
    panel = HadaraTable().panel(ana, 0, "Buy a card")
    chip(panel, "colour", "red").tap()
    assert ana.evaluate("document.activeElement.type === 'radio'")  # the chip keeps the focus
    for seat in (1, 0):
        act(ben, sell(ben, seat))
        shows(ana, version(ben))
        assert ana.evaluate("document.activeElement.type === 'radio'")


def test_a_half_filled_form_survives_its_step_closing_elsewhere_and_says_why(open_context,
                                                                           live_server):
    ana, ben = two_phones(open_context, live_server)
    wheel = ana.locator(".steps details.panel.wheel")
    expect(wheel).to_have_attribute("open", "")  # the wheel is asked for first
    chip(wheel, "seat1", "red").tap()  # half-filled: Ben's phone sets the wheel first
    wheel.evaluate("d => { d.kept = 1; }")
    HadaraTable().wheel(ben, "yellow-blue-red-green-purple")
    shows(ana, version(ben))
    expect(ana.locator(".guide")).to_contain_text("Ana: purple")  # the table moved on
    kept = ana.locator("#game .kept-form")
    expect(kept).to_have_count(1)
    assert kept.evaluate("d => d.kept === 1")  # the very panel, where it was
    expect(kept.locator('input[name="seat1"][value="red"]')).to_be_checked()
    expect(kept.locator(".kept-note")).to_contain_text("closed on another phone")
    expect(kept.get_by_role("button", name="Set the wheel")).to_be_disabled()
    act(ben, sell(ben, 1))  # it stays through the next update too
    shows(ana, version(ben))
    expect(kept).to_have_count(1)
    kept.get_by_role("button", name="Dismiss").tap()
    expect(kept).to_have_count(0)


def test_an_offline_tap_on_another_players_form_keeps_the_game_page_marked_not_sent(
        open_context, live_server):
    from companion import store
    from companion.games import get_game
    with live_server.app.app_context():
        game = store.create_game(get_game("tradewarz"), {"players": [
            {"name": n} for n in ("Amber", "Basalt", "Cobalt")]})
    context = open_context("phone")
    basalt = seated(context, f"{live_server.url}/g/{game.play_token}", 1)
    page_url = basalt.url
    # a form of Amber's turn: on Basalt's phone it posts a page, the question "for Amber?"
    asks = basalt.locator("#game form[action*='/confirm/']").first
    expect(asks).to_have_count(1)
    asks.evaluate("f => { const d = f.closest('details'); if (d) { d.open = true; } }")
    own = basalt.locator("#p1 details.panel").filter(  # (its form drawn on asking: online)
        has=basalt.locator(":scope > summary", has_text="Take a trading post"))
    own.locator(":scope > summary").tap()
    chip(own, "post", 2).tap()
    context.set_offline(True)
    asks.locator("button").first.tap()
    expect(basalt.locator("#not-recorded")).to_contain_text("Not sent.")
    # the game's own page still, not the browser's error page
    assert basalt.url.split("?")[0] == page_url and basalt.locator("#game").count() == 1
    expect(asks).to_have_class(re.compile(r"(^|\s)not-recorded(\s|$)"))
    expect(asks.locator(".not-recorded-note")).to_have_text("Not sent.")
    own.get_by_role("button", name="Take a trading post").tap()  # one sent by fetch
    expect(own.locator("form .not-recorded-note")).to_have_text("Not sent.")
    expect(asks.locator(".not-recorded-note")).to_have_text("Not sent.")  # both kept marked
    context.set_offline(False)
    back = basalt.locator("#not-recorded")
    expect(back).to_contain_text("Back online. These taps were not recorded:")
    expect(back).to_contain_text("Take a trading post")
