"""The score pad has a row for every line any player has, and every column adds up to its total
(a purple card whose effect changes final scoring gives its holder a line the others lack)."""
import re

import pytest

from .table import WebTable, quick_data, score_pad, seat


def three(client, app) -> WebTable:
    return WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2),
                                                   seat("Cy", 3)])


def scoring_effect_on(table: WebTable, player: int) -> None:
    """``player`` buys, in round 1, a purple card whose effect changes final scoring."""
    others = iter(("yellow", "blue"))
    wheel = {f"seat{i + 1}": "purple" if i == player else next(others) for i in range(3)}
    table.do("wheel", **wheel)
    table.do("buy", player=player, colour="purple", cost=1, effect="2 points per colony",
             effect_changes="scoring")


def assert_columns_add_up(html: str) -> dict[str, list[int]]:
    rows, totals = score_pad(html)
    assert rows and totals
    for column, total in enumerate(totals):
        cells = [re.findall(r"<td>(.*?)</td>", row, re.S)[column]
                 for row in re.findall(r'<tr><th>[^<]+(?:<small class="rule">.*?</small>)?'
                                       r"</th>(.*?)</tr>", html, re.S)]
        points = [int(m.group(1)) for c in cells
                  if (m := re.search(r"<summary>(-?\d+)</summary>", c))]
        assert sum(points) == total, (column, cells, total)
    return rows


@pytest.mark.parametrize("player", [0, 2])
def test_a_scoring_effect_card_on_any_seat_leaves_every_page_of_the_game_drawn(client, app,
                                                                                player):
    table = three(client, app)
    scoring_effect_on(table, player)
    for path in (table.path, f"{table.path}/score", f"{table.path}/history",
                 f"{table.path}/board-view", f"{table.path}/table", f"{table.path}/export.json",
                 f"{table.path}?fix=1", f"{table.path}?show=buy"):
        resp = client.get(path)
        assert resp.status_code == 200, (path, resp.status_code)
    score = client.get(f"{table.path}/score").get_data(as_text=True)
    rows = assert_columns_add_up(score)
    assert "Purple effects" in rows


def test_a_scoring_effect_counted_at_the_end_has_its_own_row_and_the_column_adds_up(client,
                                                                                     app):
    table = three(client, app)
    scoring_effect_on(table, 2)
    table.do("effect_points", player=2, card=1, points=15)
    score = client.get(f"{table.path}/score").get_data(as_text=True)
    rows = assert_columns_add_up(score)
    assert rows["Purple effects"] == [15]  # Cy's cell; Ana and Ben hold no such line


@pytest.mark.parametrize("player", [0, 1])
def test_the_quick_pad_shows_effect_points_of_any_player_in_a_row_that_adds_up(client, player):
    extra = {f"players-{player}-cards__purple__count": 1,
             f"players-{player}-cards__purple__points": 0,
             f"players-{player}-effect_points": "15",
             f"players-{player}-tracks__food": 3}
    resp = client.post("/quick/hadara", data=quick_data(client, **extra))
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200, html[:2000]
    rows = assert_columns_add_up(html)
    assert rows["Purple effects"] == [15]


def test_the_score_api_gives_the_effect_line_only_to_its_holder_and_totals_add_up(client):
    players = [{"name": "Ana", "coins": 5, "cards": {"purple": {"count": 1, "points": 0}},
                "effect_points": [6], "tracks": {"food": 1}}, {"name": "Ben", "coins": 10}]
    body = client.post("/api/v1/hadara/score", json={"players": players}).get_json()
    sheets = {s["name"]: s for s in body["players"]}
    for s in sheets.values():
        assert sum(ln["points"] for ln in s["lines"]) == s["total"]
    assert "purple_effects" in [ln["id"] for ln in sheets["Ana"]["lines"]]


def test_the_score_api_lists_every_hadara_ruling_with_the_reading_it_applied(client):
    players = [{"name": "Ana", "coins": 5}, {"name": "Ben", "coins": 10}]
    sent = {"HAD-1": "all-coins", "HAD-2": "no-coins", "HAD-3": "purple-counts"}
    body = client.post("/api/v1/hadara/score",
                       json={"players": players, "rulings": sent}).get_json()
    from companion.games import get_game
    assert set(body["rulings"]) == set(get_game("hadara").rulings)
    assert {k: body["rulings"][k] for k in sent} == sent
