"""TradeWarz box data (costs printed as icons, season names, the lost season's die) and the quick
pad's fields: what a server remembers, and how it comes back as setup defaults."""
import pytest

from companion.games.core import InvalidInput
from companion.games.tradewarz import RULES
from companion.games.tradewarz.quick import FACT_FIELDS

PLAYERS = [{"name": "Amber"}, {"name": "Basalt"}]


def test_quick_pad_fields_are_the_score_apis_flat_fields():
    assert [f.name for f in RULES.quick_fields] == ["name", *FACT_FIELDS]
    assert RULES.quick_options == ()


def test_a_quick_pad_payload_scores_like_the_api():
    players = [{"name": "A", "golden_xadlas": 2, "silver_xadlas": 1},
               {"name": "B", "golden_xadlas": 1, "silver_xadlas": 2}]
    result = RULES.score_payload(RULES.quick_payload({"rulings": {}}, players))
    assert [s.total for s in result.sheets] == [3, 3]
    assert result.ranking[0].names == ("A",) and result.ranking[0].decided_by == "golden_xadlas"


def test_setup_records_entered_costs_names_and_die_but_not_the_shipped_guesses():
    setup = {"players": PLAYERS, "cost_village": "2 wheat + 2 lumber + 2 mining",
             "cost_castle": "", "cost_bridge": "4 lumber + 2 mining + 2 gold",
             "cost_tunnel": "2 gold + 4 mining + 2 wheat",
             "season_names": "Summer,Fall,Winter,Dusk,Spring", "fifth_season_die": "red"}
    records = RULES.box_records_of_setup(setup)
    assert ("costs", "village", {"lumber": 2, "mining": 2, "wheat": 2}) in records
    assert ("costs", "tunnel", {"gold": 2, "mining": 4, "wheat": 2}) in records
    assert not any(key in ("castle", "bridge") for _, key, _ in records)
    assert ("seasons", "names in order", {"seasons": "Summer, Fall, Winter, Dusk, Spring"}) \
        in records
    assert ("seasons", "die of the lost season", {"die": "red"}) in records


def test_setup_defaults_turn_remembered_records_back_into_form_values():
    setup = {"players": PLAYERS, "cost_village": "2 lumber + 2 mining + 2 wheat",
             "season_names": "Summer, Fall, Winter, Dusk, Spring", "fifth_season_die": "blue"}
    defaults = RULES.setup_defaults(RULES.box_records_of_setup(setup))
    assert defaults == {"cost_village": "2 lumber + 2 mining + 2 wheat",
                        "season_names": "Summer, Fall, Winter, Dusk, Spring",
                        "fifth_season_die": "blue"}
    game = RULES.new_game({**setup, **defaults})
    assert game.cost_of("village") == (0, 2, 2, 2)


def _game(**setup):
    return RULES.new_game({"players": PLAYERS, **setup})


@pytest.mark.parametrize("kind, data, record", [
    ("build", {"what": "village", "pay_lumber": 2, "pay_mining": 2, "pay_wheat": 2},
     ("costs", "village", {"lumber": 2, "mining": 2, "wheat": 2})),
    ("buy_tech", {"tech": "improved_building", "pay_gold": 2, "pay_lumber": 2, "pay_wheat": 2},
     ("costs", "tech_economy", {"gold": 1, "lumber": 1, "wheat": 1})),
    ("march", {"roads": 2, "pay_lumber": 2, "pay_wheat": 2},
     ("costs", "road", {"lumber": 1, "wheat": 1})),
])
def test_a_payment_for_an_item_without_box_data_is_remembered_per_item(kind, data, record):
    assert RULES.box_records(_game(), kind, data) == [record]


def test_a_payment_is_not_remembered_when_the_box_data_knows_it_or_it_cannot_be_split():
    known = _game(cost_village="2 lumber + 2 mining + 2 wheat")
    data = {"what": "village", "pay_lumber": 2, "pay_mining": 2, "pay_wheat": 2}
    assert RULES.box_records(known, "build", data) == []
    mixed = {"roads": 1, "bridges": 1, "pay_lumber": 3, "pay_wheat": 1}
    assert RULES.box_records(_game(), "march", mixed) == []
    assert RULES.box_records(_game(), "build", {"what": "village"}) == []


def test_the_lost_seasons_die_from_the_box_wins_over_the_t18_default():
    # a setup form sends ruling T18's select as well: the two need not agree
    game = _game(fifth_season_die="red", rulings={"T18": "blue"})
    assert game.rulings["T18"] == "red"
    assert _game(fifth_season_die="", rulings={"T18": "red"}).rulings["T18"] == "red"
    assert _game().rulings["T18"] == "blue"
    with pytest.raises(InvalidInput) as err:
        _game(fifth_season_die="green")
    assert err.value.problems[0].field == "fifth_season_die"
