"""TradeWarz pages in Italian and Chinese: the board, the battle calculator and the end-of-Spring
preview show the catalog's words (read from the .po files) instead of the English ones, and the
rules library's words (resources, seasons, techs) come through ``say``."""
import re

import pytest
from babel.messages.pofile import read_po

from companion.web import i18n

from .table import CSRF, WebTable

HOUSES = [{"name": "Amber", "colour": "yellow"}, {"name": "Basalt", "colour": "red"}]
OPTIONS = {"end_mode": "years", "years": "2", "alliances": "y",
           "cost_settlement": "1 lumber + 1 wheat"}
LANGS = ("it", "zh")


def words(lang: str) -> dict[str, str]:
    with i18n.po_path("tradewarz", lang).open("rb") as fh:
        return {m.id: m.string for m in read_po(fh, locale=lang) if m.id}


@pytest.fixture
def table(client, app):
    return WebTable.create(client, app, "tradewarz", HOUSES, **OPTIONS)


def page(client, path: str, lang: str) -> str:
    resp = client.get(path, headers={"Accept-Language": lang})
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


BOARD_WORDS = ("Actions left this year", "Battle calculator", "End of Spring preview",
               "Costs from the box data", "Build a settlement", "Morale cards")


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_shows_the_catalog_words_of_the_reader_language(client, table, lang):
    said = words(lang)
    html = page(client, table.path, lang)
    for english in BOARD_WORDS:
        assert said[english] and said[english] != english
        assert said[english] in html, english
        assert english not in html, english


@pytest.mark.parametrize("lang", LANGS)
def test_library_words_on_the_board_are_said_in_the_reader_language(client, table, lang):
    said = words(lang)
    html = page(client, table.path, lang)
    lumber = re.search(r'class="num tw-lumber"><b>\d+</b><span>([^<]+)</span>', html).group(1)
    assert lumber == said["lumber"] != "lumber"
    season = re.search(r'class="tw-season-now">([^<]+)</b>', html).group(1)
    assert season == said["Summer"] != "Summer"
    tokens = html.split('class="tw-tokens">')[1].split("</td>")[0]
    assert f'{said["buy tech"]} 1/1' in tokens and "buy tech" not in tokens
    # a cost from the box data: the numbers stay, the resources are translated, each counted
    lumber, wheat = (said[(f"{{n}} {r}", f"{{n}} {r}")][0] for r in ("lumber", "wheat"))
    cost = f'{lumber.format(n=1)} + {wheat.format(n=1)}'
    assert cost in html and "1 lumber + 1 wheat" not in html


@pytest.mark.parametrize("lang", LANGS)
def test_the_battle_calculator_and_spring_preview_are_translated(client, table, lang):
    said = words(lang)
    calc = page(client, f"{table.path}/tradewarz/battle?attacker=0&defender=1&site=field"
                "&attacker_soldiers=2&attacker_card_s=4&attacker_card_k=0&attacker_card_b=0"
                "&defender_soldiers=1&defender_card_s=1&defender_card_k=0&defender_card_b=0",
                lang)
    assert said["Calculate"] in calc and said["Casualties:"] in calc
    winner = said["%(house)s (%(role)s) wins"] % {"house": "Amber", "role": said["attacker"]}
    assert winner in calc and "Amber (attacker) wins" not in calc
    assert f'<th>{said["battle card"]}</th><td>4</td>' in calc
    spring = page(client, f"{table.path}/tradewarz/spring", lang)
    assert said["Income: capital, buildings, silos, techs"] in spring
    assert said["Apply the end of Spring"] not in spring  # not due yet
    assert said["End of Spring, year %(year)s: preview"] % {"year": 1} in spring


def test_english_readers_still_get_the_english_words(client, table):
    html = page(client, table.path, "en")
    assert all(english in html for english in BOARD_WORDS)


def ruling_ids_in_the_code() -> set[str]:
    """Every TradeWarz ruling id the game's code names ("T9", 'ruling T15', rulings["T5"])."""
    from pathlib import Path

    import companion.games.tradewarz as package
    ids: set[str] = set()
    for source in Path(package.__file__).parent.glob("*.py"):
        ids |= set(re.findall(r"\b(T\d{1,2})\b", source.read_text(encoding="utf-8")))
    return ids


@pytest.mark.parametrize("lang", LANGS)
def test_every_ruling_id_the_code_uses_is_on_the_rulings_page_with_its_readings(client, lang):
    from html import unescape

    from companion.games.tradewarz.rulings import RULINGS
    used = ruling_ids_in_the_code()
    assert {f"T{i}" for i in range(1, 24)} <= used  # T1..T23, as the digest numbers them
    assert used <= set(RULINGS), sorted(used - set(RULINGS))
    said = words(lang)
    html = unescape(page(client, "/rules/tradewarz/rulings", lang))
    for rid in sorted(used):
        found = re.search(rf'<section id="{rid}".*?</section>', html, re.S)
        assert found, rid
        ruling = RULINGS[rid]
        for key, reading in ruling.readings.items():  # the default and every alternative
            assert said[str(reading)], (rid, key)
            assert said[str(reading)] in found.group(0), (rid, key)
        assert said[str(ruling.question)] in found.group(0), rid


@pytest.mark.parametrize("lang, spring", [("it", "Primavera"), ("zh", "春季")])
def test_a_word_two_games_translate_differently_reads_as_this_games(client, table, lang,
                                                                    spring):
    """Spring is a TradeWarz season and a Hexemonia hex ("Sorgente", "泉水"): a TradeWarz page
    says the season's word."""
    said = page(client, table.path, lang)
    assert spring in said
    assert {"it": "Sorgente", "zh": "泉水"}[lang] not in said


def set_up(client, lang: str, **options):
    """The setup form posted from a phone reading ``lang``."""
    url = "/new/tradewarz?players=2"
    html = client.get(url, headers={"Accept-Language": lang}).get_data(as_text=True)
    data = {"csrf_token": CSRF.search(html).group(1), "end_mode": "years", "years": "2",
            "alliances": "y", "players-0-name": "Amber", "players-1-name": "Basalt", **options}
    return client.post(url, data=data, headers={"Accept-Language": lang})


@pytest.mark.parametrize("lang, cost, seasons", [
    ("it", "1 legname + 1 Grano", "Estate, Autunno, Stagione 4, Inverno, Primavera"),
    ("zh", "1 木材 + 1小麦", "夏季, 秋季, 第4季, 冬季, 春季")])
def test_costs_and_seasons_typed_at_setup_in_the_reader_language_are_read(
        client, app, lang, cost, seasons):
    resp = set_up(client, lang, cost_settlement=cost, season_names=seasons)
    assert resp.status_code == 303, resp.get_data(as_text=True)[:3000]
    table = WebTable(client, app, resp.headers["Location"])
    state = table.state()
    assert state.cost_of("settlement") == (0, 1, 0, 1)  # gold, lumber, mining, wheat
    assert [s.lower() for s in state.season_names] == ["summer", "fall", "season 4", "winter",
                                                      "spring"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_setup_cost_names_its_field_by_label_and_resources_in_reader_words(
        client, lang):
    said = words(lang)
    resp = set_up(client, lang, cost_settlement="1 banane + 1 " + said["wheat"])
    assert resp.status_code == 422
    html = resp.get_data(as_text=True)
    assert "cost_settlement" not in html.split('<form')[0]  # the refusal above the form
    assert said["Cost of a settlement"] in html
    refusal = html.split('<form')[0]
    assert said["lumber"] in refusal and "lumber" not in refusal


def test_a_cost_corrected_on_the_game_page_in_the_reader_language_is_read(table):
    table.do("correct_cost", item="settlement", cost="1 legname + 1 minerali")
    assert table.state().cost_of("settlement") == (0, 1, 1, 0)
