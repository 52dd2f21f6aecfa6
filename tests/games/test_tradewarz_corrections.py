"""TradeWarz corrections by hand (issue 20; review item #27): techs, trading posts, capital
occupation and alliances can be set to what the table shows, logged as corrections that say what
changed from what to what; states no table can show are refused with the actions' own checks."""
from dataclasses import replace

import pytest

from companion.games.core import IllegalAction
from companion.games.tradewarz import RULES
from companion.games.tradewarz.model import put_house
from companion.games.tradewarz.specs import CORRECTION_KINDS


def new(n=3, **setup):
    return RULES.new_game({"players": [{"name": x} for x in ("Ana", "Ben", "Cy")[:n]], **setup})


def act(state, kind, **data):
    return RULES.apply(state, kind, RULES.check_action(state, kind, data))


def said(state, kind, **data):
    return str(RULES.describe(state, kind, RULES.check_action(state, kind, data)))


def test_every_new_correction_is_a_correction_citing_the_table_is_the_truth():
    for kind in CORRECTION_KINDS:
        spec = RULES.spec(kind)
        assert spec.correction and spec.rule == "The table is the truth", kind
        assert kind in RULES.available(new())
    over = replace(new(), phase="over", ended="done")
    assert set(CORRECTION_KINDS) <= set(RULES.available(over))
    assert act(over, "correct_post", post=1, holder=0).houses[0].posts == (1,)


def test_a_tech_can_be_given_and_taken_and_the_history_says_from_whom_to_whom():
    state = act(new(), "correct_tech", house=1, tech="generate_tax", change="give")
    assert state.houses[1].techs == ("generate_tax",)
    assert "Generate tax: held by nobody before, by Ben now" in said(
        new(), "correct_tech", house=1, tech="generate_tax", change="give")
    taken = act(state, "correct_tech", house=1, tech="generate_tax", change="take")
    assert taken.houses[1].techs == ()
    assert "held by Ben before, by nobody now" in said(state, "correct_tech", house=1,
                                                        tech="generate_tax", change="take")


def test_a_tech_correction_refuses_a_second_copy_and_a_fifth_super_unit():
    state = act(new(), "correct_tech", house=1, tech="generate_tax", change="give")
    with pytest.raises(IllegalAction, match="already belongs to Ben"):
        act(state, "correct_tech", house=0, tech="generate_tax", change="give")
    with pytest.raises(IllegalAction, match="does not hold"):
        act(state, "correct_tech", house=0, tech="generate_tax", change="take")
    four = put_house(state, 0, replace(state.houses[0], techs=(
        "donkey_caravans", "mule_caravans", "elephant_caravans", "cavalry")))
    with pytest.raises(IllegalAction, match="limit is 4"):
        act(four, "correct_tech", house=0, tech="trebuchet", change="give")


def test_a_trading_post_correction_moves_it_to_a_house_or_to_nobody():
    state = act(act(new(), "march"), "hold_post", house=0, post=2)  # Ana's March (T28)
    moved = act(state, "correct_post", post=2, holder=1)
    assert (moved.houses[0].posts, moved.houses[1].posts) == ((), (2,))
    assert "trading post 2: held by Ana before, by Ben now" in said(state, "correct_post",
                                                                    post=2, holder=1)
    free = act(moved, "correct_post", post=2)
    assert all(not h.posts for h in free.houses)
    assert "held by Ben before, by nobody now" in said(moved, "correct_post", post=2)
    with pytest.raises(IllegalAction, match="only trading posts 1 to 3"):
        act(state, "correct_post", post=4, holder=1)


def test_a_capital_correction_sets_its_occupier_or_frees_it():
    state = act(new(), "correct_capital", house=0, holder=2)
    assert state.houses[0].capital_held_by == 2
    with pytest.raises(IllegalAction, match="held by Cy"):
        act(state, "recruit")
    assert "Ana's capital: held by Cy before, by nobody now" in said(state, "correct_capital",
                                                                     house=0)
    assert act(state, "correct_capital", house=0).houses[0].capital_held_by is None
    with pytest.raises(IllegalAction, match="its own capital"):
        act(state, "correct_capital", house=1, holder=1)


def test_an_alliance_correction_makes_or_ends_one_without_gold():
    state = act(new(), "correct_alliance", house=0, change="make", partner=1)
    assert state.alliances == ((0, 1),) and state.houses[0].dials[0] == 6
    assert "alliance of Ana and Ben now" in said(new(), "correct_alliance", house=0,
                                                 change="make", partner=1)
    three = act(state, "correct_alliance", house=2, change="make", partner=0)
    assert three.alliances == ((0, 1, 2),)
    ended = act(three, "correct_alliance", house=1, change="end")
    assert ended.alliances == ((0, 2),) and ended.houses[1].dials[0] == 6
    with pytest.raises(IllegalAction, match="already in an alliance"):
        act(state, "correct_alliance", house=0, change="make", partner=2)
    with pytest.raises(IllegalAction, match="in no alliance"):
        act(new(), "correct_alliance", house=0, change="end")
    with pytest.raises(IllegalAction, match="without alliances"):
        act(new(alliances=False), "correct_alliance", house=0, change="make", partner=1)


# ---------------- the recruit's and a university level's costs (box data shipped as guesses)

def test_the_recruit_cost_is_corrected_mid_game_from_the_guess_to_what_the_box_prints():
    state = put_house(new(), 0, replace(new().houses[0], dials=(10, 10, 10, 10)))
    words = said(state, "correct_cost", item="recruit", cost="3 gold + 3 wheat")
    assert "Cost of a soldier: 3 lumber + 3 wheat (the unverified guess) before, " \
           "3 gold + 3 wheat now" in words
    fixed = act(state, "correct_cost", item="recruit", cost="3 gold + 3 wheat")
    assert RULES.spec("correct_cost").correction
    # a soldier now costs 3 gold + 3 wheat (Recruit: 3 + 3), not the guess's lumber
    assert act(fixed, "recruit").houses[0].dials == (7, 10, 10, 7)


def test_the_university_cost_is_corrected_mid_game_and_each_level_pays_it():
    state = put_house(new(), 0, replace(new().houses[0], dials=(10, 10, 10, 10)))
    assert "Cost of a university level: 1 gold + 1 mining (the unverified guess) before, " \
           "1 lumber + 1 wheat now" in said(state, "correct_cost", item="university",
                                            cost="1 lumber + 1 wheat")
    fixed = act(state, "correct_cost", item="university", cost="1 lumber + 1 wheat")
    assert "Cost of a university level: 1 lumber + 1 wheat before, 1 gold + 1 mining now" in \
        said(fixed, "correct_cost", item="university", cost="1 gold + 1 mining")
    # level 2 from nothing pays levels 1 and 2: 3 times the corrected unit
    built = act(fixed, "build", what="university", tree="economy", level=2)
    assert built.houses[0].dials == (10, 7, 10, 7)


def test_a_corrected_cost_with_other_amounts_than_the_rulebook_prints_is_refused():
    with pytest.raises(IllegalAction, match="3 \\+ 3") as err:
        act(new(), "correct_cost", item="recruit", cost="2 gold + 2 wheat")
    assert err.value.rule.endswith("Recruit")
    with pytest.raises(IllegalAction, match="cannot read"):
        act(new(), "correct_cost", item="recruit", cost="three wheat")


def test_a_cost_corrected_by_hand_becomes_box_data_and_a_shipped_guess_does_not():
    state = new()
    assert RULES.box_records(state, "correct_cost", {"item": "recruit",
                                                     "cost": "3 gold + 3 wheat"}) == [
        ("costs", "recruit", {"gold": 3, "wheat": 3})]
    assert RULES.box_records(state, "correct_cost", {"item": "recruit",
                                                     "cost": "3 lumber + 3 wheat"}) == []
