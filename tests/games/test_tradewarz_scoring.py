"""TradeWarz final ranking: Xadlas silver and golden alike, the four tie-breaks, the score API."""
import pytest

from companion.games.core import InvalidInput
from companion.games.tradewarz import RULES
from companion.web.views.api import result_to_json


def _p(name, golden=0, silver=0, **more):
    return {"name": name, "golden_xadlas": golden, "silver_xadlas": silver, **more}


def _score(*players, rulings=None):
    payload = {"players": list(players)}
    if rulings:
        payload["rulings"] = rulings
    return result_to_json(RULES.score_payload(payload))


def test_silver_and_golden_xadlas_count_alike():
    body = _score(_p("Ana", 2, 3), _p("Ben", 4, 0))
    assert [p["total"] for p in body["players"]] == [5, 4]
    assert body["ranking"][0] == {"place": 1, "names": ["Ana"], "decided_by": "total"}
    assert [line["id"] for line in body["players"][0]["lines"]] == ["golden_xadlas",
                                                                   "silver_xadlas"]


@pytest.mark.parametrize("ana, ben, decided", [
    ({"golden": 3, "silver": 1}, {"golden": 2, "silver": 2}, "golden_xadlas"),
    ({"soldiers": 4, "tech_strength": 3}, {"soldiers": 6}, "strength"),
    ({"settlements": 1, "villages": 1, "castles": 1}, {"settlements": 3, "villages": 1},
     "empire"),
    # (a farthest building is one of the house's buildings)
    ({"farthest_build": 5, "settlements": 1}, {"farthest_build": 4, "settlements": 1},
     "farthest_build"),
])
def test_ties_are_broken_by_golden_then_strength_then_empire_then_farthest(ana, ben, decided):
    base = {"golden": 2, "silver": 1}  # 2 houses: trading posts 1-3 carry 3 silver at most
    body = _score(_p("Ben", **{**base, **ben}), _p("Ana", **{**base, **ana}))
    assert body["ranking"][0] == {"place": 1, "names": ["Ana"], "decided_by": decided}
    assert body["ranking"][1]["place"] == 2


def test_a_tie_through_every_tie_break_is_shared_competition_style():
    body = _score(_p("Ana", 1, 1), _p("Ben", 1, 1), _p("Cy", 0, 1))
    assert body["ranking"] == [{"place": 1, "names": ["Ana", "Ben"], "decided_by": "shared"},
                               {"place": 3, "names": ["Cy"], "decided_by": "total"}]


def test_empire_counts_villages_under_castles_unless_t16_castle_only():
    ana = _p("Ana", 1, 1, villages=2, castles=1)       # 2x2 + 4 = 8, or 2 + 4 = 6
    ben = _p("Ben", 1, 1, settlements=5, villages=1)   # 5 + 2 = 7
    assert _score(ana, ben)["ranking"][0]["names"] == ["Ana"]
    body = _score(ana, ben, rulings={"T16": "castle-only"})
    assert body["ranking"][0]["names"] == ["Ben"] and body["rulings"]["T16"] == "castle-only"


def test_response_lists_every_ruling_applied():
    assert set(_score(_p("A"), _p("B"))["rulings"]) == set(RULES.rulings)
    assert {f"T{i}" for i in range(1, 20)} <= set(RULES.rulings)


def test_invalid_facts_list_every_problem_with_its_path():
    with pytest.raises(InvalidInput) as err:
        RULES.parse_facts({"players": [{"name": "", "golden_xadlas": -1},
                                       {"name": "B", "castles": "x", "soldiers": True}],
                           "rulings": {"T99": "x"}})
    assert {p.field for p in err.value.problems} == {
        "players[0].name", "players[0].golden_xadlas", "players[1].castles",
        "players[1].soldiers", "rulings.T99"}


def test_score_api_needs_two_to_six_players():
    with pytest.raises(InvalidInput) as err:
        RULES.parse_facts({"players": [_p("A")]})
    assert err.value.problems[0].field == "players"
