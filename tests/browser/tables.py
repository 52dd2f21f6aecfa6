"""How a player taps through each game in the browser. One driver per game; a game joins the
browser tests by adding a driver here once its board template exists."""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urljoin

from playwright.sync_api import Locator, Page, expect


def tap_and_load(page: Page, target: Locator) -> None:
    """Tap a link or a submit button outside the game and wait for the page it loads."""
    with page.expect_navigation(wait_until="load"):
        target.tap()


def chip(form: Locator, name: str, value: Any) -> Locator:
    """The large chip of one value of a small number or a colour (a radio drawn as a button)."""
    return form.locator(f'label:has(> input[name="{name}"][value="{value}"])')


def typed(form: Locator) -> Locator:
    """A form's typed fields: under "not in the list" when it offers known values (box data
    from an earlier game on this server), opened."""
    other = form.locator("details.other")
    if other.count() and not other.evaluate("d => d.open"):
        other.locator("summary").tap()
    return form


#: the game shows version ``v`` or a later one
_SHOWS_AT_LEAST = "v => Number(document.getElementById('game')?.dataset.version) >= v"


def recorded(page: Page, tap: Callable[[], None]) -> None:
    """Make a tap that records a step (``tap``), wait for its own answer, then until the game
    shows the version it recorded (or a later one), with no refusal. The page either reloads
    (no script) or static/app.js sends the tap with fetch and swaps the game in place. (Waiting
    only for "a newer version" would let a test go on while its tap is still on its way: another
    phone's step, arriving as a live update, also makes the version newer.)"""
    before = page.locator("#game").get_attribute("data-version")
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        tap()
    said = answer.value
    shown = None
    if "json" in (said.headers.get("content-type") or ""):
        shown = said.json().get("version")
    if isinstance(shown, int):
        page.wait_for_function(_SHOWS_AT_LEAST, arg=shown)
    else:  # (a reload: its page follows the answer)
        expect(page.locator(f'#game:not([data-version="{before}"])')).to_have_count(1)
    expect(page.locator("#game .alert, #not-recorded")).to_have_count(0)


def act(page: Page, target: Locator) -> None:
    """Tap an action and wait until the game shows the step it recorded (``recorded``)."""
    recorded(page, target.tap)


def close_button(page: Page, opened: Callable[[Locator], Any]) -> Locator:
    """Hadara: the close of the step the table is at. Once the rules would take it, it is one
    button at the top of the duties; while they refuse it, it waits in a closed panel named
    after its step, which ``opened`` opens (a tap, counted or not)."""
    direct = page.locator(".steps form.close-step button")
    if direct.count():
        return direct
    panel = page.locator(".steps details.close-step")
    opened(panel)
    return panel.get_by_role("button", name=re.compile("^Close “"))


class HadaraTable:
    """Two players through all three epochs: the wheel set each epoch, a bought card, a colony,
    a statue, then selling (phase B's ten face-up cards in turn) and closing steps. The expected
    score is worked out from the rulebook numbers below, not from the app."""

    slug = "hadara"
    SELL = {1: 2, 2: 3, 3: 4}  # coins for selling a card, by epoch
    START = {"Ana": dict(initiative=1, coins=10, income=2, military=3, culture=3, food=2),
             "Ben": dict(initiative=2, coins=10, income=2, military=1, culture=1, food=1)}

    def __init__(self, names: tuple[str, str] = ("Ana", "Ben")) -> None:
        self.names = names

    def fill_setup(self, page: Page) -> None:
        for seat, name in enumerate(self.names):
            values = self.START[("Ana", "Ben")[seat]]
            fill_form(page.locator("form.setup"), {f"players-{seat}-name": name, **{
                f"players-{seat}-{key}": value for key, value in values.items()}})

    def player(self, page: Page, seat: int) -> Locator:
        return page.locator(f"#p{seat}")

    def panel(self, page: Page, seat: int, label: str) -> Locator:
        """The shared form (one for the whole table), opened, with the player picked."""
        panel = page.locator("#actions details.panel").filter(
            has=page.locator("summary", has_text=label))
        if not panel.evaluate("d => d.open"):  # a refreshed game keeps open panels open
            panel.locator(":scope > summary").tap()
        player = panel.locator('[name="player"]')
        if player.get_attribute("type") == "hidden":  # a step in turn (H4-5): its player named
            expect(player).to_have_value(str(seat))
        else:
            player.select_option(str(seat))
        return panel

    def sell(self, page: Page, seat: int, face_up: bool = False) -> None:
        """Phase A: "Sell a card"; phase B (H4-6): a face-up card, naming its pile's colour
        (the first pile that still holds one)."""
        name = re.compile("^Sell a face-up ") if face_up else "Sell a card"
        act(page, self.player(page, seat).get_by_role("button", name=name).first)

    def step(self, page: Page, label: str) -> None:
        """A one-tap step ("Pay income to everyone"), or "Close this step": its panel, named
        after the step, opened first, then the close that names the step."""
        # a moment after the last step, as a person reads the next one (a tap at once where
        # the last step's button just was is not taken: static/app.js)
        page.clock.fast_forward(500)
        if label != "Close this step":
            act(page, page.locator(".steps").get_by_role("button", name=label))
            return

        def opened(panel: Locator) -> None:
            expect(panel.locator("summary")).to_contain_text("Close this step: ")
            if not panel.evaluate("d => d.open"):
                panel.locator("summary").tap()
            anyway = panel.locator('[type=checkbox][name="anyway"]')  # after a refused close
            if anyway.count():
                anyway.check()
        act(page, close_button(page, opened))

    def wheel(self, page: Page, decks: str = "") -> None:
        """The first player sets the wheel: Ana's icon at the purple deck, Ben's at yellow (the
        app turns it after every round, so each draws from every deck once an epoch), and the
        first time the decks' order around this table's board (joined in any order)."""
        panel = page.locator(".steps details.panel").filter(
            has=page.locator("summary", has_text="Set the wheel"))
        if not panel.evaluate("d => d.open"):
            panel.locator("summary").first.tap()
        if panel.locator("form.along").count():  # from epoch II, every icon by name waits
            panel.locator("details.other").first.locator(":scope > summary").tap()
        chip(panel, "seat1", "purple").tap()  # colours as chips: one tap each
        chip(panel, "seat2", "yellow").tap()
        for n, colour in enumerate(decks.split("-")[1:] if decks else (), start=2):
            chip(panel, f"decks.{n}", colour).tap()  # one chip a deck after yellow
        act(page, panel.get_by_role("button", name="Set the wheel"))
        expect(page.locator(".guide")).to_contain_text("Ana: purple")

    def buy_purple(self, page: Page, seat: int) -> None:
        panel = self.panel(page, seat, "Buy a card")
        typed(panel)
        chip(panel, "colour", "purple").tap()
        chip(panel, "cost", 3).tap()
        chip(panel, "points", 4).tap()
        act(page, panel.get_by_role("button", name="Buy a card", exact=True))

    def colony(self, page: Page, seat: int) -> None:
        panel = self.panel(page, seat, "Take a colony")
        typed(panel)
        for name, value in (("requirement", 3), ("points", 5), ("choice", "plunder"),
                            ("coins", 2)):
            chip(panel, name, value).tap()  # printed values as chips: one tap each
        act(page, panel.get_by_role("button", name="Take a colony", exact=True))

    def statue(self, page: Page, seat: int) -> None:
        panel = self.panel(page, seat, "Carve a statue")
        typed(panel)
        for name, value in (("statue", 1), ("requirement", 2), ("points", 3),
                            ("tile_track", "culture"), ("tile_side", "down"), ("tile_value", 2)):
            chip(panel, name, value).tap()
        act(page, panel.get_by_role("button", name="Carve a statue", exact=True))

    def epoch(self, page: Page, n: int, shots: Any = None) -> None:
        """Phase A (five rounds of cards, income, colony, statue), then phase B."""
        expect(page.locator(".guide h1")).to_contain_text("phase A: Draw and buy or sell")
        # this board's segments are joined yellow, blue, red, green, purple (not as printed)
        self.wheel(page, "yellow-blue-red-green-purple" if n == 1 else "")
        for rnd in range(5):
            for seat in (0, 1):
                if n == 1 and rnd == 0 and seat == 0:
                    self.buy_purple(page, 0)
                else:
                    self.sell(page, seat)
            if rnd == 0:  # the wheel turns along this board's order: yellow is followed by blue
                expect(page.locator(".guide")).to_contain_text("Ben: blue")
        self.step(page, "Close this step")
        self.step(page, "Pay income to everyone")
        if n == 1:
            self.colony(page, 0)
        self.step(page, "Close this step")
        if n == 1:
            self.statue(page, 0)
            if shots:
                shots(page, "game-epoch1")
        self.step(page, "Close this step")
        expect(page.locator(".guide h1")).to_contain_text("phase B")
        first = 1 if n == 2 else 0  # two players: Ana leads epochs I and III, Ben epoch II
        for pick in range(10):  # the board's face-up cards, 5 each, in turn
            self.sell(page, (first + pick) % 2, face_up=True)
        self.step(page, "Close this step")
        self.step(page, "Pay income to everyone")
        for _ in range(4):  # colony, statue, feed, medals
            self.step(page, "Close this step")

    def play_to_end(self, page: Page, shots: Any = None) -> None:
        for n in (1, 2, 3):
            self.epoch(page, n, shots)
        expect(page.locator(".guide h1")).to_contain_text("Epoch III is over")

    def expected(self) -> dict[str, dict[str, int]]:
        """Final score lines worked out by hand from the moves above."""
        sells = dict.fromkeys((0, 1), 10 * (self.SELL[1] + self.SELL[2] + self.SELL[3]))
        sells[0] -= self.SELL[1]  # Ana bought instead of selling in the first round
        income = 6 * 2  # income 2, paid in both phases of three epochs
        ana = self.START["Ana"]["coins"] - 3 + sells[0] + income + 2  # card 3, plunder 2
        ben = self.START["Ben"]["coins"] + 1 + sells[1] + income  # +1: never first player
        return {self.names[0]: {"Colonies": 5, "Statues": 3 + 2, "Cards": 4, "Coins": ana // 5},
                self.names[1]: {"Colonies": 0, "Statues": 0, "Cards": 0, "Coins": ben // 5}}


DRIVERS = {"hadara": HadaraTable}


class GenericTable:
    """Any registered game: the setup form filled from values its rules accept (see
    tests/properties/tablegen.py). Its players then find their names on the score pad; the game
    itself is played by a game's own driver once it has one."""

    def __init__(self, slug: str, names: tuple[str, ...] = ()) -> None:
        from companion.games import GAMES
        self.slug, self.rules = slug, GAMES[slug]
        self.names = names or ("Ana", "Ben")

    def setup(self) -> dict:
        from tests.properties.tablegen import valid_setup
        return valid_setup(self.rules, len(self.names), self.names)

    def fill_setup(self, page: Page) -> None:
        choose_count(page, len(self.names))
        setup = self.setup()
        values = {f.name: setup[f.name] for f in self.rules.setup_fields if f.name in setup}
        for seat, player in enumerate(setup["players"]):
            values.update({f"players-{seat}-{k.replace('.', '__')}": v
                           for k, v in player.items()})
        for name, value in values.items():
            field = page.locator(f'[name="{name}"]').first
            if not field.count():
                continue  # a field this form leaves to its default
            tag, kind = field.evaluate("e => [e.tagName, e.type]")
            if kind == "checkbox":
                field.set_checked(bool(value))
            elif kind == "radio":  # a choice drawn as chips ("": none ticked)
                if value != "":
                    chip(page, name, value).first.click()
            elif tag == "SELECT":
                field.select_option(str(value))
            else:
                field.fill(str(value))

    def expected(self) -> dict[str, dict[str, int]]:
        return {}


def driver(slug: str):
    return DRIVERS.get(slug, lambda: GenericTable(slug))()


def choose_count(page: Page, players: int) -> None:
    """On a setup page that asks "How many players?" first (and shows no form before), tap the
    count."""
    if page.locator("nav.count").count() and not page.locator("form.setup").count():
        tap_and_load(page, page.locator("nav.count").get_by_role("link", name=str(players),
                                                                 exact=True))


def open_panel(scope: Locator, label: str) -> Locator:
    """The ``details.panel`` of ``scope`` whose summary starts with ``label``, opened by a tap
    (a panel the refreshed game kept open stays open). A panel whose form is drawn on asking
    (``data-more``) is ready once the page's script has brought its form, as a player waits
    for it before tapping in it."""
    import re
    panel = scope.locator("details.panel").filter(  # a summary's text may start on a new line
        has=scope.page.locator("summary", has_text=re.compile(r"^\s*" + re.escape(label)))).first
    if not panel.evaluate("d => d.open"):
        later = panel.get_attribute("data-more") is not None
        panel.locator("summary").first.tap()
        if later:
            expect(panel.locator("form").first).to_be_attached()
    return panel


#: scroll an element to the top of the screen, just below the sticky header bar
SCROLL_UNDER_BAR = """e => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY -
    document.querySelector("header.bar").offsetHeight - 8)"""


def tap_act(page: Page, target: Locator) -> None:
    """``act``, and a refusal fails the test with the message the table would read."""
    try:
        act(page, target)
    except AssertionError:
        alerts = page.locator("#game .alert, #not-recorded").all_inner_texts()
        raise AssertionError(f"refused: {alerts}") from None


def fill_form(scope: Locator, values: dict[str, Any]) -> None:
    """Type or choose each value in the field of that name, as a player would."""
    for name, value in values.items():
        if chip(scope, name, value).count():  # a number or a choice drawn as chips: one tap
            chip(scope, name, value).first.click()
            continue
        field = scope.locator(f'[name="{name}"]').first
        tag = field.evaluate("e => e.type === 'radio' ? 'RADIO' : e.tagName")
        if tag == "SELECT":
            field.select_option(str(value))
        elif tag == "RADIO":  # a choice drawn as chips: tap the chip of that value
            chip(scope, name, value).first.click()
        else:
            field.fill(str(value))


class TradeWarzHouse:
    """One house as the test counts it (TradeWarz rulebook): 6 on every dial, 2 soldiers on the
    map and 8 in reserve at the start; the end of Spring in the order of ruling T5's default."""

    RES = ("gold", "lumber", "mining", "wheat")

    def __init__(self, name: str) -> None:
        self.name = name
        self.dials = dict.fromkeys(self.RES, 6)
        self.golden, self.posts, self.soldiers, self.reserve = 0, 0, 2, 8
        self.settlements = self.villages = self.castles = self.farthest = 0
        #: Marches made in the game: a new settlement or village stands on a square the house's
        #: soldiers reached, so no more marches from the capital than these (ruling T27)
        self.marches = 0
        self.silos = dict.fromkeys(self.RES[1:], 0)
        self.techs: list[str] = []
        self.morale = 0
        self.occupied_by: int | None = None  # the house holding this house's capital

    def add(self, change: dict[str, int]) -> None:
        for r, n in change.items():
            self.dials[r] += n
            assert self.dials[r] >= 0, (self.name, r)
        for r in self.RES:  # ruling T4 (repeat): 11 back to the bank for a golden Xadla
            while self.dials[r] >= 21:
                self.dials[r] -= 11
                self.golden += 1

    def pay(self, cost: dict[str, int], times: int = 1) -> None:
        self.add({r: -n * times for r, n in cost.items()})

    def tech(self, kind: str) -> tuple[int, ...]:
        """What the house's tech cards give (Buy Tech): yearly income, or battle values."""
        values = [TECHS[x][kind] for x in self.techs if kind in TECHS[x]]
        return tuple(map(sum, zip(*values))) if values else (0, 0, 0, 0)

    def spring(self, capitals: int = 1) -> None:
        """Each capital held (its own unless occupied, plus any it occupies: ruling T15) pays
        3 gold and 1 of each other resource and a morale card; a gold a village, a gold a post
        (T6), the silos and the techs' income (the whole formula first, T5); the 21 trades; a
        golden Xadla for 12+ on every dial (T1), one for 2+ posts (T2); a free soldier from
        the reserve (the units stay with the capital's owner)."""
        tax = self.tech("income")
        self.add({"gold": 3 * capitals + self.villages + 2 * self.castles + self.posts + tax[0],
                  **{r: capitals + self.silos[r] + tax[i]
                     for i, r in enumerate(self.RES[1:], start=1)}})
        self.golden += min(self.dials.values()) >= 12
        self.golden += self.posts >= 2
        if self.reserve:
            self.soldiers, self.reserve = self.soldiers + 1, self.reserve - 1
        self.morale += capitals

    def key(self) -> tuple[int, ...]:
        """Xadlas, then the tie-breaks: golden, strength (soldiers and the strength printed on
        the techs), empire, farthest building."""
        empire = self.settlements + 2 * self.villages + 4 * self.castles
        strength = self.soldiers + sum(TECHS[x].get("battle", (0,))[0] for x in self.techs)
        return (self.golden + self.posts + self.castles, self.golden, strength, empire,
                self.farthest)


#: the tech cards this test buys, as the rulebook prints them (Buy Tech): tree, level, yearly
#: income (gold, lumber, mining, wheat), battle values (strength, kills, blocks)
TECHS: dict[str, dict[str, Any]] = {
    "generate_tax": {"tree": "economy", "level": 1, "income": (2, 0, 0, 0)},
    "improved_building": {"tree": "economy", "level": 2},
    "defensive_tactics": {"tree": "military", "level": 1, "battle": (1, 0, 1)},
}


class TradeWarzTable:
    """Two houses through a one-year game, every season tapped on the board: resources, two
    villages paid on the form, a settlement at its box-data cost, each built after its house's
    March (ruling T27), trading posts, a March that meets an army and the battle checked in the
    calculator and recorded from it, a retreat, then the end of Spring read on its preview
    page and applied. Every number expected is counted by
    ``TradeWarzHouse`` from the rulebook, not read from the app."""

    slug = "tradewarz"
    COLOURS = ("yellow", "red")
    YEARS = 1
    SETTLEMENT = {"lumber": 1, "wheat": 1}  # typed into the setup form as box data
    VILLAGE = {"lumber": 2, "mining": 2, "wheat": 2}  # paid on the build form
    #: box data typed at setup (tech costs: these per level), and the shipped guesses kept
    TECH_COST = {"economy": {"gold": 1, "lumber": 1, "wheat": 1},
                 "military": {"gold": 1, "mining": 1, "wheat": 1}}
    UNIVERSITY = {"gold": 1, "mining": 1}  # per level: level n pays n times this
    RECRUIT = {"lumber": 3, "wheat": 3}
    CAPITAL = (6, 4, 4)  # a capital's strength, kills and blocks (The Capital City)

    def __init__(self, names: tuple[str, ...] = ("Amber", "Basalt")) -> None:
        self.names = names
        self.houses = [TradeWarzHouse(n) for n in names]

    def setup_values(self) -> dict[str, Any]:
        return {"end_mode": "years", "years": self.YEARS,
                "cost_settlement": "1 lumber + 1 wheat",
                **{f"players-{i}-name": n for i, n in enumerate(self.names)},
                **{f"players-{i}-colour": c for i, c in enumerate(self.COLOURS)}}

    def fill_setup(self, page: Page) -> None:
        fill_form(page.locator("form.setup"), self.setup_values())

    # ---------------------------------------------------------------- taps on the board
    def turn(self, page: Page, seat: int, season: str) -> Locator:
        expect(page.locator(".tw-season-now")).to_have_text(season)
        expect(page.locator(".tw-turn-now")).to_have_text(self.names[seat])
        return page.locator("section.tw-turn")

    def resources(self, page: Page, seat: int, season: str, first: str, second: str = "") -> None:
        panel = open_panel(self.turn(page, seat, season), "Resources +2")
        fill_form(panel, {"first": first, **({"second": second} if second else {})})
        tap_act(page, panel.get_by_role("button", name="Resources +2"))
        self.houses[seat].add({first: 1, second or first: 1} if second else {first: 2})

    def build(self, page: Page, seat: int, season: str, what: str, silos: dict[str, int],
              distance: int, twice: int = 0) -> None:
        """A settlement or village ``distance`` marches from the capital; ``twice`` (Improved
        building): a second one at that distance for the same build option, paid twice
        (``silos``: every silo both place). The house builds where its soldiers stand, so the
        test's own count holds it to the Marches it made before (ruling T27)."""
        reach = self.houses[seat].marches
        assert max(distance, twice) <= reach, (
            f"{self.names[seat]} has made {reach} Marches: no building {max(distance, twice)} "
            "marches away (ruling T27): march first")
        panel = open_panel(self.turn(page, seat, season), f"Build a {what}")
        values = {f"silo_{r}": n for r, n in silos.items()}
        values["distance"] = distance
        cost = self.SETTLEMENT if what == "settlement" else self.VILLAGE
        words = " + ".join(f"{n} {r}" for r, n in cost.items())
        offer = panel.get_by_role("button", name=f"Pay {words}, as paid before in this game")
        if offer.count():  # paid by hand before in this game: that payment is one tap
            send = offer
        elif panel.locator('[name="pay_lumber"]').count():  # cost not known yet: enter it
            values.update({f"pay_{r}": n for r, n in cost.items()})
            send = panel.locator("button.btn").last
        else:  # a cost in the box data is paid by itself
            expect(panel.locator("summary")).to_contain_text(words)
            send = panel.locator("button.btn").last
        if twice:
            panel.locator('label:has(> input[name="twice"])').tap()
            values["distance_2"] = twice
        fill_form(panel, values)
        tap_act(page, send)
        house, times = self.houses[seat], 2 if twice else 1
        house.pay(cost, times)
        for r, n in silos.items():
            house.silos[r] += n
        setattr(house, what + "s", getattr(house, what + "s") + times)
        house.farthest = max(house.farthest, distance, twice)

    def university(self, page: Page, seat: int, season: str, tree: str, level: int) -> None:
        """Straight to ``level``: every level on the way is paid (Build: University)."""
        panel = open_panel(self.turn(page, seat, season), "Build a university level")
        fill_form(panel, {"tree": tree, "level": level})
        tap_act(page, panel.get_by_role("button", name=re.compile("^Build a university")))
        self.houses[seat].pay(self.UNIVERSITY, sum(range(1, level + 1)))

    def buy_tech(self, page: Page, seat: int, season: str, tech: str) -> None:
        """A level-n tech pays n times its tree's cost (Buy Tech)."""
        panel = open_panel(self.turn(page, seat, season), "Buy a tech")
        typed(panel).locator('[name="tech"]').select_option(tech)  # the typed list, as before
        tap_act(page, panel.get_by_role("button", name="Buy a tech"))
        card = TECHS[tech]
        self.houses[seat].pay(self.TECH_COST[card["tree"]], card["level"])
        self.houses[seat].techs.append(tech)

    def recruit(self, page: Page, seat: int, season: str) -> None:
        panel = open_panel(self.turn(page, seat, season), "Recruit")
        tap_act(page, panel.get_by_role("button", name=re.compile("^Recruit")))
        house = self.houses[seat]
        house.pay(self.RECRUIT)
        house.soldiers, house.reserve = house.soldiers + 1, house.reserve - 1

    def march(self, page: Page, seat: int, season: str) -> None:
        """A March; the guide then asks where the army stopped."""
        panel = open_panel(self.turn(page, seat, season), "March")
        tap_act(page, panel.get_by_role("button", name="March"))
        expect(page.locator(".guide")).to_contain_text(f"{self.names[seat]} marched.")
        self.houses[seat].marches += 1

    def retreat(self, page: Page, seat: int, season: str) -> None:
        tap_act(page, self.turn(page, seat, season).get_by_role("button", name="Retreat"))

    def hold_post(self, page: Page, seat: int, post: int) -> None:
        panel = open_panel(page.locator(f"#p{seat}"), "Take a trading post")
        fill_form(panel, {"post": post})
        tap_act(page, panel.get_by_role("button", name="Take a trading post"))
        self.houses[seat].posts += 1

    def side(self, seat: int, army: tuple, morale: tuple, attacking: bool,
             site: str) -> tuple[int, int, int]:
        """A side's strength, kills and blocks (Marching: Battle): soldiers, the card, the
        morale cards' values, the techs of its role (military attacking, engineering
        defending), and a capital's for its defender."""
        soldiers, *card = army
        trees = ("military",) if attacking else ("engineering",)
        techs = [TECHS[x]["battle"] for x in self.houses[seat].techs
                 if "battle" in TECHS[x] and TECHS[x]["tree"] in trees]
        place = self.CAPITAL if site == "capital" and not attacking else (0, 0, 0)
        total = [sum(v) for v in zip(card, morale[1:], place, *techs)]
        return total[0] + soldiers, total[1], total[2]

    def battle(self, page: Page, attacker: int, defender: int, armies: dict[str, tuple],
               site: str = "field", morale: dict[str, tuple] | None = None) -> None:
        """In the battle calculator: both armies (soldiers, card strength/kills/blocks; morale
        cards played and their strength/kills/blocks), check the winner and the casualties it
        shows, then record the battle from there."""
        morale = {"attacker": (0, 0, 0, 0), "defender": (0, 0, 0, 0), **(morale or {})}
        tap_and_load(page, page.get_by_role("link", name="Battle calculator"))
        form = page.locator("form.tw-calc")
        values = {"attacker": attacker, "defender": defender, "site": site}
        for side, (soldiers, s, k, b) in armies.items():
            values.update({f"{side}_soldiers": soldiers, f"{side}_card_s": s,
                           f"{side}_card_k": k, f"{side}_card_b": b})
            values.update({f"{side}_morale_{x}": n for x, n in zip(
                ("cards", "s", "k", "b"), morale[side]) if n})
        for n, side in enumerate(("attacker", "defender"), start=1):  # their panel, opened
            if any(morale[side]):
                form.locator("fieldset.seat").nth(n).locator("details.other > summary").tap()
        fill_form(form, values)
        tap_and_load(page, form.get_by_role("button", name="Calculate"))
        seats = {"attacker": attacker, "defender": defender}
        totals = {side: self.side(seat, armies[side], morale[side], side == "attacker", site)
                  for side, seat in seats.items()}
        other = {"attacker": "defender", "defender": "attacker"}
        losses = {side: min(max(totals[other[side]][1] - totals[side][2], 0), armies[side][0])
                  for side in seats}
        # ruling T3 (default): the defender holds a tie
        winner = "attacker" if totals["attacker"][0] > totals["defender"][0] else "defender"
        expect(page.locator("#result h2").first).to_have_text(
            f"{self.names[seats[winner]]} ({winner}) wins")
        for side in seats:
            box = page.locator(f"#side-{side}")
            expect(box.locator(".tw-strength")).to_have_text(str(totals[side][0]))
            expect(box.locator(".tw-losses")).to_have_text(str(losses[side]))
        tap_and_load(page, page.get_by_role(
            "button", name=f"Record the battle: {self.names[seats[winner]]} wins"))
        expect(page.locator("#game .alert, #not-recorded")).to_have_count(0)
        self.houses[seats[winner]].golden += 1
        for side, seat in seats.items():
            house = self.houses[seat]
            house.soldiers -= losses[side]
            house.reserve += losses[side]
            house.morale -= morale[side][0]
        survivors = armies["attacker"][0] - losses["attacker"]
        if site == "capital" and winner == "attacker" and survivors:
            # conquering a capital: two more golden Xadlas; held until the year is over (T15)
            self.houses[attacker].golden += 2
            self.houses[defender].occupied_by = attacker

    def capitals(self, seat: int) -> int:
        """The capitals whose yearly sponsorship house ``seat`` takes (ruling T15, literal)."""
        own = self.houses[seat].occupied_by is None
        return own + sum(h.occupied_by == seat for h in self.houses)

    def end_of_spring(self, page: Page, shots: Any = None, last: bool = True,
                      says: dict[int, str] | None = None) -> None:
        """The preview page first: each house's dials, golden Xadlas and morale cards
        afterwards, as the test counts them (and what ``says`` expects in a house's steps);
        then apply it from there."""
        expect(page.locator(".tw-spring h2")).to_contain_text("End of Spring")
        tap_and_load(page, page.get_by_role("link", name="End of Spring preview"))
        held = [self.capitals(seat) for seat in range(len(self.houses))]
        for house, capitals in zip(self.houses, held):
            house.spring(capitals)
        for house in self.houses:  # the occupier leaves after the year (T15)
            house.occupied_by = None
        for seat, house in enumerate(self.houses):
            box = page.locator(f"#spring-{seat}")
            for r in house.RES:
                expect(box.locator(f".tw-after-{r}")).to_have_text(str(house.dials[r]))
            expect(box.locator(".tw-after-golden")).to_have_text(str(house.golden))
            expect(box).to_contain_text(f"morale cards {house.morale}.")
            if says and seat in says:
                expect(box.locator(".tw-steps")).to_contain_text(says[seat])
        expect(page.locator(".tw-end-check")).to_contain_text(
            "The game ends" if last else "the game goes on to year")
        if shots:
            shots(page, "spring-preview")
        tap_and_load(page, page.get_by_role("button", name="Apply the end of Spring"))
        self.check_boards(page)

    def check_boards(self, page: Page) -> None:
        for seat, house in enumerate(self.houses):
            board = page.locator(f"#p{seat}")
            for r in house.RES:
                expect(board.locator(f".num.tw-{r} b")).to_have_text(str(house.dials[r]))
            expect(board.locator(".num.tw-x b")).to_have_text(str(house.key()[0]))

    def play_to_end(self, page: Page, shots: Any = None) -> None:
        a, b = 0, 1
        # every building stands where the house's soldiers marched (ruling T27): Basalt's March
        # moves to Summer and its village to Season 4; Amber's one March (Fall, into Basalt's
        # army) takes it 1 march out, so both its buildings stand 1 march away. No action is
        # added: each house still takes its five, the same kinds as before
        self.resources(page, a, "Summer", "gold")
        self.march(page, b, "Summer")
        self.hold_post(page, b, 3)  # a post is taken as the guide says: after the March to it
        self.march(page, a, "Fall")
        # Amber 2 soldiers + card 4 beats Basalt 2 + 1; casualties are kills minus blocks
        self.battle(page, a, b, {"attacker": (2, 4, 1, 1), "defender": (2, 1, 2, 0)})
        self.hold_post(page, a, 1)
        self.hold_post(page, a, 2)
        self.resources(page, b, "Fall", "wheat")
        self.build(page, a, "Winter", "settlement", {"mining": 1}, distance=1)
        self.resources(page, b, "Winter", "mining", "lumber")
        if shots:  # the season, whose turn it is and the open action panels
            page.locator(".tw-year").evaluate(SCROLL_UNDER_BAR)
            shots(page, "board")
        self.build(page, a, "Season 4", "village", {"lumber": 1, "wheat": 1}, distance=1)
        self.build(page, b, "Season 4", "village", {"wheat": 2}, distance=1)
        self.resources(page, a, "Spring", "wheat", "lumber")
        self.retreat(page, b, "Spring")
        self.check_boards(page)
        self.end_of_spring(page, shots)
        expect(page.locator(".tw-year")).to_contain_text("The game is over")

    def expected(self) -> dict[str, dict[str, int]]:
        return {h.name: {"Golden Xadlas": h.golden, "Silver Xadlas": h.posts + h.castles}
                for h in self.houses}

    def ranking(self) -> list[str]:
        return [h.name for h in sorted(self.houses, key=TradeWarzHouse.key, reverse=True)]

    #: the tie-breaks in the rulebook's order, as the score pad names them and as the score
    #: API's ``decided_by`` does
    TIE_WORDS = ("golden Xadlas", "total strength", "empire size",
                 "building farthest from the capital")
    TIE_IDS = ("golden_xadlas", "strength", "empire", "farthest_build")

    def standings(self) -> list[tuple[int, TradeWarzHouse, int, list[TradeWarzHouse]]]:
        """Each house from first to last: its place (1 + the houses ahead on the total and
        then the tie-breaks), the house, the index in ``key`` of what decided it (0: the
        total) and the houses tied with it on the total."""
        out = []
        for h in sorted(self.houses, key=TradeWarzHouse.key, reverse=True):
            place = 1 + sum(o.key() > h.key() for o in self.houses)
            tied = [o for o in self.houses if o.key()[0] == h.key()[0]]
            i = 0 if len(tied) == 1 else next(
                i for i in range(1, 5) if all(o.key()[i] != h.key()[i] for o in tied if o is not h))
            out.append((place, h, i, tied))
        return out

    def placings(self) -> list[str]:
        """The ranking lines as the pad should read them: place, name, and what decided it,
        with the tied houses' values of that tie-break in seat order."""
        lines = []
        for place, h, i, tied in self.standings():
            if not i:
                lines.append(f"{place} {h.name} by total")
                continue
            values = " · ".join(f"{o.name} {o.key()[i]}" for o in tied)
            lines.append(f"{place} {h.name} tie broken by {self.TIE_WORDS[i - 1]} ({values})")
        return lines

    def score_request(self) -> dict[str, Any]:
        """The end of the game as the test counts it, in the score API's fields: each house's
        Xadlas and what its tie-breaks read (strength: the strength printed on its techs)."""
        return {"players": [{
            "name": h.name, "golden_xadlas": h.golden, "silver_xadlas": h.posts + h.castles,
            "soldiers": h.soldiers, "tech_strength": h.key()[2] - h.soldiers,
            "settlements": h.settlements, "villages": h.villages, "castles": h.castles,
            "farthest_build": h.farthest} for h in self.houses]}

    def api_agrees(self, page: Page) -> None:
        """The score API, sent the test's own count of the end, gives each house the total
        of the lines worked out, and the places and what decided each as counted."""
        answer = page.request.post(urljoin(page.url, "/api/v1/tradewarz/score"),
                                   data=self.score_request())
        assert answer.status == 200, answer.text()
        said = answer.json()
        assert {p["name"]: p["total"] for p in said["players"]} == {
            name: sum(lines.values()) for name, lines in self.expected().items()}, said
        counted = [(place, h.name, self.TIE_IDS[i - 1] if i else "total")
                   for place, h, i, _ in self.standings()]
        assert [(r["place"], n, r["decided_by"]) for r in said["ranking"]
                for n in r["names"]] == counted, (said["ranking"], counted)


class TradeWarzThreeHouseTable(TradeWarzTable):
    """Three houses through a two-year game, each on its own seated phone, every action tapped
    on the phone of the house taking it (the others follow by polling): universities and techs
    (Generate tax paying at the end of Spring, Improved building building twice for one
    option), a March that leads to a field battle, a March that conquers a capital whose
    owner may not recruit and whose yearly sponsorship goes to its occupier (ruling T15),
    settlements each built where the house's Marches so far reach (ruling T27), trading
    posts, and two ends of Spring read on their preview and applied. The two-year total ties
    two houses: golden Xadlas break the tie."""

    COLOURS = ("yellow", "red", "blue")
    YEARS = 2

    def __init__(self) -> None:
        super().__init__(("Amber", "Basalt", "Cobalt"))
        self.phones: list[Page] = []
        self.last: Page | None = None

    def setup_values(self) -> dict[str, Any]:
        costs = {f"cost_tech_{tree}": " + ".join(f"{n} {r}" for r, n in cost.items())
                 for tree, cost in self.TECH_COST.items()}
        return {**super().setup_values(), **costs}

    def at(self, seat: int) -> Page:
        """The phone of house ``seat``, once its polling shows the last action recorded."""
        page = self.phones[seat]
        if self.last is not None:
            version = self.last.locator("#game").get_attribute("data-version")
            expect(page.locator(f'#game[data-version="{version}"]')).to_have_count(1)
        self.last = page
        return page

    def year_one(self) -> None:
        a, b, c = 0, 1, 2
        self.university(self.at(a), a, "Summer", "economy", 2)
        self.university(self.at(b), b, "Summer", "military", 1)
        self.resources(self.at(c), c, "Summer", "lumber", "wheat")
        self.buy_tech(self.at(a), a, "Fall", "generate_tax")
        self.buy_tech(self.at(b), b, "Fall", "defensive_tactics")
        # Cobalt marches into Amber's army: 2 soldiers + card 4 against 2 + card 1
        self.march(self.at(c), c, "Fall")
        self.battle(self.at(c), c, a, {"attacker": (2, 4, 1, 1), "defender": (2, 1, 2, 0)})
        # each settlement goes where the house's soldiers marched (ruling T27): Basalt and
        # Cobalt march in Winter (Cobalt 2 marches out now) and build there in Season 4. A
        # house has five actions a year, so each March the rule asks for takes the place of a
        # Resources +2 (Basalt's lumber, Cobalt's mining), not an extra season or year
        self.resources(self.at(a), a, "Winter", "gold")
        self.march(self.at(b), b, "Winter")
        self.march(self.at(c), c, "Winter")
        self.hold_post(self.at(c), c, 3)  # as the guide says: a post after the March to it
        self.resources(self.at(a), a, "Season 4", "wheat")
        self.build(self.at(b), b, "Season 4", "settlement", {"wheat": 1}, distance=1)
        self.build(self.at(c), c, "Season 4", "settlement", {"lumber": 1}, distance=2)
        self.retreat(self.at(a), a, "Spring")
        self.resources(self.at(b), b, "Spring", "wheat")
        self.retreat(self.at(c), c, "Spring")
        page = self.at(a)
        self.end_of_spring(page, last=False, says={a: "Generate tax gold +2"})
        expect(page.locator(".tw-calendar")).to_contain_text("Year 2 of 2")

    def year_two(self) -> None:
        a, b, c = 0, 1, 2
        self.buy_tech(self.at(a), a, "Summer", "improved_building")
        # Basalt marches on Cobalt's capital, its gate empty: 3 soldiers, card 4/1/1, its
        # Defensive tactics and a +1 block morale card against the capital's 6/4/4 and card 1
        self.march(self.at(b), b, "Summer")
        self.battle(self.at(b), b, c, {"attacker": (3, 4, 1, 1), "defender": (0, 1, 0, 0)},
                    site="capital", morale={"attacker": (1, 0, 0, 1)})
        assert self.houses[c].occupied_by == b, "the capital should have fallen"
        cobalt = self.at(c)
        expect(cobalt.locator("#p2 .tw-badge.warn")).to_have_text("capital held by Basalt")
        self.resources(cobalt, c, "Summer", "gold")
        # Amber marches twice, then builds its two settlements where its army stands (T27):
        # the Marches take the places of its Winter gold and of its March in Spring
        self.march(self.at(a), a, "Fall")
        self.hold_post(self.at(a), a, 1)
        self.resources(self.at(b), b, "Fall", "gold")
        self.no_recruiting(self.at(c), c, "Fall", self.names[b])
        self.resources(self.at(c), c, "Fall", "wheat")
        self.march(self.at(a), a, "Winter")
        self.hold_post(self.at(a), a, 2)
        self.resources(self.at(b), b, "Winter", "lumber")
        self.build(self.at(c), c, "Winter", "settlement", {"mining": 1}, distance=1)
        page = self.at(a)
        before = self.houses[a].settlements
        self.build(page, a, "Season 4", "settlement", {"lumber": 1, "mining": 1}, distance=1,
                   twice=2)
        assert self.houses[a].settlements == before + 2
        expect(page.locator("#p0 .tw-board tr").first.locator("td").first).to_have_text(
            f"{before + 2} / 6")
        self.check_boards(page)  # both settlements paid for, every dial as counted
        self.recruit(self.at(b), b, "Season 4")
        self.march(self.at(c), c, "Season 4")
        self.resources(self.at(a), a, "Spring", "mining")
        self.retreat(self.at(b), b, "Spring")
        self.build(self.at(c), c, "Spring", "settlement", {"wheat": 1}, distance=3)
        page = self.at(b)
        # the occupier takes the captured capital's income (T15): read it on the preview
        self.end_of_spring(page, says={b: "capital of Basalt, Cobalt",
                                       c: "capital occupied (T15)"})
        expect(page.locator(".tw-year")).to_contain_text("The game is over")

    def no_recruiting(self, page: Page, seat: int, season: str, holder: str) -> None:
        """A house whose capital is held recruits nothing (The Capital City; T15): the phone
        says the tap was not recorded, and why, once the game is drawn again."""
        panel = open_panel(self.turn(page, seat, season), "Recruit")
        page.locator("#game").evaluate("game => { game.dataset.drawnBefore = '1'; }")
        panel.get_by_role("button", name=re.compile("^Recruit")).tap()
        expect(page.locator("#game:not([data-drawn-before])")).to_have_count(1)
        expect(page.locator("#not-recorded")).to_contain_text(
            f"capital is held by {holder}: no recruiting")

    def play_to_end(self, page: Page, shots: Any = None) -> None:
        self.year_one()
        self.year_two()


class HexemoniaCity:
    """One city as the test counts it (Hexemonia rulebook): the Acropolis starts with 2
    citizens and 1 gold; cubes are (citizens, hoplites, gold); a hex is active while its cubes
    cover its cost."""

    UNITS = ("citizen", "hoplite", "gold")

    def __init__(self, name: str, city: str, tile: tuple[str, str, int]) -> None:
        self.name, self.city = name, city
        self.nature, self.bonus_kind, self.bonus_points = tile
        self.acropolis = [2, 0, 1]
        self.hexes: dict[str, dict[str, Any]] = {}
        self.myths: list[tuple[str, str]] = []  # (nature, host hex)

    def pay(self, cubes: tuple[int, int, int]) -> None:
        self.acropolis = [a - b for a, b in zip(self.acropolis, cubes)]
        assert min(self.acropolis) >= 0, (self.name, self.acropolis)

    def place(self, name: str, kind: str, nature: str, cost: tuple[int, int, int],
              makes: tuple = (), shield: int = 0) -> None:
        """Paid from the Acropolis; the cubes paid stay on the hex."""
        self.pay(cost)
        self.hexes[name] = {"kind": kind, "nature": nature, "cost": list(cost),
                            "cubes": list(cost), "makes": makes, "shield": shield}

    def active(self, name: str) -> bool:
        h = self.hexes[name]
        return all(c >= n for c, n in zip(h["cubes"], h["cost"]))

    def produce(self) -> None:
        """Every active hex adds its production onto itself."""
        for name, h in self.hexes.items():
            if h["makes"] and self.active(name):
                resource, n = h["makes"]
                h["cubes"][resource] += n

    def revolts(self) -> list[tuple[str, str, str, str]]:
        """A hex holding more of one resource than its cost gives back half the excess,
        rounded up (ruling H12): (player, hex, excess, discarded) as the check's table words
        it. This game never has two resources above the cost on one hex."""
        out = []
        for name, h in self.hexes.items():
            over = [(i, c - n) for i, (c, n) in enumerate(zip(h["cubes"], h["cost"])) if c > n]
            assert len(over) <= 1, (name, over)
            for i, excess in over:
                back = -(-excess // 2)
                out.append((self.name, name, self.cubes(i, excess), self.cubes(i, back)))
                h["cubes"][i] -= back
        return out

    @classmethod
    def cubes(cls, i: int, n: int) -> str:
        word = cls.UNITS[i]
        return f"{n} {word}" + ("s" if n != 1 and word != "gold" else "")

    def lines(self, players: int, revolts: bool, philosopher: bool) -> dict[str, int]:
        on = [h for name, h in self.hexes.items() if self.active(name)]
        count = (lambda k: sum(h["kind"] == k for h in on))
        myths_on = sum(self.active(host) for _, host in self.myths)
        natures = {n for n, _ in self.myths} | {self.nature}
        bonus = myths_on if self.bonus_kind == "myth" else count(self.bonus_kind)
        return {"Active Chora and Fortifications": count("chora") + count("fortification"),
                "Active Polis": 2 * count("polis"),
                "Myth trio": 8 if len(natures) >= 3 else 0,
                "Gold on the Acropolis": self.acropolis[2],
                "Philosopher": 3 if players == 2 and not revolts and philosopher else 0,
                "City bonus": self.bonus_points * bonus}


class HexemoniaTable:
    """Three cities through a whole game, tapped on the board: taking hexes and cubes, playing
    hexes and Myths, production, a political check that moves the Philosopher and sets off
    revolts (read in the preview table first), a war worked out in the attack calculator, the
    last round, then the score pad. Expected numbers come from ``HexemoniaCity``."""

    slug = "hexemonia"
    #: city tiles typed at setup (nature, bonus per active ..., points each), so the count does
    #: not hang on the digest's defaults
    TILES = {"athens": ("economic", "polis", 2), "sparta": ("military", "fortification", 3),
             "olympia": ("sacred", "myth", 3)}
    #: terrain hexes with the icon "4", put back in the box: a Fate pile of 51 - 33 - 4 - 6 = 8
    ICON_4 = 33
    RES = ("citizens", "hoplites", "gold")
    REVOLTS = True

    def __init__(self, names: tuple[str, str, str] = ("Ana", "Ben", "Cy")) -> None:
        self.names = names
        self.cities = [HexemoniaCity(n, c, self.TILES[c]) for n, c in zip(names, self.TILES)]
        self.philosopher = -1

    def fill_setup(self, page: Page) -> None:
        values: dict[str, Any] = {"icon_4": self.ICON_4, "last_player": 2}
        for city, (nature, kind, points) in self.TILES.items():
            values.update({f"{city}_nature": nature, f"{city}_bonus_kind": kind,
                           f"{city}_bonus_points": points})
        for i, c in enumerate(self.cities):
            values.update({f"players-{i}-name": c.name, f"players-{i}-city": c.city})
        choose_count(page, len(self.names))
        form = page.locator("form.setup")
        fill_form(form, values)
        expect(form.locator('[name="revolts"]')).to_have_count(0)  # 3 players: always played

    # ---------------------------------------------------------------- taps on the board
    def take(self, page: Page, seat: int, hexes: int, resource: str = "none") -> None:
        expect(page.locator("#hx-status b").first).to_have_text(self.names[seat])
        form = page.locator('.steps form[action$="/do/take"]')
        words = "A: take 2 hexes" if hexes == 2 else f"A: 1 hex + 1 {resource.rstrip('s')}"
        tap_act(page, form.get_by_role("button", name=words))
        if resource != "none":
            self.cities[seat].acropolis[self.RES.index(resource)] += 1

    def play(self, page: Page, seat: int, name: str, kind: str, nature: str,
             cost: tuple[int, int, int], makes: tuple = (), **extra: Any) -> None:
        panel = open_panel(page.locator(f"#p{seat}"), "B: play a hex")
        form = panel.locator('form[action$="/do/play_hex"]')
        values = {"name": name, "kind": kind, "nature": nature, "shield": 0, "gear": "none",
                  "produces": self.RES[makes[0]] if makes else "none",
                  "output": makes[1] if makes else 0, "pay_from": "",
                  **{f"cost_{r}": n for r, n in zip(self.RES, cost)}, **extra}
        fill_form(form, values)
        tap_act(page, form.get_by_role("button", name="Play this hex"))
        self.cities[seat].place(name, kind, nature, cost, makes, int(extra.get("shield", 0)))

    def myth(self, page: Page, seat: int, name: str, nature: str, host: str, gear: str) -> None:
        panel = open_panel(page.locator(f"#p{seat}"), "B: play a Myth")
        fill_form(panel, {"name": name, "nature": nature, "host": host, "gear": gear,
                          "produces": "none", "output": 0})
        tap_act(page, panel.get_by_role("button", name="B: play a Myth"))
        self.cities[seat].myths.append((nature, host))

    def production(self, page: Page, seat: int) -> None:
        tap_act(page, page.locator(".steps").get_by_role("button", name="C: production"))
        self.cities[seat].produce()

    def close_turn(self, page: Page, seat: int) -> None:
        """D: the check's preview (who takes the Philosopher, each revolt) against the
        test's count, the tap that applies it, then the end of the turn."""
        holder = self.political_holder(seat)
        check = page.locator("#hx-check")
        rows: list[tuple[str, ...]] = []
        if holder >= 0:
            expect(check).to_contain_text(f"{self.names[holder]} takes the Philosopher.")
            if self.REVOLTS:
                rows = [r for i, c in enumerate(self.cities) if i != holder
                        for r in c.revolts()]
            else:
                expect(check).to_contain_text("No revolts in this game.")
            self.philosopher = holder
        else:
            expect(check).to_contain_text("The Philosopher does not move")
        shown = [tuple(td.strip() for td in tr.locator("td").all_inner_texts())
                 for tr in check.locator("table.hx-revolts tbody tr").all()]
        assert shown == rows, (shown, rows)
        steps = page.locator(".steps")
        big = steps.get_by_role("button", name="D: apply the political check")
        if big.count():
            tap_act(page, big)
        else:  # no action (C) this turn: D sits under B and C and asks first
            panel = open_panel(page.locator(f"#p{seat}"), "D: political check, without")
            tap_act(page, panel.get_by_role("button", name="D: apply the political check anyway"))
        tap_act(page, steps.get_by_role("button", name="End the turn"))

    def political_holder(self, seat: int) -> int:
        """The active player takes the Philosopher with strictly more political hexes than
        every other player (ruling H9, strict), unless already holding it."""
        counts = [sum(h["nature"] == "political" for h in c.hexes.values())
                  for c in self.cities]
        others = [n for i, n in enumerate(counts) if i != seat]
        if self.philosopher != seat and counts[seat] > max(others):
            return seat
        return -1

    def attack(self, page: Page, seat: int, opponent: int, target: str, units: tuple[int, int],
               shots: Any = None) -> None:
        """War in the calculator: the defence (a citizen 1, a hoplite 2; no fortification
        touches the hex here, so no shield) and the units that win, as the test counts them;
        then the attack itself."""
        defender = self.cities[opponent]
        hexa = defender.hexes[target]
        assert not hexa["shield"], "this count leaves shields out"
        defence = hexa["cubes"][0] + 2 * hexa["cubes"][1]
        hoplites, citizens = units
        panel = open_panel(page.locator(f"#p{seat}"), "C: war")
        calc = panel.locator("form.hx-calc")
        chip(calc, "hex", f"{opponent}:{target}").tap()
        chip(calc, "h", hoplites).tap()
        chip(calc, "c", citizens).tap()
        tap_and_load(page, calc.get_by_role("button", name="Work it out"))
        result = page.locator("#hx-calc-result")
        expect(result).to_contain_text(f"defence {defence}, so {defence + 1} units win")
        expect(result).to_contain_text(f"the attack succeeds: you lose {defence} units")
        if shots:
            page.locator("#hx-war").evaluate(SCROLL_UNDER_BAR)
            shots(page, "war")
        form = page.locator('#hx-answer form[action$="/do/attack"]')  # filled by the calculator
        before = page.locator("#game").get_attribute("data-version")
        form.get_by_role("button", name="Attack").tap()
        expect(page.locator(f'#game:not([data-version="{before}"])')).to_have_count(1)
        # a recorded tap shows the game's own page (app.js), with no refusal on it
        expect(page).to_have_url(re.compile(r"/g/[^/]+$"))
        expect(page.locator("#game .alert, #not-recorded")).to_have_count(0)
        expect(page.locator(".history li").first).to_contain_text(target)
        me = self.cities[seat]
        me.pay((citizens, hoplites, 0))
        survivors = citizens + 2 * hoplites - defence  # left as citizens on the hex taken
        me.hexes[target] = {**defender.hexes.pop(target), "cubes": [survivors, 0, 0]}

    def opening(self, page: Page) -> None:
        """The first two turns. Ana: an Amphitheatre making 1 gold, production; she takes the
        Philosopher. Ben: a Pasture breeding 2 citizens (past its cost: no revolt takes them)."""
        ana, ben = 0, 1
        self.take(page, ana, 1, "citizens")
        self.play(page, ana, "Anfiteatro", "polis", "political", (1, 0, 0), (2, 1))
        self.production(page, ana)
        self.close_turn(page, ana)
        self.take(page, ben, 1, "hoplites")
        self.play(page, ben, "Pascolo", "chora", "economic", (1, 0, 0), (0, 2))
        self.production(page, ben)
        self.close_turn(page, ben)

    def play_to_end(self, page: Page, shots: Any = None) -> None:
        ana, ben, cy = 0, 1, 2
        self.opening(page)
        # Cy: two political Polis and a Myth take the Philosopher away: revolts
        self.take(page, cy, 2)
        self.play(page, cy, "Agorà", "polis", "political", (1, 0, 1), gear="agora")
        self.play(page, cy, "Taverna", "polis", "political", (1, 0, 0), gear="taverna")
        self.myth(page, cy, "Oracolo", "political", "Agorà", gear="oracolo")
        if shots:
            shots(page, "revolts")
        self.close_turn(page, cy)
        # Ana: war on Ben's Pasture with 1 hoplite and 1 citizen
        self.take(page, ana, 1, "hoplites")
        self.attack(page, ana, ben, "Pascolo", (1, 1), shots)
        self.close_turn(page, ana)
        # Ben rebuilds with a Gymnasium
        self.take(page, ben, 1, "citizens")
        self.play(page, ben, "Palestra", "polis", "military", (1, 1, 1))
        self.close_turn(page, ben)
        # Cy empties the Fate pile and holds the Last Player marker: the last round
        expect(page.locator(".hx-fate")).to_have_text("2")
        self.take(page, cy, 2)
        expect(page.locator(".hx-last")).to_have_text("Last round")
        self.play(page, cy, "Mura", "fortification", "military", (0, 0, 0), shield=2)
        self.myth(page, cy, "Ade", "military", "Mura", gear="ade")
        self.close_turn(page, cy)
        expect(page.locator("#hx-status")).to_contain_text("The game is over")

    def expected(self) -> dict[str, dict[str, int]]:
        return {c.name: c.lines(len(self.cities), self.REVOLTS, self.philosopher == i)
                for i, c in enumerate(self.cities)}


class HexemoniaTwoPlayerTable(HexemoniaTable):
    """The 2-player base game: Athens and Sparta face up, no revolts (the advanced rule left
    unticked at setup), so the Philosopher scores 3; the Fate pile follows from the icon
    counts typed at setup (51 - 20 - 19 put back - 4 face up - 2 x 2 in hand = 4)."""

    TILES = {"athens": ("economic", "polis", 2), "sparta": ("military", "fortification", 3)}
    ICONS = {"icon_3": 20, "icon_4": 19}
    REVOLTS = False

    def __init__(self, names: tuple[str, str] = ("Ana", "Ben")) -> None:
        self.names = names
        self.cities = [HexemoniaCity(n, c, self.TILES[c]) for n, c in zip(names, self.TILES)]
        self.philosopher = -1

    def fill_setup(self, page: Page) -> None:
        values: dict[str, Any] = {**self.ICONS, "last_player": 1}
        for city, (nature, kind, points) in self.TILES.items():
            values.update({f"{city}_nature": nature, f"{city}_bonus_kind": kind,
                           f"{city}_bonus_points": points})
        for i, c in enumerate(self.cities):
            values.update({f"players-{i}-name": c.name, f"players-{i}-city": c.city})
        choose_count(page, len(self.names))
        form = page.locator("form.setup")
        fill_form(form, values)
        expect(form.locator('[name="revolts"]')).not_to_be_checked()  # the base game

    def play_to_end(self, page: Page, shots: Any = None) -> None:
        ana, ben = 0, 1
        expect(page.locator(".hx-fate")).to_have_text("4")
        expect(page.locator("#hx-status")).to_contain_text("revolts off")
        self.opening(page)  # (Ana's eye takes the Philosopher; revolts are off)
        # Ana takes the last 2 hexes: the last round; Ben holds the Last Player marker
        self.take(page, ana, 2)
        expect(page.locator(".hx-last")).to_have_text("Last round")
        self.play(page, ana, "Mura", "fortification", "military", (0, 0, 0), shield=2)
        self.close_turn(page, ana)
        # Ben: no phase A in the last round; a Gymnasium, then the game ends
        expect(page.locator('.steps form[action$="/do/take"]')).to_have_count(0)
        self.play(page, ben, "Palestra", "polis", "military", (1, 1, 1))
        self.close_turn(page, ben)
        expect(page.locator("#hx-status")).to_contain_text("The game is over")


def seated(context: Any, link: str, seat: int) -> Page:
    """A phone (a page of ``context``) on the game at ``link`` that took ``seat``."""
    page = context.new_page()
    page.goto(link + "/seats")
    tap_and_load(page, page.locator(f"#seat{seat}").get_by_role("button"))
    page.goto(link)
    return page
