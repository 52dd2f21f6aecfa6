"""Setup in a minute (issue 22): once a first game of a group taught the box data, a phone sets
up the group's next game of 3 players in at most 15 touches, counted in Chromium at phone size.

What counts: a tap on a field, a button or a choice is one touch; choosing from a drop-down list
is two (opening it and picking); typing a name is one touch (on the field) plus one keyboard
entry, counted apart. Values printed on components come from the box data the first game taught
and are not touched."""
from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.tables import chip, choose_count, fill_form, tap_and_load

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Ben", "Cy")

#: what a first game types once: the box data the server keeps for the next table
TEACH: dict[str, dict[str, Any]] = {
    "hadara": {**{f"players-{i}-{k}": v for i in range(3) for k, v in dict(
        initiative=i + 1, coins=10, income=1, military=0, culture=0, food=3).items()}},
    "tradewarz": {"cost_settlement": "1 lumber + 1 wheat",
                  "cost_tech_economy": "1 gold + 1 lumber + 1 wheat"},
    "hexemonia": {"icon_4": 13},  # (with 3 players the icon-3 hexes stay in the game)
}
#: what the table decides in a second game, besides the names: (field, value, how it is set)
DECIDE: dict[str, tuple[tuple[str, Any, str], ...]] = {
    "hadara": tuple((f"players-{i}-initiative", i + 1, "chip") for i in range(3)),
    "tradewarz": (),
    "hexemonia": (),  # each player enters their own Acropolis on their own phone
}
#: a value the box data fills in the second game (field, value shown)
KNOWN = {"hadara": ("players-2-coins", "10"),
         "tradewarz": ("cost_settlement", "1 lumber + 1 wheat"),
         "hexemonia": ("icon_4", "13")}
CITIES = ("athens", "sparta", "olympia")


class Touches:
    def __init__(self) -> None:
        self.touches = self.keyboard = 0

    def type(self, page: Page, name: str, value: Any) -> None:
        field = page.locator(f'form.setup [name="{name}"]')
        field.tap()
        field.fill(str(value))
        self.touches += 1
        self.keyboard += 1

    def chip(self, page: Page, name: str, value: Any) -> None:
        chip(page.locator("form.setup"), name, value).tap()
        self.touches += 1

    def pick(self, page: Page, name: str, value: Any) -> None:
        page.locator(f'form.setup [name="{name}"]').select_option(str(value))
        self.touches += 2

    def players(self, page: Page, n: int) -> None:
        """"How many players?", asked first by a game whose setup depends on it."""
        nav = page.locator("nav.count")
        if nav.count() and not page.locator("form.setup").count():
            self.touches += 1
            tap_and_load(page, nav.get_by_role("link", name=str(n), exact=True))

    def start(self, page: Page) -> None:
        self.touches += 1
        tap_and_load(page, page.get_by_role("button", name="Start the game"))


def new_group(live_server) -> str:
    """A group (made by the store: its making is not what is counted); its link token."""
    from companion.groups import create_group
    with live_server.app.app_context():
        return create_group("Family").token


def first_game(page: Page, url: str, slug: str, group: str) -> None:
    page.goto(f"{url}/new/{slug}?group={group}")
    choose_count(page, len(NAMES))
    values = {**{f"players-{i}-name": n for i, n in enumerate(NAMES)}, **TEACH[slug]}
    if slug == "hexemonia":
        values.update({f"players-{i}-city": c for i, c in enumerate(CITIES)})
    fill_form(page.locator("form.setup"), values)
    tap_and_load(page, page.get_by_role("button", name="Start the game"))
    expect(page.locator("#game")).to_have_count(1)


@pytest.mark.parametrize("slug", ["hadara", "tradewarz", "hexemonia"])
def test_a_known_box_sets_up_3_players_in_15_touches(open_context, live_server, slug):
    context = open_context("phone")
    page = context.new_page()
    group = new_group(live_server)
    first_game(page, live_server.url, slug, group)

    page.goto(f"{live_server.url}/new/{slug}?group={group}")
    field, shown = KNOWN[slug]
    count = Touches()
    count.players(page, len(NAMES))
    if slug != "hadara":  # on the form from the start
        expect(page.locator(f'form.setup [name="{field}"]')).to_have_value(shown)
    for i, name in enumerate(NAMES):
        count.type(page, f"players-{i}-name", name)
    for name, value, how in DECIDE[slug]:
        getattr(count, how)(page, name, value)
    if slug == "hadara":  # the seat's setup card values follow from its known card (chips)
        expect(page.locator(f'form.setup [name="{field}"][value="{shown}"]')).to_be_checked()
    count.start(page)
    expect(page.locator("#game")).to_have_count(1)
    expect(page.locator("#game .alert")).to_have_count(0)
    for name in NAMES:
        expect(page.locator("#game")).to_contain_text(name)
    assert count.touches <= 15, count.touches
    assert count.keyboard <= 6, count.keyboard
