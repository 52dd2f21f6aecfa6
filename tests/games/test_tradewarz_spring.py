"""TradeWarz end of Spring: income formulas, the calculation guide's examples, T1 T2 T5 T6 T9 T15
T16, the preview, the new year and how the game ends."""
from dataclasses import replace

import pytest

from companion.games.core import IllegalAction
from companion.games.tradewarz import RULES, preview_spring
from companion.games.tradewarz.model import put_house
from companion.games.tradewarz.spring import alliance_target


def _game(n=2, rulings=None, **setup):
    players = [{"name": f"H{i}", "colour": f"c{i}"} for i in range(n)]
    game = RULES.new_game({"players": players, "rulings": rulings or {}, **setup})
    return replace(game, season=4, phase="spring_end")


def _with(game, seat=0, **fields):
    return put_house(game, seat, replace(game.houses[seat], **fields))


def _after(game, seat=0):
    return preview_spring(game).houses[seat]


@pytest.mark.parametrize("fields, gold", [
    ({}, 3), ({"villages": 3}, 6),                     # guide: 3 villages give 3 gold
    ({"villages": 2, "castles": 2}, 3 + 2 + 4),        # guide: count the village under a castle
    ({"posts": (1,)}, 4), ({"posts": (1, 2)}, 5),
    ({"posts": (1, 2), "universities": (3, 0, 0)}, 7),  # economy university 3: 2 gold a post
])
def test_gold_is_three_plus_villages_plus_two_per_castle_plus_posts(fields, gold):
    game = _with(_game(rulings={"T2": "exactly-two"}), dials=(0, 0, 0, 0), **fields)
    assert _after(game).dial("gold") == gold


@pytest.mark.parametrize("silos, expected", [((3, 0, 0), (4, 1, 1)), ((0, 4, 0), (1, 5, 1)),
                                             ((0, 0, 2), (1, 1, 3))])
def test_lumber_mining_wheat_are_one_plus_silos_as_in_the_guide(silos, expected):
    game = _with(_game(), dials=(0, 0, 0, 0), silos=silos)
    assert _after(game).dials[1:] == expected


@pytest.mark.parametrize("reading, gold", [("formula", 2), ("example", 3)])
def test_two_trading_posts_give_two_gold_or_three_under_the_t6_example_reading(reading, gold):
    game = _with(_game(rulings={"T6": reading, "T2": "exactly-two"}), dials=(0, 0, 0, 0),
                 posts=(1, 2))
    assert _after(game).dial("gold") - 3 == gold


@pytest.mark.parametrize("reading, level, per_post", [("at-least-3", 4, 2), ("exactly-3", 4, 1),
                                                      ("exactly-3", 3, 2), ("at-least-3", 2, 1)])
def test_economy_university_doubles_post_gold_t9(reading, level, per_post):
    game = _with(_game(rulings={"T9": reading}), dials=(0, 0, 0, 0), posts=(1,),
                 universities=(level, 0, 0))
    assert _after(game).dial("gold") == 3 + per_post


@pytest.mark.parametrize("reading, start, golden", [("at-least-12", 11, 1), ("above-12", 11, 0),
                                                    ("above-12", 12, 1), ("at-least-12", 10, 0)])
def test_all_four_dials_at_twelve_give_a_golden_xadla_t1(reading, start, golden):
    game = _with(_game(rulings={"T1": reading}), dials=(start - 2, start, start, start))
    assert _after(game).golden.count("dials12") == golden


@pytest.mark.parametrize("reading, posts, golden", [("two-or-more", (1, 2, 3), 1),
                                                    ("exactly-two", (1, 2, 3), 0),
                                                    ("exactly-two", (1, 2), 1),
                                                    ("two-or-more", (1,), 0)])
def test_two_trading_posts_at_the_end_of_spring_give_one_golden_xadla_t2(reading, posts, golden):
    game = _with(_game(rulings={"T2": reading}), posts=posts)
    assert _after(game).golden.count("posts") == golden


@pytest.mark.parametrize("order, golden", [("digest", ("dial21",)),
                                           ("formula", ("dial21",)),
                                           ("income-first", ("dials12", "dial21"))])
def test_t5_order_decides_whether_a_traded_dial_still_counts_for_twelve(order, golden):
    # gold 19 + 3 = 22: the digest order trades it down to 11 before the 12 check
    game = _with(_game(rulings={"T5": order}), dials=(19, 12, 12, 12))
    assert _after(game).golden == golden


def test_preview_labels_each_step_in_order_and_changes_nothing():
    game = _with(_game(), villages=1, silos=(1, 1, 0))
    preview = preview_spring(game)
    assert preview.order[0].startswith("1. Income")
    assert preview.order[1].startswith("2. Gold from trading posts")  # T5 formula: gold first
    lines = preview.for_house("H0")
    assert [ln.step for ln in lines] == list(preview.order)
    assert "gold +4" in lines[0].text and lines[0].rule.endswith("calculation guide")
    assert game.houses[0].dials == (6, 6, 6, 6)


def test_apply_gives_the_preview_a_free_soldier_a_morale_card_and_opens_the_next_year():
    game = _with(_game(), tokens=("march",) * 2, villages_this_year=1)
    preview = preview_spring(game)
    after = RULES.apply(game, "end_of_spring", {})
    assert after.houses == tuple(replace(h, tokens=(), villages_this_year=0)
                                 for h in preview.houses)
    house = after.houses[0]
    assert (house.soldiers, house.reserve, house.morale) == (3, 7, 1)
    assert (after.year, after.season, after.turn, after.phase) == (2, 0, 0, "seasons")


def test_end_of_spring_only_after_every_house_acted_in_spring():
    with pytest.raises(IllegalAction, match="after every house"):
        RULES.apply(replace(_game(), phase="seasons"), "end_of_spring", {})


def test_tech_income_and_caravans_need_the_caravans_area():
    game = _with(_game(), dials=(0, 0, 0, 0), techs=("generate_tax", "improved_farming",
                                                     "mule_caravans"))
    with pytest.raises(IllegalAction, match="caravans"):
        RULES.apply(game, "end_of_spring", {})
    game = RULES.apply(game, "caravan_area", {"house": 0, "resource": "mining"})
    assert _after(game).dials == (3 + 2 + 1, 1 + 1, 1 + 2, 1 + 1)
    game = replace(game, rulings={**game.rulings, "T8": "two-gold"})
    assert _after(game).dial("gold") == 7


@pytest.mark.parametrize("reading, owner_gold, occupier_gold", [("literal", 0, 6),
                                                                ("income-stays", 3, 3)])
def test_an_occupied_capital_pays_its_income_to_the_occupier_t15(reading, owner_gold,
                                                                 occupier_gold):
    game = _with(_game(rulings={"T15": reading}), 1, capital_held_by=0)
    game = _with(_with(game, 0, dials=(0, 0, 0, 0)), 1, dials=(0, 0, 0, 0))
    preview = preview_spring(game)
    assert (preview.houses[1].dial("gold"), preview.houses[0].dial("gold")) == (
        owner_gold, occupier_gold)
    assert RULES.apply(game, "end_of_spring", {}).houses[1].capital_held_by is None


def test_the_village_under_a_castle_counts_for_gold_unless_t16_castle_only():
    game = _with(_game(rulings={"T16": "castle-only"}), dials=(0, 0, 0, 0), villages=2,
                 castles=1)
    assert _after(game).dial("gold") == 3 + 1 + 2


def test_year_based_game_ends_after_the_last_spring():
    assert RULES.apply(_game(years=2), "end_of_spring", {}).phase == "seasons"
    over = RULES.apply(replace(_game(years=2), year=2), "end_of_spring", {})
    assert over.phase == "over" and "2 years played" in over.ended and RULES.is_over(over)
    with pytest.raises(IllegalAction, match="game is over"):
        RULES.apply(over, "retreat", {})


def test_xadla_target_ends_the_game_when_reached():
    game = replace(_game(end_mode="xadlas", xadla_target=2), phase="seasons", season=0)
    game = replace(_with(game, golden=("battle",)), mover=0, move="march")  # H0 marched (T28)
    game = RULES.apply(game, "hold_post", {"house": 0, "post": 1})
    assert game.phase == "over" and "H0 reached 2" in game.ended


@pytest.mark.parametrize("reading, members, target", [("n-times", 2, 14), ("n-times", 3, 20),
                                                      ("double", 3, 14)])
def test_alliance_target_is_double_plus_two_for_a_pair_t13(reading, members, target):
    game = _game(rulings={"T13": reading}, end_mode="xadlas", xadla_target=6)
    assert alliance_target(game, members) == target


def test_alliance_plays_for_its_own_target_not_the_single_one():
    game = replace(_game(end_mode="xadlas", xadla_target=6), alliances=((0, 1),),
                   phase="seasons")
    game = _with(_with(game, 0, golden=("battle",) * 7), 1, golden=("battle",) * 5)
    game = replace(game, mover=1, move="march")  # H1 has just marched (T28)
    game = RULES.apply(game, "hold_post", {"house": 1, "post": 1})
    assert game.phase == "seasons"  # 7 + 6 = 13: H0 passed 6 but plays for the alliance's 14
    game = RULES.apply(game, "hold_post", {"house": 1, "post": 2})
    assert game.phase == "over" and "alliance of H0 and H1 reached 14" in game.ended


def test_time_up_finishes_the_current_season_then_ends():
    game = replace(_game(end_mode="time", minutes=90), phase="seasons", season=1)
    game = RULES.apply(game, "retreat", {})
    game = RULES.apply(game, "time_up", {})
    assert game.phase == "seasons" and "time_up" not in RULES.available(game)
    game = RULES.apply(game, "retreat", {})
    assert game.phase == "over" and "time is up" in game.ended


def test_time_up_in_spring_pays_the_end_of_spring_under_t19_year_end():
    game = RULES.apply(_game(end_mode="time", rulings={"T19": "year-end"}), "time_up", {})
    assert game.phase == "spring_end"
    after = RULES.apply(game, "end_of_spring", {})
    assert after.phase == "over" and after.houses[0].morale == 1


def test_the_free_soldier_of_spring_needs_room_at_the_capital_gate_and_its_support():
    # no building: 6 at the gate + the 2 the capital supports away from it = 8 on the map
    full = _game()
    full = put_house(full, 0, replace(full.houses[0], soldiers=8, reserve=2))
    after = RULES.apply(full, "end_of_spring", {})
    assert (after.houses[0].soldiers, after.houses[0].reserve) == (8, 2)
    said = " ".join(str(line.text) for line in preview_spring(full).for_house("H0"))
    assert "0 free soldiers to the capital gate" in said
    assert "room for 8 soldiers on the map" in said
    # one place left: One free annual recruit brings only one of its two
    one = put_house(full, 0, replace(full.houses[0], soldiers=7, reserve=3,
                                     techs=("free_annual_recruit",)))
    assert RULES.apply(one, "end_of_spring", {}).houses[0].soldiers == 8
