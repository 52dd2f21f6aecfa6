"""A battle starts from what the app knows (issue 49 item 3): after a March on a house, the board
carries the battle's own form (both houses, the soldiers on their boards, each side's card one
tap, each place the boards allow one button), the calculator never asks the silos of a building
whose silos the builds recorded leave no choice about, and a house's recorded battle cards are
offered on its own phone only."""
from __future__ import annotations

import re
from html import unescape

from companion.games.tradewarz.model import House
from companion.games.tradewarz.offers import building_silos

from .table import WebTable

HOUSES = [{"name": "Amber", "colour": "yellow"}, {"name": "Basalt", "colour": "red"}]
OPTIONS = {"end_mode": "years", "years": "2", "cost_settlement": "1 lumber + 1 wheat"}
A, B = 0, 1


def game(client, app) -> WebTable:
    return WebTable.create(client, app, "tradewarz", HOUSES, **OPTIONS)


def battle_form(page: str) -> str:
    found = re.search(r'<form method="get" class="tw-now card" id="tw-battle-now".*?</form>',
                      page, re.S)
    return found.group(0) if found else ""


def silo_inputs(page: str) -> list[str]:
    """The silo fields the Record form asks (not the hidden ones it sends by itself)."""
    record = page[page.index("/do/battle"):].split("</form>")[0]
    return re.findall(r'<input type=(?:radio|"number")[^>]*name="?(silo_\w+)', record)


def test_after_a_march_on_a_house_the_board_starts_its_battle_with_a_button_for_each_place(
        client, app):
    t = game(client, app)
    assert battle_form(t.page) == ""  # no March yet: no battle to start
    t.do("build", house=A, what="settlement", silo_wheat=1, pay_lumber=1, pay_wheat=1)
    t.do("march", house=B, target=A)
    form = battle_form(t.refresh())
    assert "Battle: Basalt marched on Amber" in form
    hidden = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', form))
    assert hidden == {"attacker": "1", "defender": "0", "origin": "march"}
    places = re.findall(r'name="where" value="([^"]*)">([^<]*)<', form)
    assert places == [("field", "In the field"), ("settlement", "At Amber&#39;s settlement"),
                      ("capital", "At Amber&#39;s capital")]
    # the printed cards, one tap each, for both sides
    assert re.findall(r'name="attacker_card" value="([^"]*)"', form) == ["4/1/1", "2/3/1"]


def test_the_calculator_sends_the_silos_of_a_houses_only_building_and_asks_none(client, app):
    t = game(client, app)
    t.do("build", house=A, what="settlement", silo_wheat=1, pay_lumber=1, pay_wheat=1)
    t.do("march", house=B, target=A)
    resp = client.get(f"{t.path}/tradewarz/battle?attacker=1&defender=0&origin=march"
                      "&attacker_card=4/1/1&defender_card=2/3/1&where=settlement")
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "Basalt (attacker) wins" in page
    assert silo_inputs(page) == []
    assert "Silos on Amber's settlement, as its builds were recorded: wheat 1." in unescape(page)
    record = page[page.index("/do/battle"):].split("</form>")[0]
    sent = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', record))
    assert (sent["site"], sent["silo_lumber"], sent["silo_wheat"]) == ("settlement", "0", "1")
    # recorded from there, the settlement falls with its silo
    t.post("do/battle", **sent)
    house = t.state().houses[A]
    assert (house.settlements, house.silos) == (0, (0, 0, 0))


def test_silos_the_builds_leave_open_are_asked(client, app):
    t = game(client, app)
    t.do("build", house=A, what="settlement", silo_wheat=1, pay_lumber=1, pay_wheat=1)
    t.do("resources", house=B, first="gold")
    t.do("build", house=A, what="settlement", silo_lumber=1, pay_lumber=1, pay_wheat=1)
    t.do("march", house=B, target=A)
    page = client.get(f"{t.path}/tradewarz/battle?attacker=1&defender=0&origin=march"
                      "&attacker_card=4/1/1&defender_card=2/3/1&where=settlement"
                      ).get_data(as_text=True)
    assert "Basalt (attacker) wins" in page
    assert set(silo_inputs(page)) == {"silo_lumber", "silo_mining", "silo_wheat"}


def test_a_buildings_silos_are_known_from_the_boards_only_when_they_leave_one_answer():
    one = House("Amber", "", settlements=1, silos=(0, 0, 1))
    assert building_silos(one, "settlement") == (0, 0, 1)
    assert building_silos(one, "village") is None  # no village stands
    same = House("Amber", "", settlements=1, villages=1, silos=(3, 0, 0))
    assert building_silos(same, "settlement") == (1, 0, 0)
    assert building_silos(same, "village") == (2, 0, 0)
    assert building_silos(House("A", "", settlements=2, silos=(1, 0, 1)), "settlement") is None
    # an Economy tech's extra silos sit on some village: not told which
    assert building_silos(House("A", "", villages=1, silos=(3, 2, 0)), "village") is None
    castle = House("A", "", villages=1, castles=1, silos=(1, 1, 0))
    assert building_silos(castle, "castle") == (1, 1, 0)
    assert building_silos(castle, "village") is None  # its only village carries the castle


def seated(app, path: str, seat: int):
    phone = app.test_client()
    page = phone.get(path).get_data(as_text=True)
    csrf = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
    phone.post(f"{path}/seat", data={"csrf_token": csrf, "seat": str(seat)})
    return phone


def test_a_houses_recorded_cards_are_offered_on_its_own_phone_only(client, app):
    t = game(client, app)
    basalt, amber = seated(app, t.path, B), seated(app, t.path, A)
    cards = "3/2/0, 3/2/0, 1/1/3, 1/1/3, 2/0/2, 2/0/2"
    page = basalt.get(t.path).get_data(as_text=True)
    csrf = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
    assert basalt.post(f"{t.path}/do/record_deck", data={
        "csrf_token": csrf, "house": "1", "cards": cards}).status_code == 303
    t.refresh()
    t.do("resources", house=A, first="gold")
    t.do("march", house=B, target=A)
    mine = battle_form(basalt.get(t.path).get_data(as_text=True))
    theirs = battle_form(amber.get(t.path).get_data(as_text=True))
    watching = battle_form(client.get(t.path).get_data(as_text=True))
    assert re.findall(r'name="attacker_card" value="([^"]*)"', mine)[:3] == [
        "4/1/1", "3/2/0", "2/3/1"]
    for other in (theirs, watching):
        assert other and not [c for c in ("3/2/0", "1/1/3", "2/0/2") if c in other]
    # both houses' phones bring it into view as it appears; another phone leaves it where it is
    assert "data-into-view" in mine and "data-into-view" in theirs
    assert "data-into-view" not in watching


def test_a_march_on_nobody_named_asks_the_defender_and_a_retreat_home_starts_no_battle(
        client, app):
    t = game(client, app)
    t.do("march", house=A)  # no house named: the battle form asks which
    form = battle_form(t.refresh())
    assert "Battle after Amber&#39;s March" in form
    assert re.findall(r'name="defender" value="(\d)" required', form) == ["1"]
    assert re.findall(r'name="where" value="([^"]*)"', form) == [
        "field", "settlement", "village", "castle", "capital"]
    t.do("retreat", house=B)  # into its own capital, held by nobody: no battle follows
    assert battle_form(t.refresh()) == ""


def test_superior_logistics_starts_the_second_armys_battle_after_the_first(client, app):
    t = game(client, app)
    for tech in ("generate_tax", "superior_logistics"):
        t.do("correct_tech", house=A, tech=tech, change="give")
    t.do("correct", house=A, what="soldiers", value=4)
    t.do("correct", house=A, what="settlements", value=2)
    t.do("march", house=A, target=B)
    first = dict(attacker=A, defender=B, origin="march", site="field", attacker_soldiers=2,
                 attacker_card_s=4, attacker_card_k=0, attacker_card_b=0, defender_soldiers=1,
                 defender_card_s=1, defender_card_k=0, defender_card_b=0)
    t.do("battle", **first)
    form = battle_form(t.page)
    assert "Battle: Amber&#39;s second army (Superior logistics)" in form
    t.do("battle", **first)
    assert battle_form(t.page) == ""  # two armies, two battles: no third


def test_a_phone_without_script_lands_on_the_battle_its_march_made(client, app):
    t = game(client, app)
    resp = t.do("march", house=A, target=B)
    assert resp.headers["Location"].endswith("#tw-battle-now")  # (where a page post lands)
    assert battle_form(t.page)
    # the marching house's board keeps a way to it, for a phone that comes back to the board
    board = t.page[t.page.index('id="p0"'):].split("</article>")[0]
    assert '<a class="btn tw-to-battle" href="#tw-battle-now">' in board
    assert "tw-to-battle" not in t.page[t.page.index('id="p1"'):].split("</article>")[0]
