"""The turn in order (rulebook, Turno di gioco): phase A (taking hexes), the order of the
phases, the hand limit and the end of the turn."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from ..core import IllegalAction, t
from .cubes import one
from .data import HAND_LIMIT
from .model import HexemoniaState
from .terms import ACTION_WORDS, word

R = "Hexemonia rulebook"


def before_action(state: HexemoniaState, what: str) -> None:
    """Refuse ``what`` (phase A or B) once the turn's action or its political check is done."""
    if state.over:
        raise IllegalAction(t("the game is over"), rule=f"{R}, Fine del gioco")
    if state.action or state.checked:
        done = word(ACTION_WORDS, state.action) if state.action else t("political check")
        raise IllegalAction(t("{what} belongs to phase B, before the turn's action ({done} "
                              "already done)", what=what, done=done),
                            rule=f"{R}, Turno di gioco")


def take(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """Phase A: 1 face-up hex and then a second hex or 1 cube onto the Acropolis.

    Each hex taken is replaced from the Fate pile; emptying it starts the final round (H7).
    """
    rule = f"{R}, A) Prendere 2 esagoni"
    if state.final_round:
        raise IllegalAction(t("the Fate pile is empty: phase A is skipped until the game ends"),
                            rule=f"{R}, Fine del gioco; ruling H8")
    if state.took or state.played:
        raise IllegalAction(t("phase A is done once, at the start of the turn"), rule=rule)
    before_action(state, t("Taking hexes"))
    hexes, resource = data["hexes"], data.get("resource", "none")
    if (hexes == 2) == (resource != "none"):
        raise IllegalAction(t("take either 2 hexes, or 1 hex and 1 resource"), rule=rule,
                            field="resource")
    player = state.players[state.active]
    player = replace(player, hand=player.hand + hexes,
                     acropolis=player.acropolis + one(resource))
    fate = max(0, state.fate - hexes)
    return replace(state.with_player(state.active, player), fate=fate, took=True,
                   final_round=fate == 0)


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
    return next_turn(state, (state.active + 1) % len(state.players))


def next_turn(state: HexemoniaState, seat: int) -> HexemoniaState:
    return replace(state, active=seat, turn=state.turn + 1, took=False, played=False,
                   action="", used=(), attacked=(), checked=False)
