"""TradeWarz: what the houses can hold together at the end, refused all at once on every path that
enters end facts (score API / quick pad, a live game's corrections by hand). Rulebook sections:
"Trading posts" (post 4 only with 4-6 houses), "Build: Castle" and the components (2 castles a
house, 40 golden Xadlas), "Getting Xadlas: Silver" (one a castle or post, handed over with it);
ruling T24 for the golden Xadlas in the box."""
from dataclasses import replace

import pytest

from companion.games.core import IllegalAction, InvalidInput
from companion.games.tradewarz import RULES
from companion.games.tradewarz.rulings import RULINGS


def house(name, golden=0, silver=0, **more):
    return {"name": name, "golden_xadlas": golden, "silver_xadlas": silver, **more}


def errors(*houses, **rulings):
    with pytest.raises(InvalidInput) as err:
        RULES.parse_facts({"players": list(houses), "rulings": rulings})
    return {p.field: p.message for p in err.value.problems}


def scores(*houses, **rulings):
    result = RULES.score_payload({"players": list(houses), "rulings": rulings})
    return [s.total for s in result.sheets]


def others(n):
    return [house(f"H{i}") for i in range(1, n)]


@pytest.mark.parametrize("houses", [2, 3])
def test_a_fourth_trading_post_is_refused_with_two_or_three_houses(houses):
    told = errors(house("Ana", 1, 4, trading_posts=4), *others(houses))
    assert "only posts 1 to 3 are on the map" in told["players[0].trading_posts"]
    inferred = errors(house("Ana", 1, 4), *others(houses))  # 4 silver and no castle: 4 posts
    assert "3 trading posts in play" in inferred["players[0].silver_xadlas"]


def test_four_trading_posts_are_in_play_with_four_to_six_houses():
    assert scores(house("Ana", 1, 4, trading_posts=4), *others(4))[0] == 5
    assert scores(house("Ana", 1, 4), *others(6))[0] == 5


def test_the_houses_hold_no_more_trading_posts_together_than_are_in_play():
    found = errors(house("Ana", 1, 2), house("Ben", 1, 2))  # no castle: 2 posts each
    assert "the houses hold 4 trading posts together" in found["players"]
    assert "with 2 houses only 3 are in play" in found["players"]
    found = errors(house("Ana", 1, 3, trading_posts=2, castles=1, villages=1),
                   house("Ben", 1, 2, trading_posts=2), house("Cy"))
    assert "4 trading posts together" in found["players"]
    assert scores(house("Ana", 1, 2), house("Ben", 1, 1)) == [3, 2]


def test_the_houses_hold_no_more_castles_together_than_two_a_house():
    found = errors(house("Ana", 0, 3, castles=3, villages=3), house("Ben", 0, 2, castles=2,
                                                                     villages=2))
    assert "5 castles together; 2 houses have only 4" in found["players"]
    # a castle won in battle: 3 for one house, 1 left to the other
    assert scores(house("Ana", 1, 3, castles=3, villages=3),
                  house("Ben", 0, 1, castles=1, villages=1)) == [4, 1]


@pytest.mark.parametrize("t7, due", [("silver-and-gold", 3), ("two-silver", 5)])
def test_a_house_holds_one_silver_xadla_for_each_castle_and_post(t7, due):
    ana = house("Ana", 0, 1, castles=2, villages=2, trading_posts=1)
    found = errors(ana, house("Ben"), T7=t7)
    assert f"carry {due} silver Xadlas, not 1" in found["players[0].silver_xadlas"]
    assert scores({**ana, "silver_xadlas": due}, house("Ben"), T7=t7)[0] == due


def test_silver_xadlas_fewer_than_the_castles_held_are_refused_without_posts_told():
    found = errors(house("Ana", 0, 1, castles=2, villages=2), house("Ben"))
    assert "give 2 to 5 silver Xadlas, not 1" in found["players[0].silver_xadlas"]


def test_golden_xadlas_beyond_the_40_in_the_box_are_refused_by_default_ruling_t24():
    ruling = RULINGS["T24"]
    assert ruling.default == "box" and set(ruling.readings) == {"box", "no-limit"}
    found = errors(house("Ana", 30), house("Ben", 11))
    assert "41 golden Xadlas together; the box holds 40" in found["players"]
    assert "ruling T24" in found["players"]
    assert scores(house("Ana", 30), house("Ben", 10)) == [30, 10]
    assert scores(house("Ana", 30), house("Ben", 11), T24="no-limit") == [30, 11]


def test_every_whole_table_problem_is_listed_at_once():
    found = errors(house("Ana", 30, 5, castles=3, villages=3, trading_posts=4),
                   house("Ben", 11, 2, castles=2, villages=2), house("Cy", settlements=7))
    assert {"players[0].trading_posts", "players[0].silver_xadlas", "players[2].settlements",
            "players"} <= set(found)
    # the castles and the golden Xadlas share the whole table's field, one problem each
    with pytest.raises(InvalidInput) as err:
        RULES.parse_facts({"players": [house("Ana", 30, 3, castles=3, villages=3),
                                       house("Ben", 11, 2, castles=2, villages=2)]})
    said = [p.message for p in err.value.problems if p.field == "players"]
    assert len(said) == 2 and "5 castles" in said[0] and "41 golden" in said[1]


def test_trading_posts_is_optional_and_checked_as_a_number():
    assert scores(house("Ana", 1, 1), house("Ben", 1, 0, trading_posts=None)) == [2, 1]
    found = errors(house("Ana", 1, 1, trading_posts="two"), house("Ben"))
    assert list(found) == ["players[0].trading_posts"]


# ------------------------------------------------------------- the same limits in a live game

def new(n=2):
    return RULES.new_game({"players": [{"name": x} for x in ("Ana", "Ben", "Cy")[:n]]})


def act(state, kind, **data):
    return RULES.apply(state, kind, RULES.check_action(state, kind, data))


def test_a_correction_cannot_give_the_houses_more_castles_than_they_have():
    state = act(new(), "correct", house=0, what="golden", value=1)  # its 3rd castle's battle
    for seat, castles in ((0, 3), (1, 1)):
        state = act(state, "correct", house=seat, what="villages", value=castles)
        state = act(state, "correct", house=seat, what="castles", value=castles)
    with pytest.raises(IllegalAction, match="5 castles together; 2 houses have only 4"):
        act(state, "correct", house=1, what="castles", value=2)


def test_a_correction_cannot_push_the_golden_xadlas_past_the_box_under_t24():
    state = act(new(), "correct", house=0, what="golden", value=40)
    with pytest.raises(IllegalAction, match="41 golden Xadlas together"):
        act(state, "correct", house=1, what="golden", value=1)
    free = act(state, "ruling", ruling="T24", reading="no-limit")
    assert len(act(free, "correct", house=1, what="golden", value=1).houses[1].golden) == 1


def test_a_correction_is_refused_for_what_it_breaks_not_for_what_was_already_wrong():
    with pytest.raises(IllegalAction, match="at most 6 settlements, not 7"):
        act(new(), "correct", house=0, what="settlements", value=7)
    state = new()
    wrong = replace(state, houses=(replace(state.houses[0], villages=3, castles=3),
                                   replace(state.houses[1], villages=2, castles=2)))
    fixed = act(wrong, "correct", house=0, what="golden", value=2)  # the castles stay to fix
    assert len(fixed.houses[0].golden) == 2
    assert act(fixed, "correct", house=0, what="castles", value=2).houses[0].castles == 2


# ------------------------------------------------- tech strength, castles won, farthest building

def test_tech_strength_is_bounded_by_the_printed_cards_under_ruling_t25():
    ruling = RULINGS["T25"]
    assert ruling.default == "printed-cards" and set(ruling.readings) == {"printed-cards",
                                                                          "unchecked"}
    found = errors(house("Gwen", tech_strength=10), house("Hugo", tech_strength=38))
    assert "tech strength 38, but a house holds at most 36" in found["players[1].tech_strength"]
    assert "48 tech cards print 46" in found["players"] and "ruling T25" in found["players"]
    assert scores(house("Gwen", tech_strength=10), house("Hugo", tech_strength=36)) == [0, 0]
    scores(house("Gwen", tech_strength=10), house("Hugo", tech_strength=38), T25="unchecked")


def test_a_farthest_building_needs_a_building():
    found = errors(house("Ivo", farthest_build=7), house("Jo"))
    assert "a farthest building 7 marches from the capital, but no settlement, village or " \
        "castle" in found["players[0].farthest_build"]
    assert "What happens in a tie" in found["players[0].farthest_build"]
    assert scores(house("Ivo", farthest_build=7, settlements=1), house("Jo")) == [0, 0]


def test_castles_beyond_two_need_a_golden_xadla_each_under_ruling_t26():
    jax = house("Jax", 0, 3, castles=3, villages=3)
    found = errors(jax, house("Kim", 4, trading_posts=4))
    assert "3 castles but 0 golden Xadlas" in found["players[0].castles"]
    assert "ruling T26" in found["players[0].castles"] and "Build: Castle" in found[
        "players[0].castles"]
    assert {"players[0].castles", "players[1].trading_posts"} <= set(found)  # all listed
    assert scores({**jax, "golden_xadlas": 1}, house("Kim", 3)) == [4, 3]
    assert scores(jax, house("Kim", 3), T26="unchecked") == [3, 3]
    assert scores(jax, house("Kim", 40)) == [3, 40]  # the box ran out: no Xadla to win (T24)
