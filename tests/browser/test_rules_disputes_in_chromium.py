"""A rules dispute at the table, settled from the game page on a 360 px phone in every language
(issue 48): the header's Rules link, then the section in the contents, at most 3 taps. The
rule is then on screen in the reader's language (no English sentence left), with the game's own
numbers ("In this game"): the reference kept the game it was opened from."""
from __future__ import annotations

from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Page, expect

from companion.reference import REFERENCES
from tests.browser.conftest import PHONE, ROOT, shot
from tests.browser.phone import on_screen, start_game
from tests.browser.tables import HadaraTable, HexemoniaTable, TradeWarzTable, tap_and_load
from tests.reference_words import english_left, kept_words

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("rules-disputes")]

SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
LANGUAGES = ("en", "it", "zh")
TABLES = {"hadara": HadaraTable, "tradewarz": TradeWarzTable, "hexemonia": HexemoniaTable}
#: the disputes the phone reviews timed (shared/review/2026-12-01): the section settling each
DISPUTES = {"hadara": ("buy-card", "feed", "tie-break", "take-colony", "carve-statue", "epoch"),
            "tradewarz": ("battle", "build", "end-of-spring", "tie-break"),
            "hexemonia": ("politics", "war", "tie-break")}
MOST_TAPS = 3


def said(lang: str, msgid: str) -> str:
    """An interface word in ``lang`` as the web catalog says it (English as it is)."""
    if lang == "en":
        return msgid
    with (ROOT / "translations" / "web" / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        entry = read_po(fh, locale=lang).get(msgid)
    assert entry and entry.string, f"no {lang} for {msgid!r} in the web catalog"
    return entry.string


@pytest.fixture(scope="module")
def games(browser, browser_context_args, live_server) -> Iterator[dict[str, str]]:
    """One game of each kind, set up on a phone (its address by slug) on a fresh server's box."""
    live_server.fresh_box()
    context = browser.new_context(**browser_context_args, **PHONE)
    live_server.prepare(context)
    page = context.new_page()
    made = {slug: start_game(page, live_server.url, table()).removeprefix(live_server.url)
            for slug, table in TABLES.items()}
    context.close()
    yield made


@pytest.fixture(scope="module", params=LANGUAGES)
def phone(request, browser, browser_context_args, live_server) -> Iterator[tuple[Page, str]]:
    """A 360 px phone whose reader chose this language (the footer's cookie), and the language."""
    context = browser.new_context(**browser_context_args, **SMALL)
    live_server.prepare(context)
    context.add_cookies([{"name": "lang", "value": request.param, "url": live_server.url}])
    yield context.new_page(), request.param
    context.close()
    assert live_server.outside == [], f"requests left the server's origin: {live_server.outside}"


@pytest.mark.parametrize("slug", sorted(TABLES))
def test_a_dispute_reaches_its_rule_in_three_taps_in_the_readers_language(
        games, phone, live_server, slug):
    phone, lang = phone
    for sec_id in DISPUTES[slug]:
        sec = REFERENCES[slug].section(sec_id)
        phone.goto(live_server.url + games[slug])  # the dispute starts at the game page
        expect(phone.locator("html")).to_have_attribute("lang", lang)
        tap_and_load(phone, phone.locator("header.bar > a").filter(
            has_text=said(lang, "Rules")).last)
        phone.locator(f'nav.toc a[href="#{sec_id}"]').tap()
        taps = 2
        section = phone.locator(f"section#{sec_id}")
        on_screen(phone, section.locator("h3"))
        assert taps <= MOST_TAPS, f"{slug} {sec_id}: {taps} taps"
        if lang != "en":  # the rule itself in the reader's language
            shown = section.locator("p:not(.rule)").all_inner_texts()
            left = [f"¶{n + 1}: {found}" for n, (s, e) in enumerate(zip(shown, sec.body))
                    for found in english_left(s.strip(), str(e), kept_words(slug))]
            if left:
                shot(phone, f"dispute-{slug}-{sec_id}-{lang}", always=True)
            assert left == [] and len(shown) == len(sec.body), (slug, sec_id, lang, left)
        if sec.affects:  # the game's own numbers: the reference kept the game
            box = section.locator(".affects h4")
            expect(box).to_have_text(said(lang, "In this game"))
