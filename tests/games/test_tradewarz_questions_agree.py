"""TradeWarz's 'Can I do this?' asks the moves themselves: on many random legal states, every
question's yes/no agrees with what the action it asks about does. And the history's words do not
work an action out a second time."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.games import get_game
from companion.games.core import RulesError
from companion.games.tradewarz import TECHS
from companion.games.tradewarz import questions as Q
from companion.games.tradewarz import rules as tw_rules
from companion.games.tradewarz.economy import EXTRA_SILOS
from tests.properties.tablegen import candidate

RULES = get_game("tradewarz")
COSTS = {"cost_settlement": "1 lumber + 1 wheat", "cost_upgrade": "1 lumber + 1 wheat + 2 mining",
         "cost_village": "2 lumber + 2 mining + 2 wheat", "cost_castle": "4 lumber + 3 gold + "
         "4 mining", "cost_tech_economy": "1 gold + 1 lumber + 1 wheat",
         "cost_tech_engineering": "1 gold + 1 lumber + 1 mining",
         "cost_tech_military": "1 gold + 1 mining + 1 wheat"}
SEASON = ("resources", "build", "buy_tech", "recruit", "march", "retreat", "end_of_spring")
PLAY = ("resources", "build", "buy_tech", "recruit", "march", "retreat", "trade", "hold_post",
        "correct", "end_of_spring", "caravan_area")


def accepted(state, kind, data):
    """The state after the action, or None when the rules refuse it."""
    try:
        return RULES.apply(state, kind, RULES.check_action(state, kind, data))
    except RulesError:
        return None


def random_states(seed: int, steps: int = 120):
    """States reached by random legal actions from a 3-house game with every cost known."""
    rnd = random.Random(seed)
    state = RULES.new_game({"players": [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}],
                            "years": 3, **COSTS})
    for _ in range(steps):
        if RULES.is_over(state):
            return
        yield state
        for _ in range(200):  # only PLAY's kinds are tried: enough draws whatever else is open
            kind, data = candidate(RULES, state, rnd)
            if kind not in PLAY or kind not in SEASON and rnd.random() < 0.7:
                continue  # mostly season actions, so that the years go by
            if kind == "build" and rnd.random() < 0.9:  # the techs' options: now and then
                data.update(twice=False, free=False)
            if kind == "build" and data["what"] == "university":
                data["level"] = state.houses[state.turn].university(data["tree"]) + 1
            after = accepted(state, kind, data)
            if after is not None:
                state = after
                break


def at_turn(state, seat):
    """The question answers for a house's turn this season, with the boards as they are."""
    return replace(state, turn=seat) if state.phase == "seasons" and seat > state.turn else state


@pytest.mark.parametrize("seed", range(6))
def test_tech_and_castle_answers_agree_with_the_buy_and_build_actions(seed):
    rnd, asked = random.Random(seed), 0
    for state in random_states(seed):
        for seat in range(len(state.houses)):
            tech = rnd.choice(list(TECHS))
            answer = Q.can_buy_tech(state, seat, tech, {})
            extra = {"silo_wheat": EXTRA_SILOS[tech][0]} if tech in EXTRA_SILOS else {}
            after = accepted(at_turn(state, seat), "buy_tech",
                             {"house": seat, "tech": tech, **extra})
            assert answer.yes == (after is not None), (answer.summary, tech, seat)
            castle = Q.can_build_castle(state, seat, {})
            after = accepted(at_turn(state, seat), "build", {"house": seat, "what": "castle"})
            assert castle.yes == (after is not None), (castle.summary, seat)
            asked += 1
    assert asked > 100


@pytest.mark.parametrize("seed", range(6))
def test_golden_xadla_answer_agrees_with_the_end_of_spring(seed):
    checked = 0
    for state in random_states(seed, 400):
        if state.phase != "spring_end":
            continue
        after = accepted(state, "end_of_spring", {"year": state.year})
        for seat, house in enumerate(state.houses):
            answer = Q.golden_at_spring(state, seat)
            gained = after is not None and len(after.houses[seat].golden) > len(house.golden)
            assert answer.yes == gained, answer.summary
            checked += 1
    assert checked


def test_a_later_house_is_answered_for_its_turn_and_an_earlier_one_is_told_no():
    state = RULES.new_game({"players": [{"name": "Ana"}, {"name": "Ben"}], **COSTS})
    state = replace(state, turn=1)
    assert not Q.can_buy_tech(state, 0, "generate_tax", {}).yes
    assert "already taken its action this season" in Q.can_buy_tech(
        state, 0, "generate_tax", {}).summary


def test_describe_and_apply_work_an_action_out_once(monkeypatch):
    """The history's words come from the same working-out as the action (store: words first,
    then the action; an imported file: the action first, then the words)."""
    calls = []
    move = tw_rules.MOVES["resources"]
    monkeypatch.setitem(tw_rules.MOVES, "resources",
                        lambda state, data: calls.append(1) or move(state, data))
    state = RULES.new_game({"players": [{"name": "Ana"}, {"name": "Ben"}]})
    state = replace(state, houses=(replace(state.houses[0], dials=(6, 20, 6, 6)),
                                   state.houses[1]))
    data = RULES.check_action(state, "resources", {"first": "lumber"})
    words = RULES.describe(state, "resources", data)
    after = RULES.apply(state, "resources", data)
    assert len(calls) == 1
    assert "traded for a golden Xadla" in words and len(after.houses[0].golden) == 1
    calls.clear()
    fresh = replace(state, year=state.year)  # another state object: worked out anew
    RULES.apply(fresh, "resources", data)
    RULES.describe(fresh, "resources", data)
    assert len(calls) == 1


def test_describe_of_a_refused_action_names_it_and_the_action_still_refuses():
    state = RULES.new_game({"players": [{"name": "Ana"}, {"name": "Ben"}]})
    data = RULES.check_action(state, "build", {"what": "castle"})
    assert RULES.describe(state, "build", data) == "Ana: Build"
    with pytest.raises(RulesError):
        RULES.apply(state, "build", data)
