"""The TradeWarz rules for the companion: one dispatch table from an action's kind to its move,
the turn and the end checks around it, the guide's sentences and the registry's hooks.

Season moves (``turns.SeasonMove``) belong to the house whose turn it is; the other moves (battle,
trading posts, trades, alliances, corrections...) may be entered by any phone.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core import (
    CORRECT,
    RULING,
    Entry,
    GameRules,
    IllegalAction,
    Result,
    Secret,
    Standing,
    Text,
    replace,
    t,
)
from . import box, corrections, holdings, table, turns
from .army import MARCH, RECRUIT, RETREAT
from .battle import battle_action
from .building import BUILD
from .economy import BUY_TECH, RESOURCES_2
from .guide import R_DURATION, guide_lines
from .model import TradeWarzState
from .offers import learn_paid
from .quick import QUICK_FIELDS, parse_facts
from .rulings import RULINGS
from .scoring import END_WORDS, TIEBREAKS, Facts, score_facts, score_state, standing
from .setup import PLAYER_FIELDS, SETUP_FIELDS, new_game
from .specs import CORRECTION_KINDS, FREE_KINDS, SEASON_KINDS, build_actions
from .spring import end_of_spring
from .terms import RESOURCE_WORDS, SEASON_WORDS
from .words import history_line


def _battle(game: TradeWarzState, data: Mapping[str, Any]) -> tuple[TradeWarzState, list[str]]:
    """A battle, then a captured castle's square moves from the loser's sites to the winner's."""
    after, events = battle_action(game, data)
    return table.capture_sites(after, game, data), events


Move = Callable[[TradeWarzState, Mapping[str, Any]], tuple[TradeWarzState, list[str]]]
#: every action kind and its move: (state, fields) -> (state after, what it caused)
MOVES: dict[str, Move] = {
    "march": MARCH, "build": BUILD, "buy_tech": BUY_TECH, "recruit": RECRUIT,
    "retreat": RETREAT, "resources": RESOURCES_2, "end_of_spring": end_of_spring,
    "battle": _battle, "hold_post": table.hold_post, "leave_post": table.leave_post,
    "raid": table.raid, "play_morale": table.play_morale, "cancel_battle": table.cancel_battle,
    "trade": table.trade, "form_alliance": table.form_alliance,
    "break_alliance": table.break_alliance, "record_deck": table.record_deck,
    "caravan_area": table.caravan_area, "time_up": table.time_up, CORRECT: corrections.correct,
    "occupier_left": table.occupier_left, **corrections.MOVES}
#: corrections by hand, after which the table must still hold what a table can (``holdings``)
CORRECTED = frozenset((CORRECT, *CORRECTION_KINDS))




class TradeWarzRules(GameRules):
    """The TradeWarz rules for the companion (see the module docstring)."""

    slug, title = "tradewarz", "TradeWarz"
    min_players, max_players = 2, 6
    rulings = RULINGS
    tiebreaks = TIEBREAKS
    tiebreak_words = {"golden_xadlas": t("golden Xadlas"), "strength": t("total strength"),
                      "empire": t("empire size"),
                      "farthest_build": t("building farthest from the capital")}
    end_words = END_WORDS
    setup_fields = SETUP_FIELDS
    box_setup_fields = tuple(f.name for f in SETUP_FIELDS if f.name.startswith("cost_")
                             or f.name in ("season_names", "fifth_season_die"))
    player_fields = PLAYER_FIELDS
    typed_words = (*RESOURCE_WORDS.values(), *SEASON_WORDS.values())
    quick_options = ()
    quick_fields = QUICK_FIELDS

    def __init__(self) -> None:
        self.actions = build_actions(self.ruling_spec())
        self._last: tuple[TradeWarzState, str, dict, TradeWarzState | IllegalAction] | None = None

    def new_game(self, setup: Mapping[str, Any]) -> TradeWarzState:
        return new_game(setup)

    def apply(self, state: TradeWarzState, kind: str, data: Mapping[str, Any],
              by: str = "") -> TradeWarzState:
        """One action; a season action is for the house whose turn it is (one naming another
        house is refused), an end of Spring for the year it names."""
        outcome = self._outcome(state, kind, data)
        if isinstance(outcome, IllegalAction):
            raise outcome
        return outcome

    def _outcome(self, state: TradeWarzState, kind: str, data: Mapping[str, Any]
                 ) -> TradeWarzState | IllegalAction:
        """The state after an action, or its refusal. The history's words (``describe``) and
        the action itself both need it, one right after the other with the same state and
        fields: the last outcome is kept so that an action is worked out only once."""
        last = self._last
        if last is not None and last[0] is state and last[1] == kind and last[2] == data:
            return last[3]
        try:
            outcome: TradeWarzState | IllegalAction = self._apply(state, kind, data)
        except IllegalAction as err:
            outcome = err
        self._last = (state, kind, dict(data), outcome)
        return outcome

    def _apply(self, state: TradeWarzState, kind: str, data: Mapping[str, Any]
               ) -> TradeWarzState:
        self.spec(kind)
        if kind == RULING:
            return replace(self.switch_ruling(state, data), events=())
        if state.phase == "over" and kind != CORRECT and not self.actions[kind].correction \
                and not turns.follows_last_move(state, kind, data):
            raise IllegalAction(t("the game is over: {reason}", reason=state.ended),
                                rule=R_DURATION)
        self.check_turn(state, kind, data)
        game, events = MOVES[kind](state, data)
        if kind in CORRECTED:
            turns.refuse(holdings.correction_problems(state, game))
        game = learn_paid(state, game, kind, data)
        return turns.check_end(replace(game, events=tuple(events)))

    def describe(self, state: TradeWarzState, kind: str, data: Mapping[str, Any]) -> str:
        """The action in words, with what it caused (Xadlas, 21 trades) when it applies."""
        label = self.actions[kind].label if kind in self.actions else kind
        try:
            outcome = self._outcome(state, kind, data)
        except (KeyError, ValueError):
            outcome = None
        after = outcome if isinstance(outcome, TradeWarzState) else None
        return history_line(state, kind, data, label, after)

    def available(self, state: TradeWarzState) -> tuple[str, ...]:
        fixes = (CORRECT, *CORRECTION_KINDS, RULING)
        if state.phase == "over":
            return (*turns.after_the_last_move(state), *fixes)
        if state.phase == "spring_end":
            return ("end_of_spring", *FREE_KINDS, *self._time(state), *fixes)
        house = state.houses[state.turn]
        open_ = tuple(k for k in SEASON_KINDS if house.tokens.count(k) < turns.YEARLY[k])
        return (*open_, *FREE_KINDS, *self._time(state), *fixes)

    turn_rule = turns.R_MECHANICS

    def turn_of(self, state: TradeWarzState, kind: str) -> int | None:
        """Season actions belong to the house whose turn it is."""
        return state.turn if kind in SEASON_KINDS and state.phase == "seasons" else None

    def step_fields(self, state: TradeWarzState, kind: str) -> dict[str, Any]:
        """The end of Spring names the year it ends."""
        return {"year": state.year} if kind == "end_of_spring" else {}

    @staticmethod
    def _time(state: TradeWarzState) -> tuple[str, ...]:
        return ("time_up",) if state.end_mode == "time" and not state.time_up else ()

    def guide(self, state: TradeWarzState) -> tuple[str, ...]:
        return guide_lines(state)

    def is_over(self, state: TradeWarzState) -> bool:
        return state.phase == "over"

    def score(self, state: TradeWarzState) -> Result:
        return score_state(state)

    def standing(self, state: TradeWarzState) -> Standing:
        return standing(state)

    def chapter(self, state: TradeWarzState) -> int:
        return state.year

    def chapter_words(self, chapter: int) -> Text:
        return t("Year {year}", year=chapter)

    def parse_facts(self, payload: Any) -> tuple[list[Facts], dict[str, str]]:
        return parse_facts(payload)

    def score_facts(self, facts: Any, rulings: Mapping[str, str]) -> Result:
        return score_facts(facts, rulings)

    def player_names(self, state: TradeWarzState) -> tuple[str, ...]:
        return tuple(h.name for h in state.houses)

    def secrets(self, setup: Mapping[str, Any], log: Sequence[Entry],
                state: TradeWarzState) -> tuple[Secret, ...]:
        """A house's battle cards are its own (dealt face down, kept for the whole game): the
        cards of every recorded deck, until the game is over. (Cards burned and played in a
        battle are shown to the table, so a battle's entry hides nothing.)"""
        if state.phase == "over":
            return ()
        return tuple(Secret(e.data["house"], e.seq, ("cards",)) for e in log
                     if e.kind == "record_deck" and isinstance(e.data.get("house"), int))

    def box_records_of_setup(self, setup: Mapping[str, Any]) -> list[tuple[str, str, dict]]:
        """Costs, season names and the lost season's die the table entered (box data)."""
        return box.records_of_setup(setup)

    def box_records(self, state: TradeWarzState, kind: str, data: Mapping[str, Any]
                    ) -> list[tuple[str, str, dict]]:
        """A payment entered for an item whose cost the box data lacked, remembered per item."""
        return box.records_of_action(state, kind, data)

    def box_words(self, category: str, key: str, value: Mapping[str, Any]) -> tuple[Any, Any, Any]:
        """Costs, season names and the lost season's die in words (``box.entry_words``)."""
        return box.entry_words(category, key, value) or super().box_words(category, key, value)

    @staticmethod
    def setup_defaults(records: Any) -> dict[str, str]:
        """Setup-form values from the box data a server remembers (see ``box.setup_defaults``)."""
        return box.setup_defaults(records)
