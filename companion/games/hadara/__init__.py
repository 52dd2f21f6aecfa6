"""Hadara (2–5 players): the epoch guide, the bookkeeping of every step, and final scoring."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from .. import register
from ..core import (CORRECT, RULING, ActionSpec, Checker, FieldSpec, GameRules, IllegalAction,
                    resolve_rulings, split_numbers, t)
from . import cards as play, steps as turns
from .guide import describe_action, guide_lines
from .model import (COLOUR_LABELS, COLOUR_WORDS, COLOURS, MEDAL_WORDS, ROMAN, STEP_NAMES,
                    STEP_RULES, TRACK_LABELS, TRACK_WORDS, TRACKS, HadaraState, Player,
                    first_seat, never_first)
from .scoring import RULINGS, parse_facts, score_facts, score_state

SETUP_RULE = "Hadara rulebook, Setup"


def _duplicate(key: str, value: Any) -> str:
    """Two seats share a name or an initiative ("Setup")."""
    if key == "name":
        return t("two players have the name {value}; each must differ", value=value)
    return t("two players have the initiative {value}; each must differ (every setup card has "
             "its own initiative)", value=value)


def _player(name: str = "player") -> FieldSpec:
    return FieldSpec(name, t("Player"), "player")


def _round() -> FieldSpec:
    """The phase A round a card is for, as the page showed it (0: not named); a second tap
    on the same player's card, once the round moved on, is refused."""
    return FieldSpec("round", t("Round"), low=0, high=9, required=False, default=0)


def _track_fields(high: int = 20) -> tuple[FieldSpec, ...]:
    return tuple(FieldSpec(tr, TRACK_LABELS[tr], low=0, high=high, required=False, default=0)
                 for tr in TRACKS)


_COLOURS = tuple((c, COLOUR_WORDS[c]) for c in COLOURS)
_TRACK_CHOICES = tuple((tr, TRACK_WORDS[tr]) for tr in TRACKS)
_MEDALS = tuple((m, MEDAL_WORDS[m]) for m in ("silver", "gold"))

ACTIONS = {
    "buy": ActionSpec("buy", t("Buy a card"), STEP_RULES["cards"] + " (Buy 1 Card)", (
        _player(), FieldSpec("colour", t("Colour"), "choice", choices=_COLOURS),
        FieldSpec("cost", t("Printed cost"), high=30),
        *_track_fields(),
        FieldSpec("points", t("Points"), high=30, required=False, default=0), _round()),
        commutative=True, actor="player"),
    "sell": ActionSpec("sell", t("Sell a card"), STEP_RULES["cards"] + " (Sell 1 Card)",
                       (_player(), _round()), commutative=True, actor="player"),
    "income": ActionSpec("income", t("Pay income to everyone"), STEP_RULES["income"]),
    "colony": ActionSpec("colony", t("Take a colony"), STEP_RULES["colony"], (
        _player(), FieldSpec("requirement", t("Military needed"), low=0, high=40),
        FieldSpec("points", t("Points"), high=40),
        FieldSpec("choice", t("Plunder or integrate"), "choice",
                  choices=(("plunder", t("plunder (gain coins)")),
                           ("integrate", t("integrate (pay coins, flip)")))),
        FieldSpec("coins", t("Coins (green to gain, red to pay)"), high=40),
        *_track_fields()), commutative=True),
    "statue": ActionSpec("statue", t("Carve a statue"), STEP_RULES["statue"], (
        _player(), FieldSpec("statue", t("Statue space"), low=1, high=4),
        FieldSpec("requirement", t("Culture needed"), high=40),
        FieldSpec("points", t("Points"), high=40),
        FieldSpec("tile_track", t("Bonus tile colour"), "choice", choices=_TRACK_CHOICES),
        FieldSpec("tile_side", t("Tile side"), "choice",
                  choices=(("up", t("face up (raise the track)")),
                           ("down", t("face down (points at the end)")))),
        FieldSpec("tile_value", t("Value beside the tile space"), high=20)), commutative=True),
    "remove": ActionSpec("remove", t("Remove a card (feeding)"), STEP_RULES["feed"],
                         (_player(), FieldSpec("card", t("Card"), high=200)), commutative=True),
    "medal": ActionSpec("medal", t("Buy a medal"), STEP_RULES["medals"], (
        _player(), FieldSpec("medal", t("Medal"), "choice", choices=_MEDALS),
        FieldSpec("price", t("Price this epoch"), high=99),
        FieldSpec("track", t("Track (silver medals)"), "choice", choices=_TRACK_CHOICES,
                  required=False, default="income")), commutative=True),
    "next": ActionSpec("next", t("Next step"), "Hadara rulebook, The Game Round", (
        FieldSpec("closing", t("Step"), "text", required=False, limit=20),)),
    CORRECT: ActionSpec(CORRECT, t("Correct a value"), "The table is the truth", (
        _player(), FieldSpec("value", t("Value"), "choice",
                             choices=(("coins", t("coins")),) + _TRACK_CHOICES),
        FieldSpec("delta", t("Change by"), low=-99, high=99)), commutative=True),
}

_APPLY = {"buy": play.buy, "sell": play.sell, "income": play.income,
          "colony": play.take_colony, "statue": play.carve_statue, "remove": play.remove_card,
          "medal": play.buy_medal, "next": play.next_step, CORRECT: play.correct}

#: the action each step offers, for the guide
STEP_ACTIONS = {"cards": ("buy", "sell", "next"), "income": ("income",),
                "colony": ("colony", "next"), "statue": ("statue", "next"),
                "feed": ("remove", "next"), "medals": ("medal", "next")}


class HadaraRules(GameRules):
    slug = "hadara"
    title = "Hadara"
    min_players = 2
    max_players = 5
    rulings = RULINGS
    tiebreaks = ("coins",)
    player_fields = (
        FieldSpec("name", t("Name"), "text"),
        FieldSpec("symbol", t("Player symbol"), "text", required=False, limit=20),
        FieldSpec("initiative", t("Setup card initiative"), low=1, high=99),
        FieldSpec("side", t("Setup card side"), "choice", choices=(("A", "A"), ("B", "B")),
                  default="A"),
        FieldSpec("coins", t("Starting coins"), high=99),
        *(FieldSpec(tr, t("Starting {track}", track=TRACK_WORDS[tr]), high=30) for tr in TRACKS),
    )

    quick_fields = (
        FieldSpec("name", t("Name"), "text"),
        FieldSpec("coins", t("Coins left"), high=999),
        *(FieldSpec(f"tracks.{tr}", t("{track} track", track=TRACK_LABELS[tr]), high=99)
          for tr in TRACKS),
        *(f for c in COLOURS for f in (
            FieldSpec(f"cards.{c}.count", t("{colour} cards", colour=COLOUR_LABELS[c]), high=60,
                      required=False, default=0),
            FieldSpec(f"cards.{c}.points", t("{colour} card points", colour=COLOUR_LABELS[c]),
                      high=300, required=False, default=0))),
        FieldSpec("colonies", t("Colony points (e.g. 5, 7)"), "text", required=False, limit=60),
        FieldSpec("statues", t("Statue points"), "text", required=False, limit=60),
        FieldSpec("face_down_tiles", t("Face-down tile values"), "text", required=False,
                  limit=60),
        FieldSpec("silver_1", t("Silver medal 1 on"), "choice",
                  choices=(("", t("none")),) + _TRACK_CHOICES, required=False, default=""),
        FieldSpec("silver_2", t("Silver medal 2 on"), "choice",
                  choices=(("", t("none")),) + _TRACK_CHOICES, required=False, default=""),
        FieldSpec("gold_medals", t("Gold medals"), high=2, required=False, default=0),
    )

    def quick_payload(self, options, players):
        """Nest the quick pad's flat fields the way the score API takes them."""
        out = []
        for flat in players:
            p: dict[str, Any] = {"name": flat.get("name"), "coins": flat.get("coins"),
                                 "gold_medals": flat.get("gold_medals") or 0,
                                 "tracks": {tr: flat.get(f"tracks.{tr}") for tr in TRACKS},
                                 "cards": {c: {"count": flat.get(f"cards.{c}.count") or 0,
                                               "points": flat.get(f"cards.{c}.points") or 0}
                                           for c in COLOURS},
                                 "silver_medals": [flat[k] for k in ("silver_1", "silver_2")
                                                   if flat.get(k)]}
            for key in ("colonies", "statues", "face_down_tiles"):
                p[key] = split_numbers(flat.get(key) or "")
            out.append(p)
        return {**options, "players": out}

    def __init__(self) -> None:
        self.actions = {**ACTIONS, RULING: self.ruling_spec()}

    def new_game(self, setup: Mapping[str, Any]) -> HadaraState:
        """Seat the players from their setup cards; whoever is never first gets 1 coin."""
        check = Checker()
        raw = setup.get("players") if isinstance(setup, Mapping) else None
        if not isinstance(raw, list) or not 2 <= len(raw) <= 5:
            check.add("players", t("Hadara is for 2 to 5 players"))
            check.raise_if_any(rule=SETUP_RULE)
        players = [self._read_player(check, p, f"players[{i}]") for i, p in enumerate(raw)]
        for key in ("name", "initiative"):
            values = [getattr(p, key) for p in players]
            for dup in sorted({v for v in values if values.count(v) > 1}, key=str):
                check.add("players", _duplicate(key, dup))
        rulings = resolve_rulings(RULINGS, setup.get("rulings"), check)
        check.raise_if_any(rule=SETUP_RULE)
        seated = tuple(players)
        bonus = never_first(seated)
        seated = tuple(replace(p, coins=p.coins + 1) if i in bonus else p
                       for i, p in enumerate(seated))
        return HadaraState(seated, rulings=rulings)

    def _read_player(self, check: Checker, raw: Any, path: str) -> Player:
        if not isinstance(raw, Mapping):
            check.add(path, t("each player must be an object"))
            raw = {}
        return Player(
            name=check.text(raw, "name", path), symbol=check.text(raw, "symbol", path, limit=20,
                                                                  required=False),
            initiative=check.integer(raw, "initiative", path, low=1, high=99),
            side=check.choice(raw, "side", path, ("A", "B"), default="A"),
            coins=check.integer(raw, "coins", path, high=99),
            tracks=tuple(check.integer(raw, tr, path, high=30) for tr in TRACKS))

    def box_records_of_setup(self, setup):
        """Setup cards: the values printed on each card and side, by initiative."""
        return [("setup card", f"{p['initiative']}{p.get('side', 'A')}",
                 {k: p.get(k, 0) for k in ("coins", *TRACKS)})
                for p in setup.get("players", []) if "initiative" in p]

    def box_records(self, state, kind, data):
        """Statue spaces and medal prices, as the table entered them."""
        if kind == "statue":
            return [("statue", f"space {data['statue']}",
                     {k: data[k] for k in ("requirement", "points", "tile_value")})]
        if kind == "medal":
            return [("medal price", f"{data['medal']} epoch {ROMAN[state.epoch]}",
                     {"price": data["price"]})]
        return []

    def apply(self, state: HadaraState, kind: str, data: Mapping[str, Any],
              by: str = "") -> HadaraState:
        if kind == RULING:
            return self.switch_ruling(state, data)
        if kind not in _APPLY:
            raise IllegalAction(t("Hadara has no action {kind}", kind=repr(kind)), field="kind")
        if "player" in data and not 0 <= data["player"] < len(state.players):
            raise IllegalAction(t("there is no player {seat}", seat=data["player"]),
                                field="player")
        self.check_turn(state, kind, data)
        return _APPLY[kind](state, data)

    turn_rule = turns.PHASE_B_RULE

    def turn_of(self, state: HadaraState, kind: str) -> int | None:
        """Phase B's face-up cards are bought or sold in turn; every other step is taken by
        the players at once."""
        return turns.picker(state) if kind in ("buy", "sell") else None

    def step_fields(self, state: HadaraState, kind: str) -> dict[str, Any]:
        """A close names the step it closes."""
        return {"closing": turns.step_key(state)} if kind == "next" else {}

    def step_label(self, state: HadaraState) -> str:
        """The step the table is at, in words (what "Close this step" names)."""
        return STEP_NAMES[state.step]

    def card_round(self, state: HadaraState, seat: int) -> int:
        """The phase A round a tap on ``seat``'s card is for (what a sell button names)."""
        return turns.card_round(state, seat)

    def describe(self, state: HadaraState, kind: str, data: Mapping[str, Any]) -> str:
        return describe_action(state, kind, data)

    def guide(self, state: HadaraState) -> tuple[str, ...]:
        return guide_lines(state)

    def available(self, state: HadaraState) -> tuple[str, ...]:
        if state.over:
            return (CORRECT, RULING)
        return STEP_ACTIONS[state.step] + (CORRECT, RULING)

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

    def parse_facts(self, payload: Any):
        return parse_facts(payload)

    def score_facts(self, facts, rulings):
        return score_facts(facts, rulings)

    def first_player(self, state: HadaraState) -> str:
        return state.players[first_seat(state.players, state.epoch)].name

    def epoch_label(self, state: HadaraState) -> str:
        return t("Epoch {epoch}, phase {phase}", epoch=ROMAN[state.epoch], phase=state.phase)


HADARA = register(HadaraRules())
