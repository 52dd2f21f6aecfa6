"""Words the phone reviews of 2026-12-01 flagged (P3): a number counting one thing is said in the
singular in Italian ("1 minerale", never "1 minerali"), Chinese sentences end and break with
full-width marks (，；：。) even where the app strings words together itself, the score pad's
rulings are a list with no comma hanging at each line's end, and the chart of every step marks
where each chapter ended."""
from __future__ import annotations

import re
from dataclasses import replace

import pytest
from babel.messages.pofile import read_po

from companion import store
from companion.games import get_game
from companion.games.hadara.box import colony_words
from companion.games.tradewarz.spring import end_reason
from companion.games.tradewarz.terms import amount, join
from companion.web import i18n
from companion.web.story import LEFT, RIGHT, story_of
from tests.table_helpers import HEXEMONIA_SETUP, HEXEMONIA_TURNS, sample_setup

from .table import WebTable, hexemonia_table

HOUSES = [{"name": "Amber", "colour": "yellow"}, {"name": "Basalt", "colour": "red"}]
CJK = "\u3400-\u9fff"


def page(client, path: str, lang: str) -> str:
    resp = client.get(path, headers={"Accept-Language": lang})
    assert resp.status_code == 200, path
    return resp.get_data(as_text=True)


def said(app, lang: str, words) -> str:
    with app.test_request_context(headers={"Accept-Language": lang}):
        return i18n.say(words)


# ------------------------------------------------------------------ a count of one, in Italian

@pytest.mark.parametrize(("n", "english", "italian"), [
    (1, "1 mining", "1 minerale"), (2, "2 mining", "2 minerali"), (1, "1 gold", "1 oro")])
def test_a_resource_counted_is_said_in_the_form_its_count_needs(app, n, english, italian):
    resource = english.split()[1]
    assert str(amount(resource, n)) == english
    assert said(app, "it", amount(resource, n)) == italian


def test_the_board_says_a_cost_of_one_mining_in_the_singular_in_italian(client, app):
    table = WebTable.create(client, app, "tradewarz", HOUSES, end_mode="years", years="2",
                            alliances="y")
    html = page(client, table.path, "it")
    assert "1 oro + 1 minerale" in html  # a university level (Actions & Costs)
    assert "2 minerali" in html and "1 minerali" not in html


@pytest.mark.parametrize(("coins", "italian", "english"), [
    (1, "saccheggia: +1 moneta", "plunder: +1 coin"),
    (2, "saccheggia: +2 monete", "plunder: +2 coins")])
def test_a_colony_chip_counts_its_plunder_coins_in_the_right_form(app, coins, italian, english):
    words = colony_words({"requirement": 3, "points": 5, "choice": "plunder", "coins": coins})
    assert str(words).endswith(english)
    assert said(app, "it", words).endswith(italian)


def test_the_games_list_counts_one_action_in_the_singular(client, app):
    table = WebTable.create(client, app, "tradewarz", HOUSES, end_mode="years", years="2",
                            alliances="y")
    assert "0 azioni" in page(client, "/", "it")
    table.do("correct", house=0, what="gold", value="7")
    home = page(client, "/", "it")
    assert "1 azione" in home and "1 azioni" not in home


# ------------------------------------------------------------------ Chinese punctuation

def _zh_entries():
    for area in i18n.areas():
        with i18n.po_path(area, "zh").open("rb") as fh:
            for m in read_po(fh, locale="zh"):
                if m.id:
                    for text in ([m.string] if isinstance(m.string, str) else m.string):
                        yield area, m.id, text


#: an ASCII mark next to a Chinese character (spaces between them ignored)
HALF_WIDTH = re.compile(rf"[{CJK}] *[,;:?!]|[,;:?!] *[{CJK}]|[{CJK}] *\(|\) *[{CJK}]")
#: quoted examples of what a player types ("'卫城: 2c'") keep the marks the app reads, and
#: Hexemonia's phases keep the rulebook's letters ("A) 拿 2 个板块")
TYPED = re.compile(r"'[^']*'|“[^”]*”|\d[hcg]\b|\b[A-D]\) ")


def test_chinese_catalog_sentences_use_full_width_marks():
    found = [(area, text) for area, _, text in _zh_entries()
             if not TYPED.search(text) and HALF_WIDTH.search(text)]
    assert found == []


def test_words_strung_together_by_punctuation_alone_take_the_readers_marks(app):
    words = join([amount("gold", 3), amount("wheat", 1)])
    assert said(app, "en", words) == "3 gold, 1 wheat"
    assert said(app, "it", words) == "3 oro, 1 grano"
    assert said(app, "zh", words) == "3金币，1小麦"
    assert said(app, "zh", join(["a", "b"], "; ")) == "a；b"
    assert said(app, "zh", join(["a", "b"], " + ")) == "a + b"  # (a sum stays a sum)


def test_the_tradewarz_season_line_ends_as_a_chinese_sentence(client, app):
    table = WebTable.create(client, app, "tradewarz", HOUSES, end_mode="years", years="2",
                            alliances="y")
    html = page(client, table.path, "zh")
    line = html.split('class="tw-season-now"')[1].split("</p>")[0]
    assert "骰子。" in line and not re.search(r"骰子\s*\.", line)
    assert "die for marching." in page(client, table.path, "en")


def test_hexemonia_political_counts_read_as_one_chinese_sentence(client, app):
    table = hexemonia_table(client, app)
    html = page(client, table.path, "zh")
    check = html.split('id="hx-check"')[1].split("</p>")[0]
    assert re.search(r"政治板块：Ana 0、Ben 0和Cy 0。", check), check
    english = page(client, table.path, "en")
    assert "Political hexes: Ana 0, Ben 0, and Cy 0." in english


def test_a_tradewarz_game_over_cites_its_rule_in_the_readers_words(app):
    state = get_game("tradewarz").new_game({"players": HOUSES, "end_mode": "years", "years": 1})
    reason = end_reason(replace(state, end_mode="time", time_up=True), spring_done=True)
    assert str(reason) == "time is up and the season is over (TradeWarz rulebook, Game duration)"
    zh = said(app, "zh", reason)
    assert "TradeWarz 规则书：游戏时长" in zh and "Game duration" not in zh


# ------------------------------------------------------------------ the score pad's rulings

def test_the_score_pads_rulings_are_a_list_with_no_hanging_commas(client, app):
    table = WebTable.create(client, app, "tradewarz", HOUSES, end_mode="years", years="2",
                            alliances="y")
    html = page(client, f"{table.path}/score", "en")
    block = html.split('class="muted rulings-applied"')[1].split("</div>")[0]
    items = re.findall(r"<li>(.*?)</li>", block, re.S)
    assert len(items) == len(get_game("tradewarz").rulings)
    assert all(item.strip().endswith("</a>") for item in items)
    assert not re.search(r"</a>\s*,", block)


# ------------------------------------------------------------------ chapters on the step chart

def test_the_chart_of_every_step_marks_where_each_chapter_ended(client, app):
    with app.app_context():
        game = store.create_game(get_game("hexemonia"), HEXEMONIA_SETUP)
        for turn in HEXEMONIA_TURNS:
            for kind, data in turn:
                store.record(game.id, kind, dict(data), by="")
        token = game.play_token
    steps = page(client, f"/g/{token}/score?steps=1", "en")
    marks = re.findall(r'<line class="chapter-end" x1="([\d.]+)"[^>]*/><text[^>]*>([^<]+)</text>',
                       steps)
    assert [label for _, label in marks] == ["Round 1"]  # the game's end is the chart's edge
    with app.app_context():
        story = story_of(store.session().get(type(game), game.id))
        ended = story.chapters[1].step
        last = story.steps[-1].step
    assert float(marks[0][0]) == pytest.approx(LEFT + ended * (RIGHT - LEFT) / last, abs=0.1)
    chapters = page(client, f"/g/{token}/score", "en")
    assert 'class="chapter-end"' not in chapters  # (each of its points is a chapter's end)


@pytest.mark.parametrize("lang", ["it", "zh"])
def test_the_rules_reference_counts_each_colour_of_cards_in_the_readers_words(client, app, lang):
    rules = get_game("hadara")
    setup = sample_setup(rules, 3)
    table = WebTable.create(client, app, "hadara", setup.pop("players"), **setup)
    token = table.path.rsplit("/", 1)[-1]
    html = page(client, f"/rules/hadara?game={token}", lang)
    with i18n.po_path("hadara", lang).open("rb") as fh:
        words = {m.id: m.string for m in read_po(fh, locale=lang) if m.id}
    yellow = words["{n} {colour}"].format(n=0, colour=words["yellow"])
    assert yellow in html
    assert not re.search(r"\b(yellow|purple) 0\b", html)


@pytest.mark.parametrize(("lang", "end"), [("en", ";"), ("zh", "；")])
def test_a_mark_between_two_rule_links_stays_with_the_link_before_it(client, app, lang, end):
    """The gold-medal line cites the rulebook and a ruling: the "; " between them stood alone
    on a line at 390 px (each link is a 44 px tap box)."""
    rules = get_game("hadara")
    setup = sample_setup(rules, 3)
    table = WebTable.create(client, app, "hadara", setup.pop("players"), **setup)
    html = page(client, f"{table.path}/score", lang)
    cell = re.search(r'<small class="rule">(<span class="cite"><a class="rule-link" [^>]*#end">'
                     r'.*?)</small>', html, re.S)
    assert cell, "the gold medals' citation"
    assert re.fullmatch(rf'<span class="cite"><a [^>]*>[^<]+</a>{end}</span> <a [^>]*HAD-3">'
                        r'[^<]+</a>', cell.group(1)), cell.group(1)


def test_the_march_names_the_ways_it_may_pay_in_words_not_slash_joined(client, app):
    """"roads/bridges/tunnels" was broken inside a word at 390 px ("tu|nnels")."""
    table = WebTable.create(client, app, "tradewarz", HOUSES, end_mode="years", years="2",
                            alliances="y")
    html = page(client, table.path, "en")
    assert "March — roads, bridges and tunnels not in the box data" in html
    assert "roads/bridges" not in html


def test_hexemonia_in_chinese_names_a_hex_with_one_word():
    """A hex is 板块 everywhere in Chinese (the phone review found 地块 beside it, and a
    "六边形板块（板块）" that said it twice)."""
    with open("translations/hexemonia/zh/LC_MESSAGES/messages.po", "rb") as f:
        catalog = read_po(f)
    said = [m.string for m in catalog if m.id and isinstance(m.string, str)]
    assert sum("板块" in s for s in said) > 100
    assert not [s for s in said if "地块" in s or "板块（板块）" in s]
