"""What the table does now, step by step (rulebook, Turno di gioco): the guide's lines, each
linking to the rule it follows."""
from __future__ import annotations

from ..core import step, t, tn
from .data import HAND_LIMIT
from .model import HexemoniaState
from .words import R, check_words, seat_name


def guide_lines(state: HexemoniaState) -> tuple[str, ...]:
    """What the table does now, step by step (rulebook, Turno di gioco); each line links to
    the rule it follows."""
    if state.over:
        return (step(t("The game is over: every Acropolis is revealed; see the score pad."),
                     f"{R}, Calcolo dei punti"),)
    me = state.players[state.active]
    lines = [step(tn("Turn {turn}: {name} plays. Fate pile: {n} hex.",
                     "Turn {turn}: {name} plays. Fate pile: {n} hexes.", state.fate,
                     turn=state.turn, name=me.name) if state.fate >= 0 else
                  t("Turn {turn}: {name} plays. Fate pile: not counted (say so when its last "
                    "hex is taken).", turn=state.turn, name=me.name), f"{R}, Turno di gioco")]
    if state.final_round:
        lines.append(step(t("Final round: no phase A; the game ends after {name}'s turn.",
                            name=seat_name(state, state.last_player)), f"{R}, Fine del gioco"))
    if not (state.took or state.final_round):
        lines.append(step(t("A: take 2 face-up hexes, or 1 hex and 1 cube onto the Acropolis."),
                          f"{R}, A) Prendere 2 esagoni"))
    if not (state.action or state.checked):
        lines.append(step(t("B: play hexes from hand, paying the exact cost from hexes placed "
                            "before this turn; then C: one action (production, strategy, special "
                            "or war)."), f"{R}, B) Giocare esagoni"))
    if not state.checked:
        lines.append(step(t("D: political check — {outcome}.", outcome=check_words(state)),
                          f"{R}, D) Verificare la situazione politica"))
    elif me.hand > HAND_LIMIT:
        extra = me.hand - HAND_LIMIT
        lines.append(step(t("Discard 1 hex to keep {limit} in hand.", limit=HAND_LIMIT)
                          if extra == 1 else
                          t("Discard {extra} hexes to keep {limit} in hand.", extra=extra,
                            limit=HAND_LIMIT), f"{R}, D) hand limit"))
    else:
        lines.append(step(t("End the turn; play passes clockwise."), f"{R}, Turno di gioco"))
    return tuple(lines)
