"""TradeWarz in a first game (issue 39): a March names the house it marches on and its battle
starts from there; what a table typed once (a cost, a battle card) is offered back; counted
words say one or many, never "(s)". Each test names the rule it checks."""
from dataclasses import replace

import pytest

from companion.games.core import IllegalAction
from companion.games.tradewarz import RULES
from companion.games.tradewarz.model import put_house
from companion.games.tradewarz.offers import (
    PRINTED_CARDS,
    battle_defaults,
    card_choices,
    offered_costs,
    offered_techs,
)


def new(n=4, **setup):
    """A first game: no box data but the shipped guesses."""
    names = ("Ana", "Ben", "Cy", "Dee")[:n]
    return RULES.new_game({"players": [{"name": x} for x in names], **setup})


def act(state, kind, **data):
    return RULES.apply(state, kind, RULES.check_action(state, kind, data))


def settle(state, **paid):
    """The house whose turn it is builds a settlement (a silo on wheat), paying ``paid``."""
    return act(state, "build", what="settlement", silo_wheat=1,
               **{f"pay_{r}": n for r, n in paid.items()})


# ------------------------------------------------------------- a battle from its March

def test_a_march_names_the_house_it_marches_on_and_the_next_season_action_forgets_it():
    state = act(act(new(), "resources", first="gold"), "march", target=3)
    assert (state.mover, state.target) == (1, 3)
    assert act(state, "recruit").target is None


def test_a_march_without_a_house_named_leaves_its_battle_to_be_chosen():
    state = act(new(), "march")
    assert state.target is None and "defender" not in battle_defaults(state, 2)


def test_a_house_cannot_march_on_itself():
    with pytest.raises(IllegalAction, match="Ana cannot march on itself"):
        act(new(), "march", target=0)


def test_a_battle_starts_with_the_marching_house_against_the_house_it_marched_on():
    state = act(act(new(), "resources", first="gold"), "march", target=3)
    start = battle_defaults(state, seat=0)  # whichever phone opens it
    assert (start["attacker"], start["defender"], start["origin"]) == (1, 3, "march")


def test_each_army_starts_with_the_soldiers_its_board_may_send_away_from_the_capital():
    """A squad of 3 at most, and no more than the capital and buildings support away (Support):
    with no building that is the capital's 2; with 2 settlements, the squad's 3."""
    state = new()
    state = put_house(state, 0, replace(state.houses[0], soldiers=5, reserve=5))
    state = put_house(state, 2, replace(state.houses[2], soldiers=5, reserve=5, settlements=2,
                                        sites=(1, 2)))
    start = battle_defaults(act(state, "march", target=2), seat=None)
    assert (start["attacker_soldiers"], start["defender_soldiers"]) == (2, 3)
    poor = put_house(state, 2, replace(state.houses[2], soldiers=1, reserve=9))
    assert battle_defaults(act(poor, "march", target=2), None)["defender_soldiers"] == 1


def test_with_no_move_to_follow_the_phones_house_attacks_and_nobody_defends_yet():
    assert battle_defaults(new(), seat=2) == {"attacker": 2, "site": "field"}


# ------------------------------------------------------------- costs typed once

def test_a_payment_typed_for_a_cost_the_box_lacks_is_offered_back_in_the_same_game():
    state = new()
    assert offered_costs(state, "settlement") == []
    state = settle(state, lumber=1, wheat=1)
    assert offered_costs(state, "settlement") == [{"lumber": 1, "wheat": 1}]


def test_offers_are_the_newest_payment_first_and_each_payment_once():
    state = settle(settle(settle(new(), lumber=1, wheat=1), gold=1, mining=1),
                   lumber=1, wheat=1)
    assert offered_costs(state, "settlement") == [{"lumber": 1, "wheat": 1},
                                                  {"gold": 1, "mining": 1}]


def test_a_cost_corrected_by_hand_leaves_the_offers_and_is_paid_by_itself():
    state = settle(new(), lumber=1, wheat=1)
    state = act(state, "correct_cost", item="settlement", cost="1 gold + 1 wheat")
    assert state.paid == () and offered_costs(state, "settlement") == []
    assert state.cost_of("settlement") == (1, 0, 0, 1)


def test_a_cost_the_box_data_knows_is_never_offered():
    state = settle(new(cost_settlement="1 lumber + 1 wheat"))
    assert state.paid == () and offered_costs(state, "settlement") == []


def test_a_tech_payment_is_offered_per_level_for_every_tech_of_its_tree():
    state = act(new(2), "build", what="university", tree="economy", level=2)
    state = act(state, "resources", first="gold")
    state = act(state, "buy_tech", tech="generate_tax", pay_gold=1, pay_lumber=1, pay_wheat=1)
    state = act(state, "resources", first="gold")  # Ana's turn again, next season
    offers = {x.id: due for x, due in offered_techs(state, 0)}
    assert offers["improved_building"] == {"gold": 2, "lumber": 2, "wheat": 2}  # a level 2


# ------------------------------------------------------------- battle cards

def test_the_cards_of_a_battle_are_offered_with_the_rulebooks_printed_ones():
    state = act(act(new(), "march", target=1), "battle", attacker=0, defender=1, site="field",
                attacker_soldiers=2, attacker_card_s=3, attacker_card_k=2, attacker_card_b=0,
                defender_soldiers=2, defender_card_s=1, defender_card_k=4, defender_card_b=1)
    assert state.cards_seen == ((3, 2, 0), (1, 4, 1))
    assert card_choices(state) == sorted({(3, 2, 0), (1, 4, 1), *PRINTED_CARDS}, reverse=True)


def test_a_phones_own_recorded_cards_come_among_its_choices():
    assert (1, 1, 3) in card_choices(new(), deck=((1, 1, 3),))


# ------------------------------------------------------------- counted words

@pytest.mark.parametrize("morale, said", [(2, "Ana has 1 morale card left"),
                                          (3, "Ana has 2 morale cards left")])
def test_a_count_says_one_or_many_in_its_own_form(morale, said):
    state = put_house(new(), 0, replace(new().houses[0], morale=morale))
    line = RULES.describe(state, "play_morale", RULES.check_action(state, "play_morale",
                                                                   {"house": 0}))
    assert str(line).endswith(said)
