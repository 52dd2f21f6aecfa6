"""A first game of Hadara without a keyboard (issue 39): a one-tap known card sends only its own
values; a card corrected or taken back leaves the known list; the feeding buttons put the
guide's best removal first; the wheel names the players and takes the decks' order as chips;
the question page lists no value left at its default; the printed ranges are chips."""
from __future__ import annotations

import html
import re

import pytest

from companion import store
from companion.games import get_game
from companion.games.hadara.cards import open_pile

from .table import WebTable

HADARA = get_game("hadara")


def seat(name, initiative, **kw):
    return {"name": name, "initiative": initiative, "side": "A", "coins": 20, "income": 2,
            "military": 3, "culture": 1, "food": 2, **kw}


@pytest.fixture
def table(client, app):
    return WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])


@pytest.fixture
def ctx(app):
    with app.test_request_context():
        yield app


def picks(page):
    """The one-tap choices of a page's buy form: {words: the fields they fill}."""
    return {html.unescape(re.sub(r"\s+", " ", words)).strip(): html.unescape(value)
            for value, words in re.findall(
                r'<button class="btn ghost kc[^"]*" name="pick" value="([^"]*)"[^>]*>([^<]*)<',
                page)}


RED = {"colour": "red", "cost": 3, "military": 1, "points": 1}


def test_a_known_card_tapped_sends_only_its_own_values_not_what_the_typed_form_held(table):
    table.do("buy", player=0, **RED)
    pick = picks(table.asked("buy"))["Red · cost 3 · military 1 · 1 pts"]
    # the typed form below the choices still holds a purple card's effect (a panel kept open)
    table.do("buy", player=1, pick=pick, effect="Temple", effect_changes="prices",
             income=["", "4"], colour="purple")
    card = table.state().players[1].cards[-1]
    assert (card.colour, card.cost, card.tracks, card.effect) == ("red", 3, (0, 1, 0, 0), "")


def new_game(*players):
    setup = {"players": list(players) or [seat("Ana", 1), seat("Ben", 2)]}
    return store.create_game(HADARA, setup, box=HADARA.box_records_of_setup(setup))


def known_cards(game):
    return sorted(b.key for b in store.game_box(game) if b.category == "card")


YELLOW_WRONG = {"player": 0, "colour": "yellow", "cost": 8, "income": 2, "points": 5}
YELLOW_RIGHT = {**YELLOW_WRONG, "cost": 7, "points": 2}


def test_a_corrected_card_leaves_the_known_list_and_its_correction_takes_its_place(ctx):
    game = new_game()
    store.record(game.id, "buy", YELLOW_WRONG)  # 1
    store.record(game.id, "sell", {"player": 1})  # 2
    assert known_cards(game) == ["I yellow 8/2/0/0/0/5"]
    store.record(game.id, "amend", {"target": 1, "data": YELLOW_RIGHT})  # 3
    assert known_cards(game) == ["I yellow 7/2/0/0/0/2"]
    store.record(game.id, "amend", {"target": 1, "data": {**YELLOW_RIGHT, "points": 3}})  # 4
    assert known_cards(game) == ["I yellow 7/2/0/0/0/3"]
    store.record(game.id, "undo", {})  # the second correction taken back: the first stands
    assert known_cards(game) == ["I yellow 7/2/0/0/0/2"]
    store.record(game.id, "void", {"targets": [3]})  # and the first: the card as bought
    assert known_cards(game) == ["I yellow 8/2/0/0/0/5"]


def test_a_card_taken_back_is_not_offered_in_the_groups_next_game(ctx):
    from companion import groups
    group = groups.create_group("Thursday")
    game = new_game()
    groups.join_game(group, game)
    store.record(game.id, "buy", YELLOW_WRONG)  # 1
    store.record(game.id, "amend", {"target": 1, "data": YELLOW_RIGHT})  # 2
    nxt = new_game(seat("Cy", 1), seat("Di", 2))
    groups.join_game(group, nxt)
    assert known_cards(nxt) == ["I yellow 7/2/0/0/0/2"]
    store.record(game.id, "void", {"targets": [1]})
    assert known_cards(nxt) == []


def to_feeding(game):
    """Epoch I played to its feeding step: Ana bought a green card (food 1), a red one (1 pt)
    and a purple one (3 pts); every other card was sold."""
    bought = {1: {"colour": "green", "cost": 1, "food": 1, "points": 0},
              2: {"colour": "red", "cost": 1, "military": 1, "points": 1},
              3: {"colour": "purple", "cost": 1, "points": 3}}
    for round_ in range(1, 6):
        if round_ in bought:
            store.record(game.id, "buy", {"player": 0, "round": round_, **bought[round_]})
        else:
            store.record(game.id, "sell", {"player": 0, "round": round_})
        store.record(game.id, "sell", {"player": 1, "round": round_})
    while (state := store.state_of(store.find_game(game.play_token)[0])).step != "feed":
        picker = HADARA.turn_of(state, "sell")
        if picker is not None:
            store.record(game.id, "sell", {"player": picker, "colour": open_pile(state)})
        else:
            store.record(game.id, "income" if state.step == "income" else "next",
                         {} if state.step == "income" else {"anyway": True})


def test_the_feeding_buttons_offer_the_guides_best_removal_first_and_mark_it(client, app):
    with app.test_request_context():
        game = new_game(seat("Ana", 1, food=1), seat("Ben", 2))
        to_feeding(game)
        token = game.play_token
    page = client.get(f"/g/{token}").get_data(as_text=True)
    feed = re.search(r'<div class="feed">.*?</div>', page, re.S).group(0)
    buttons = [(cls, re.sub(r"\s+", " ", html.unescape(b)).strip())
               for cls, b in re.findall(r'<button class="(btn[^"]*)">(.*?)</button>', feed, re.S)]
    assert buttons == [("btn", "Remove red (1 pts) · fewest points lost"),
                       ("btn ghost", "Remove purple (3 pts)"),
                       ("btn ghost", "Remove green (0 pts) · lowers food: one more to remove")]
    assert "Ana: 3 cards, food 2 → must remove 1" in html.unescape(page)


def test_the_question_before_acting_for_another_lists_no_value_left_at_its_default(table,
                                                                                   client):
    client.post(f"{table.path}/seat", data={"csrf_token": table.csrf, "seat": "1"})
    table.refresh()
    # Ben's phone sells a card for Ana in phase B's sense: a form that names no round
    page = table.post("confirm/sell", expect=200, player="0", round="0").get_data(as_text=True)
    assert "Record this for Ana?" in page
    listed = re.search(r'<ul class="small">(.*?)</ul>', page, re.S)
    assert listed is None or "Round" not in listed.group(1), listed.group(1)
    assert "Round: 0" not in page


def test_the_wheel_names_each_player_and_takes_the_decks_order_one_chip_a_deck(table):
    wheel = re.search(r'<form[^>]*/do/wheel".*?</form>', table.page, re.S).group(0)
    assert "Ana's icon points at" in wheel and "Ben's icon points at" in wheel
    assert "Seat 1" not in wheel and "<select" not in wheel
    for n in range(2, 6):  # one row of chips a place after yellow, the four other colours
        assert re.findall(rf'name="decks\.{n}" value=(\w+)', wheel) == [
            "red", "blue", "green", "purple"]
    table.do("wheel", seat1="purple", seat2="yellow", **{
        "decks.1": "yellow", "decks.2": "blue", "decks.3": "red", "decks.4": "green",
        "decks.5": "purple"})
    assert table.rows()[-1].data["decks"] == "yellow-blue-red-green-purple"  # kept as before
    assert table.state().decks == ("yellow", "blue", "red", "green", "purple")


def test_a_deck_named_twice_in_the_order_is_refused_and_nothing_is_stored(table):
    table.do("wheel", expect=422, seat1="purple", seat2="yellow", **{
        "decks.1": "yellow", "decks.2": "blue", "decks.3": "blue", "decks.4": "green",
        "decks.5": "purple"})
    assert table.rows() == []


def test_printed_values_are_chips_over_their_range_with_a_box_beside_them(app, client):
    from types import SimpleNamespace

    from flask import get_template_attribute
    with app.test_request_context():
        control = get_template_attribute("macros.html", "control")

        def chips(kind, name, epoch):
            f = next(f for f in HADARA.spec(kind).fields if f.name == name)
            span = HADARA.chip_span(SimpleNamespace(epoch=epoch), "buy", name)
            return str(control(f, f.default, span=span))
        drawn = {name: chips(kind, name, epoch)
                 for kind, name, epoch in (("colony", "requirement", 1), ("colony", "points", 1),
                                           ("colony", "coins", 1), ("colony", "choice", 1),
                                           ("statue", "requirement", 1),
                                           ("statue", "tile_value", 1))}
        costs = {epoch: re.findall(r"name=cost value=(\d+)", chips("buy", "cost", epoch))
                 for epoch in (1, 2, 3)}
    for name, html_ in drawn.items():
        assert "type=radio" in html_ and "<select" not in html_, name
    assert 'value="plunder"' in drawn["choice"] and 'value="integrate"' in drawn["choice"]
    # every epoch II and III card costs more than 5: their chips go past it
    assert int(costs[2][-1]) > 12 and int(costs[3][-1]) > int(costs[2][-1]) > 5
    setup = client.get("/new/hadara").get_data(as_text=True)
    for key in ("initiative", "coins", "income", "military", "culture", "food"):
        assert re.search(rf"type=radio name=players-0-{key} value=", setup), key


def test_a_setup_card_tapped_as_chips_starts_the_game_with_its_values(client, app):
    table = WebTable.create(client, app, "hadara", [
        {"name": "Ana", "initiative": ["", "1"], "coins": ["", "12"], "income": ["", "2"],
         "military": ["", "1"], "culture": ["", "0"], "food": ["", "3"]},
        {"name": "Ben", "initiative": ["", "2"], "coins": ["40", "12"], "income": ["", "2"],
         "military": ["", "1"], "culture": ["", "0"], "food": ["", "3"]}])
    ana, ben = table.state().players
    assert (ana.initiative, ana.coins, ana.tracks) == (1, 12, (2, 1, 0, 3))
    assert ben.coins == 40 + 1  # a number typed in the box wins over the chip; +1: never first
