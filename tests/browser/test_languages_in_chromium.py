"""Choosing a language on a phone: the footer's links set it for this browser, it survives a
reload and the next page, and the interface then speaks it (the expected word is read from the
Italian catalog, not written here)."""
from __future__ import annotations

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import expect

from tests.browser.conftest import ROOT, shot
from tests.browser.tables import tap_and_load

pytestmark = pytest.mark.browser
CATALOG = ROOT / "translations" / "web" / "it" / "LC_MESSAGES" / "messages.po"


def italian(msgid: str) -> str:
    with CATALOG.open("rb") as fh:
        entry = read_po(fh, locale="it").get(msgid)
    return entry.string if entry and not entry.fuzzy else ""


def test_italiano_from_the_footer_sticks_to_this_phone(open_context, live_server):
    context = open_context("phone")
    page = context.new_page()
    page.goto(live_server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "en")  # the browser says en-GB
    footer = page.locator("footer.langs")
    tap_and_load(page, footer.get_by_role("link", name="Italiano"))
    assert page.url == live_server.url + "/", page.url  # back on the page it was tapped on
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(footer.locator('a[hreflang="it"]')).to_have_attribute("aria-current", "true")
    assert {c["name"]: c["value"] for c in context.cookies()}.get("lang") == "it"
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "it")
    rules = page.locator("header.bar").locator('a[href$="/rules"]')
    tap_and_load(page, rules)  # a new page, reached by a tap
    assert page.url.endswith("/rules"), page.url
    expect(page.locator("html")).to_have_attribute("lang", "it")
    word = italian("Language")
    if not word:
        pytest.skip(f'no Italian for msgid "Language" in {CATALOG.relative_to(ROOT)} yet '
                    "(the catalogs are being filled): the interface word is not checked")
    assert footer.locator("span").inner_text().strip() == f"{word}:", (
        "the footer does not show the catalog's Italian: stale .mo files? run `make catalogs`")
    shot(page, "phone-rules-italiano")


def test_back_to_english_from_the_footer(open_context, live_server):
    page = open_context("phone").new_page()
    page.goto(live_server.url + "/new/hadara")
    footer = page.locator("footer.langs")
    tap_and_load(page, footer.get_by_role("link", name="中文"))
    expect(page.locator("html")).to_have_attribute("lang", "zh")
    assert page.url.endswith("/new/hadara"), page.url
    tap_and_load(page, footer.get_by_role("link", name="English"))
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(footer.locator("span")).to_have_text("Language:")
