"""The rules reference read in Italian and Chinese (issue 48): every section's body in the
reader's language, no English sentence left; and the reference opened from a game's header keeps
the game, so its "In this game" boxes stay."""
import re
from functools import cache
from html import unescape

import pytest
from babel.messages.pofile import read_po

from companion.i18n import TRANSLATIONS
from companion.reference import REFERENCES

from .table import WebTable

LANGS = ("it", "zh")
#: "In this game" in each language (the web catalog's words)
#: a word each game's reference holds (a search from its reference page)
SEARCHED = {"hadara": "colony", "tradewarz": "castle", "hexemonia": "gold"}
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


def words(text: str) -> set[str]:
    """The words of three letters or more (Latin letters), lower case: what an English
    sentence left in a page would share with its English original."""
    return {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)}


@cache
def kept_words(slug: str) -> frozenset[str]:
    """Words a translation may keep from the English: those the Italian catalogs of the game and
    of the web say elsewhere (names, the Italian edition's terms, ids such as HAD-1), not in the
    reference's own paragraphs."""
    paragraphs = {str(p) for sec in REFERENCES[slug].sections for p in sec.body}
    found: set[str] = set()
    for area in (slug, "web"):
        with (TRANSLATIONS / area / "it" / "LC_MESSAGES" / "messages.po").open("rb") as fh:
            for msg in read_po(fh, locale="it"):
                if msg.id and msg.id not in paragraphs and msg.string and msg.string != msg.id:
                    strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
                    found |= {w for s in strings for w in words(s)}
    return frozenset(found)


def sentences(text: str) -> list[str]:
    """An English paragraph's sentences and clauses of five words or more."""
    parts = re.split(r"(?<=[.;:])\s+|\s*\(\s*|\s*\)\s*", text)
    return [p.strip(" .;:") for p in parts if len(p.split()) >= 5]


def section_paragraphs(html: str, sec_id: str) -> list[str]:
    """The body paragraphs of one section as text (not its rulebook line, nor the game's box)."""
    found = re.search(rf'<section id="{re.escape(sec_id)}".*?</section>', html, re.S)
    assert found, sec_id
    body = re.sub(r'<p class="rule">.*?</p>|<div class="affects">.*?</div>', "",
                  found.group(0), flags=re.S)
    return [unescape(re.sub(r"<[^>]+>", "", p)).strip()
            for p in re.findall(r"<p>(.*?)</p>", body, re.S)]


def english_left(said: str, english: str, kept: frozenset[str] = frozenset()) -> list[str]:
    """What of an English paragraph is still English in its translation: the whole paragraph,
    a sentence of it (three English words or more), or most of its words (``kept``: words a
    translation may keep)."""
    if said == english:
        return [english]
    left = [s for s in sentences(english) if s in said and len(words(s) - kept) >= 3]
    en = words(english) - kept
    shared = en & words(said)
    if len(en) > 3 and len(shared) > 0.5 * len(en):
        left.append(f"{len(shared)} of {len(en)} English words: {sorted(shared)}")
    return left


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", sorted(REFERENCES))
def test_every_section_of_the_reference_reads_in_the_readers_language(client, slug, lang):
    html = client.get(f"/rules/{slug}", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    problems = []
    for sec in REFERENCES[slug].sections:
        said = section_paragraphs(html, sec.id)
        english = [str(p) for p in sec.body]
        assert len(said) == len(english), sec.id
        for n, (s, e) in enumerate(zip(said, english)):
            problems += [f"{sec.id} ¶{n + 1}: {left}"
                         for left in english_left(s, e, kept_words(slug))]
            if e in unescape(html):
                problems.append(f"{sec.id} ¶{n + 1}: the English paragraph is on the page")
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
