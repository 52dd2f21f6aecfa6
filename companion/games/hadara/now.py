"""What each player does now, and who does the table's duties: what a phone's page opens on.

The step the table is at decides it (``state.step``, ``state.phase``): in phase A's cards each
player who has not bought or sold this round draws from the deck the wheel points them at; in
phase B's cards, in the colony step, one player at a time (``steps.picker``,
``colonies.colony_turn``); in the statue step everyone not done yet; in feeding whoever holds
more cards than food; in the medal step anyone. The table's duties (the wheel, the closes,
income) fall to the epoch's first player, who sets the wheel ("Determine the First Player").
"""
from __future__ import annotations

from dataclasses import dataclass

from .colonies import colony_turn
from .model import HadaraState, first_seat
from .steps import picker
from .wheel import colour_of

#: what a player may do now (``Now.kind``): draw and buy or sell (phase A), take a face-up card
#: (phase B), take a colony or pass, carve a statue, remove cards (feeding), buy a medal; or
#: nothing ("wait": someone else's turn, or the step has nothing more for them)
KINDS = ("draw", "pick", "colony", "statue", "feed", "medal", "wait")


@dataclass(frozen=True)
class Now:
    """``kind`` (one of ``KINDS``); ``colour``: the deck the wheel points the player at this
    round (phase A, once the app knows it; else ""); ``waiting_for``: the seat whose turn it
    is while the player waits for it (else None)."""

    kind: str
    colour: str = ""
    waiting_for: int | None = None


def now_for(state: HadaraState, seat: int) -> Now:
    """What ``seat`` does at the step the table is at."""
    if state.over:
        return Now("wait")
    if state.step == "cards" and state.phase == "A":
        if seat in state.acted:
            return Now("wait")
        return Now("draw", colour_of(state, seat, state.round) or "")
    turn = picker(state) if state.step == "cards" else (
        colony_turn(state) if state.step == "colony" else None)
    if state.step in ("cards", "colony"):
        kind = "pick" if state.step == "cards" else "colony"
        return Now(kind) if turn == seat else Now("wait", waiting_for=turn)
    if state.step == "statue":
        return Now("wait") if seat in state.acted else Now("statue")
    if state.step == "feed":
        return Now("feed") if state.players[seat].food_shortfall else Now("wait")
    if state.step == "medals":
        return Now("medal")
    return Now("wait")  # income: one tap for everyone, a duty


def clerk(state: HadaraState) -> int:
    """The seat whose phone shows the table's duties: the epoch's first player, who sets the
    wheel and whose turn it is again once a step in turn has gone round the table (the closes
    and income come when every player has done the step)."""
    return first_seat(state.players, state.epoch)
