"""Phase C: one action per turn, and the production and strategy actions (rulebook, C)
Compiere un'azione). The special action is in specials.py, war in war.py."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t
from .cubes import move_cubes, one, take_cubes
from .model import Cubes, HexemoniaState
from .shorthand import parse_moves, parse_swaps
from .terms import ACTION_WORDS, hex_word, word
from .turn import R, after_phase_a, out_of_order


def choose_action(state: HexemoniaState, kind: str) -> HexemoniaState:
    """Phase C: one action per turn (specials and attacks may repeat within it)."""
    after_phase_a(state, word(ACTION_WORDS, kind))
    if state.checked:
        raise out_of_order(t("the political check is done; the turn's action is over"), state)
    repeatable = kind in ("special", "war")
    if state.action and not (repeatable and state.action == kind):
        raise out_of_order(t("one action per turn: this turn's action was {action}",
                             action=word(ACTION_WORDS, state.action)), state,
                           f"{R}, C) Compiere un'azione")
    return replace(state, action=kind)


def production(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """Every active hex adds its printed output; a producing Myth adds it to its host."""
    state = choose_action(state, "production")
    player = state.players[state.active]
    gains = [(h.id, one(h.produces, h.output)) for h in player.hexes if h.is_active]
    gains += [(m.host, one(m.produces, m.output)) for m in player.myths
              if player.is_myth_active(m)]
    for where, cubes in gains:
        player = player.with_cubes(where, player.cubes_at(where) + cubes)
    return state.with_player(state.active, player)


def strategy(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """Move cubes between the city's hexes, then swap 2 citizens and 1 hoplite once per hex
    (ruling H24)."""
    rule = f"{R}, Azione strategica"
    state = choose_action(state, "strategy")
    player = move_cubes(state.players[state.active], parse_moves(data.get("moves") or "",
                                                                 "moves"),
                        field="moves", rule=rule, acropolis=state.rulings.get("H21") != "no")
    seen: set[str] = set()
    for where, way in parse_swaps(data.get("swaps") or "", "swaps"):
        if where.casefold() in seen and state.rulings.get("H24", "one") == "one":
            raise IllegalAction(t("{hex}: one swap per hex", hex=hex_word(where)),
                                rule=f"{rule}; ruling H24", field="swaps")
        seen.add(where.casefold())
        give, get = (Cubes(citizens=2), Cubes(hoplites=1)) if way == "h" else \
            (Cubes(hoplites=1), Cubes(citizens=2))
        player, _ = take_cubes(player, ((where, give),), field="swaps", rule=rule)
        player = player.with_cubes(where, player.cubes_at(where) + get)
    return state.with_player(state.active, player)
