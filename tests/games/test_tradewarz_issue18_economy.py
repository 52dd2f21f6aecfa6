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
    state = act(act(state, "resources", first="gold"), "march")  # Ben marches away
    freed = act(state, "occupier_left", house=0)
    assert freed.houses[0].capital_held_by is None
    assert "Ben marched away from Ana's capital" in RULES.describe(
        state, "occupier_left", {"house": 0})
    freed = act(freed, "resources", first="gold")  # Cy; then Ana's turn
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


# ------------------------------------------------------------- #5 the economy techs work

COSTS = {"cost_settlement": "1 lumber + 1 wheat", "cost_village": "2 lumber + 2 mining + 2 wheat"}


def test_improved_building_builds_two_villages_with_one_build_option_once_a_year():
    state = house(new(2, **COSTS), 0, techs=("improved_building",), dials=(9, 9, 9, 9),
                  marches=5)  # Ana's army has marched 5 times
    after = act(state, "build", what="village", twice=True, silo_wheat=4, distance=2,
                distance_2=5)
    ana = after.houses[0]
    assert (ana.villages, ana.silos, ana.dials) == (2, (0, 0, 4), (9, 5, 5, 5))
    assert ana.tokens.count("build") == 1 and ana.sites == (2, 5)
    again = replace(after, turn=0)
    with pytest.raises(IllegalAction, match="already built twice"):
        act(again, "build", what="settlement", twice=True, silo_wheat=2)


def test_building_twice_needs_improved_building_and_room_for_both():
    state = house(new(2, **COSTS), 0, dials=(9, 9, 9, 9))
    with pytest.raises(IllegalAction, match="does not hold Improved building"):
        act(state, "build", what="village", twice=True, silo_wheat=4)
    full = house(state, 0, techs=("improved_building",), settlements=5)
    with pytest.raises(IllegalAction, match="limit is 6"):
        act(full, "build", what="settlement", twice=True, silo_wheat=2)


def test_free_university_upgrade_raises_one_level_a_year_for_nothing_with_a_build_option():
    state = house(new(2), 0, techs=("free_university_upgrade",), universities=(1, 0, 0))
    after = act(state, "build", what="university", tree="economy", level=2, free=True)
    ana = after.houses[0]
    assert ana.universities == (2, 0, 0) and ana.dials == (6, 6, 6, 6)
    assert ana.tokens.count("build") == 1
    with pytest.raises(IllegalAction, match="used its free university upgrade"):
        act(replace(after, turn=0), "build", what="university", tree="military", level=1,
            free=True)
    with pytest.raises(IllegalAction, match="does not hold Free university upgrade"):
        act(new(2), "build", what="university", tree="economy", level=1, free=True)


def test_plus_3_extra_allocations_put_three_silos_on_a_village():
    cost = {"cost_tech_economy": "1 gold + 1 lumber + 1 wheat"}
    state = house(new(2, **cost), 0, universities=(3, 0, 0), villages=1, dials=(9, 9, 9, 9),
                  techs=("generate_tax", "improved_building"))
    after = act(state, "buy_tech", tech="extra_resources_3", silo_mining=2, silo_wheat=1)
    assert after.houses[0].silos == (0, 2, 1)
    with pytest.raises(IllegalAction, match="places 3 extra silo"):
        act(state, "buy_tech", tech="extra_resources_3", silo_mining=1)
    with pytest.raises(IllegalAction, match="has 0"):
        act(house(state, 0, villages=0), "buy_tech", tech="extra_resources_3", silo_wheat=3)


def test_plus_4_extra_allocations_put_two_silos_on_each_of_two_villages():
    cost = {"cost_tech_economy": "1 gold + 1 lumber + 1 wheat"}
    state = house(new(2, **cost), 0, universities=(4, 0, 0), villages=2, dials=(9, 9, 9, 9),
                  techs=("generate_tax", "improved_building", "free_annual_recruit"))
    after = act(state, "buy_tech", tech="extra_resources_4", silo_lumber=4)
    assert after.houses[0].silos == (4, 0, 0)
    with pytest.raises(IllegalAction, match="2 of the house's own villages"):
        act(house(state, 0, villages=1), "buy_tech", tech="extra_resources_4", silo_lumber=4)


# -------------------------------------- #7 the farthest building is one that still stands

CARDS = {"attacker_card_k": 0, "attacker_card_b": 0, "defender_card_k": 0, "defender_card_b": 0}


def built(state, *distances):
    """Ana builds settlements at these distances (one a season, every house acting), her army
    having marched as far (ruling T27)."""
    state = house(state, 0, dials=(20, 20, 20, 20), marches=max(distances, default=0))
    for d in distances:
        state = act(replace(state, turn=0), "build", what="settlement", silo_wheat=1, distance=d)
    return replace(state, turn=0, houses=tuple(replace(h, tokens=()) for h in state.houses))


def test_a_raided_building_no_longer_counts_for_the_farthest_building():
    state = replace(built(new(2, **COSTS), 9), mover=1, move="march")  # Ben marched
    assert state.houses[0].farthest_build == 9
    after = act(state, "raid", raider=1, house=0, building="settlement", silo_wheat=1)
    assert after.houses[0].farthest_build == 0 and after.houses[0].settlements == 0


def test_a_raid_names_which_building_when_they_stand_at_different_distances():
    state = replace(built(new(2, **COSTS), 2, 9), mover=1, move="march")  # Ben marched
    with pytest.raises(IllegalAction, match="say which one was lost"):
        act(state, "raid", raider=1, house=0, building="settlement", silo_wheat=1)
    with pytest.raises(IllegalAction, match="no building 5 marches"):
        act(state, "raid", raider=1, house=0, building="settlement", silo_wheat=1,
            lost_distance=5)
    after = act(state, "raid", raider=1, house=0, building="settlement", silo_wheat=1,
                lost_distance=9)
    assert after.houses[0].farthest_build == 2 and after.houses[0].sites == (2,)


def test_a_building_lost_in_battle_no_longer_counts_for_the_farthest_building():
    state = replace(built(new(2, **COSTS), 4, 7), mover=1, move="march")  # Ben marched
    after = act(state, "battle", attacker=1, defender=0, site="settlement", silo_wheat=1,
                lost_distance=7, attacker_soldiers=2, attacker_card_s=4, defender_soldiers=1,
                defender_card_s=1, **CARDS)
    assert after.houses[0].settlements == 1 and after.houses[0].farthest_build == 4


def test_a_captured_castle_leaves_the_loser_s_sites_for_the_winner_s():
    state = house(new(2), 0, villages=1, castles=1, sites=(6,), farthest_build=6)
    state = replace(state, mover=1, move="march")
    after = act(state, "battle", attacker=1, defender=0, site="castle", attacker_soldiers=2,
                attacker_card_s=4, defender_soldiers=1, defender_card_s=1, taken_distance=3,
                **CARDS)
    assert (after.houses[0].castles, after.houses[0].farthest_build) == (0, 0)
    assert (after.houses[1].castles, after.houses[1].farthest_build) == (1, 3)


def test_correcting_the_farthest_building_sets_the_farthest_standing_square():
    state = built(new(2, **COSTS), 2, 9)
    after = act(state, "correct", house=0, what="farthest_build", value=5)
    assert after.houses[0].sites == (2, 5) and after.houses[0].farthest_build == 5


# ------------------------------------------- #6 each caravan earns from its own army's area

def test_each_caravan_earns_from_the_area_of_the_army_it_travels_with():
    state = replace(new(2), season=4, phase="spring_end")
    state = house(state, 0, dials=(0, 0, 0, 0), techs=("donkey_caravans", "elephant_caravans"))
    state = act(state, "caravan_area", house=0, caravan="donkey_caravans", resource="wheat")
    with pytest.raises(IllegalAction, match="Elephant caravans: enter the resource"):
        act(state, "end_of_spring")
    state = act(state, "caravan_area", house=0, caravan="elephant_caravans", resource="lumber")
    after = act(state, "end_of_spring").houses[0]
    # capital 3 gold + 1 each; Donkey 1 gold + 1 wheat; Elephant 1 gold + 3 lumber
    assert after.dials == (3 + 1 + 1, 1 + 3, 1, 1 + 1)


def test_a_caravan_the_house_does_not_hold_has_no_area():
    with pytest.raises(IllegalAction, match="does not hold Mule caravans"):
        act(new(2), "caravan_area", house=0, caravan="mule_caravans", resource="wheat")


def test_a_settlement_stands_no_more_marches_away_than_its_house_has_marched_ruling_t27():
    state = house(new(2, **COSTS), 0, dials=(20, 20, 20, 20))
    with pytest.raises(IllegalAction, match="has made 0 Marches.*9 marches away is out of "
                                            "reach") as err:
        act(state, "build", what="settlement", silo_wheat=1, distance=9)
    assert "ruling T27" in err.value.rule and err.value.field == "distance"
    marched = act(state, "march")
    assert marched.houses[0].marches == 1
    far = act(replace(marched, turn=0), "build", what="settlement", silo_wheat=1, distance=1)
    assert far.houses[0].farthest_build == 1
    free = act(state, "ruling", ruling="T27", reading="unchecked")
    assert act(free, "build", what="settlement", silo_wheat=1,
               distance=9).houses[0].farthest_build == 9


@pytest.mark.parametrize("reading, refused", [("per-level", False), ("per-build", False),
                                              ("upgrades-only", True)])
def test_free_university_upgrade_builds_no_first_level_when_t21_reads_upgrades_only(
        reading, refused):
    state = house(new(2), 0, techs=("free_university_upgrade",))
    state = replace(state, rulings={**state.rulings, "T21": reading})
    if refused:
        with pytest.raises(IllegalAction, match="first level is built, not upgraded") as err:
            act(state, "build", what="university", tree="military", level=1, free=True)
        assert "ruling T21" in err.value.rule
        return
    after = act(state, "build", what="university", tree="military", level=1, free=True)
    assert after.houses[0].university("military") == 1
    assert after.houses[0].dials == state.houses[0].dials
