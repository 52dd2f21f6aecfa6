"""TradeWarz battles: the calculator, tech roles, sites, ties (T3), the battle action, the odds."""
from dataclasses import replace
from fractions import Fraction

import pytest

from companion.games.core import IllegalAction
from companion.games.tradewarz import RULES, Army, resolve, tech_bonus, win_chance
from companion.games.tradewarz.model import put_house
from companion.games.tradewarz.odds import draw_orders, parse_cards

DEFAULTS = {r: x.default for r, x in RULES.rulings.items()}


def _game(n=2):
    return RULES.new_game({"players": [{"name": f"H{i}", "colour": c}
                                       for i, c in zip(range(n), ("yellow", "red", "blue"))]})


def test_rulebook_battle_example_seven_beats_six_with_one_casualty_for_the_winner():
    yellow = Army(2, (4, 1, 1), super_unit="donkey_caravans", morale=(0, 0, 1))
    red = Army(3, (2, 3, 1), morale=(1, 0, 0))
    result = resolve(yellow, red, rulings=DEFAULTS)
    assert (result.attacker.strength, result.attacker.kills, result.attacker.blocks) == (7, 1, 2)
    assert (result.defender.strength, result.defender.kills, result.defender.blocks) == (6, 3, 1)
    assert result.winner == "attacker"
    assert (result.attacker_losses, result.defender_losses) == (1, 0)


@pytest.mark.parametrize("site, bonus", [("castle", (2, 1, 1)), ("capital", (6, 4, 4)),
                                         ("field", (0, 0, 0)), ("village", (0, 0, 0))])
def test_castle_adds_two_strength_one_kill_one_block_and_capital_six_four_four(site, bonus):
    plain = resolve(Army(1, (1, 0, 0)), Army(1, (1, 0, 0)), rulings=DEFAULTS).defender
    there = resolve(Army(1, (1, 0, 0)), Army(1, (1, 0, 0)), site=site, rulings=DEFAULTS).defender
    assert (there.strength - plain.strength, there.kills - plain.kills,
            there.blocks - plain.blocks) == bonus


def test_battering_ram_cancels_the_castles_strength_and_block_but_not_its_kill():
    side = resolve(Army(1, (1, 0, 0), super_unit="battering_ram"), Army(1, (1, 0, 0)),
                   site="castle", rulings=DEFAULTS).defender
    assert (side.strength, side.kills, side.blocks) == (2, 1, 0)


@pytest.mark.parametrize("kills, blocks, soldiers, lost", [(3, 1, 3, 2), (1, 3, 3, 0),
                                                          (5, 0, 2, 2)])
def test_casualties_are_opponent_kills_minus_own_blocks_never_below_zero_nor_above_army(
        kills, blocks, soldiers, lost):
    result = resolve(Army(1, (4, kills, 0)), Army(soldiers, (1, 0, blocks)), rulings=DEFAULTS)
    assert result.defender_losses == lost


def test_tied_strength_goes_to_the_defender_under_t3_default():
    result = resolve(Army(2, (2, 0, 0)), Army(3, (1, 0, 0)), rulings=DEFAULTS)
    assert result.winner == "defender" and "T3" in result.notes[0]


def test_tied_strength_has_no_victor_under_t3_alternative():
    result = resolve(Army(2, (2, 0, 0)), Army(3, (1, 0, 0)), rulings={"T3": "no-victor"})
    assert result.winner == ""


def test_military_techs_count_only_attacking_and_engineering_only_defending():
    house = replace(_game().houses[0], techs=("military_discipline", "rolling_fireballs",
                                              "improved_steel", "cavalry"))
    assert tech_bonus(house, attacking=True)[0] == (1, 0, 0)
    assert tech_bonus(house, attacking=False)[0] == (2, 1, 0)


def test_fortified_castles_tech_counts_only_defending_a_castle_under_t22_castle_only():
    house = replace(_game().houses[0], techs=("fortified_castles",))
    only = {"T22": "castle-only"}
    assert tech_bonus(house, attacking=False, site="field", rulings=only)[0] == (0, 0, 0)
    assert tech_bonus(house, attacking=False, site="castle", rulings=only)[0] == (1, 1, 1)


def test_super_cannons_kill_one_defender_before_the_battle():
    result = resolve(Army(1, (1, 0, 0), super_unit="super_cannons"), Army(2, (1, 0, 0)),
                     rulings=DEFAULTS)
    assert result.defender.strength == 2 and result.defender_losses == 1


def _marched(game, seat):
    """The game after house ``seat`` took a March in its turn (a battle follows a March)."""
    game = replace(game, turn=seat)
    return RULES.apply(game, "march", RULES.check_action(game, "march", {}))


def _fight(game, **over):
    game = _marched(game, over.get("attacker", 0))
    data = {"attacker": 0, "defender": 1, "site": "field", "post": 0,
            "attacker_soldiers": 2, "attacker_card_s": 4, "attacker_card_k": 1,
            "attacker_card_b": 1, "defender_soldiers": 2, "defender_card_s": 1,
            "defender_card_k": 0, "defender_card_b": 0}
    data.update(over)
    return RULES.apply(game, "battle", RULES.check_action(game, "battle", data))


def test_battle_action_gives_the_winner_a_golden_xadla_and_removes_casualties():
    after = _fight(_game(), defender_card_k=2)
    winner, loser = after.houses
    assert winner.golden == ("battle",) and loser.golden == ()
    assert (winner.soldiers, winner.reserve) == (1, 9)
    assert (loser.soldiers, loser.reserve) == (1, 9)


def test_battle_action_captures_a_castle_with_its_silver_xadla():
    game = _game()
    game = put_house(game, 1, replace(game.houses[1], villages=1, castles=1, silos=(1, 1, 0)))
    after = _fight(game, site="castle", silo_lumber=1, silo_mining=1)
    att, dfd = after.houses
    assert (att.castles, att.castles_captured, att.villages, att.silos) == (1, 1, 1, (1, 1, 0))
    assert (dfd.castles, dfd.villages, dfd.silos) == (0, 0, (0, 0, 0))
    assert RULES.score(after).sheets[0].total == 2  # battle Xadla + the castle's silver


def test_attacker_winning_a_castle_without_survivors_leaves_it_to_the_defender_t10():
    game = _game()
    game = put_house(game, 1, replace(game.houses[1], villages=1, castles=1))
    after = _fight(game, site="castle", attacker_soldiers=1, defender_soldiers=0,
                   defender_card_k=5)
    assert after.houses[1].castles == 1 and after.houses[0].golden == ("battle",)
    game = replace(game, rulings={**game.rulings, "T10": "nothing"})
    after = _fight(game, site="castle", attacker_soldiers=1, defender_soldiers=0,
                   defender_card_k=5)
    assert after.houses[0].golden == ()


def test_conquering_a_capital_gives_two_more_golden_xadlas_and_blocks_recruiting_t15():
    # 3 soldiers + card 4 + Offensive tactics 1 = 8 against the capital's 6 + card 1 = 7
    game = _game()
    game = put_house(game, 0, replace(game.houses[0], soldiers=3, reserve=7, settlements=1,
                                      techs=("offensive_tactics",)))
    after = _fight(game, site="capital", attacker_soldiers=3, attacker_card_s=4,
                   attacker_card_b=9, defender_soldiers=0, defender_card_s=1)
    assert sorted(after.houses[0].golden) == ["battle", "capital", "capital"]
    assert after.houses[1].capital_held_by == 0
    after = replace(after, turn=1)
    with pytest.raises(IllegalAction, match="no recruiting") as err:
        RULES.apply(after, "recruit", {"count": 1, "at_building": False})
    assert "T15" in err.value.rule


def test_allies_do_not_fight():
    game = replace(_game(), alliances=((0, 1),))
    with pytest.raises(IllegalAction, match="allies"):
        _fight(game)


def test_a_squad_holds_three_soldiers_without_one_more_unit():
    game = _game()
    game = put_house(game, 0, replace(game.houses[0], soldiers=5, reserve=5))
    with pytest.raises(IllegalAction, match="at most 3"):
        _fight(game, attacker_soldiers=4)


def test_win_chance_enumerates_the_remaining_deck():
    deck = parse_cards("4/1/1, 1/4/1, 2/3/1")
    odds = win_chance(Army(2, super_unit="donkey_caravans"), Army(3, (2, 3, 1), morale=(1, 0, 0)),
                      attacker_deck=deck, rulings=DEFAULTS)
    assert odds.attacker == Fraction(1, 3) and odds.defender == Fraction(2, 3)


def test_win_chance_over_both_decks_sums_to_one():
    odds = win_chance(Army(2), Army(2), attacker_deck=parse_cards("1/4/1, 3/2/1, 4/1/1"),
                      defender_deck=parse_cards("2/3/1, 3/2/1"), rulings={"T3": "no-victor"})
    # attacker plays 1,3,4 against 2,3: wins (3v2),(4v2),(4v3); ties (3v3) -> 3/6 and 1/6
    assert (odds.attacker, odds.nobody, odds.attacker + odds.defender + odds.nobody) == (
        Fraction(1, 2), Fraction(1, 6), 1)


def test_short_deck_is_reshuffled_with_the_used_pile_t12():
    orders = draw_orders([(1, 4, 1)], [(4, 1, 1), (2, 3, 1)], DEFAULTS)
    assert len(orders) == 6
    assert draw_orders([(1, 4, 1)], [(4, 1, 1)], {"T12": "play-last"}) == [(None, (1, 4, 1))]


def test_recorded_deck_loses_the_burned_and_played_cards():
    game = RULES.apply(_game(), "record_deck",
                       {"house": 0, "cards": "4/1/1, 1/4/1, 2/3/1, 3/2/1, 1/4/1, 2/3/1"})
    after = _fight(game, attacker_burned="1/4/1")
    assert sorted(after.houses[0].used) == [(1, 4, 1), (4, 1, 1)]
    assert len(after.houses[0].deck) == 4
    with pytest.raises(IllegalAction, match="not among the"):
        _fight(after, attacker_burned="4/1/1", attacker_soldiers=1, defender_soldiers=1)


@pytest.mark.parametrize("side", ["attacker", "defender"])
@pytest.mark.parametrize("strength", [0, 5, 9])
def test_a_played_battle_card_prints_strength_1_to_4(side, strength):
    from companion.games.core import InvalidInput
    with pytest.raises(InvalidInput) as err:
        _fight(_game(), **{f"{side}_card_s": strength})
    assert [p.field for p in err.value.problems] == [f"{side}_card_s"]
    assert "between 1 and 4" in err.value.message
    assert _fight(_game(), **{f"{side}_card_s": 4}).year == 1  # 4 is printed: accepted
