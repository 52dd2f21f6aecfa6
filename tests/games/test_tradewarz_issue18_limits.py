"""TradeWarz issue 18, the limits and the readings (the review's items #12-#15, #17, #24, #25;
../shared/review/tradewarz.md): where soldiers may stand, the readings the rulebook leaves open
(rulings T20-T23, T4's "back to 10") and the inferred costs as box data."""
from dataclasses import replace

import pytest

from companion.games.core import IllegalAction
from companion.games.tradewarz import RULES, tech_bonus
from companion.games.tradewarz.model import put_house
from companion.games.tradewarz.setup import SETUP_FIELDS


def new(n=2, **setup):
    return RULES.new_game({"players": [{"name": x} for x in ("Ana", "Ben", "Cy")[:n]], **setup})


def act(state, kind, **data):
    return RULES.apply(state, kind, RULES.check_action(state, kind, data))


def with_house(state, seat=0, **values):
    return put_house(state, seat, replace(state.houses[seat], **values))


def marched(state=None, **ana):
    """Ana has just marched (Ben's turn now), with ``ana`` on her board."""
    state = with_house(state or new(), 0, **ana)
    return act(state, "march")


def fight(state, **over):
    data = {"attacker": 0, "defender": 1, "site": "field", "attacker_soldiers": 2,
            "attacker_card_s": 4, "attacker_card_k": 0, "attacker_card_b": 0,
            "defender_soldiers": 1, "defender_card_s": 1, "defender_card_k": 0,
            "defender_card_b": 0, **over}
    return act(state, "battle", **data)


# ---------------------------------------------- #12 support, the capital gate, the double cost

def test_a_soldier_recruited_for_the_double_cost_needs_a_building_of_its_house():
    with pytest.raises(IllegalAction, match="no settlement, village or castle") as err:
        act(new(), "recruit", at_building=True)
    assert "Support" in err.value.rule
    after = act(with_house(new(), settlements=1), "recruit", at_building=True)
    assert after.houses[0].soldiers == 3 and after.houses[0].dials == (6, 0, 6, 0)


def test_an_army_away_from_its_capital_is_no_bigger_than_what_the_buildings_support():
    # 3 soldiers and no building: the capital supports only the first 2 that leave it
    with pytest.raises(IllegalAction, match="an army of 3 cannot stand away from it"):
        fight(marched(soldiers=3), attacker_soldiers=3)
    assert fight(marched(soldiers=3, settlements=1), attacker_soldiers=3).houses[0].golden == (
        "battle",)


def test_a_defender_away_from_its_capital_is_limited_by_its_support_too():
    state = with_house(marched(), 1, soldiers=3)
    with pytest.raises(IllegalAction, match="Ben supports 2 soldier"):
        fight(state, defender_soldiers=3)
    assert fight(with_house(state, 1, villages=1), defender_soldiers=3).houses[1].soldiers == 3


def test_soldiers_beyond_a_full_gate_and_their_support_cannot_be_recruited():
    # 8 soldiers and no building: 6 at the gate and 2 away from it are all there is room for
    state = replace(new(), rulings={**new().rulings, "T20": "any"})
    full = with_house(state, soldiers=8, reserve=2, dials=(20, 20, 20, 20))
    with pytest.raises(IllegalAction, match="room for 8"):
        act(full, "recruit")
    assert act(with_house(full, settlements=1), "recruit").houses[0].soldiers == 9
    with pytest.raises(IllegalAction, match="the capital gate holds at most 6"):
        act(with_house(state, reserve=8, soldiers=0, dials=(30, 30, 30, 30)), "recruit",
            count=7)


def test_a_village_under_a_castle_adds_no_support_beyond_the_castles_four():
    from companion.games.tradewarz.support import away_room
    house = replace(new().houses[0], settlements=1, villages=2, castles=1)
    assert away_room(house) == 2 + 1 + 2 + 4


# -------------------------------------------------------- #13 soldiers per Recruit: ruling T20

def test_one_recruit_action_brings_one_soldier_by_default_t20():
    rich = with_house(new(), dials=(30, 30, 30, 30))
    with pytest.raises(IllegalAction, match="one Recruit action brings one soldier") as err:
        act(rich, "recruit", count=2)
    assert "T20" in err.value.rule
    many = replace(rich, rulings={**rich.rulings, "T20": "any"})
    assert act(many, "recruit", count=2).houses[0].soldiers == 4


# -------------------------------------------- #14 University upgrade efficiency: ruling T21

@pytest.mark.parametrize("reading, paid", [("per-level", 3), ("per-build", 5)])
def test_the_university_discount_is_per_level_or_per_build_t21(reading, paid):
    state = new(rulings={"T21": reading})
    state = with_house(state, dials=(10, 6, 10, 6), techs=("university_upgrade_efficiency",))
    after = act(state, "build", what="university", tree="military", level=3)
    assert after.houses[0].dials == (10 - paid, 6, 10 - paid, 6)


def test_rulings_t20_to_t23_have_a_default_alternatives_and_a_reason():
    for rid, default in (("T20", "one"), ("T21", "per-level"), ("T22", "whole-map"),
                         ("T23", "gate")):
        ruling = RULES.rulings[rid]
        assert ruling.default == default and len(ruling.readings) >= 2 and str(ruling.why)
        assert new().rulings[rid] == default


# --------------------------------------------- #15 Upgrade all fortified castles: ruling T22

def test_upgrade_all_fortified_castles_counts_on_the_whole_map_by_default_t22():
    house = replace(new().houses[1], techs=("fortified_castles",))
    state = with_house(marched(), 1, techs=("fortified_castles",))
    after = RULES.describe(state, "battle", RULES.check_action(state, "battle", {
        "attacker": 0, "defender": 1, "site": "field", "attacker_soldiers": 1,
        "attacker_card_s": 2, "attacker_card_k": 0, "attacker_card_b": 0, "defender_soldiers": 1,
        "defender_card_s": 1, "defender_card_k": 0, "defender_card_b": 0}))
    assert "Ben 3" in str(after)  # 1 soldier + 1 card + 1 from the tech, in the field
    assert tech_bonus(house, attacking=False, site="field", rulings=state.rulings)[0] == (1, 1, 1)
    only = {"T22": "castle-only"}
    assert tech_bonus(house, attacking=False, site="field", rulings=only)[0] == (0, 0, 0)


# ---------------------------------------------------- #25 a capital's defenders: ruling T23

def test_every_soldier_at_the_gate_defends_a_capital_up_to_six_by_default_t23():
    state = with_house(marched(soldiers=2), 1, soldiers=6, reserve=4)
    after = fight(state, site="capital", defender_soldiers=5, attacker_card_s=1)
    assert after.houses[1].soldiers == 6 and after.houses[1].golden == ("battle",)
    assert fight(state, site="capital", defender_soldiers=6).houses[1].golden == ("battle",)
    squad = replace(state, rulings={**state.rulings, "T23": "squad"})
    with pytest.raises(IllegalAction, match="a squad holds at most 3") as err:
        fight(squad, site="capital", defender_soldiers=5)
    assert "T23" in err.value.rule


def test_the_battle_form_takes_six_defenders():
    field = next(f for f in RULES.spec("battle").fields if f.name == "defender_soldiers")
    assert field.high == 6


# -------------------------------------------------------- #17 the 21 rule's "back to 10" (T4)

def test_t4_offers_the_back_to_10_reading():
    assert "back-to-10" in RULES.rulings["T4"].readings


# ------------------------------------------------ #24 inferred costs are box data, unverified

def test_recruit_and_university_costs_are_box_data_shipped_as_unverified_guesses():
    from companion.games.tradewarz import UNVERIFIED
    fields = {f.name: f for f in SETUP_FIELDS}
    for item in ("recruit", "university"):
        assert f"cost_{item}" in UNVERIFIED and fields[f"cost_{item}"].default == UNVERIFIED[
            f"cost_{item}"]
        assert "unverified" in str(fields[f"cost_{item}"].help)


def test_a_table_corrects_the_recruit_and_university_costs_at_setup():
    state = new(cost_recruit="3 gold + 3 wheat", cost_university="1 lumber + 1 mining")
    state = with_house(state, dials=(10, 10, 10, 10))
    after = act(state, "recruit")
    assert after.houses[0].dials == (7, 10, 10, 7)
    state = act(act(after, "resources", first="gold"), "build", what="university",
                tree="economy", level=2)
    assert state.houses[0].dials == (7, 7, 7, 7)  # levels 1 + 2: 3 lumber + 3 mining


def test_a_recruit_cost_with_the_wrong_printed_amounts_is_refused_at_setup():
    from companion.games.core import InvalidInput
    with pytest.raises(InvalidInput, match="3 \\+ 3"):
        new(cost_recruit="2 gold + 2 wheat + 2 lumber")


def test_a_corrected_recruit_cost_is_remembered_as_box_data_and_a_shipped_guess_is_not():
    records = RULES.box_records_of_setup({"cost_recruit": "3 gold + 3 wheat",
                                          "cost_university": "1 gold + 1 mining"})
    assert records == [("costs", "recruit", {"gold": 3, "wheat": 3})]
    assert RULES.setup_defaults(records)["cost_recruit"] == "3 gold + 3 wheat"
