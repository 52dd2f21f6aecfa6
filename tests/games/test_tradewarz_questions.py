"""TradeWarz's 'Can I do this?' answers: the battle calculator, the golden Xadla at Spring, buying
a tech now and building a castle this year."""
from dataclasses import replace

import pytest

from companion.games import get_game
from companion.games.core import IllegalAction
from companion.games.tradewarz import TECHS
from companion.games.tradewarz import questions as Q

RULES = get_game("tradewarz")


def game():
    return RULES.new_game({"players": [{"name": "Ana", "colour": "yellow"},
                                       {"name": "Ben", "colour": "red"}]})


def battle(g=None, **kw):
    g = g or game()
    # a settlement each: the first 2 soldiers away from a capital are its own, the 3rd needs one
    g = replace(g, houses=tuple(replace(h, soldiers=3, morale=1, settlements=1)
                                for h in g.houses))
    data = {"attacker": 0, "defender": 1, "site": "field", "post": 0,
            "attacker_soldiers": 2, "attacker_card_s": 4, "attacker_card_k": 1,
            "attacker_card_b": 1, "defender_soldiers": 3, "defender_card_s": 2,
            "defender_card_k": 3, "defender_card_b": 1, **kw}
    return Q.who_wins(g, RULES.check_action(g, "battle", data))


def test_battle_higher_strength_wins_and_casualties_are_kills_minus_blocks():
    answer = battle()  # 2 + 4 = 6 against 3 + 2 = 5
    n = dict(answer.numbers)
    assert answer.yes and n["Ana strength"] == 6 and n["Ben strength"] == 5
    assert n["Ana loses"] == 3 - 1 and n["Ben loses"] == 0  # Ben's 3 kills - 1 block; 1 - 1


def test_battle_tie_goes_to_the_defender_by_default_t3():
    answer = battle(attacker_card_s=3)  # 5 against 5
    assert not answer.yes and "Ben wins" in answer.summary


def test_a_castle_adds_two_strength_to_the_defender():
    g = game()
    g = replace(g, houses=(g.houses[0], replace(g.houses[1], villages=1, castles=1)))
    answer = battle(g, site="castle")  # 6 against 5 + 2
    assert not answer.yes and dict(answer.numbers)["Ben strength"] == 7


def test_the_battle_question_gets_the_rulebook_s_worked_example_right():
    """Yellow: 2 soldiers + card 4 + Donkey caravans 1 (+ a morale block) = 7, kills 1, blocks
    2; Red: 3 + card 2 + a morale strength = 6, kills 3, blocks 1: Yellow wins, loses 1, Red 0."""
    g = game()
    g = replace(g, houses=(replace(g.houses[0], techs=("donkey_caravans",)), g.houses[1]))
    answer = battle(g, attacker_super="donkey_caravans", attacker_morale_cards=1,
                    attacker_morale_b=1, defender_morale_cards=1, defender_morale_s=1)
    n = dict(answer.numbers)
    assert answer.yes and (n["Ana strength"], n["Ben strength"]) == (7, 6)
    assert (n["Ana loses"], n["Ben loses"]) == (1, 0)


def test_the_battle_question_refuses_what_the_battle_refuses():
    answer = battle(attacker_soldiers=4)  # Ana has 3 on the map; a squad holds 3
    assert not answer.yes and "Ana has 3 soldiers on the map, not 4" in answer.summary


def test_golden_xadla_at_spring_for_all_dials_at_twelve():
    g = game()
    rich = replace(g.houses[0], dials=(12, 12, 12, 12))
    g = replace(g, houses=(rich,) + g.houses[1:])
    assert Q.golden_at_spring(g, 0).yes
    assert not Q.golden_at_spring(g, 1).yes  # dials at 6 + income stay below 12


# ------------------------------------------------------------- can this house buy that tech now?

def house(g, seat, **changes):
    """The game with house ``seat`` changed."""
    houses = list(g.houses)
    houses[seat] = replace(houses[seat], **changes)
    return replace(g, houses=tuple(houses))


def priced(**costs):
    """A game whose box data holds the given costs (item -> 'n resource + ...')."""
    return RULES.new_game({"players": [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}],
                           **{f"cost_{k}": v for k, v in costs.items()}})


MILITARY = "1 gold + 1 lumber + 1 wheat"


def test_tech_yes_with_the_university_level_and_the_cost_on_the_dials():
    g = house(priced(tech_military=MILITARY), 0, universities=(0, 0, 1))
    answer = Q.can_buy_tech(g, 0, "military_discipline", {})
    n = dict(answer.numbers)
    assert answer.yes and "now" in answer.summary
    assert n["gold"] == "has 6, needs 1" and n["Cost (box data)"] == "1 gold + 1 lumber + 1 wheat"


@pytest.mark.parametrize("uni, dials, techs, expect", [
    (0, (6, 6, 6, 6), (),
     "Military discipline is a level 1 military tech; Ana's military university is at level 0"),
    (1, (0, 6, 6, 6), (), "Ana cannot pay for Military discipline: needs 1 gold (has 0)"),
    (2, (6, 6, 6, 6), (), "needs a level 1 military tech first"),
])
def test_tech_no_names_the_rule_and_the_numbers(uni, dials, techs, expect):
    g = house(priced(tech_military=MILITARY), 0, universities=(0, 0, uni), dials=dials,
              techs=techs)
    tech = "one_more_unit" if uni == 2 else "military_discipline"
    answer = Q.can_buy_tech(g, 0, tech, {})
    assert not answer.yes and expect in answer.summary


def test_tech_level_two_costs_twice_the_printed_amounts_and_checks_the_prerequisite():
    g = house(priced(tech_military=MILITARY), 0, universities=(0, 0, 2),
              techs=("military_discipline",), dials=(2, 2, 6, 1))
    answer = Q.can_buy_tech(g, 0, "one_more_unit", {})
    n = dict(answer.numbers)
    assert n["Cost (box data)"] == "2 gold + 2 lumber + 2 wheat"
    assert n["Level 1 military tech"] == "owns Military discipline"
    assert not answer.yes and "needs 2 wheat (has 1)" in answer.summary


def test_tech_a_sold_out_lower_level_is_not_needed():
    g = priced(tech_military=MILITARY)
    level1 = [x.id for x in TECHS.values() if x.tree == "military" and x.level == 1]
    g = house(g, 1, techs=tuple(level1))
    g = house(g, 0, universities=(0, 0, 2))
    answer = Q.can_buy_tech(g, 0, "one_more_unit", {})
    assert answer.yes, answer.summary
    assert dict(answer.numbers)["Level 1 military tech"].startswith("none, but all are sold out")


def test_tech_owned_by_another_house_is_not_for_sale():
    g = house(house(priced(tech_military=MILITARY), 1, techs=("military_discipline",)), 0,
              universities=(0, 0, 1))
    answer = Q.can_buy_tech(g, 0, "military_discipline", {})
    assert not answer.yes and "already belongs to Ben" in answer.summary


def test_tech_unknown_cost_asks_for_it_and_an_entered_cost_is_checked_against_the_shape():
    g = house(game(), 0, universities=(0, 0, 1))
    unknown = Q.can_buy_tech(g, 0, "military_discipline", {})
    assert not unknown.yes and "enter it" in unknown.summary
    wrong = Q.can_buy_tech(g, 0, "military_discipline", {"gold": 2, "lumber": 1})
    assert not wrong.yes and "amounts 1 + 1 + 1" in wrong.summary
    right = Q.can_buy_tech(g, 0, "military_discipline", {"gold": 1, "lumber": 1, "wheat": 1})
    assert right.yes and dict(right.numbers)["Cost (entered)"] == "1 gold + 1 lumber + 1 wheat"


def test_tech_once_a_year_and_one_action_a_season():
    g = house(priced(tech_military=MILITARY), 0, universities=(0, 0, 1), tokens=("buy_tech",))
    used = Q.can_buy_tech(g, 0, "military_discipline", {})
    assert not used.yes and "limit is 1" in used.summary
    assert dict(used.numbers)["buy tech actions left this year"] == "0 of 1"
    g = house(replace(priced(tech_military=MILITARY), turn=1), 0, universities=(0, 0, 1))
    assert not Q.can_buy_tech(g, 0, "military_discipline", {}).yes  # Ana acted this season
    g = house(replace(g, turn=0), 2, universities=(0, 0, 1))
    later = Q.can_buy_tech(g, 2, "military_discipline", {})
    assert later.yes and "in its turn this season" in later.summary


def test_tech_a_fifth_super_unit_is_refused():
    units = [x.id for x in TECHS.values() if x.super_unit and x.tree == "military"][:4]
    g = priced(tech_military=MILITARY, tech_engineering="1 gold + 1 mining + 1 lumber")
    g = house(g, 0, techs=tuple(units), universities=(0, 4, 4), dials=(40, 40, 40, 40))
    answer = Q.can_buy_tech(g, 0, "cannons", {})
    assert dict(answer.numbers)["Super units"] == "4 of 4"
    assert not answer.yes and "would hold 5 super units; the limit is 4" in answer.summary


# --------------------------------------------------------- can this house build a castle here?

CASTLE = "4 lumber + 3 mining + 4 wheat"


def test_castle_yes_on_an_old_village_with_a_build_token_and_the_cost():
    g = house(priced(castle=CASTLE), 0, villages=1, dials=(6, 4, 3, 4))
    answer = Q.can_build_castle(g, 0, {})
    n = dict(answer.numbers)
    assert answer.yes, answer.summary
    assert n["build actions left this year"] == "2 of 2"
    assert n["Villages that can take a castle"] == 1
    assert n["lumber"] == "has 4, needs 4" and "does not know where" in n["Check on the board"]


NO_OLD_VILLAGE = "no village without a castle built before this year"


@pytest.mark.parametrize("changes, expect", [
    ({"villages": 0}, NO_OLD_VILLAGE),
    ({"villages": 1, "villages_this_year": 1}, NO_OLD_VILLAGE),
    ({"villages": 3, "castles": 2}, "has built 2 castles, the limit"),
    ({"villages": 1, "dials": (6, 3, 3, 4)}, "Ana cannot pay for a castle: needs 4 lumber (has 3)"),
    ({"villages": 1, "tokens": ("build", "build")}, "limit is 2"),
])
def test_castle_no_names_what_stops_it(changes, expect):
    g = house(priced(castle=CASTLE), 0, **{"dials": (6, 9, 9, 9), **changes})
    answer = Q.can_build_castle(g, 0, {})
    assert not answer.yes and expect in answer.summary


def test_castle_a_captured_castle_leaves_room_for_two_built_ones():
    g = house(priced(castle=CASTLE), 0, villages=3, castles=2, castles_captured=1,
              dials=(6, 9, 9, 9))
    answer = Q.can_build_castle(g, 0, {})
    assert answer.yes and dict(answer.numbers)["Castles built (captured ones aside)"] == "1 of 2"


def test_castle_cost_must_be_entered_when_the_box_data_lacks_it():
    g = house(game(), 0, villages=1, dials=(6, 9, 9, 9))
    assert not Q.can_build_castle(g, 0, {}).yes
    assert Q.can_build_castle(g, 0, {"lumber": 4, "mining": 3, "wheat": 4}).yes
    assert not Q.can_build_castle(g, 0, {"lumber": 4, "mining": 4, "wheat": 4}).yes


def test_castle_not_while_the_end_of_spring_is_due():
    g = house(replace(priced(castle=CASTLE), phase="spring_end"), 0, villages=1,
              dials=(6, 9, 9, 9))
    answer = Q.can_build_castle(g, 0, {})
    assert not answer.yes and "end of Spring is due" in answer.summary


def test_questions_agree_with_the_action_they_ask_about():
    """Where the answer is yes, the build and buy actions go through; where no, they refuse."""
    g = house(priced(castle=CASTLE, tech_military=MILITARY), 0, villages=1, dials=(6, 9, 9, 9),
              universities=(0, 0, 1))
    assert Q.can_build_castle(g, 0, {}).yes
    after = RULES.apply(g, "build", RULES.check_action(g, "build", {"what": "castle"}))
    assert after.houses[0].castles == 1
    g = house(g, 0, dials=(0, 9, 9, 9))
    assert not Q.can_buy_tech(g, 0, "military_discipline", {}).yes
    with pytest.raises(IllegalAction):
        RULES.apply(g, "buy_tech", RULES.check_action(g, "buy_tech",
                                                      {"tech": "military_discipline"}))


def test_the_new_questions_are_offered_on_the_ask_page():
    from companion.games import questions_for
    ids = [q.id for q in questions_for("tradewarz")]
    assert "tech" in ids and "castle" in ids
