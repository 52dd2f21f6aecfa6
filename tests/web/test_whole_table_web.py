"""Whole-table checks on the web paths: the score API answers 400 listing every problem of a table
no game reaches, the quick pad refuses it with the same words (422), and both still score a legal
table. Rulebook sections are named in the words; the checks live in each game's ``holdings``."""
from html import unescape

import pytest

from tests.conftest import csrf_of


def api(client, slug, body):
    resp = client.post(f"/api/v1/{slug}/score", json=body)
    return resp.status_code, resp.get_json()


def fields(body):
    """Each field's problems (a field with two keeps both, joined)."""
    found: dict[str, str] = {}
    for e in body["errors"]:
        found[e["field"]] = "; ".join(filter(None, (found.get(e["field"]), e["message"])))
    return found


def pad(client, slug, n, data):
    sent = {"csrf_token": csrf_of(client, f"/quick/{slug}?players={n}"), **data}
    resp = client.post(f"/quick/{slug}", data=sent)
    return resp.status_code, unescape(resp.get_data(as_text=True))


# ------------------------------------------------------------------------------------ Hadara

def hadara(name, food, **cards):
    return {"name": name, "coins": 0, "tracks": {"food": food},
            "cards": {c: {"count": n, "points": 0} for c, n in cards.items()}}


def test_hadara_api_lists_every_card_problem_of_the_table_at_once(client):
    status, body = api(client, "hadara", {"players": [
        hadara("Ana", 40, yellow=7, red=10, blue=7, green=7), hadara("Ben", 1, red=3)]})
    found = fields(body)
    assert status == 400
    assert "Ana holds 31 cards; a player keeps at most 30" in found["players[0].cards"]
    assert "Ana holds 10 red cards; with 2 players at most 9" in found["players[0].cards.red"]
    assert "13 red cards together" in found["players"]
    assert "Ben holds 3 cards but the food track shows 1" in found["players[1].tracks.food"]
    assert "(Feed Your People)" in found["players[1].tracks.food"]
    status, _ = api(client, "hadara", {"players": [hadara("Ana", 30, red=9, blue=9),
                                                   hadara("Ben", 3, red=3)]})
    assert status == 200


def test_hadara_quick_pad_refuses_more_cards_than_food_with_the_rule(client):
    data = {"players-0-name": "Ana", "players-0-coins": 3, "players-0-tracks__income": 0,
            "players-0-tracks__military": 0, "players-0-tracks__culture": 0,
            "players-0-tracks__food": 1, "players-0-cards__red__count": 2,
            "players-1-name": "Ben", "players-1-coins": 1, "players-1-tracks__income": 0,
            "players-1-tracks__military": 0, "players-1-tracks__culture": 0,
            "players-1-tracks__food": 0}
    status, page = pad(client, "hadara", 2, data)
    assert status == 422
    assert "players[0].tracks.food: Ana holds 2 cards but the food track shows 1" in page
    status, _ = pad(client, "hadara", 2, {**data, "players-0-tracks__food": 2})
    assert status == 200


# --------------------------------------------------------------------------------- TradeWarz

def house(name, golden=0, silver=0, **more):
    return {"name": name, "golden_xadlas": golden, "silver_xadlas": silver, **more}


def test_tradewarz_api_lists_every_whole_table_problem_at_once(client):
    status, body = api(client, "tradewarz", {"players": [
        house("Ana", 30, 3, castles=3, villages=3, trading_posts=1),
        house("Ben", 11, 2, castles=2, villages=2), house("Cy", 0, 1, trading_posts=4)]})
    found = fields(body)
    assert status == 400
    assert "carry 4 silver Xadlas, not 3" in found["players[0].silver_xadlas"]
    assert "only posts 1 to 3 are on the map" in found["players[2].trading_posts"]
    together = [e["message"] for e in body["errors"] if e["field"] == "players"]
    assert not any("castles together" in m for m in together)  # 5 castles, 3 houses have 6
    assert any("41 golden Xadlas together" in m for m in together)


def test_tradewarz_api_refuses_more_castles_and_posts_than_the_houses_have(client):
    status, body = api(client, "tradewarz", {"players": [
        house("Ana", 1, 5, castles=3, villages=3), house("Ben", 1, 4, castles=2, villages=2)]})
    together = [e["message"] for e in body["errors"] if e["field"] == "players"]
    assert status == 400 and len(together) == 2
    assert "5 castles together; 2 houses have only 4" in together[1]
    assert "the houses hold 4 trading posts together" in together[0]
    assert api(client, "tradewarz", {"players": [
        house("Ana", 1, 3, castles=3, villages=3), house("Ben", 1, 3, castles=1, villages=1,
                                                         trading_posts=2)]})[0] == 200


def test_tradewarz_quick_pad_refuses_golden_xadlas_beyond_the_box_unless_t24_says_no_limit(
        client):
    data = {"players-0-name": "Ana", "players-0-golden_xadlas": 35,
            "players-0-silver_xadlas": 0, "players-1-name": "Ben",
            "players-1-golden_xadlas": 6, "players-1-silver_xadlas": 1}
    status, page = pad(client, "tradewarz", 2, data)
    assert status == 422 and "41 golden Xadlas together; the box holds 40" in page
    status, page = pad(client, "tradewarz", 2, {**data, "ruling_T24": "no-limit"})
    assert status == 200
    assert "the default reading refuses these facts: the houses hold 41 golden" in page


def test_tradewarz_quick_pad_refuses_a_fourth_post_with_three_houses(client):
    data = {"players-0-name": "Ana", "players-0-golden_xadlas": 1,
            "players-0-silver_xadlas": 2, "players-1-name": "Ben",
            "players-1-golden_xadlas": 1, "players-1-silver_xadlas": 1,
            "players-2-name": "Cy", "players-2-golden_xadlas": 1, "players-2-silver_xadlas": 1}
    status, page = pad(client, "tradewarz", 3, data)
    assert status == 422 and "the houses hold 4 trading posts together" in page


def test_the_tradewarz_rulings_page_shows_t24_with_its_readings(client):
    page = unescape(client.get("/rules/tradewarz/rulings").get_data(as_text=True))
    assert "T24" in page and "40 golden Xadlas" in page


# --------------------------------------------------------------------------------- Hexemonia

@pytest.mark.parametrize("myths, hexes, field", [
    ([{"nature": "sacred", "active": False}], [], "players[0].myths[0].nature"),
    ([{"nature": "sacred", "active": True}], [{"kind": "chora", "nature": "sacred",
                                               "active": False}], "players[0].myths[0].active"),
    ([{"nature": n, "active": True} for n in ("political", "military", "economic", "sacred")],
     [{"kind": "chora", "nature": n, "active": True}
      for n in ("political", "military", "economic", "sacred")], "players[0].myths"),
])
def test_hexemonia_api_refuses_myths_no_city_can_hold(client, myths, hexes, field):
    status, body = api(client, "hexemonia", {"players": [
        {"name": "Ana", "city": "athens", "hexes": hexes, "myths": myths},
        {"name": "Ben", "city": "sparta"}]})
    assert status == 400 and "Giocare un esagono Mito" in fields(body)[field]


def test_hexemonia_quick_pad_refuses_an_active_myth_without_an_active_hex(client):
    data = {"players-0-name": "Ana", "players-0-city": "athens",
            "players-0-myths": "military, sacred inactive", "players-1-name": "Ben",
            "players-1-city": "sparta"}
    status, page = pad(client, "hexemonia", 2, data)
    assert status == 422
    assert "an active military Myth needs an active military hex to hold its token" in page
    status, _ = pad(client, "hexemonia", 2, {**data, "players-0-fortification_military": 1})
    assert status == 200
