"""Hadara in words: what the table does now (the epoch guide) and what each action did."""
from __future__ import annotations

from typing import Any, Mapping

from ..core import Text, step, t
from .model import (COLOUR_WORDS, MEDAL_WORDS, ROMAN, ROUNDS, SELL_PRICE, STEP_NAMES, STEP_RULES,
                    TRACK_WORDS, TRACKS, HadaraState, first_seat, never_first, turn_order)
from .cards import card_price, suggest_removal
from .steps import picker

_ORDINAL = {1: t("lowest initiative"), 2: t("second-lowest initiative"),
            3: t("third-lowest initiative")}
_VALUE_WORDS = {"coins": t("coins"), **TRACK_WORDS}
ROUND_RULE = "Hadara rulebook, The Game Round"
FIRST_RULE = "Hadara rulebook, Determine the First Player"
END_RULE = "Hadara rulebook, End of the Game"


def _values(data: Mapping[str, Any]) -> list[Text]:
    return [t("{track} +{n}", track=TRACK_WORDS[tr], n=data[tr]) for tr in TRACKS if data.get(tr)]


def describe_action(state: HadaraState, kind: str, d: Mapping[str, Any]) -> str:
    """One history line, written from the state before the action."""
    who = state.players[d["player"]].name if "player" in d and d["player"] < len(
        state.players) else ""
    if kind in _DESCRIBE:
        return _DESCRIBE[kind](state, who, d)
    if kind == "correct":
        return t("Correction: {name}'s {value} {delta}", name=who,
                 value=_VALUE_WORDS.get(d["value"], d["value"]), delta=f"{d['delta']:+d}")
    if kind == "ruling":
        return t("Ruling {id} switched to {reading}", id=d["ruling"], reading=repr(d["reading"]))
    return kind


def _bought(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    owned = state.players[d["player"]].count(d["colour"])
    price = card_price(state.players[d["player"]], d["colour"], d["cost"])
    colour = COLOUR_WORDS[d["colour"]]
    cards = (t("{n} {colour} card", n=owned, colour=colour) if owned == 1
             else t("{n} {colour} cards", n=owned, colour=colour))
    values = _values(d)
    return t("{who} bought a {colour} card for {price} coins: printed {cost}, −{discount} for "
             "{cards} owned{extra}; {points} points", who=who, colour=colour, price=price,
             cost=d["cost"], discount=min(owned, d["cost"]), cards=cards,
             extra=t(", {values}", values=values) if values else "", points=d.get("points", 0))


def _sold(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    return t("{who} sold a card for {coins} coins (epoch {epoch})", who=who,
             coins=SELL_PRICE[state.epoch], epoch=ROMAN[state.epoch])


def _paid(state: HadaraState) -> list[Text]:
    return [t("{name} +{n}", name=p.name, n=max(p.track("income"), 0)) for p in state.players]


def _income(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    return t("Income paid: {paid}", paid=_paid(state))


def _colony(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    if d["choice"] == "integrate":
        verb = t("integrated it for {coins} coins ({values})", coins=d["coins"],
                 values=_values(d) or t("no track change"))
    else:
        verb = t("plundered it for {coins} coins", coins=d["coins"])
    return t("{who} took a colony (military {requirement}, {points} points) and {verb}", who=who,
             requirement=d["requirement"], points=d["points"], verb=verb)


def _statue(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    side = (t("tile face up: {track} +{value}", track=TRACK_WORDS[d["tile_track"]],
              value=d["tile_value"]) if d["tile_side"] == "up"
            else t("tile face down: {value} points at the end", value=d["tile_value"]))
    return t("{who} carved statue {statue} (culture {requirement}, {points} points); {side}",
             who=who, statue=d["statue"], requirement=d["requirement"], points=d["points"],
             side=side)


def _removed(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    cards = state.players[d["player"]].cards
    card = cards[d["card"]] if d["card"] < len(cards) else None
    what = (t("a {colour} card ({points} points)", colour=COLOUR_WORDS[card.colour],
              points=card.points) if card else t("a card"))
    return t("{who} removed {what} to feed the people: no coins, its track values taken away",
             who=who, what=what)


def _medal(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    if d["medal"] == "silver":
        return t("{who} bought a silver medal on {track} for {price} coins", who=who,
                 track=TRACK_WORDS[d["track"]], price=d["price"])
    return t("{who} bought a {medal} medal for {price} coins", who=who,
             medal=MEDAL_WORDS[d["medal"]], price=d["price"])


def _closed(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    return t("{step} closed (epoch {epoch}, phase {phase})", step=STEP_NAMES[state.step],
             epoch=ROMAN[state.epoch], phase=state.phase)


_DESCRIBE = {"buy": _bought, "sell": _sold, "income": _income, "colony": _colony,
             "statue": _statue, "remove": _removed, "medal": _medal, "next": _closed}


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
        rule = "Hadara rulebook, Take a Faceup Card"
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
    return [t("One tap pays everyone their income: {paid}", paid=_paid(state))]


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
