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
    with pytest.raises(IllegalAction, match="no house has just marched"):
        fight(once)
    later = act(state, "resources", first="gold")  # Ben acts: Ana's march is over
    with pytest.raises(IllegalAction, match="no house has just marched"):
        fight(later)


def test_the_last_march_of_spring_may_still_fight_before_the_end_of_spring():
    state = replace(new(2), season=4, turn=1)
    state = act(state, "march")
    assert state.phase == "spring_end"
    assert fight(state, attacker=1, defender=0, attacker_card_s=9).houses[1].golden == (
        "battle",)
    with pytest.raises(IllegalAction, match="no house has just marched"):
        fight(replace(state, phase="spring_end", mover=-1, move=""), attacker=1, defender=0)


def test_after_a_retreat_only_the_house_s_own_occupied_capital_is_fought_for():
    state = new()
    state = put_house(state, 0, replace(state.houses[0], capital_held_by=1))
    state = act(state, "retreat")
    with pytest.raises(IllegalAction, match="after a Retreat"):
        fight(state, origin="retreat")
    with pytest.raises(IllegalAction, match="was retreat, not march"):
        fight(state, site="capital")
    after = fight(state, site="capital", origin="retreat", attacker_card_s=9)
    assert after.houses[0].capital_held_by is None
