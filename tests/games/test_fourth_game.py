"""A fourth game, defined only in the test suite (``fourth_game/``: Coin toss), gets every generic
page without a line of the app naming it: setup, game page, history, undo, quick score pad, score
API, rulings (switched from the game), reference (with its live values) and search; and what a
game may have of its own: its board and style sheet, box data on its page, a board per seat and
a first player in a group's play. The app learns everything from the registry and from the
game's own folder: it is installed the one way every game is (``install``, a name added to the
list of installed games), and nothing outside its folder names it."""
from __future__ import annotations

import re

import pytest

from companion import games
from companion.games import GAMES, install
from companion.reference import REFERENCES
from companion.web import i18n
from tests.conftest import let_go, new_app
from tests.games.fourth_game import RULES
from tests.web.table import CSRF, WebTable

SLUG = "cointoss"


PACKAGE = "tests.games.fourth_game"


@pytest.fixture
def cointoss(monkeypatch):
    """Coin toss installed for one test, and taken away after it (no other test sees it)."""
    monkeypatch.setattr(games, "INSTALLED", (*games.INSTALLED, PACKAGE))
    assert install(PACKAGE) is RULES
    yield RULES
    GAMES.pop(SLUG, None)


@pytest.fixture
def app(tmp_path, empty_sqlite):
    """An app made after Coin toss is installed (every test asks for ``cointoss`` before the
    app), as a server is started with its games installed: its style sheet is built then."""
    app = new_app(empty_sqlite, tmp_path / "test.sqlite")
    yield app
    let_go(app)


@pytest.fixture
def table(cointoss, client, app):
    return WebTable.create(client, app, SLUG, [{"name": "Ana"}, {"name": "Bo"}])


def text(client, path: str, status: int = 200) -> str:
    resp = client.get(path)
    assert resp.status_code == status, (path, resp.status_code)
    return resp.get_data(as_text=True)


def token_of(table: WebTable) -> str:
    return table.path.rsplit("/", 1)[-1]


def test_a_registered_fourth_game_is_offered_and_set_up_from_its_own_fields(cointoss, client):
    assert "Coin toss" in text(client, "/")
    assert "/rules/cointoss" in text(client, "/rules")
    form = text(client, "/new/cointoss")
    assert 'name="players-0-name"' in form and 'name="ruling_CT-1"' in form
    resp = client.post("/new/cointoss", data={"csrf_token": CSRF.search(form).group(1),
                                               "players-0-name": "Ana"})
    assert resp.status_code == 422
    assert "Coin toss takes exactly 2 players" in resp.get_data(as_text=True)


def test_the_generic_game_page_offers_the_actions_of_a_game_without_a_board(table):
    page = table.page
    assert "Toss the coin (6 left)" in page
    assert f'action="/g/{token_of(table)}/do/toss"' in page
    assert 'name="side"' in page and 'name="player"' in page
    assert "No questions for Coin toss yet." in text(table.client, f"{table.path}/ask")


def test_a_fourth_game_is_played_its_history_kept_and_its_last_toss_undone(table):
    table.do("toss", player=0, side="heads")
    table.do("toss", player=1, side="tails")
    history = text(table.client, f"{table.path}/history")
    assert "Ana tossed heads" in history and "Bo tossed tails" in history
    assert "Toss the coin (4 left)" in table.page
    table.post("undo")
    assert [r.kind for r in table.rows()] == ["toss", "toss", "undo"]
    assert table.state().tosses == ((0, "heads"),)
    assert "Toss the coin (5 left)" in table.page
    assert "Redo:" in table.page and "Bo tossed tails" in table.page


def test_the_score_pad_of_a_fourth_game_names_its_own_tie_break_and_links_its_rules(table):
    table.do("toss", player=1, side="heads")
    table.do("toss", player=0, side="heads")
    score = text(table.client, f"{table.path}/score")
    assert "tie broken by the first heads" in score
    assert re.search(r'<b class="place">1</b> Bo\s', score)
    assert f'href="/rules/cointoss?game={token_of(table)}#scoring"' in score


def test_the_quick_pad_of_a_fourth_game_ranks_with_its_tie_break_words(cointoss, client):
    form = text(client, "/quick/cointoss?players=2")
    resp = client.post("/quick/cointoss", data={
        "csrf_token": CSRF.search(form).group(1), "ruling_CT-1": "no",
        "players-0-name": "Ana", "players-0-heads": "2",
        "players-1-name": "Bo", "players-1-heads": "2", "players-1-first": "y"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200, html[:2000]
    assert re.search(r'<b class="place">1</b> Bo\s*<small>tie broken by the first heads', html)


def test_the_score_api_of_a_fourth_game_scores_and_refuses_by_its_limits(cointoss, client):
    resp = client.post("/api/v1/cointoss/score", json={"players": [
        {"name": "Ana", "heads": 3}, {"name": "Bo", "heads": 1, "first": True}]})
    assert resp.status_code == 200
    body = resp.get_json()
    assert body["game"] == "cointoss"
    assert [p["total"] for p in body["players"]] == [3, 1]
    assert body["ranking"][0] == {"place": 1, "names": ["Ana"], "decided_by": "total"}
    refused = client.post("/api/v1/cointoss/score", json={"players": [
        {"name": "Ana", "heads": 9}, {"name": "Bo", "heads": 0}]})
    assert refused.status_code == 400
    assert "heads must be between 0 and 3, not 9" in refused.get_data(as_text=True)


def test_a_ruling_of_a_fourth_game_is_shown_linked_and_switched_from_the_game(table):
    table.do("toss", player=1, side="edge")
    token = token_of(table)
    page = text(table.client, f"/rules/cointoss/rulings?game={token}")
    assert 'id="CT-1"' in page and "Does a coin that lands on its edge count as heads?" in page
    resp = table.client.post(f"/rules/cointoss/rulings/{token}", data={
        "csrf_token": CSRF.search(page).group(1), "version": table.version,
        "ruling": "CT-1", "reading": "yes"})
    assert resp.status_code == 303
    assert table.state().rulings["CT-1"] == "yes"
    score = text(table.client, f"{table.path}/score")
    # the edge now scores for Bo; the applied ruling links to the game's own rulings page
    assert re.search(r'<b class="place">1</b> Bo\s', score)
    assert f'href="/rules/cointoss/rulings?game={token}#CT-1"' in score


def test_the_reference_of_a_fourth_game_shows_its_sections_and_live_values(table):
    table.do("toss", player=0, side="heads")
    page = text(table.client, f"/rules/cointoss?game={token_of(table)}")
    assert 'id="tossing"' in page and "a wobbly brass coin" in page
    assert re.search(r"<b>Ana</b>: heads so far 1", page)
    assert re.search(r"<b>Bo</b>: heads so far 0", page)


def test_search_finds_a_fourth_game_s_sections_and_rulings(cointoss, client):
    html = text(client, "/rules/search?q=wobbly")
    assert "Tossing the coin" in html and "/rules/cointoss#tossing" in html
    html = text(client, "/rules/search?q=edge&game_slug=cointoss")
    assert "CT-1" in html and "/rules/cointoss/rulings#CT-1" in html


def test_a_game_registered_from_outside_the_app_asks_for_no_catalog(cointoss):
    assert SLUG not in i18n.areas()
    assert {"web", "hadara", "tradewarz", "hexemonia"} <= set(i18n.areas())


def test_the_fourth_game_is_seen_only_while_registered(client):
    assert SLUG not in GAMES and SLUG not in REFERENCES
    assert "Coin toss" not in text(client, "/")
    text(client, "/rules/cointoss", 404)
    text(client, "/quick/cointoss", 404)
    found = text(client, "/rules/search?q=wobbly")
    assert "Tossing the coin" not in found and "/rules/cointoss" not in found


def test_a_fourth_game_brings_its_own_board_and_style_sheet_from_its_folder(table):
    assert "Toss the coin (6 left)" in table.page  # the generic actions it includes
    assert '<p class="coin-tosses">Tosses so far: 0</p>' in table.page
    sheet = re.search(r'href="(/static/gen/cointoss\.css)\?v=\w+"', table.page)
    assert sheet is not None
    assert ".coin-edge{font-style:italic}" in text(table.client, sheet.group(1))
    assert "cointoss.css" not in text(table.client, "/")


def test_a_fourth_games_page_offers_the_box_data_its_steps_taught_to_every_later_game(table):
    assert "This coin has landed on its edge before." not in table.page
    table.do("toss", player=0, side="edge")
    assert "This coin has landed on its edge before." in table.page
    again = WebTable.create(table.client, table.app, SLUG, [{"name": "Cy"}, {"name": "Di"}])
    # (no group: the server's box, issue 49)
    assert "This coin has landed on its edge before." in again.page


def test_a_fourth_games_board_is_drawn_for_the_seat_of_each_phone(table, app):
    assert "Tossing for" not in table.page
    table.post("seat", seat=1)
    assert "Tossing for Bo" in table.page
    other = WebTable(app.test_client(), app, table.path)
    assert "Tossing for" not in other.page
    other.post("seat", seat=0)
    assert "Tossing for Ana" in other.page and "Tossing for Bo" in table.refresh()


def test_a_fourth_games_play_in_a_group_names_its_own_first_player(cointoss, client, app):
    from companion import groups
    with app.test_request_context():
        group = groups.create_group("Friday")
    table = WebTable.create(client, app, SLUG, [{"name": "Ana"}, {"name": "Bo"}],
                            in_group=group.token)
    for seat in (1, 0, 1, 0, 1, 0):  # Bo tosses first
        table.do("toss", player=seat, side="tails")
    with app.test_request_context():
        (play,) = groups.plays_of(groups.find_group(group.token))
    assert {p["name"]: p["first"] for p in play.record["players"]} == {"Ana": False, "Bo": True}


def test_the_templates_a_game_brings_are_listed_with_the_apps_own(cointoss, app):
    """The server compiles every game page template before its first request (serve.py)."""
    names = app.jinja_env.list_templates()
    assert "game.html" in names and any(n.startswith("games/cointoss/") for n in names)
