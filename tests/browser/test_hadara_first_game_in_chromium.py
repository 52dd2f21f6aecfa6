"""A first game of Hadara on phones, in Chromium (issue 39): a tap cannot skip a step (a button
that was not under the finger a moment ago does not take the tap); the screen stays on from the
first tap without anyone looking for a switch; a one-tap known card never sends what the typed
form held; and a fresh server's first game of three players costs each phone at most 30
touches and 3 keyboard entries in epoch I, 25 and 2 in epoch II, the table's duties included."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.tables import act
from tests.browser.test_failures_in_chromium import start_hadara, version

pytestmark = pytest.mark.browser

#: a click where the finger was, dispatched the moment the game is drawn again
CLICK_AFTER_REDRAW = """([x, y]) => new Promise(done => {
  const seen = document.getElementById("game");
  new MutationObserver((_, watch) => {
    const now = document.getElementById("game");
    if (now === seen) { return; }
    watch.disconnect();
    const el = document.elementFromPoint(x, y);
    el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, clientX: x,
                                              clientY: y}));
    done(el.closest("button, summary") ? el.closest("button, summary").textContent.trim() : "");
  }).observe(document.querySelector("main"), {childList: true, subtree: true});
})"""


def sell_all_rounds(page: Page) -> None:
    for _ in range(5):
        for seat in (0, 1):
            act(page, page.locator(f"#p{seat}").get_by_role("button", name="Sell a card"))


def test_a_button_that_takes_the_place_of_the_one_just_tapped_does_not_take_a_late_tap(
        open_context, live_server):
    page = open_context("phone").new_page()
    page.clock.install()  # (time flows as usual; fast_forward moves it on at once)
    start_hadara(page, live_server.url)
    sell_all_rounds(page)
    close = page.locator(".steps details.close-step")
    close.locator("summary").tap()
    button = close.get_by_role("button", name=re.compile("^Close “"))
    box = button.bounding_box()
    spot = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
    landed = page.evaluate_handle(CLICK_AFTER_REDRAW, spot)
    before = version(page)
    button.tap()
    expect(page.locator(f'#game:not([data-version="{before}"])')).to_have_count(1)
    assert landed.json_value() == "Pay income to everyone"  # what sits there now
    closed = version(page)
    expect(page.locator(".guide h1")).to_contain_text("Income")
    assert version(page) == closed  # the late tap paid nothing
    page.clock.fast_forward(1000)  # a moment later, the same spot takes a tap as usual
    act(page, page.locator(".steps").get_by_role("button", name="Pay income to everyone"))


def test_the_screen_stays_on_from_the_first_tap_and_the_switch_still_turns_it_off(
        open_context, live_server):
    page = open_context("phone").new_page()
    start_hadara(page, live_server.url)
    switch = page.locator("#awake button")
    expect(switch).to_have_attribute("aria-pressed", "false")
    page.locator(".guide").tap()  # any first tap on the page
    expect(switch).to_have_attribute("aria-pressed", "true")
    switch.tap()  # off, and it stays off for this phone
    expect(switch).to_have_attribute("aria-pressed", "false")
    page.reload()
    page.locator(".guide").tap()
    page.wait_for_timeout(300)  # (a lock asked for would be granted by now)
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.tap()
    expect(switch).to_have_attribute("aria-pressed", "true")
