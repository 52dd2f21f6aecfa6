"""A whole 3-player game of Hexemonia through the log fold, with a revolt and a war."""
from companion.games import get_game
from companion.games.core import Entry
from companion.games.hexemonia import Cubes
from companion.web.views.api import result_to_json

RULES = get_game("hexemonia")
SETUP = {"players": [{"name": "Ana", "city": "athens"}, {"name": "Ben", "city": "sparta"},
                     {"name": "Cy", "city": "olympia"}],
         "fate": 5, "last_player": 2}


def polis(name, nature, cost, produces="none", output=0, pay=""):
    return {"name": name, "kind": "polis", "nature": nature, "cost_citizens": cost[0],
            "cost_hoplites": cost[1], "cost_gold": cost[2], "produces": produces,
            "output": output, "shield": 0, "gear": "none", "pay_from": pay}


END = [("political_check", {}), ("end_turn", {})]


TURNS = [
    # Ana: a political Polis that makes gold; first Philosopher award (no cubes in excess yet).
    [("take", {"hexes": 1, "resource": "citizens"}),
     ("play_hex", polis("Anfiteatro", "political", (1, 0, 0), "gold", 1)),
     ("production", {}), *END],
    # Ben: a Pasture that breeds citizens.
    [("take", {"hexes": 1, "resource": "hoplites"}),
     ("play_hex", {**polis("Pascolo", "economic", (1, 0, 0), "citizens", 2), "kind": "chora"}),
     ("production", {}), *END],
    # Cy: two political Polis take the Philosopher from Ana: revolts for Ana and Ben.
    [("take", {"hexes": 1, "resource": "gold"}),
     ("play_hex", polis("Agorà", "political", (1, 0, 1))),
     ("play_hex", polis("Taverna", "political", (1, 0, 0))), *END],
    # Ana: war on Ben's Pasture (2 citizens after the revolt) with 1 hoplite and 1 citizen.
    [("take", {"hexes": 1, "resource": "hoplites"}),
     ("attack", {"opponent": 1, "target": "Pascolo", "pay_from": "Acropolis: 1h 1c"}),
     *END],
    # Ben empties the Fate pile: the final round begins.
    [("take", {"hexes": 2}), *END],
    # Cy holds the Last Player marker: no phase A, and the game ends after this turn.
    END,
]


def log():
    entries = [(kind, data) for turn in TURNS for kind, data in turn]
    return [Entry(i + 1, kind, data, by="table") for i, (kind, data) in enumerate(entries)]


def test_whole_three_player_game_with_a_revolt_and_a_war():
    state = RULES.fold(SETUP, log())
    ana, ben, cy = state.players
    assert RULES.is_over(state) and state.fate == 0
    assert state.philosopher == 2
    # Revolt on Ana's Amphitheatre: 1 excess gold, half rounded up is discarded.
    assert ana.find("Anfiteatro").cubes == Cubes(citizens=1)
    # War: Ben's Pasture (2 citizens after its revolt from 3) falls to 3 units; 1 survives.
    assert ana.find("Pascolo").cubes == Cubes(citizens=1)
    assert ben.hexes == ()
    assert ana.acropolis == Cubes(citizens=1, gold=1)
    assert [h.id for h in cy.hexes] == ["Agorà", "Taverna"]

    out = result_to_json(RULES.score(state))
    totals = {p["name"]: p["total"] for p in out["players"]}
    # Ana: 1 Chora + 1 Polis (2) + 1 gold + Athens 2 per Polis; Ben: 1 gold;
    # Cy: 2 Polis (4) + 1 gold, Olympia has no Myth.
    assert totals == {"Ana": 1 + 2 + 1 + 2, "Ben": 1, "Cy": 4 + 1}
    assert [p["names"] for p in out["ranking"]] == [["Ana"], ["Cy"], ["Ben"]]


def test_undo_takes_back_the_war_in_the_fold():
    entries = log()
    war = next(e for e in entries if e.kind == "attack")
    upto = [e for e in entries if e.seq <= war.seq] + [Entry(war.seq + 1, "undo", {})]
    state = RULES.fold(SETUP, upto)
    assert state.players[1].find("Pascolo").cubes == Cubes(citizens=2)
    assert state.players[0].find("Pascolo") is None
