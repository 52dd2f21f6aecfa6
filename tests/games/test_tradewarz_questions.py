"""TradeWarz's 'Can I do this?' answers: the battle calculator and the golden Xadla at Spring."""
from dataclasses import replace

from companion.games import get_game
from companion.games.tradewarz import questions as Q

RULES = get_game("tradewarz")


def game():
    return RULES.new_game({"players": [{"name": "Ana", "colour": "yellow"},
                                       {"name": "Ben", "colour": "red"}]})


def battle(**kw):
    data = {"site": "field", "a_soldiers": 2, "a_strength": 4, "a_kills": 1, "a_blocks": 1,
            "d_soldiers": 3, "d_strength": 2, "d_kills": 3, "d_blocks": 1, **kw}
    return Q.who_wins(game(), 0, 1, data)


def test_battle_higher_strength_wins_and_casualties_are_kills_minus_blocks():
    answer = battle()  # 2 + 4 = 6 against 3 + 2 = 5
    n = dict(answer.numbers)
    assert answer.yes and n["Ana strength"] == 6 and n["Ben strength"] == 5
    assert n["Ana loses"] == 3 - 1 and n["Ben loses"] == 0  # Ben's 3 kills - 1 block; 1 - 1


def test_battle_tie_goes_to_the_defender_by_default_t3():
    answer = battle(a_strength=3)  # 5 against 5
    assert not answer.yes and "Ben wins" in answer.summary


def test_a_castle_adds_two_strength_to_the_defender():
    answer = battle(site="castle")  # 6 against 5 + 2
    assert not answer.yes and dict(answer.numbers)["Ben strength"] == 7


def test_golden_xadla_at_spring_for_all_dials_at_twelve():
    g = game()
    rich = replace(g.houses[0], dials=(12, 12, 12, 12))
    g = replace(g, houses=(rich,) + g.houses[1:])
    assert Q.golden_at_spring(g, 0).yes
    assert not Q.golden_at_spring(g, 1).yes  # dials at 6 + income stay below 12
