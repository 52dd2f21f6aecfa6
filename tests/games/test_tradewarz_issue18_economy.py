"""TradeWarz as the table plays it, issue 18 continued: capitals freed by a march, the economy
techs, caravans per army, the farthest standing building, target and alliance wins on the pad
(review items #4-#9, ../shared/review/tradewarz.md)."""
from dataclasses import replace

import pytest

from companion.games.core import IllegalAction
from companion.games.tradewarz import RULES
from companion.games.tradewarz.model import put_house


def new(n=3, **setup):
    return RULES.new_game({"players": [{"name": x} for x in ("Ana", "Ben", "Cy")[:n]], **setup})


def act(state, kind, **data):
    return RULES.apply(state, kind, RULES.check_action(state, kind, data))


def house(state, seat=0, **fields):
    return put_house(state, seat, replace(state.houses[seat], **fields))


# ------------------------------------------------ #4 recruiting resumes when the occupier leaves

def test_recruiting_resumes_once_the_occupier_marches_away_from_the_capital():
    state = house(new(), 0, capital_held_by=1)
    with pytest.raises(IllegalAction, match="held by Ben"):
        act(state, "recruit")
    freed = act(state, "occupier_left", house=0)
    assert freed.houses[0].capital_held_by is None
    assert "Ben marched away from Ana's capital" in RULES.describe(
        state, "occupier_left", {"house": 0})
    assert act(freed, "recruit").houses[0].soldiers == 3


def test_a_capital_nobody_occupies_cannot_be_left():
    with pytest.raises(IllegalAction, match="not occupied"):
        act(new(), "occupier_left", house=1)


# ------------------------------------------ #8 #9 target games: who reached it wins on the pad

def target_game():
    """Target 6 (alliance target 2 x 6 + 2 = 14); Ben and Cy allied, Ben at 8 Xadlas."""
    state = replace(new(3, end_mode="xadlas", xadla_target=6), alliances=((1, 2),))
    return house(state, 1, golden=("battle",) * 8)


def test_the_first_house_to_reach_the_target_wins_on_the_pad_whatever_the_totals():
    state = house(target_game(), 0, golden=("battle",) * 5, dials=(6, 6, 6, 20))
    state = act(state, "resources", first="wheat")  # wheat 22: 11 traded, Ana's 6th Xadla
    assert state.phase == "over" and "Ana reached 6 Xadlas" in state.ended
    ranking = RULES.score(state).ranking
    assert (ranking[0].place, ranking[0].names, ranking[0].decided_by) == (1, ("Ana",), "target")
    assert [(p.place, p.names) for p in ranking[1:]] == [(2, ("Ben",)), (3, ("Cy",))]
    assert RULES.end_words["target"]


def test_an_alliance_at_its_target_shares_first_place_on_the_pad():
    state = house(target_game(), 2, golden=("battle",) * 5, dials=(20, 6, 6, 6))
    state = act(replace(state, turn=2), "resources", first="gold")  # Cy 6: 8 + 6 = 14
    assert state.phase == "over" and "alliance of Ben and Cy" in state.ended
    ranking = RULES.score(state).ranking
    assert (ranking[0].place, ranking[0].names, ranking[0].decided_by) == (
        1, ("Ben", "Cy"), "alliance")
    assert (ranking[1].place, ranking[1].names) == (3, ("Ana",))
