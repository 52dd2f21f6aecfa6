"""The table view (every player's board side by side, big, read-only, live) and the compact
"everyone at a glance" row on the game page (issue 22). Generic over every registered game."""
from __future__ import annotations

import re

import pytest

from companion import store
from companion.games import GAMES, get_game
from tests.table_helpers import sample_setup

ALL_GAMES = sorted(GAMES)
TOTAL = re.compile(r'class="big-total" data-player="(\d+)">(-?\d+)</p>')


def new_game(app, slug: str, players: int = 3):
    with app.app_context():
        return store.create_game(get_game(slug), sample_setup(get_game(slug), players))


def totals(app, game) -> list[int]:
    with app.app_context():
        state = store.state_of(store.find_game(game.play_token)[0])
        return [s.total for s in get_game(game.slug).score(state).sheets]


@pytest.mark.parametrize("slug", ALL_GAMES)
def test_table_view_shows_every_players_total_from_the_games_own_score(app, client, slug):
    game = new_game(app, slug)
    page = client.get(f"/g/{game.play_token}/board-view")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    shown = [(int(i), int(v)) for i, v in TOTAL.findall(html)]
    assert shown == list(enumerate(totals(app, game)))
    with app.app_context():
        names = get_game(slug).player_names(store.state_of(game))
    for name in names:
        assert f"<h2>{name}</h2>" in html


@pytest.mark.parametrize("slug", ALL_GAMES)
def test_table_view_is_read_only_and_polls_the_version_like_the_game_page(app, client, slug):
    game = new_game(app, slug)
    html = client.get(f"/g/{game.play_token}/board-view").get_data(as_text=True)
    assert "<form" not in html
    assert f'data-version="{game.version}"' in html
    assert f'data-version-url="/g/{game.play_token}/v"' in html


def test_table_view_opens_with_a_watch_link_too_and_not_with_an_unknown_one(app, client):
    game = new_game(app, ALL_GAMES[0])
    assert client.get(f"/g/{game.watch_token}/board-view").status_code == 200
    assert client.get("/g/no-such-token/board-view").status_code == 404


@pytest.mark.parametrize("slug", ALL_GAMES)
def test_game_page_has_everyone_at_a_glance_and_links_the_table_view(app, client, slug):
    game = new_game(app, slug)
    html = client.get(f"/g/{game.play_token}").get_data(as_text=True)
    row = re.search(r'<p class="glance"[^>]*>(.*?)</p>', html, re.S)
    assert row, "no glance row"
    assert [int(v) for v in re.findall(r"<b>(-?\d+)</b>", row.group(1))] == totals(app, game)
    assert f"/g/{game.play_token}/board-view" in row.group(1)


def test_the_table_view_says_where_the_table_is_and_whose_turn_it_is(app, client):
    """Phone review P2: the tablet in the middle of the table showed the totals but not the
    step or whose turn it was."""
    from html import unescape

    from tests.web.table import WebTable
    table = WebTable.create(client, app, "tradewarz", [{"name": "Amber"}, {"name": "Basalt"}],
                            end_mode="years", years="2")
    view = unescape(client.get(f"{table.path}/board-view").get_data(as_text=True))
    assert '<p class="now">Year 1, Summer (roll the red die to march): Amber chooses an action.' \
        in view
    boards = re.findall(r'<section class="board([^"]*)">\s*<h2>(.*?)</h2>(<p class="turn">)?',
                        view, re.S)
    assert boards == [(" turn", "Amber", '<p class="turn">'), ("", "Basalt", "")]
    assert '<p class="turn">to play</p>' in view
