"""Where the table is: which step a tap names, whose turn it is, and closing a step (Hadara).

A page names where the table was when a player tapped: "Close this step" names the step it
closes, a phase A card the round it is for, and phase B's cards are taken in turn (rulebook,
phase B: "starting with the first player, in turn"). The rules refuse a tap once the table has
moved past what it names, so a second tap, or a second phone, never counts twice.

Every move has a ``problems(state, data)`` listing what forbids it (each an IllegalAction naming
its rule); the move refuses with the first, and "Can I do this?" answers from the same list.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import IllegalAction, replace, t, tn
from .data import ROMAN, ROUNDS, STEP_RULES, STEPS
from .model import HadaraState, turn_order
from .terms import STEP_NAMES, step_name

PHASE_B_RULE = "Hadara rulebook, Take a Faceup Card"
_KEY = re.compile(r"([123])([AB])\.([a-z]+)")
Problems = list[IllegalAction]


def refuse(found: Sequence[IllegalAction]) -> None:
    """Raise the first problem found (the one a refusal names)."""
    if found:
        raise found[0]


def step_problems(state: HadaraState, *steps: str) -> Problems:
    """The game is over, or the table is at a step other than ``steps``."""
    if state.over:
        return [IllegalAction(t("the game is over: epoch III has ended"),
                              rule="Hadara rulebook, End of the Game")]
    if state.step in steps:
        return []
    wanted = STEP_NAMES[steps[0]]
    for s in steps[1:]:
        wanted = t("{a} or {b}", a=wanted, b=STEP_NAMES[s])
    return [IllegalAction(t("this belongs to the step '{wanted}'; the table is at '{now}' of "
                            "epoch {epoch}, phase {phase}", wanted=wanted,
                            now=step_name(state.step, state.phase), epoch=ROMAN[state.epoch],
                            phase=state.phase),
                          rule=STEP_RULES[steps[0]])]


def step_key(state: HadaraState) -> str:
    """The step the table is at, as a page names it: ``1A.colony`` (epoch, phase, step)."""
    return f"{state.epoch}{state.phase}.{state.step}"


def _order(epoch: int, phase: str, step: str) -> tuple[int, int, int]:
    return epoch, "AB".index(phase), STEPS[phase].index(step)


def closing_problems(state: HadaraState, named: str) -> Problems:
    """A close that names a step other than the one the table is at ("" names none)."""
    if not named or named == step_key(state):
        return []
    found = _KEY.fullmatch(named)
    if found is None or found.group(3) not in STEPS[found.group(2)]:
        return [IllegalAction(t("there is no step {key} to close", key=repr(named)),
                              rule="Hadara rulebook, The Game Round", field="closing")]
    epoch, phase, name = int(found.group(1)), found.group(2), found.group(3)
    words = dict(step=step_name(name, phase), epoch=ROMAN[epoch], phase=phase,
                 now=step_name(state.step, state.phase))
    if _order(epoch, phase, name) < _order(state.epoch, state.phase, state.step) or state.over:
        return [IllegalAction(t("this step ({step}, epoch {epoch}, phase {phase}) was already "
                                "closed; the table is at '{now}'", **words),
                              rule=STEP_RULES[name], field="closing")]
    return [IllegalAction(t("this step ({step}, epoch {epoch}, phase {phase}) has not begun; "
                            "the table is at '{now}'", **words), rule=STEP_RULES[name],
                          field="closing")]


def card_round(state: HadaraState, seat: int) -> int:
    """The phase A round of ``seat``'s next card: this round, or the next once it has acted;
    0 outside phase A (phase B's cards go in turn and name no round)."""
    return state.round + (seat in state.acted) if state.phase == "A" else 0


def round_problems(state: HadaraState, seat: int, named: int) -> Problems:
    """A phase A card named for a round that is over (0 names none): a second tap on the same
    player's card once the round moved on."""
    if state.phase != "A" or not named or named >= state.round:
        return []
    return [IllegalAction(t("{name}'s card for round {round} is already recorded; the table is "
                            "at round {now}", name=state.players[seat].name, round=named,
                            now=state.round), rule=STEP_RULES["cards"], field="round")]


def face_up_total(state: HadaraState) -> int:
    """Phase B: the face-up cards on the board at its start (five per player were discarded in
    phase A)."""
    return ROUNDS * len(state.players)


def cards_left(state: HadaraState) -> int:
    """Phase B: the face-up cards still on the board (each is taken in turn)."""
    return face_up_total(state) - state.picks


def picker(state: HadaraState) -> int | None:
    """Whose turn it is to take a face-up card in phase B (None outside it): from this epoch's
    first player, clockwise, one card each, until the board is empty."""
    if state.over or state.phase != "B" or state.step != "cards":
        return None
    if cards_left(state) <= 0:
        return None  # the board is empty
    order = turn_order(state)
    return order[state.picks % len(order)]


def income(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """Every player gains coins equal to their income track ("Income"); the step then ends."""
    refuse(step_problems(state, "income"))
    players = tuple(replace(p, coins=p.coins + max(p.track("income"), 0)) for p in state.players)
    return _next_step(replace(state, players=players))


def income_problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    return step_problems(state, "income")


def _next_step(state: HadaraState) -> HadaraState:
    steps = STEPS[state.phase]
    i = steps.index(state.step)
    if i + 1 < len(steps):
        return replace(state, step=steps[i + 1], acted=frozenset())
    if state.phase == "A":
        return replace(state, phase="B", step="cards", round=1, acted=frozenset(), taken=())
    if state.epoch == 3:
        return replace(state, over=True, acted=frozenset())
    return replace(state, epoch=state.epoch + 1, phase="A", step="cards", round=1,
                   acted=frozenset(), taken=(), wheel=(), drawn=(),
                   previous_wheel=state.wheel or state.previous_wheel)


def when_comes(state: HadaraState, step: str) -> HadaraState | None:
    """The table at the next ``step`` it comes to, every step between closed with nothing done
    in it (the boards as they are now): what an action of that step is read against when it is
    asked about in another. None once the game is over, or when no such step is left."""
    while not state.over and state.step != step:
        state = _next_step(state)
    return None if state.over else state


def next_problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """Closing the current step (the one ``closing`` names, when it names one): phase A's cards
    need all five rounds; feeding must be done."""
    found = closing_problems(state, d.get("closing", ""))
    found += step_problems(state, "cards", "colony", "statue", "feed", "medals")
    if found:
        return found
    if state.step == "cards" and state.phase == "A":
        waiting = [state.players[i].name for i in turn_order(state) if i not in state.acted]
        if state.round < ROUNDS or waiting:
            found.append(IllegalAction(
                t("phase A has {rounds} rounds; round {round} is still open (waiting for "
                  "{names})", rounds=ROUNDS, round=state.round, names=waiting),
                rule=STEP_RULES["cards"]))
    if state.step == "cards" and state.phase == "B":
        left = cards_left(state)
        if left > 0:
            found.append(IllegalAction(
                tn("{n} face-up card is still on the board; players take them in turn until "
                   "none is left ({each} each)", "{n} face-up cards are still on the board; "
                   "players take them in turn until none is left ({each} each)", left,
                   each=ROUNDS), rule=PHASE_B_RULE))
    if state.step == "feed":
        hungry = [t("{name} ({count})", name=p.name, count=p.food_shortfall)
                  for p in state.players if p.food_shortfall]
        if hungry:
            found.append(IllegalAction(t("cards must be removed first: {players}",
                                         players=hungry), rule=STEP_RULES["feed"]))
    return found


#: what a step still expects from a player who has not acted in it (the steps a table may close
#: before everyone acted; phase A's cards and feeding refuse an early close outright)
_EXPECTED = {"colony": t("{names}: no colony taken yet in this step. Close it anyway?"),
             "statue": t("{names}: no statue carved yet in this step. Close it anyway?")}


def still_expected(state: HadaraState) -> list[int]:
    """The seats the current step still waits for, in turn order (none for a step that names
    nobody): a colony or a statue not taken yet (each player may take one per step)."""
    if state.over or state.step not in _EXPECTED:
        return []
    return [i for i in turn_order(state) if i not in state.acted]


def close_unconfirmed(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """A close of a step that still expects something from someone, sent without "close anyway"
    ticked: the page asks once, naming who (a stray tap never moves the table on)."""
    waiting = still_expected(state)
    if not waiting or d.get("anyway"):
        return []
    names = [state.players[i].name for i in waiting]
    asked = _EXPECTED[state.step]
    return [IllegalAction(t(asked.template, names=names), rule=STEP_RULES[state.step],
                          field="anyway")]


def next_step(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """Close the current step (see :func:`next_problems`)."""
    refuse(next_problems(state, d))
    return _next_step(state)
