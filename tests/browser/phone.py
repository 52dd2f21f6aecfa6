"""What a phone does in the browser tests, shared by their modules: start a game, find a button,
read the page's version and score pad, count the touches it takes."""
from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator, Page, expect

from tests.browser.tables import HadaraTable, chip, recorded, tap_and_load


def start_hadara(page: Page, base: str) -> None:
    """A two-player Hadara game started from its setup form, at its first step."""
    page.goto(base + "/new/hadara")
    HadaraTable().fill_setup(page)
    tap_and_load(page, page.locator("main form button.big"))  # "Start the game", any language
    expect(page.locator("#game")).to_be_visible()


def sell(page: Page, seat: int = 0) -> Locator:
    """The player's "Sell a card" button (found by its form, in any language)."""
    return page.locator(f"#p{seat} form[action$='/do/sell'] button")


def version(page: Page) -> str:
    return page.locator("#game").get_attribute("data-version")


def on_screen(page: Page, target: Locator) -> None:
    """``target`` is inside the screen and below the sticky header bar, where a reader sees it."""
    page.wait_for_timeout(100)  # the scroll that brings it into view
    top, bottom, bar, height = target.evaluate("""e => [e.getBoundingClientRect().top,
        e.getBoundingClientRect().bottom,
        document.querySelector("header.bar").getBoundingClientRect().bottom, innerHeight]""")
    assert top >= bar - 1, f"the message is under the header bar: top {top}, bar ends {bar}"
    assert bottom <= height, f"the message is below the screen: its end {bottom} of {height}"


def start_game(page: Page, base: str, table) -> str:
    """From the games list, tap "Start a game" for this game, fill the setup, start it."""
    page.goto(base + "/")
    card = page.locator(".card").filter(has=page.locator("h3", has_text=re.compile(
        f"^{table.slug}$", re.I)))
    tap_and_load(page, card.get_by_role("link", name="Start a game"))
    table.fill_setup(page)
    tap_and_load(page, page.get_by_role("button", name="Start the game"))
    expect(page.locator("#game")).to_be_visible()
    return page.url


def score_pad(page: Page) -> dict[str, dict[str, int]]:
    """The score pad as shown: player -> line label -> points (the Total row included)."""
    names = [t.strip() for t in page.locator("table.pad thead th").all_inner_texts()][1:]
    pad: dict[str, dict[str, int]] = {n: {} for n in names}
    for row in page.locator("table.pad tbody tr:not(.why)").all():
        # the line's name (its rule is linked under it, in the same cell)
        label = row.locator("th").evaluate("th => th.firstChild.textContent").strip()
        for name, cell in zip(names, row.locator("td").all()):
            pad[name][label] = int(cell.locator("summary").inner_text().strip()
                                   if cell.locator("summary").count() else cell.inner_text())
    return pad


class Count:
    """Every touch and keyboard entry one phone makes, counted as it is made."""

    def __init__(self, page: Page, *, paced: bool = False):
        self.page, self.touches, self.keyboard, self.paced = page, 0, 0, paced

    def tap(self, target: Locator) -> None:
        """(``paced``: a moment passes first, as a person reads what the last tap did: a button
        that just took the place of the one tapped takes no tap at once)"""
        self.touches += 1
        if self.paced:
            self.page.clock.fast_forward(500)
        target.tap()

    def type(self, target: Locator, text: str) -> None:
        """Typing: one touch and one keyboard entry."""
        self.tap(target)
        self.keyboard += 1
        target.fill(text)

    def load(self, target: Locator) -> None:
        """A tap that loads another page (a link, a calculator's question)."""
        self.touches += 1
        tap_and_load(self.page, target)

    def chips(self, form: Locator, **values: Any) -> None:
        for name, value in values.items():
            self.tap(chip(form, name, value))

    def pick(self, target: Locator, value: str) -> None:
        self.touches += 2
        target.select_option(value)

    def open(self, panel: Locator) -> Locator:
        """A panel opened by a tap on its summary (not tapped when already open)."""
        if not panel.evaluate("d => d.open"):
            self.tap(panel.locator(":scope > summary"))
        return panel

    def send(self, target: Locator) -> None:
        """The touch that records an action: the game shows it, no refusal."""
        recorded(self.page, lambda: self.tap(target))
