"""Coin toss: a fourth, tiny game that exists only in the test suite, to show that a game needs
nothing outside its own package. Two players toss a coin in turn; each heads scores a point; a
toss on the coin's edge is the one ambiguity (ruling CT-1). Whoever tossed heads first breaks a
tie. Like a shipped game it brings its own board (``templates/board.html``), style sheet
(``static/cointoss.css``) and box data (a coin seen on its edge), and says who went first; it
is installed by the tests only, and taken away again."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.games.core import (
    RULING,
    ActionSpec,
    Checker,
    FieldSpec,
    GameRules,
    IllegalAction,
    Result,
    Ruling,
    ScoreLine,
    ScoreSheet,
    rank,
    resolve_rulings,
    step,
    t,
)

SIDES = ("heads", "tails", "edge")
TOSSES_EACH = 3
R_TOSS = "Coin toss rules, Tossing"
R_SCORE = "Coin toss rules, Scoring"

RULINGS = {"CT-1": Ruling(
    "CT-1", t("Does a coin that lands on its edge count as heads?"), "no",
    {"no": t("no: it scores nothing"), "yes": t("yes: it scores as heads")},
    why=t("The rules say nothing about a coin on its edge."))}


@dataclass(frozen=True)
class TossState:
    names: tuple[str, str]
    tosses: tuple[tuple[int, str], ...]  # (seat, side), in order
    rulings: Mapping[str, str]


@dataclass(frozen=True)
class Facts:
    name: str
    heads: int
    first: bool


def scores(side: str, rulings: Mapping[str, str]) -> bool:
    return side == "heads" or (side == "edge" and rulings.get("CT-1") == "yes")


def score_of(facts: Sequence[Facts], rulings: Mapping[str, str]) -> Result:
    sheets = tuple(ScoreSheet(f.name, (ScoreLine("heads", t("Heads"), f.heads, t(
        "{n} tosses scored", n=f.heads), R_SCORE),), {"first_heads": int(f.first)})
        for f in facts)
    return Result("cointoss", sheets, rank(sheets, ("first_heads",)), dict(rulings))


class CoinTossRules(GameRules):
    """Coin toss for the companion (see the module docstring)."""

    slug, title = "cointoss", "Coin toss"
    min_players = max_players = 2
    rulings = RULINGS
    tiebreaks = ("first_heads",)
    tiebreak_words = {"first_heads": t("the first heads")}
    player_fields = (FieldSpec("name", t("Name"), "text"),)
    quick_fields = (FieldSpec("name", t("Name"), "text"),
                    FieldSpec("heads", t("Heads"), high=TOSSES_EACH),
                    FieldSpec("first", t("Tossed heads first"), "bool", required=False,
                              default=False))

    box_on_page = True  # the board says what the box's coin is known to do

    def __init__(self) -> None:
        self.actions = {"toss": ActionSpec("toss", t("Toss the coin"), R_TOSS, (
            FieldSpec("player", t("Player"), "player"),
            FieldSpec("side", t("Side"), "choice", choices=tuple((s, s) for s in SIDES)))),
            RULING: self.ruling_spec()}

    def new_game(self, setup: Mapping[str, Any]) -> TossState:
        check = Checker()
        players = setup.get("players") if isinstance(setup, Mapping) else None
        if not isinstance(players, list) or len(players) != 2:
            check.add("players", t("Coin toss takes exactly 2 players"))
            players = []
        names = tuple(check.text(p, "name", f"players[{i}]") for i, p in enumerate(players))
        rulings = resolve_rulings(self.rulings, setup.get("rulings") if isinstance(
            setup, Mapping) else None, check)
        check.raise_if_any(rule=R_TOSS)
        return TossState(names, (), rulings)

    def apply(self, state: TossState, kind: str, data: Mapping[str, Any], by: str = ""
              ) -> TossState:
        self.spec(kind)
        if kind == RULING:
            return self.switch_ruling(state, data)
        if self.is_over(state):
            raise IllegalAction(t("Every player has tossed {n} times", n=TOSSES_EACH),
                                rule=R_TOSS)
        return replace(state, tosses=state.tosses + ((data["player"], data["side"]),))

    def describe(self, state: TossState, kind: str, data: Mapping[str, Any]) -> str:
        if kind == "toss":
            return t("{name} tossed {side}", name=state.names[data["player"]], side=data["side"])
        return super().describe(state, kind, data)

    def guide(self, state: TossState) -> tuple[str, ...]:
        if self.is_over(state):
            return (t("The game is over"),)
        return (step(t("Toss the coin ({n} left)", n=2 * TOSSES_EACH - len(state.tosses)),
                     R_TOSS),)

    def is_over(self, state: TossState) -> bool:
        return len(state.tosses) >= 2 * TOSSES_EACH

    def player_names(self, state: TossState) -> tuple[str, ...]:
        return state.names

    def first_seat(self, state: TossState) -> int:
        """Whoever tossed first."""
        return state.tosses[0][0] if state.tosses else 0

    def box_records(self, state: TossState, kind: str, data: Mapping[str, Any]
                    ) -> list[tuple[str, str, dict]]:
        """A coin seen on its edge can land there again: a fact of the coin in the box."""
        return [("coin", "edge", {"seen": True})] if data.get("side") == "edge" else []

    def heads(self, state: TossState, seat: int) -> int:
        return sum(1 for who, side in state.tosses if who == seat and scores(side, state.rulings))

    def score(self, state: TossState) -> Result:
        first = next((who for who, side in state.tosses if scores(side, state.rulings)), None)
        return score_of([Facts(n, self.heads(state, i), first == i)
                         for i, n in enumerate(state.names)], state.rulings)

    def parse_facts(self, payload: Any) -> tuple[list[Facts], dict[str, str]]:
        check = Checker()
        players = payload.get("players") if isinstance(payload, Mapping) else None
        if not isinstance(players, list) or len(players) != 2:
            check.add("players", t("Coin toss takes exactly 2 players"))
            players = []
        facts = [Facts(check.text(p, "name", f"players[{i}]"),
                       check.integer(p, "heads", f"players[{i}]", high=TOSSES_EACH),
                       check.boolean(p, "first", f"players[{i}]"))
                 for i, p in enumerate(players)]
        rulings = resolve_rulings(self.rulings, payload.get("rulings") if isinstance(
            payload, Mapping) else None, check)
        check.raise_if_any(rule=R_SCORE)
        return facts, rulings

    def score_facts(self, facts: Sequence[Facts], rulings: Mapping[str, str]) -> Result:
        return score_of(facts, rulings)


RULES = CoinTossRules()
__all__ = ["RULES", "CoinTossRules"]
