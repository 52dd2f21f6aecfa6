"""The rules reference, search, rulings pages, house rules and "Can I do this?" through the
Flask client."""
import re
from html import unescape

import pytest

from companion.games import GAMES
from companion.reference import REFERENCES

from .table import WebTable, new_group

# Every ambiguity of the rule digests, by id (HAD-*, T*, H*).
DIGEST_RULINGS = {
    "hadara": ["HAD-1", "HAD-2", "HAD-3"],
    "tradewarz": [f"T{i}" for i in range(1, 20)],
    "hexemonia": [f"H{i}" for i in range(1, 25)],
}


def seat(name, initiative, **kw):
    return {"name": name, "initiative": initiative, "side": "A", "coins": 5, "income": 2,
            "military": 3, "culture": 1, "food": 2, **kw}


@pytest.fixture
def table(client, app):
    return WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2, military=6)])


def token_of(table):
    return table.path.rsplit("/", 1)[-1]


def page(client, path, status=200):
    resp = client.get(path)
    assert resp.status_code == status, (path, resp.status_code)
    return resp.get_data(as_text=True)


# ----------------------------------------------------------------------------- reference

@pytest.mark.parametrize("slug", sorted(REFERENCES))
def test_reference_page_has_an_anchor_and_a_citation_for_every_section(client, slug):
    html = page(client, f"/rules/{slug}")
    for sec in REFERENCES[slug].sections:
        assert f'id="{sec.id}"' in html and f'href="#{sec.id}"' in html
    assert html.count("Rulebook: ") == len(REFERENCES[slug].sections)


def test_rules_index_and_unknown_game(client):
    html = page(client, "/rules")
    assert all(f"/rules/{slug}" in html for slug in REFERENCES)
    page(client, "/rules/chess", 404)
    page(client, "/rules/chess/rulings", 404)


def test_every_page_links_to_the_rules(client):
    assert 'href="/rules"' in page(client, "/")


def test_section_opened_from_a_game_lists_each_players_related_values(client, table):
    html = page(client, f"/rules/hadara?game={token_of(table)}")
    colony = re.search(r'<section id="take-colony".*?</section>', html, re.S).group(0)
    assert "<b>Ana</b>: military 3" in colony and "<b>Ben</b>: military 6" in colony
    feed = re.search(r'<section id="feed".*?</section>', html, re.S).group(0)
    assert "cards 0" in feed and "food 2" in feed
    assert "In this game" not in page(client, "/rules/hadara")  # not opened from a game


def test_a_game_of_another_title_shows_no_values(client, table):
    assert "In this game" not in page(client, f"/rules/tradewarz?game={token_of(table)}")


# -------------------------------------------------------------------------------- search

@pytest.mark.parametrize("query, slug, anchor", [
    ("colonies", "hadara", "take-colony"),     # plural finds the singular
    ("colony", "hadara", "take-colony"),
    ("statues", "hadara", "carve-statue"),
    ("citta", "hexemonia", "overview"),        # without the accent finds "città"
    ("città", "hexemonia", "overview"),
    ("battles", "tradewarz", "battle"),
    ("philosopher tie", "hexemonia", "H9"),    # rulings are searched too
    ("leftover coins", "hadara", "HAD-1"),
    ("xadl", "tradewarz", "xadlas"),           # the last word matches as a prefix
])
def test_search_is_tolerant_of_plurals_and_accents_and_links_to_sections(
        client, query, slug, anchor):
    html = page(client, f"/rules/search?q={query}")
    assert re.search(rf'href="/rules/{slug}(/rulings)?#{re.escape(anchor)}"', html), query


@pytest.mark.parametrize("query", ['"', "AND OR NOT", "col*", "(", "a" * 500, "", "  "])
def test_search_never_fails_on_odd_input(client, query):
    page(client, f"/rules/search?q={query}")


def test_search_builds_its_index_once_per_language_not_per_search(client, monkeypatch):
    """What keeps a search fast: the full-text index of a language is built once, then every
    search in that language reads it (a rebuild per search would be the slow path). Seen as
    the index each search is given (``INDEX.ensure``): one per language, however many
    searches."""
    from companion.reference.search import INDEX
    real, given = INDEX.ensure, []
    monkeypatch.setattr(INDEX, "ensure", lambda *args: given.append(real(*args)) or given[-1])
    for _ in range(10):
        assert "<mark>" in page(client, "/rules/search?q=colonies")
    english = {id(db) for db in given}
    given.clear()
    for _ in range(10):
        client.get("/rules/search?q=colonie", headers={"Accept-Language": "it"})
    italian = {id(db) for db in given}
    assert len(english) == 1 and len(italian) == 1 and english != italian


def test_search_marks_matches_and_escapes_the_query(client):
    html = page(client, "/rules/search?q=colonies")
    assert "<mark>" in html
    assert "<script>" not in page(client, "/rules/search?q=<script>")


# ------------------------------------------------------------------------------- rulings

@pytest.mark.parametrize("slug", sorted(DIGEST_RULINGS))
def test_rulings_page_lists_every_ruling_of_the_digest_with_default_and_why(client, slug):
    html = page(client, f"/rules/{slug}/rulings")
    for rid in DIGEST_RULINGS[slug]:
        assert f'id="{rid}"' in html, rid
    for rid, r in GAMES[slug].rulings.items():
        section = re.search(rf'<section id="{rid}".*?</section>', html, re.S).group(0)
        assert "Default:" in section and "Alternative:" in section
        # the default reading in words (its key is the program's, never shown)
        assert str(r.readings[r.default]) in unescape(section)


def test_a_ruling_added_to_the_registry_appears_without_a_restart(client, monkeypatch):
    from companion.games.core import Ruling
    rules = GAMES["hadara"]
    extra = Ruling("HAD-9", "A test question?", "a", {"a": "one", "b": "other"}, "testing")
    monkeypatch.setattr(type(rules), "rulings", {**rules.rulings, "HAD-9": extra})
    assert 'id="HAD-9"' in page(client, "/rules/hadara/rulings")


def switch(client, table, reading, remember):
    html = page(client, f"/rules/hadara/rulings?game={token_of(table)}")
    csrf = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html).group(1)
    data = {"csrf_token": csrf, "version": str(table.version), "ruling": "HAD-1",
            "reading": reading}
    if remember:
        data["remember"] = "1"
    resp = client.post(f"/rules/hadara/rulings/{token_of(table)}", data=data)
    assert resp.status_code == 303 and "#HAD-1" in resp.headers["Location"]
    table.refresh()


def test_switching_a_ruling_is_recorded_in_the_history(client, table):
    switch(client, table, "all-coins", remember=False)
    assert table.rows()[-1].kind == "ruling" and table.state().rulings["HAD-1"] == "all-coins"
    other = WebTable.create(client, table.app, "hadara", [seat("Cy", 1), seat("Di", 2)])
    assert other.state().rulings["HAD-1"] == "remainder"  # not remembered: default again


def test_a_remembered_house_rule_is_the_default_of_the_groups_next_games(client, app):
    group = new_group(client)
    table = WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)],
                            in_group=group)
    switch(client, table, "all-coins", remember=True)
    assert "House rule" in page(client, f"/group/{group}/box/hadara")
    other = WebTable.create(client, app, "hadara", [seat("Cy", 1), seat("Di", 2)],
                            in_group=group)
    assert other.state().rulings["HAD-1"] == "all-coins"
    assert ("Our house rule for new games: every coin held at the end of the game"
            in page(client, f"/rules/hadara/rulings?game={token_of(other)}"))


def test_a_watch_link_cannot_switch_a_ruling(client, table, app):
    from companion import store
    with app.app_context():
        watch = store.find_game(token_of(table))[0].watch_token
    resp = client.post(f"/rules/hadara/rulings/{watch}", data={
        "csrf_token": table.csrf, "ruling": "HAD-1", "reading": "all-coins"})
    assert resp.status_code == 403 and table.rows() == []


def test_score_pad_shows_which_numbers_a_switched_ruling_changed(client, table):
    # Ana: a 1-point card and 4 coins (0 points, 4 left over); Ben: 5 coins (1 point, 0 left).
    # Tied on 1 point: the remainder reading puts Ana first, all coins (4 vs 5) puts Ben first.
    table.do("buy", player="0", colour="red", cost="0", points="1")
    table.do("sell", player="1")
    coins = [p.coins for p in table.state().players]
    table.do("correct", player="0", value="coins", delta=str(4 - coins[0]))
    table.do("correct", player="1", value="coins", delta=str(5 - coins[1]))
    assert "ruling-change" not in table.page  # default readings: nothing to flag
    switch(client, table, "all-coins", remember=False)
    note = re.search(r'<p class="note ruling-change">.*?</p>', table.page, re.S).group(0)
    # the readings by their words, not their ids
    assert "read as every coin held at the end of the game (default coins left after" in note
    assert "Ana: place 2 (default 1)" in note and "Ben: place 1 (default 2)" in note


# ---------------------------------------------------------------------------- deep links

def test_score_pad_lines_link_to_their_section(client, table):
    assert f'href="/rules/hadara?game={token_of(table)}#end"' in table.page


def test_a_refusal_links_to_the_rule_it_names(client, table):
    resp = table.do("colony", expect=422, player="0", requirement="1", points="1",
                    choice="plunder", coins="1")
    html = resp.get_data(as_text=True)
    alert = re.search(r'<div class="alert".*?</div>', html, re.S).group(0)
    assert 'class="rule-link"' in alert and "#" in alert


def test_history_rule_column_links_to_the_section(client, table):
    table.do("correct", player="0", value="coins", delta="1")
    html = page(client, f"{table.path}/history")
    assert f'href="/rules/hadara?game={token_of(table)}#companion"' in html


def test_game_page_offers_can_i_do_this(client, table):
    assert f'href="{table.path}/ask"' in table.page


# ------------------------------------------------------------------------ can I do this?

def test_ask_page_answers_with_the_numbers_and_links_the_rule(client, table):
    for _ in range(5):  # a colony is taken in its own step: walk the table there
        table.do("sell", player="0")
        table.do("sell", player="1")
    table.do("next", anyway="1")
    table.do("income")
    html = page(client, f"{table.path}/ask?q=colony&player=0&requirement=5")
    assert 'class="answer no"' in html and "military is 3; this colony needs 5" in html
    table.do("no_colony", player="0")  # colonies go in turn from the first player (Ana)
    html = page(client, f"{table.path}/ask?q=colony&player=1&requirement=5")
    answer = re.search(r'<div class="answer yes".*?</div>', html, re.S).group(0)
    assert "<th>military</th><td>6</td>" in answer and "<th>requirement</th><td>5</td>" in answer
    assert f'/rules/hadara?game={token_of(table)}#take-colony' in answer


def test_ask_card_price_after_discount(client, table):
    table.do("buy", player="0", colour="red", cost="0")
    table.do("sell", player="1")
    html = page(client, f"{table.path}/ask?q=card&player=0&colour=red&cost=7")
    # printed 7, minus 1 red card owned = 6; Ana has 5 coins
    assert "<th>price</th><td>6</td>" in html and "Ana has 5 coins; this red card costs 6" in html


def test_ask_with_bad_input_names_the_problem(client, table):
    html = page(client, f"{table.path}/ask?q=colony&player=7&requirement=x", 422)
    assert "whole number" in html or "between" in html


@pytest.mark.parametrize("slug", ["tradewarz", "hexemonia"])
def test_ask_page_opens_for_every_game(client, app, slug):
    from tests.table_helpers import sample_game
    game = sample_game(app, slug)
    page(client, f"/g/{game.play_token}/ask")
    page(client, "/g/nonexistent/ask", 404)


@pytest.mark.parametrize("slug, query, expected", [
    ("tradewarz", "q=spring&player=0", "golden Xadla"),
    ("tradewarz", "q=battle&attacker=0&defender=1&site=field&attacker_soldiers=2"
                  "&attacker_card_s=4&attacker_card_k=1&attacker_card_b=1&defender_soldiers=2"
                  "&defender_card_s=2&defender_card_k=3&defender_card_b=1",
     "Yes: P1 wins"),
    ("hexemonia", "q=philosopher", "Philosopher"),
    ("hexemonia", "q=attack&player=1&target=Acropoli&adjacent=&hoplites=3&citizens=0", "No:"),
])
def test_ask_page_answers_for_tradewarz_and_hexemonia(client, app, slug, query, expected):
    from tests.table_helpers import sample_game
    game = sample_game(app, slug)
    html = page(client, f"/g/{game.play_token}/ask?{query}")
    assert 'class="answer' in html and expected in html


# ------------------------------------------------- search: plain questions, reader's language

def search_hits(client, query: str, lang: str) -> list[str]:
    html = client.get("/rules/search", query_string={"q": query},
                      headers={"Accept-Language": lang}).get_data(as_text=True)
    return re.findall(r'<li><a href="([^"]+)">', html)


def test_search_answers_a_plain_question_not_only_a_list_of_words(client):
    # no section has "how", "many", "do", "I" and "start": the rules words still find it
    hits = search_hits(client, "How many coins do I start with?", "en")
    assert hits and hits[0].startswith("/rules/hadara"), hits


def test_search_finds_italian_words_in_an_italian_readers_language(client):
    # "colonie" is only in the Italian words of Hadara's "Take a Colony" (not in the English)
    assert "/rules/hadara#take-colony" in search_hits(client, "colonie", "it")
    assert "/rules/hexemonia#myths" in search_hits(client, "Come si gioca un mito?", "it")


def test_search_finds_chinese_words_in_a_chinese_readers_language(client):
    # Chinese has no spaces: a run of characters is looked up as a phrase
    assert "/rules/hadara#take-colony" in search_hits(client, "殖民地", "zh")
    assert any(h.startswith("/rules/hexemonia") for h in search_hits(client, "神话", "zh"))
    assert search_hits(client, "开始时有多少钱币？", "zh")  # a plain question in Chinese
