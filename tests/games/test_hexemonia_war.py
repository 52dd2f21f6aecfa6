"""Hexemonia war: the attack calculator, examples 4 and 5, conquest and its limits."""
from dataclasses import replace

import pytest

from companion.games import get_game
from companion.games.core import IllegalAction
from companion.games.hexemonia import Cubes, Hex, HexemoniaState, Myth, Player, attack

RULES = get_game("hexemonia")
RULINGS = {r: x.default for r, x in RULES.rulings.items()}


def hx(name, kind, nature, cost, cubes, shield=0):
    return Hex(name, name, kind, nature, Cubes(*cost), shield=shield, cubes=Cubes(*cubes))


def example_state(**rulings):
    """Examples 4 and 5: Andrea (Athens) attacks Barbara's Quarry and Corrado's Amphitheatre."""
    andrea = Player("Andrea", "athens", acropolis=Cubes(2, 5, 1), hexes=(
        hx("Anfiteatro", "polis", "political", (1, 0, 0), (1, 0, 0)),
        hx("Labirinto", "fortification", "military", (0, 1, 0), (0, 1, 0))))
    barbara = Player("Barbara", "sparta", hexes=(
        hx("Cava", "chora", "economic", (1, 0, 0), (3, 0, 2)),
        hx("Mura", "fortification", "military", (0, 3, 0), (0, 1, 0), shield=2),
        hx("Falange", "fortification", "military", (0, 2, 1), (0, 2, 4), shield=1)))
    corrado = Player("Corrado", "olympia", hexes=(
        hx("Anfiteatro", "polis", "political", (1, 0, 0), (1, 0, 0)),),
        myths=(Myth("Oracolo", "political", "Anfiteatro"),))
    return HexemoniaState((andrea, barbara, corrado), {**RULINGS, **rulings}, fate=10,
                          last_player=2, took=True)


def test_example_4_four_hoplites_beat_three_citizens_behind_the_phalanx():
    result = attack(Cubes(citizens=3), 1, Cubes(hoplites=4))
    assert result.succeeds
    assert result.needed == 6
    assert result.loss == 5
    assert result.survivors == Cubes(citizens=1, hoplites=1)


def test_example_4_as_an_action_moves_the_quarry_with_its_gold():
    state = RULES.apply(example_state(), "attack", {
        "opponent": 1, "target": "Cava", "adjacent": "Mura, Falange",
        "pay_from": "Acropolis: 4h"})
    andrea, barbara = state.players[0], state.players[1]
    assert andrea.find("Cava").cubes == Cubes(citizens=1, hoplites=1, gold=2)
    assert andrea.acropolis == Cubes(2, 1, 1)
    assert barbara.find("Cava") is None
    assert state.action == "war" and state.attacked == (1,)


def test_only_the_highest_active_adjacent_fortification_counts_h6():
    # The Walls (shield 2) are inactive, so only the Phalanx (shield 1) protects the Quarry.
    result = RULES.apply(example_state(), "attack", {
        "opponent": 1, "target": "Cava", "adjacent": "Mura, Falange",
        "pay_from": "Acropolis: 3h"})
    assert result.players[0].find("Cava").cubes == Cubes(citizens=1, gold=2)  # 6 - 5 = 1 unit
    walls_active = example_state()
    barbara = walls_active.players[1]
    walls = replace(barbara.find("Mura"), cubes=Cubes(0, 3, 0))
    walls_active = walls_active.with_player(1, replace(
        barbara, hexes=tuple(walls if h.id == "Mura" else h for h in barbara.hexes)))
    with pytest.raises(IllegalAction, match=r"6 units do not beat 3 \+ 2 × shield 2 \(Mura\)"):
        RULES.apply(walls_active, "attack", {"opponent": 1, "target": "Cava",
                                             "adjacent": "Mura, Falange",
                                             "pay_from": "Acropolis: 3h"})


def test_attack_needs_strictly_more_units_h14():
    with pytest.raises(IllegalAction, match="at least 6 are needed") as err:
        RULES.apply(example_state(), "attack", {
            "opponent": 1, "target": "Cava", "adjacent": "Falange",
            "pay_from": "Acropolis: 2h 1c"})
    assert "H14" in err.value.rule


@pytest.mark.parametrize("reading, needed", [("adjacent", 5), ("self", 7)])
def test_h5_a_fortification_shields_itself_only_under_the_self_reading(reading, needed):
    state = example_state(H5=reading)
    with pytest.raises(IllegalAction, match=f"at least {needed} are needed"):
        RULES.apply(state, "attack", {"opponent": 1, "target": "Falange",
                                      "pay_from": "Acropolis: 1c"})


def test_smallest_forces_for_three_citizens_are_4c_or_1h_2c_or_2h():
    assert attack(Cubes(citizens=3), 0, Cubes()).options == ((0, 4), (1, 2), (2, 0))


def test_example_5_duplicate_amphitheatre_is_discarded_and_the_oracle_changes_hands():
    state = RULES.apply(example_state(), "attack", {
        "opponent": 2, "target": "Anfiteatro", "pay_from": "Acropolis: 1h"})
    andrea, corrado = state.players[0], state.players[2]
    assert [h.id for h in andrea.hexes] == ["Anfiteatro", "Labirinto"]
    assert andrea.find("Anfiteatro").cubes == Cubes(citizens=2)
    assert andrea.myths == (Myth("Oracolo", "political", "Anfiteatro"),)
    assert corrado.hexes == () and corrado.myths == ()


def test_one_attack_per_opponent_per_turn():
    state = RULES.apply(example_state(), "attack", {
        "opponent": 1, "target": "Cava", "adjacent": "Falange", "pay_from": "Acropolis: 4h"})
    state = RULES.apply(state, "attack", {"opponent": 2, "target": "Anfiteatro",
                                          "pay_from": "Acropolis: 1h"})
    with pytest.raises(IllegalAction, match="Barbara was already attacked this turn"):
        RULES.apply(state, "attack", {"opponent": 1, "target": "Falange",
                                      "pay_from": "Acropolis: 2c"})


@pytest.mark.parametrize("data, message", [
    ({"opponent": 1, "target": "Acropolis", "pay_from": "Acropolis: 4h"},
     "Acropolis can never be attacked"),
    ({"opponent": 0, "target": "Cava", "pay_from": "Acropolis: 4h"}, "choose an opponent"),
    ({"opponent": 1, "target": "Cava", "pay_from": "Acropolis: 4h 1g"}, "gold never fights"),
    ({"opponent": 1, "target": "Cava", "pay_from": "Acropolis: 9h"}, "Acropolis holds"),
    ({"opponent": 1, "target": "Cava", "adjacent": "Faro", "pay_from": "Acropolis: 4h"},
     "Faro: not a hex next to Cava"),
])
def test_attack_refusals_name_the_problem(data, message):
    with pytest.raises(IllegalAction, match=message):
        RULES.apply(example_state(), "attack", data)


def test_attack_is_refused_after_another_action():
    state = RULES.apply(example_state(), "production", {})
    with pytest.raises(IllegalAction, match="one action per turn"):
        RULES.apply(state, "attack", {"opponent": 2, "target": "Anfiteatro",
                                      "pay_from": "Acropolis: 1h"})


def with_myths(state, seat, *myths):
    player = state.players[seat]
    return state.with_player(seat, replace(player, myths=player.myths + myths))


def test_a_fourth_myth_must_be_discarded_by_name():
    state = with_myths(example_state(), 0, Myth("Ade", "political", "Anfiteatro"),
                       Myth("Moire", "political", "Anfiteatro"),
                       Myth("Pandora", "political", "Anfiteatro"))
    data = {"opponent": 2, "target": "Anfiteatro", "pay_from": "Acropolis: 1h"}
    with pytest.raises(IllegalAction, match="fourth Myth"):
        RULES.apply(state, "attack", data)
    after = RULES.apply(state, "attack", {**data, "discard_myth": "Moire"})
    assert [m.name for m in after.players[0].myths] == ["Ade", "Pandora", "Oracolo"]


# ------------------------------------------------------------- survivors, kind for kind (D4)

def pasture_state(**rulings):
    """The review's probe: Ben's Pasture (cost 1 citizen) is held by 1 hoplite."""
    ana = Player("Ana", "athens", acropolis=Cubes(4, 3, 1))
    ben = Player("Ben", "sparta", hexes=(hx("Pascolo", "chora", "economic", (1, 0, 0),
                                            (0, 1, 0)),))
    return HexemoniaState((ana, ben), {**RULINGS, **rulings}, fate=10, last_player=1, took=True)


def test_the_attacker_loses_the_defending_hoplite_so_two_citizens_survive_and_the_hex_is_active():
    state = RULES.apply(pasture_state(), "attack", {
        "opponent": 1, "target": "Pascolo", "pay_from": "Acropolis: 2c 1h"})
    pasture = state.players[0].find("Pascolo")
    assert pasture.cubes == Cubes(citizens=2) and pasture.is_active


def test_the_shield_is_paid_in_hoplites_or_twice_as_many_citizens_as_the_attacker_chooses():
    result = attack(Cubes(citizens=1), 1, Cubes(citizens=4, hoplites=2))
    assert result.choices == (Cubes(citizens=3, hoplites=1), Cubes(citizens=1, hoplites=2))
    state = with_falange(pasture_state())
    chosen = RULES.apply(state, "attack", {
        "opponent": 1, "target": "Pascolo", "adjacent": "Falange",
        "pay_from": "Acropolis: 4c 2h", "survivors": "1c 2h"})
    assert chosen.players[0].find("Pascolo").cubes == Cubes(citizens=1, hoplites=2)
    with pytest.raises(IllegalAction, match=r"5 citizens cannot survive this attack; the "
                                            r"attacker may keep 3 citizens, 1 hoplite or "
                                            r"1 citizen, 2 hoplites") as refused:
        RULES.apply(state, "attack", {"opponent": 1, "target": "Pascolo", "adjacent": "Falange",
                                      "pay_from": "Acropolis: 4c 2h", "survivors": "5c"})
    assert "H23" in refused.value.rule


def with_falange(state):
    ben = state.players[1]
    falange = hx("Falange", "fortification", "military", (0, 0, 0), (0, 0, 0), shield=1)
    pasture = replace(ben.hexes[0], cubes=Cubes(citizens=1))
    return state.with_player(1, replace(ben, hexes=(pasture, falange)))


def test_a_missing_kind_is_paid_with_the_other_and_survivors_always_add_up():
    for defenders in (Cubes(3, 0), Cubes(0, 2), Cubes(1, 1), Cubes(0, 0)):
        for shield in range(3):
            for forces in (Cubes(9, 0), Cubes(0, 6), Cubes(3, 3), Cubes(1, 5)):
                result = attack(defenders, shield, forces)
                for mix in result.choices:
                    assert mix.units == forces.units - result.loss and mix.hoplites <= \
                        forces.hoplites and mix.gold == 0, (defenders, shield, forces, mix)


@pytest.mark.parametrize("cost, survivors", [(Cubes(hoplites=2), Cubes(citizens=1, hoplites=2)),
                                             (Cubes(citizens=3), Cubes(citizens=3, hoplites=1))])
def test_left_to_the_app_the_survivors_are_a_mix_that_keeps_the_conquered_hex_active(cost,
                                                                                      survivors):
    state = with_falange(pasture_state())
    ben = state.players[1]
    target = replace(ben.hexes[0], cost=cost)
    state = state.with_player(1, replace(ben, hexes=(target, ben.hexes[1])))
    after = RULES.apply(state, "attack", {"opponent": 1, "target": "Pascolo",
                                          "adjacent": "Falange", "pay_from": "Acropolis: 4c 2h"})
    taken = after.players[0].find("Pascolo")
    assert taken.cubes == survivors and taken.is_active
