"""Hexemonia in Italian and Chinese: the board speaks the edition's terms (the Italian rulebook's
own names, read from the catalog) and no English ones; library words (guide, refusals, score
lines) are said in the reader's language."""
from __future__ import annotations

import re
from html import unescape

import pytest
from babel.messages.pofile import read_po

from companion.games import get_game
from companion.games.core import IllegalAction
from companion.web import i18n
from tests.table_helpers import as_seen

from .table import THREE
from .table import hexemonia_table as create

#: the Italian edition's names for the game's terms (Hexemonia rulebook, Italian)
EDITION = {"Philosopher": "Filosofo", "Acropolis": "Acropoli", "Myth": "Mito",
           "citizens": "cittadini", "hoplites": "opliti", "gold": "oro",
           "Fortification": "Fortificazione", "Athens": "Atene", "Delphi": "Delfi",
           "Delos": "Delo", "Olympia": "Olimpia", "Necropolis": "Necropoli", "Spring": "Sorgente",
           "Harbour": "Porto", "Temple": "Tempio", "Tavern": "Taverna", "Hades": "Ade",
           "Lighthouse": "Faro", "Labyrinth": "Labirinto", "Oracle": "Oracolo",
           "Moirai": "Moire", "Agora": "Agorà", "revolts": "Rivolte", "Setup": "Preparazione",
           "Scoring": "Calcolo dei punti", "End of the game": "Fine del gioco",
           "C) War": "C) Azione bellica", "C) Production": "C) Azione produttiva"}


def words(lang: str) -> dict[str, str]:
    with i18n.po_path("hexemonia", lang).open("rb") as fh:
        return {m.id: m.string for m in read_po(fh, locale=lang) if m.id}


def between(page: str, start: str, end: str) -> str:
    at = page.index(start)
    return page[at:page.index(end, at)]


def test_italian_catalog_uses_the_editions_terms():
    it = words("it")
    assert {english: it[english] for english in EDITION} == EDITION


@pytest.mark.parametrize("lang", ["it", "zh"])
def test_board_shows_the_terms_in_the_readers_language_and_not_in_english(client, app, lang):
    tr = words(lang)
    table = create(client, app, players=THREE[:2])
    table.act("take", hexes=2)
    table.play("Palestra", "polis", "military", (1, 0, 1))
    page = as_seen(client.get(table.path, headers={"Accept-Language": lang}).get_data(as_text=True))
    status = between(page, 'id="hx-status"', "</section>")
    for english in ("Philosopher: not awarded yet", "Last Player marker: %(name)s."):
        said = tr[english].split("%")[0]
        assert said and said in status and english.split("%")[0] not in status
    assert tr['Fate pile: <b class="hx-fate">%(n)s</b> hexes.'].split("<")[0] in status
    assert "Fate pile" not in status
    city = between(page, 'class="hx-acropolis"', "</p>")
    assert f"<b>{tr['Athens']}</b>" in city and "Athens" not in city
    assert tr["Acropolis:"] in city and "Acropolis:" not in city
    row = between(page, "<th>Palestra", "</tr>")
    assert f"<td>{tr['polis']}</td><td>{tr['military']}</td>" in row
    assert "<td>polis</td>" not in row and "military" not in row


@pytest.mark.parametrize("lang", ["it", "zh"])
def test_guide_refusals_and_score_lines_are_said_in_the_readers_language(app, lang):
    tr = words(lang)
    rules = get_game("hexemonia")
    state = rules.new_game({"players": THREE[:2], "fate": 12})
    with app.test_request_context(headers={"Accept-Language": lang}):
        turn = i18n.say(rules.guide(state)[0])
        expected = tr[("Turn {turn}: {name} plays. Fate pile: {n} hex.",
                       "Turn {turn}: {name} plays. Fate pile: {n} hexes.")][-1]
        assert turn == expected.format(turn=1, name="Ana", n=12) and "Fate pile" not in turn
        with pytest.raises(IllegalAction) as refused:
            rules.apply(state, "political_check", {})
        assert i18n.say(refused.value.message) == tr["{reason}; next: {next}"].format(
            reason=tr["the political check comes after phase A"],
            next=tr["A) take 2 hexes, or 1 hex and 1 resource"])
        line = rules.score(state).sheets[0].lines[-1]
        assert i18n.say(line.label) == tr["City bonus"] != "City bonus"


@pytest.mark.parametrize("lang", ["it", "zh"])
def test_the_rules_reference_is_said_whole_in_the_readers_language(client, lang):
    from companion.games.hexemonia.reference import REFERENCE
    said = words(lang)
    page = client.get("/rules/hexemonia", headers={"Accept-Language": lang}).get_data(
        as_text=True)
    assert "The full reference is in English" not in page and '<div lang="en">' not in page
    for section in REFERENCE.sections:
        for para in section.body:
            assert said[para.template] and str(para) not in page, para
    if lang == "it":
        assert "Pila del Fato conta 51 esagoni" in page.replace("&#39;", "'")


def test_the_acropolis_line_keeps_its_words_apart_and_its_italian_agrees(client, app):
    """Phone review P3: "controlla i tuoi esagonicoperta" (two notes with no space between)
    and "3 per ogni Fortificazione attivo" (the adjective after a feminine kind)."""
    table = create(client, app)
    table.post("seat", seat=1)  # Ben's phone: his Acropolis (Sparta) shown, still face down
    page = client.get(table.path, headers={"Accept-Language": "it"}).get_data(as_text=True)
    city = between(page[page.index('id="p1"'):], 'class="hx-acropolis"', "</p>")
    assert 'class="hx-unverified"' in city and 'class="hx-secret"' in city
    assert not re.search(r"</small><small", city), city
    text = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", city)))
    assert "per ogni esagono Fortificazione attivo" in text, text
