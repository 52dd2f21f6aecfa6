"""Chinese punctuation where the page strings words together itself (issue 49 item 5, TradeWarz
phone review P3 'ASCII "." and ";" end Chinese sentences'): a sentence a template or the code
puts together from translated words ends, and is separated, with the reader's marks
(``i18n.mark``: "。" and "；" in Chinese), as a catalog's own sentences are."""
from __future__ import annotations

import re

import pytest

from companion.games.core import RulesError, t
from companion.games.core.errors import Checker
from companion.web.i18n import mark
from companion.web.views.play import refusal_words

from .table import CSRF, WebTable, hadara_of_three

#: a Chinese character (or full-width mark) followed by an English full stop or semicolon
ASCII_AFTER_CHINESE = re.compile(r"[\u3000-\u9fff\uff00-\uffef][.;](?=\s|$)")


def words_of(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


@pytest.mark.parametrize("lang, stop, between", [("en", ".", "; "), ("it", ".", "; "),
                                                 ("zh", "。", "；")])
def test_a_sentence_put_together_ends_and_joins_with_the_readers_marks(app, lang, stop,
                                                                      between):
    with app.test_request_context(headers={"Accept-Language": lang}):
        assert (mark("."), mark("; ")) == (stop, between)


def test_a_refusal_of_several_problems_is_joined_with_the_chinese_semicolon(app):
    check = Checker()
    check.add("cost", t("invalid input"))
    check.add("points", t("invalid input"))
    with pytest.raises(RulesError) as refused:
        check.raise_if_any(rule="x")
    with app.test_request_context(headers={"Accept-Language": "zh"}):
        said = refusal_words(refused.value)
    assert "；" in said and ";" not in said, said


def test_hexemonias_city_bonus_in_chinese_has_no_english_marks_after_chinese(client, app):
    table = WebTable.create(client, app, "hexemonia", [{"name": "Ana", "city": "athens"},
                                                       {"name": "Ben", "city": "sparta"}])
    page = words_of(client.get(table.path, headers={"Accept-Language": "zh"}).get_data(
        as_text=True))
    found = [page[max(0, m.start() - 20):m.end()] for m in ASCII_AFTER_CHINESE.finditer(page)]
    assert found == [], found


def test_a_refused_change_lists_its_problems_with_the_chinese_semicolon(client, app):
    table = hadara_of_three(client, app)
    table.do("buy", player=1, colour="red", cost=3, points=1, round=1)
    client.get("/lang/zh")
    page = client.get(f"{table.path}/change/1").get_data(as_text=True)
    resp = client.post(f"{table.path}/change/1", data={
        "csrf_token": CSRF.search(page).group(1), "player": 1, "colour": "red", "round": 1,
        "cost": "-1", "points": "-1"})
    assert resp.status_code == 422
    alert = re.search(r'<div class="alert" role="alert">(.*?)</div>', resp.get_data(
        as_text=True), re.S).group(1)
    assert "；" in alert and ";" not in alert, alert


@pytest.mark.parametrize("alliances", ["", "y"])
def test_tradewarzs_alliances_line_in_chinese_has_no_english_marks_after_chinese(client, app,
                                                                                 alliances):
    houses = [{"name": "Amber", "colour": "yellow"}, {"name": "Basalt", "colour": "red"}]
    table = WebTable.create(client, app, "tradewarz", houses, end_mode="years", years="2",
                            alliances=alliances)
    page = words_of(client.get(table.path, headers={"Accept-Language": "zh"}).get_data(
        as_text=True))
    found = [page[max(0, m.start() - 20):m.end()] for m in ASCII_AFTER_CHINESE.finditer(page)]
    assert found == [], found
