"""A first TradeWarz game without a keyboard (issue 39), counted in Chromium at phone size: a
fresh server, no group, so no box data taught by an earlier game. Four houses, each on its own
phone, set up and play a whole year in which a March leads to a battle.

Each house spends at most 13 touches, 2 keyboard entries and 2 scrolls on its setup share and
its year (issue 49: the choices of its action are one tap each at the top of its board, brought
into view when its turn comes; the names typed at setup are not counted, nor the setup's
scrolls): the host's colour chips, Start and its seat; each other phone types the join code,
taps Join and its name. Each phone is tapped as a newcomer taps it (``Table``). The battle that
follows the March takes at most 4 touches and no keyboard: on the battle form the March leaves
(in view by itself), a card chip for each side and the place the armies met (which works it out, its
answer on screen), then Record. The settlement Cobalt paid by
hand in Summer is offered back to Basalt in Winter as one tap a silo.

What counts: a tap on a field, chip, button, summary or link is one touch; typing is one touch
and one keyboard entry. Every dial expected is counted by ``TradeWarzHouse`` from the
rulebook, not read from the app."""
from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.tables import (
    SCROLL_UNDER_BAR,
    TradeWarzHouse,
    chip,
    recorded,
    tap_and_load,
)

pytestmark = pytest.mark.browser

NAMES = ("Amber", "Basalt", "Cobalt", "Dune")
COLOURS = ("yellow", "red", "blue", "green")
A, B, C, D = range(4)
RECRUIT = {"lumber": 3, "wheat": 3}  # the shipped (unverified) box value, kept at setup
UNIVERSITY = {"gold": 1, "mining": 1}
SETTLEMENT = {"lumber": 1, "wheat": 1}  # printed on the components: typed once, in Summer


#: the top of an element is on screen below the sticky header bar, and its bottom on screen
IN_VIEW = """e => { const r = e.getBoundingClientRect();
    const bar = document.querySelector('header.bar').getBoundingClientRect().bottom;
    return r.top >= bar - 1 && r.bottom <= innerHeight; }"""


class Table:
    """The four phones, what each has spent, and the houses as the test counts them.

    Each phone is tapped as a newcomer taps it: the control named with the words of what the
    house does, the first one on its page from the top (a chip or a button, else a link or a
    panel's summary), with no knowledge of where the page keeps it; a field's chip is found by
    the field's label. A control not on screen, under the sticky header bar or below the
    screen, costs a scroll first (to just under the bar, as a thumb brings it)."""

    def __init__(self, height: int) -> None:
        self.height = height
        self.phones: dict[int, Page] = {}
        self.touches: Counter[int] = Counter()
        self.keyboard: Counter[int] = Counter()
        self.scrolls: Counter[int] = Counter()
        self.counting_scrolls = False
        self.houses = [TradeWarzHouse(n) for n in NAMES]
        self.last: Page | None = None

    # ------------------------------------------------------------------- what a newcomer sees
    def seen(self, seat: int, words: str, scope: Locator | None = None) -> Locator:
        """The first control on the phone whose words are ``words`` (a button's or chip's name
        exactly; else a link or summary that starts with them)."""
        page = self.phones[seat]
        scope = scope or page.locator("#game")
        exact = scope.get_by_role("button", name=words, exact=True)
        if exact.count():
            return exact.first
        starts = re.compile("^" + re.escape(words) + r"(?!\w)")  # (whole words: not TradeWarz)
        for found in (scope.get_by_role("link", name=starts),
                      scope.locator("summary").filter(has_text=starts),
                      scope.get_by_role("button", name=starts)):
            if found.count():
                return found.first
        raise AssertionError(f"{NAMES[seat]}'s phone shows nothing named {words!r}")

    def field(self, seat: int, label: str, value: Any) -> Locator:
        """The chip of ``value`` in the first field labelled ``label`` on the phone."""
        group = self.phones[seat].get_by_role("radiogroup", name=label, exact=True).first
        return group.locator("label").filter(has_text=re.compile(f"^{re.escape(str(value))}$"))

    def bring(self, seat: int, target: Locator) -> None:
        """A control off the screen costs a scroll (counted from the first season on)."""
        target.wait_for()
        if not target.evaluate(IN_VIEW):
            if self.counting_scrolls:
                self.scrolls[seat] += 1
            target.evaluate(SCROLL_UNDER_BAR)

    def tap(self, seat: int, target: Locator) -> None:
        self.bring(seat, target)
        self.touches[seat] += 1
        target.tap()

    def load(self, seat: int, target: Locator) -> None:
        """A tap that loads another page (a link, a form outside the live game)."""
        self.bring(seat, target)
        self.touches[seat] += 1
        tap_and_load(self.phones[seat], target)

    def type(self, seat: int, field: Locator, text: str) -> None:
        self.touches[seat] += 1
        self.keyboard[seat] += 1
        field.tap()
        field.fill(text)

    def at(self, seat: int, season: str | None = None) -> Page:
        """House ``seat``'s phone once it shows the last step recorded (and, for a season
        action, that it is this house's turn in ``season``)."""
        page = self.phones[seat]
        if self.last is not None and self.last is not page:
            version = self.last.locator("#game").get_attribute("data-version")
            expect(page.locator(f'#game[data-version="{version}"]')).to_have_count(1)
        self.last = page
        if season:
            expect(page.locator(".tw-season-now")).to_have_text(season)
            expect(page.locator(".tw-turn-now")).to_have_text(NAMES[seat])
            page.wait_for_timeout(50)  # (the page's script brings the turn into view)
        return page

    def send(self, seat: int, target: Locator) -> None:
        """The touch that records a step: the phone shows it and no refusal."""
        self.bring(seat, target)
        recorded(self.phones[seat], lambda: self.tap(seat, target))

    def choice(self, seat: int, season: str, words: str) -> None:
        """A season action of one tap: the choice with these words, the first on the page."""
        self.at(seat, season)
        self.send(seat, self.seen(seat, words))

    # ------------------------------------------------------------------- season actions
    def resources(self, seat: int, season: str, first: str, second: str = "") -> None:
        self.choice(seat, season, f"{first} + {second}" if second else f"2 {first}")
        self.houses[seat].add({first: 1, second: 1} if second else {first: 2})

    def recruit(self, seat: int, season: str) -> None:
        self.choice(seat, season, "Recruit 1 soldier · 3 lumber + 3 wheat")
        house = self.houses[seat]
        house.pay(RECRUIT)
        house.soldiers, house.reserve = house.soldiers + 1, house.reserve - 1

    def retreat(self, seat: int, season: str) -> None:
        self.choice(seat, season, "Retreat")

    def university(self, seat: int, season: str) -> None:
        """Level 1 of the economy university, its cost the shipped box value."""
        self.choice(seat, season, "economy 1")
        self.houses[seat].pay(UNIVERSITY)

    def settlement(self, seat: int, season: str, silo: str, *, offered: bool) -> None:
        """A settlement whose cost the box data lacks: the first time its form, from the link
        at the top, paid by chips; then the payment typed before is part of each silo's chip."""
        page = self.at(seat, season)
        if offered:
            expect(self.phones[seat].locator("#game")).to_contain_text(
                "Build a settlement · 1 lumber + 1 wheat")  # (the payment made before)
            self.send(seat, self.seen(seat, f"silo on {silo}"))
        else:
            self.load(seat, self.seen(seat, "Build a settlement"))
            self.tap(seat, self.field(seat, f"New building: silos on {silo}", 1))
            for resource, n in SETTLEMENT.items():
                self.tap(seat, self.field(seat, f"Paid {resource}", n))
            self.send(seat, page.get_by_role("button", name=re.compile("^Build a settlement")))
        house = self.houses[seat]
        house.pay(SETTLEMENT)
        house.settlements += 1
        house.silos[silo] += 1

    def march(self, seat: int, season: str, on: int | None = None) -> None:
        self.choice(seat, season, f"on {NAMES[on]}" if on is not None else "no battle")

    def trade(self, seat: int, partner: int, give: dict[str, int], get: dict[str, int]) -> None:
        """A trade (a free action: the turn does not move), from the first Trade on the page:
        the house's own board, first on its phone."""
        self.at(seat)
        self.load(seat, self.seen(seat, "Trade"))
        self.tap(seat, self.field(seat, "Partner", NAMES[partner]))
        for words, amounts in (("gives", give), ("gets", get)):
            for resource, n in amounts.items():
                self.tap(seat, self.field(seat, f"House {words} {resource}", n))
        self.send(seat, self.seen(seat, "Trade", self.phones[seat].locator("form")))
        self.houses[seat].add({r: -n for r, n in give.items()} | get)
        self.houses[partner].add(give | {r: -n for r, n in get.items()})

    # ------------------------------------------------------------------- the battle
    def battle(self, seat: int, defender: int, cards: tuple[str, str]) -> tuple[int, int]:
        """The battle the March left, from the board's battle form (in view by itself after
        the March) to the battle recorded; its touches and keyboard entries."""
        page = self.at(seat)
        before = self.touches[seat], self.keyboard[seat]
        form = page.locator("#tw-battle-now")
        expect(form.locator("h2")).to_have_text(
            f"Battle: {NAMES[seat]} marched on {NAMES[defender]}")
        # both houses come from the March, and the soldiers from their boards: an army away
        # from its capital holds as many as the capital supports there (2; neither house has
        # a building yet), no more than the house has on the map
        expect(form.locator('[name="attacker"]')).to_have_value(str(seat))
        expect(form.locator('[name="defender"]')).to_have_value(str(defender))
        armies = {side: min(self.houses[house].soldiers, 2)
                  for side, house in (("attacker", seat), ("defender", defender))}
        for side, card in zip(("Attacker", "Defender"), cards):
            self.tap(seat, self.field(
                seat, f"{side}: battle card (strength/kills/blocks)", card))
        self.load(seat, self.seen(seat, "In the field"))
        for side, soldiers in armies.items():
            expect(page.locator(f'form.tw-calc [name="{side}_soldiers"][value="{soldiers}"]')
                   ).to_be_checked()
        result = page.locator("#result")
        box = result.bounding_box()
        assert box and 0 <= box["y"] < self.height * 0.6, box  # the answer where the eye is
        a, d = self.houses[seat], self.houses[defender]
        a_card, d_card = (tuple(map(int, c.split("/"))) for c in cards)
        strength = (armies["attacker"] + a_card[0], armies["defender"] + d_card[0])
        expect(result.locator("h2").first).to_have_text(f"{NAMES[seat]} (attacker) wins")
        assert strength[0] > strength[1], strength
        self.load(seat, page.get_by_role("button", name=f"Record the battle: {NAMES[seat]} wins"))
        expect(page.locator("#game .alert, #not-recorded")).to_have_count(0)
        a_lost = min(max(d_card[1] - a_card[2], 0), armies["attacker"])
        d_lost = min(max(a_card[1] - d_card[2], 0), armies["defender"])
        a.soldiers, a.reserve = a.soldiers - a_lost, a.reserve + a_lost
        d.soldiers, d.reserve = d.soldiers - d_lost, d.reserve + d_lost
        a.golden += 1
        return self.touches[seat] - before[0], self.keyboard[seat] - before[1]

    def end_of_spring(self, seat: int) -> None:
        self.at(seat)
        self.send(seat, self.seen(seat, "Apply the end of Spring for every house"))
        for house in self.houses:
            house.spring()

    def check_dials(self, seat: int) -> None:
        page = self.at(seat)
        for i, house in enumerate(self.houses):
            for r in house.RES:
                expect(page.locator(f"#p{i} .num.tw-{r} b")).to_have_text(str(house.dials[r]))


def set_up(table: Table, open_phone, url: str) -> None:
    """The host types the names and taps a colour chip a house; the join code is on its first
    screen; each other phone joins with it and taps its name."""
    host = table.phones[A] = open_phone()
    host.goto(f"{url}/new/tradewarz")
    form = host.locator("form.setup")
    for i, (name, colour) in enumerate(zip(NAMES, COLOURS)):
        field = form.locator(f'[name="players-{i}-name"]')
        field.tap()
        field.fill(name)  # (names are not counted: every table types its own)
        table.tap(A, chip(form, f"players-{i}-colour", colour))
    table.load(A, host.get_by_role("button", name="Start the game"))
    code = host.locator(".join-now .code")
    box = code.bounding_box()
    assert box and box["y"] + box["height"] <= table.height, box  # no scrolling to read it
    link = host.url
    table.load(A, host.locator("#seat-prompt").get_by_role("button", name=NAMES[A], exact=True))
    for seat in (B, C, D):
        page = table.phones[seat] = open_phone()
        page.goto(url + "/")
        table.type(seat, page.locator('[name="code"]'), code.inner_text().lower())
        table.load(seat, page.get_by_role("button", name="Join", exact=True))
        prompt = page.locator("#seat-prompt")
        table.load(seat, prompt.get_by_role("button", name=NAMES[seat], exact=True))
        expect(page).to_have_url(re.compile(re.escape(link)))
    for seat, colour in enumerate(COLOURS):
        expect(host.locator(f"#p{seat} header small")).to_have_text(colour)


def play_the_year(table: Table) -> tuple[int, int]:
    """Five seasons, every action tapped on the phone of the house taking it; the battle's
    touches and keyboard entries."""
    table.resources(A, "Summer", "lumber", "wheat")
    table.resources(B, "Summer", "wheat")
    table.settlement(C, "Summer", "wheat", offered=False)
    table.recruit(D, "Summer")

    table.university(A, "Fall")
    table.march(B, "Fall", on=D)
    battle = table.battle(B, D, ("4/1/1", "2/3/1"))  # 2 + 4 against 2 + 2
    table.resources(C, "Fall", "lumber", "wheat")
    table.resources(D, "Fall", "lumber")

    table.recruit(A, "Winter")
    table.settlement(B, "Winter", "lumber", offered=True)
    table.resources(C, "Winter", "wheat")
    table.march(D, "Winter")

    table.resources(A, "Season 4", "mining")
    table.recruit(B, "Season 4")
    table.retreat(C, "Season 4")
    table.trade(D, C, {"gold": 2}, {"wheat": 2})
    table.resources(D, "Season 4", "wheat")

    table.retreat(A, "Spring")
    table.retreat(B, "Spring")
    table.recruit(C, "Spring")
    table.retreat(D, "Spring")
    table.end_of_spring(A)
    return battle


def test_a_first_game_year_with_a_battle_takes_each_house_13_touches_and_2_scrolls_at_360_px(
        open_context, live_server, width=360, height=780):
    table = Table(height)

    def open_phone() -> Page:
        return open_context("phone", viewport={"width": width, "height": height}).new_page()

    set_up(table, open_phone, live_server.url)
    table.counting_scrolls = True
    battle = play_the_year(table)
    expect(table.at(A).locator(".tw-calendar")).to_contain_text("Year 2 of 4")
    table.check_dials(A)
    print("touches:", dict(table.touches), "keyboard:", dict(table.keyboard),
          "scrolls:", dict(table.scrolls), "battle:", battle)
    assert battle[0] <= 4 and battle[1] == 0, battle
    assert all(table.touches[s] <= 13 for s in range(4)), table.touches
    assert all(table.keyboard[s] <= 2 for s in range(4)), table.keyboard
    assert all(table.scrolls[s] <= 2 for s in range(4)), table.scrolls
