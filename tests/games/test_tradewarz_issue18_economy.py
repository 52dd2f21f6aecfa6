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
