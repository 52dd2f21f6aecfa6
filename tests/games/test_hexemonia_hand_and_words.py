"""Hexemonia as the table plays it (issue 38, the review's N8-N10): the hand limit's discard, the
Acropolis under its Italian name in Strategy swaps, and the city bonus line in words."""
from dataclasses import replace

import pytest

from companion.games import get_game
from companion.games.core import IllegalAction
from companion.games.hexemonia import Cubes

RULES = get_game("hexemonia")
TWO = [{"name": "Ana", "city": "athens"}, {"name": "Ben", "city": "sparta"}]


def checked(hand):
    """Ana's turn after her political check, holding ``hand`` hexes."""
    state = RULES.apply(RULES.new_game({"players": TWO, "fate": 20}), "take", {"hexes": 2})
    state = state.with_player(0, replace(state.players[0], hand=hand))
    return RULES.apply(state, "political_check", {})


# ------------------------------------------------- N8 D) only the hexes beyond 4 are discarded

@pytest.mark.parametrize("hand, count", [(6, 3), (6, 5)])
def test_the_hand_limit_discards_only_the_hexes_beyond_four(hand, count):
    with pytest.raises(IllegalAction, match=f"holds {hand} hexes: only those beyond 4 are "
                                            f"discarded, {max(hand - 4, 0)} at most") as no:
        RULES.apply(checked(hand), "discard", {"count": count})
    assert no.value.rule == "Hexemonia rulebook, D) hand limit" and no.value.field == "count"


@pytest.mark.parametrize("hand, said", [(1, "Ana holds 1 hex, and"), (4, "Ana holds 4 hexes, and")])
def test_a_hand_within_the_limit_has_none_to_discard_said_in_the_hand_s_number(hand, said):
    with pytest.raises(IllegalAction) as no:
        RULES.apply(checked(hand), "discard", {"count": 1})
    assert no.value.message == f"{said} only hexes beyond 4 are discarded: none to discard"
    assert no.value.rule == "Hexemonia rulebook, D) hand limit"


def test_the_hand_limit_discard_down_to_four_is_taken_in_one_or_more_steps():
    assert RULES.apply(checked(6), "discard", {"count": 2}).players[0].hand == 4
    once = RULES.apply(checked(6), "discard", {"count": 1})
    assert RULES.apply(once, "discard", {"count": 1}).players[0].hand == 4


def test_the_discard_is_offered_only_while_the_hand_holds_more_than_four():
    assert "discard" in RULES.available(checked(5))
    assert "discard" not in RULES.available(checked(4))
    assert "end_turn" in RULES.available(checked(4))


# ----------------------------------------------- N9 Strategy swaps read "Acropoli" and "卫城"

@pytest.mark.parametrize("name", ["Acropolis", "Acropoli", "acropoli", "卫城"])
def test_strategy_swaps_on_the_acropolis_under_any_of_its_names(name):
    state = replace(RULES.new_game({"players": TWO, "fate": 20}), took=True)
    state = state.with_player(0, replace(state.players[0], acropolis=Cubes(4, 0, 1)))
    after = RULES.apply(state, "strategy", {"swaps": f"{name}: h"})
    assert after.players[0].acropolis == Cubes(2, 1, 1)


def test_one_swap_per_hex_counts_the_acropolis_once_under_two_names():
    state = replace(RULES.new_game({"players": TWO, "fate": 20}), took=True)
    state = state.with_player(0, replace(state.players[0], acropolis=Cubes(4, 0, 1)))
    with pytest.raises(IllegalAction, match="Acropolis: one swap per hex"):
        RULES.apply(state, "strategy", {"swaps": "Acropoli: h; Acropolis: h"})


# ------------------------------------------ N10 the city bonus line names the city in words

def bonus_detail(city, *kinds):
    hexes = [{"kind": k, "nature": "military", "active": True} for k in kinds]
    other = {"name": "B", "city": "athens" if city != "athens" else "sparta"}
    result = RULES.score_payload({"players": [{"name": "A", "city": city, "hexes": hexes},
                                              other]})
    return next(ln.detail for ln in result.sheets[0].lines if ln.id == "city_bonus")


@pytest.mark.parametrize("city, kinds, said", [
    ("athens", ("polis",), "Athens: 1 active polis × 2"),
    ("sparta", ("fortification", "fortification"), "Sparta: 2 active fortifications × 3"),
    ("sparta", ("fortification",), "Sparta: 1 active fortification × 3"),
])
def test_the_city_bonus_line_names_the_city_and_counts_its_active_hexes(city, kinds, said):
    assert str(bonus_detail(city, *kinds)).startswith(said)



def test_a_take_after_the_game_ended_is_refused_as_over_not_as_the_final_round():
    state = RULES.new_game({"players": TWO, "fate": 20})
    ended = replace(state, final_round=True, over=True)
    with pytest.raises(IllegalAction) as no:
        RULES.apply(ended, "take", {"hexes": 2})
    assert no.value.message == "the game is over"
    assert no.value.rule == "Hexemonia rulebook, Fine del gioco"
    with pytest.raises(IllegalAction, match="phase A is skipped until the game ends"):
        RULES.apply(replace(state, final_round=True), "take", {"hexes": 2})
