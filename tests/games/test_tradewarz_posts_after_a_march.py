"""TradeWarz, ruling T28 (the review's T4-5): a trading post is taken by the house whose soldier
marches onto it, right after its own March, never at any time for free; the reading "any-time"
takes it whenever the table enters it. Each test names the rule it checks."""
import pytest

from companion.games.core import IllegalAction
from companion.games.tradewarz import RULES

BUILD = {"what": "settlement", "silo_wheat": 1, "pay_lumber": 1, "pay_wheat": 1}


def new(**rulings):
    return RULES.new_game({"players": [{"name": x} for x in ("Ochre", "Rust", "Azure")],
                           "rulings": rulings})


def act(state, kind, **data):
    return RULES.apply(state, kind, RULES.check_action(state, kind, data))


def test_a_post_taken_by_a_house_whose_last_action_was_a_build_is_refused_naming_trading_posts():
    # the review's move 36: Rust builds; in Ochre's next turn, Rust's phone takes post 2
    state = act(act(new(), "resources", first="gold"), "build", **BUILD)  # Ochre, then Rust
    state = act(state, "resources", first="gold")  # Azure; Ochre's turn next season
    with pytest.raises(IllegalAction, match="Rust has not just marched") as err:
        act(state, "hold_post", house=1, post=2)
    assert "Trading posts" in err.value.rule and "ruling T28" in err.value.rule
    assert err.value.field == "house"
    assert state.houses[1].posts == ()


def test_a_post_is_taken_right_after_the_house_s_own_march_with_its_silver_xadla():
    state = act(act(new(), "resources", first="gold"), "march")  # Rust marches
    after = act(state, "hold_post", house=1, post=2)
    assert after.houses[1].posts == (2,)
    assert RULES.describe(state, "hold_post", {"house": 1, "post": 2}).endswith(
        "Rust holds trading post 2 and its silver Xadla")


def test_a_post_is_not_taken_by_a_house_that_did_not_make_the_march():
    state = act(act(new(), "resources", first="gold"), "march")  # Rust marched, not Ochre
    with pytest.raises(IllegalAction, match="Ochre has not just marched"):
        act(state, "hold_post", house=0, post=1)


def test_once_the_next_house_has_acted_the_march_s_post_is_a_correction():
    state = act(act(act(new(), "resources", first="gold"), "march"), "resources", first="gold")
    with pytest.raises(IllegalAction, match="Correct a trading post"):
        act(state, "hold_post", house=1, post=2)  # Azure acted after Rust's March
    fixed = act(state, "correct_post", post=2, holder=1)
    assert fixed.houses[1].posts == (2,)


def test_a_retreat_takes_no_post():
    state = act(act(new(), "resources", first="gold"), "retreat")  # Rust retreats
    with pytest.raises(IllegalAction, match="Rust has not just marched"):
        act(state, "hold_post", house=1, post=2)


def test_reading_any_time_takes_a_post_whenever_the_table_enters_it():
    state = act(act(new(T28="any-time"), "resources", first="gold"), "build", **BUILD)
    assert act(state, "hold_post", house=1, post=2).houses[1].posts == (2,)


def test_the_ruling_is_switched_for_a_game_like_the_others():
    state = act(new(), "ruling", ruling="T28", reading="any-time")
    assert state.rulings["T28"] == "any-time"
    assert act(state, "hold_post", house=2, post=3).houses[2].posts == (3,)
    assert RULES.rulings["T28"].default == "after-march"
