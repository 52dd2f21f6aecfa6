"""The turn in order (rulebook, Turno di gioco): phase A (taking hexes), the order of the
phases, the hand limit and the end of the turn."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, Text, replace, t, tn
from .cubes import one
from .data import FATE_UNCOUNTED, HAND_LIMIT
from .model import HexemoniaState
from .terms import ACTION_WORDS, word

R = "Hexemonia rulebook"


TURN = f"{R}, Turno di gioco"
#: phase A as the rulebook heads it ("A) Prendere 2 esagoni, oppure 1 esagono e 1 risorsa")
PHASE_A = t("A) take 2 hexes, or 1 hex and 1 resource")


def next_step(state: HexemoniaState) -> Text:
    """What the turn does next, named as the rulebook names its phases (the phases come "in
    sequenza": A, B, C, D; refusals and the guide say it)."""
    if state.over:
        return t("nothing: the game is over")
    if not (state.took or state.final_round):
        return PHASE_A
    if state.checked:
        if state.players[state.active].hand > HAND_LIMIT:
            return t("discard down to {limit} hexes, then end the turn", limit=HAND_LIMIT)
        return t("end the turn")
    if state.action:
        return t("D) the political check")
    return t("B) play hexes, or C) one action (production, strategy, special or war)")


def out_of_order(reason: Text, state: HexemoniaState, rule: str = TURN) -> IllegalAction:
    """A refusal for a step taken out of the turn's order, naming the step that comes next."""
    return IllegalAction(t("{reason}; next: {next}", reason=reason, next=next_step(state)),
                         rule=rule)


def after_phase_a(state: HexemoniaState, what: Text) -> None:
    """Phase A comes first in every turn except those of the final round (ruling H8)."""
    if state.over:
        raise IllegalAction(t("the game is over"), rule=f"{R}, Fine del gioco")
    if not (state.took or state.final_round):
        raise out_of_order(t("{what} comes after phase A", what=what), state)


def before_action(state: HexemoniaState, what: Text) -> None:
    """Phase B: after phase A, and before the turn's action and its political check."""
    after_phase_a(state, what)
    if state.action or state.checked:
        done = word(ACTION_WORDS, state.action) if state.action else t("political check")
        raise out_of_order(t("{what} belongs to phase B, before the turn's action ({done} "
                             "already done)", what=what, done=done), state)


def take(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """Phase A: 1 face-up hex and then a second hex or 1 cube onto the Acropolis.

    Each hex taken is replaced from the Fate pile; emptying it starts the final round (H7).
    A pile nobody counted ends with the take that says it emptied it (``last``: the table saw
    it); a counted one by the count (a wrong count is corrected by hand).
    """
    rule = f"{R}, A) Prendere 2 esagoni"
    if state.over:  # first: once the game is over, nothing of its final round applies
        raise IllegalAction(t("the game is over"), rule=f"{R}, Fine del gioco")
    if state.final_round:
        raise IllegalAction(t("the Fate pile is empty: phase A is skipped until the game ends"),
                            rule=f"{R}, Fine del gioco; ruling H8")
    if state.took:
        raise out_of_order(t("phase A is done once, at the start of the turn"), state, rule)
    hexes, resource = data["hexes"], data.get("resource", "none")
    if (hexes == 2) == (resource != "none"):
        raise IllegalAction(t("take either 2 hexes, or 1 hex and 1 resource"), rule=rule,
                            field="resource")
    player = state.players[state.active]
    player = replace(player, hand=player.hand + hexes,
                     acropolis=player.acropolis + one(resource))
    if state.fate == FATE_UNCOUNTED:
        fate = 0 if data.get("last") else FATE_UNCOUNTED
    else:
        fate = max(0, state.fate - hexes)
    return replace(state.with_player(state.active, player), fate=fate, took=True,
                   final_round=fate == 0)


def discard(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """Phase D: discard the hexes beyond 4 from hand to the Underworld, and only those (the
    player holds on to 4)."""
    rule = f"{R}, D) hand limit"
    player = state.players[state.active]
    if not state.checked:
        raise out_of_order(t("discards come after the political check"), state, rule)
    extra = max(player.hand - HAND_LIMIT, 0)
    if data["count"] > extra and not extra:
        raise IllegalAction(tn("{name} holds {n} hex, and only hexes beyond {limit} are "
                               "discarded: none to discard", "{name} holds {n} hexes, and only "
                               "hexes beyond {limit} are discarded: none to discard",
                               player.hand, name=player.name, limit=HAND_LIMIT),
                            rule=rule, field="count")
    if data["count"] > extra:
        raise IllegalAction(tn("{name} holds {n} hex: only those beyond {limit} are discarded, "
                               "{extra} at most, not {count}", "{name} holds {n} hexes: only "
                               "those beyond {limit} are discarded, {extra} at most, not "
                               "{count}", player.hand, name=player.name, limit=HAND_LIMIT,
                               extra=extra, count=data["count"]), rule=rule, field="count")
    return state.with_player(state.active, replace(player, hand=player.hand - data["count"]))


def end_turn(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """Pass the turn clockwise; in the final round the game ends after the Last Player (H7)."""
    player = state.players[state.active]
    if state.over:
        raise IllegalAction(t("the game is over"), rule=f"{R}, Fine del gioco")
    named = data.get("turn", 0)  # the turn the tap ended (0: not named)
    if named and named != state.turn:
        raise IllegalAction(t("turn {turn} was already ended; the table is at turn {now}",
                              turn=named, now=state.turn) if named < state.turn else
                            t("Turn {turn} has not begun; the table is at turn {now}",
                              turn=named, now=state.turn), rule=f"{R}, Turno di gioco",
                            field="turn")
    if not state.checked:
        raise out_of_order(t("make the political check before ending the turn"), state,
                           f"{R}, D) Verificare la situazione politica")
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
