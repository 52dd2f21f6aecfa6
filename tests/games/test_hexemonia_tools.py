"""Hexemonia's helpers for the web side: the quick pad's payload, box records, known hexes, the
attack preview, and a face-down Acropolis kept out of the live score."""
from dataclasses import replace

import pytest

from companion.games import get_game
from companion.games.core import IllegalAction, InvalidInput
from companion.games.hexemonia import (
    Cubes,
    Hex,
    HexemoniaState,
    Myth,
    Player,
    known_hexes,
    parse_myths,
    play_values,
    preview_attack,
)
from companion.web.views.api import result_to_json

RULES = get_game("hexemonia")
RULINGS = {r: x.default for r, x in RULES.rulings.items()}


def hx(name, kind, nature, cost, cubes, shield=0):
    return Hex(name, name, kind, nature, Cubes(*cost), shield=shield, cubes=Cubes(*cubes))


# ------------------------------------------------------------------------------- quick pad

def row(name, city, **counts):
    return {"name": name, "city": city, "acropolis_gold": counts.pop("gold", 0),
            "philosopher": counts.pop("philosopher", False), "myths": counts.pop("myths", ""),
            **counts}


def test_quick_pad_counts_become_one_active_hex_each():
    payload = RULES.quick_payload({"revolts": True, "rulings": {}}, [
        row("Ana", "athens", gold=3, polis_economic=2, chora_sacred=1),
        row("Ben", "sparta", fortification_military=3)])
    ana = payload["players"][0]
    assert sorted((h["kind"], h["nature"]) for h in ana["hexes"]) == [
        ("chora", "sacred"), ("polis", "economic"), ("polis", "economic")]
    assert all(h["active"] for h in ana["hexes"]) and ana["acropolis_gold"] == 3
    result = result_to_json(RULES.score_payload(payload))
    # Ana: 2 Polis × 2 + 1 Chora + 3 gold + Athens 2 per active Polis; Ben: 3 Forts + Sparta 3 each
    assert [p["total"] for p in result["players"]] == [4 + 1 + 3 + 2 * 2, 3 + 3 * 3]


@pytest.mark.parametrize("text, myths", [
    ("political, sacred inactive", [("political", True), ("sacred", False)]),
    ("eye; lightning active", [("political", True), ("sacred", True)]),
    ("Military not active", [("military", False)]),
    ("", []),
])
def test_myths_text_reads_natures_and_activity(text, myths):
    assert [(m["nature"], m["active"]) for m in parse_myths(text)] == myths


def test_quick_pad_passes_unknown_words_on_so_the_api_names_them():
    payload = RULES.quick_payload({"revolts": True}, [
        row("Ana", "athens", myths="political, holy, sacred sleeping", chora_political=1),
        row("Ben", "sparta")])
    with pytest.raises(InvalidInput) as err:
        RULES.score_payload(payload)
    assert {p.field for p in err.value.problems} == {"players[0].myths[1].nature",
                                                     "players[0].myths[2].active"}


def test_quick_pad_myth_trio_with_the_acropolis_counts_eight():
    payload = RULES.quick_payload({"revolts": False}, [
        row("Ana", "athens", myths="political, military", chora_political=1,
            chora_military=1), row("Ben", "sparta", philosopher=True)])
    body = result_to_json(RULES.score_payload(payload))
    lines = {ln["id"]: ln["points"] for ln in body["players"][0]["lines"]}
    assert lines["myth_trio"] == 8  # political + military + Athens' economic Acropolis
    assert body["players"][1]["total"] == 3  # the Philosopher, 2 players without revolts


# ------------------------------------------------------------------------------ box data

def play_data(name, kind="fortification", **kw):
    return {"name": name, "kind": kind, "nature": "military", "cost_citizens": 0,
            "cost_hoplites": 3, "cost_gold": 0, "produces": "none", "output": 0, "shield": 2,
            "gear": "none", "pay_from": "", **kw}


def test_played_hex_is_remembered_under_the_catalogue_name():
    [(category, key, values)] = RULES.box_records(None, "play_hex", play_data(" Walls "))
    assert (category, key) == ("hex", "Mura")
    assert values["cost"] == [0, 3, 0] and values["shield"] == 2 and values["kind"] == \
        "fortification"


def test_played_myth_is_remembered_as_a_myth_and_other_actions_carry_nothing():
    [(category, key, values)] = RULES.box_records(None, "play_myth", {
        "name": "Oracolo", "nature": "political", "produces": "none", "output": 0,
        "gear": "oracolo", "host": "Anfiteatro"})
    assert (category, key, values["kind"]) == ("myth", "Oracolo", "myth")
    assert "cost" not in values
    assert RULES.box_records(None, "production", {}) == []


def test_setup_remembers_the_city_tiles_the_table_entered():
    setup = {"players": [{"name": "A", "city": "athens"}, {"name": "B", "city": "sparta"}],
             "fate": 9, "delphi_nature": "sacred", "delphi_bonus_kind": "myth",
             "delphi_bonus_points": 3}
    assert RULES.box_records_of_setup(setup) == [
        ("city", "delphi", {"nature": "sacred", "bonus_kind": "myth", "bonus_points": 3})]


def test_known_hexes_prefer_what_the_table_entered_over_the_digest():
    [record] = RULES.box_records(None, "play_hex", play_data("Falange", shield=3))
    known = {k["name"]: k for k in known_hexes([record])}
    assert known["Falange"]["shield"] == 3 and known["Falange"]["unverified"] == ()
    assert known["Falange"]["english"] == "Phalanx"  # kept from the digest
    assert known["Asty"]["unverified"] == ("cost",)
    kind, values = play_values(known["Falange"])
    assert kind == "play_hex" and values["cost_hoplites"] == 3 and values["shield"] == 3
    kind, values = play_values(known["Oracolo"])
    assert kind == "play_myth" and values["nature"] == "political" and "shield" not in values


# -------------------------------------------------------------------------- attack preview

def example_state():
    """Examples 4 and 5 of the rulebook (as in test_hexemonia_war)."""
    andrea = Player("Andrea", "athens", acropolis=Cubes(2, 5, 1), hexes=(
        hx("Anfiteatro", "polis", "political", (1, 0, 0), (1, 0, 0)),
        hx("Labirinto", "fortification", "military", (0, 1, 0), (0, 1, 0))))
    barbara = Player("Barbara", "sparta", hexes=(
        hx("Cava", "chora", "economic", (1, 0, 0), (3, 0, 2)),
        hx("Mura", "fortification", "military", (0, 3, 0), (0, 1, 0), shield=2),
        hx("Falange", "fortification", "military", (0, 2, 1), (0, 2, 4), shield=1)))
    corrado = Player("Corrado", "olympia", hexes=(
        hx("Anfiteatro", "polis", "political", (1, 0, 0), (1, 0, 0)),),
        myths=(Myth("Oracolo", "political", "Anfiteatro"),))
    return HexemoniaState((andrea, barbara, corrado), dict(RULINGS), fate=10, last_player=2,
                          took=True)


def test_preview_of_example_4_matches_the_attack_it_describes():
    p = preview_attack(example_state(), 1, "Cava", "Mura, Falange", "Acropolis: 4h")
    # 3 citizens + 2 × shield 1 (the Walls are inactive) = 5: 6 units win; 4 hoplites are 8.
    assert (p.plan.needed, p.plan.shield, p.plan.shield_from) == (6, 1, "Falange")
    assert p.plan.succeeds and p.plan.loss == 5
    assert p.plan.survivors == Cubes(citizens=1, hoplites=1) and p.gold == 2
    assert (p.myth, p.twin, p.problem) == ("", False, "")
    assert (3, 0) in p.plan.options and (0, 6) in p.plan.options


def test_preview_names_the_survivors_the_attacker_may_choose_instead_h23():
    # Barbara's Quarry (3 citizens) behind the Phalanx (shield 1), attacked with 6c 2h: the
    # 3 citizens cost 3 citizens; the shield 1 hoplite (3c 1h survive) or 2 citizens (1c 2h).
    p = preview_attack(example_state(), 1, "Cava", "Falange", "Acropolis: 6c 2h")
    assert p.plan.choices == (Cubes(citizens=3, hoplites=1), Cubes(citizens=1, hoplites=2))
    assert p.plan.survivors == Cubes(citizens=3, hoplites=1)
    assert str(p.alternatives) == "1 citizen, 2 hoplites"


def test_preview_of_example_5_names_the_twin_polis_and_the_myth_token():
    p = preview_attack(example_state(), 2, "Anfiteatro", "", "Acropolis: 1h")
    assert p.plan.succeeds and p.twin and p.myth == "Oracolo" and not p.fourth_myth


def test_preview_says_why_the_attack_could_not_be_made_without_refusing():
    state = replace(example_state(), attacked=(1,))
    assert "already attacked" in preview_attack(state, 1, "Cava", "", "").problem
    assert "Andrea has no hex called 'Pascolo'" in preview_attack(
        example_state(), 1, "Cava", "", "Pascolo: 1h").problem
    assert "gold never fights" in preview_attack(example_state(), 1, "Cava", "",
                                                 "Acropolis: 1g").problem


@pytest.mark.parametrize("seat, target, message", [
    (0, "Cava", "choose an opponent"), (5, "Cava", "choose an opponent"),
    (1, "Acropolis", "can never be attacked"), (1, "Tempio", "Barbara has no hex")])
def test_preview_refuses_a_wrong_question(seat, target, message):
    with pytest.raises(IllegalAction, match=message):
        preview_attack(example_state(), seat, target)


# ------------------------------------------------------------------ face-down Acropolis

def test_face_down_acropolis_adds_nothing_to_the_live_score_until_revealed():
    setup = {"players": [{"name": "Ana", "city": "athens"}, {"name": "Ben", "city": "sparta"},
                         {"name": "Cy", "city": "olympia"}], "fate": 9}
    state = RULES.new_game(setup)
    polis = replace(hx("Palestra", "polis", "economic", (0, 0, 0), (0, 0, 0)))
    ana = replace(state.players[0], hexes=(polis,), myths=(
        Myth("Ade", "military", "Palestra"), Myth("Oracolo", "political", "Palestra")))
    state = state.with_player(0, ana)
    lines = {ln.id: ln for ln in RULES.score(state).sheets[0].lines}
    assert lines["city_bonus"].points == 0 and "athens" not in lines["city_bonus"].detail
    assert lines["myth_trio"].points == 0 and "economic" not in lines["myth_trio"].detail
    shown = RULES.apply(state, "reveal", {"player": 0})
    lines = {ln.id: ln.points for ln in RULES.score(shown).sheets[0].lines}
    assert lines["city_bonus"] == 2 and lines["myth_trio"] == 8


def test_the_quick_pad_plays_two_players_without_revolts_unless_ticked_and_three_always_with():
    two = [row("Ana", "athens", philosopher=True), row("Ben", "sparta")]
    assert RULES.quick_payload({}, two)["revolts"] is False
    assert RULES.quick_payload({"revolts": True}, two)["revolts"] is True
    three = two + [row("Cy", "olympia")]
    assert RULES.quick_payload({"revolts": False}, three)["revolts"] is True
    assert [f.default for f in RULES.quick_options if f.name == "revolts"] == [False]


def test_the_quick_pad_refuses_a_city_not_in_the_box_like_the_setup():
    payload = RULES.quick_payload({}, [row("Ana", "athens"), row("Ben", "sparta"),
                                       row("Cy", "delos")])
    with pytest.raises(InvalidInput) as err:
        RULES.score_payload(payload)
    assert [p.field for p in err.value.problems] == ["players[2].city"]
