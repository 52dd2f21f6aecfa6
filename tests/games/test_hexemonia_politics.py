"""Hexemonia phase D: the Philosopher (H9, H10, H13), revolts (H11, H12) and example 6."""
from dataclasses import replace

import pytest

from companion.games import get_game
from companion.games.core import IllegalAction
from companion.games.hexemonia import (
    Cubes,
    Hex,
    HexemoniaState,
    Myth,
    Player,
    preview_check,
    revolt_discard,
)

RULES = get_game("hexemonia")
RULINGS = {r: x.default for r, x in RULES.rulings.items()}


def hx(name, nature, cost, cubes, kind="polis"):
    return Hex(name, name, kind, nature, Cubes(*cost), cubes=Cubes(*cubes))


@pytest.mark.parametrize("excess, discard", [
    ((5, 0, 0), (3, 0, 0)),      # one kind: half rounded up (rulebook's 5 citizens)
    ((0, 0, 3), (0, 0, 2)),
    ((0, 0, 1), (0, 0, 1)),
    ((3, 1, 2), (2, 0, 1)),      # rulebook: 3 citizens, 1 hoplite, 2 gold -> keep 1 of each
    ((1, 0, 3), (0, 0, 2)),      # example 6, Asty
    ((2, 2, 0), (0, 0, 0)),      # equal excesses: nothing to level
    ((0, 0, 0), (0, 0, 0)),
])
def test_revolt_halves_one_kind_rounding_up_and_levels_several_kinds(excess, discard):
    assert revolt_discard(Cubes(*excess)) == Cubes(*discard)


def example_6(**rulings):
    """Example 6: Andrea has taken Corrado's Amphitheatre; Corrado holds the Philosopher."""
    andrea = Player("Andrea", "athens", hexes=(
        hx("Anfiteatro", "political", (1, 0, 0), (2, 0, 0)),
        hx("Cava", "economic", (1, 0, 0), (1, 1, 2), "chora")))
    barbara = Player("Barbara", "sparta", hexes=(
        hx("Falange", "military", (0, 2, 1), (0, 2, 4), "fortification"),))
    corrado = Player("Corrado", "olympia", hexes=(
        hx("Asty", "economic", (2, 1, 1), (3, 1, 4)),))
    return HexemoniaState((andrea, barbara, corrado), {**RULINGS, **rulings}, fate=10,
                          last_player=2, took=True, philosopher=2, action="war")


def test_example_6_philosopher_moves_and_revolts_hit_barbara_and_corrado_exactly():
    preview = preview_check(example_6())
    assert preview.new_holder == 0
    assert [(r.hex, r.excess, r.discard) for r in preview.revolts[1]] == [
        ("Falange", Cubes(gold=3), Cubes(gold=2))]
    assert [(r.hex, r.excess, r.discard) for r in preview.revolts[2]] == [
        ("Asty", Cubes(citizens=1, gold=3), Cubes(gold=2))]
    assert preview.revolts[0] == ()  # the new holder is exempt
    state = RULES.apply(example_6(), "political_check", {})
    assert state.philosopher == 0 and state.checked
    assert state.players[1].find("Falange").cubes == Cubes(0, 2, 2)
    assert state.players[2].find("Asty").cubes == Cubes(3, 1, 2)
    assert state.players[0].find("Cava").cubes == Cubes(1, 1, 2)


def test_no_revolts_when_the_holder_keeps_the_philosopher_h13():
    state = RULES.apply(replace(example_6(), philosopher=0),
                        "political_check", {})
    assert state.players[1].find("Falange").cubes == Cubes(0, 2, 4)


def test_philosopher_needs_a_strict_majority_of_the_active_player_h9():
    state = example_6()
    barbara = state.players[1]
    tied = state.with_player(1, replace(barbara, hexes=barbara.hexes + (
        hx("Agora", "political", (0, 0, 0), (0, 0, 0)),)))
    assert preview_check(tied).new_holder == -1
    after = RULES.apply(tied, "political_check", {})
    assert after.philosopher == 2
    assert after.players[2].find("Asty").cubes == Cubes(3, 1, 4)


def test_a_majority_of_a_player_not_on_turn_moves_nothing():
    state = replace(example_6(), active=1)
    assert preview_check(state).new_holder == -1


def test_h10_revealed_political_acropolis_counts_and_myths_only_by_ruling():
    base = example_6()
    delphi = Player("Delia", "delphi", revealed=True,
                    myths=(Myth("Oracolo", "political", "x"),))
    four = replace(base, players=base.players + (delphi,), active=3, philosopher=-1)
    assert preview_check(four).counts == (1, 0, 0, 1)
    switched = replace(four, rulings={**RULINGS, "H10": "city-and-myths"})
    assert preview_check(switched).counts == (1, 0, 0, 2)
    assert preview_check(switched).new_holder == 3


def test_h11_active_only_spares_inactive_hexes():
    state = example_6(H11="active-only")
    corrado = state.players[2]
    short = hx("Asty", "economic", (4, 1, 1), (3, 1, 4))
    state = state.with_player(2, replace(corrado, hexes=(short,)))
    assert preview_check(state).revolts[2] == ()
    assert preview_check(example_6()).revolts[2] != ()


def test_two_player_game_without_revolts_moves_the_philosopher_only():
    state = RULES.new_game({"players": [{"name": "A", "city": "athens"},
                                        {"name": "B", "city": "sparta"}],
                            "fate": 10, "revolts": False})
    # The Last Player marker defaults to the last seat, so seat 0 starts.
    assert state.active == 0 and all(p.revealed for p in state.players)
    state = state.with_player(1, replace(state.players[1], hexes=(
        hx("Cava", "economic", (0, 0, 0), (5, 0, 0), "chora"),)))
    state = state.with_player(0, replace(state.players[0], hexes=(
        hx("Agora", "political", (0, 0, 0), (0, 0, 0)),)))
    state = RULES.apply(RULES.apply(state, "take", {"hexes": 2}), "political_check", {})
    assert state.philosopher == 0
    assert state.players[1].find("Cava").cubes == Cubes(5, 0, 0)


def test_political_check_refusals():
    state = replace(example_6(), took=False)
    with pytest.raises(IllegalAction, match=r"comes after phase A; next: A\) take 2 hexes"):
        RULES.apply(state, "political_check", {})
    done = RULES.apply(example_6(), "political_check", {})
    with pytest.raises(IllegalAction, match="already made"):
        RULES.apply(done, "political_check", {})
    with pytest.raises(IllegalAction, match="one action per turn|political check is done"):
        RULES.apply(done, "production", {})


# ---------------------------------------------- unverified tile data that decides (review §5 #9)

def two_player(ben_eyes, ana_eyes=1):
    """A 2-player game (both Acropolis tiles face up) on Ben's turn; Sparta's helmet is the
    rules digest's guess (ruling H1)."""
    state = RULES.new_game({"players": [{"name": "Ana", "city": "athens"},
                                        {"name": "Ben", "city": "sparta"}], "fate": 20})
    for seat, eyes in ((0, ana_eyes), (1, ben_eyes)):
        player = state.players[seat]
        state = state.with_player(seat, replace(player, hexes=tuple(
            hx(f"Anfiteatro {i}", "political", (1, 0, 0), (1, 0, 0)) for i in range(eyes))))
    return replace(state, active=1, took=True)


def test_the_check_says_when_sparta_s_unverified_symbol_decides_the_philosopher():
    state = two_player(ben_eyes=1)  # 1 against 1: an eye on Sparta would give Ben the majority
    check = preview_check(state)
    assert check.new_holder == -1 and check.unverified
    words = str(RULES.describe(state, "political_check", {}))
    assert "an unverified Acropolis symbol decides it" in words


def test_the_check_is_not_marked_when_no_acropolis_symbol_could_change_it():
    assert not preview_check(two_player(ben_eyes=3)).unverified  # 3 against 1 either way
    told = replace(two_player(ben_eyes=1), cities=(
        ("sparta", replace(two_player(1).city_info("sparta"), unverified=False)),))
    assert not preview_check(told).unverified  # the table entered Sparta's tile data
