"""Hadara's 'Can I do this?' answers: yes/no, the numbers behind them, and the rule."""
import pytest

from companion.games import get_game
from companion.games.hadara import questions as Q
from companion.games.hadara.cards import card_price
from companion.games.questions import questions_for

H = get_game("hadara")


def seat(name, initiative, coins=10, income=0, military=0, culture=0, food=0):
    return {"name": name, "initiative": initiative, "side": "A", "coins": coins, "income": income,
            "military": military, "culture": culture, "food": food}


def game(*players):
    return H.new_game({"players": list(players)})


def at_step(state, step):
    """Walk the table forward to a step of phase A of epoch I (cards first: five rounds)."""
    for _ in range(5):
        for i in range(len(state.players)):
            state = H.apply(state, "sell", {"player": i})
    state = H.apply(state, "next", {})
    if step == "income":
        return state
    state = H.apply(state, "income", {})
    return state if step == "colony" else H.apply(state, "next", {})


def numbers(answer):
    return dict(answer.numbers)


@pytest.mark.parametrize("military, requirement, yes", [(3, 3, True), (4, 3, True),
                                                        (2, 3, False), (0, 1, False)])
def test_colony_needs_military_at_least_the_requirement(military, requirement, yes):
    state = game(seat("Ana", 1, military=military), seat("Ben", 2))
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
    assert not answer.yes and "already holds a colony of requirement 3" in answer.summary
    assert "already took a colony in this step" in answer.summary  # one per step as well
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
    state = game(seat("Ana", 1, culture=culture), seat("Ben", 2))
    answer = Q.can_carve_statue(state, 0, 1, requirement)
    assert answer.yes is yes and numbers(answer)["culture"] == culture


def test_statue_already_carved_cannot_be_carved_again():
    state = at_step(game(seat("Ana", 1, culture=9), seat("Ben", 2)), "statue")
    state = H.apply(state, "statue", {"player": 0, "statue": 2, "requirement": 3, "points": 4,
                                      "tile_track": "food", "tile_side": "down",
                                      "tile_value": 2})
    answer = Q.can_carve_statue(state, 0, 2, 3)
    assert not answer.yes and "statue 2 is already carved" in answer.summary
    assert "food 1" in numbers(answer)["bonus tiles left"]


@pytest.mark.parametrize("owned, printed, coins, price, yes", [
    (0, 5, 5, 5, True), (2, 5, 3, 3, True), (2, 5, 2, 3, False), (4, 3, 0, 0, True)])
def test_card_price_is_printed_cost_minus_cards_of_that_colour_never_below_zero(
        owned, printed, coins, price, yes):
    state = game(seat("Ana", 1, coins=50), seat("Ben", 2))
    for _ in range(owned):  # phase A lets each player keep one card a round
        state = H.apply(state, "buy", {"player": 0, "colour": "red", "cost": 0, "income": 0,
                                       "military": 0, "culture": 0, "food": 0, "points": 0})
        state = H.apply(state, "sell", {"player": 1})
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
    answer = Q.must_remove_cards(state, 0)
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
    answer = Q.can_buy_medal(game(seat("Ana", 1, coins=coins), seat("Ben", 2)), 0, medal, price)
    assert answer.yes is yes and numbers(answer)["coins"] == coins


def test_every_question_is_offered_with_its_rule():
    asked = {q.id: q for q in questions_for("hadara")}
    assert set(asked) == {"colony", "statue", "card", "feed", "medal"}
    state = game(seat("Ana", 1, military=2), seat("Ben", 2))
    answer = asked["colony"].ask(state, {"player": 0, "requirement": 2})
    assert answer.yes and answer.rule == asked["colony"].rule
