"""The Hexemonia rules object: the interface the web layer drives (see ``core.GameRules``)."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core import (
    CORRECT,
    RULING,
    Checker,
    Entry,
    GameRules,
    IllegalAction,
    Result,
    Secret,
    Standing,
    Text,
    resolve_rulings,
    t,
)
from . import actions, corrections, placing, politics, turn, war
from .box import box_records, entry_words
from .data import CITIES, COUNT_ICONS, HAND_LIMIT, NO_CITY
from .guide import guide_lines
from .model import HexemoniaState, city_table
from .quick import QUICK_FIELDS, QUICK_OPTIONS, quick_payload
from .rulings import RULINGS
from .scoring import (
    TIEBREAKS,
    PlayerFacts,
    parse_players,
    result_of,
    round_of,
    score_state,
    standing,
)
from .setup import icon_counts, read_setup
from .specials import special
from .specs import ACTIONS, PLAYER_FIELDS, SETUP_FIELDS
from .terms import TIEBREAK_WORDS
from .words import describe_action

Handler = Callable[[HexemoniaState, Mapping[str, Any]], HexemoniaState]
HANDLERS: dict[str, Handler] = {
    "take": turn.take, "play_hex": placing.play_hex, "play_myth": placing.play_myth,
    "production": actions.production, "strategy": actions.strategy, "special": special,
    "attack": war.make_attack, "political_check": politics.political_check,
    "discard": turn.discard, "end_turn": turn.end_turn, "reveal": corrections.reveal,
    "enter_city": corrections.enter_city,
    CORRECT: corrections.correct, "correct_add_hex": corrections.add_hex,
    "correct_hex": corrections.change_hex, "correct_add_myth": corrections.add_myth,
    "correct_myth": corrections.change_myth,
}
#: every correction by hand, offered at any moment (the table is the truth)
FIXES = (CORRECT, "correct_add_hex", "correct_hex", "correct_add_myth", "correct_myth")


class HexemoniaRules(GameRules):
    """Hexemonia (Pendragon Game Studio, 2014): 2–4 players build Greek city-states."""

    slug = "hexemonia"
    title = "Hexemonia"
    min_players, max_players = 2, 4
    rulings = RULINGS
    tiebreaks = TIEBREAKS
    tiebreak_words = TIEBREAK_WORDS
    setup_fields = SETUP_FIELDS
    box_setup_fields = tuple(f.name for f in SETUP_FIELDS if f.name.startswith("icon_")
                             or f.name.endswith(("_nature", "_bonus_kind", "_bonus_points")))
    player_fields = PLAYER_FIELDS
    setup_count_first = True
    box_on_page = True
    quick_options = QUICK_OPTIONS
    quick_fields = QUICK_FIELDS

    def __init__(self) -> None:
        self.actions = {**ACTIONS, RULING: self.ruling_spec()}

    def new_game(self, setup: Mapping[str, Any]) -> HexemoniaState:
        return read_setup(setup)

    def stored_setup(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        """Revolts are played by every table of 3-4 players (only with 2 are they an option): the
        kept setup, and a game's file, say so whatever an unticked box sent."""
        out = dict(setup)
        players = setup.get("players")
        if isinstance(players, list) and len(players) != 2 and "revolts" in out:
            out["revolts"] = True
        return out

    def setup_unused(self, count: int) -> tuple[str, ...]:
        """Revolts are an option with 2 players only; the hexes of an icon for at most this many
        players stay in the game, so only those of higher icons are counted (Preparazione)."""
        return (() if count == 2 else ("revolts",)) + tuple(
            f"icon_{n}" for n in COUNT_ICONS if n <= count)

    turn_rule = f"{turn.R}, Turno di gioco"

    def apply(self, state: HexemoniaState, kind: str, data: Mapping[str, Any],
              by: str = "") -> HexemoniaState:
        """One action; a turn action is for the active player (one naming another is refused),
        an end of turn for the turn it names."""
        if kind == RULING:
            return self.switch_ruling(state, data)
        if kind not in HANDLERS:
            raise IllegalAction(t("Hexemonia has no action {kind}", kind=repr(kind)), field="kind")
        self.check_turn(state, kind, data)
        return HANDLERS[kind](state, data)

    def turn_of(self, state: HexemoniaState, kind: str) -> int | None:
        """Every action of a turn belongs to the active player."""
        return state.active if self.actions[kind].actor and not state.over else None

    def step_fields(self, state: HexemoniaState, kind: str) -> dict[str, Any]:
        """The end of a turn names the turn it ends."""
        return {"turn": state.turn} if kind == "end_turn" else {}

    def describe(self, state: HexemoniaState, kind: str, data: Mapping[str, Any]) -> str:
        return describe_action(state, kind, data)

    def unconfirmed(self, state: HexemoniaState, kind: str,
                    data: Mapping[str, Any]) -> list[IllegalAction]:
        """A political check before the turn's action ends B and C: asked once."""
        return politics.skip_unconfirmed(state, data) if kind == "political_check" else []

    def available(self, state: HexemoniaState) -> tuple[str, ...]:
        if state.over:
            return (*FIXES, RULING)
        if state.checked:  # a discard only while the hand holds more than the limit
            over = state.players[state.active].hand > HAND_LIMIT
            steps: tuple[str, ...] = ("discard", "end_turn") if over else ("end_turn",)
        elif state.action in ("special", "war"):
            steps = ("special" if state.action == "special" else "attack", "political_check")
        elif state.action:
            steps = ("political_check",)
        elif not (state.took or state.final_round):
            steps = ("take",)  # the phases come in order: A first (rulebook, Turno di gioco)
        else:
            steps = ("play_hex", "play_myth", "production", "strategy", "special", "attack",
                     "political_check")
        entering = ("enter_city",) if any(not p.city for p in state.players) else ()
        return steps + entering + ("reveal", *FIXES, RULING)

    def guide(self, state: HexemoniaState) -> tuple[str, ...]:
        return guide_lines(state)

    def is_over(self, state: HexemoniaState) -> bool:
        return state.over

    def player_names(self, state: HexemoniaState) -> tuple[str, ...]:
        return tuple(p.name for p in state.players)

    def secrets(self, setup: Mapping[str, Any], log: Sequence[Entry],
                state: HexemoniaState) -> tuple[Secret, ...]:
        """The Acropolis each player drew stays hidden until revealed (face up from the start
        with 2 players, every one face up at the end): its city, in the setup's player row or
        in the step that entered it from its player's phone."""
        if state.over:
            return ()
        hidden = {i for i, p in enumerate(state.players) if not p.revealed}
        entered = tuple(Secret(e.data["player"], e.seq, ("city",)) for e in log
                        if e.kind == "enter_city" and e.data.get("player") in hidden)
        return tuple(Secret(i, 0, ("players", i, "city")) for i in sorted(hidden)) + entered

    def score(self, state: HexemoniaState) -> Result:
        return score_state(state)

    def standing(self, state: HexemoniaState) -> Standing:
        return standing(state)

    def chapter(self, state: HexemoniaState) -> int:
        return round_of(state)

    def chapter_words(self, chapter: int) -> Text:
        return t("Round {n}", n=chapter)

    def parse_facts(self, payload: Any) -> tuple[list[PlayerFacts], dict[str, str]]:
        check = Checker()
        facts = parse_players(payload, check)
        chosen = payload.get("rulings") if isinstance(payload, Mapping) else None
        rulings = resolve_rulings(RULINGS, chosen, check)
        check.raise_if_any(rule="Score API")
        return facts, rulings

    def quick_payload(self, options: Mapping[str, Any],
                      players: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        return quick_payload(options, players)

    def box_records(self, state: HexemoniaState, kind: str, data: Mapping[str, Any]
                    ) -> list[tuple[str, str, dict]]:
        """A played hex or Myth is remembered by name with its printed values (box data)."""
        return box_records(kind, data)

    def box_words(self, category: str, key: str, value: Mapping[str, Any]) -> tuple[Any, Any, Any]:
        """A remembered hex or Myth in words (``box.entry_words``)."""
        return entry_words(category, key, value) or super().box_words(category, key, value)

    def box_records_of_setup(self, setup: Mapping[str, Any]) -> list[tuple[str, str, dict]]:
        """City tile values the table entered at setup (only those it read off the tile: a
        value left to the usual one stays unverified), remembered by city, and the hexes of
        each player-count icon it counted."""
        icons = icon_counts(setup, Checker())
        read_setup(setup)  # only a setup the rules accept is remembered
        cities = [(city, {k: setup[f"{city}_{k}"] for k in CITY_VALUES
                          if setup.get(f"{city}_{k}") not in ("", None, 0)})
                  for city in CITIES]
        return [("city", city, values) for city, values in cities if values] + [
            (ICONS, f"icon_{n}", {"count": count}) for n, count in icons.items()]

    def setup_defaults(self, records) -> dict[str, Any]:
        """The icon counts and city tile values a table entered before fill the setup form
        again (a city value never entered stays "the usual one", marked unverified)."""
        out: dict[str, Any] = {}
        for category, key, values in records:
            if not isinstance(values, Mapping):
                continue
            if category == ICONS and isinstance(values.get("count"), int):
                out[key] = values["count"]
            elif category == "city" and key in CITIES:
                out.update({f"{key}_{k}": values[k] for k in CITY_VALUES if values.get(k)})
        return out

    def score_facts(self, facts: Sequence[PlayerFacts], rulings: Mapping[str, str]) -> Result:
        return result_of(facts, {**{r: x.default for r, x in RULINGS.items()}, **rulings},
                         {**city_table(rulings), "": NO_CITY})


#: what a city tile prints, as the setup form names it after the city (``sparta_nature``)
CITY_VALUES = ("nature", "bonus_kind", "bonus_points")
ICONS = "player-count icons"  # box data: how many terrain hexes carry each icon
RULES = HexemoniaRules()
