from playwright.sync_api import Page
from tests.browser.test_tradewarz_first_game_in_chromium import Table, set_up


def test_probe(open_context, live_server):
    table = Table(780)
    def open_phone() -> Page:
        return open_context("phone", viewport={"width": 360, "height": 780}).new_page()
    set_up(table, open_phone, live_server.url)
    for seat in (0, 1):
        p = table.phones[seat]
        p.screenshot(path=f"/tmp/s23/h3shots/start{seat}.png")
        print(p.evaluate("""() => [...document.querySelectorAll('#game > *, .players, .tw-turn, .tw-year')].map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().top) + '-' + Math.round(e.getBoundingClientRect().bottom))"""))
