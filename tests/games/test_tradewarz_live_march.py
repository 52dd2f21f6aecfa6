"""TradeWarz as the table plays it (issue 38, the review's N1, N2, N4, N5, N6 and #14): what a
March leads to, where an upgrade stands, who frees a capital, where a free recruit goes and what
a university's first level costs. Each test names the rule it checks."""
from dataclasses import replace

import pytest

from companion.games.core import IllegalAction
from companion.games.core.errors import WouldBreak
from companion.games.core.history import after_change
from companion.games.core.log import VOID, Entry
from companion.games.tradewarz import RULES
from companion.games.tradewarz.costs import university_cost
from companion.games.tradewarz.model import put_house

COSTS = {"cost_settlement": "1 lumber + 1 wheat", "cost_upgrade": "1 lumber + 1 mining + 2 wheat",
         "cost_castle": "4 lumber + 3 gold + 4 mining", "cost_tech_economy": "1 gold, 1 lumber, "
         "1 wheat", "cost_university": "1 gold + 1 mining"}


def new(n=3, **setup):
    return RULES.new_game({"players": [{"name": x} for x in ("Ana", "Ben", "Cy")[:n]],
                           **COSTS, **setup})


def act(state, kind, **data):
    return RULES.apply(state, kind, RULES.check_action(state, kind, data))


def house(state, seat=0, **fields):
    return put_house(state, seat, replace(state.houses[seat], **fields))


def fight(state, attacker=0, defender=1, soldiers=2, **over):
    """A field battle the attacker wins (4/1/1 against a 1/0/0 card)."""
    data = {"attacker": attacker, "defender": defender, "site": "field",
            "attacker_soldiers": soldiers, "attacker_card_s": 4, "attacker_card_k": 1,
            "attacker_card_b": 1, "defender_soldiers": 2, "defender_card_s": 1,
            "defender_card_k": 0, "defender_card_b": 0, **over}
    return act(state, "battle", **data)


# ----------------------------------------- N1 Superior logistics: two armies on one March

def logistics(soldiers=4):
    """Ana holds Superior logistics, ``soldiers`` on the map and 2 settlements (room for 4
    soldiers away from her capital), and has just marched."""
    state = house(new(), 0, techs=("generate_tax", "superior_logistics"), soldiers=soldiers,
                  reserve=10 - soldiers, settlements=2, sites=(3, 5), farthest_build=5)
    return act(state, "march")


def test_superior_logistics_lets_one_march_fight_two_battles():
    twice = fight(fight(logistics(), defender=1), defender=2)
    assert twice.houses[0].golden == ("battle", "battle")
    with pytest.raises(IllegalAction, match="led to two battles") as refused:
        fight(twice, defender=1)
    assert "Superior logistics" in refused.value.rule


def test_without_superior_logistics_a_march_fights_one_battle():
    state = house(logistics(), 0, techs=("generate_tax",))
    with pytest.raises(IllegalAction, match="second battle from one March needs Superior "
                                            "logistics"):
        fight(fight(state, defender=1), defender=2)


def test_superior_logistics_second_army_is_other_soldiers_than_the_first():
    first = fight(logistics(soldiers=4), defender=1, soldiers=3)  # 3 march, none lost
    with pytest.raises(IllegalAction, match="still has 3 soldiers standing; the second army "
                                            "is other soldiers, at most 1") as refused:
        fight(first, defender=2, soldiers=2)
    assert refused.value.field == "attacker_soldiers"
    assert fight(first, defender=2, soldiers=1).houses[0].golden == ("battle", "battle")


def test_a_raid_on_the_way_still_counts_after_the_march_s_battle():
    state = house(logistics(), 1, settlements=1, sites=(4,), farthest_build=4)
    state = fight(house(state, 0, techs=("generate_tax",)), defender=2)
    after = act(state, "raid", raider=0, house=1, building="settlement", silo_wheat=0)
    assert after.houses[1].settlements == 0


# ------------------------------- N2 time up: the last March of the game still fights

def last_march_of_a_time_game(season=1):
    """A 2-house time game: Ana acts, the timer runs out, Ben takes the season's last action,
    a March, which ends the game."""
    state = act(replace(new(2, end_mode="time"), season=season), "resources", first="wheat")
    state = act(act(state, "time_up"), "march")
    assert state.phase == "over"
    return state


@pytest.mark.parametrize("season", [1, 4])  # Fall; Spring (ruling T19 season-only)
def test_time_up_the_battle_of_the_season_s_last_march_is_still_recorded(season):
    state = last_march_of_a_time_game(season)
    assert "battle" in RULES.available(state) and "resources" not in RULES.available(state)
    assert any("record the Battle" in line for line in RULES.guide(state))
    after = fight(state, attacker=1, defender=0)
    assert after.houses[1].golden == ("battle",) and after.phase == "over"
    assert [p.names for p in RULES.score(after).ranking][0] == ("Ben",)
    with pytest.raises(IllegalAction, match="already led to its battle"):
        fight(after, attacker=1, defender=0)


def test_time_up_the_last_march_s_raid_and_post_are_still_recorded_but_nothing_else():
    state = house(last_march_of_a_time_game(), 0, settlements=1, sites=(2,), farthest_build=2)
    raided = act(state, "raid", raider=1, house=0, building="settlement")
    assert raided.houses[0].settlements == 0
    assert act(raided, "hold_post", house=1, post=2).houses[1].posts == (2,)
    with pytest.raises(IllegalAction, match="the game is over"):
        act(raided, "hold_post", house=0, post=1)  # Ana did not march
    with pytest.raises(IllegalAction, match="only its army can attack"):
        fight(raided, attacker=0, defender=1)
    with pytest.raises(IllegalAction, match="the game is over"):
        act(raided, "trade", house=0, partner=1, give_gold=1, get_wheat=1)


def test_time_up_after_a_last_action_that_is_no_march_no_battle_follows():
    state = act(replace(new(2, end_mode="time"), season=1), "resources", first="wheat")
    state = act(act(state, "time_up"), "resources", first="gold")
    assert state.phase == "over" and "battle" not in RULES.available(state)
    with pytest.raises(IllegalAction, match="the game is over"):
        fight(state, attacker=1, defender=0)


def test_a_xadla_target_reached_ends_the_game_before_the_march_s_second_battle():
    state = house(logistics(), 0, golden=("battle",) * 5)
    state = replace(state, end_mode="xadlas", xadla_target=6)
    won = fight(state, defender=1)
    assert won.phase == "over" and won.won == (0,)
    with pytest.raises(IllegalAction, match="the game is over"):
        fight(won, defender=2)


# --------------------------------------- N4 an upgrade or castle stands on a built square

def settled(*distances):
    """Ana has settlements at these distances (and the dials to build more)."""
    return house(new(2), 0, settlements=len(distances), sites=tuple(sorted(distances)),
                 farthest_build=max(distances, default=0), dials=(20, 20, 20, 20))


def test_an_upgrade_where_no_building_stands_is_refused_by_the_farthest_building_rule():
    state = settled(3)
    with pytest.raises(IllegalAction, match="no building 9 marches from its capital") as no:
        act(state, "build", what="upgrade", silo_lumber=1, distance=9)
    assert "What happens in a tie" in no.value.rule and no.value.field == "distance"
    after = act(state, "build", what="upgrade", silo_lumber=1, distance=3)
    assert (after.houses[0].farthest_build, after.houses[0].sites) == (3, (3,))


def test_a_castle_where_no_building_stands_is_refused_by_the_farthest_building_rule():
    state = house(settled(), 0, villages=1, sites=(4,), farthest_build=4)
    with pytest.raises(IllegalAction, match="no building 8 marches"):
        act(state, "build", what="castle", distance=8)
    assert act(state, "build", what="castle", distance=4).houses[0].farthest_build == 4


def test_an_upgrade_tells_the_distance_of_a_building_never_told():
    state = settled(0, 3)  # one settlement's distance was never told
    after = act(state, "build", what="upgrade", silo_lumber=1, distance=9)
    assert (after.houses[0].farthest_build, after.houses[0].sites) == (9, (3, 9))


# ------------------------------- N5 the occupier leaves a capital with its own move

def occupied():
    """Ben holds Ana's capital; Ana has taken her action, Ben's turn."""
    return act(house(new(), 0, capital_held_by=1), "resources", first="gold")


def test_the_occupier_leaves_a_capital_only_right_after_its_own_march_or_retreat():
    with pytest.raises(IllegalAction, match="right after Ben's March or Retreat") as refused:
        act(occupied(), "occupier_left", house=0)
    assert "The Capital City" in refused.value.rule
    with pytest.raises(IllegalAction, match="right after Ben's March or Retreat"):
        act(act(occupied(), "resources", first="gold"), "occupier_left", house=0)
    marched = act(occupied(), "march")
    assert act(marched, "occupier_left", house=0).houses[0].capital_held_by is None
    with pytest.raises(IllegalAction, match="right after Ben's March or Retreat"):  # Cy acted since
        act(act(marched, "resources", first="gold"), "occupier_left", house=0)
    retreated = act(occupied(), "retreat")
    with pytest.raises(IllegalAction, match="Ben's last season action was retreat, not march"):
        act(retreated, "occupier_left", house=0, origin="march")
    freed = act(retreated, "occupier_left", house=0, origin="retreat")
    assert freed.houses[0].capital_held_by is None


def test_an_occupier_left_logged_before_it_named_the_move_reads_as_recorded():
    freed = RULES.apply(occupied(), "occupier_left", {"house": 0})
    assert freed.houses[0].capital_held_by is None


# ----------------------- N6 Superior fertility's free recruit keeps to the gate and support

def fertile(soldiers, **fields):
    state = house(new(2), 0, universities=(4, 0, 0), dials=(20, 20, 20, 20), soldiers=soldiers,
                  reserve=10 - soldiers, **fields,
                  techs=("generate_tax", "lower_recruitment_cost", "free_annual_recruit"))
    return act(state, "buy_tech", tech="superior_fertility")


def test_superior_fertility_s_free_recruit_stays_in_the_reserve_without_room_on_the_map():
    after = fertile(8)  # 6 at the gate + 2 the capital supports away: full
    assert (after.houses[0].soldiers, after.houses[0].reserve) == (8, 6)
    said = " ".join(after.events)
    assert "stays in the reserve" in said and "Recruit; Support" in said


def test_superior_fertility_s_free_recruit_comes_where_there_is_room():
    after = fertile(8, settlements=1, sites=(2,), farthest_build=2)  # a settlement: room 9
    assert (after.houses[0].soldiers, after.houses[0].reserve) == (9, 5)
    assert "1 free recruit to the capital gate" in after.events


# --------------------------- #14 ruling T21 upgrades-only: a first level is paid in full

@pytest.mark.parametrize("reading, level_1, level_3", [
    ("per-level", {}, {"gold": 3, "mining": 3}),
    ("per-build", {}, {"gold": 5, "mining": 5}),
    ("upgrades-only", {"gold": 1, "mining": 1}, {"gold": 4, "mining": 4}),
])
def test_t21_university_upgrade_efficiency_by_reading(reading, level_1, level_3):
    efficient = replace(new(2).houses[0], techs=("university_upgrade_efficiency",))
    rulings = {"T21": reading}
    assert university_cost(efficient, "economy", 1, rulings=rulings) == level_1
    assert university_cost(efficient, "economy", 3, rulings=rulings) == level_3
    raised = replace(efficient, universities=(1, 0, 0))
    assert university_cost(raised, "economy", 2, rulings=rulings) == {"gold": 1, "mining": 1}


def test_t21_upgrades_only_is_a_reading_the_table_can_switch_to():
    state = act(new(2), "ruling", ruling="T21", reading="upgrades-only")
    state = house(state, 0, techs=("university_upgrade_efficiency",))
    after = act(state, "build", what="university", tree="economy", level=1)
    assert after.houses[0].dials == (5, 6, 5, 6)


# ----------------------- the same limits when a step is taken back, changed or replayed

def test_taking_back_superior_logistics_breaks_the_second_battle_of_its_march():
    setup = {"players": [{"name": x} for x in ("Ana", "Ben", "Cy")], **COSTS}
    battle = {"attacker": 0, "site": "field", "origin": "march", "attacker_soldiers": 2,
              "attacker_card_s": 4, "attacker_card_k": 0, "attacker_card_b": 0,
              "defender_soldiers": 1, "defender_card_s": 1, "defender_card_k": 0,
              "defender_card_b": 0}
    steps = [("correct_tech", {"house": 0, "tech": "generate_tax", "change": "give"}),
             ("correct_tech", {"house": 0, "tech": "superior_logistics", "change": "give"}),
             ("correct", {"house": 0, "what": "soldiers", "value": 4}),
             ("correct", {"house": 0, "what": "settlements", "value": 2}),
             ("march", {}), ("battle", {**battle, "defender": 1}),
             ("battle", {**battle, "defender": 2})]
    state, log = RULES.new_game(setup), []
    for seq, (kind, data) in enumerate(steps, start=1):
        clean = RULES.check_action(state, kind, data)
        state = RULES.apply(state, kind, clean)
        log.append(Entry(seq, kind, clean))
    assert RULES.fold(setup, log).houses[0].golden == ("battle", "battle")  # an import
    with pytest.raises(WouldBreak) as broken:
        after_change(RULES, setup, log, Entry(8, VOID, {"targets": [2]}), lambda seq: "")
    assert broken.value.entries == (7,)
    assert "Superior logistics" in str(broken.value.problems[0].message)
