"""Cards learned once, picked ever after (issue 22, Hadara D10): a card bought with its printed
values joins the box's card list and is offered back as a one-tap choice; statue values and medal
prices are offered back where they are needed; small numbers are chips, not a keyboard."""
from __future__ import annotations

import html
import re

import pytest

from .table import WebTable


def seat(name, initiative, **kw):
    return {"name": name, "initiative": initiative, "side": "A", "coins": 9, "income": 2,
            "military": 3, "culture": 1, "food": 2, **kw}


@pytest.fixture
def table(client, app):
    return WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])


BLUE = {"player": 0, "colour": "blue", "cost": 4, "culture": 2, "food": 1, "points": 2}


def picks(page):
    """The one-tap choices on a page: (words, the fields they fill)."""
    return [(html.unescape(re.sub(r"\s+", " ", words)).strip(), html.unescape(value))
            for value, words in re.findall(
                r'<button class="btn ghost kc[^"]*" name="pick" value="([^"]*)"[^>]*>([^<]*)<',
                page)]


def test_a_bought_card_is_offered_back_as_one_tap_choice_with_its_printed_values(table):
    assert picks(table.asked("buy")) == []
    table.do("buy", **BLUE)
    assert picks(table.asked("buy")) == [("Blue · cost 4 · culture 2 and food 1 · 2 pts",
                                  "colour=blue&cost=4&income=0&military=0&culture=2&food=1"
                                  "&points=2&effect=&effect_changes=")]


def test_a_tapped_choice_records_the_card_with_the_values_it_names(table):
    table.do("buy", **BLUE)
    table.post("undo")  # forgotten: nothing offered (D9)
    assert picks(table.asked("buy")) == []
    table.post("redo")
    [(_, fields)] = picks(table.asked("buy"))
    table.do("buy", player=1, pick=fields, cost="", colour="")
    card = table.state().players[1].cards[-1]
    assert (card.colour, card.cost, card.tracks, card.points) == ("blue", 4, (0, 0, 2, 1), 2)


def test_a_number_typed_beside_the_chips_wins_over_the_chip(table):
    table.do("buy", player=0, colour="red", cost=["7", "3"], military=["", "1"])
    card = table.state().players[0].cards[-1]
    assert (card.cost, card.tracks) == (7, (0, 1, 0, 0))


def test_small_numbers_of_the_buy_form_are_chips_with_a_box_for_higher_values(table):
    form = re.search(r'<form[^>]*/do/buy".*?</form>', table.asked("buy"), re.S).group(0)
    costs = re.findall(r"type=radio name=cost value=(\d+)", form)
    assert costs == [str(n) for n in range(12)]  # epoch I's printed costs (issue 39)
    assert re.search(r'<input type=number name=cost min=0 max=30 aria-label="Printed cost">',
                     form)
    assert "name=food value=0 checked" in form  # an optional number starts on its default
    assert not re.search(r"name=cost value=\d+ checked", form)  # a required one on none


def test_the_colour_the_wheel_points_this_phone_at_is_chosen(table, client):
    table.do("wheel", seat1="blue", seat2="red")
    table.do("buy", **BLUE, round=1)  # Ana's blue card is known now
    client.post(f"{table.path}/seat", data={"csrf_token": table.csrf, "seat": "1"})
    form = re.search(r'<form[^>]*/do/buy".*?</form>', table.asked("buy"), re.S).group(0)
    assert re.findall(r"name=colour value=(\w+)(?: required)? checked", form) == ["red"]
    assert re.search(r'data-d="red"', form)  # Ben's phone is shown red cards only


def test_remembered_colonies_and_statue_values_are_offered_where_needed(client, app):
    from companion import store
    first = WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])
    with app.test_request_context():
        game, _ = store.find_game(first.path.rsplit("/", 1)[-1])
        for round_ in range(1, 6):
            for player in (0, 1):
                store.record(game.id, "sell", {"player": player, "round": round_})
        for kind in ("next", "income"):  # cards, income: to the colonies
            store.record(game.id, kind, {})
        store.record(game.id, "colony", {"player": 0, "requirement": 3, "points": 5,
                                         "choice": "plunder", "coins": 2})
        colony_page = first.asked("colony")
        store.record(game.id, "next", {})
        store.record(game.id, "statue", {"player": 0, "statue": 2, "requirement": 1,
                                         "points": 3, "tile_track": "food", "tile_side": "up",
                                         "tile_value": 2})
    assert ("Military 3 · 5 pts · plunder: +2 coins",
            "requirement=3&points=5&choice=plunder&coins=2&income=0&military=0&culture=0&food=0"
            ) in picks(colony_page)  # offered to Ben, whose turn of the colony step it is
    page = first.asked("statue")
    assert ("Space 2 · culture 1 · 3 pts · tile 2",
            "statue=2&requirement=1&points=3&tile_value=2") in picks(page)


PURPLE = {"player": 0, "colour": "purple", "cost": 5, "points": 1,
          "effect": "+1 coin per red card", "effect_changes": "prices"}


def test_a_purple_cards_effect_is_typed_under_a_card_not_in_the_list_and_picked_with_it(table):
    """The effect fields were drawn above the known cards (docs/screenshots/phone-hadara-known-
    cards.png): they are typed values of a card not in the list, like its cost; a known purple
    card's effect is box data, so its one tap fills the effect too."""
    table.do("buy", **PURPLE)
    form = re.search(r'<form[^>]*/do/buy".*?</form>', table.asked("buy"), re.S).group(0)
    other = form[form.index('<details class="other">'):form.index('<div class="known"')]
    assert 'name="effect"' in other and 'name="effect_changes"' in other
    assert 'name="effect"' not in form[:form.index('<details class="other">')]
    [(words, fields)] = picks(table.asked("buy"))
    assert words == "Purple · cost 5 · no track · 1 pts · +1 coin per red card"
    table.do("buy", player=1, pick=fields)
    card = table.state().players[1].cards[-1]
    assert (card.colour, card.cost, card.effect, card.effect_changes) == (
        "purple", 5, "+1 coin per red card", "prices")


def test_what_a_price_effect_takes_off_is_asked_as_chips_beside_the_cards_naming_the_effect(
        table):
    """Phone review P2: "Red cards cost 1 less" was typed, and the one-tap cards went through
    at the full price (a plain box elsewhere in the form, at 0); the form names each holder's
    effects on prices beside the cards, the saving a chip, and leaves it out while nobody
    holds one."""
    table.do("buy", **{**BLUE, "player": 1})
    form = re.search(r'<form[^>]*/do/buy".*?</form>', table.asked("buy"), re.S).group(0)
    assert "name=saved" not in form and 'name="saved"' not in form
    table.do("buy", **{**PURPLE, "effect": "Red cards cost 1 less"})
    form = re.search(r'<form[^>]*/do/buy".*?</form>', table.asked("buy"), re.S).group(0)
    asked = form[:form.index('<div class="known"')]
    assert "Ana: “Red cards cost 1 less”" in html.unescape(asked)
    assert "type=radio name=saved value=1" in asked
    [blue] = [fields for words, fields in picks(table.asked("buy")) if "Blue" in words]
    before = table.state().players[0].coins
    table.do("buy", player=0, pick=blue, saved="1")
    assert before - table.state().players[0].coins == 4 - 1  # printed, less the effect's 1


@pytest.mark.parametrize("language, one, two", [
    ("en", "silver medal · 1 coin", "gold medal · 2 coins"),
    ("it", "medaglia d'argento · 1 moneta", "medaglia d'oro · 2 monete")])
def test_a_medal_price_counts_its_coins_in_the_readers_plural(app, language, one, two):
    """A remembered medal price is offered as "1 coin" or "2 coins" (ngettext), each language by
    its own plural rule."""
    from companion.web.extras.hadara import known
    from companion.web.i18n import for_game, say
    remembered = [("medal price", "silver epoch I", {"price": 1}),
                  ("medal price", "gold epoch I", {"price": 2})]
    with app.test_request_context(headers={"Accept-Language": language}):
        for_game("hadara")
        assert [say(c["words"]) for c in known("medal", 1, remembered)] == [one, two]
