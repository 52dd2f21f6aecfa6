"""The change page's number chips reach what the step could hold (issue 49 item 5, Hadara phone
review P3 'Change page: its cost chips stop at 5'): a Hadara card's printed cost and points are
offered as the buy form offers them in the card's epoch (``GameRules.chip_span``), so a card
that cost 8 is changed with one tap, as it was bought."""
from __future__ import annotations

import re

import pytest

from companion.games import get_game
from companion.games.core.states import replace
from companion.games.hadara.specs import EPOCH_CHIPS
from tests.web.table import hadara_of_three


def chips(page: str, name: str) -> list[int]:
    """The numbers the change form's chips of field ``name`` send."""
    main = page[page.index("<main"):page.index("</main>")]
    return [int(n) for n in re.findall(rf'name=pick value="{name}=(\d+)"', main)]


def test_the_change_page_offers_an_epoch_i_cards_cost_and_points_as_the_buy_form(client, app):
    table = hadara_of_three(client, app)
    table.do("buy", player=1, colour="red", cost=8, points=1, round=1)
    page = client.get(f"{table.path}/change/1").get_data(as_text=True)
    low, high = EPOCH_CHIPS["cost"][1]
    assert chips(page, "cost") == list(range(low, high + 1))  # 0 to 11, not 0 to 5
    assert 'class="chip on" name=pick value="cost=8"' in page  # the cost bought is on
    assert chips(page, "points") == list(range(EPOCH_CHIPS["points"][1][1] + 1))


def test_a_fields_own_chips_stay_where_the_game_names_no_span(client, app):
    table = hadara_of_three(client, app)
    table.do("buy", player=1, colour="red", cost=3, points=1, round=1)
    page = client.get(f"{table.path}/change/1").get_data(as_text=True)
    assert chips(page, "military") == [0, 1, 2, 3, 4, 5]  # a track's usual chips


@pytest.mark.parametrize("epoch", [1, 2, 3])
def test_a_hadara_cards_chips_grow_with_its_epoch(epoch):
    rules = get_game("hadara")
    state = rules.new_game({"players": [
        {"name": n, "initiative": i, "coins": 0, "income": 0, "military": 0, "culture": 0,
         "food": 0} for i, n in ((1, "Ana"), (2, "Ben"))]})
    at = replace(state, epoch=epoch)
    assert rules.chip_span(at, "buy", "cost") == EPOCH_CHIPS["cost"][epoch]
    assert rules.chip_span(at, "correct_card", "points") == EPOCH_CHIPS["points"][epoch]
    assert rules.chip_span(at, "colony", "points") is None
