"""TradeWarz as the table plays it (issue 18, the review's items #1-#30): each test names the
rule it checks; the rulebook's words are in ../shared/review/tradewarz.md."""
from dataclasses import replace

import pytest

from companion.games.core import IllegalAction
from companion.games.tradewarz import RULES, Army, resolve
from companion.games.tradewarz.model import put_house

DEFAULTS = {r.id: r.default for r in RULES.rulings.values()}


def new(n=3, **setup):
    return RULES.new_game({"players": [{"name": x} for x in ("Ana", "Ben", "Cy")[:n]], **setup})


def act(state, kind, **data):
    return RULES.apply(state, kind, RULES.check_action(state, kind, data))


def fight(state, attacker=0, defender=1, **over):
    data = {"attacker": attacker, "defender": defender, "site": "field",
            "attacker_soldiers": 2, "attacker_card_s": 4, "attacker_card_k": 1,
            "attacker_card_b": 1, "defender_soldiers": 2, "defender_card_s": 1,
            "defender_card_k": 0, "defender_card_b": 0, **over}
    return act(state, "battle", **data)


# ------------------------------------------------------------------ #1 pre-battle kills by role

def test_trebuchet_kills_an_attacking_unit_only_when_its_house_defends():
    defending = resolve(Army(3, (2, 0, 0)), Army(3, (2, 0, 0), super_unit="trebuchet"),
                        rulings=DEFAULTS)
    assert (defending.attacker_losses, defending.defender_losses) == (1, 0)
    attacking = resolve(Army(3, (2, 0, 0), super_unit="trebuchet"), Army(3, (2, 0, 0)),
                        rulings=DEFAULTS)
    assert (attacking.attacker_losses, attacking.defender_losses) == (0, 0)


def test_super_cannons_kill_a_defending_unit_only_when_their_house_attacks():
    defending = resolve(Army(3, (2, 0, 0)), Army(3, (2, 0, 0), super_unit="super_cannons"),
                        rulings=DEFAULTS)
    assert (defending.attacker_losses, defending.defender_losses) == (0, 0)
    attacking = resolve(Army(3, (2, 0, 0), super_unit="super_cannons"), Army(3, (2, 0, 0)),
                        rulings=DEFAULTS)
    assert (attacking.attacker_losses, attacking.defender_losses) == (0, 1)


# ------------------------------------------------------------- #2 a battle follows a March

def test_a_battle_without_a_march_is_refused():
    with pytest.raises(IllegalAction, match="no house has just marched"):
        fight(new())


def test_only_the_house_that_just_marched_can_attack():
    state = act(new(), "march")  # Ana marches; Ben's turn now
    with pytest.raises(IllegalAction, match="only its army can attack now"):
        fight(state, attacker=2, defender=1)
    after = fight(state, attacker=0, defender=1)
    assert after.houses[0].golden == ("battle",)


def test_a_march_leads_to_one_battle_and_the_next_season_action_ends_it():
    state = act(new(), "march")
    once = fight(state)
    with pytest.raises(IllegalAction, match="already led to its battle"):
        fight(once)
    later = act(state, "resources", first="gold")  # Ben acts: Ana's march is over
    with pytest.raises(IllegalAction, match="no house has just marched"):
        fight(later)


def test_the_last_march_of_spring_may_still_fight_before_the_end_of_spring():
    state = replace(new(2), season=4, turn=1)
    state = act(state, "march")
    assert state.phase == "spring_end"
    assert fight(state, attacker=1, defender=0, attacker_card_s=4).houses[1].golden == (
        "battle",)
    with pytest.raises(IllegalAction, match="no house has just marched"):
        fight(replace(state, phase="spring_end", mover=None, move=""), attacker=1, defender=0)


def test_after_a_retreat_only_the_house_s_own_occupied_capital_is_fought_for():
    state = new()
    state = put_house(state, 0, replace(state.houses[0], capital_held_by=1))
    state = act(state, "retreat")
    with pytest.raises(IllegalAction, match="after a Retreat"):
        fight(state, origin="retreat")
    with pytest.raises(IllegalAction, match="was retreat, not march"):
        fight(state, site="capital")
    after = fight(state, site="capital", origin="retreat", attacker_card_s=4)
    assert after.houses[0].capital_held_by is None


# --------------------------------------------------- #10 time runs out in Spring: ruling T19

def spring_turns(state):
    """Every house takes Resources +2 in Spring (the last season)."""
    for _ in state.houses:
        state = act(state, "resources", first="wheat")
    return state


def test_time_up_during_spring_ends_the_game_without_year_end_rewards_by_default_t19():
    state = act(replace(new(2, end_mode="time"), season=4), "resources", first="wheat")
    state = act(state, "time_up")  # in Ben's Spring turn
    after = act(state, "resources", first="wheat")
    assert after.phase == "over" and "T19" in after.ended
    # +2 wheat, no income
    assert [h.morale for h in after.houses] == [0, 0] and after.houses[0].dials == (6, 6, 6, 8)


def test_time_up_while_the_end_of_spring_is_due_ends_the_game_by_default_t19():
    state = spring_turns(replace(new(2, end_mode="time"), season=4))
    assert state.phase == "spring_end"
    assert act(state, "time_up").phase == "over"


# ------------------------------------------------------------ #11 no trades at the end of Spring

def test_no_trade_while_the_end_of_spring_is_due_t17():
    state = spring_turns(replace(new(2), season=4))
    with pytest.raises(IllegalAction, match="no house has a turn while the end of Spring"):
        act(state, "trade", house=0, partner=1, give_gold=1, get_wheat=1)
    loose = replace(state, rulings={**state.rulings, "T17": "any-time"})
    assert act(loose, "trade", house=0, partner=1, give_gold=1).houses[1].dials[0] == 7


# --------------------------------------- #16 the gold formula before the 12 check (ruling T5)

def test_t5_formula_reading_counts_trading_post_gold_before_the_12_check():
    state = replace(new(2, rulings={"T5": "formula"}), season=4, phase="spring_end")
    state = put_house(state, 0, replace(state.houses[0], dials=(8, 11, 11, 11), posts=(1,)))
    after = act(state, "end_of_spring")
    assert after.houses[0].golden == ("dials12",) and after.houses[0].dials[0] == 12


def test_t5_defaults_to_the_one_gold_formula_and_keeps_the_digest_order_as_an_alternative():
    assert RULES.rulings["T5"].default == "formula"
    state = replace(new(2), season=4, phase="spring_end")
    state = put_house(state, 0, replace(state.houses[0], dials=(8, 11, 11, 11), posts=(1,)))
    assert act(state, "end_of_spring").houses[0].golden == ("dials12",)
    digest = replace(state, rulings={**state.rulings, "T5": "digest"})
    after = act(digest, "end_of_spring")  # gold 11 at the 12 check, the post's gold after it
    assert after.houses[0].golden == () and after.houses[0].dials[0] == 12


# ------------------------------------------------------ #17 the 21 rule's "back to 10" (T4)

def test_t4_back_to_10_leaves_the_dial_at_10_whatever_the_overshoot():
    state = new(2, rulings={"T4": "back-to-10"})
    state = put_house(state, 0, replace(state.houses[0], dials=(20, 6, 6, 6)))
    after = act(state, "resources", first="gold")  # 20 + 2 = 22
    assert after.houses[0].dials[0] == 10 and after.houses[0].golden == ("dial21",)


# ------------------------------------------------- #22 #23 #30 the record says what happened

def test_the_income_note_names_tech_income():
    state = replace(new(2), season=4, phase="spring_end")
    state = put_house(state, 0, replace(state.houses[0], techs=("generate_tax",)))
    words = RULES.describe(state, "end_of_spring", {})
    from companion.games.tradewarz import preview_spring
    income = [ln.text for ln in preview_spring(state).for_house("Ana")][0]
    assert "Generate tax gold +2" in income and words


def test_a_game_ended_by_its_years_stays_in_its_last_year():
    state = replace(new(2, years=1), season=4, phase="spring_end")
    after = act(state, "end_of_spring")
    assert after.phase == "over" and after.year == 1


def test_the_caravans_area_refusal_cites_the_caravan_tech():
    state = replace(new(2), season=4, phase="spring_end")
    state = put_house(state, 0, replace(state.houses[0], techs=("donkey_caravans",)))
    with pytest.raises(IllegalAction) as err:
        act(state, "end_of_spring")
    assert "caravans" in err.value.rule and "calculation guide" not in err.value.rule


# ------------------------------------------------- #20 impossible end facts are refused

def test_impossible_end_facts_are_refused_with_every_problem_listed():
    from companion.games.core import InvalidInput
    ghost = {"name": "Ghost", "golden_xadlas": 3, "silver_xadlas": 0, "settlements": 7,
             "soldiers": 17, "castles": 1, "villages": 0}
    with pytest.raises(InvalidInput) as err:
        RULES.parse_facts({"players": [ghost, {"name": "B", "golden_xadlas": 1,
                                               "silver_xadlas": 0}]})
    fields = {p.field for p in err.value.problems}
    assert {"players[0].settlements", "players[0].soldiers", "players[0].castles",
            "players[0].silver_xadlas"} <= fields
    assert "players[1].silver_xadlas" not in fields


def test_a_possible_board_still_scores():
    fine = {"name": "A", "golden_xadlas": 2, "silver_xadlas": 3, "settlements": 2,
            "villages": 3, "castles": 2, "soldiers": 12}
    facts, _ = RULES.parse_facts({"players": [fine, {"name": "B", "golden_xadlas": 1,
                                                     "silver_xadlas": 0}]})
    assert facts[0].castles == 2


# ------------------------------------------- #3 the occupier takes the capital's morale card

def test_the_occupier_of_a_capital_takes_its_morale_card_at_the_end_of_spring_t15():
    state = replace(new(2), season=4, phase="spring_end")
    state = put_house(state, 1, replace(state.houses[1], capital_held_by=0))
    after = act(state, "end_of_spring")
    assert (after.houses[0].morale, after.houses[1].morale) == (2, 0)
    keeps = replace(state, rulings={**state.rulings, "T15": "income-stays"})
    assert [h.morale for h in act(keeps, "end_of_spring").houses] == [1, 1]
