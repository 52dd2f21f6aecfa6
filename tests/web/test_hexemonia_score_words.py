"""Hexemonia's score lines in the reader's language (issue 38, the review's N10): the city bonus
agrees its words with the count and the kind, and a score row names a rulebook section once."""
import re

import pytest

from companion.games import get_game
from companion.web.i18n import say
from companion.web.views.reference import rule_link

RULES = get_game("hexemonia")


def bonus_line(city, forts):
    hexes = [{"kind": "fortification", "nature": "military", "active": True}] * forts
    result = RULES.score_payload({"players": [{"name": "A", "city": city, "hexes": hexes},
                                              {"name": "B", "city": "athens"}]})
    return next(ln for ln in result.sheets[0].lines if ln.id == "city_bonus")


@pytest.mark.parametrize("lang, forts, said", [
    ("it", 2, "Sparta: 2 Fortificazioni attive × 3"),
    ("it", 1, "Sparta: 1 Fortificazione attiva × 3"),
    ("zh", 2, "斯巴达：2 个已激活要塞 × 3"),
    ("en", 2, "Sparta: 2 active fortifications × 3"),
])
def test_the_city_bonus_line_agrees_with_the_count_and_kind_of_its_hexes(app, lang, forts,
                                                                          said):
    with app.test_request_context(headers={"Accept-Language": lang}):
        assert say(bonus_line("sparta", forts).detail).startswith(said)


def test_a_score_row_names_the_scoring_section_once_in_italian(app):
    rule = bonus_line("sparta", 0).rule
    with app.test_request_context(headers={"Accept-Language": "it"}):
        shown = re.sub(r"<[^>]+>", "", str(rule_link(rule, "hexemonia")))
    assert shown == "Calcolo dei punti; H1"
    with app.test_request_context(headers={"Accept-Language": "en"}):
        english = re.sub(r"<[^>]+>", "", str(rule_link(rule, "hexemonia")))
    assert english == rule  # English names each printed section as cited


def test_the_myth_trio_line_reads_in_italian_with_no_adjective_against_the_wrong_noun(app):
    # a political Myth against a sacred Acropolis (Athens: its nature as the box data has it)
    hexes = [{"kind": "polis", "nature": "political", "active": True}]
    result = RULES.score_payload({"players": [
        {"name": "A", "city": "athens", "hexes": hexes,
         "myths": [{"nature": "political", "active": True}]}, {"name": "B", "city": "sparta"}]})
    line = next(ln for ln in result.sheets[0].lines if ln.id == "myth_trio")
    with app.test_request_context(headers={"Accept-Language": "it"}):
        said = say(line.detail)
    assert said.startswith("Miti: politica + Acropoli: ") and "nessun tris" in said
    assert "Miti politica" not in said
