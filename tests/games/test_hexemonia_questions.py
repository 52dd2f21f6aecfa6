"""Hexemonia's 'Can I do this?' answers: active hexes, the attack threshold, the Philosopher."""
from dataclasses import replace

import pytest

from companion.games import get_game
from companion.games.hexemonia import questions as Q
from companion.games.hexemonia.model import Cubes, Hex

RULES = get_game("hexemonia")


def state_with(ana_hexes=(), ben_hexes=(), active=0):
    state = RULES.new_game({"players": [{"name": "Ana", "city": "athens"},
                                        {"name": "Ben", "city": "sparta"}], "fate": 20})
    ana = replace(state.players[0], hexes=tuple(ana_hexes))
    ben = replace(state.players[1], hexes=tuple(ben_hexes))
    return replace(state, players=(ana, ben), active=active, took=True)  # phase A done


def hx(id, kind="chora", nature="economic", cost=Cubes(), cubes=Cubes(), shield=0):
    return Hex(id, id, kind, nature, cost, cubes=cubes, shield=shield)


@pytest.mark.parametrize("cubes, yes", [(Cubes(1, 1, 1), True), (Cubes(2, 1, 3), True),
                                        (Cubes(1, 0, 1), False)])
def test_hex_is_active_when_its_cubes_cover_the_printed_cost(cubes, yes):
    state = state_with([hx("Palestra", "polis", "military", Cubes(1, 1, 1), cubes)])
    answer = Q.is_hex_active(state, 0, "Palestra")
    assert answer.yes is yes
    assert dict(answer.numbers)["printed cost"] == "1 citizen, 1 hoplite, 1 gold"


def test_an_answer_counts_one_cube_of_a_kind_in_the_singular_and_leaves_out_none():
    """Phone review P3: "1 cittadini" (and "1 citizens" in English) in an answer's numbers."""
    state = state_with([hx("Cava", cost=Cubes(1, 0, 2), cubes=Cubes(3, 1, 0))])
    numbers = dict(Q.is_hex_active(state, 0, "Cava").numbers)
    assert numbers["printed cost"] == "1 citizen, 2 gold"


def test_attack_needs_strictly_more_than_defence_plus_twice_the_shield():
    # Example 4: 3 citizens on the Quarry, an active Phalanx (shield 1) next to it: 5 to hold
    falange = hx("Falange", "fortification", "military", Cubes(0, 2, 1), Cubes(0, 2, 1), 1)
    state = state_with(ben_hexes=[hx("Cava", cubes=Cubes(3, 0, 0)), falange])
    state = state.with_player(0, state.players[0].with_cubes("Acropolis", Cubes(4, 4, 0)))
    win = Q.can_attack(state, 1, "Cava", "Falange", hoplites=4, citizens=0)
    assert win.yes and dict(win.numbers)["units needed"] == 6
    assert dict(win.numbers)["units lost"] == 5
    exact = Q.can_attack(state, 1, "Cava", "Falange", hoplites=2, citizens=1)  # 5 units: no
    assert not exact.yes and "at least 6" in exact.summary


def test_the_acropolis_can_never_be_attacked():
    answer = Q.can_attack(state_with(), 1, "Acropoli", "", 9, 0)
    assert not answer.yes


def test_philosopher_needs_a_strict_majority_of_political_hexes():
    eye = hx("Anfiteatro", "polis", "political")
    tied = state_with([eye], [replace(eye)])
    assert not Q.philosopher_moves(tied).yes
    ahead = state_with([eye, replace(eye, id="Anfiteatro 2")], [replace(eye)])
    answer = Q.philosopher_moves(ahead)
    assert answer.yes and "Ana takes the Philosopher" in answer.summary
    assert dict(answer.numbers)["Ana: political hexes"] == 2


# ---------------------------------------------------- every question agrees with its action

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from companion.games.core import RulesError  # noqa: E402
from companion.games.hexemonia.model import Myth  # noqa: E402
from tests.properties.tablegen import valid_setup  # noqa: E402

NAMES = ("Pascolo", "Falange", "Mura", "Cava", "Agorà", "Anfiteatro", "Tempio", "Sorgente")
MYTHS = ("Ade", "Oracolo", "Moire", "Pandora", "Zeus", "Atena", "Ares")
NATURES = ("political", "military", "economic", "sacred")
KINDS = ("chora", "fortification", "polis")


def _cubes(rnd, most=3):
    return Cubes(rnd.randint(0, most), rnd.randint(0, most), rnd.randint(0, most))


def _random_player(rnd, player, myth_names):
    hexes = []
    for _ in range(rnd.randint(0, 4)):
        kind, name = rnd.choice(KINDS), rnd.choice(NAMES)
        hexes.append(Hex(player.new_hex_id(name) if not hexes else
                         replace(player, hexes=tuple(hexes)).new_hex_id(name), name, kind,
                         rnd.choice(NATURES), _cubes(rnd, 2), rnd.choice(("none", "citizens")),
                         rnd.randint(0, 2), rnd.randint(0, 2) if kind == "fortification" else 0,
                         cubes=_cubes(rnd)))
    myths = []
    for h in hexes[:rnd.randint(0, 3)]:
        if myth_names:
            myths.append(Myth(myth_names.pop(), h.nature, h.id))
    return replace(player, hexes=tuple(hexes), myths=tuple(myths), acropolis=_cubes(rnd, 4))


def random_state(rnd):
    """A position a table can reach: random cities and cubes, a random point in the turn."""
    state = RULES.new_game(valid_setup(RULES, rnd.randint(2, 4)))
    names = list(MYTHS)
    rnd.shuffle(names)
    players = tuple(_random_player(rnd, p, names) for p in state.players)
    phase = rnd.choice(("A", "B", "C", "D"))
    final = rnd.random() < 0.2
    others = [i for i in range(len(players)) if i != state.active]
    return replace(state, players=players, took=phase != "A" and not final, final_round=final,
                   fate=0 if final else state.fate,
                   philosopher=rnd.choice([-1, *range(len(players))]),
                   action=rnd.choice(("production", "strategy", "special", "war"))
                   if phase in ("C", "D") else "", checked=phase == "D",
                   attacked=tuple(rnd.sample(others, rnd.randint(0, len(others))))
                   if phase in ("C", "D") else ())


def accepted(state, kind, data):
    """The state after the action, or None when the rules refuse it."""
    try:
        return RULES.apply(state, kind, RULES.check_action(state, kind, data))
    except RulesError:
        return None


def _attack_fields(rnd, state):
    me = state.players[state.active]
    seat = rnd.randrange(len(state.players))
    ids = [h.id for h in state.players[seat].hexes]
    target = rnd.choice(ids + ["Acropolis", "Nowhere"])
    adjacent = ", ".join(rnd.sample(ids, rnd.randint(0, len(ids))))
    return {"player": seat, "target": target, "adjacent": adjacent,
            "hoplites": rnd.randint(0, 5), "citizens": rnd.randint(0, 5),
            "source": rnd.choice(["Acropolis"] + [h.id for h in me.hexes])}, me


QUESTION = {q.id: q for q in Q.QUESTIONS}
SETTINGS = settings(max_examples=150, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_the_attack_question_says_yes_exactly_when_the_attack_is_accepted(rnd):
    state = random_state(rnd)
    for _ in range(8):
        fields, me = _attack_fields(rnd, state)
        answer = QUESTION["attack"].ask(state, fields)
        after = accepted(state, "attack", {
            "opponent": fields["player"], "target": fields["target"],
            "adjacent": fields["adjacent"], "discard_myth": me.myths[0].name if me.myths else "",
            "pay_from": f"{fields['source']}: {fields['citizens']}c {fields['hoplites']}h"})
        assert answer.yes == (after is not None), (answer.summary, fields)


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_the_philosopher_question_says_yes_exactly_when_the_check_moves_it(rnd):
    state = random_state(rnd)
    answer = QUESTION["philosopher"].ask(state, {})
    after = accepted(state, "political_check", {})
    moved = after is not None and after.philosopher == state.active != state.philosopher
    assert answer.yes == moved, answer.summary
    if moved:  # the revolts it lists are the cubes the check takes away
        for seat, (before, now) in enumerate(zip(state.players, after.players)):
            lost = [h.id for h, h2 in zip(before.hexes, now.hexes) if h.cubes != h2.cubes]
            for hex_id in lost:
                assert hex_id in str(answer.numbers), (seat, hex_id, answer.numbers)


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_the_active_question_says_yes_exactly_when_production_uses_the_hex(rnd):
    state = replace(random_state(rnd), took=True, action="", checked=False, final_round=False)
    me = state.players[state.active]
    after = accepted(state, "production", {})
    assert after is not None
    for h in me.hexes:
        answer = QUESTION["active"].ask(state, {"player": state.active, "hex": h.id})
        produced = after.players[state.active].find(h.id).cubes != h.cubes
        if h.produces != "none" and h.output and not any(m.host == h.id for m in me.myths):
            assert answer.yes == produced, (answer.summary, h)
