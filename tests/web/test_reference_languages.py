"""The rules reference read in Italian and Chinese (issue 48): every section's body in the
reader's language, no English sentence left; and the reference opened from a game's header keeps
the game, so its "In this game" boxes stay."""
import re
from html import unescape

import pytest

from companion.reference import REFERENCES
from tests.reference_words import english_in_reference, english_left

from .table import WebTable

LANGS = ("it", "zh")
#: a word each game's reference holds (a search from its reference page)
SEARCHED = {"hadara": "colony", "tradewarz": "castle", "hexemonia": "gold"}
#: "In this game" in each language (the web catalog's words)
IN_THIS_GAME = {"en": "In this game", "it": "In questa partita", "zh": "本局游戏中"}


def page(client, path: str, status: int = 200) -> str:
    resp = client.get(path)
    assert resp.status_code == status, (path, resp.status_code)
    return resp.get_data(as_text=True)


def seat(name: str, initiative: int) -> dict:
    return {"name": name, "initiative": initiative, "side": "A", "coins": 5, "income": 2,
            "military": 3, "culture": 1, "food": 2}


def token_of(table) -> str:
    return table.path.rsplit("/", 1)[-1]


def section_paragraphs(html: str, sec_id: str) -> list[str]:
    """The body paragraphs of one section as text (not its rulebook line, nor the game's box)."""
    found = re.search(rf'<section id="{re.escape(sec_id)}".*?</section>', html, re.S)
    assert found, sec_id
    body = re.sub(r'<p class="rule">.*?</p>|<div class="affects">.*?</div>', "",
                  found.group(0), flags=re.S)
    return [unescape(re.sub(r"<[^>]+>", "", p)).strip()
            for p in re.findall(r"<p>(.*?)</p>", body, re.S)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", sorted(REFERENCES))
def test_every_section_of_the_reference_reads_in_the_readers_language(client, slug, lang):
    html = client.get(f"/rules/{slug}", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    said = {sec.id: section_paragraphs(html, sec.id) for sec in REFERENCES[slug].sections}
    problems = english_in_reference(slug, said, unescape(html))
    assert problems == [], "\n".join(problems)
    assert 'class="note lang-note"' not in html  # ("the full reference is in English")


def test_the_check_sees_an_english_paragraph_left():
    english = "Each player may carve at most 1 statue per step, if culture is high enough."
    assert english_left(english, english)
    assert english_left("Ogni giocatore: " + english, english)
    assert not english_left("Ogni giocatore può scolpire al massimo 1 statua per passo.",
                            english)


# ------------------------------------------------------------- the header keeps the game

def header_rules(html: str) -> str:
    """The address of the header's Rules link (the last link of the header bar)."""
    bar = re.search(r'<header class="bar">(.*?)</header>', html, re.S).group(1)
    return unescape(re.findall(r'<a href="([^"]*)"', bar)[-1])


def game_pages(client, app):
    """A game page of each kind: (slug, its address)."""
    from tests.table_helpers import sample_game
    hadara = WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])
    yield "hadara", hadara.path
    for slug in ("tradewarz", "hexemonia"):
        yield slug, f"/g/{sample_game(app, slug).play_token}"


@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_the_headers_rules_link_on_a_game_page_keeps_the_game(client, app, lang):
    for slug, path in game_pages(client, app):
        token = path.rsplit("/", 1)[-1]
        for where in (path, f"{path}/history", f"{path}/score", f"{path}/ask"):
            html = client.get(where, headers={"Accept-Language": lang}).get_data(as_text=True)
            href = header_rules(html)
            assert href == f"/rules/{slug}?game={token}", (where, href)
        html = client.get(href, headers={"Accept-Language": lang}).get_data(as_text=True)
        assert html.count(f"<h4>{IN_THIS_GAME[lang]}</h4>") >= 3, (slug, lang)
        # and from there the links between reference pages keep it too
        assert header_rules(html) == href
        assert f'href="/rules/{slug}/rulings?game={token}"' in html
        assert f'<input type="hidden" name="game" value="{token}">' in html
        rulings = page(client, f"/rules/{slug}/rulings?game={token}")
        assert header_rules(rulings) == href
        found = page(client, f"/rules/search?q={SEARCHED[slug]}&game={token}")
        assert f"/rules/{slug}?game={token}#" in found, slug


def test_a_page_of_no_game_keeps_the_rules_index(client, app):
    assert header_rules(page(client, "/")) == "/rules"
    assert header_rules(page(client, "/rules/hadara")) == "/rules"
    table = WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])
    # a token of another game leaves the reference without a game
    html = page(client, f"/rules/tradewarz?game={token_of(table)}")
    assert header_rules(html) == "/rules" and "In this game" not in html
