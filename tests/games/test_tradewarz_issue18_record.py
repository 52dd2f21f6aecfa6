"""TradeWarz issue 18, the record (the review's items #18, #19, #26, #29 and the guide after a
March; ../shared/review/tradewarz.md): the history says what happened in numbers, battle decks
stay private, a raid names its raider, a trading post changes hands only as the rulebook says, and
the guide asks what a March caused."""
from dataclasses import replace

import pytest

from companion.games.core import IllegalAction
from companion.games.tradewarz import RULES
from companion.games.tradewarz.model import put_house

CARDS = "1/3/2, 2/2/2, 3/1/3, 4/0/2, 1/2/4, 2/4/0"


def new(n=3, **setup):
    return RULES.new_game({"players": [{"name": x} for x in ("Ana", "Ben", "Cy")[:n]], **setup})


def act(state, kind, **data):
    return RULES.apply(state, kind, RULES.check_action(state, kind, data))


def words(state, kind, **data):
    return str(RULES.describe(state, kind, RULES.check_action(state, kind, data)))


def with_house(state, seat=0, **values):
    return put_house(state, seat, replace(state.houses[seat], **values))


# ----------------------------------------------------- #18 every history line says the numbers

def test_a_trade_in_the_history_says_who_gave_what_for_what():
    line = words(new(), "trade", house=0, partner=1, give_lumber=2, get_gold=2, get_wheat=1)
    assert line == "Ana: Trade; Ana gave Ben 2 lumber and got 2 gold + 1 wheat"


def test_a_trade_that_fills_a_dial_says_the_trade_and_the_21_it_caused():
    state = with_house(new(), 1, dials=(6, 20, 6, 6))
    line = words(state, "trade", house=0, partner=1, give_lumber=2, get_gold=1)
    assert "Ana gave Ben 2 lumber and got 1 gold" in line and "Ben's lumber reached 22" in line


@pytest.mark.parametrize("what, value, said", [
    ("gold", 3, "Ana's gold corrected from 6 to 3"),
    ("university_military", 2, "Ana's university military corrected from 0 to 2"),
    ("silo_wheat", 1, "Ana's silo wheat corrected from 0 to 1"),
    ("soldiers", 4, "Ana's soldiers corrected from 2 to 4"),
    ("golden", 1, "Ana's golden corrected from 0 to 1"),
])
def test_a_correction_in_the_history_says_which_value_changed_from_what_to_what(what, value,
                                                                                 said):
    assert words(new(), "correct", house=0, what=what, value=value) == \
        f"Ana: Correct a value; {said}"


def test_a_dial_corrected_to_21_says_the_value_set_and_the_trade_it_caused():
    line = words(new(), "correct", house=0, what="lumber", value=21)
    assert "Ana's lumber corrected from 6 to 21" in line and "dial now 10" in line


def test_morale_caravans_and_alliances_in_the_history_carry_their_numbers():
    state = with_house(new(), morale=2)
    assert words(state, "play_morale", house=0).endswith("Ana has 1 morale card left")
    assert words(state, "caravan_area", house=0, resource="wheat").endswith(
        "Ana's caravans earn wheat from their area")
    assert "Ana and Ben paid 4 gold each to join" in words(state, "form_alliance", house=0,
                                                           partner=1)


def test_a_switched_ruling_in_the_history_says_from_which_reading_to_which():
    line = words(new(), "ruling", ruling="T20", reading="any")
    assert ("ruling T20 now reads: any number the reserve and the dials allow, each paid "
            "(before: one soldier per Recruit action)") in line


def test_the_end_of_spring_in_the_history_says_each_houses_numbers():
    state = replace(new(2), season=4, phase="spring_end")
    state = with_house(state, dials=(12, 11, 11, 11))
    line = words(state, "end_of_spring")
    ana = line.split("Ana: ")[1].split("; Ben")[0]
    assert "gold 12 → 15" in ana and "wheat 11 → 12" in ana and "soldiers 2 → 3" in ana
    assert "golden Xadla: all four dials at 12 or more" in ana
    assert "Ben: gold 6 → 9" in line and "morale cards 0 → 1" in line


# --------------------------------------------------------------- #19 battle decks stay private

def test_the_history_counts_a_recorded_deck_and_never_names_its_cards():
    line = words(new(), "record_deck", house=0, cards=CARDS)
    assert "6 battle cards recorded" in line
    assert not any(card.strip() in line for card in CARDS.split(","))


def test_a_card_not_in_a_recorded_deck_is_refused_without_naming_the_cards_left():
    state = act(new(), "record_deck", house=1, cards=CARDS)
    state = act(state, "march")  # Ana marches; her army meets Ben's
    data = {"attacker": 0, "defender": 1, "site": "field", "attacker_soldiers": 1,
            "attacker_card_s": 4, "attacker_card_k": 0, "attacker_card_b": 0,
            "defender_soldiers": 1, "defender_card_s": 4, "defender_card_k": 4,
            "defender_card_b": 4}
    with pytest.raises(IllegalAction) as err:
        RULES.apply(state, "battle", RULES.check_action(state, "battle", data))
    said = str(err.value.message)
    assert "4/4/4 is not among the 6 battle cards Ben has left" in said
    assert not any(card.strip() in said for card in CARDS.split(","))


def test_the_recorded_cards_are_a_secret_of_their_house_in_the_log():
    from companion.games.core import Entry
    state = new()
    log = [Entry(1, "record_deck", {"house": 2, "cards": CARDS})]
    assert [(s.seat, s.path) for s in RULES.secrets({}, log, state)] == [(2, ("cards",))]


# ------------------------------------------------------------------ #26 a raid names its raider

def marched_ana(state=None):
    return act(state or with_house(new(), 1, settlements=1, silos=(1, 0, 0)), "march")


def test_a_raid_names_its_raider_in_the_history():
    state = marched_ana()
    line = words(state, "raid", raider=0, house=1, building="settlement", silo_lumber=1)
    assert line == "Ana: Raid an unguarded building; Ana raided Ben's settlement"
    after = act(state, "raid", raider=0, house=1, building="settlement", silo_lumber=1)
    assert after.houses[1].settlements == 0 and after.houses[1].silos == (0, 0, 0)


def test_allies_never_raid_each_other():
    state = replace(marched_ana(), alliances=((0, 1),))
    with pytest.raises(IllegalAction, match="are allies") as err:
        act(state, "raid", raider=0, house=1, building="settlement", silo_lumber=1)
    assert "Forming alliances" in err.value.rule


def test_a_raid_is_made_by_the_house_that_has_just_marched():
    state = marched_ana()
    with pytest.raises(IllegalAction, match="Cy has not just marched"):
        act(state, "raid", raider=2, house=1, building="settlement", silo_lumber=1)
    with pytest.raises(IllegalAction, match="cannot raid its own"):
        act(state, "raid", raider=1, house=1, building="settlement", silo_lumber=1)


def test_the_raid_form_asks_for_the_raiding_house():
    fields = {f.name: f for f in RULES.spec("raid").fields}
    assert fields["raider"].kind == "player" and fields["raider"].required


def test_a_raid_logged_before_raids_named_their_raider_is_taken_as_recorded():
    state = with_house(new(), 1, settlements=1)
    after = RULES.apply(state, "raid", {"house": 1, "building": "settlement"})
    assert after.houses[1].settlements == 0


# --------------------------------------------- #29 a trading post changes hands as ruled

def test_a_post_held_by_another_house_is_not_taken_without_a_battle_or_its_leaving():
    state = act(act(new(), "march"), "hold_post", house=0, post=1)  # Ana's March (T28)
    with pytest.raises(IllegalAction, match="trading post 1 is held by Ana") as err:
        act(act(state, "march"), "hold_post", house=1, post=1)
    assert "Trading posts" in err.value.rule
    left = act(act(state, "leave_post", house=0, post=1), "march")
    assert act(left, "hold_post", house=1, post=1).houses[1].posts == (1,)


def test_a_post_taken_in_a_battle_says_from_whom():
    state = act(with_house(new(), 1, posts=(2,)), "march")
    data = {"attacker": 0, "defender": 1, "site": "trading_post", "post": 2,
            "attacker_soldiers": 2, "attacker_card_s": 4, "attacker_card_k": 1,
            "attacker_card_b": 1, "defender_soldiers": 1, "defender_card_s": 1,
            "defender_card_k": 0, "defender_card_b": 0}
    line = words(state, "battle", **data)
    assert "Ana takes trading post 2 and its silver Xadla from Ben" in line


# ------------------------------------------------------- the guide after a March or a Retreat

def test_after_a_march_the_guide_asks_what_it_caused():
    state = act(new(), "march")
    guide = " ".join(str(x) for x in RULES.guide(state))
    assert "Ana marched" in guide and "Battle" in guide and "Raid" in guide and \
        "trading post" in guide
    later = act(state, "resources", first="gold")  # Ben acts: the march is over
    assert "marched" not in " ".join(str(x) for x in RULES.guide(later))


def test_after_the_last_march_of_spring_the_guide_still_asks_before_the_year_ends():
    state = act(replace(new(2), season=4, turn=1), "march")
    assert state.phase == "spring_end"
    assert "Ben marched" in " ".join(str(x) for x in RULES.guide(state))


def test_after_a_retreat_into_an_occupied_capital_the_guide_asks_for_the_battle():
    state = with_house(new(), capital_held_by=2)
    guide = " ".join(str(x) for x in RULES.guide(act(state, "retreat")))
    assert "Ana retreated into its capital held by Cy" in guide
    plain = " ".join(str(x) for x in RULES.guide(act(new(), "retreat")))
    assert "retreated" not in plain
