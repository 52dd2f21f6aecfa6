"""TradeWarz issue 18 on the pages (the review's items #18, #19, #24, #28 and the guide after a
March): what the history page, the game page and the battle calculator say."""
import re
from html import unescape

from .table import WebTable

HOUSES = [{"name": "Amber", "colour": "yellow"}, {"name": "Basalt", "colour": "red"}]
OPTIONS = {"end_mode": "years", "years": "2", "alliances": "y"}
A, B = 0, 1


def make(client, app):
    return WebTable.create(client, app, "tradewarz", HOUSES, **OPTIONS)


def text(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def test_the_history_page_says_what_was_traded_and_what_was_corrected(client, app):
    table = make(client, app)
    table.do("trade", house=A, partner=B, give_lumber="2", get_gold="2")
    table.do("correct", house=B, what="wheat", value="4")
    history = text(client.get(table.path + "/history").get_data(as_text=True))
    assert "Amber gave Basalt 2 lumber and got 2 gold" in history
    assert "Basalt's wheat corrected from 6 to 4" in history


def test_the_game_page_asks_what_a_march_caused(client, app):
    table = make(client, app)
    table.do("march")
    page = text(table.page)
    assert "Amber marched. Where did the army stop?" in page
    table.do("resources", first="gold")
    assert "Where did the army stop?" not in text(table.page)


def test_the_odds_say_what_they_are_conditioned_on(client, app):
    table = make(client, app)
    table.do("record_deck", house=A, cards="4/1/1, 4/1/1, 4/1/1, 4/1/1, 4/1/1, 1/0/0")
    table.post("seat", seat=A)
    query = ("attacker=0&defender=1&site=field&attacker_soldiers=1&attacker_card_s=4"
             "&attacker_card_k=1&attacker_card_b=1&defender_soldiers=1&defender_card_s=3"
             "&defender_card_k=2&defender_card_b=0")
    html = client.get(f"{table.path}/tradewarz/battle?{query}").get_data(as_text=True)
    odds = text(html.split('class="tw-odds"')[1].split("</p>")[0])
    assert "given Basalt plays the card entered (3/2/0)" in odds
    assert "before anyone commits" not in html


def test_the_board_marks_the_recruit_and_university_costs_unverified(client, app):
    table = make(client, app)
    costs = text(table.page.split("tw-costs")[1].split("</details>")[0])
    assert "recruit: 3 lumber + 3 wheat (unverified" in costs
    assert "university: 1 gold + 1 mining (unverified" in costs
    assert "level n pays n × 1 gold + 1 mining" in text(table.page)


def test_a_refused_battle_card_on_another_seats_phone_names_no_card_left(client, app):
    table = make(client, app)
    table.do("record_deck", house=B, cards="1/3/2, 2/2/2, 3/1/3, 4/0/2, 1/2/4, 2/4/0")
    table.post("seat", seat=A)
    table.do("march")
    resp = table.do("battle", expect=422, attacker=A, defender=B, site="field",
                    attacker_soldiers=1, attacker_card_s=4, attacker_card_k=0,
                    attacker_card_b=0, defender_soldiers=1, defender_card_s=4,
                    defender_card_k=4, defender_card_b=4)
    html = resp.get_data(as_text=True)
    assert "is not among the 6 battle cards Basalt has left" in text(html)
    assert not any(card in html for card in ("1/3/2", "2/2/2", "3/1/3", "4/0/2", "1/2/4"))


def test_a_raid_from_the_board_names_the_house_that_has_just_marched(client, app):
    table = make(client, app)
    table.do("correct", house=B, what="settlements", value="1")
    table.do("correct", house=B, what="silo_wheat", value="1")
    table.do("march")
    page = table.asked(f"raid.{B}")
    panel = page.split('id="p1"')[1].split("/do/raid")[1].split("</form>")[0]
    assert '<input type="hidden" name="raider" value="0">' in panel
    table.do("raid", raider=A, house=B, building="settlement", silo_wheat="1")
    history = text(client.get(table.path + "/history").get_data(as_text=True))
    assert "Amber raided Basalt's settlement" in history
    assert table.state().houses[B].settlements == 0


def test_the_recruit_form_asks_for_a_number_of_soldiers_only_under_t20_any(client, app):
    table = make(client, app)
    panel = table.asked("recruit").split('id="tw-turn"')[1].split("/do/recruit")[1].split(
        "</form>")[0]
    assert not re.search(r'name="?count\b', panel)
    table.do("ruling", ruling="T20", reading="any")
    panel = table.asked("recruit").split('id="tw-turn"')[1].split("/do/recruit")[1].split(
        "</form>")[0]
    assert re.search(r'name="?count\b', panel)
    table.do("recruit", count="2")
    assert table.state().houses[A].soldiers == 4


def test_the_watch_link_shows_no_battle_card_even_on_the_owners_phone(client, app):
    from companion import store
    table = make(client, app)
    cards = ("1/3/2", "2/2/2", "3/1/3", "4/0/2", "1/2/4", "2/4/0")
    table.post("seat", seat=B)
    table.do("record_deck", house=B, cards=", ".join(cards))
    assert all(card in table.page for card in cards)  # its own play link shows them
    with app.app_context():
        game, _ = store.find_game(table.path.rsplit("/", 1)[-1])
        watch = game.watch_token
    seen = "".join(client.get(f"/g/{watch}{page}").get_data(as_text=True)
                   for page in ("", "/history", "/score", "/tradewarz/battle", "/export.json"))
    assert not [card for card in cards if card in seen]


def test_a_step_holding_a_houses_battle_deck_opens_for_change_only_on_that_houses_phone(
        client, app):
    """Issue 20: a recorded deck (``record_deck``) is Basalt's secret, so its step's change form
    (which would show the cards) is refused on Amber's phone and opens on Basalt's."""
    cards = "1/3/2, 2/2/2, 3/1/3, 4/0/2, 1/2/4, 2/4/0"
    table = make(client, app)
    table.do("record_deck", house=B, cards=cards)
    seq = next(r.seq for r in table.rows() if r.kind == "record_deck")
    table.post("seat", seat=A)
    refused = client.get(f"{table.path}/change/{seq}")
    assert refused.status_code == 403
    said = text(refused.get_data(as_text=True))
    assert "only Basalt's phone can change it" in said and "3/1/3" not in said
    table.post("seat", seat=B)
    opened = client.get(f"{table.path}/change/{seq}")
    assert opened.status_code == 200
    assert cards in unescape(opened.get_data(as_text=True))


def test_the_board_corrects_the_recruit_cost_mid_game_and_drops_its_unverified_mark(
        client, app):
    table = make(client, app)
    assert f"{table.path}/do/correct_cost" in table.asked("correct_cost")
    table.do("correct_cost", item="recruit", cost="3 gold + 3 wheat")
    costs = text(table.page.split("tw-costs")[1].split("</details>")[0])
    assert "recruit: 3 gold + 3 wheat" in costs
    assert "recruit: 3 gold + 3 wheat (unverified" not in costs
    history = text(client.get(table.path + "/history").get_data(as_text=True))
    assert ("Cost of a soldier: 3 lumber + 3 wheat (the unverified guess) before, "
            "3 gold + 3 wheat now") in history
