"""Every page a player can reach, read on a 360 px phone in each language (issue 39): one game
of each kind set up and played a step, a group with a finished play, then each page visited
with its panels open. On each, axe-core finds nothing against WCAG 2.1 A and AA, no word is
broken inside, nothing is drawn past the right edge, and every target is 24 px or spaced."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE, shot
from tests.browser.phone import (
    BROKEN_WORDS,
    PAST_RIGHT_EDGE,
    SMALL_TARGETS,
    axe_violations,
    start_game,
    with_axe,
)
from tests.browser.tables import HadaraTable, HexemoniaTable, TradeWarzTable, tap_and_load
from tests.reference_words import english_in_reference

# one worker builds the games once and visits every page (another would build them again)
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("every-page-sweep")]

SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
LANGUAGES = ("en", "it", "zh")
GAMES = {"hadara": HadaraTable, "tradewarz": TradeWarzTable, "hexemonia": HexemoniaTable}
#: each game's pages, after its game's address ("" is the game, mid-game)
GAME_PAGES = {"game": "", "history": "/history", "score": "/score", "table": "/table",
              "board-view": "/board-view", "seats": "/seats", "change": "/change/1",
              "ask": "/ask", "box": "/box"}
EXTRA_PAGES = {"hadara": {"forms": "?" + "&".join(  # (the action panels' forms, drawn on asking)
                   f"show={kind}" for kind in ("buy", "colony", "statue", "medal", "correct"))},
               "tradewarz": {"spring": "/tradewarz/spring", "battle": "/tradewarz/battle",
                             "forms": "?" + "&".join(f"show={part}" for part in (
                                 "resources", "recruit", "build.settlement", "build.castle",
                                 "build.university", "march", "buy_tech", "battle",
                                 "correct_post", "correct_cost", "hold_post.0", "trade.0",
                                 "raid.0", "form_alliance.0", "correct.0", "correct_tech.0",
                                 "correct_capital.0", "correct_alliance.0"))},
               "hexemonia": {"attack": "/hexemonia/attack-preview", "fill": "/hexemonia/fill",
                             "forms": "?" + "&".join(f"show={part}" for part in (
                                 "play_hex", "play_myth", "strategy", "special", "attack",
                                 "correct.0", "correct_add_hex", "correct_hex",
                                 "correct_add_myth", "correct_myth"))}}
#: a quick score pad's fields beyond the players' names, enough to be scored
QUICK = {"hadara": {}, "tradewarz": {},
         "hexemonia": {"players-0-city": "athens", "players-1-city": "sparta"}}


def page_names() -> list[str]:
    names = ["home", "rules", "rules-search", "group", "group-stats", "group-play",
             "group-quick", "group-box", "final-game", "final-score", "unknown-game",
             "join-refused", "import-refused"]
    for slug in GAMES:
        names += [f"{slug}-setup", f"{slug}-quick", f"{slug}-quick-scored",
                  f"{slug}-quick-shared", f"{slug}-box-kept", f"{slug}-rules",
                  f"{slug}-rulings", f"{slug}-watch"]
        names += [f"{slug}-{name}" for name in (*GAME_PAGES, *EXTRA_PAGES.get(slug, ()))]
    return names


#: a page: its address, or how a phone reaches it (a form sent)
Visit = str | Callable[[Page], None]


def sent(path: str, fill: Callable[[Page], None], button: str) -> Callable[[Page], None]:
    """A page that is the answer to a form: the form's page, filled, sent."""
    def visit(page: Page) -> None:
        page.goto(path)
        fill(page)
        tap_and_load(page, page.locator(button).first)
    return visit


def quick_scored(slug: str) -> Callable[[Page], None]:
    def fill(page: Page) -> None:
        for name, value in {"players-0-name": "Ana", "players-1-name": "Ben",
                            **QUICK[slug]}.items():
            field = page.locator(f'[name="{name}"]')
            if field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(value)
            else:
                field.fill(value)
    return sent(f"/quick/{slug}?players=2", fill, "main form.setup button.big")


def finish(live_server, url: str) -> None:
    """The group's TradeWarz game scored and ended by the store (its pages are what matter)."""
    from companion import store
    from companion.store.db import Game, session
    with live_server.app.app_context():
        game = session().query(Game).filter_by(play_token=url.rsplit("/", 1)[1]).one()
        for house, points in enumerate((3, 1, 2)):
            store.record(game.id, "correct", {"house": house, "what": "golden", "value": points})
        store.record(game.id, "time_up", {})


def played(page: Page, base: str, slug: str) -> str:
    """A game of ``slug`` set up through its form and played a step: its address."""
    table = GAMES[slug]()
    url = start_game(page, base, table)
    if slug == "hadara":
        table.sell(page, 0)
    elif slug == "tradewarz":
        table.resources(page, 0, "Summer", "gold")
    else:
        table.take(page, 0, 2)
    return url.removeprefix(base)


def group_pages(page: Page, base: str, live_server) -> dict[str, Visit]:
    """A group of three with a TradeWarz play ended: its pages."""
    page.goto(base + "/")
    page.locator("form[action$='/group/new'] input[name=name]").fill("Friday table")
    tap_and_load(page, page.locator("form[action$='/group/new'] button"))
    group = page.url.removeprefix(base)
    for name in ("Ana", "Ben", "Cy"):
        page.locator("form[action$='/players'] input[name=name]").fill(name)
        tap_and_load(page, page.locator("form[action$='/players'] button"))
    card = page.locator(".card").filter(has=page.locator("h3", has_text="TradeWarz"))
    tap_and_load(page, card.locator("a").first)
    for name in ("Ben", "Ana", "Cy"):
        tap_and_load(page, page.locator("a.seat-offer", has_text=name))
    page.locator("select[name=end_mode]").select_option("time")
    tap_and_load(page, page.locator("main form.setup button.big"))
    expect(page.locator("#game")).to_be_visible()
    final = page.url.removeprefix(base)
    finish(live_server, page.url)
    page.goto(base + group)
    play = page.locator("#plays ~ ul a.row").first.get_attribute("href")
    return {"group": group, "group-stats": group + "/stats", "group-play": play,
            "group-quick": group + "/quick/hadara?players=2",
            "group-box": group + "/box/tradewarz", "final-game": final,
            "final-score": final + "/score"}


@pytest.fixture(scope="module")
def site(browser, browser_context_args, live_server) -> Iterator[dict[str, Visit]]:
    """Every page's visit, the games behind them played once (in English, on a phone), on a
    fresh server's box."""
    live_server.fresh_box()
    context = browser.new_context(**browser_context_args, **PHONE)
    live_server.prepare(context)
    page, base = context.new_page(), live_server.url
    visits: dict[str, Visit] = {
        "home": "/", "rules": "/rules", "rules-search": "/rules/search?q=capital",
        "unknown-game": "/g/no-such-game",
        "join-refused": sent("/", lambda p: p.locator("input[name=code]").fill("ZZZZ9999"),
                             "form[action$='/join'] button"),
        "import-refused": sent("/", lambda p: p.locator(
            "form[action='/import'] input[type=file]").set_input_files(
            {"name": "game.json", "mimeType": "application/json", "buffer": b"{}"}),
            "form[action='/import'] button")}
    for slug in GAMES:
        game = played(page, base, slug)
        watch = page.locator("a", has_text="Watch link").first.get_attribute("href")
        visits.update({f"{slug}-setup": f"/new/{slug}", f"{slug}-quick": f"/quick/{slug}",
                       f"{slug}-quick-scored": quick_scored(slug),
                       f"{slug}-box-kept": f"/box/{slug}", f"{slug}-rules": f"/rules/{slug}",
                       f"{slug}-rulings": f"/rules/{slug}/rulings", f"{slug}-watch": watch})
        visits.update({f"{slug}-{name}": game + path for name, path in
                       {**GAME_PAGES, **EXTRA_PAGES.get(slug, {})}.items()})
    visits.update(group_pages(page, base, live_server))
    for slug in GAMES:  # a scored quick pad's shared link
        quick_scored(slug)(page)
        link = urlsplit(page.locator('a[href*="/shared?facts="]').first.get_attribute("href"))
        visits[f"{slug}-quick-shared"] = f"{link.path}?{link.query}"
    context.close()
    assert sorted(visits) == sorted(page_names())
    yield visits


@pytest.fixture(scope="module", params=LANGUAGES)
def phone(request, browser, browser_context_args, live_server) -> Iterator[Page]:
    """A 360 px phone whose reader chose this language (the footer's cookie), kept for every
    page in that language: each visit loads its page afresh, as a reader following a link."""
    context = browser.new_context(**browser_context_args, **SMALL,
                                  bypass_csp=True)  # (axe-core is put in the page)
    live_server.prepare(context)
    with_axe(context)
    context.add_cookies([{"name": "lang", "value": request.param, "url": live_server.url}])
    yield context.new_page()
    context.close()
    assert live_server.outside == [], f"requests left the server's origin: {live_server.outside}"


#: each reference section's body paragraphs as shown: section id -> their texts
SECTION_TEXTS = """() => Object.fromEntries([...document.querySelectorAll("section.ref-section")]
    .map(s => [s.id, [...s.querySelectorAll("p:not(.rule)")].map(p => p.innerText.trim())]))"""


def english_in_rules(page: Page, name: str) -> list[str]:
    """On a game's rules page in Italian or Chinese, what of its sections is still English
    (issue 48): one read of the page, compared with the reference's English paragraphs."""
    slug = name.removesuffix("-rules")
    if slug not in GAMES or name != f"{slug}-rules" or page.evaluate(
            "document.documentElement.lang") == "en":
        return []
    return english_in_reference(slug, page.evaluate(SECTION_TEXTS),
                                page.locator("main").inner_text())


@pytest.mark.parametrize("name", page_names())
def test_every_page_at_360_px_reads_whole_and_axe_finds_nothing_with_its_panels_open(
        site, phone, live_server, name):
    visit = site[name]
    if isinstance(visit, str):
        phone.goto(live_server.url + visit)
    else:
        visit(phone)
    phone.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    problems: dict[str, Any] = {
        "axe-core (WCAG 2.1 AA)": axe_violations(phone),
        "words broken inside": phone.evaluate(BROKEN_WORDS),
        "past the right edge": phone.evaluate(PAST_RIGHT_EDGE),
        "targets under 24 px": phone.evaluate(SMALL_TARGETS),
        "English left in the rules": english_in_rules(phone, name)}
    problems = {check: found for check, found in problems.items() if found}
    if problems:
        shot(phone, f"sweep-360-{name}-{phone.evaluate('document.documentElement.lang')}",
             always=True)
    assert problems == {}, "\n".join(f"{check}:\n  " + "\n  ".join(found)
                                     for check, found in problems.items())
