"""Hexemonia: the Myths a whole table can hold at the end, refused together on the score API and
the quick pad. Rulebook: "B) Giocare un esagono Mito" (a Myth's token on a hex of its nature in
its owner's city, the Myth active only while that hex is, at most 3 Myths; ruling H4)."""
import pytest

from companion.games.core import InvalidInput
from companion.games.hexemonia import RULES


def hexes(*specs):
    return [{"kind": k, "nature": n, "active": a} for k, n, a in specs]


def myths(*specs):
    return [{"nature": n, "active": a} for n, a in specs]


def ana(hex_specs=(), myth_specs=()):
    return {"name": "Ana", "city": "athens", "hexes": hexes(*hex_specs),
            "myths": myths(*myth_specs)}


BEN = {"name": "Ben", "city": "sparta"}


def errors(*players):
    with pytest.raises(InvalidInput) as err:
        RULES.parse_facts({"players": list(players)})
    return {p.field: p.message for p in err.value.problems}


def totals(*players):
    return [s.total for s in RULES.score_payload({"players": list(players)}).sheets]


def test_a_myth_needs_a_hex_of_its_nature_to_hold_its_token_even_when_inactive():
    # review N7: two inactive Myths and no hex were scored as an 8-point trio with the Acropolis
    found = errors(ana(myth_specs=(("political", False), ("sacred", False))), BEN)
    assert "a political Myth's token sits on a political hex of its owner's city; Ana has none" \
        in found["players[0].myths[0].nature"]
    assert "Giocare un esagono Mito" in found["players[0].myths[1].nature"]


def test_an_inactive_myth_needs_an_inactive_hex_of_its_nature():
    only_active = ana((("chora", "sacred", True),), (("sacred", False),))
    found = errors(only_active, BEN)
    assert "every sacred hex of Ana is active" in found["players[0].myths[0].active"]
    held = ana((("chora", "sacred", True), ("polis", "sacred", False)), (("sacred", False),))
    assert totals(held, BEN)[0] == 1  # the active Chora; an inactive Myth scores nothing


def test_an_active_myth_whose_holding_hex_is_inactive_is_refused():
    found = errors(ana((("chora", "military", False),), (("military", True),)), BEN)
    assert found["players[0].myths[0].active"] == (
        "an active military Myth needs an active military hex to hold its token; Ana has none "
        "(B) Giocare un esagono Mito)")


def test_more_than_3_myths_a_player_are_refused_naming_the_rule():
    four = ana([("chora", n, True) for n in ("political", "military", "economic", "sacred")],
               [(n, True) for n in ("political", "military", "economic", "sacred")])
    found = errors(four, BEN)
    assert "Ana has 4 Myths; a player has at most 3" in found["players[0].myths"]
    assert "ruling H4" in found["players[0].myths"]


def test_every_myth_problem_of_the_table_is_listed_at_once():
    found = errors(ana(myth_specs=(("political", False), ("sacred", True))),
                   {**BEN, "myths": myths(("military", False))},
                   {"name": "Cy", "city": "olympia", "acropolis_gold": -1})
    assert {"players[0].myths[0].nature", "players[0].myths[1].active",
            "players[1].myths[0].nature", "players[2].acropolis_gold"} <= set(found)


def test_an_inactive_hex_may_leave_out_its_kind_but_an_active_one_may_not():
    held = ana(myth_specs=(("sacred", False),))
    held["hexes"] = [{"nature": "sacred", "active": False}]
    assert totals(held, BEN)[0] == 0
    held["hexes"] = [{"nature": "sacred", "active": True}]
    assert "players[0].hexes[0].kind" in errors(held, BEN)


def test_the_quick_pad_takes_an_inactive_myth_as_sitting_on_an_inactive_hex_of_its_nature():
    payload = RULES.quick_payload({"revolts": True}, [
        {"name": "Ana", "city": "athens", "myths": "sacred inactive, political"},
        {"name": "Ben", "city": "sparta"}])
    assert payload["players"][0]["hexes"] == [{"nature": "sacred", "active": False}]
    with pytest.raises(InvalidInput) as err:  # the active political Myth has no hex of its own
        RULES.score_payload(payload)
    assert [p.field for p in err.value.problems] == ["players[0].myths[1].active"]
