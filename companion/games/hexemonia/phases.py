"""War, phase D (political check, hand limit), the end of a turn, reveals and corrections."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from ..core import IllegalAction, t
from .data import ACROPOLIS, HAND_LIMIT, RESOURCES
from .model import Cubes, HexemoniaState
from .shorthand import parse_names, parse_sources
from .politics import apply_check
from .turn import choose_action, take_cubes
from .war import RULE as WAR, conquer, plan_attack

R = "Hexemonia rulebook"


def attack(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """War: one attack per opponent per turn; the attack must beat the defence (H14)."""
    seat, me = data["opponent"], state.active
    if seat == me or not 0 <= seat < len(state.players):
        raise IllegalAction(t("choose an opponent to attack"), rule=WAR, field="opponent")
    state = choose_action(state, "war")
    defender = state.players[seat]
    if seat in state.attacked:
        raise IllegalAction(t("{name} was already attacked this turn; one attack per "
                              "opponent per turn", name=defender.name), rule=WAR, field="opponent")
    attacker, forces = take_cubes(state.players[me], parse_sources(data["pay_from"], "pay_from"),
                                  field="pay_from", rule=WAR)
    if forces.gold:
        raise IllegalAction(t("gold never fights; attack with citizens and hoplites"),
                            rule=WAR, field="pay_from")
    result = plan_attack(defender, data["target"], parse_names(data.get("adjacent") or ""),
                         forces, state.rulings)
    if not result.succeeds:
        raise IllegalAction(_too_weak(forces, result), rule=f"{WAR}; ruling H14",
                            field="pay_from")
    attacker, defender, _ = conquer(attacker, defender, data["target"], result, state.turn,
                                    data.get("discard_myth") or "")
    state = state.with_player(me, attacker).with_player(seat, defender)
    return replace(state, attacked=state.attacked + (seat,))


def _too_weak(forces: Cubes, result):
    """Why an attack fails, with the numbers (ruling H14)."""
    if result.shield:
        return t("{units} units do not beat {defence} + 2 × shield {shield} ({source}): at "
                 "least {needed} are needed", units=forces.units,
                 defence=result.defenders.units, shield=result.shield,
                 source=result.shield_from, needed=result.needed)
    return t("{units} units do not beat {defence}: at least {needed} are needed",
             units=forces.units, defence=result.defenders.units, needed=result.needed)


def political_check(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """Phase D: the Philosopher may move to the active player, and revolts follow (H9, H13)."""
    rule = f"{R}, D) Verificare la situazione politica"
    if state.over:
        raise IllegalAction(t("the game is over"), rule=f"{R}, Fine del gioco")
    if state.checked:
        raise IllegalAction(t("the political check was already made this turn"), rule=rule)
    if not (state.took or state.final_round):
        raise IllegalAction(t("phase A comes first: take hexes or a resource"), rule=rule)
    return apply_check(state)


def discard(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """Phase D: discard hexes from hand to the Underworld (down to 4 at the end of the turn)."""
    rule = f"{R}, D) hand limit"
    player = state.players[state.active]
    if not state.checked:
        raise IllegalAction(t("discards come after the political check"), rule=rule)
    if data["count"] > player.hand:
        raise IllegalAction(t("{name} holds {hand} hexes, not {count}", name=player.name,
                              hand=player.hand, count=data["count"]),
                            rule=rule, field="count")
    return state.with_player(state.active, replace(player, hand=player.hand - data["count"]))


def end_turn(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """Pass the turn clockwise; in the final round the game ends after the Last Player (H7)."""
    player = state.players[state.active]
    if state.over:
        raise IllegalAction(t("the game is over"), rule=f"{R}, Fine del gioco")
    named = data.get("turn", 0)  # the turn the tap ended (0: not named)
    if named and named != state.turn:
        raise IllegalAction(t("Turn {turn} was already ended; the table is at turn {now}",
                              turn=named, now=state.turn) if named < state.turn else
                            t("Turn {turn} has not begun; the table is at turn {now}",
                              turn=named, now=state.turn), rule=f"{R}, Turno di gioco",
                            field="turn")
    if not state.checked:
        raise IllegalAction(t("make the political check before ending the turn"),
                            rule=f"{R}, D) Verificare la situazione politica")
    if player.hand > HAND_LIMIT:
        raise IllegalAction(t("{name} holds {hand} hexes; discard {extra} to keep {limit}",
                              name=player.name, hand=player.hand,
                              extra=player.hand - HAND_LIMIT, limit=HAND_LIMIT),
                            rule=f"{R}, D) hand limit")
    if state.final_round and state.active == state.last_player:
        return replace(state, over=True,
                       players=tuple(replace(p, revealed=True) for p in state.players))
    return _next_turn(state, (state.active + 1) % len(state.players))


def _next_turn(state: HexemoniaState, seat: int) -> HexemoniaState:
    return replace(state, active=seat, turn=state.turn + 1, took=False, played=False,
                   action="", used=(), attacked=(), checked=False)


def reveal(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """A player shows their Acropolis; it stays face up (rulebook, Preparazione)."""
    player = state.players[data["player"]]
    if player.revealed:
        raise IllegalAction(t("{name}'s Acropolis is already face up", name=player.name),
                            rule=f"{R}, Preparazione")
    return state.with_player(data["player"], replace(player, revealed=True))


def correct(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """A correction by hand: the table is the truth; the history marks it as one."""
    seat, what, name = data["player"], data["what"], (data.get("hex") or "").strip()
    player, value = state.players[seat], data.get("value", 0)
    cubes = Cubes(*(data.get(r, 0) for r in RESOURCES))
    if what in ("cubes", "cost", "remove_hex") and player.cubes_at(name) is None:
        raise IllegalAction(t("{name} has no hex called {hex}", name=player.name,
                              hex=repr(name)), rule="Corrections",
                            field="hex")
    if what == "cubes":
        return state.with_player(seat, player.with_cubes(name, cubes))
    if what in ("cost", "remove_hex"):
        return _correct_hex(state, seat, name, what, cubes)
    if what == "remove_myth":
        if player.myth(name) is None:
            raise IllegalAction(t("{name} has no Myth {myth}", name=player.name,
                                  myth=repr(name)), rule="Corrections",
                                field="hex")
        return state.with_player(seat, replace(player, myths=tuple(
            m for m in player.myths if m is not player.myth(name))))
    return _correct_number(state, seat, what, value)


def _correct_hex(state, seat, name, what, cubes):
    player = state.players[seat]
    if name.casefold() == ACROPOLIS.casefold():
        raise IllegalAction(t("the Acropolis has no cost and never leaves its city"),
                            rule="Corrections", field="hex")
    target = player.find(name)
    hexes = tuple(h for h in player.hexes if h is not target) if what == "remove_hex" else \
        tuple(replace(h, cost=cubes) if h is target else h for h in player.hexes)
    myths = tuple(m for m in player.myths if not (what == "remove_hex" and m.host == target.id))
    return state.with_player(seat, replace(player, hexes=hexes, myths=myths))


def _correct_number(state, seat, what, value):
    if what == "hand":
        return state.with_player(seat, replace(state.players[seat], hand=value))
    if what == "fate":
        return replace(state, fate=value, final_round=value == 0)
    if what == "philosopher":
        return replace(state, philosopher=seat)
    return _next_turn(state, seat)  # "active": the table says whose turn it is
