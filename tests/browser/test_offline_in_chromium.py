"""The cached last view (issue 22), in Chromium with its service worker: a phone that reloads a
game while the server cannot be reached sees the last view of that game it got, with a banner
saying it is offline and from when, and taps that cannot be sent; the live page is back as soon
as the browser is online again. A play link and a watch link each show their own kept page;
a link this phone never opened gets the browser's error, never another page."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Error, Page, expect

from tests.browser.conftest import shot
from tests.browser.phone import on_screen, sell, start_hadara, version

pytestmark = pytest.mark.browser


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    """Service workers allowed here (conftest blocks them for every other test)."""
    return {**browser_context_args, "service_workers": "allow"}

BANNER = re.compile(r"^Offline — last view from \d\d:\d\d, taps are not sent\.$")

# The version of the game in the page this phone keeps for ``url`` (None: none kept yet).
KEPT_VERSION = """async url => {
  const names = (await caches.keys()).filter(n => n.startsWith("companion-pages-"));
  for (const name of names) {
    const kept = await (await caches.open(name)).match(url);
    if (kept) { return /data-version="(\\d+)"/.exec(await kept.text())[1]; }
  }
  return null;
}"""


def wait_until_kept(page: Page, url: str, wanted: str) -> None:
    """Wait until the worker keeps ``url`` at the game's version ``wanted`` (it keeps a page
    after handing it over)."""
    for _ in range(100):
        if page.evaluate(KEPT_VERSION, url) == wanted:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"{url} was not kept at version {wanted}: "
                         f"{page.evaluate(KEPT_VERSION, url)}")


def coins(page: Page, seat: int) -> str:
    return page.locator(f"#p{seat} .num.coins b").inner_text()


def test_a_reload_without_the_server_shows_the_last_view_with_a_banner_then_the_live_page(
        open_context, live_server):
    context = open_context("phone")
    page = context.new_page()
    start_hadara(page, live_server.url)
    url = page.url.split("#")[0]
    wait_until_kept(page, url, version(page))  # the first visit, before the worker took charge
    # a tap redraws the game: the kept view follows (the last view, not the first)
    before = version(page)
    sell(page, 0).tap()
    expect(page.locator(f'#game:not([data-version="{before}"])')).to_have_count(1)
    now, ana = version(page), coins(page, 0)
    wait_until_kept(page, url, now)

    context.set_offline(True)
    page.reload()
    banner = page.locator("#kept")
    expect(banner).to_be_visible()
    expect(banner).to_have_text(BANNER)
    on_screen(page, banner)  # in the dock at the bottom of the screen
    assert version(page) == now and coins(page, 0) == ana  # the game's numbers, as last seen
    # nothing can be sent from it (Ben's sale: Ana's board, hers made, waits for the round)
    expect(sell(page, 1)).to_be_disabled()
    expect(page.locator("#live.off")).to_have_count(1)
    shot(page, "phone-offline-last-view")

    context.set_offline(False)  # the server answers again: the live page, at once
    expect(banner).to_be_hidden(timeout=5000)
    expect(page.locator("#live.on")).to_have_count(1)
    expect(sell(page, 1)).to_be_enabled()
    assert version(page) == now and coins(page, 0) == ana


def test_each_link_shows_its_own_kept_page_and_a_link_never_opened_none(open_context,
                                                                         live_server):
    context = open_context("phone")
    page = context.new_page()
    start_hadara(page, live_server.url)
    play = page.url.split("#")[0]
    wait_until_kept(page, play, version(page))
    watch = live_server.url + page.get_by_role(
        "link", name="Watch link (read-only)").get_attribute("href")
    page.goto(watch)
    wait_until_kept(page, watch, version(page))

    context.set_offline(True)
    page.reload()  # the watch link's own page: no forms
    expect(page.locator("#kept")).to_be_visible()
    expect(page.locator("#game form[action*='/do/']")).to_have_count(0)
    expect(page.get_by_text("Join code:")).to_have_count(0)  # never the play link's page
    page.goto(play)  # the play link's own page: its forms, which cannot be sent
    expect(page.locator("#kept")).to_be_visible()
    expect(sell(page, 0)).to_be_disabled()
    # a game this phone never opened: the browser's error, never some other kept page
    with pytest.raises(Error, match="ERR_INTERNET_DISCONNECTED|ERR_FAILED"):
        page.goto(live_server.url + "/g/neverOpenedOnThisPhone")
    context.set_offline(False)
