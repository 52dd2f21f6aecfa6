"""Actions of the table outside the turn's phases: revealing an Acropolis and corrections by
hand (the table is the truth; the history marks a correction as one)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t
from .data import ACROPOLIS, RESOURCES
from .model import Cubes, HexemoniaState
from .turn import R, next_turn


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
    return next_turn(state, seat)  # "active": the table says whose turn it is
