"""Every Hadara route and refusal through the Flask client: status, Location, stored rows."""
import re

import pytest

from tests.table_helpers import csrf_of

from .table import WebTable, new_group, quick_data, seat


@pytest.fixture
def table(client, app):
    return WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])


def count_games(app):
    from companion.store.db import Game, session
    with app.app_context():
        return session().query(Game).count()


def test_index_lists_only_this_devices_games(client, app, table):
    assert "Hadara: Ana, Ben" in client.get("/").get_data(as_text=True)
    other = app.test_client()
    assert "Hadara: Ana, Ben" not in other.get("/").get_data(as_text=True)


def test_new_game_redirects_to_the_game_page_and_remembers_setup_cards(client, app, table):
    assert table.path.startswith("/g/") and len(table.path) > 20
    box = client.get(table.path + "/box").get_data(as_text=True)
    assert "Setup card" in box and "initiative 1, side A" in box


@pytest.mark.parametrize("override, message", [
    ({"players-1-name": "x" * 10000}, "limited to 40 characters"),
    ({"players-0-coins": "-3"}, "between 0 and 99"),
    ({"players-1-initiative": "1"}, "each must differ"),
    ({"players-1-name": ""}, "2 to 5 players"),
])
def test_bad_setup_is_refused_with_the_limit_and_nothing_stored(client, app, override, message):
    data = {"csrf_token": csrf_of(client, "/new/hadara")}
    for i, p in enumerate([seat("Ana", 1), seat("Ben", 2)]):
        data.update({f"players-{i}-{k}": v for k, v in p.items()})
    data.update(override)
    resp = client.post("/new/hadara", data=data)
    assert resp.status_code == 422 and message in resp.get_data(as_text=True)
    assert count_games(app) == 0


def test_a_sixth_player_cannot_be_seated(client, app):
    data = {"csrf_token": csrf_of(client, "/new/hadara")}
    for i in range(6):
        data.update({f"players-{i}-{k}": v for k, v in seat(f"Guest {i}", i + 1).items()})
    resp = client.post("/new/hadara", data=data)
    if resp.status_code == 303:
        page = client.get(resp.headers["Location"]).get_data(as_text=True)
        # the form has five seats; a sixth row is ignored (a name with a space: no random
        # token on the page can contain it, as "P5" could)
        assert "Guest 4" in page and "Guest 5" not in page
    else:
        assert resp.status_code == 422 and count_games(app) == 0


def test_missing_csrf_token_is_refused(client, app):
    resp = client.post("/new/hadara", data={"players-0-name": "A"})
    assert resp.status_code == 400 and "security token" in resp.get_data(as_text=True)


def test_unknown_game_and_unknown_link_are_404(client):
    assert client.get("/new/chess").status_code == 404
    assert client.get("/g/not-a-token").status_code == 404
    assert client.get("/quick/chess").status_code == 404


def test_buy_is_charged_after_discount_and_logged_in_words(table):
    table.do("buy", player=0, colour="red", cost=3, military=1, points=2)
    row = table.rows()[-1]
    assert (row.kind, row.seq, row.data["cost"]) == ("buy", 1, 3)
    assert "Ana bought a red card for 3 coins: printed 3" in row.text
    assert table.state().players[0].coins == 2


def test_refused_buy_names_the_rule_and_stores_nothing(table):
    resp = table.do("buy", expect=422, player=0, colour="red", cost=9)
    html = resp.get_data(as_text=True)
    assert "Ana has 5 coins; this red card costs 9" in html and "Buy 1 Card" in html
    assert table.rows() == []


@pytest.mark.parametrize("data, message", [
    ({"player": 0, "colour": "pink", "cost": 1}, "Colour must be one of yellow, red, blue"),
    ({"player": 7, "colour": "red", "cost": 1}, "Player must be between 0 and 1, not 7"),
    ({"player": 0, "colour": "red", "cost": 99999}, "between 0 and 30"),
    ({"player": 0, "colour": "red"}, "Printed cost is required"),
    ({"player": 0, "colour": "red", "cost": "abc"}, "Printed cost must be a whole number"),
])
def test_malformed_action_is_refused_with_the_limit(table, data, message):
    resp = table.do("buy", expect=422, **data)
    assert message in resp.get_data(as_text=True) and table.rows() == []


def test_colony_without_the_military_is_refused(table):
    table.state()
    for _ in range(5):
        table.do("sell", player=0)
        table.do("sell", player=1)
    table.do("next", anyway="1")
    table.do("income")
    resp = table.do("colony", expect=422, player=0, requirement=6, points=5, choice="plunder",
                    coins=2)
    assert "military is 3; this colony needs 6" in resp.get_data(as_text=True)
    assert table.rows()[-1].kind == "income"


def test_third_gold_medal_is_refused(client, app):
    t = WebTable.create(client, app, "hadara", [seat("Ana", 1, coins=90), seat("Ben", 2)])
    for _ in range(5):
        t.do("sell", player=0)
        t.do("sell", player=1)
    t.do("next", anyway="1")
    t.do("income")
    t.do("next", anyway="1")
    t.do("next", anyway="1")
    for pile in ("yellow", "red", "blue", "green", "purple"):  # phase B: the 10 face-up cards,
        t.do("sell", player=0, colour=pile)  # in turn from Ana, 2 on each colour's pile
        t.do("sell", player=1, colour=pile)
    t.do("next", anyway="1")
    t.do("income")
    t.do("next", anyway="1")
    t.do("next", anyway="1")
    t.do("next", anyway="1")  # nobody is short of food
    t.do("medal", player=0, medal="gold", price=5)
    t.do("medal", player=0, medal="gold", price=5)
    resp = t.do("medal", expect=422, player=0, medal="gold", price=5)
    assert "2 gold medals, the most a player may buy" in resp.get_data(as_text=True)


def test_watch_link_shows_the_game_but_every_write_is_refused(client, app, table):
    from companion.store.db import Game, session
    with app.app_context():
        watch = session().query(Game).one().watch_token
    page = client.get(f"/g/{watch}").get_data(as_text=True)
    assert "Watching" in page and "/do/sell" not in page
    token = csrf_of(client, table.path)
    for path in ("do/sell", "undo", "redo"):
        resp = client.post(f"/g/{watch}/{path}", data={"csrf_token": token, "player": 0})
        assert resp.status_code == 403
    assert table.rows() == []


def test_stale_page_cannot_close_a_step_twice(table):
    for _ in range(5):
        table.do("sell", player=0)
        table.do("sell", player=1)
    shown = table.version
    table.do("next", anyway="1")
    resp = table.do("income", expect=303)
    resp = table.do("next", expect=409, version=shown)
    html = resp.get_data(as_text=True)
    assert "changed since your page was loaded" in html and "Income paid" in html
    assert [r.kind for r in table.rows()][-2:] == ["next", "income"]


def test_commutative_correction_applies_on_top_of_newer_versions(table):
    shown = table.version
    table.do("correct", player=0, value="coins", delta=1)
    table.do("correct", player=0, value="coins", delta=1, version=shown)
    assert table.state().players[0].coins == 7


def test_correction_is_logged_as_a_correction_and_cannot_go_negative(table):
    table.do("correct", player=1, value="food", delta=2)
    assert table.rows()[-1].is_correction
    resp = table.do("correct", expect=422, player=1, value="coins", delta=-50)
    assert "cannot go below 0" in resp.get_data(as_text=True)


def test_undo_names_the_step_and_is_itself_recorded_then_redo(table):
    table.do("sell", player=0)
    assert "Undo: <small>Ana sold a card for 2 coins" in table.page
    table.post("undo")
    assert table.state().players[0].coins == 5
    assert [r.kind for r in table.rows()] == ["sell", "undo"]
    assert "Redo: <small>Ana sold a card" in table.page
    table.post("redo")
    assert table.state().players[0].coins == 7
    history = table.client.get(table.path + "/history").get_data(as_text=True)
    assert "Undid: Ana sold a card" in history and "Redid: Ana sold a card" in history


def test_nothing_to_undo_is_refused(table):
    resp = table.post("undo", expect=422)
    assert "nothing to undo" in resp.get_data(as_text=True)


def test_switching_had1_is_recorded_in_the_history_and_shown_on_the_pad(table):
    table.do("ruling", ruling="HAD-1", reading="all-coins")
    assert ("Ruling HAD-1 switched to every coin held at the end of the game"
            in table.rows()[-1].text)
    assert "HAD-1: every coin held at the end of the game" in \
        table.client.get(table.path + "/score").get_data(as_text=True)
    resp = table.do("ruling", expect=422, ruling="HAD-1", reading="dice")
    assert "no reading" in resp.get_data(as_text=True)


def test_seat_puts_my_board_first_and_signs_my_actions(table):
    table.post("seat", seat=1)
    page = table.page
    assert page.index('id="p1"') < page.index('id="p0"')
    table.do("sell", player=1)
    assert table.rows()[-1].by == "Ben"


def test_join_by_code_opens_the_game(client, app, table):
    from companion.store.db import Game, session
    with app.app_context():
        code = session().query(Game).one().join_code
    other = app.test_client()
    resp = other.post("/join", data={"csrf_token": csrf_of(other), "code": code.lower()})
    assert resp.status_code == 303 and resp.headers["Location"] == table.path
    resp = other.post("/join", data={"csrf_token": csrf_of(other), "code": "NOPE99"})
    assert resp.status_code == 404 and "No game has this code" in resp.get_data(as_text=True)


def test_history_and_score_pages_render(table):
    table.do("sell", player=1)
    history = table.client.get(table.path + "/history").get_data(as_text=True)
    assert "Ben sold a card for 2 coins" in history
    score = table.client.get(table.path + "/score").get_data(as_text=True)
    assert "Score so far" in score and "Colonies" in score


# --------------------------------------------------------------------------- quick pad


def test_quick_score_pad_scores_entered_facts(client):
    resp = client.post("/quick/hadara", data=quick_data(client))
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200
    # Ana: colonies 12 + silver ceil(7/2)=4 + cards 6 + coins 2 = 24
    assert '<tr class="total"><th>Total</th><td>24</td><td>0</td>' in html


def test_quick_score_pad_refuses_bad_lists_naming_the_field(client):
    resp = client.post("/quick/hadara", data=quick_data(client, **{"players-0-colonies": "5, x"}))
    assert resp.status_code == 422 and "players[0].colonies[1]" in resp.get_data(as_text=True)


# --------------------------------------------------------------------------------- API

REQUEST = {"players": [
    {"name": "Ana", "coins": 13, "tracks": {"income": 5, "military": 9, "culture": 7, "food": 6},
     "cards": {"red": {"count": 2, "points": 5}}, "colonies": [5, 7], "statues": [6],
     "face_down_tiles": [2], "silver_medals": ["culture"], "gold_medals": 1},
    {"name": "Ben", "coins": 8}, {"name": "Cy", "coins": 5}]}


def test_score_api_answers_the_documented_contract(client):
    resp = client.post("/api/v1/hadara/score", json=REQUEST)
    body = resp.get_json()
    assert resp.status_code == 200 and body["game"] == "hadara"
    assert [p["name"] for p in body["players"]] == ["Ana", "Ben", "Cy"]
    ana = body["players"][0]
    assert [ln["id"] for ln in ana["lines"]] == ["colonies", "statues", "silver_medals",
                                                 "gold_medals", "cards", "coins"]
    assert ana["total"] == 12 + 8 + 4 + 0 + 5 + 2
    assert set(ana["lines"][0]) == {"id", "label", "points", "detail", "rule"}
    assert body["ranking"] == [{"place": 1, "names": ["Ana"], "decided_by": "total"},
                               {"place": 2, "names": ["Ben"], "decided_by": "coins"},
                               {"place": 3, "names": ["Cy"], "decided_by": "coins"}]
    assert body["rulings"]["HAD-1"] == "remainder" and set(body["rulings"]) >= {"HAD-2", "HAD-3"}


def test_score_api_lists_every_problem_with_400(client):
    resp = client.post("/api/v1/hadara/score", json={"players": [{"coins": -1}, {"name": 5}]})
    body = resp.get_json()
    assert resp.status_code == 400
    assert {"players[0].name", "players[0].coins", "players[1].name"} <= {
        e["field"] for e in body["errors"]}


def test_score_api_adds_purple_effect_points_each_from_a_purple_card_of_its_own(client):
    ana = {"name": "Ana", "coins": 0, "tracks": {"food": 1},
           "cards": {"purple": {"count": 1, "points": 0}}, "effect_points": [6]}
    resp = client.post("/api/v1/hadara/score", json={"players": [ana, {"name": "Ben"}]})
    lines = {x["id"]: x["points"] for x in resp.get_json()["players"][0]["lines"]}
    assert resp.status_code == 200 and lines["purple_effects"] == 6
    resp = client.post("/api/v1/hadara/score", json={"players": [
        {**ana, "effect_points": [6, 2]}, {"name": "Ben"}]})
    assert resp.status_code == 400
    assert [e["field"] for e in resp.get_json()["errors"]] == ["players[0].effect_points"]


def test_score_api_unknown_game_is_404_naming_the_valid_ones(client):
    resp = client.post("/api/v1/chess/score", json=REQUEST)
    assert resp.status_code == 404 and "hadara" in resp.get_json()["errors"][0]["message"]


def test_score_api_refuses_a_body_that_is_not_json(client):
    resp = client.post("/api/v1/hadara/score", data="players=1")
    assert resp.status_code == 400 and resp.get_json()["errors"]


def test_new_game_page_offers_the_groups_remembered_setup_cards_for_prefill(client, app):
    group = new_group(client)
    WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)], in_group=group)
    html = client.get(f"/new/hadara?group={group}").get_data(as_text=True)
    assert "data-known=" in html and "&#34;1A&#34;" in html and "setup.js" in html


def test_ruling_chosen_on_the_setup_form_is_the_games_reading(client, app):
    t = WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)],
                        **{"ruling_HAD-1": "all-coins"})
    assert t.state().rulings["HAD-1"] == "all-coins"


# --------------------------------------------------------------------- one form per action

def forms_of(page: str, kind: str) -> list[str]:
    return re.findall(rf'<form[^>]*/do/{kind}".*?</form>', page, re.S)


def test_each_panel_is_drawn_once_for_the_table_with_a_player_select(client, app):
    five = WebTable.create(client, app, "hadara", [seat(n, i + 1) for i, n in
                                                   enumerate(("Ana", "Ben", "Cy", "Dee", "Eli"))])
    for kind in ("buy", "correct"):
        page = five.asked(kind)
        (form,) = forms_of(page, kind)
        assert re.findall(r'<option value="(\d)"', form.split('name="player"')[1].split(
            "</select>")[0]) == ["0", "1", "2", "3", "4"]
        assert page.index('id="actions"') < page.index('id="p0"')
    assert len(forms_of(five.page, "sell")) == 5  # selling stays one tap on each player's card
    assert 'name="player" value="' not in forms_of(five.asked("buy"), "buy")[0]


def test_the_page_every_phone_reloads_draws_a_panels_form_only_when_asked(table):
    """The panels of #actions carry their form on asking (?show=: the panel's link for a phone
    without script, static/app.js as the panel opens): the page each tap makes every phone
    fetch again stays light."""
    page = table.page
    assert forms_of(page, "buy") == [] and forms_of(page, "correct") == []
    links = re.findall(r'<details class="panel" data-more="([^"]+)">\s*<summary[^>]*>[^<]*'
                       r'</summary>\s*<a href="([^"]+)">', page)
    assert [more for more, _ in links] == [f"{table.path}?show=buy", f"{table.path}?show=correct"]
    assert all(href == f"{more}#actions" for more, href in links)
    shown = table.asked("buy")
    assert len(forms_of(shown, "buy")) == 1 and forms_of(shown, "correct") == []
    assert re.search(r'<details class="panel" open>\s*<summary[^>]*>Buy a card', shown)


def test_the_shared_panels_preselect_this_phones_seat_and_post_the_chosen_player(table):
    select = forms_of(table.asked("buy"), "buy")[0].split("</select>")[0]
    assert '<option value="" selected>' in select  # unseated: nobody until someone chooses
    assert not re.search(r'<option value="\d" selected', select)
    table.post("seat", seat=1)
    assert '<option value="1" selected>Ben</option>' in forms_of(table.asked("buy"), "buy")[0]
    table.do("buy", player=1, colour="red", cost=1, points=1)
    assert table.state().players[1].cards[0].colour == "red"


def test_a_refused_panel_reopens_with_the_player_that_was_chosen(table):
    page = table.do("buy", expect=422, player=1, colour="red", cost=9).get_data(as_text=True)
    (form,) = forms_of(page, "buy")
    assert '<option value="1" selected>Ben</option>' in form
    assert re.search(r'<details class="panel" open>\s*<summary[^>]*>Buy a card', page)


def test_score_api_refuses_impossible_end_facts_listing_every_problem(client):
    body = {"players": [
        {"name": "Ana", "coins": 3, "face_down_tiles": [2, 3], "statues": [4],
         "cards": {"blue": {"count": 0, "points": 5}}},
        {"name": "Ben", "coins": 1, "face_down_tiles": [2], "colonies": [1, 2, 3, 4, 5, 6]}]}
    resp = client.post("/api/v1/hadara/score", json=body)
    fields = {e["field"]: e["message"] for e in resp.get_json()["errors"]}
    assert resp.status_code == 400
    assert "each bonus tile lies on a statue" in fields["players[0].face_down_tiles"]
    assert "no blue cards" in fields["players[0].cards.blue"]
    assert "1 face-down tile but 0 statues" in fields["players[1].face_down_tiles"]
    assert "players[1].colonies" in fields  # at most 5 colonies, one per requirement level


def test_quick_pad_refuses_the_same_impossible_facts(client):
    resp = client.post("/quick/hadara", data=quick_data(client, **{
        "players-1-face_down_tiles": "3", "players-1-cards__green__points": 4}))
    html = resp.get_data(as_text=True)
    assert resp.status_code == 422
    assert "1 face-down tile but 0 statues" in html and "no green cards" in html


def test_score_api_with_six_players_also_names_the_duplicate(client):
    players = [{"name": n, "coins": 1} for n in ("A", "B", "C", "D", "E", "A")]
    errors = client.post("/api/v1/hadara/score", json={"players": players}).get_json()["errors"]
    messages = " ".join(e["message"] for e in errors)
    assert "2 to 5 players" in messages and "two players are called 'A'" in messages


def test_quick_pad_note_of_a_switched_ruling_names_the_places_it_changed(client):
    """D8: Kai and Lea tie on points with 4 coins left over each; counting every coin (HAD-1
    all-coins) Kai's 9 beat Lea's 4. The note says so instead of 'no number differs'."""
    data = {"csrf_token": csrf_of(client, "/quick/hadara?players=2"), "ruling_HAD-1": "all-coins",
            "players-0-name": "Kai", "players-0-coins": 9,
            "players-1-name": "Lea", "players-1-coins": 4, "players-1-colonies": "1"}
    for i in (0, 1):
        data.update({f"players-{i}-tracks__{tr}": 0
                     for tr in ("income", "military", "culture", "food")})
    html = client.post("/quick/hadara", data=data).get_data(as_text=True)
    note = re.search(r'<p class="note ruling-change">.*?</p>', html, re.S).group(0)
    assert "no number differs" not in note
    assert "Kai: place 1 (default 1)" not in note  # Kai was first (shared) either way
    assert "Lea: place 2 (default 1)" in note


def guide_links(page: str) -> list[str]:
    """Each line of the guide's rule link (its section), "" for a line without one."""
    guide = re.search(r'<section class="guide"[^>]*>(.*?)</section>', page, re.S).group(1)
    lines = re.findall(r"<(?:h1|p)>(.*?)</(?:h1|p)>", guide, re.S)
    return [(re.findall(r'class="rule-link" href="[^"]*#([\w-]+)"', line) or [""])[0]
            for line in lines]


def test_a_guide_line_does_not_repeat_the_rule_link_of_the_line_before(table):
    """Issue 15 (page weight): two lines about drawing cards linked the same section twice."""
    table.do("wheel", seat1="purple", seat2="yellow")
    links = guide_links(table.page)
    assert "draw-cards" in links and len(links) >= 3
    assert all(a != b for a, b in zip(links, links[1:]) if b), links


def test_the_score_pad_links_the_rule_most_lines_share_once_above_the_lines(table):
    pad = re.search(r'<table class="pad">.*?</table>', table.page, re.S).group(0)
    corner = re.search(r"<thead><tr><th>(.*?)</th>", pad).group(1)
    assert "End of the Game" in corner
    assert re.search(r"<tr><th>Colonies</th>", pad)  # no copy under each line's name
    # the shared rule above, and Gold medals' own (End of the Game with HAD-3) under its name
    assert pad.count("End of the Game") == 2 and "#HAD-3" in pad


@pytest.mark.parametrize("kind,values", [
    ("statue", {"statue": 1, "requirement": 0, "points": 1, "tile_value": 1}),
    ("medal", {"medal": "silver", "price": 1})])
def test_a_tile_without_its_colour_is_refused_by_the_rules_not_answered_500(table, kind, values):
    """The step is applied before it is put into words: a face-up tile, or a silver medal, with
    no colour chosen (the form's first choice) is the rules' refusal, nothing stored."""
    table.do(kind, expect=422, player=0, **values)
    assert table.rows() == []


def test_a_wheel_set_without_the_decks_order_takes_the_order_later_with_the_icons_kept(
        client, table):
    """Phone review P2: the wheel went through without the decks' order, and the wheel set
    again had no field for it; the order is asked until told, and told alone."""
    table.do("wheel", seat1="purple", seat2="yellow")
    again = client.get(f"{table.path}?wheel=1").get_data(as_text=True)
    form = re.search(r'id="wheel">(.*?)</form>', again, re.S).group(1)
    assert 'name="decks.2"' in form
    table.do("wheel", **{"decks.1": "yellow", "decks.2": "red", "decks.3": "blue",
                         "decks.4": "green", "decks.5": "purple"})
    state = table.state()
    assert state.wheel == ("purple", "yellow")
    assert state.decks == ("yellow", "red", "blue", "green", "purple")
    assert "Ana: purple, Ben: yellow" in table.rows()[-1].text
