"""Hexemonia scoring: the rulebook's example 7, the score API contract, rulings H1–H3, H19."""
import pytest

from companion.games import get_game
from companion.games.core import InvalidInput
from companion.games.hexemonia import myth_trios
from companion.web.views.api import result_to_json

RULES = get_game("hexemonia")


def hexes(*specs):
    """``hexes(("polis", "political", True), ...)`` as score-API hex objects."""
    return [{"kind": k, "nature": n, "active": a} for k, n, a in specs]


def andrea():
    """Example 7, left city: Athens, 2 active Fortifications, 4 active Polis, 4 gold, 1 Myth."""
    return {"name": "Andrea", "city": "athens", "acropolis_gold": 4, "philosopher": True,
            "hexes": hexes(("fortification", "military", True),
                           ("fortification", "military", True),
                           ("polis", "political", True), ("polis", "political", True),
                           ("polis", "military", True), ("polis", "political", True),
                           ("chora", "economic", False)),
            "myths": [{"nature": "political", "active": True}]}


def barbara():
    """Example 7, centre city: Sparta, one of two Walls active, 5 Chora, 3 Polis, 3 gold, and
    two Myths that with the Acropolis do not make three natures."""
    return {"name": "Barbara", "city": "sparta", "acropolis_gold": 3,
            "hexes": hexes(("fortification", "military", True),
                           ("fortification", "military", False),
                           ("fortification", "military", True),
                           *[("chora", "economic", True)] * 5,
                           ("polis", "sacred", True), ("polis", "military", True),
                           ("polis", "political", True)),
            "myths": [{"nature": "military", "active": True},
                      {"nature": "political", "active": True}]}


def corrado():
    return {"name": "Corrado", "city": "olympia", "acropolis_gold": 0}


def score(players, **top):
    return result_to_json(RULES.score_payload({"players": players, **top}))


def test_example_7_andrea_scores_22_with_athens_bonus():
    andrea_json = score([andrea(), barbara(), corrado()])["players"][0]
    points = {ln["id"]: ln["points"] for ln in andrea_json["lines"]}
    assert points == {"chora_fortification": 2, "polis": 8, "myth_trio": 0,
                      "acropolis_gold": 4, "philosopher": 0, "city_bonus": 8}
    assert andrea_json["total"] == 22


def test_example_7_barbara_scores_22_with_sparta_bonus_and_no_trio():
    barbara_json = score([andrea(), barbara(), corrado()])["players"][1]
    points = {ln["id"]: ln["points"] for ln in barbara_json["lines"]}
    assert points["chora_fortification"] == 7
    assert points["polis"] == 6
    assert points["myth_trio"] == 0
    assert points["city_bonus"] == 6
    assert barbara_json["total"] == 22


def test_tie_on_total_is_split_by_active_hexes_of_the_acropolis_nature():
    # Andrea (Athens, economic) has no active economic hex; Barbara (Sparta, military) has 4
    # active military hexes and a military Myth.
    ranking = score([andrea(), barbara(), corrado()])["ranking"]
    assert ranking[0] == {"place": 1, "names": ["Barbara"], "decided_by": "acropolis_nature"}
    assert ranking[1] == {"place": 2, "names": ["Andrea"], "decided_by": "acropolis_nature"}


def test_second_tie_break_is_acropolis_gold_then_shared():
    a = {"name": "A", "city": "athens", "acropolis_gold": 2}
    b = {"name": "B", "city": "sparta", "acropolis_gold": 1,
         "hexes": hexes(("chora", "political", True))}
    out = score([a, b])
    assert out["players"][0]["total"] == out["players"][1]["total"] == 2
    assert out["ranking"][0] == {"place": 1, "names": ["A"], "decided_by": "acropolis_gold"}
    same = score([a, {**a, "name": "C", "city": "sparta"}])
    assert same["ranking"] == [{"place": 1, "names": ["A", "C"], "decided_by": "shared"}]


@pytest.mark.parametrize("natures, acropolis, trios", [
    (["political", "military"], "economic", 1),      # the Acropolis stands in
    (["political", "military"], "military", 0),      # only two natures
    (["political", "military", "sacred"], "economic", 1),  # four hexes, one trio
    ([], "economic", 0),
    (["sacred", "sacred", "political"], "economic", 1),
])
def test_myth_trio_needs_three_natures_each_hex_once(natures, acropolis, trios):
    assert myth_trios(natures + [acropolis]) == trios


def trio_player(active):
    return {"name": "T", "city": "athens", "acropolis_gold": 0,
            "hexes": hexes(("chora", "political", active), ("chora", "military", True)),
            "myths": [{"nature": "political", "active": active},
                      {"nature": "military", "active": True}]}


@pytest.mark.parametrize("reading, points", [("any", 8), ("active", 0)])
def test_h3_trio_counts_inactive_myths_unless_ruling_requires_active(reading, points):
    out = score([trio_player(False), corrado() | {"city": "sparta"}], rulings={"H3": reading})
    assert out["players"][0]["lines"][2]["points"] == points
    assert out["rulings"]["H3"] == reading


def test_olympia_scores_3_per_active_myth_but_not_for_its_acropolis_h2():
    olympia = {"name": "O", "city": "olympia", "acropolis_gold": 0,
               # hold the active Myth's token, and the inactive one's
               "hexes": hexes(("chora", "political", True), ("chora", "military", False)),
               "myths": [{"nature": "political", "active": True},
                         {"nature": "military", "active": False}]}
    out = score([olympia, {"name": "A", "city": "athens"}, {"name": "S", "city": "sparta"}])
    bonus = out["players"][0]["lines"][5]
    assert bonus["points"] == 3
    assert "unverified" in bonus["detail"]


def test_h1_alternative_gives_olympia_one_per_chora():
    olympia = {"name": "O", "city": "olympia",
               "hexes": hexes(("chora", "sacred", True), ("chora", "sacred", True))}
    others = [{"name": "A", "city": "athens"}, {"name": "S", "city": "sparta"}]
    default = score([olympia, *others])["players"][0]["lines"][5]["points"]
    other = score([olympia, *others], rulings={"H1": "alternative"})["players"][0]
    assert (default, other["lines"][5]["points"]) == (0, 2)


@pytest.mark.parametrize("revolts, philosopher_points", [(False, 3), (True, 0)])
def test_philosopher_is_worth_3_only_in_two_player_game_without_revolts(revolts,
                                                                       philosopher_points):
    a = {"name": "A", "city": "athens", "philosopher": True}
    out = score([a, {"name": "B", "city": "sparta"}], revolts=revolts)
    assert out["players"][0]["lines"][4]["points"] == philosopher_points


def test_h19_hexes_only_ignores_myths_for_the_tie_break():
    a = {"name": "A", "city": "athens", "myths": [{"nature": "economic", "active": True}],
         "hexes": hexes(("chora", "economic", True))}  # the Myth's token sits on it
    b = {"name": "B", "city": "sparta", "hexes": hexes(("chora", "military", True))}
    assert score([a, b])["ranking"][0]["decided_by"] == "acropolis_nature"
    assert score([a, b], rulings={"H19": "hexes-only"})["ranking"][0]["names"] == ["A", "B"]


def test_score_api_lists_every_problem_with_its_path():
    bad = {"revolts": False, "rulings": {"H3": "maybe"}, "players": [
        {"name": "A", "city": "rome", "acropolis_gold": -1},
        {"name": "A", "city": "athens", "philosopher": True,
         "hexes": [{"kind": "temple", "nature": "sacred"}],
         "myths": [{"nature": "sacred"}] * 4},
        {"name": "C", "city": "athens", "philosopher": True}]}
    with pytest.raises(InvalidInput) as err:
        RULES.parse_facts(bad)
    fields = {p.field for p in err.value.problems}
    assert fields >= {"revolts", "rulings.H3", "players[0].city", "players[0].acropolis_gold",
                      "players[1].name", "players[1].hexes[0].kind", "players[1].myths",
                      "players[2].city", "players[2].philosopher"}


def test_score_api_needs_two_to_four_players():
    with pytest.raises(InvalidInput) as err:
        RULES.parse_facts({"players": [{"name": "A", "city": "athens"}]})
    assert err.value.problems[0].field == "players"


# --------------------------------------- the 2-player base game and limits on every path (D5-D8)

def test_a_two_player_score_request_leaves_revolts_out_unless_asked_and_the_philosopher_scores_3():
    a = {"name": "A", "city": "athens", "philosopher": True}
    out = score([a, {"name": "B", "city": "sparta"}])
    assert out["players"][0]["lines"][4]["points"] == 3
    assert out["players"][1]["lines"][4]["detail"] == "3 to the holder; not held"
    advanced = score([a, {"name": "B", "city": "sparta"}], revolts=True)
    assert advanced["players"][0]["lines"][4]["points"] == 0


def test_three_players_always_play_with_revolts_and_the_api_refuses_leaving_them_out():
    players = [{"name": "A", "city": "athens", "philosopher": True},
               {"name": "B", "city": "sparta"}, {"name": "C", "city": "olympia"}]
    assert score(players)["players"][0]["lines"][4]["points"] == 0
    with pytest.raises(InvalidInput) as err:
        RULES.parse_facts({"players": players, "revolts": False})
    assert {p.field for p in err.value.problems} == {"revolts"}


@pytest.mark.parametrize("cities, bad", [
    (["athens", "sparta", "delos"], "players[2].city"),
    (["athens", "olympia"], "players[1].city"),
    (["athens", "sparta", "delphi", "olympia"], "players[3].city"),
])
def test_the_score_api_refuses_a_city_not_in_the_box_for_that_many_players(cities, bad):
    players = [{"name": f"P{i}", "city": c} for i, c in enumerate(cities)]
    with pytest.raises(InvalidInput) as err:
        RULES.parse_facts({"players": players})
    problems = {p.field: p.message for p in err.value.problems}
    assert set(problems) == {bad} and f"with {len(cities)} players the cities are" in \
        problems[bad]
    with pytest.raises(InvalidInput) as setup_err:  # the setup says the same
        RULES.new_game({"players": players, "fate": 10})
    assert {p.message for p in setup_err.value.problems if p.field == bad} == {problems[bad]}


def test_the_score_api_refuses_a_seventh_myth_and_an_active_myth_with_no_hex_to_hold_it():
    three = [{"nature": n, "active": False} for n in ("political", "military", "sacred")]
    players = [{"name": "A", "city": "athens", "myths": three},
               {"name": "B", "city": "sparta", "myths": three},
               {"name": "C", "city": "olympia", "myths": [{"nature": "sacred", "active": True}]}]
    with pytest.raises(InvalidInput) as err:
        RULES.parse_facts({"players": players})
    problems = {p.field: p.message for p in err.value.problems}
    assert problems["players"] == "the box holds 6 Myths, each once; these players have 7"
    assert "an active sacred Myth needs an active sacred hex" in \
        problems["players[2].myths[0].active"]


def test_an_unknown_city_is_reported_once_and_not_as_a_duplicate():
    players = [{"name": "A", "city": "athens"}, {"name": "B", "city": "atlantis"}]
    with pytest.raises(InvalidInput) as err:
        RULES.parse_facts({"players": players})
    assert [p.field for p in err.value.problems] == ["players[1].city"]


# ------------------------------------------------------------------ honest words (D13, D14)

def lines_of(player, others=({"name": "B", "city": "sparta"},)):
    body = score([player, *others])
    return {ln["id"]: ln["detail"] for ln in body["players"][0]["lines"]}


def test_score_details_use_singular_and_plural_and_say_why_there_is_no_trio():
    one = lines_of({"name": "A", "city": "athens",
                    "hexes": hexes(("chora", "economic", True),
                                   ("fortification", "military", True))})
    assert one["chora_fortification"] == "1 Chora + 1 Fortification, 1 each"
    assert one["myth_trio"] == "no Myth: no trio (Acropolis economic)"
    two = lines_of({"name": "A", "city": "athens", "hexes": hexes(
        ("fortification", "military", True), ("fortification", "military", True),
        ("polis", "political", True)), "myths": [{"nature": "military", "active": True}]})
    assert two["chora_fortification"] == "0 Chora + 2 Fortifications, 1 each"
    assert two["myth_trio"] == ("Myths military + Acropolis economic: no trio (three "
                                "different natures are needed)")
    assert two["city_bonus"] == "Athens: 1 active polis × 2"
    olympia = lines_of({"name": "O", "city": "olympia", "hexes": hexes(
        ("chora", "military", True), ("chora", "sacred", True)),
        "myths": [{"nature": "military", "active": True}, {"nature": "sacred", "active": True}]},
        others=({"name": "A", "city": "athens"}, {"name": "S", "city": "sparta"}))
    assert olympia["city_bonus"].startswith("Olympia: 2 active myths × 3")


# ---------------------------------------------- unverified tile data that decides (review §5 #9)

def test_sparta_s_unverified_nature_is_marked_on_the_tie_break_and_its_bonus_line():
    result = RULES.score_payload({"players": [andrea(), barbara(), corrado()]})
    athens, sparta = result.sheets[:2]
    assert result.ranking[0].decided_by == "acropolis_nature"  # example 7's 22-22
    assert sparta.unverified == ("acropolis_nature",) and athens.unverified == ()
    bonus = {s.name: next(ln for ln in s.lines if ln.id == "city_bonus") for s in result.sheets}
    assert bonus["Barbara"].unverified and not bonus["Andrea"].unverified


def test_an_unverified_acropolis_nature_that_makes_a_myth_trio_is_marked():
    myths = [{"nature": "political", "active": True}, {"nature": "economic", "active": True}]
    hosts = hexes(("polis", "political", True), ("chora", "economic", True))
    result = RULES.score_payload({"players": [
        {"name": "A", "city": "athens", "acropolis_gold": 0, "myths": myths, "hexes": hosts},
        {"name": "B", "city": "sparta", "acropolis_gold": 0, "myths": myths, "hexes": hosts}]})
    trio = {s.name: next(ln for ln in s.lines if ln.id == "myth_trio") for s in result.sheets}
    assert trio["B"].points == 8 and trio["B"].unverified
    assert "the Acropolis nature is unverified tile data" in str(trio["B"].detail)
    assert not trio["A"].unverified  # Athens' amphora is stated by the rulebook


def test_city_tile_data_the_table_entered_is_not_marked_unverified():
    setup = {"players": [{"name": "Ana", "city": "athens"}, {"name": "Ben", "city": "sparta"}],
             "fate": 20, "sparta_nature": "military", "sparta_bonus_kind": "fortification",
             "sparta_bonus_points": 3}
    sheets = RULES.score(RULES.new_game(setup)).sheets
    assert sheets[1].unverified == ()
    assert not any(ln.unverified for ln in sheets[1].lines)
    guessed = RULES.score(RULES.new_game({**setup, "sparta_bonus_points": 0})).sheets
    assert guessed[1].unverified == ("acropolis_nature",)


def _city(name, city, n):
    return {"name": name, "city": city, "acropolis_gold": 0,
            "hexes": hexes(*[("chora", "economic", True)] * n)}


@pytest.mark.parametrize("per_player, refused", [(12, False), (13, True), (60, True)])
def test_the_cities_and_myths_hold_no_more_terrain_hexes_than_the_box_holds(per_player,
                                                                           refused):
    players = [_city(n, c, per_player) for n, c in zip(("Ana", "Ben", "Cy", "Dee"),
                                                      ("athens", "sparta", "delphi", "delos"))]
    if not refused:  # 48 in the cities, and 4 (3 at the end) still face up
        assert len(score(players)["players"]) == 4
        return
    with pytest.raises(InvalidInput) as err:
        RULES.score_payload({"players": players})
    said = [p.message for p in err.value.problems if p.field == "players"]
    assert said == [f"the box holds 51 terrain hexes, the Myths among them; these cities and "
                    f"Myths hold {4 * per_player} (Materiale)"]


def test_myths_count_among_the_terrain_hexes_of_the_box():
    players = [_city(n, c, 12) for n, c in zip(("Ana", "Ben", "Cy", "Dee"),
                                              ("athens", "sparta", "delphi", "delos"))]
    players[0]["hexes"][0]["nature"] = "sacred"
    players[0]["myths"] = [{"nature": "sacred", "active": True}] * 3
    players[1]["hexes"][0]["nature"] = "sacred"
    players[1]["myths"] = [{"nature": "sacred", "active": True}]
    with pytest.raises(InvalidInput, match="these cities and Myths hold 52"):
        RULES.score_payload({"players": players})


def test_a_city_refusal_names_the_cities_as_the_score_lines_do():
    players = [_city("Ana", "athens", 1), _city("Ben", "delos", 1)]
    with pytest.raises(InvalidInput) as err:
        RULES.score_payload({"players": players})
    assert "with 2 players the cities are Athens, Sparta" in err.value.message
    with pytest.raises(InvalidInput) as err:
        RULES.score_payload({"players": [_city("Ana", "athens", 1), _city("Ben", "athens", 1)]})
    assert "Athens is already taken" in err.value.message
