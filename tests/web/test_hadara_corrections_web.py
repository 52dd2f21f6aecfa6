"""Hadara's corrections of what the boards hold, through the game page's forms."""
import json
import re

import pytest

from .table import WebTable
from .table import import_body as send
from .table import stored_rows as tables


def seat(name, initiative):
    return {"name": name, "initiative": initiative, "side": "A", "coins": 5, "income": 2,
            "military": 3, "culture": 1, "food": 2}


@pytest.fixture
def table(client, app):
    return WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])


def form_of(page: str, kind: str) -> str:
    found = re.search(rf'<form method="post" action="[^"]*/do/{kind}".*?</form>', page, re.S)
    assert found, f"no form for {kind}"
    return found.group(0)


KINDS = ("correct_card", "correct_colony", "correct_statue", "correct_medal", "correct_effect")


def test_the_game_page_draws_the_corrections_of_the_boards_when_asked(table):
    assert "Correct the boards" in table.page and "fix=1#corrections" in table.page
    assert "/do/correct_card" not in table.page  # every phone's reload stays light
    page = table.client.get(table.path + "?fix=1").get_data(as_text=True)
    for kind in KINDS:
        assert 'name="player"' in form_of(page, kind)
    assert 'name="change"' in form_of(page, "correct_colony")


def test_a_refused_correction_shows_its_form_again_with_the_reason(table):
    resp = table.do("correct_medal", expect=422, player=0, change="remove", medal="gold")
    html = resp.get_data(as_text=True)
    assert "Ana has no gold medal" in html and "/do/correct_medal" in html


def test_a_colony_added_by_hand_is_logged_as_a_correction_saying_what_changed(table):
    table.do("correct_colony", player=0, change="add", requirement=3, points=5,
             side="integrated", culture=2)
    row = table.rows()[-1]
    assert row.is_correction and row.kind == "correct_colony"
    assert "culture 1 → 3" in row.text and "none → 3" in row.text
    p = table.state().players[0]
    assert [(c.requirement, c.points, c.integrated) for c in p.colonies] == [(3, 5, True)]
    assert "culture 1 → 3" in table.page  # the Latest list shows the words


def test_a_second_colony_on_one_level_is_refused_through_the_page_and_nothing_is_stored(table):
    table.do("correct_colony", player=0, change="add", requirement=3, points=5)
    before = len(table.rows())
    resp = table.do("correct_colony", expect=422, player=0, change="add", requirement=3,
                    points=4)
    assert "one per requirement level" in resp.get_data(as_text=True)
    assert len(table.rows()) == before


def test_a_purple_effect_bought_shows_on_the_players_board(table):
    table.do("wheel", seat1="purple", seat2="yellow")
    table.do("buy", player=0, colour="purple", cost=1, points=1, effect="sells for 1 more",
             effect_changes="prices")
    assert "#1 “sells for 1 more”" in table.page and "changes card prices" in table.page


@pytest.mark.parametrize("lang, one, many", [("en", "for 1 coin:", "for 2 coins:"),
                                             ("it", "per 1 moneta:", "per 2 monete:"),
                                             ("zh", "以1钱币购买", "以2钱币购买")])
def test_history_counts_coins_in_the_readers_language_singular_and_plural(table, lang, one,
                                                                          many):
    table.do("wheel", seat1="purple", seat2="yellow")
    table.do("buy", player=0, colour="purple", cost=1)
    table.do("buy", player=1, colour="yellow", cost=2)
    table.client.set_cookie("lang", lang)
    page = table.refresh()
    assert one in page and many in page


def game_file(*entries) -> str:
    seat_ = {"initiative": 1, "coins": 5, "income": 1, "military": 1, "culture": 1, "food": 1}
    return json.dumps({
        "format": "table-companion-game/1", "game": "hadara",
        "setup": {"players": [{"name": "Ana", **seat_}, {"name": "Ben", **seat_,
                                                         "initiative": 2}]},
        "actions": [{"seq": i, "kind": kind, "data": data, "by": "", "text": "", "rule": "",
                     "at": "2024-01-01T10:00:00"} for i, (kind, data) in enumerate(entries, 1)]})


COLONY = {"player": 0, "change": "add", "requirement": 3, "points": 5}


def test_an_imported_game_file_meets_the_same_limits_as_a_correction_tapped(client, app):
    assert send(client, game_file(("correct_colony", COLONY))).status_code == 303
    before = tables(app)
    resp = send(client, game_file(("correct_colony", COLONY), ("correct_colony", COLONY)))
    assert resp.status_code == 422
    assert "one per requirement level" in resp.get_data(as_text=True)
    resp = send(client, game_file(("correct_card", {"player": 0, "change": "add",
                                                    "colour": "red", "effect": "x"})))
    assert resp.status_code == 422 and "only purple cards carry effects" in resp.get_data(
        as_text=True)
    assert tables(app) == before


def test_a_form_message_made_of_counted_words_keeps_both_forms():
    from companion.games.core import tn
    from companion.web.forms import message
    made = message(tn("{n} coin", "{n} coins", 2))
    assert (str(made), made.template, made.plural) == ("2 coins", "{n} coin", "{n} coins")


def test_once_the_wheel_is_set_setting_it_again_is_drawn_on_asking(table):
    """Issue 15 (page weight): the wheel's five selects are on every phase-A page only until
    the wheel is set; setting it again is a link that draws the form (?wheel=1)."""
    assert "/do/wheel" in table.page  # not set yet: the form is on the page
    table.do("wheel", seat1="purple", seat2="yellow")
    assert "/do/wheel" not in table.page and "wheel=1#wheel" in table.page
    page = table.client.get(table.path + "?wheel=1").get_data(as_text=True)
    assert 'name="seat1"' in form_of(page, "wheel") and 'id="wheel"' in page
    table.do("wheel", seat1="blue", seat2="red")
    assert table.rows()[-1].kind == "wheel" and "/do/wheel" not in table.page


def test_a_refused_setting_of_the_wheel_shows_its_form_again(table):
    table.do("wheel", seat1="purple", seat2="yellow")
    resp = table.do("wheel", expect=422, seat1="purple", seat2="purple")
    assert 'name="seat1"' in form_of(resp.get_data(as_text=True), "wheel")
