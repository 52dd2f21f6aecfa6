""""Can I do this?" asked outside the action's step or turn answers the question asked: not now,
the step or turn it belongs to, and what the action's own conditions say with the table as it is
now (the numbers that decide it when that step or turn comes), in English, Italian and Chinese."""
import re
from html import unescape

import pytest

from .table import WebTable, war_table

LANGS = {"en": ("Not now:", "When it comes (with the table as it is now)"),
         "it": ("Non ora:", "Quando arriverà (con il tavolo com'è ora)"),
         "zh": ("现在不行：", "轮到时（按桌面现状）")}


def answer(client, table, query, lang="en"):
    resp = client.get(f"{table.path}/ask?{query}", headers={"Accept-Language": lang})
    assert resp.status_code == 200, resp.get_data(as_text=True)[:2000]
    found = re.search(r'<div class="answer (yes|no)".*?</div>', resp.get_data(as_text=True), re.S)
    assert found, "no answer"
    return found.group(1), re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", found.group(0))))


def hadara(client, app):
    return WebTable.create(client, app, "hadara", [
        {"name": n, "initiative": i, "side": "A", "coins": 5, "income": 2, "military": m,
         "culture": 1, "food": 2} for n, i, m in (("Ana", 1, 1), ("Ben", 2, 6))])


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_hadara_colony_asked_in_the_cards_step_says_not_now_and_military_against_requirement(
        client, app, lang):
    table = hadara(client, app)  # epoch I, phase A, the cards: the colony step comes later
    kind, text = answer(client, table, "q=colony&player=0&requirement=5", lang)
    not_now, when = LANGS[lang]
    assert kind == "no" and not_now in text and when in text, text
    assert {"en": "Ana's military is 1; this colony needs 5",
            "it": "5", "zh": "5"}[lang] in text.split(when)[1]
    if lang == "en":
        assert "this belongs to the step 'Take a colony'" in text.split(when)[0]
        assert "the step comes epoch I, phase A" in text


def test_hadara_colony_outside_its_step_the_player_strong_enough_hears_yes_when_it_comes(
        client, app):
    table = hadara(client, app)
    kind, text = answer(client, table, "q=colony&player=1&requirement=5")
    assert kind == "no" and "Not now:" in text
    assert "When it comes (with the table as it is now): Yes: Ben may take it" in text


def test_hadara_medal_asked_in_phase_a_is_read_against_phase_b_s_medal_step(client, app):
    table = hadara(client, app)
    kind, text = answer(client, table, "q=medal&player=0&medal=gold&price=9")
    assert kind == "no" and "Not now: this belongs to the step 'Buy silver or gold medals'" in text
    assert "No: Ana has 5 coins; the medal costs 9" in text
    assert "the step comes epoch I, phase B" in text


HOUSES = [{"name": "Amber", "colour": "yellow"}, {"name": "Basalt", "colour": "red"}]


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_tradewarz_tech_asked_after_the_house_s_turn_says_not_now_and_what_stops_it_next_turn(
        client, app, lang):
    table = WebTable.create(client, app, "tradewarz", HOUSES, end_mode="years", years="2",
                            cost_tech_economy="1 gold + 1 lumber + 1 wheat")
    table.do("resources", first="gold")  # Amber's turn this season is taken
    kind, text = answer(client, table, "q=tech&player=0&tech=generate_tax", lang)
    not_now, when = LANGS[lang]
    assert kind == "no" and not_now in text and when in text, text
    if lang == "en":
        before, after = text.split(when)
        assert "Amber has already taken its action this season" in before
        assert "No: Generate tax is a level 1 economy tech; Amber's economy university is at " \
            "level 0" in after, after
        assert "Its next turn year 1," in text


def test_tradewarz_castle_while_the_end_of_spring_is_due_is_read_against_next_year(client, app):
    table = WebTable.create(client, app, "tradewarz", HOUSES, end_mode="years", years="2",
                            cost_castle="4 lumber + 3 mining + 4 wheat")
    for kind in ("resources", "resources", "march", "march", "retreat"):  # five seasons, each once
        table.do(kind, first="gold")
        table.do(kind, first="gold")
    assert "end of Spring" in table.page
    kind, text = answer(client, table, "q=castle&player=1")
    assert kind == "no" and "Not now: no house has a turn now: the end of Spring is due" in text
    assert "When it comes (with the table as it is now): No:" in text
    assert "no village without a castle built before this year" in text.split("When it comes")[1]
    assert "Its next turn year 2," in text


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_hexemonia_attack_after_another_action_says_not_now_and_the_units_needed(
        client, app, lang):
    table = war_table(client, app)  # Ana, after phase A, may make war on Ben's Pascolo
    table.act("production")  # ... but takes production as this turn's action
    query = "q=attack&player=1&target=Pascolo&adjacent=Falange&hoplites=1&citizens=0"
    kind, text = answer(client, table, query, lang)
    not_now, when = LANGS[lang]
    assert kind == "no" and not_now in text and when in text, text
    if lang == "en":
        assert "one action per turn: this turn's action was production" in text.split(when)[0]
        assert re.search(r"No: \d+ units do not beat", text.split(when)[1]), text


def test_hexemonia_philosopher_asked_before_phase_a_says_not_now_and_who_would_take_it(
        client, app):
    table = war_table(client, app)
    table.close_turn()  # Ben's turn, phase A not taken yet
    kind, text = answer(client, table, "q=philosopher")
    assert kind == "no" and "Not now: the political check comes after phase A" in text
    assert "When it comes (with the table as it is now):" in text
