"""Which step a tap names and whose turn it is (Hadara).

A page names where the table was when a player tapped: "Close this step" names the step it
closes, a phase A card the round it is for, and phase B's cards are taken in turn (rulebook,
phase B: "starting with the first player, in turn"). The rules refuse a tap once the table has
moved past what it names, so a second tap, or a second phone, never counts twice.
"""
from __future__ import annotations

import re

from ..core import IllegalAction, t
from .model import ROMAN, STEP_NAMES, STEP_RULES, STEPS, HadaraState, turn_order

PHASE_B_RULE = "Hadara rulebook, Take a Faceup Card"
_KEY = re.compile(r"([123])([AB])\.([a-z]+)")


def step_key(state: HadaraState) -> str:
    """The step the table is at, as a page names it: ``1A.colony`` (epoch, phase, step)."""
    return f"{state.epoch}{state.phase}.{state.step}"


def _order(epoch: int, phase: str, step: str) -> tuple[int, int, int]:
    return epoch, "AB".index(phase), STEPS[phase].index(step)


def check_closing(state: HadaraState, named: str) -> None:
    """Refuse a close that names a step other than the one the table is at ("" names none)."""
    if not named or named == step_key(state):
        return
    found = _KEY.fullmatch(named)
    if found is None or found.group(3) not in STEPS[found.group(2)]:
        raise IllegalAction(t("there is no step {key} to close", key=repr(named)),
                            rule="Hadara rulebook, The Game Round", field="closing")
    epoch, phase, name = int(found.group(1)), found.group(2), found.group(3)
    words = dict(step=STEP_NAMES[name], epoch=ROMAN[epoch], phase=phase,
                 now=STEP_NAMES[state.step])
    if _order(epoch, phase, name) < _order(state.epoch, state.phase, state.step) or state.over:
        raise IllegalAction(t("This step ({step}, epoch {epoch} phase {phase}) was already "
                              "closed; the table is at '{now}'", **words),
                            rule=STEP_RULES[name], field="closing")
    raise IllegalAction(t("This step ({step}, epoch {epoch} phase {phase}) has not begun; the "
                          "table is at '{now}'", **words), rule=STEP_RULES[name],
                        field="closing")


def card_round(state: HadaraState, seat: int) -> int:
    """The phase A round of ``seat``'s next card: this round, or the next once it has acted."""
    return state.round + (seat in state.acted)


def check_round(state: HadaraState, seat: int, named: int) -> None:
    """Refuse a phase A card named for a round that is over (0 names none): a second tap on the
    same player's card once the round moved on."""
    if state.phase != "A" or not named or named >= state.round:
        return
    raise IllegalAction(t("{name}'s card for round {round} is already recorded; the table is at "
                          "round {now}", name=state.players[seat].name, round=named,
                          now=state.round), rule=STEP_RULES["cards"], field="round")


def picker(state: HadaraState) -> int | None:
    """Whose turn it is to take a face-up card in phase B (None outside it): from this epoch's
    first player, clockwise, one card each."""
    if state.over or state.phase != "B" or state.step != "cards":
        return None
    order = turn_order(state)
    return order[state.picks % len(order)]
