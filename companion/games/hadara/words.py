"""Hadara's history sentences: what each action did, written from the state before it."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Text, t
from .cards import card_price
from .data import ROMAN, SELL_PRICE, TRACKS
from .model import HadaraState
from .rulings import RULINGS
from .terms import COLOUR_WORDS, MEDAL_WORDS, TRACK_WORDS, step_name

_VALUE_WORDS = {"coins": t("coins"), **TRACK_WORDS}


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
        ruling = RULINGS.get(d["ruling"])
        reading = ruling.readings.get(d["reading"], d["reading"]) if ruling else d["reading"]
        return t("Ruling {id} switched to {reading}", id=d["ruling"], reading=reading)
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


def paid(state: HadaraState) -> list[Text]:
    """What income pays each player now."""
    return [t("{name} +{n}", name=p.name, n=max(p.track("income"), 0)) for p in state.players]


def _income(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    return t("Income paid: {paid}", paid=paid(state))


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
    return t("{step} closed (epoch {epoch}, phase {phase})",
             step=step_name(state.step, state.phase), epoch=ROMAN[state.epoch], phase=state.phase)


def _wheel(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    seats = [t("{name}: {colour}", name=p.name, colour=COLOUR_WORDS[d[f"seat{n}"]])
             for n, p in enumerate(state.players, start=1) if d.get(f"seat{n}")]
    if d.get("decks"):
        return t("Wheel set for epoch {epoch}: {seats}; decks clockwise: {decks}",
                 epoch=ROMAN[state.epoch], seats=seats,
                 decks=[COLOUR_WORDS[c] for c in d["decks"].split("-")])
    return t("Wheel set for epoch {epoch}: {seats}", epoch=ROMAN[state.epoch], seats=seats)


_DESCRIBE = {"wheel": _wheel, "buy": _bought, "sell": _sold, "income": _income, "colony": _colony,
             "statue": _statue, "remove": _removed, "medal": _medal, "next": _closed}
