"""A whole three-epoch Hadara game for three players, tapped through the web layer, with the
final score pad checked line by line against a ledger kept by the test itself."""

from .table import WebTable, round_trip, score_pad

TRACKS = ("income", "military", "culture", "food")
COLOURS = ("yellow", "red", "blue", "green", "purple")
SELL = {1: 2, 2: 3, 3: 4}
RAISES = dict(zip(COLOURS, TRACKS))  # yellow raises income, red military, blue culture, green food


class Ledger:
    """The test's own bookkeeping of one player, from the rulebook's arithmetic."""

    def __init__(self, coins, **tracks):
        self.coins, self.tracks = coins, dict(tracks)
        self.cards: list[tuple[str, dict, int]] = []
        self.colonies, self.statues, self.face_down, self.silver, self.gold = [], [], [], [], 0

    def buy(self, colour, cost, points, **tr):
        owned = sum(1 for c, _, _ in self.cards if c == colour)
        self.coins -= max(0, cost - owned)
        self.cards.append((colour, tr, points))
        for t, v in tr.items():
            self.tracks[t] += v

    def remove(self, index):
        _, tr, _ = self.cards.pop(index)
        for t, v in tr.items():
            self.tracks[t] -= v

    def lines(self):
        counts = {c: sum(1 for k, _, _ in self.cards if k == c) for c in COLOURS}
        return {"Colonies": sum(self.colonies),
                "Statues": sum(self.statues) + sum(self.face_down),
                "Silver medals": sum(-(-self.tracks[t] // 2) for t in self.silver),
                "Gold medals": 7 * min(counts.values()) * self.gold,
                "Cards": sum(p for _, _, p in self.cards),
                "Coins": self.coins // 5}


def seat(name, initiative):
    return {"name": name, "initiative": initiative, "side": "A", "coins": 5, "income": 3,
            "military": 1, "culture": 1, "food": 5}


def test_three_epoch_game_for_three_players_ends_with_the_ledgers_score_pad(client, app):
    t = WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2), seat("Cy", 3)])
    ana, ben, cy = (Ledger(5, income=3, military=1, culture=1, food=5) for _ in range(3))
    led = [ana, ben, cy]
    medal_prices = {1: (3, 5), 2: (4, 6), 3: (5, 7)}
    for epoch in (1, 2, 3):
        assert f"Epoch {'I' * epoch}, phase A" in t.page
        # the first player sets the wheel; it turns after every round, so each player draws
        # from each deck once an epoch: Ana yellow, red, blue...; Ben red, blue, green...
        t.do("wheel", seat1="yellow", seat2="red", seat3="blue",
             decks="yellow-red-blue-green-purple")
        for rnd in range(5):
            for i in (0, 1):
                colour = COLOURS[(i + rnd) % 5]
                assert f"{('Ana', 'Ben')[i]}: {colour}" in t.page
                raised = {RAISES[colour]: 1} if colour in RAISES else {}
                t.do("buy", player=i, colour=colour, cost=1, points=1, **raised)
                led[i].buy(colour, 1, 1, **raised)
            t.do("sell", player=2)
            cy.coins += SELL[epoch]
        t.do("next", anyway="1")
        t.do("income")
        for p in led:
            p.coins += p.tracks["income"]
        if ben.tracks["military"] >= epoch + 1:  # one colony a step, one per level
            # colonies go in turn from the epoch's first player: those before Ben take none
            for ahead in ((0,), (), (2, 0))[epoch - 1]:
                t.do("no_colony", player=ahead)
            t.do("colony", player=1, requirement=epoch + 1, points=2 + epoch, choice="plunder",
                 coins=2)
            ben.colonies.append(2 + epoch)
            ben.coins += 2
        t.do("next", anyway="1")
        t.do("next", anyway="1")  # no statue in phase A
        assert "phase B" in t.page
        # phase B's face-up cards go in turn, from this epoch's first player (initiative)
        buys = {0: (dict(colour="green", cost=2, food=2, points=2), ("green", 2, 2), {"food": 2}),
                1: (dict(colour="purple", cost=3, points=3), ("purple", 3, 3), {}),
                2: (dict(colour="blue", cost=1, culture=2, points=1), ("blue", 1, 1),
                    {"culture": 2})}
        order = ((0, 1, 2), (1, 2, 0), (2, 0, 1))[epoch - 1]
        for pick in range(15):  # the 15 cards discarded in phase A, 5 per player
            turn = order[pick % 3]
            assert f"{('Ana', 'Ben', 'Cy')[turn]}&#39;s turn to take a card" in t.page
            assert f"Cards left on the board: {15 - pick} of 15" in t.page
            if pick < 3:
                data, bought, tracks = buys[turn]
                t.do("buy", player=turn, **data)
                led[turn].buy(*bought, **tracks)
            else:  # a sale names its face-up card's colour: the piles left, in turn
                sales = ("yellow",) * 3 + ("red",) * 3 + ("green", "purple", "blue") * 2
                t.do("sell", player=turn, colour=sales[pick - 3])
                led[turn].coins += SELL[epoch]
        t.do("next", anyway="1")
        t.do("income")
        for p in led:
            p.coins += p.tracks["income"]
        t.do("next", anyway="1")  # colony step of phase B: nobody
        if cy.tracks["culture"] >= 2 * epoch + 1:
            side = "down" if epoch == 3 else "up"
            t.do("statue", player=2, statue=epoch, requirement=2 * epoch + 1, points=3 * epoch,
                 tile_track="culture" if side == "up" else "food", tile_side=side, tile_value=2)
            cy.statues.append(3 * epoch)
            if side == "up":
                cy.tracks["culture"] += 2
            else:
                cy.face_down.append(2)
        t.do("next", anyway="1")
        # feeding: whoever holds more cards than food removes the lowest-point cards
        for i, p in enumerate(led):
            while len(p.cards) > p.tracks["food"]:
                victim = min((k for k, c in enumerate(p.cards) if not c[1].get("food")),
                             key=lambda k: p.cards[k][2])
                t.do("remove", player=i, card=victim)
                p.remove(victim)
        t.do("next", anyway="1")
        silver, gold = medal_prices[epoch]
        if epoch >= 2 and len(ana.silver) < 2:
            t.do("medal", player=0, medal="silver", price=silver, track="income")
            ana.silver.append("income")
            ana.coins -= silver
        if epoch == 3:
            t.do("medal", player=1, medal="gold", price=gold)
            ben.gold += 1
            ben.coins -= gold
        t.do("next", anyway="1")
    assert "Epoch III is over" in t.page
    rows, totals = score_pad(client.get(t.path + "/score").get_data(as_text=True))
    for label in ("Colonies", "Statues", "Silver medals", "Gold medals", "Cards", "Coins"):
        assert rows[label] == [p.lines()[label] for p in led], label
    assert totals == [sum(p.lines().values()) for p in led]
    assert rows["Colonies"][1] > 0 and rows["Statues"][2] > 0 and rows["Silver medals"][0] > 0
    assert "Final score" in client.get(t.path + "/score").get_data(as_text=True)


def test_a_real_played_game_exported_and_imported_has_the_same_state_and_history(
        client, app, tmp_path):
    # the whole game above, tapped in
    test_three_epoch_game_for_three_players_ends_with_the_ledgers_score_pad(client, app)
    round_trip(client, app, tmp_path)
