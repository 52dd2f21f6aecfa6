"""Hexemonia setup and turn bookkeeping: phases A–D, playing hexes and Myths, actions, specials."""
from dataclasses import replace

import pytest

from companion.games import get_game
from companion.games.core import IllegalAction, InvalidInput
from companion.games.hexemonia import (
    CITY_DEFAULTS,
    GEARS,
    HEX_CATALOGUE,
    Cubes,
    Hex,
    Myth,
    box_record,
    catalogue_entry,
)

RULES = get_game("hexemonia")
THREE = [{"name": "Ana", "city": "athens"}, {"name": "Ben", "city": "sparta"},
         {"name": "Cy", "city": "olympia"}]


def new(**setup):
    return RULES.new_game({"players": THREE, "fate": 20, **setup})


def in_turn(**setup):
    """A new game once the first player has done phase A (the phases come in order)."""
    return replace(new(**setup), took=True)


def hx(name, kind, nature, cost, cubes, **more):
    return Hex(name, name, kind, nature, Cubes(*cost), cubes=Cubes(*cubes), **more)


def with_hexes(state, seat, *hexes, **fields):
    player = state.players[seat]
    return state.with_player(seat, replace(player, hexes=player.hexes + hexes, **fields))


def pasture(**extra):
    return {"name": "Pascolo", "kind": "chora", "nature": "economic", "cost_citizens": 1,
            "cost_hoplites": 0, "cost_gold": 0, "produces": "citizens", "output": 2,
            "shield": 0, "gear": "none", **extra}


# ------------------------------------------------------------------------------------ setup

FOUR = [*THREE[:2], {"name": "Di", "city": "delphi"}, {"name": "Eva", "city": "delos"}]


def fate_of(players, **setup):
    return RULES.new_game({"players": players, **setup}).fate


def test_the_fate_pile_is_the_51_terrain_hexes_in_use_less_4_face_up_and_2_per_hand():
    assert fate_of(FOUR) == 51 - 4 - 2 * 4  # with 4 players every terrain hex is used
    assert fate_of(THREE, icon_4=12) == 51 - 12 - 4 - 2 * 3  # the icon-4 hexes go back
    assert fate_of(THREE[:2], icon_3=10, icon_4=12) == 51 - 22 - 4 - 2 * 2
    assert fate_of(THREE, icon_3=10, icon_4=12) == 29  # icon 3 is in use with 3 players


def test_icon_counts_that_leave_no_fate_pile_are_refused():
    with pytest.raises(InvalidInput) as err:
        RULES.new_game({"players": THREE[:2], "icon_3": 30, "icon_4": 13})
    assert "43 hexes put back in the box leave no Fate pile for 2 players" in str(err.value)


def test_a_counted_fate_pile_must_fit_the_box_and_agree_with_the_counted_icons():
    assert fate_of(THREE, fate=20) == 20  # counted by hand, no icons given: taken as it is
    assert fate_of(THREE, fate=29, icon_4=12) == 29
    with pytest.raises(InvalidInput, match="holds 29 hexes with these icon counts, not 30"):
        RULES.new_game({"players": THREE, "fate": 30, "icon_4": 12})
    with pytest.raises(InvalidInput, match="between 1 and 41, not 42"):
        RULES.new_game({"players": THREE, "fate": 42})


def test_icon_counts_are_box_data_remembered_for_the_next_setup_form():
    records = RULES.box_records_of_setup({"players": THREE[:2], "icon_3": 10, "icon_4": 12})
    icons = [r for r in records if r[0] == "player-count icons"]
    assert icons == [("player-count icons", "icon_3", {"count": 10}),
                     ("player-count icons", "icon_4", {"count": 12})]
    assert RULES.setup_defaults(icons) == {"icon_3": 10, "icon_4": 12}


def test_setup_starts_left_of_the_last_player_with_hidden_acropolis_tiles():
    state = new(last_player=1)
    assert state.active == 2
    assert [p.revealed for p in state.players] == [False] * 3
    assert state.players[0].acropolis == Cubes(citizens=2, gold=1)
    assert state.players[0].hand == 2


def test_setup_reports_every_problem_with_its_path():
    with pytest.raises(InvalidInput) as err:
        RULES.new_game({"players": [{"name": "Ana", "city": "delos"}, {"name": "Ana"},
                                    {"name": "", "city": "athens"}],
                        "revolts": False, "last_player": 5, "rulings": {"H9": "x"},
                        "sparta_nature": "purple"})
    fields = {p.field for p in err.value.problems}
    # (a city left out is entered later on its player's phone; icon counts left out leave the
    # Fate pile uncounted: neither is a problem)
    assert fields >= {"players[0].city", "players[1].name", "players[2].name", "last_player",
                      "rulings.H9", "sparta_nature"}
    # Ana's missing city is reported once, not again as a second Athens (D8)
    assert "players[2].city" not in fields


def test_setup_city_overrides_replace_the_unverified_defaults():
    state = new(olympia_bonus_kind="chora", olympia_bonus_points=1)
    assert state.city_info("olympia").bonus_kind == "chora"
    assert state.city_info("olympia").nature == CITY_DEFAULTS["olympia"].nature
    assert state.city_info("sparta") == CITY_DEFAULTS["sparta"]
    assert CITY_DEFAULTS["sparta"].unverified and not CITY_DEFAULTS["athens"].unverified


# ---------------------------------------------------------------------------- box data

def test_example_2_activity_compares_cubes_with_the_printed_cost():
    cubes = (1, 1, 1)
    assert hx("Palestra", "polis", "military", (1, 1, 1), cubes).is_active
    assert hx("Pascolo", "chora", "economic", (1, 0, 0), cubes).is_active
    assert not hx("Flotta", "fortification", "economic", (1, 1, 2), cubes).is_active
    assert hx("Sorgente", "chora", "sacred", (0, 0, 0), (0, 0, 0)).is_active


def test_catalogue_knows_the_digest_hexes_and_box_record_keeps_the_entered_data():
    assert catalogue_entry("gymnasium")["cost"] == (1, 1, 1)
    assert catalogue_entry("Nowhere") == {}
    assert all(e.get("gear", "none") in GEARS for e in HEX_CATALOGUE.values()
               if "gear" in e)
    record = box_record("play_hex", pasture())
    assert record == {"name": "Pascolo", "kind": "chora", "nature": "economic",
                      "produces": "citizens", "output": 2, "gear": "none", "cost": [1, 0, 0],
                      "shield": 0}
    assert box_record("play_myth", {"name": "Ade", "nature": "sacred"})["kind"] == "myth"


# ---------------------------------------------------------------------------- phase A

def test_take_two_hexes_or_one_hex_and_one_cube():
    state = RULES.apply(new(), "take", {"hexes": 1, "resource": "gold"})
    assert state.players[0].hand == 3 and state.players[0].acropolis.gold == 2
    assert state.fate == 19
    with pytest.raises(IllegalAction, match="once"):
        RULES.apply(state, "take", {"hexes": 2})
    with pytest.raises(IllegalAction, match="either 2 hexes, or 1 hex and 1 resource"):
        RULES.apply(new(), "take", {"hexes": 2, "resource": "gold"})


def test_emptying_the_fate_pile_starts_the_final_round_without_phase_a_h7_h8():
    state = RULES.apply(new(fate=2), "take", {"hexes": 2})
    assert state.fate == 0 and state.final_round
    state = RULES.apply(RULES.apply(state, "political_check", {}), "end_turn", {})
    with pytest.raises(IllegalAction, match="phase A is skipped"):
        RULES.apply(state, "take", {"hexes": 2})
    state = RULES.apply(RULES.apply(state, "political_check", {}), "end_turn", {})
    assert not state.over  # Cy holds the Last Player marker and has not played yet
    state = RULES.apply(RULES.apply(state, "political_check", {}), "end_turn", {})
    assert state.over and all(p.revealed for p in state.players)
    assert RULES.is_over(state)


# ---------------------------------------------------------------------------- phase B

# ------------------------------------------------------------ the phases in order (D1, D2)

def act(state, action, **data):
    return RULES.apply(state, action, RULES.check_action(state, action, data))


@pytest.mark.parametrize("kind, data", [
    ("play_hex", pasture()), ("play_myth", {"name": "Ade", "nature": "economic", "host": "x"}),
    ("production", {}), ("strategy", {}), ("special", {"hex": "Sorgente"}),
    ("attack", {"opponent": 1, "target": "Pascolo", "pay_from": "Acropolis: 2c"}),
    ("political_check", {}),
])
def test_nothing_of_the_turn_comes_before_phase_a_and_the_refusal_names_it(kind, data):
    with pytest.raises(IllegalAction, match=r"after phase A; next: A\) take 2 hexes, or 1 hex "
                                            r"and 1 resource"):
        act(new(), kind, **data)
    assert RULES.available(new())[0] == "take" and kind not in RULES.available(new())


def test_a_refused_early_play_leaves_the_turn_playable_in_order():
    state = new()
    with pytest.raises(IllegalAction):
        act(state, "play_hex", **pasture())
    for kind, data in (("take", {"hexes": 2}), ("play_hex", pasture()), ("production", {}),
                       ("political_check", {}), ("end_turn", {})):
        state = act(state, kind, **data)
    assert state.active == 1 and state.players[0].find("Pascolo").cubes == Cubes(citizens=3)


def test_taking_hexes_after_the_action_names_phase_a_and_what_comes_next():
    state = act(act(new(), "take", hexes=2), "production")
    with pytest.raises(IllegalAction, match=r"phase A is done once, at the start of the turn; "
                                            r"next: D\) the political check") as refused:
        act(state, "take", hexes=2)
    assert "phase B" not in refused.value.message
    with pytest.raises(IllegalAction, match=r"belongs to phase B.*next: D\) the political check"):
        act(state, "play_hex", **pasture())


def test_play_hex_pays_its_exact_cost_from_the_acropolis_by_default():
    state = RULES.apply(in_turn(), "play_hex", pasture())
    ana = state.players[0]
    assert ana.acropolis == Cubes(1, 0, 1) and ana.hand == 1
    assert ana.find("Pascolo").cubes == Cubes(1, 0, 0) and ana.find("Pascolo").is_active
    second = RULES.apply(state, "play_hex", pasture(pay_from="Acropolis: 1c"))
    assert [h.id for h in second.players[0].hexes] == ["Pascolo", "Pascolo 2"]


@pytest.mark.parametrize("extra, message", [
    ({"pay_from": "Acropolis: 1g"}, "costs exactly 1 citizen; the cubes named are 1 gold"),
    ({"pay_from": "Acropolis: 5c"}, "Acropolis holds 2 citizens, 1 gold"),
    ({"pay_from": "Tempio: 1c"}, "no hex called 'Tempio'"),
    ({"pay_from": "Acropolis 1c"}, "cannot read"),
])
def test_play_hex_refusals(extra, message):
    with pytest.raises(IllegalAction, match=message):
        RULES.apply(in_turn(), "play_hex", pasture(**extra))


def test_cubes_on_a_hex_placed_this_turn_cannot_pay():
    state = RULES.apply(in_turn(), "play_hex", pasture(cost_citizens=0, cost_gold=1,
                                                    pay_from="Acropolis: 1g"))
    with pytest.raises(IllegalAction, match="placed this turn"):
        RULES.apply(state, "play_hex", pasture(cost_citizens=0, cost_gold=1,
                                               pay_from="Pascolo: 1g"))


def test_a_city_holds_one_polis_of_each_name():
    polis = pasture(kind="polis", name="Palestra", cost_citizens=0)
    state = RULES.apply(in_turn(), "play_hex", polis)
    with pytest.raises(IllegalAction, match="already has the Polis Palestra"):
        RULES.apply(state, "play_hex", polis)


def test_myth_token_goes_on_a_hex_of_the_same_nature_never_the_acropolis():
    state = with_hexes(in_turn(), 0, hx("Anfiteatro", "polis", "political", (0, 0, 0), (0, 0, 0)))
    myth = {"name": "Oracolo", "nature": "political", "host": "Anfiteatro", "gear": "oracolo"}
    after = RULES.apply(state, "play_myth", myth)
    assert after.players[0].myths[0].host == "Anfiteatro"
    with pytest.raises(IllegalAction, match="already in play"):
        RULES.apply(after, "play_myth", myth)
    with pytest.raises(IllegalAction, match="needs a sacred hex; Anfiteatro is political"):
        RULES.apply(state, "play_myth", {**myth, "nature": "sacred"})
    with pytest.raises(IllegalAction, match="never takes a Myth token"):
        RULES.apply(state, "play_myth", {**myth, "host": "Acropolis"})


@pytest.mark.parametrize("reading, myths_now, played, refused", [
    ("at-once", 3, 3, True), ("at-once", 2, 4, False), ("whole-game", 2, 3, True)])
def test_myth_cap_h4(reading, myths_now, played, refused):
    state = with_hexes(in_turn(rulings={"H4": reading}), 0,
                       hx("Anfiteatro", "polis", "political", (0, 0, 0), (0, 0, 0)),
                       myths=tuple(Myth(f"M{i}", "political", "Anfiteatro")
                                   for i in range(myths_now)), myths_played=played)
    data = {"name": "Pandora", "nature": "political", "host": "Anfiteatro"}
    if refused:
        with pytest.raises(IllegalAction, match="the limit is 3"):
            RULES.apply(state, "play_myth", data)
    else:
        assert len(RULES.apply(state, "play_myth", data).players[0].myths) == myths_now + 1


# ---------------------------------------------------------------------------- phase C

def test_production_adds_output_of_active_hexes_and_active_myths_to_their_host():
    state = with_hexes(in_turn(), 0,
                       hx("Pascolo", "chora", "economic", (1, 0, 0), (1, 0, 0),
                          produces="citizens", output=2),
                       hx("Cava", "chora", "economic", (2, 0, 0), (1, 0, 0),
                          produces="gold", output=1),
                       myths=(Myth("Ricco", "economic", "Pascolo", "gold", 1),))
    ana = RULES.apply(state, "production", {}).players[0]
    assert ana.find("Pascolo").cubes == Cubes(3, 0, 1)
    assert ana.find("Cava").cubes == Cubes(1, 0, 0)


def test_strategy_moves_then_swaps_once_per_hex():
    state = with_hexes(in_turn(), 0, hx("Pascolo", "chora", "economic", (1, 0, 0), (1, 0, 0)))
    ana = RULES.apply(state, "strategy", {"moves": "Acropolis > Pascolo: 1c 1g",
                                          "swaps": "Pascolo: h"}).players[0]
    assert ana.find("Pascolo").cubes == Cubes(0, 1, 1) and ana.acropolis == Cubes(1, 0, 0)
    with pytest.raises(IllegalAction, match="one swap per hex"):
        RULES.apply(state, "strategy", {"swaps": "Acropolis: h; Acropolis: c"})
    with pytest.raises(IllegalAction, match="H21"):
        RULES.apply(replace(state, rulings={**state.rulings, "H21": "no"}), "strategy",
                    {"moves": "Acropolis > Pascolo: 1c"})


def test_one_swap_per_hex_is_ruling_h24_and_its_rate_reading_allows_more():
    state = with_hexes(in_turn(), 0, hx("Pascolo", "chora", "economic", (0, 0, 0), (4, 0, 0)))
    with pytest.raises(IllegalAction, match="one swap per hex") as refused:
        RULES.apply(state, "strategy", {"swaps": "Pascolo: h; Pascolo: h"})
    assert "ruling H24" in refused.value.rule
    assert "H24" in RULES.rulings
    rate = replace(state, rulings={**state.rulings, "H24": "any"})
    after = RULES.apply(rate, "strategy", {"swaps": "Pascolo: h; Pascolo: h"})
    assert after.players[0].find("Pascolo").cubes == Cubes(hoplites=2)


def test_only_one_action_per_turn_but_several_specials():
    state = with_hexes(in_turn(), 0, hx("Sorgente", "chora", "sacred", (0, 0, 0), (0, 0, 0),
                                    gear="sorgente"),
                       hx("Sorgente 2", "chora", "sacred", (0, 0, 0), (0, 0, 0),
                          gear="sorgente"))
    state = RULES.apply(state, "special", {"hex": "Sorgente", "resource": "hoplites"})
    state = RULES.apply(state, "special", {"hex": "Sorgente 2", "resource": "hoplites"})
    assert state.players[0].acropolis == Cubes(2, 2, 1)
    with pytest.raises(IllegalAction, match="already used this turn"):
        RULES.apply(state, "special", {"hex": "Sorgente", "resource": "gold"})
    with pytest.raises(IllegalAction, match="this turn's action was special"):
        RULES.apply(state, "production", {})
    with pytest.raises(IllegalAction, match="before the turn's action"):
        RULES.apply(state, "play_hex", pasture())


def specials_state():
    state = with_hexes(in_turn(), 0,
                       hx("Tempio", "polis", "sacred", (1, 0, 0), (1, 0, 0), gear="tempio"),
                       hx("Sorgente", "chora", "sacred", (0, 0, 0), (0, 0, 0)),
                       hx("Necropoli", "chora", "sacred", (0, 0, 0), (4, 0, 0),
                          gear="necropoli"),
                       hx("Faro", "fortification", "military", (0, 0, 0), (0, 0, 0),
                          gear="faro"),
                       hx("Taverna", "polis", "political", (0, 0, 0), (0, 0, 0),
                          gear="taverna"),
                       hx("Agora", "polis", "political", (0, 0, 0), (0, 0, 0), gear="agora"),
                       myths=(Myth("Moire", "sacred", "Tempio", gear="moire"),
                              Myth("Pandora", "sacred", "Tempio", gear="pandora"),
                              Myth("Ade", "sacred", "Tempio", gear="ade")))
    state = with_hexes(state, 1, hx("Asty", "polis", "economic", (1, 0, 0), (5, 0, 1)))
    return with_hexes(state, 2, hx("Cava", "chora", "economic", (0, 0, 0), (0, 0, 3)))


def special(state, **data):
    return RULES.apply(state, "special", data)


def test_temple_counts_adjacent_sacred_hexes_and_a_revealed_sacred_acropolis():
    state = specials_state()
    assert special(state, hex="Tempio", adjacent="Sorgente, Faro"
                   ).players[0].find("Tempio").cubes.gold == 1
    state = replace(state, active=2)
    olympia = state.players[2]
    state = state.with_player(2, replace(olympia, revealed=True, hexes=(
        hx("Tempio", "polis", "sacred", (0, 0, 0), (0, 0, 0), gear="tempio"),
        hx("Sorgente", "chora", "sacred", (0, 0, 0), (0, 0, 0)))))
    # Example 1: Olympia's lightning adds 1 gold to the Spring's 1.
    assert special(state, hex="Tempio", adjacent="Sorgente, Acropolis"
                   ).players[2].find("Tempio").cubes.gold == 2


def test_a_face_down_acropolis_next_to_the_temple_is_refused_with_a_hint_to_reveal_it():
    # Example 1: Corrado reveals Olympia to gain its gold; face down it would add nothing.
    with pytest.raises(IllegalAction, match="face-down Acropolis adds nothing: reveal it first"):
        special(specials_state(), hex="Tempio", adjacent="Sorgente, Acropoli")


@pytest.mark.parametrize("adjacent", ["Sorgente, Sorgente", "Sorgente, sorgente, SORGENTE",
                                      "Acropolis, Acropoli"])
def test_temple_and_harbour_count_each_neighbour_once(adjacent):
    state = specials_state()
    state = state.with_player(0, replace(state.players[0], revealed=True))
    with pytest.raises(IllegalAction, match="named twice; each neighbour counts once"):
        special(state, hex="Tempio", adjacent=adjacent)
    assert state.players[0].find("Tempio").cubes.gold == 0


@pytest.mark.parametrize("reading, sent, gold, refused", [
    ("even-only", "Necropoli: 4c", 2, False), ("even-only", "Necropoli: 3c", 0, True),
    ("floor", "Necropoli: 3c", 1, False)])
def test_necropolis_one_gold_per_two_citizens_h18(reading, sent, gold, refused):
    state = replace(specials_state(), rulings={**specials_state().rulings, "H18": reading})
    if refused:
        with pytest.raises(IllegalAction, match="even number"):
            special(state, hex="Necropoli", pay_from=sent)
    else:
        assert special(state, hex="Necropoli", pay_from=sent
                       ).players[0].find("Necropoli").cubes.gold == gold


def test_lighthouse_takes_one_gold_from_each_opponent_where_they_choose_h17():
    state = special(specials_state(), hex="Faro", sources="Cy: Cava")
    assert state.players[0].find("Faro").cubes.gold == 2
    assert state.players[1].acropolis.gold == 0  # Ben pays from his Acropolis by default
    assert state.players[2].find("Cava").cubes.gold == 2


def test_tavern_pulls_a_citizen_and_nothing_happens_without_one():
    state = special(specials_state(), hex="Taverna", opponent=1, sources="Ben: Asty")
    assert state.players[0].find("Taverna").cubes.citizens == 1
    assert state.players[1].find("Asty").cubes.citizens == 4
    broke = specials_state()
    broke = broke.with_player(2, replace(broke.players[2], acropolis=Cubes()))
    assert special(broke, hex="Taverna", opponent=2).players[0].find("Taverna").cubes == Cubes()


def test_hades_moirai_pandora_and_agora():
    state = specials_state()
    assert special(state, hex="Ade", opponent=1, target="Asty", amount=3
                   ).players[1].find("Asty").cubes == Cubes(2, 0, 1)
    with pytest.raises(IllegalAction,
                       match="Asty has 4 citizens in excess; Hades removes 1 to 3, not 0"):
        special(state, hex="Ade", opponent=1, target="Asty")
    moire = special(state, hex="Moire")
    assert (moire.players[0].hand, moire.fate) == (3, 19)
    assert special(state, hex="Pandora", opponent=2).players[2].hand == 1
    with pytest.raises(IllegalAction, match="up to 2 cubes, not 3"):
        special(state, hex="Agora", moves="Acropolis > Faro: 2c 1g")


def test_inactive_gear_hex_and_plain_hex_are_refused():
    state = specials_state()
    state = state.with_player(0, state.players[0].with_cubes("Tempio", Cubes()))
    with pytest.raises(IllegalAction, match="Tempio is not active"):
        special(state, hex="Tempio")
    with pytest.raises(IllegalAction, match="its token is on Tempio, which is not active"):
        special(state, hex="Moire")
    with pytest.raises(IllegalAction, match="Sorgente has no special action"):
        special(state, hex="Sorgente")


# ---------------------------------------------------------------------------- phase D, misc

def test_hand_limit_and_end_of_turn_order():
    state = RULES.apply(new(), "take", {"hexes": 2})
    state = replace(state, players=(replace(state.players[0], hand=6),) + state.players[1:])
    with pytest.raises(IllegalAction, match="political check before"):
        RULES.apply(state, "end_turn", {})
    state = RULES.apply(state, "political_check", {})
    with pytest.raises(IllegalAction, match="holds 6 hexes; discard 2 to keep 4"):
        RULES.apply(state, "end_turn", {})
    state = RULES.apply(RULES.apply(state, "discard", {"count": 2}), "end_turn", {})
    assert (state.active, state.turn, state.took, state.players[0].hand) == (1, 2, False, 4)


def test_reveal_correct_and_ruling_switch():
    state = RULES.apply(new(), "reveal", {"player": 2})
    assert state.players[2].revealed
    with pytest.raises(IllegalAction, match="already face up"):
        RULES.apply(state, "reveal", {"player": 2})
    state = RULES.apply(state, "correct", {"player": 1, "what": "cubes", "hex": "Acropolis",
                                           "citizens": 5, "hoplites": 0, "gold": 0})
    assert state.players[1].acropolis == Cubes(5, 0, 0)
    state = RULES.apply(state, "correct", {"player": 1, "what": "philosopher"})
    assert state.philosopher == 1
    state = RULES.apply(state, "ruling", {"ruling": "H3", "reading": "active"})
    assert state.rulings["H3"] == "active"
    with pytest.raises(IllegalAction, match="no hex called 'Mura'"):
        RULES.apply(state, "correct", {"player": 1, "what": "cost", "hex": "Mura"})


def test_every_ruling_of_the_digest_and_the_apps_own_is_declared_with_a_valid_default():
    # H1-H22 from the digest; H23 (war losses) and H24 (swaps per hex) are the app's own
    assert set(RULES.rulings) == {f"H{i}" for i in range(1, 25)}
    assert all(r.default in r.readings for r in RULES.rulings.values())


def test_guide_available_and_describe_follow_the_turn():
    state = new()
    assert RULES.available(state)[0] == "take"
    assert any("A: take" in line for line in RULES.guide(state))
    state = RULES.apply(state, "take", {"hexes": 2})
    assert "take" not in RULES.available(state)
    assert RULES.describe(state, "play_hex", pasture()) == \
        "Ana plays Pascolo (chora, cost 1/0/0)"
    assert "Philosopher stays" in RULES.describe(state, "political_check", {})
    # a tap that names no player (-1) is for the active player, as entries logged before
    assert RULES.check_action(state, "take", {"hexes": "2"}) == {"player": -1, "hexes": 2,
                                                                 "resource": "none",
                                                                 "last": False}
    assert all(spec.rule for spec in RULES.actions.values())


# ------------------------------------------- the 2-player base game; names of tiles (D5, D9, D10)

def test_a_two_player_game_is_the_base_game_without_revolts_unless_the_table_asks():
    two = THREE[:2]
    assert RULES.new_game({"players": two, "fate": 10}).revolts is False
    assert RULES.new_game({"players": two, "fate": 10, "revolts": True}).revolts is True
    # with 3 players revolts are not optional: an unticked box does not turn them off
    assert RULES.new_game({"players": THREE, "fate": 10, "revolts": False}).revolts is True
    assert [f.default for f in RULES.setup_fields if f.name == "revolts"] == [False]


@pytest.mark.parametrize("host", ["Acropoli", "acropolis", "卫城"])
def test_a_myth_token_on_the_acropolis_is_refused_under_any_spelling(host):
    state = with_hexes(in_turn(), 0, hx("Tempio", "polis", "sacred", (0, 0, 0), (0, 0, 0)))
    with pytest.raises(IllegalAction, match="the Acropolis never takes a Myth token"):
        RULES.apply(state, "play_myth", {"name": "Ade", "nature": "sacred", "host": host})


@pytest.mark.parametrize("first, second", [("Agorà", "Agora"), ("Agora", "agorà"),
                                           ("Agorà", "AGORA")])
def test_one_polis_of_each_kind_whatever_the_spelling(first, second):
    polis = {"kind": "polis", "nature": "political", "cost_citizens": 0, "cost_hoplites": 0,
             "cost_gold": 0, "produces": "none", "output": 0, "shield": 0, "gear": "agora"}
    state = RULES.apply(in_turn(), "play_hex", {**polis, "name": first})
    with pytest.raises(IllegalAction, match="a city holds one of each"):
        RULES.apply(state, "play_hex", {**polis, "name": second})


def test_a_conquered_polis_under_another_spelling_joins_the_twin():
    state = with_hexes(in_turn(), 0, hx("Agorà", "polis", "political", (0, 0, 0), (0, 0, 0)))
    state = with_hexes(state, 1, hx("Agora", "polis", "political", (1, 0, 0), (1, 0, 0)))
    after = RULES.apply(state, "attack", {"opponent": 1, "target": "Agora",
                                          "pay_from": "Acropolis: 2c"})
    assert [h.id for h in after.players[0].hexes] == ["Agorà"]
    assert after.players[0].find("Agorà").cubes == Cubes(citizens=1)


def test_history_words_count_hexes_and_cubes_in_the_singular_and_the_plural():
    state = new()
    assert RULES.describe(state, "take", {"hexes": 1, "resource": "hoplites"}) == \
        "Ana takes 1 hex and 1 hoplite"
    assert RULES.describe(state, "take", {"hexes": 2, "resource": "none"}) == "Ana takes 2 hexes"
    assert RULES.describe(state, "discard", {"count": 1}) == "Ana discards 1 hex"
    assert RULES.describe(state, "discard", {"count": 2}) == "Ana discards 2 hexes"
    hoplite = Hex("Falange", "Falange", "fortification", "military", Cubes(), "hoplites", 1)
    assert str(hoplite.makes.words()) == "1 hoplite"


def test_a_refusal_names_the_acropolis_in_the_readers_words_not_by_its_id():
    state = in_turn()
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, "play_hex", {**pasture(), "pay_from": "Acropoli: 3c"})
    assert refused.value.message.params["hex"].template == "Acropolis"
