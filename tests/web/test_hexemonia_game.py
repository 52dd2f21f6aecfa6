"""A whole 3-player game of Hexemonia tapped through the web layer, with a revolt and a war, and
the final score pad checked line by line against a ledger the test keeps itself."""
import html
import re

from .table import THREE, HxTable, round_trip, score_pad

# The city tiles as the test reads them (digest defaults): nature, bonus kind, points each.
CITY = {"athens": ("economic", "polis", 2), "sparta": ("military", "fortification", 3),
        "olympia": ("sacred", "myth", 3)}
LABELS = ("Active Chora and Fortifications", "Active Polis", "Myth trio",
          "Gold on the Acropolis", "Philosopher", "City bonus")


class Ledger:
    """One city as the test tracks it: cubes as [citizens, hoplites, gold]."""

    def __init__(self, city):
        self.city, self.acropolis = city, [2, 0, 1]
        self.hexes: dict[str, dict] = {}
        self.myths: list[tuple[str, str]] = []

    def pay(self, cubes):
        self.acropolis = [a - b for a, b in zip(self.acropolis, cubes)]

    def play(self, name, kind, nature, cost):
        self.pay(cost)
        self.hexes[name] = {"kind": kind, "nature": nature, "cost": list(cost),
                            "cubes": list(cost)}

    def active(self, name):
        h = self.hexes[name]
        return all(c >= n for c, n in zip(h["cubes"], h["cost"]))

    def lines(self):
        nature, bonus_kind, each = CITY[self.city]
        on = [h for name, h in self.hexes.items() if self.active(name)]
        myths_on = [n for n, host in self.myths if self.active(host)]
        count = (lambda k: sum(h["kind"] == k for h in on))
        natures = {n for n, _ in self.myths} | {nature}
        bonus = len(myths_on) if bonus_kind == "myth" else count(bonus_kind)
        return [count("chora") + count("fortification"), 2 * count("polis"),
                8 if len(natures) >= 3 else 0, self.acropolis[2], 0, each * bonus]


def revolt_rows(page):
    return re.findall(r"<tr><td>(\w+)</td><td>(\w+)</td><td>([^<]+)</td><td><b>([^<]+)</b>",
                      html.unescape(page))


def test_whole_three_player_game_with_a_revolt_and_a_war(client, app):
    t = HxTable.create(client, app, "hexemonia", THREE, icon_4=33, last_player=2,
                       revolts="y")  # a Fate pile of 8 hexes
    ana, ben, cy = Ledger("athens"), Ledger("sparta"), Ledger("olympia")

    # Turn 1, Ana: an Amphitheatre that makes gold; she takes the Philosopher first.
    t.act("take", hexes=1, resource="citizens")
    ana.acropolis[0] += 1
    t.play("Anfiteatro", "polis", "political", (1, 0, 0), produces="gold", output=1)
    ana.play("Anfiteatro", "polis", "political", (1, 0, 0))
    t.act("production")
    ana.hexes["Anfiteatro"]["cubes"][2] += 1
    assert "<b>Ana takes the Philosopher.</b>" in t.page and revolt_rows(t.page) == []
    t.close_turn()

    # Turn 2, Ben: a Pasture breeding 2 citizens.
    t.act("take", hexes=1, resource="hoplites")
    ben.acropolis[1] += 1
    t.play("Pascolo", "chora", "economic", (1, 0, 0), produces="citizens", output=2)
    ben.play("Pascolo", "chora", "economic", (1, 0, 0))
    t.act("production")
    ben.hexes["Pascolo"]["cubes"][0] += 2
    t.close_turn()

    # Turn 3, Cy: two political Polis and a Myth take the Philosopher away: revolts.
    t.act("take", hexes=2)
    t.play("Agorà", "polis", "political", (1, 0, 1), gear="agora")
    cy.play("Agorà", "polis", "political", (1, 0, 1))
    t.play("Taverna", "polis", "political", (1, 0, 0), gear="taverna")
    cy.play("Taverna", "polis", "political", (1, 0, 0))
    t.myth("Oracolo", "political", "Agorà", gear="oracolo")
    cy.myths.append(("political", "Agorà"))
    # The preview before the tap: Ana's 1 gold above the cost (half, rounded up: 1); Ben's
    # 2 citizens above (half: 1). Cy, the new holder, is exempt.
    assert "<b>Cy takes the Philosopher.</b>" in t.page
    assert revolt_rows(t.page) == [("Ana", "Anfiteatro", "1 gold", "1 gold"),
                                   ("Ben", "Pascolo", "2 citizens", "1 citizen")]
    t.close_turn()
    ana.hexes["Anfiteatro"]["cubes"][2] -= 1
    ben.hexes["Pascolo"]["cubes"][0] -= 1

    # Turn 4, Ana: war on Ben's Pasture (2 citizens, no shield): 3 units are needed.
    t.act("take", hexes=1, resource="hoplites")
    ana.acropolis[1] += 1
    page = html.unescape(t.client.get(t.path + "/hexemonia/attack-preview", query_string={
        "opponent": 1, "target": "Pascolo", "pay_from": "Acropolis: 1h 1c"}).get_data(
        as_text=True))
    assert "defence <b>2</b>, so <b>3</b> units win" in page
    assert "the attack <b>succeeds</b>: you lose 2 units" in page
    t.act("attack", opponent=1, target="Pascolo", adjacent="", pay_from="Acropolis: 1h 1c")
    ana.pay((1, 1, 0))
    survivors = 1 + 2 * 1 - 2  # 3 units, 2 lost: 1 citizen walks onto the conquered hex
    ana.hexes["Pascolo"] = {**ben.hexes.pop("Pascolo"), "cubes": [survivors, 0, 0]}
    t.close_turn()

    # Turn 5, Ben rebuilds with a Gymnasium.
    t.act("take", hexes=1, resource="citizens")
    ben.acropolis[0] += 1
    t.play("Palestra", "polis", "military", (1, 1, 1))
    ben.play("Palestra", "polis", "military", (1, 1, 1))
    t.close_turn()

    # Turn 6, Cy empties the Fate pile and holds the Last Player marker: the last turn.
    assert "Fate pile: <b class=\"hx-fate\">2</b>" in t.page
    t.act("take", hexes=2)
    assert "Last round" in t.page
    t.play("Mura", "fortification", "military", (0, 0, 0), shield=2)
    cy.play("Mura", "fortification", "military", (0, 0, 0))
    t.myth("Ade", "military", "Mura", gear="ade")
    cy.myths.append(("military", "Mura"))
    t.close_turn()

    assert "The game is over" in t.page and "<b>Olympia</b>" in t.page
    assert t.page.count('class="hx-hidden"') == 0
    score = t.client.get(t.path + "/score").get_data(as_text=True)
    assert "Final score" in score
    rows, totals = score_pad(score)
    ledgers = (ana, ben, cy)
    for i, label in enumerate(LABELS):
        assert rows[label] == [led.lines()[i] for led in ledgers], label
    assert totals == [sum(led.lines()) for led in ledgers]
    # by hand: Ana 1 Chora + 1 Polis (2) + 1 gold + Athens 2; Ben his Gymnasium (2);
    # Cy 1 Fort + 2 Polis (4) + trio (8) + Olympia 2 active Myths × 3
    assert totals == [6, 2, 19]
    assert "<b class=\"place\">1</b> Cy" in score
    assert rows["Myth trio"][2] == 8 and rows["City bonus"][0] > 0
    assert [r.kind for r in t.rows()].count("attack") == 1


def test_a_real_played_game_exported_and_imported_has_the_same_state_and_history(
        client, app, tmp_path):
    # the whole game above, tapped in
    test_whole_three_player_game_with_a_revolt_and_a_war(client, app)
    round_trip(client, app, tmp_path)
