"""Hadara's 'Can I do this?' answers: yes/no, the numbers behind them, and the rule."""
from dataclasses import replace

import pytest

from companion.games import get_game, questions_for
from companion.games.core import IllegalAction
from companion.games.hadara import questions as Q
from companion.games.hadara.cards import card_price

H = get_game("hadara")


def seat(name, initiative, coins=10, income=0, military=0, culture=0, food=0):
    return {"name": name, "initiative": initiative, "side": "A", "coins": coins, "income": income,
            "military": military, "culture": culture, "food": food}


def game(*players):
    return H.new_game({"players": list(players)})


def at_step(state, step, phase="A"):
    """Walk the table forward to a step of epoch I (cards are sold: five rounds in phase A, then
    phase B's face-up cards in turn)."""
    while (state.phase, state.step) != (phase, step):
        if state.step == "cards" and state.phase == "A" and len(state.acted) < len(state.players):
            for i in range(len(state.players)):
                if i not in state.acted:
                    state = H.apply(state, "sell", {"player": i})
        elif state.step == "cards" and state.phase == "B" and state.picks < 5 * len(state.players):
            state = H.apply(state, "sell", {"player": H.turn_of(state, "sell")})
        elif state.step == "income":
            state = H.apply(state, "income", {})
        else:
            state = H.apply(state, "next", {})
    return state


def numbers(answer):
    return dict(answer.numbers)


@pytest.mark.parametrize("military, requirement, yes", [(3, 3, True), (4, 3, True),
                                                        (2, 3, False), (0, 1, False)])
def test_colony_needs_military_at_least_the_requirement(military, requirement, yes):
    state = at_step(game(seat("Ana", 1, military=military), seat("Ben", 2)), "colony")
    answer = Q.can_take_colony(state, 0, requirement)
    assert answer.yes is yes
    assert numbers(answer)["military"] == military and numbers(answer)["requirement"] == requirement
    assert answer.rule == "Hadara rulebook, Take a Colony"


def test_colony_level_already_held_is_refused_once_per_level():
    state = at_step(game(seat("Ana", 1, military=5), seat("Ben", 2)), "colony")
    state = H.apply(state, "colony", {"player": 0, "requirement": 3, "points": 2,
                                      "choice": "plunder", "coins": 1, "income": 0,
                                      "military": 0, "culture": 0, "food": 0})
    answer = Q.can_take_colony(state, 0, 3)
    assert not answer.yes and "already has a colony of requirement 3" in answer.summary
    assert "already took a colony or passed in this step" in answer.summary  # one per step
    assert numbers(answer)["levels held"] == "3"


def test_colony_one_per_step_but_the_other_player_still_may():
    state = at_step(game(seat("Ana", 1, military=5), seat("Ben", 2, military=5)), "colony")
    state = H.apply(state, "colony", {"player": 0, "requirement": 1, "points": 1,
                                      "choice": "plunder", "coins": 1, "income": 0,
                                      "military": 0, "culture": 0, "food": 0})
    assert not Q.can_take_colony(state, 0, 5).yes
    assert numbers(Q.can_take_colony(state, 0, 5))["taken this step"] == "yes"
    assert Q.can_take_colony(state, 1, 5).yes


@pytest.mark.parametrize("culture, requirement, yes", [(4, 4, True), (3, 4, False)])
def test_statue_needs_culture_at_least_the_requirement(culture, requirement, yes):
    state = at_step(game(seat("Ana", 1, culture=culture), seat("Ben", 2)), "statue")
    answer = Q.can_carve_statue(state, 0, 1, requirement)
    assert answer.yes is yes and numbers(answer)["culture"] == culture


def test_statue_already_carved_cannot_be_carved_again():
    state = at_step(game(seat("Ana", 1, culture=9), seat("Ben", 2)), "statue")
    state = H.apply(state, "statue", {"player": 0, "statue": 2, "requirement": 3, "points": 4,
                                      "tile_track": "food", "tile_side": "down",
                                      "tile_value": 2})
    answer = Q.can_carve_statue(state, 0, 2, 3)
    assert not answer.yes and "already carved statue 2" in answer.summary
    assert "food 1" in numbers(answer)["bonus tiles left"]


@pytest.mark.parametrize("owned, printed, coins, price, yes", [
    (0, 5, 5, 5, True), (2, 5, 3, 3, True), (2, 5, 2, 3, False), (4, 3, 0, 0, True)])
def test_card_price_is_printed_cost_minus_cards_of_that_colour_never_below_zero(
        owned, printed, coins, price, yes):
    # five players: phase B's red pile holds five cards (one discarded by each player)
    state = at_step(game(seat("Ana", 1, coins=50),
                         *(seat(n, i + 2) for i, n in enumerate(("Ben", "Cy", "Di", "Ed")))),
                    "cards", "B")
    for _ in range(owned):  # phase B's face-up cards may share a colour; Ana, then the others
        state = H.apply(state, "buy", {"player": 0, "colour": "red", "cost": 0, "income": 0,
                                       "military": 0, "culture": 0, "food": 0, "points": 0})
        for other in range(1, 5):
            state = H.apply(state, "sell", {"player": other})
    state = H.apply(state, "correct", {"player": 0, "value": "coins",
                                       "delta": coins - state.players[0].coins})
    answer = Q.can_afford_card(state, 0, "red", printed)
    assert numbers(answer)["price"] == price == card_price(state.players[0], "red", printed)
    assert numbers(answer)["red cards owned"] == owned and answer.yes is yes


def test_feeding_counts_cards_over_food_and_a_green_card_does_not_help():
    state = game(seat("Ana", 1, coins=50, food=1), seat("Ben", 2))
    cards = [("green", {"food": 1}), ("red", {}), ("blue", {})]
    for colour, tracks in cards:
        state = H.apply(state, "buy", {"player": 0, "colour": colour, "cost": 0, "points": 0,
                                       **{"income": 0, "military": 0, "culture": 0, "food": 0,
                                          **tracks}})
        state = H.apply(state, "sell", {"player": 1})
    answer = Q.must_remove_cards(at_step(state, "feed", "B"), 0)
    # 3 cards, food 1 + 1 = 2: one card too many; removing the red or blue card feeds the rest
    assert answer.yes and numbers(answer)["cards"] == 3 and numbers(answer)["food"] == 2
    assert numbers(answer)["cards over food"] == 1
    assert "remove at least 1" in answer.summary and answer.rule.endswith("Feed Your People")


def test_feeding_enough_food_needs_no_removal():
    answer = Q.must_remove_cards(game(seat("Ana", 1, food=3), seat("Ben", 2)), 0)
    assert not answer.yes and numbers(answer)["cards over food"] == 0


@pytest.mark.parametrize("medal, coins, price, yes", [("gold", 9, 9, True), ("gold", 8, 9, False),
                                                      ("silver", 4, 4, True)])
def test_medal_needs_the_price_in_coins(medal, coins, price, yes):
    state = at_step(game(seat("Ana", 1), seat("Ben", 2)), "medals", "B")
    state = H.apply(state, "correct", {"player": 0, "value": "coins",
                                       "delta": coins - state.players[0].coins})
    answer = Q.can_buy_medal(state, 0, medal, price, "food" if medal == "silver" else "")
    assert answer.yes is yes and numbers(answer)["coins"] == coins


def test_every_question_is_offered_with_its_rule():
    asked = {q.id: q for q in questions_for("hadara")}
    assert set(asked) == {"colony", "statue", "card", "feed", "medal"}
    state = at_step(game(seat("Ana", 1, military=2), seat("Ben", 2)), "colony")
    answer = asked["colony"].ask(state, {"player": 0, "requirement": 2})
    assert answer.yes and answer.rule == asked["colony"].rule


def test_silver_medal_on_a_track_without_bonus_tiles_left_is_no_as_the_action_refuses():
    state = at_step(game(seat("Ana", 1, coins=40, culture=9), seat("Ben", 2)), "statue")
    state = H.apply(state, "statue", {"player": 0, "statue": 1, "requirement": 1, "points": 1,
                                      "tile_track": "culture", "tile_side": "down",
                                      "tile_value": 1})
    state = at_step(state, "statue", "B")
    state = H.apply(state, "statue", {"player": 0, "statue": 2, "requirement": 1, "points": 1,
                                      "tile_track": "culture", "tile_side": "down",
                                      "tile_value": 1})
    state = at_step(state, "medals", "B")
    answer = Q.can_buy_medal(state, 0, "silver", 1, "culture")
    assert not answer.yes and "both culture bonus tiles" in answer.summary
    with pytest.raises(IllegalAction, match="both culture bonus tiles"):
        H.apply(state, "medal", {"player": 0, "medal": "silver", "price": 1, "track": "culture"})
    assert Q.can_buy_medal(state, 0, "silver", 1, "food").yes


def test_a_question_whose_step_does_not_come_again_says_not_now_and_never_again():
    """Epoch III's medals are the game's last step: a colony asked then has no step to come."""
    state = replace(at_step(game(seat("Ana", 1, military=5), seat("Ben", 2)), "medals", "B"),
                    epoch=3)
    answer = Q.can_take_colony(state, 0, 1)
    assert not answer.yes
    assert answer.summary.startswith("Not now: this belongs to the step 'Take a colony'")
    assert answer.summary.endswith("and it does not come again in this game")
