"""Hexemonia's 'Can I do this?' answers: active hexes, the attack threshold, the Philosopher."""
from dataclasses import replace

import pytest

from companion.games import get_game
from companion.games.hexemonia import questions as Q
from companion.games.hexemonia.model import Cubes, Hex

RULES = get_game("hexemonia")


def state_with(ana_hexes=(), ben_hexes=(), active=0):
    state = RULES.new_game({"players": [{"name": "Ana", "city": "athens"},
                                        {"name": "Ben", "city": "sparta"}], "fate": 20})
    ana = replace(state.players[0], hexes=tuple(ana_hexes))
    ben = replace(state.players[1], hexes=tuple(ben_hexes))
    return replace(state, players=(ana, ben), active=active)


def hx(id, kind="chora", nature="economic", cost=Cubes(), cubes=Cubes(), shield=0):
    return Hex(id, id, kind, nature, cost, cubes=cubes, shield=shield)


@pytest.mark.parametrize("cubes, yes", [(Cubes(1, 1, 1), True), (Cubes(2, 1, 3), True),
                                        (Cubes(1, 0, 1), False)])
def test_hex_is_active_when_its_cubes_cover_the_printed_cost(cubes, yes):
    state = state_with([hx("Palestra", "polis", "military", Cubes(1, 1, 1), cubes)])
    answer = Q.is_hex_active(state, 0, "Palestra")
    assert answer.yes is yes
    assert dict(answer.numbers)["printed cost"] == "1 citizens, 1 hoplites, 1 gold"


def test_attack_needs_strictly_more_than_defence_plus_twice_the_shield():
    # Example 4: 3 citizens on the Quarry, an active Phalanx (shield 1) next to it: 5 to hold
    falange = hx("Falange", "fortification", "military", Cubes(0, 2, 1), Cubes(0, 2, 1), 1)
    state = state_with(ben_hexes=[hx("Cava", cubes=Cubes(3, 0, 0)), falange])
    win = Q.can_attack(state, 1, "Cava", "Falange", hoplites=4, citizens=0)
    assert win.yes and dict(win.numbers)["units needed"] == 6
    assert dict(win.numbers)["units lost"] == 5
    exact = Q.can_attack(state, 1, "Cava", "Falange", hoplites=2, citizens=1)  # 5 units: no
    assert not exact.yes and "at least 6" in exact.summary


def test_the_acropolis_can_never_be_attacked():
    answer = Q.can_attack(state_with(), 1, "Acropoli", "", 9, 0)
    assert not answer.yes


def test_philosopher_needs_a_strict_majority_of_political_hexes():
    eye = hx("Anfiteatro", "polis", "political")
    tied = state_with([eye], [replace(eye)])
    assert not Q.philosopher_moves(tied).yes
    ahead = state_with([eye, replace(eye, id="Anfiteatro 2")], [replace(eye)])
    answer = Q.philosopher_moves(ahead)
    assert answer.yes and "Ana takes the Philosopher" in answer.summary
    assert dict(answer.numbers)["Ana: political hexes"] == 2
