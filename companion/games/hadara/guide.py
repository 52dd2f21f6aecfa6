"""Hadara's epoch guide: where the table is, who is first, and what the step means for each."""
from __future__ import annotations

from typing import Any

from ..core import Text, step, t
from .data import ROMAN, ROUNDS, SELL_PRICE, STEP_RULES
from .feeding import suggest_removal
from .model import HadaraState, first_seat, never_first, turn_order
from .steps import PHASE_B_RULE, picker
from .terms import COLOUR_WORDS, STEP_NAMES
from .words import paid

_ORDINAL = {1: t("lowest initiative"), 2: t("second-lowest initiative"),
            3: t("third-lowest initiative")}
ROUND_RULE = "Hadara rulebook, The Game Round"
FIRST_RULE = "Hadara rulebook, Determine the First Player"
END_RULE = "Hadara rulebook, End of the Game"


def guide_lines(state: HadaraState) -> tuple[str, ...]:
    """The epoch guide: where the table is, who is first, and what the step means for each. Each
    line links to the rulebook section it follows."""
    if state.over:
        return (step(t("Epoch III is over: the score pad below is final."), END_RULE),)
    lines = [step(_where(state), ROUND_RULE), step(_first(state), FIRST_RULE)]
    if state.epoch == 1 and state.phase == "A" and state.round == 1:
        extra = [state.players[i].name for i in never_first(state.players)]
        if extra:
            lines.append(step(t("{names} got 1 coin at the start of epoch I (compensation for "
                                "leading no epoch, or only epoch II with two players).",
                                names=extra), FIRST_RULE))
    rule = STEP_RULES[state.step]
    if state.step == "cards" and state.phase == "B":
        rule = PHASE_B_RULE
    lines.extend(step(line, rule) for line in _STEP_LINES[state.step](state))
    return tuple(lines)


def _where(state: HadaraState) -> Text:
    if state.step == "cards" and state.phase == "A":
        return t("Epoch {epoch}, phase {phase}: {step}, round {round} of {rounds}",
                 epoch=ROMAN[state.epoch], phase=state.phase, step=STEP_NAMES[state.step],
                 round=state.round, rounds=ROUNDS)
    return t("Epoch {epoch}, phase {phase}: {step}", epoch=ROMAN[state.epoch], phase=state.phase,
             step=STEP_NAMES[state.step])


def _first(state: HadaraState) -> Text:
    first = first_seat(state.players, state.epoch)
    if len(state.players) == 2:
        why = (t("lowest initiative (two players: epochs I and III)") if state.epoch != 2
               else t("the other player (two players: epoch II)"))
    else:
        why = _ORDINAL[state.epoch]
    return t("First player: {name} ({why}). Order: {order}.", name=state.players[first].name,
             why=why, order=[state.players[i].name for i in turn_order(state)])


def _cards(state: HadaraState) -> list[Text]:
    if state.phase == "B":
        return [t("In turn, each player takes the top card of any discard pile and buys or sells "
                  "it (selling pays {coins}), until the board is empty.",
                  coins=SELL_PRICE[state.epoch]),
                t("{name}'s turn to take a card.", name=state.players[picker(state)].name)]
    waiting = [p.name for i, p in enumerate(state.players) if i not in state.acted]
    return [t("Each player draws 2, discards 1 face up, and buys or sells the other (selling pays "
              "{coins}). Still to act this round: {names}.", coins=SELL_PRICE[state.epoch],
              names=waiting or t("none"))]


def _income_lines(state: HadaraState) -> list[Text]:
    return [t("One tap pays everyone their income: {paid}", paid=paid(state))]


def _colony_lines(state: HadaraState) -> list[Text]:
    """Each player's military against the colonies they may take this step."""
    return [t("{name}: military {value}; may take one colony needing at most {value}{held}{done}",
              name=p.name, value=p.track("military"),
              **_held_done(state, i, [c.requirement for c in p.colonies]))
            for i, p in enumerate(state.players)]


def _statue_lines(state: HadaraState) -> list[Text]:
    """Each player's culture against the statues they may carve this step."""
    return [t("{name}: culture {value}; may carve one statue needing at most {value}{held}{done}",
              name=p.name, value=p.track("culture"),
              **_held_done(state, i, [s.number for s in p.statues]))
            for i, p in enumerate(state.players)]


def _held_done(state: HadaraState, seat: int, held: list[int]) -> dict[str, Any]:
    # The levels or spaces already used are shown as a plain list of numbers ("[3, 6]").
    return {"held": t(", not {numbers}", numbers=str(sorted(held))) if held else "",
            "done": t(" (done this step)") if seat in state.acted else ""}


def _feed(state: HadaraState) -> list[Text]:
    out = []
    for p in state.players:
        short = p.food_shortfall
        if short:
            pick = [t("{colour} ({points} pts)", colour=COLOUR_WORDS[p.cards[i].colour],
                      points=p.cards[i].points) for i in suggest_removal(p)]
            out.append(t("{name}: {cards} cards, food {food} → must remove {short}; fewest points "
                         "lost: {pick}", name=p.name, cards=len(p.cards), food=p.track("food"),
                         short=short, pick=pick))
        else:
            out.append(t("{name}: {cards} cards, food {food} → fed", name=p.name,
                         cards=len(p.cards), food=p.track("food")))
    return out


def _medals(state: HadaraState) -> list[Text]:
    return [t("{name}: {silver}/2 silver, {gold}/2 gold, {coins} coins", name=p.name,
              silver=len(p.silver), gold=p.gold, coins=p.coins) for p in state.players]


_STEP_LINES = {"cards": _cards, "income": _income_lines, "colony": _colony_lines,
               "statue": _statue_lines, "feed": _feed, "medals": _medals}
