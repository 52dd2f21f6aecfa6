"""The companion in a real browser, used the way a table uses it: phones and a tablet tapping
through a game, a second phone following along, a watch link, hostile names, narrow screens."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ROOT, shot
from tests.browser.phone import agrees, final_score, start_game
from tests.browser.tables import DRIVERS, GenericTable, HadaraTable, tap_and_load

pytestmark = pytest.mark.browser

#: games whose board exists and whose driver knows how to play them
PLAYABLE = sorted(s for s in DRIVERS if (ROOT / "templates/games" / s / "board.html").exists())
#: every game with a board: it must at least start from its form and show its score pad
BOARDED = sorted(p.parent.name for p in (ROOT / "templates/games").glob("*/board.html"))
#: live updates arrive once static/app.js polls the server; until then a reload must show them
LIVE = "fetch(" in (ROOT / "static" / "app.js").read_text()

TAP_TARGETS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('a, button, input, select, summary')) {
    if (el.type === 'hidden') continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
    // a checkbox is tapped through its label
    const box = el.type === 'checkbox' && el.closest('label')
      ? el.closest('label').getBoundingClientRect() : r;
    if (box.height < 44 || box.width < 44) {
      const what = (el.textContent || el.name || el.getAttribute('aria-label') || '').trim();
      out.push(`${el.tagName.toLowerCase()} "${what.slice(0, 30)}" ` +
               `${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return out;
}"""
SIDEWAYS = "() => [document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]"


@pytest.mark.parametrize("slug", PLAYABLE)
@pytest.mark.parametrize("kind", ["phone", "tablet"])
def test_a_whole_game_tapped_through_reaches_the_final_score(open_context, live_server,
                                                             kind, slug):
    page = open_context(kind).new_page()
    table = DRIVERS[slug]()
    page.goto(live_server.url + "/")
    shot(page, f"{kind}-{slug}-games-list", doc=kind == "phone")
    start_game(page, live_server.url, table)
    shot(page, f"{kind}-{slug}-game-start")
    table.play_to_end(page, lambda p, name: shot(p, f"{kind}-{slug}-{name}",
                                                 doc=kind == "phone"))
    pad = final_score(page)
    agrees(pad, table.expected(), every_line=False)
    best = max(pad, key=lambda n: pad[n]["Total"])
    expect(page.locator(".ranking li").first).to_contain_text(best)
    shot(page, f"{kind}-{slug}-final-score", doc=kind == "phone")


@pytest.mark.parametrize("slug", [s for s in BOARDED if s not in PLAYABLE])
def test_other_games_start_from_their_form_and_show_a_score_pad(open_context, live_server,
                                                                 slug):
    """Games without a driver yet: start from the setup form, then the score pad names every
    player with a total, and the game page fits a 360 px phone."""
    page = open_context("phone", viewport={"width": 360, "height": 740}).new_page()
    table = GenericTable(slug)
    start_game(page, live_server.url, table)
    shot(page, f"phone-{slug}-game-start")
    width, client = page.evaluate(SIDEWAYS)
    assert width <= client, (slug, width, client)
    tap_and_load(page, page.locator("header.bar").get_by_role("link", name="Score"))
    names = [t.strip() for t in page.locator("table.pad thead th").all_inner_texts()][1:]
    assert names == list(table.names)
    assert page.locator("table.pad tr.total td").count() == len(table.names)


def coins(page: Page, seat: int) -> str:
    return page.locator(f"#p{seat} .num.coins b").inner_text()


def test_two_phones_on_one_game_see_each_others_taps(open_context, live_server):
    host = open_context("phone").new_page()
    table = HadaraTable()
    start_game(host, live_server.url, table)
    code = host.locator(".code").first.inner_text()  # the top one, while seats are free
    guest = open_context("phone").new_page()
    guest.goto(live_server.url + "/")
    guest.locator('[name="code"]').fill(code.lower())
    tap_and_load(guest, guest.get_by_role("button", name="Join"))
    expect(guest.locator("#game")).to_be_visible()
    before = int(coins(guest, 0))
    table.sell(host, 0)  # Ana sells on the host's phone: +2 coins in epoch I
    if LIVE:
        expect(guest.locator("#p0 .num.coins b")).to_have_text(str(before + 2), timeout=8000)
    guest.reload()
    assert int(coins(guest, 0)) == before + 2
    table.sell(guest, 1)  # and Ben on the guest's phone
    host.reload()
    expect(host.locator(".history li").first).to_contain_text("Ben sold a card")
    shot(guest, "phone-hadara-guest")


def test_a_watch_link_cannot_change_anything(open_context, live_server):
    host = open_context("phone").new_page()
    start_game(host, live_server.url, HadaraTable())
    version = host.locator("#game").get_attribute("data-version")
    watch_url = host.get_by_role("link", name=re.compile("Watch link")).get_attribute("href")
    watcher = open_context("phone").new_page()
    watcher.goto(live_server.url + watch_url)
    expect(watcher.locator(".note")).to_contain_text("Watching")
    actions = watcher.eval_on_selector_all("form", "fs => fs.map(f => f.action)")
    # at most a seat picker: it is remembered by this phone, never stored with the game
    assert all(a.endswith("/seat") for a in actions), actions
    shot(watcher, "phone-hadara-watch", doc=True)
    watcher.goto(live_server.url + "/")  # a valid CSRF token of this phone's session
    csrf = watcher.locator('[name="csrf_token"]').first.get_attribute("value")
    token = watch_url.rsplit("/", 1)[-1]
    for path in (f"/g/{token}/do/correct", f"/g/{token}/do/sell", f"/g/{token}/undo"):
        resp = watcher.request.post(live_server.url + path, form={
            "csrf_token": csrf, "player": "0", "value": "coins", "delta": "5",
            "version": version})
        assert resp.status == 403, (path, resp.status)
    host.reload()
    assert host.locator("#game").get_attribute("data-version") == version


def test_a_name_with_markup_shows_as_text(open_context, live_server):
    page = open_context("phone").new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    name = "<b>x</b><script>"
    start_game(page, live_server.url, HadaraTable(names=(name, "Ben")))
    heading = page.locator("#p0 h2")
    expect(heading).to_have_text(name)
    assert heading.locator("b, script").count() == 0
    expect(page.locator("table.pad thead th").nth(1)).to_have_text(name)
    assert page.locator("main script").count() == 0
    assert dialogs == []


def test_no_page_scrolls_sideways_at_360px_and_tap_targets_are_44px(open_context,
                                                                   live_server):
    page = open_context("phone", viewport={"width": 360, "height": 740}).new_page()
    long_names = ("Ana" + "m" * 37, "Ben" + "W" * 37)  # 40 characters, no place to wrap
    game = start_game(page, live_server.url, HadaraTable(names=long_names))
    token = game.rsplit("/", 1)[-1]
    watch = page.get_by_role("link", name=re.compile("Watch link")).get_attribute("href")
    pages = ["/", "/new/hadara", "/quick/hadara?players=5", "/box/hadara", f"/g/{token}",
             f"/g/{token}/history", f"/g/{token}/score", watch]
    sideways, small = {}, {}
    for path in pages:
        page.goto(live_server.url + path)
        width, client = page.evaluate(SIDEWAYS)
        if width > client:
            sideways[path] = (width, client)
        offenders = page.evaluate(TAP_TARGETS)
        if offenders:
            small[path] = offenders
    page.goto(game)
    page.locator("#actions details.panel summary").first.tap()  # an open action panel too
    width, client = page.evaluate(SIDEWAYS)
    if width > client:
        sideways["open panel"] = (width, client)
    assert sideways == {}, sideways
    assert small == {}, small
