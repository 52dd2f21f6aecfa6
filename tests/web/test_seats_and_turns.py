"""A tap counts for the player who made it (issue 14, point 10; table-ux-2 B1, B3, A1, A3), through
the Flask views: a phone's forms name the player and the step, a phone seated as another player
is asked before it records for someone else's turn, a second tap or a second phone never counts
twice, an unseated phone names nobody until someone chooses, and every phone sees who holds a
seat. Taps are plain form posts (or ``Accept: application/json, */*``): Flask's own views."""
from __future__ import annotations

import re
from html import unescape

from .table import WebTable, form, phone, post, to_colony_step
from .table import hadara_of_three as hadara

JSON = {"Accept": "application/json, */*"}
HOUSES = [{"name": "Ana", "colour": "yellow"}, {"name": "Ben", "colour": "red"},
          {"name": "Chen", "colour": "blue"}]


def tradewarz(client, app) -> WebTable:
    return WebTable.create(client, app, "tradewarz", HOUSES, end_mode="years", years="2")


# ---------------------------------------------------------------- B1: the player a tap is for

def test_a_seated_phone_is_asked_before_recording_for_another_houses_turn(client, app):
    host = tradewarz(client, app)
    chen = phone(app, host)
    chen.post("seat", seat=2)
    action, hidden = form(chen.page, "retreat")
    assert action.endswith("/confirm/retreat") and hidden["house"] == "0"  # Ana's turn
    asked = post(chen, action, hidden)
    assert asked.status_code == 200 and chen.rows() == []  # asking records nothing
    text = unescape(asked.get_data(as_text=True))
    assert "Record this for Ana?" in text and "It is Ana's turn, and this phone is Chen's." in text
    to, values = form(asked.get_data(as_text=True), "retreat")
    assert to.endswith("/do/retreat") and values["house"] == "0"
    assert post(chen, to, values).status_code == 303  # confirmed: recorded for Ana
    (row,) = chen.rows()
    assert (row.kind, row.data["house"], row.by) == ("retreat", 0, "Chen")
    assert host.refresh() and host.state().turn == 1


def test_a_tap_named_for_a_house_whose_turn_it_is_not_is_refused_and_nothing_is_stored(
        client, app):
    table = tradewarz(client, app)
    resp = table.client.post(f"{table.path}/do/resources", headers=JSON, data={
        "csrf_token": table.csrf, "version": table.version, "house": 2, "first": "gold"})
    assert resp.status_code == 422
    assert resp.get_json()["said"].startswith("it is Ana's turn, not Chen's")
    assert table.rows() == [] and table.state().houses[2].dials == (6, 6, 6, 6)


def test_a_phone_seated_as_the_house_whose_turn_it_is_records_at_once(client, app):
    table = tradewarz(client, app)
    table.post("seat", seat=0)
    action, hidden = form(table.page, "retreat")
    assert action.endswith("/do/retreat") and hidden["house"] == "0"
    assert post(table, action, hidden).status_code == 303
    assert [(r.kind, r.by) for r in table.rows()] == [("retreat", "Ana")]


def test_hexemonia_turn_forms_name_the_active_player_and_ask_on_another_seat(client, app):
    host = WebTable.create(client, app, "hexemonia", [
        {"name": "Ana", "city": "athens"}, {"name": "Ben", "city": "sparta"}],
        icon_3="10", icon_4="13")  # a Fate pile of 20
    active = host.state().active
    other = phone(app, host)
    other.post("seat", seat=1 - active)
    action, hidden = form(other.page, "take")
    assert action.endswith("/confirm/take") and hidden["player"] == str(active)
    action, hidden = form(host.page, "take")  # the unseated host: for the active player
    assert action.endswith("/do/take") and hidden["player"] == str(active)


# --------------------------------------------------------------------- B3: a close names its step


def test_close_this_step_names_its_step_so_a_second_close_cannot_close_the_next(client, app):
    table = hadara(client, app)
    to_colony_step(table)
    action, hidden = form(table.page, "next")
    assert hidden["closing"] == "1A.colony"
    hidden["anyway"] = "y"  # nobody took a colony: the close asks, and this one is sure
    # once the rules would take the close (here "anyway": nobody took a colony), it is one
    # button at the top of the duties, naming the step it closes and who has not acted
    assert re.search(r'<form [^>]*class="act ghost moves-on close-step">.*?Close “Take a colony” '
                     r'anyway</button>', unescape(table.page), re.S)
    assert post(table, action, hidden).status_code == 303
    assert "phase A: Carve a statue" in table.refresh()
    # the same form again is answered as the first time (its one-time key), and stored once
    assert post(table, action, hidden).status_code == 303
    assert [r.kind for r in table.rows()][-2:] == ["income", "next"]
    # another drawing of that form (a new key), even with a fresh version, is refused
    again = post(table, action, {**hidden, "version": table.version, "once": "another-form-1"})
    assert again.status_code == 422
    assert "this step (Take a colony, epoch I, phase A) was already closed" in unescape(
        again.get_data(as_text=True))
    assert "phase A: Carve a statue" in table.refresh()
    assert [r.kind for r in table.rows()][-2:] == ["income", "next"]


def test_the_same_close_sent_twice_closes_one_step_and_the_second_gets_the_first_answer(
        client, app):
    table = hadara(client, app)
    to_colony_step(table)
    action, hidden = form(table.page, "next")
    hidden["anyway"] = "y"  # (closed although nobody took a colony)
    first, second = post(table, action, hidden), post(table, action, hidden)
    assert (first.status_code, second.status_code) == (303, 303)
    assert [r.kind for r in table.rows()].count("next") == 2  # phase A's cards, then colony
    # the same page's form without its one-time key is out of date: 409
    del hidden["once"]
    assert post(table, action, hidden).status_code == 409


# ----------------------------------------------------------------- A3: two phones, one player

def test_two_phones_tapping_the_same_players_sell_in_phase_b_count_once(client, app):
    table = hadara(client, app)
    to_colony_step(table)
    table.do("next", closing="1A.colony", anyway="1")
    table.do("next", closing="1A.statue", anyway="1")
    assert "Ben&#39;s turn to take a card" in table.page  # lowest initiative first
    ana, ben = phone(app, table), phone(app, table)
    ana_form, ben_form = form(ana.page, "sell"), form(ben.page, "sell")
    assert ana_form[1]["player"] == ben_form[1]["player"] == "1"  # only Ben's card sells
    coins = table.state().players[1].coins
    assert post(ben, *ben_form).status_code == 303
    late = post(ana, *ana_form)
    assert late.status_code == 422
    assert "it is Chen&#39;s turn, not Ben&#39;s" in late.get_data(as_text=True)
    assert table.state().players[1].coins == coins + 2 and len(table.rows()) == 20


def test_two_phones_tapping_the_last_sell_of_a_round_count_once(client, app):
    table = hadara(client, app)
    table.do("sell", player=0)
    table.do("sell", player=1)
    one, two = phone(app, table), phone(app, table)
    forms = [form(p.page[p.page.index('id="p2"'):], "sell") for p in (one, two)]
    assert forms[0][1]["round"] == "1"
    assert post(one, *forms[0]).status_code == 303  # Chen's card: round 1 is complete
    late = post(two, *forms[1])  # sell is commutative: its version alone would let it in
    assert late.status_code == 422
    assert "Chen&#39;s card for round 1 is already recorded" in late.get_data(as_text=True)
    assert table.state().round == 2 and len(table.rows()) == 3


def test_a_stale_page_non_commutative_action_is_refused_with_409(client, app):
    table = tradewarz(client, app)
    one, two = phone(app, table), phone(app, table)
    first, second = form(one.page, "retreat"), form(two.page, "retreat")
    assert post(one, *first).status_code == 303
    assert post(two, *second).status_code == 409  # Ana's retreat, already taken
    assert len(table.rows()) == 1


# ---------------------------------------------------------- A1: an unseated phone picks a player

def test_an_unseated_phones_player_selects_start_on_nobody(client, app):
    table = tradewarz(client, app)
    page = table.asked("battle")
    battle = page[page.index('action="' + table.path + '/do/battle"'):]
    battle = battle.split("</form>")[0]
    for name in ("attacker", "defender"):  # a house's chips: none ticked until someone taps
        chips = re.findall(rf'<input type=radio name="{name}" value="\d"( checked)?', battle)
        assert len(chips) == len(table.state().houses) and not any(chips)
    buy = hadara(client, app).asked("buy")
    select = buy[buy.index("/do/buy"):].split("</select>")[0]
    assert '<option value="" selected>choose a player</option>' in select
    assert not re.search(r'<option value="\d" selected', select)


# ------------------------------------------------------------------------ who holds which seat

def test_a_seat_shows_who_holds_it_and_a_phone_may_take_it_over(client, app):
    host = tradewarz(client, app)
    assert host.page.index('id="seat-prompt"') < host.page.index('class="tw-year')  # near the top
    ana, other = phone(app, host), phone(app, host)
    ana.post("seat", seat=0)
    assert 'id="seat-prompt"' not in ana.page
    seats = other.client.get(f"{host.path}/seats").get_data(as_text=True)
    assert re.search(r'id="seat0"><b>Ana</b> —\s*<span class="seat-state">held by another phone',
                     seats)
    assert re.search(r'id="seat1"><b>Ben</b> —\s*<span class="seat-state">free', seats)
    mine = ana.client.get(f"{host.path}/seats").get_data(as_text=True)
    assert re.search(r'id="seat0"><b>Ana</b> —\s*<span class="seat-state">this phone', mine)
    other.post("seat", seat=0)  # taken over
    lost = ana.client.get(f"{host.path}/seats").get_data(as_text=True)
    assert "Another phone took the seat of Ana: this phone has no seat now." in lost
    assert re.search(r'id="seat0"><b>Ana</b> —\s*<span class="seat-state">held by another phone',
                     lost)
    # (a query string: the page is drawn afresh, not one kept from when this phone held the seat)
    page = ana.client.get(f"{host.path}?after=takeover").get_data(as_text=True)
    assert 'id="seat-prompt"' in page and "This phone has no seat." in page
    action, hidden = form(page, "retreat")
    assert action.endswith("/do/retreat")  # no seat: no question, and not signed as Ana
    assert post(ana, action, hidden).status_code == 303
    assert [r.by for r in host.rows()] == [""]


# ------------------------------------------------------- issue 22: "Who am I?" asked first

def _prompt(page: str) -> str:
    found = re.search(r'<form [^>]*id="seat-prompt">(.*?)</form>', page, re.S)
    assert found, "no seat prompt"
    return found.group(1)


def _the_game(app):
    with app.app_context():
        from companion.store.db import Game, session
        game = session().query(Game).one()
        return game.join_code, game.watch_token


def test_a_phone_that_joins_by_code_is_asked_which_player_it_is_before_anything_else(client, app):
    tradewarz(client, app)
    code, _ = _the_game(app)
    other = app.test_client()
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', other.get("/").get_data(as_text=True))
    page = other.post("/join", data={"code": code, "csrf_token": csrf.group(1)},
                      follow_redirects=True).get_data(as_text=True)
    game = page[page.index('<div id="game"'):]
    # the question comes first on the game: before the guide, the tools and the boards
    assert game.index('id="seat-prompt"') < game.index('class="guide"')
    assert game.index('id="seat-prompt"') < game.index('class="tools"')
    buttons = re.findall(r'<button class="btn" name="seat"\s+value="(\d)">(\w+)', _prompt(page))
    assert buttons == [("0", "Ana"), ("1", "Ben"), ("2", "Chen")]


def test_one_tap_on_a_name_in_the_seat_prompt_takes_that_seat(client, app):
    host = tradewarz(client, app)
    ben = phone(app, host)
    prompt = _prompt(ben.page)
    assert 'action="' + host.path + '/seat"' in ben.page.split('id="seat-prompt"')[0][-200:]
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', prompt).group(1)
    resp = ben.client.post(f"{host.path}/seat", data={"csrf_token": csrf, "seat": "1"})
    assert resp.status_code == 303
    page = ben.refresh()
    assert 'id="seat-prompt"' not in page
    assert "This phone is Ben." in page
    boards = re.findall(r'<article class="player[^"]*" id="p(\d)"', page)
    assert boards[0] == "1" and sorted(boards) == ["0", "1", "2"]  # its own board first


def test_the_seat_prompt_says_which_seats_another_phone_holds(client, app):
    host = tradewarz(client, app)
    phone(app, host).post("seat", seat=0)
    prompt = _prompt(phone(app, host).page)
    assert re.search(r'<button class="btn ghost" name="seat"\s+value="0">Ana <small>'
                     r'\(held by another phone\)</small>', prompt)
    assert re.search(r'<button class="btn" name="seat"\s+value="1">Ben</button>', prompt)


def test_a_watch_link_is_never_asked_for_a_seat(client, app):
    tradewarz(client, app)
    _, watch = _the_game(app)
    page = app.test_client().get(f"/g/{watch}").get_data(as_text=True)
    assert "Watching: this link" in page and 'id="seat-prompt"' not in page
