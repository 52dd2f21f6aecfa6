"""The calendar of a year (Game mechanics): whose turn it is, the action tokens, the seasons.

Build, March, Recruit and Resources +2 may each be taken twice a year, Buy Tech and Retreat once
(the action board's ten tokens); a house takes one action a season, so never the same twice in it.
A season move (``SeasonMove``) lists its own problems for a state, a house and its fields; the
action refuses with them and "Can I do this?" answers with them, so the two cannot disagree.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core import IllegalAction, replace, t
from .model import House, TradeWarzState, pay, put_house
from .spring import end_reason, reached
from .terms import TOKEN_WORDS, join, times

R_MECHANICS = "TradeWarz rulebook, Game mechanics"
YEARLY = {"march": 2, "build": 2, "recruit": 2, "resources": 2, "buy_tech": 1, "retreat": 1}
Problems = list[IllegalAction]
Check = Callable[[TradeWarzState, int, House, Mapping[str, Any]], Problems]
Do = Callable[[TradeWarzState, int, House, Mapping[str, Any]], tuple[House, list[str]]]


def attempt(out: Problems, check: Callable[..., Any], *args: Any) -> Any:
    """Run one check that refuses by raising; keep its refusal in ``out`` (None then)."""
    try:
        return check(*args)
    except IllegalAction as err:
        out.append(err)
        return None


def afford(out: Problems, house: House, cost: Any, what: Any, rule: str) -> None:
    """The dials cover ``cost`` (a cost that could not be worked out is already a problem)."""
    if cost is not None:
        attempt(out, pay, house, cost, what, rule)


def refuse(problems: Problems) -> None:
    """Raise the problems found, every one of them in one refusal (rules named once each)."""
    if len(problems) == 1:
        raise problems[0]
    if problems:
        rules = list(dict.fromkeys(p.rule for p in problems if p.rule))
        raise IllegalAction(join([p.message for p in problems], "; "), rule="; ".join(rules),
                            field=problems[0].field)


def turn_problems(game: TradeWarzState, kind: str, seat: int) -> Problems:
    """Whether house ``seat`` may take a ``kind`` action right now: a house has a turn, it is
    this house's, and a token of that action is left this year (Game mechanics)."""
    out: Problems = []
    if game.phase != "seasons":
        out.append(IllegalAction(t("no house has a turn now: the game is over") if game.phase ==
                                 "over" else t("no house has a turn now: the end of Spring is "
                                               "due"), rule=R_MECHANICS))
    elif seat < game.turn:
        out.append(IllegalAction(t("{house} has already taken its action this season; its next "
                                   "turn comes next season", house=game.houses[seat].name),
                                 rule=R_MECHANICS))
    elif seat > game.turn:
        out.append(IllegalAction(t("it is {house}'s turn now; {other}'s comes after it",
                                   house=game.houses[game.turn].name,
                                   other=game.houses[seat].name), rule=R_MECHANICS))
    house, limit = game.houses[seat], YEARLY[kind]
    used = house.tokens.count(kind)
    if used >= limit:
        out.append(IllegalAction(t("{house} has used {action} {times} this year; the limit "
                                   "is {limit}", house=house.name,
                                   action=TOKEN_WORDS[kind], times=times(used), limit=limit),
                                 rule=R_MECHANICS))
    return out


@dataclass(frozen=True)
class SeasonMove:
    """A season action: ``check`` lists what stops a house taking it with given fields (its own
    rules: buildings, costs, dials...), ``do`` changes the house's board once it is allowed."""

    kind: str
    check: Check
    do: Do

    def problems(self, game: TradeWarzState, seat: int, data: Mapping[str, Any]) -> Problems:
        """Everything that stops house ``seat`` taking this action with ``data`` right now."""
        return turn_problems(game, self.kind, seat) + \
            self.check(game, seat, game.houses[seat], data)

    def __call__(self, game: TradeWarzState, data: Mapping[str, Any]
                 ) -> tuple[TradeWarzState, list[str]]:
        """The house whose turn it is takes the action; then the turn passes."""
        seat = game.turn
        refuse(self.problems(game, seat, data))
        house, events = self.do(game, seat, game.houses[seat], data)
        house = replace(house, tokens=house.tokens + (self.kind,))
        moved = self.kind in ("march", "retreat")  # the moves a battle can follow
        game = replace(put_house(game, seat, house), mover=seat if moved else None,
                       move=self.kind if moved else "", fought=(), target=marched_on(data))
        return advance(game), events


def marched_on(data: Mapping[str, Any]) -> int | None:
    """The house a March was told to march on (its battle's defender), None when not told."""
    target = data.get("target")
    return target if isinstance(target, int) and target >= 0 else None


def advance(game: TradeWarzState) -> TradeWarzState:
    """Pass the turn; after the last house the season ends (Spring: the year-end step is due)."""
    if game.turn + 1 < len(game.houses):
        return replace(game, turn=game.turn + 1)
    if game.season == len(game.season_names) - 1:
        if game.time_up and game.rulings.get("T19", "season-only") == "season-only":
            return replace(game, turn=0, phase="over", ended=t(
                "time is up and Spring is over: no year-end rewards (ruling T19; {rule})",
                rule="TradeWarz rulebook, Game duration"))
        return replace(game, turn=0, phase="spring_end")
    if game.time_up:
        return replace(game, turn=0, phase="over",
                       ended=t("time is up and the season is over ({rule})",
                               rule="TradeWarz rulebook, Game duration"))
    return replace(game, turn=0, season=game.season + 1)


#: what the last March of a game ended by time may still lead to (Marching: Battle (STEP 1);
#: Raiding villages and settlements; Trading posts), and the field naming the marching house
LAST_MOVE_KINDS = {"battle": "origin", "raid": "raider", "hold_post": "house"}


def after_the_last_move(game: TradeWarzState) -> tuple[str, ...]:
    """The actions the last move of a game ended by time may still lead to: its battle (the
    battle is part of the March, and every house completes its action of the season: Game
    duration), and after a March its raids and a trading post taken."""
    if game.phase != "over" or not game.time_up or game.mover is None:
        return ()
    return ("battle",) if game.move == "retreat" else tuple(LAST_MOVE_KINDS)


def follows_last_move(game: TradeWarzState, kind: str, data: Mapping[str, Any]) -> bool:
    """Whether an action entered after a game ended by time belongs to its last move: a battle
    from it (``battle.check_origin`` checks the rest), a raid by the house that marched, a post
    taken by it. Entries that do not name the move's house never do."""
    if kind not in after_the_last_move(game):
        return False
    named = data.get(LAST_MOVE_KINDS[kind])
    return named is not None and (kind == "battle" or named == game.mover)


def check_end(game: TradeWarzState) -> TradeWarzState:
    """A Xadla target (or an alliance's) ends the game the moment it is reached."""
    if game.phase == "over":
        return game
    reason = end_reason(game)
    if not reason:
        return game
    won, won_by = reached(game)
    return replace(game, phase="over", ended=reason, won=won, won_by=won_by)
