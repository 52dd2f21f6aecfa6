"""Hexemonia corrections by hand (issue 20, "the table is the truth"): hexes and Myths as the
table sees them, refused only where the rulebook's limits forbid the state, and said in words
that name what changed from what to what."""
from dataclasses import replace

import pytest

from companion.games import get_game
from companion.games.core import Entry, IllegalAction
from companion.games.hexemonia import Cubes, Hex, Myth

RULES = get_game("hexemonia")
THREE = [{"name": "Ana", "city": "athens"}, {"name": "Ben", "city": "sparta"},
         {"name": "Cy", "city": "olympia"}]
FIXES = ("correct_add_hex", "correct_hex", "correct_add_myth", "correct_myth")


def game(**rulings):
    return RULES.new_game({"players": THREE, "fate": 20, "rulings": rulings})


def polis(name, nature, cubes=(1, 0, 0)):
    return Hex(name, name, "polis", nature, Cubes(1, 0, 0), cubes=Cubes(*cubes))


def with_city(state, seat, hexes=(), myths=()):
    player = state.players[seat]
    return state.with_player(seat, replace(player, hexes=player.hexes + tuple(hexes),
                                           myths=player.myths + tuple(myths)))


def add_hex(**data):
    return {"player": 1, "name": "Pascolo", "kind": "chora", "nature": "economic",
            "cost_citizens": 1, "cost_hoplites": 0, "cost_gold": 0, "produces": "citizens",
            "output": 2, "shield": 0, "gear": "none", "citizens": 2, "hoplites": 0, "gold": 1,
            **data}


def act(state, kind, data):
    return RULES.apply(state, kind, RULES.check_action(state, kind, data))


def said(state, kind, data):
    return str(RULES.describe(state, kind, RULES.check_action(state, kind, data)))


def test_every_new_correction_is_a_correction_by_the_table_is_the_truth():
    for kind in FIXES:
        spec = RULES.actions[kind]
        assert spec.correction and spec.rule == "The table is the truth", kind
    assert set(FIXES) <= set(RULES.available(game()))  # outside Ana's turn, any moment
    over = replace(game(), over=True)
    assert set(FIXES) <= set(RULES.available(over))


def test_a_hex_missing_from_the_app_joins_the_city_with_its_data_and_cubes_off_turn():
    state = act(game(), "correct_add_hex", add_hex())  # Ana's turn; Ben's city is fixed
    pasture = state.players[1].find("Pascolo")
    assert (pasture.kind, pasture.nature, pasture.cost) == ("chora", "economic", Cubes(1, 0, 0))
    assert pasture.cubes == Cubes(2, 0, 1) and pasture.is_active
    assert state.players[1].hand == 2 and state.active == 0  # nothing else moves
    assert said(game(), "correct_add_hex", add_hex()) == (
        "Correction: Pascolo joins Ben's city (chora, economic, cost 1/0/0) with 2 citizens, "
        "1 gold on it")


def test_adding_a_second_polis_of_one_name_is_refused_as_playing_it_is():
    state = with_city(game(), 1, [polis("Agorà", "political")])
    with pytest.raises(IllegalAction, match="already has the Polis Agora") as err:
        act(state, "correct_add_hex", add_hex(name="Agora", kind="polis"))
    assert "Esagoni Polis" in err.value.rule
    with pytest.raises(IllegalAction, match="one Acropolis"):
        act(state, "correct_add_hex", add_hex(name="Acropoli"))


def test_a_hex_s_nature_and_type_are_corrected_and_said_from_what_to_what():
    state = with_city(game(), 0, [polis("Anfiteatro", "military")])
    data = {"player": 0, "hex": "anfiteatro", "nature": "political", "kind": ""}
    fixed = act(state, "correct_hex", data)
    assert fixed.players[0].find("Anfiteatro").nature == "political"
    assert fixed.players[0].find("Anfiteatro").kind == "polis"
    assert said(state, "correct_hex", data) == (
        "Correction: Ana's Anfiteatro was military polis, now political polis")
    with pytest.raises(IllegalAction, match="nothing to correct"):
        act(fixed, "correct_hex", data)


def test_a_hex_holding_a_myth_token_keeps_the_myth_s_nature():
    state = with_city(game(), 0, [polis("Anfiteatro", "political")],
                      [Myth("Oracolo", "political", "Anfiteatro")])
    with pytest.raises(IllegalAction, match="correct the Myth first"):
        act(state, "correct_hex", {"player": 0, "hex": "Anfiteatro", "nature": "military"})


def test_turning_a_hex_into_a_second_polis_of_its_name_is_refused():
    twin = Hex("Agorà 2", "Agorà", "chora", "political", Cubes())
    state = with_city(game(), 0, [polis("Agorà", "political"), twin])
    with pytest.raises(IllegalAction, match="already has the Polis"):
        act(state, "correct_hex", {"player": 0, "hex": "Agorà 2", "kind": "polis"})


def test_a_myth_missing_from_the_app_is_added_on_a_host_of_its_nature():
    state = with_city(game(), 2, [polis("Tempio", "sacred")])
    data = {"player": 2, "name": "Ade", "nature": "sacred", "produces": "none", "output": 0,
            "gear": "ade", "host": "Tempio"}
    fixed = act(state, "correct_add_myth", data)
    assert fixed.players[2].myth("Ade").host == "Tempio"
    assert fixed.players[2].myths_played == 1 and fixed.players[2].hand == 2
    assert said(state, "correct_add_myth", data) == (
        "Correction: Cy has the Myth Ade (sacred), its token on Tempio")
    with pytest.raises(IllegalAction, match="needs a military hex; Tempio is sacred"):
        act(state, "correct_add_myth", {**data, "nature": "military"})
    with pytest.raises(IllegalAction, match="never takes a Myth token"):
        act(state, "correct_add_myth", {**data, "host": "Acropolis"})


def test_a_seventh_myth_and_a_fourth_in_front_of_one_player_are_refused():
    names = ("Ade", "Oracolo", "Moire", "Pandora", "Mito 5", "Mito 6")
    state = game()
    for seat in range(3):
        state = with_city(state, seat, [polis("Tempio", "sacred")], [
            Myth(names[2 * seat + k], "sacred", "Tempio") for k in range(2)])
    data = {"player": 0, "name": "Mito 7", "nature": "sacred", "host": "Tempio"}
    with pytest.raises(IllegalAction, match="the box holds 6 Myths and all 6 are in play"):
        act(state, "correct_add_myth", data)
    three = with_city(game(), 0, [polis("Tempio", "sacred")],
                      [Myth(n, "sacred", "Tempio") for n in names[:3]])
    with pytest.raises(IllegalAction, match="already has 3 Myths at once"):
        act(three, "correct_add_myth", data)
    with pytest.raises(IllegalAction, match="already in play"):
        act(three, "correct_add_myth", {**data, "name": "ade"})


def test_a_myth_s_nature_and_token_are_corrected_and_said_from_what_to_what():
    state = with_city(game(), 0, [polis("Tempio", "sacred"), polis("Palestra", "military")],
                      [Myth("Ade", "sacred", "Tempio")])
    data = {"player": 0, "myth": "ade", "nature": "military", "host": "Palestra"}
    fixed = act(state, "correct_myth", data)
    assert fixed.players[0].myth("Ade") == Myth("Ade", "military", "Palestra")
    assert said(state, "correct_myth", data) == (
        "Correction: Ana's Myth Ade was sacred with its token on Tempio, now military on "
        "Palestra")
    with pytest.raises(IllegalAction, match="needs a military hex; Tempio is sacred"):
        act(state, "correct_myth", {"player": 0, "myth": "Ade", "nature": "military"})
    with pytest.raises(IllegalAction, match="has no Myth"):
        act(state, "correct_myth", {"player": 0, "myth": "Moire", "host": "Tempio"})


def test_correct_a_value_says_what_it_changed_from_and_to():
    state = with_city(game(), 1, [Hex("Pascolo", "Pascolo", "chora", "economic",
                                      Cubes(1, 0, 0), cubes=Cubes(1, 0, 0))])
    cubes = {"player": 1, "what": "cubes", "hex": "Pascolo", "citizens": 3, "hoplites": 0,
             "gold": 1, "value": 0}
    assert said(state, "correct", cubes) == (
        "Correction: Ben's Pascolo held 1 citizen, now 3 citizens, 1 gold")
    assert said(state, "correct", {"player": 0, "what": "fate", "value": 7}) == (
        "Correction: the Fate pile was 20 hexes, now 7")
    assert said(state, "correct", {"player": 2, "what": "hand", "value": 4}) == (
        "Correction: Cy's hand was 2 hexes, now 4")


def test_a_correction_in_the_log_folds_like_a_tap_and_is_marked_as_one():
    setup = {"players": THREE, "fate": 20}
    log = [Entry(1, "correct_add_hex", add_hex(), by="table")]
    state = RULES.fold(setup, log)
    assert state.players[1].find("Pascolo").cubes == Cubes(2, 0, 1)


def test_the_last_player_marker_typed_at_setup_can_be_given_to_another_seat():
    data = {"player": 0, "what": "last_player", "value": 0}
    assert act(game(), "correct", data).last_player == 0
    assert said(game(), "correct", data) == (
        "Correction: the Last Player marker goes from Cy to Ana")


def test_a_fate_pile_corrected_beyond_what_the_box_holds_is_refused():
    assert act(game(), "correct", {"player": 0, "what": "fate", "value": 41}).fate == 41
    with pytest.raises(IllegalAction, match="holds at most 41 hexes with 3 players"):
        act(game(), "correct", {"player": 0, "what": "fate", "value": 42})


def test_a_correction_adds_no_terrain_hex_beyond_the_51_in_the_box():
    state = game()
    for seat in range(3):  # 17 Chora in each city: 51, the whole box
        state = with_city(state, seat, [Hex(f"c{seat}-{i}", "Chora", "chora", "economic",
                                            Cubes(1, 0, 0)) for i in range(17)])
    with pytest.raises(IllegalAction, match="the box holds 51 terrain hexes, the Myths among "
                                            "them; these cities and Myths hold 52") as err:
        act(state, "correct_add_hex", add_hex())
    assert "Materiale" in err.value.rule
    fewer = game()
    assert len(act(fewer, "correct_add_hex", add_hex()).players[1].hexes) == 1
