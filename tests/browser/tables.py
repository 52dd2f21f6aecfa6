"""How a player taps through each game in the browser. One driver per game; a game joins the
browser tests by adding a driver here once its board template exists."""
from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page, expect


def tap_and_load(page: Page, target: Locator) -> None:
    """Tap a link or a submit button outside the game and wait for the page it loads."""
    with page.expect_navigation(wait_until="load"):
        target.tap()


def act(page: Page, target: Locator) -> None:
    """Tap an action and wait until the game shows a newer version: the page either reloads
    (no script) or static/app.js sends it with fetch and swaps the game in place."""
    before = page.locator("#game").get_attribute("data-version")
    target.tap()
    expect(page.locator(f'#game:not([data-version="{before}"])')).to_have_count(1)
    expect(page.locator("#game .alert")).to_have_count(0)


class HadaraTable:
    """Two players through all three epochs: a bought card, a colony, a statue, then selling
    and closing steps. The expected score is worked out from the rulebook numbers below, not
    from the app."""

    slug = "hadara"
    SELL = {1: 2, 2: 3, 3: 4}  # coins for selling a card, by epoch
    START = {"Ana": dict(initiative=1, coins=10, income=2, military=3, culture=3, food=2),
             "Ben": dict(initiative=2, coins=10, income=2, military=1, culture=1, food=1)}

    def __init__(self, names: tuple[str, str] = ("Ana", "Ben")) -> None:
        self.names = names

    def fill_setup(self, page: Page) -> None:
        for seat, name in enumerate(self.names):
            values = self.START[("Ana", "Ben")[seat]]
            page.locator(f'[name="players-{seat}-name"]').fill(name)
            for key, value in values.items():
                page.locator(f'[name="players-{seat}-{key}"]').fill(str(value))

    def player(self, page: Page, seat: int) -> Locator:
        return page.locator(f"#p{seat}")

    def panel(self, page: Page, seat: int, label: str) -> Locator:
        panel = self.player(page, seat).locator("details.panel").filter(
            has=page.locator("summary", has_text=label))
        if not panel.evaluate("d => d.open"):  # a refreshed game keeps open panels open
            panel.locator("summary").tap()
        return panel

    def sell(self, page: Page, seat: int) -> None:
        act(page, self.player(page, seat).get_by_role("button", name="Sell a card"))

    def step(self, page: Page, label: str) -> None:
        act(page, page.locator(".steps").get_by_role("button", name=label))

    def buy_purple(self, page: Page, seat: int) -> None:
        panel = self.panel(page, seat, "Buy a card")
        panel.locator('[name="colour"]').select_option("purple")
        panel.locator('[name="cost"]').fill("3")
        panel.locator('[name="points"]').fill("4")
        act(page, panel.get_by_role("button", name="Buy a card"))

    def colony(self, page: Page, seat: int) -> None:
        panel = self.panel(page, seat, "Take a colony")
        panel.locator('[name="requirement"]').fill("3")
        panel.locator('[name="points"]').fill("5")
        panel.locator('[name="choice"]').select_option("plunder")
        panel.locator('[name="coins"]').fill("2")
        act(page, panel.get_by_role("button", name="Take a colony"))

    def statue(self, page: Page, seat: int) -> None:
        panel = self.panel(page, seat, "Carve a statue")
        panel.locator('[name="statue"]').fill("1")
        panel.locator('[name="requirement"]').fill("2")
        panel.locator('[name="points"]').fill("3")
        panel.locator('[name="tile_track"]').select_option("culture")
        panel.locator('[name="tile_side"]').select_option("down")
        panel.locator('[name="tile_value"]').fill("2")
        act(page, panel.get_by_role("button", name="Carve a statue"))

    def epoch(self, page: Page, n: int, shots: Any = None) -> None:
        """Phase A (five rounds of cards, income, colony, statue), then phase B."""
        expect(page.locator(".guide h1")).to_contain_text(f"phase A: Draw and buy or sell")
        for rnd in range(5):
            for seat in (0, 1):
                if n == 1 and rnd == 0 and seat == 0:
                    self.buy_purple(page, 0)
                else:
                    self.sell(page, seat)
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
        sells = {s: 5 * (self.SELL[1] + self.SELL[2] + self.SELL[3]) for s in (0, 1)}
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
        setup = self.setup()
        values = {f.name: setup[f.name] for f in self.rules.setup_fields if f.name in setup}
        for seat, player in enumerate(setup["players"]):
            values.update({f"players-{seat}-{k.replace('.', '__')}": v
                           for k, v in player.items()})
        for name, value in values.items():
            field = page.locator(f'[name="{name}"]')
            if not field.count():
                continue  # a field this form leaves to its default
            tag, kind = field.evaluate("e => [e.tagName, e.type]")
            if kind == "checkbox":
                field.set_checked(bool(value))
            elif tag == "SELECT":
                field.select_option(str(value))
            else:
                field.fill(str(value))

    def expected(self) -> dict[str, dict[str, int]]:
        return {}


def driver(slug: str):
    return DRIVERS.get(slug, lambda: GenericTable(slug))()
