"""TradeWarz setup, dials and the 21 rule (T4), costs from box data, season actions and limits."""
from dataclasses import replace

import pytest

from companion.games.core import IllegalAction, InvalidInput
from companion.games.tradewarz import RULES
from companion.games.tradewarz.costs import tech_refusal, university_cost
from companion.games.tradewarz.model import gain, put_house, soldier_cap
from companion.games.tradewarz.setup import season_die

COSTS = {"cost_settlement": "1 lumber + 1 wheat", "cost_upgrade": "1 lumber + 1 mining + 2 wheat",
         "cost_village": "2 lumber + 2 mining + 2 wheat", "cost_castle": "4 lumber + 3 gold + 4 "
         "mining", "cost_road": "1 lumber + 1 mining", "cost_tech_economy": "1 gold, 1 lumber, "
         "1 wheat", "cost_tech_military": "1 gold, 1 mining, 1 wheat",
         "cost_tech_engineering": "1 gold, 1 lumber, 1 mining"}


def _game(n=2, **setup):
    players = [{"name": f"H{i}", "colour": f"c{i}"} for i in range(n)]
    return RULES.new_game({"players": players, **setup})


def _act(game, kind, **data):
    return RULES.apply(game, kind, RULES.check_action(game, kind, data))


def _dials(game, seat, gold=6, lumber=6, mining=6, wheat=6):
    return put_house(game, seat, replace(game.houses[seat], dials=(gold, lumber, mining, wheat)))


def test_new_game_starts_every_dial_at_six_with_two_soldiers_and_eight_in_reserve():
    house = _game().houses[0]
    assert house.dials == (6, 6, 6, 6) and (house.soldiers, house.reserve) == (2, 8)


def test_setup_lists_every_problem_with_its_path():
    with pytest.raises(InvalidInput) as err:
        RULES.new_game({"players": [{"name": "Ana", "colour": "red"},
                                    {"name": "ana", "colour": "red"}],
                        "end_mode": "forever", "years": 0, "season_names": "Summer, Spring",
                        "cost_village": "2 lumber + 2 mining", "rulings": {"T3": "coin"}})
    fields = {p.field for p in err.value.problems}
    assert fields == {"players[1].name", "players[1].colour", "end_mode", "years",
                      "season_names", "cost_village", "rulings.T3"}


def test_setup_refuses_a_single_house():
    with pytest.raises(InvalidInput) as err:
        _game(1)
    assert err.value.problems[0].field == "players"


def test_unverified_guesses_prefill_bridge_and_tunnel_and_the_lost_season():
    game = _game()
    assert dict(game.costs)["bridge"] == (2, 4, 2, 0)  # 2 gold, 4 lumber, 2 mining
    assert game.season_names[3] == "Season 4" and game.rulings["T18"] == "blue"
    assert [season_die(game, s) for s in range(5)] == ["red", "blue", "blue", "blue", "red"]
    assert season_die(_game(fifth_season_die="red"), 3) == "red"


@pytest.mark.parametrize("start, add, reading, dial, golden", [
    (19, 2, "repeat", 10, 1), (20, 3, "repeat", 12, 1), (20, 23, "repeat", 21 - 11, 3),
    (20, 23, "once", 32, 1), (18, 2, "repeat", 20, 0)])
def test_a_dial_reaching_21_trades_11_for_a_golden_xadla_t4(start, add, reading, dial, golden):
    house = replace(_game().houses[0], dials=(start, 6, 6, 6))
    house, events = gain(house, {"gold": add}, {"T4": reading})
    assert house.dial("gold") == dial and house.golden == ("dial21",) * golden
    assert len(events) == golden and all("T4" in e for e in events)


def test_resources_plus_two_can_hit_21_and_the_history_says_so():
    game = _dials(_game(), 0, wheat=19)
    text = RULES.describe(game, "resources", {"first": "wheat", "second": ""})
    after = _act(game, "resources", first="wheat")
    assert after.houses[0].dial("wheat") == 10 and after.houses[0].golden == ("dial21",)
    assert "reached 21" in text and "T4" in text


def test_resources_plus_one_on_two_dials():
    after = _act(_game(), "resources", first="gold", second="mining")
    assert after.houses[0].dials == (7, 6, 7, 6)


def test_recruit_costs_three_wheat_three_lumber_and_double_at_a_building():
    after = _act(_game(), "recruit", count=1)
    assert after.houses[0].dials == (6, 3, 6, 3) and after.houses[0].soldiers == 3
    game = _dials(_game(), 0, lumber=6, wheat=5)
    with pytest.raises(IllegalAction, match=r"needs 6 lumber \(has 6\)|6 wheat \(has 5\)"):
        _act(game, "recruit", count=1, at_building=True)


@pytest.mark.parametrize("techs, cost", [(("lower_recruitment_cost",), {"wheat": 2, "lumber": 2}),
                                         (("superior_fertility",), {"wheat": 2, "lumber": 1})])
def test_recruitment_techs_lower_the_soldier_cost(techs, cost):
    game = _game()
    game = put_house(game, 0, replace(game.houses[0], techs=techs))
    after = _act(game, "recruit", count=1)
    assert after.houses[0].dial("wheat") == 6 - cost["wheat"]
    assert after.houses[0].dial("lumber") == 6 - cost["lumber"]


@pytest.mark.parametrize("level, techs, cost", [(1, (), 1), (3, (), 6), (4, (), 10),
                                                (3, ("university_upgrade_efficiency",), 3)])
def test_university_level_n_costs_n_gold_and_n_mining_per_level_built(level, techs, cost):
    house = replace(_game().houses[0], techs=techs)
    assert university_cost(house, "military", level) == {"gold": cost, "mining": cost}


def test_level_four_university_gives_a_golden_xadla():
    game = _dials(_game(), 0, gold=20, mining=20)
    after = _act(game, "build", what="university", tree="economy", level=4)
    assert after.houses[0].universities == (4, 0, 0) and after.houses[0].golden == ("university",)
    assert after.houses[0].dials[0] == 10


def test_build_refuses_when_the_dials_are_short_naming_the_numbers():
    game = _game(**COSTS)
    game = _dials(game, 0, lumber=1)
    with pytest.raises(IllegalAction, match=r"2 lumber \(has 1\)"):
        _act(game, "build", what="village", silo_lumber=2)


def test_unknown_box_cost_must_be_entered_and_match_the_printed_amounts():
    game = _game()
    with pytest.raises(IllegalAction, match="printed on the components"):
        _act(game, "build", what="village", silo_wheat=2)
    with pytest.raises(IllegalAction, match="2 \\+ 2 \\+ 2"):
        _act(game, "build", what="village", silo_wheat=2, pay_lumber=3, pay_wheat=3)
    after = _act(game, "build", what="village", silo_wheat=2, pay_lumber=2, pay_wheat=2,
                 pay_mining=2)
    assert after.houses[0].villages == 1 and after.houses[0].silos == (0, 0, 2)


def test_known_box_cost_is_taken_and_a_different_payment_refused():
    game = _game(**COSTS)
    game = put_house(game, 0, replace(game.houses[0], marches=3))  # its army marched 3 times
    after = _act(game, "build", what="settlement", silo_mining=1, distance=3)
    assert after.houses[0].dials == (6, 5, 6, 5) and after.houses[0].farthest_build == 3
    with pytest.raises(IllegalAction, match="box data says"):
        _act(game, "build", what="settlement", silo_mining=1, pay_gold=2)


def test_castle_needs_a_village_built_before_this_year_and_gives_silver():
    game = _dials(_game(**COSTS), 0, 20, 20, 20, 20)
    game = _act(game, "build", what="village", silo_wheat=2)
    game = replace(game, turn=0, season=1)
    with pytest.raises(IllegalAction, match="before this year"):
        _act(game, "build", what="castle")
    game = put_house(game, 0, replace(game.houses[0], villages_this_year=0))
    after = _act(game, "build", what="castle")
    assert after.houses[0].castles == 1 and RULES.score(after).sheets[0].lines[1].points == 1


def test_only_two_castles_can_be_built():
    game = _dials(_game(**COSTS), 0, 20, 20, 20, 20)
    game = put_house(game, 0, replace(game.houses[0], villages=3, castles=2))
    with pytest.raises(IllegalAction, match="built 2 castles"):
        _act(game, "build", what="castle")


@pytest.mark.parametrize("field, value, message", [
    ("settlements", 6, "limit is 6"), ("villages", 5, "limit is 5")])
def test_building_limits(field, value, message):
    game = _dials(_game(**COSTS), 0, 20, 20, 20, 20)
    game = put_house(game, 0, replace(game.houses[0], **{field: value}))
    with pytest.raises(IllegalAction, match=message):
        _act(game, "build", what="village", silo_wheat=2)


def test_a_tech_has_one_owner_at_the_table():
    game = _game(**COSTS)
    game = put_house(game, 1, replace(game.houses[1], techs=("generate_tax",)))
    game = put_house(game, 0, replace(game.houses[0], universities=(1, 0, 0)))
    assert "already belongs to H1" in tech_refusal(game.houses, 0, "generate_tax")
    with pytest.raises(IllegalAction, match="each tech exists once"):
        _act(game, "buy_tech", tech="generate_tax")


def test_tech_needs_the_university_level_and_a_tech_of_each_lower_level_unless_sold_out():
    game = _game()
    game = put_house(game, 0, replace(game.houses[0], universities=(0, 3, 0)))
    houses = game.houses
    assert "university is at level 0" in tech_refusal(houses, 0, "generate_tax")
    assert "level 1 engineering tech first" in tech_refusal(houses, 0, "army_camps")
    level1 = ("battlefield_obstacles", "rolling_fireballs", "improved_shields", "improved_steel")
    houses = (replace(houses[0], techs=("longbow",)), replace(houses[1], techs=level1))
    assert tech_refusal(houses, 0, "army_camps") == ""


def test_buying_a_level_two_tech_costs_its_three_resources_times_two():
    game = _game(**COSTS)
    game = put_house(game, 0, replace(game.houses[0], universities=(0, 0, 2),
                                      techs=("offensive_tactics",)))
    after = _act(game, "buy_tech", tech="hand_cannons")
    assert after.houses[0].dials == (4, 6, 4, 4) and "hand_cannons" in after.houses[0].techs


def test_superior_fertility_adds_four_reserve_soldiers_and_one_free_recruit():
    game = _game(**COSTS)
    techs = ("generate_tax", "lower_recruitment_cost", "free_annual_recruit")
    game = put_house(game, 0, replace(game.houses[0], universities=(4, 0, 0), techs=techs,
                                      dials=(20, 20, 20, 20)))
    after = _act(game, "buy_tech", tech="superior_fertility")
    assert (after.houses[0].soldiers, after.houses[0].reserve) == (3, 11)


def test_build_march_recruit_resources_twice_a_year_buy_tech_and_retreat_once():
    game = _game(1 + 1)
    game = _act(game, "retreat")            # H0, Summer
    game = _act(game, "resources", first="gold")
    with pytest.raises(IllegalAction, match="limit is 1"):
        _act(game, "retreat")               # H0, Fall
    game = _act(game, "resources", first="gold")
    game = _act(game, "resources", first="gold")
    game = _act(game, "resources", first="gold")  # H1, Winter
    with pytest.raises(IllegalAction, match="used resources 2 time"):
        _act(game, "resources", first="gold")
    assert "resources" not in RULES.available(game) and "march" in RULES.available(game)


def test_turns_pass_in_player_order_and_spring_ends_in_the_year_end_step():
    game = _game(3)
    for _ in range(5 * 3 - 1):
        game = _act(game, "march" if game.houses[game.turn].tokens.count("march") < 2 else
                    "recruit" if game.houses[game.turn].tokens.count("recruit") < 2 else
                    "retreat")
    assert (game.season, game.turn, game.phase) == (4, 2, "seasons")
    game = _act(game, "resources", first="gold")
    assert game.phase == "spring_end" and RULES.available(game)[0] == "end_of_spring"
    with pytest.raises(IllegalAction, match="end of Spring is due"):
        _act(game, "retreat")


def test_trade_happens_in_the_active_houses_turn_t17():
    game = _game(3)
    with pytest.raises(IllegalAction, match="active house's turn, with H0") as err:
        _act(game, "trade", house=1, partner=2, give_gold=1, get_mining=2)
    assert "T17" in err.value.rule
    after = _act(game, "trade", house=1, partner=0, give_gold=3, get_mining=1)
    assert after.houses[1].dials == (3, 6, 7, 6) and after.houses[0].dials == (9, 6, 5, 6)


def test_alliance_costs_four_gold_each_and_breaking_pays_four_to_each_member():
    game = _act(_game(3), "form_alliance", house=0, partner=1)
    assert game.alliances == ((0, 1),) and game.houses[1].dial("gold") == 2
    game = _act(game, "form_alliance", house=2, partner=0)
    assert game.alliances == ((0, 1, 2),) and game.houses[0].dial("gold") == 2
    game = _dials(game, 2, gold=10)
    game = _act(game, "break_alliance", house=2)
    assert game.alliances == ((0, 1),) and game.houses[2].dial("gold") == 2
    assert game.houses[0].dial("gold") == 6


def test_alliances_refused_when_the_table_plays_without():
    with pytest.raises(IllegalAction, match="without alliances"):
        _act(_game(alliances=False), "form_alliance", house=0, partner=1)


def test_trading_posts_four_only_with_four_or_more_houses():
    with pytest.raises(IllegalAction, match="1 to 3"):
        _act(_game(3), "hold_post", house=0, post=4)
    game = _act(_act(_game(4), "march"), "hold_post", house=0, post=4)  # its March (T28)
    game = _act(_act(_act(game, "leave_post", house=0, post=4), "march"), "hold_post", house=1,
                post=4)
    assert game.houses[0].posts == () and game.houses[1].posts == (4,)


def test_correction_sets_a_value_and_a_dial_at_21_still_trades():
    game = _act(_game(), "correct", house=0, what="lumber", value=21)
    assert game.houses[0].dial("lumber") == 10 and game.houses[0].golden == ("dial21",)
    game = _act(game, "correct", house=0, what="golden", value=3)
    assert game.houses[0].golden == ("dial21", "correction", "correction")


@pytest.mark.parametrize("techs, cap", [((), 10), (("increased_fertility",), 12),
                                        (("increased_fertility", "superior_fertility"), 16)])
def test_ten_soldiers_or_up_to_sixteen_with_the_fertility_techs(techs, cap):
    assert soldier_cap(replace(_game().houses[0], techs=techs)) == cap
