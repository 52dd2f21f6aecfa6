"""Hadara's box data (issue 22, D10): a bought card is remembered with every printed value, and
the known cards, statue spaces and medal prices are what later forms offer."""
from companion.games import get_game
from companion.games.hadara import box
from companion.games.hadara.rules import HadaraRules

RULES: HadaraRules = get_game("hadara")


def game(epoch=1):
    from companion.games.core import replace
    state = RULES.new_game({"players": [
        {"name": n, "initiative": i, "side": "A", "coins": 5, "income": 1, "military": 1,
         "culture": 1, "food": 1} for i, n in enumerate(("Ana", "Ben"), start=1)]})
    return replace(state, epoch=epoch)


def card(colour, cost, epoch=1, **values):
    data = {"player": 0, "colour": colour, "cost": cost, **values}
    [record] = RULES.box_records(game(epoch), "buy", data)
    return record


def test_a_bought_card_is_remembered_with_its_epoch_colour_and_every_printed_value():
    category, key, value = card("blue", 4, culture=2, food=1, points=2)
    assert (category, key) == ("card", "I blue 4/0/0/2/1/2")
    assert value == {"epoch": 1, "colour": "blue", "cost": 4, "income": 0, "military": 0,
                     "culture": 2, "food": 1, "points": 2}


def test_two_cards_that_differ_in_any_printed_value_are_two_entries():
    assert card("blue", 4, points=2)[1] != card("blue", 4, points=3)[1]
    assert card("blue", 4)[1] != card("blue", 4, epoch=2)[1]


def test_known_cards_are_those_of_the_epoch_and_colour_asked_in_board_order():
    remembered = [card("blue", 4, culture=2), card("yellow", 2, income=1), card("red", 3),
                  card("blue", 1, culture=1), card("blue", 5, epoch=2)]
    assert [(c["colour"], c["fields"]["cost"]) for c in box.known_cards(remembered, 1)] == [
        ("yellow", 2), ("red", 3), ("blue", 1), ("blue", 4)]
    blues = box.known_cards(remembered, 1, "blue")
    assert [c["fields"]["cost"] for c in blues] == [1, 4]
    assert str(blues[1]["words"]) == "Blue · cost 4 · culture 2 · 0 pts"
    assert box.known_cards(remembered, 3) == []


def test_statue_values_and_this_epochs_medal_prices_are_offered_back():
    remembered = [("statue", "space 2", {"requirement": 4, "points": 3, "tile_value": 2}),
                  ("medal price", "silver epoch I", {"price": 3}),
                  ("medal price", "gold epoch II", {"price": 9})]
    assert box.form_defaults(remembered, 1) == {
        "statue": {"2": {"requirement": 4, "points": 3, "tile_value": 2}},
        "medal": {"silver": 3}}
    assert box.form_defaults(remembered, 2)["medal"] == {"gold": 9}


def colony(choice, coins, **tracks):
    data = {"player": 0, "requirement": 3, "points": 5, "choice": choice, "coins": coins,
            "income": 0, "military": 0, "culture": 0, "food": 0, **tracks}
    [record] = RULES.box_records(game(), "colony", data)
    return record


def test_a_plundered_colony_is_remembered_without_the_track_values_it_did_not_raise():
    assert colony("plunder", 2, culture=1) == ("colony", "3/5 plunder 2", {
        "requirement": 3, "points": 5, "choice": "plunder", "coins": 2, "income": 0,
        "military": 0, "culture": 0, "food": 0})


def test_known_colonies_are_offered_with_their_side_and_values():
    remembered = [colony("integrate", 2, culture=1), colony("plunder", 2)]
    assert [str(c["words"]) for c in box.known_colonies(remembered)] == [
        "Military 3 · 5 pts · integrate: −2 coins, culture 1",
        "Military 3 · 5 pts · plunder: +2 coins"]


def test_a_purple_cards_effect_is_remembered_and_picking_the_card_fills_it():
    """A purple card prints an effect: the table's words for it are box data with the card's
    values, so the known card, picked, fills the effect and what it changes too; two purple
    cards printed alike with other effects are two entries."""
    category, key, value = card("purple", 5, points=1, effect="+1 coin per red card",
                                effect_changes="prices")
    assert key == "I purple 5/0/0/0/0/1 +1 coin per red card"
    assert value["effect"] == "+1 coin per red card" and value["effect_changes"] == "prices"
    assert card("purple", 5, points=1, effect="2 pts per statue")[1] != key
    [known] = box.known_cards([(category, key, value)], 1, "purple")
    assert known["fields"]["effect"] == "+1 coin per red card"
    assert known["fields"]["effect_changes"] == "prices"
    assert str(known["words"]) == "Purple · cost 5 · no track · 1 pts · +1 coin per red card"
    assert len(card("purple", 5, effect="x" * 60)[1]) <= 80  # the database's key length


def test_a_card_without_an_effect_keeps_no_effect_in_the_box_data():
    _, key, value = card("purple", 3, culture=2, effect="", effect_changes="")
    assert key == "I purple 3/0/0/2/0/0" and "effect" not in value
