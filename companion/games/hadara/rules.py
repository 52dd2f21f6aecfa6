"""The Hadara rules object: the interface the web layer drives (see ``core.GameRules``), and the
dispatch from an action's kind to the move that makes it."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core import CORRECT, RULING, GameRules, IllegalAction, WrongPlayer, t
from . import (
    box,
    colonies,
    corrections,
    feeding,
    holdings,
    medals,
    now,
    quick,
    statues,
    steps,
    wheel,
)
from .cards import buy, buy_problems, sell, sell_problems
from .data import ROMAN
from .guide import guide_lines
from .model import HadaraState, first_seat
from .rulings import RULINGS
from .scoring import score_facts, score_state, standing
from .setup import read_setup
from .specs import ACTIONS, CORRECTIONS, EPOCH_CHIPS, PLAYER_FIELDS, STEP_ACTIONS
from .terms import step_name
from .words import describe_action

Move = Callable[[HadaraState, Mapping[str, Any]], HadaraState]
Check = Callable[[HadaraState, Mapping[str, Any]], list[IllegalAction]]

#: each action's move, and the problems that move checks (the same list "Can I do this?" asks)
MOVES: dict[str, tuple[Move, Check]] = {
    "buy": (buy, buy_problems), "sell": (sell, sell_problems),
    "income": (steps.income, steps.income_problems),
    "colony": (colonies.take_colony, colonies.problems),
    "no_colony": (colonies.pass_colony, colonies.pass_problems),
    "statue": (statues.carve_statue, statues.problems),
    "remove": (feeding.remove_card, feeding.problems),
    "medal": (medals.buy_medal, medals.problems),
    "next": (steps.next_step, steps.next_problems),
    "wheel": (wheel.set_wheel, wheel.problems),
    CORRECT: (corrections.correct, corrections.problems),
    **corrections.MOVES,
}
#: corrections by hand, after which the cards held must still be ones a table can hold
HELD_CHECKED = frozenset((CORRECT, *corrections.MOVES))


class HadaraRules(GameRules):
    """Hadara (2–5 players): the epoch guide, the bookkeeping of every step, final scoring."""

    slug = "hadara"
    title = "Hadara"
    min_players = 2
    max_players = 5
    rulings = RULINGS
    tiebreaks = ("coins",)
    tiebreak_words = {"coins": t("coins")}
    player_fields = PLAYER_FIELDS
    quick_fields = quick.QUICK_FIELDS
    turn_rule = steps.PHASE_B_RULE
    box_on_page = True
    board_per_seat = False  # Hadara hides nothing

    def __init__(self) -> None:
        self.actions = {**ACTIONS, RULING: self.ruling_spec()}

    def new_game(self, setup: Mapping[str, Any]) -> HadaraState:
        """Seat the players from their setup cards; whoever is never first gets 1 coin."""
        return read_setup(setup)

    def quick_payload(self, options, players):
        """Nest the quick pad's flat fields the way the score API takes them."""
        return quick.quick_payload(options, players)

    def box_records_of_setup(self, setup):
        """Setup cards: the values printed on each card and side, by initiative."""
        return box.records_of_setup(setup)

    def box_records(self, state, kind, data):
        """Epoch cards bought, statue spaces and medal prices, as the table entered them."""
        return box.records(state, kind, data)

    def box_words(self, category, key, value):
        """Setup cards, epoch cards, colonies, statue spaces and medal prices in words."""
        return box.entry_words(category, key, value) or super().box_words(category, key, value)

    def chip_span(self, state, kind, name):
        """An epoch card's printed cost and points: the chips of the epoch (``EPOCH_CHIPS``)."""
        if kind not in ("buy", "correct_card"):
            return None
        return EPOCH_CHIPS.get(name, {}).get(state.epoch)

    def presets(self, state, seat):
        """Phase A's cards: the colour the wheel points ``seat`` at this round (none once the
        cards are done: the colony and statue steps have no colour)."""
        drawing = state.phase == "A" and state.step == "cards" and not state.over
        colour = wheel.colour_of(state, seat, state.round) if drawing else None
        return {"colour": colour} if colour else {}

    def _seat_problems(self, state: HadaraState, kind: str,
                       data: Mapping[str, Any]) -> list[IllegalAction]:
        if kind not in MOVES:
            return [IllegalAction(t("Hadara has no action {kind}", kind=repr(kind)),
                                  field="kind")]
        if "player" in data and not 0 <= data["player"] < len(state.players):
            return [IllegalAction(t("there is no player {seat}", seat=data["player"]),
                                  field="player")]
        try:
            self.check_turn(state, kind, data)
        except IllegalAction as wrong:
            return [wrong]
        return []

    def problems(self, state: HadaraState, kind: str,
                 data: Mapping[str, Any]) -> list[IllegalAction]:
        """Everything that forbids an action with these (checked) fields now; empty when the
        action would be accepted. The action and "Can I do this?" both ask this."""
        found = self._seat_problems(state, kind, data) or MOVES[kind][1](state, data)
        if found or kind not in HELD_CHECKED:
            return found
        return holdings.correction_problems(state, MOVES[kind][0](state, data))

    def apply(self, state: HadaraState, kind: str, data: Mapping[str, Any],
              by: str = "") -> HadaraState:
        if kind == RULING:
            return self.switch_ruling(state, data)
        steps.refuse(self._seat_problems(state, kind, data))
        after = MOVES[kind][0](state, data)
        if kind in HELD_CHECKED:
            steps.refuse(holdings.correction_problems(state, after))
        return after

    def turn_of(self, state: HadaraState, kind: str) -> int | None:
        """Phase B's face-up cards are bought or sold in turn, and colonies taken (or passed) in
        turn; every other step is taken by the players at once."""
        if kind in colonies.TURN_KINDS:
            return colonies.colony_turn(state)
        return steps.picker(state) if kind in ("buy", "sell") else None

    def check_action(self, state: HadaraState, kind: str,
                     data: Mapping[str, Any]) -> dict[str, Any]:
        """The spec's clean fields; a colony tapped now is marked as taken in turn
        (``colonies.IN_TURN``), so that a stored colony of an older log, recorded before the
        colony step went in turn, still replays as it was recorded."""
        clean = super().check_action(state, kind, data)
        if kind in colonies.TURN_KINDS:
            clean[colonies.IN_TURN] = True
        return clean

    def check_turn(self, state: HadaraState, kind: str, data: Mapping[str, Any]) -> None:
        """A tap for the wrong player cites its step's rule: Take a Colony for colonies, Take a
        Faceup Card for phase B's cards. A colony for a player who has had their turn in the
        step is refused by the move itself, in those words ("already took a colony")."""
        if kind in colonies.TURN_KINDS and (data.get("player") in state.acted
                                            or not data.get(colonies.IN_TURN)):
            return
        try:
            super().check_turn(state, kind, data)
        except WrongPlayer as err:
            if kind in colonies.TURN_KINDS:
                err.rule = colonies.RULE
            raise

    def step_fields(self, state: HadaraState, kind: str) -> dict[str, Any]:
        """A close names the step it closes."""
        return {"closing": steps.step_key(state)} if kind == "next" else {}

    def unconfirmed(self, state: HadaraState, kind: str,
                    data: Mapping[str, Any]) -> list[IllegalAction]:
        """Closing a colony or statue step before everyone took theirs asks once."""
        return steps.close_unconfirmed(state, data) if kind == "next" else []

    def still_expected(self, state: HadaraState) -> list[int]:
        """The seats the current step still waits for (what its close names)."""
        return steps.still_expected(state)

    def step_label(self, state: HadaraState) -> str:
        """The step the table is at, in words (what "Close this step" names)."""
        return step_name(state.step, state.phase)

    def now_for(self, state: HadaraState, seat: int) -> now.Now:
        """What ``seat`` does at the step the table is at: what the top of their board offers."""
        return now.now_for(state, seat)

    def clerk(self, state: HadaraState) -> int:
        """The seat whose board holds the table's duties (the wheel, income, the closes)."""
        return now.clerk(state)

    def can_turn_along(self, state: HadaraState) -> bool:
        """Whether this epoch's wheel is known from the first player's icon alone (the others
        turn with it, as they sit on the disc)."""
        return wheel.can_turn_along(state)

    def card_round(self, state: HadaraState, seat: int) -> int:
        """The phase A round a tap on ``seat``'s card is for (what a sell button names; 0 in
        phase B)."""
        return steps.card_round(state, seat)

    def describe(self, state: HadaraState, kind: str, data: Mapping[str, Any]) -> str:
        return describe_action(state, kind, data)

    def guide(self, state: HadaraState) -> tuple[str, ...]:
        return guide_lines(state)

    def available(self, state: HadaraState) -> tuple[str, ...]:
        if state.over:
            return (CORRECT, *CORRECTIONS, RULING)
        kinds = STEP_ACTIONS[state.step]
        if state.step == "cards":  # the wheel is set in phase A, before its first card
            kinds = (("wheel",) + kinds[:-1] if state.phase == "A" and not state.wheel
                     else kinds[:-1] if state.phase == "B" else kinds)
        return kinds + (CORRECT, *CORRECTIONS, RULING)

    def is_over(self, state: HadaraState) -> bool:
        return state.over

    def player_names(self, state: HadaraState) -> tuple[str, ...]:
        return state.names

    def secrets(self, setup, log, state):
        """Nothing a Hadara table records is hidden: a sold card leaves face down but is not
        recorded by name, and a face-down bonus tile scores the value printed beside its space
        (the tiles left on each board show its colour)."""
        return ()

    def score(self, state: HadaraState):
        return score_state(state)

    def standing(self, state: HadaraState):
        return standing(state)

    def chapter(self, state: HadaraState) -> int:
        return state.epoch

    def chapter_words(self, chapter: int):
        return t("Epoch {epoch}", epoch=ROMAN.get(chapter, str(chapter)))

    def parse_facts(self, payload: Any):
        return quick.parse_facts(payload)

    def score_facts(self, facts, rulings):
        return score_facts(facts, rulings)

    def first_seat(self, state: HadaraState) -> int:
        """The first player of epoch I (lowest initiative)."""
        return first_seat(state.players, 1)
