"""The score API of TradeWarz and Hexemonia reads exactly the keys its contract lists (the
guide's Score API section) and refuses any other by name, at every level, as Hadara's does
(issue 48: a typo such as 'silver_xadla' is a 400, never a line scored as nothing)."""
from pathlib import Path

import pytest

from companion.games import get_game
from companion.games.core import InvalidInput
from companion.games.hexemonia import scoring as hexemonia
from companion.games.tradewarz import quick as tradewarz

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guide.md"


def refused(slug, payload):
    with pytest.raises(InvalidInput) as err:
        get_game(slug).score_payload(payload)
    return {p.field: p.message for p in err.value.problems}


def house(name, **kw):
    return {"name": name, "golden_xadlas": 1, "silver_xadlas": 0, **kw}


def test_tradewarz_score_api_refuses_a_key_it_does_not_read_by_name():
    found = refused("tradewarz", {"players": [house("Amber", silver_xadla=2), house("Basalt")],
                                  "ruling": {"T3": "no-victor"}})
    assert set(found) == {"players[0].silver_xadla", "ruling"}
    assert found["players[0].silver_xadla"].startswith("unknown key 'silver_xadla'; the score "
                                                       "API reads name, golden_xadlas")


def player(name, city, **kw):
    return {"name": name, "city": city, **kw}


def test_hexemonia_score_api_refuses_a_key_it_does_not_read_at_every_level():
    found = refused("hexemonia", {"players": [
        player("Ana", "athens", philosophr=True,
               hexes=[{"kind": "polis", "nature": "economic", "actve": True}],
               myths=[{"nature": "economic", "activ": False}]),
        player("Ben", "sparta")], "revolt": True})
    assert set(found) == {"players[0].philosophr", "players[0].hexes[0].actve",
                          "players[0].myths[0].activ", "revolt"}
    assert "the score API reads kind, nature, active" in found["players[0].hexes[0].actve"]


def test_a_request_with_only_the_keys_read_still_scores():
    assert get_game("tradewarz").score_payload(
        {"players": [house("Amber", trading_posts=0), house("Basalt")], "rulings": {}})
    assert get_game("hexemonia").score_payload(
        {"players": [player("Ana", "athens", hexes=[{"nature": "sacred", "active": False}]),
                     player("Ben", "sparta")], "revolts": False, "rulings": {}})


@pytest.mark.parametrize("keys", [
    tradewarz.REQUEST_KEYS + tradewarz.PLAYER_KEYS,
    hexemonia.REQUEST_KEYS + hexemonia.PLAYER_KEYS + hexemonia.HEX_KEYS + hexemonia.MYTH_KEYS])
def test_every_key_the_score_api_reads_is_in_its_contract(keys):
    guide = GUIDE.read_text()
    contract = guide[guide.index("### Score API"):]
    contract = contract[:contract.index("\n## ")]
    for key in keys:
        assert f"`{key}`" in contract, key
