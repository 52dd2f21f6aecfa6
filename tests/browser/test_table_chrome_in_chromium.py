"""The page around the game on a phone, in Chromium (issue 22): nothing out of sight (a refusal
or a lost connection at the bottom of the screen, kept until dismissed; "Retry now" only while
the connection is down; back at once when the browser is online again); the header in one row;
the phone's place kept after a tap; "Close this step" smaller than the players' own actions; the
screen kept on where the browser allows it, said plainly where it does not; and words in table
cells never broken letter by letter."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import shot
from tests.browser.phone import (
    BROKEN_WORDS,
    PAST_RIGHT_EDGE,
    on_screen,
    sell,
    start_game,
    start_hadara,
    version,
)
from tests.browser.tables import HadaraTable, HexemoniaTable, TradeWarzTable, act, chip

pytestmark = pytest.mark.browser

SMALL_PHONE = {"viewport": {"width": 360, "height": 640}}


def header_height(page: Page) -> float:
    return page.locator("header.bar").evaluate("b => b.getBoundingClientRect().height")


def close_early(page: Page) -> None:
    """Tap "Close this step" in phase A's first round: refused (five rounds to go)."""
    panel = page.locator(".steps details.close-step")
    panel.locator("summary").tap()
    panel.get_by_role("button", name=re.compile("^Close “")).tap()


def test_a_refusal_stays_at_the_bottom_of_the_screen_until_dismissed(open_context, live_server):
    page = open_context("phone").new_page()
    start_hadara(page, live_server.url)
    other = open_context("phone").new_page()
    other.goto(page.url)
    close_early(page)
    toast = page.locator("#not-recorded")
    expect(toast).to_contain_text("phase A has 5 rounds")
    on_screen(page, toast)
    box = toast.bounding_box()
    assert box["y"] + box["height"] > 844 - 120, f"the message is not at the bottom: {box}"
    # another phone's tap redraws the game here: the message stays
    before = version(page)
    sell(other, 1).tap()
    expect(page.locator(f'#game:not([data-version="{before}"])')).to_have_count(1)
    expect(toast).to_be_visible()
    # scrolled to the bottom of the page, it is still on screen
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    on_screen(page, toast)
    shot(page, "phone-refusal-toast")
    toast.get_by_role("button", name="Dismiss").tap()
    expect(toast).to_have_count(0)


def test_retry_shows_only_while_the_connection_is_down_and_online_reconnects_at_once(
        open_context, live_server):
    context = open_context("phone")
    page = context.new_page()
    start_hadara(page, live_server.url)
    retry = page.locator("#live .retry")
    expect(page.locator("#live.on")).to_have_count(1)
    expect(retry).to_be_hidden()  # [hidden] no longer loses to .btn's display
    context.set_offline(True)
    expect(page.locator("#live.off")).to_have_count(1, timeout=5000)  # a poll failed
    expect(retry).to_be_visible()
    on_screen(page, page.locator("#live"))  # the lost connection is in the dock, in sight
    # after a failure the next poll waits 3 s or more: "online" must not wait for it
    context.set_offline(False)
    expect(page.locator("#live.on")).to_have_count(1, timeout=1200)
    expect(retry).to_be_hidden()


@pytest.mark.parametrize("size", [{}, SMALL_PHONE])
def test_the_header_takes_one_row_on_a_phone(open_context, live_server, size):
    page = open_context("phone", **size).new_page()
    start_hadara(page, live_server.url)
    bar = page.locator("header.bar")
    assert header_height(page) <= 56, f"header {header_height(page)} px"
    expect(bar.get_by_role("link", name="Table companion")).to_be_visible()
    for name in ("History", "Score", "Can I do this?", "Rules"):
        link = bar.get_by_role("link", name=name)
        box = link.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"], (
            name, box)


def test_after_a_tap_the_players_board_stays_where_it_was(open_context, live_server):
    page = open_context("phone").new_page()
    start_hadara(page, live_server.url)
    # a part above the boards that the next drawing of the game no longer has (as a message or
    # an open panel that a recorded tap closes): here a stand-in 300 px tall
    page.locator("#game").evaluate("""g => { const d = document.createElement('div');
        d.style.height = '300px'; g.insertBefore(d, g.firstChild); }""")
    board = page.locator("#p1")
    board.evaluate("e => window.scrollTo(0, e.getBoundingClientRect().top + scrollY - 200)")
    top = board.evaluate("e => e.getBoundingClientRect().top")
    act(page, sell(page, 1))
    after = page.locator("#p1").evaluate("e => e.getBoundingClientRect().top")
    assert abs(after - top) <= 2, f"Ben's board moved from {top} to {after} px"


def test_without_script_a_tap_lands_on_the_players_board_below_the_header(open_context,
                                                                          live_server):
    page = open_context("phone", java_script_enabled=False).new_page()
    start_hadara(page, live_server.url)
    with page.expect_navigation():
        sell(page, 1).tap()
    assert page.url.endswith("#p1")
    top = page.locator("#p1").evaluate("e => e.getBoundingClientRect().top")
    assert header_height(page) <= top <= header_height(page) + 40, top


def test_close_this_step_is_smaller_than_the_players_actions(open_context, live_server):
    page = open_context("phone").new_page()
    start_hadara(page, live_server.url)

    def area(locator) -> float:
        box = locator.bounding_box()
        return box["width"] * box["height"]
    close = area(page.locator(".steps details.close-step > summary"))
    actions = [area(b) for b in page.locator("#actions summary, #p0 form button").all()
               if b.is_visible()]
    assert actions and close < max(actions), (close, actions)


def test_the_screen_stays_on_when_asked_and_is_asked_again_when_the_page_is_shown(
        open_context, live_server):
    context = open_context("phone")
    page = context.new_page()
    # count the requests and keep the last lock, to release it as a hidden page would be
    page.add_init_script("""(() => {
      if (!navigator.wakeLock) { return; }
      const ask = navigator.wakeLock.request.bind(navigator.wakeLock);
      window.lockRequests = 0;
      navigator.wakeLock.request = (t) => ask(t).then(l => {
        window.lockRequests += 1; window.lastLock = l; return l; });
    })()""")
    start_hadara(page, live_server.url)
    assert page.evaluate("window.isSecureContext && !!navigator.wakeLock")
    switch = page.locator("#awake button")
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.tap()
    expect(switch).to_have_attribute("aria-pressed", "true")  # headless Chromium grants it
    expect(page.locator("#awake .txt")).to_have_text(
        "The screen stays on while this page is open.")
    assert page.evaluate("window.lockRequests") == 1
    # the browser ends the lock when the page is hidden; shown again, it is asked for again
    page.evaluate("window.lastLock.release()")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("window.lockRequests === 2")
    # the choice is remembered: a reload asks at once
    page.reload()
    page.wait_for_function("window.lockRequests === 1")
    expect(page.locator("#awake button")).to_have_attribute("aria-pressed", "true")
    switch = page.locator("#awake button")
    switch.tap()
    expect(switch).to_have_attribute("aria-pressed", "false")


def test_a_browser_that_refuses_the_wake_lock_is_said_so_plainly(open_context, live_server):
    page = open_context("phone").new_page()
    page.add_init_script("""navigator.wakeLock.request = () =>
        Promise.reject(new DOMException('not allowed here', 'NotAllowedError'));""")
    start_hadara(page, live_server.url)
    page.locator("#awake button").tap()
    expect(page.locator("#awake .txt")).to_contain_text("does not let the page keep the screen")
    expect(page.locator("#awake button")).to_have_attribute("aria-pressed", "false")


@pytest.mark.parametrize("table", [HadaraTable, TradeWarzTable, HexemoniaTable])
def test_words_in_table_cells_never_break_letter_by_letter_at_360_px(open_context, live_server,
                                                                     table):
    page = open_context("phone", **SMALL_PHONE).new_page()
    url = start_game(page, live_server.url, table())
    for path in ("", "/score"):
        page.goto(url + path)
        assert page.evaluate(BROKEN_WORDS) == [], path
        assert page.evaluate(PAST_RIGHT_EDGE) == [], path


def test_a_chip_picked_before_another_phones_tap_keeps_every_chip_its_own_value(
        open_context, live_server):
    """The live refresh keeps what a phone picked in an open form; a chip (one radio of several
    of a name) is picked again on its own twin, and no other chip takes its value."""
    page = open_context("phone").new_page()
    start_hadara(page, live_server.url)
    other = open_context("phone").new_page()
    other.goto(page.url)
    wheel = page.locator(".steps details.panel[open]").filter(
        has=page.locator("summary", has_text="Set the wheel"))
    chip(wheel, "seat1", "purple").tap()
    page.evaluate("document.activeElement.blur()")  # (a field in focus holds the refresh)
    before = version(page)
    sell(other, 1).tap()
    expect(page.locator(f'#game:not([data-version="{before}"])')).to_have_count(1)
    radios = page.locator('.steps details.panel[open] input[name="seat1"]')
    values = radios.evaluate_all("rs => rs.map(r => [r.parentElement.className, r.value])")
    assert values and all(label == value for label, value in values), values
    assert radios.evaluate_all("rs => rs.filter(r => r.checked).map(r => r.value)") == ["purple"]


@pytest.mark.parametrize("lang", ["it", "zh", "en"])
def test_the_header_links_keep_their_words_inside_and_apart_at_360_px(open_context, live_server,
                                                                     lang):
    """Phone review P3: at 360 px the Italian header read "CronologiaPunteggioPosso
    farlo?Regole": each link's words were wider than its box, so they ran into the next."""
    page = open_context("phone", **SMALL_PHONE).new_page()
    page.goto(f"{live_server.url}/lang/{lang}?next=/")
    start_hadara(page, live_server.url)
    boxes = page.eval_on_selector_all("header.bar a:not(.home)", """links => links.map(a => {
        const r = document.createRange(); r.selectNodeContents(a);
        const t = r.getBoundingClientRect(), b = a.getBoundingClientRect();
        return {text: a.textContent.trim(), left: t.left, right: t.right,
                boxLeft: b.left, boxRight: b.right};
    })""")
    width = page.viewport_size["width"]
    for link in boxes:
        assert link["boxLeft"] - 0.5 <= link["left"] and link["right"] <= link["boxRight"] + 0.5, \
            link
        assert link["boxLeft"] >= 0 and link["boxRight"] <= width, link
    for one, two in zip(boxes, boxes[1:]):
        assert two["left"] - one["right"] >= 4, (one, two)  # words apart, not run together
