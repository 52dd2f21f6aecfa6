"""Hadara's history sentences: what each action did, written from the state before it."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, Text, t, tn
from . import corrections
from .cards import card_price
from .data import COLOURS, ROMAN, SELL_PRICE, TRACKS
from .model import HadaraState, Player
from .rulings import RULINGS
from .terms import (
    COLOUR_WORDS,
    EFFECT_WORDS,
    MEDAL_WORDS,
    TRACK_WORDS,
    card_values,
    coins,
    points,
    step_name,
)
from .wheel import turned_along

_VALUE_WORDS = {"coins": t("coins"), **TRACK_WORDS}


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
    price = card_price(state.players[d["player"]], d["colour"], d["cost"], d.get("saved", 0))
    colour = COLOUR_WORDS[d["colour"]]
    owned_words = tn("{n} {colour} card", "{n} {colour} cards", owned, colour=colour)
    values = card_values(d)
    effect = d.get("effect", "")
    return t("{who} bought a {colour} card for {price}: printed {cost}, −{discount} for "
             "{cards} owned{saved}{extra}; {points}{effect}", who=who, colour=colour,
             price=coins(price), cost=d["cost"], discount=min(owned, d["cost"]),
             cards=owned_words, extra=t(", {values}", values=values) if values else "",
             saved=t(", −{saved} for effects", saved=d["saved"]) if d.get("saved") else "",
             points=points(d.get("points", 0)),
             effect=t("; effect “{effect}” ({changes})", effect=effect,
                      changes=EFFECT_WORDS[d.get("effect_changes", "")]) if effect else "")


def _sold(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    if d.get("colour") and state.phase == "B":
        return t("{who} sold a face-up {colour} card for {coins} coins (epoch {epoch})", who=who,
                 colour=COLOUR_WORDS[d["colour"]], coins=SELL_PRICE[state.epoch],
                 epoch=ROMAN[state.epoch])
    return t("{who} sold a card for {coins} coins (epoch {epoch})", who=who,
             coins=SELL_PRICE[state.epoch], epoch=ROMAN[state.epoch])


def paid(state: HadaraState) -> list[Text]:
    """What income pays each player now."""
    return [t("{name} +{n}", name=p.name, n=max(p.track("income"), 0)) for p in state.players]


def _income(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    return t("Income paid: {paid}", paid=paid(state))


def _colony(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    if d["choice"] == "integrate":
        verb = t("integrated it for {coins} ({values})", coins=coins(d["coins"]),
                 values=card_values(d) or t("no track change"))
    else:
        verb = t("plundered it for {coins}", coins=coins(d["coins"]))
    return t("{who} took a colony (military {requirement}, {points}) and {verb}", who=who,
             requirement=d["requirement"], points=points(d["points"]), verb=verb)


def _no_colony(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    return t("{who} took no colony in this step", who=who)


def _statue(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    side = (t("tile face up: {track} +{value}", track=TRACK_WORDS[d["tile_track"]],
              value=d["tile_value"]) if d["tile_side"] == "up"
            else t("tile face down: {value} at the end", value=points(d["tile_value"])))
    return t("{who} carved statue {statue} (culture {requirement}, {points}); {side}",
             who=who, statue=d["statue"], requirement=d["requirement"],
             points=points(d["points"]),
             side=side)


def _removed(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    cards = state.players[d["player"]].cards
    card = cards[d["card"]] if d["card"] < len(cards) else None
    what = (t("a {colour} card ({points})", colour=COLOUR_WORDS[card.colour],
              points=points(card.points)) if card else t("a card"))
    if card and card.effect:
        what = t("{card}, and with it its effect “{effect}”", card=what, effect=card.effect)
    return t("{who} removed {what} to feed the people: no coins, its track values taken away",
             who=who, what=what)


def _medal(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    if d["medal"] == "silver":
        return t("{who} bought a silver medal on {track} for {price}", who=who,
                 track=TRACK_WORDS[d["track"]], price=coins(d["price"]))
    return t("{who} bought a {medal} medal for {price}", who=who,
             medal=MEDAL_WORDS[d["medal"]], price=coins(d["price"]))


def _closed(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    return t("{step} closed (epoch {epoch}, phase {phase})",
             step=step_name(state.step, state.phase), epoch=ROMAN[state.epoch], phase=state.phase)


def _wheel(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
    told = [d.get(f"seat{n}") or (state.wheel[n - 1] if n <= len(state.wheel) else "")
            for n in range(1, len(state.players) + 1)]  # (an icon not named stays as set)
    decks = tuple(d["decks"].split("-")) if d.get("decks") else state.decks
    told = turned_along(state, tuple(told), decks)  # (or turns with the icon named)
    seats = [t("{name}: {colour}", name=p.name, colour=COLOUR_WORDS[colour])
             for p, colour in zip(state.players, told) if colour]
    if d.get("decks"):
        return t("Wheel set for epoch {epoch}: {seats}; decks clockwise: {decks}",
                 epoch=ROMAN[state.epoch], seats=seats,
                 decks=[COLOUR_WORDS[c] for c in d["decks"].split("-")])
    return t("Wheel set for epoch {epoch}: {seats}", epoch=ROMAN[state.epoch], seats=seats)


_DESCRIBE = {"wheel": _wheel, "buy": _bought, "sell": _sold, "income": _income, "colony": _colony,
             "no_colony": _no_colony, "statue": _statue, "remove": _removed, "medal": _medal,
             "next": _closed}


# -- corrections of what the table holds: what changed, from what to what ----------------------

def _listed(items: list[Any]) -> Any:
    return items or t("none")


def _holdings(p: Player) -> dict[str, Any]:
    """What a board shows of a player, each as it reads in a history line."""
    return {
        **{tr: p.track(tr) for tr in TRACKS},
        **{c: p.count(c) for c in COLOURS},
        "colonies": _listed([str(c.requirement) for c in p.colonies]),
        "statues": _listed([str(s.number) for s in p.statues]),
        "face_down": _listed([str(s.number) for s in p.statues if not s.face_up]),
        "silver": _listed([TRACK_WORDS[tr] for tr in p.silver]), "gold": p.gold,
        "effects": _listed([t("“{effect}”", effect=c.effect) for _, c in p.effects]),
    }


_HOLDING_WORDS = {**TRACK_WORDS, **{c: t("{colour} cards", colour=COLOUR_WORDS[c])
                                    for c in COLOURS},
                  "colonies": t("colonies (military needed)"), "statues": t("statues carved"),
                  "face_down": t("statues with a face-down tile"),
                  "silver": t("silver medals"), "gold": t("gold medals"),
                  "effects": t("purple effects")}


def changes(before: Player, after: Player) -> list[Text]:
    """Each value of the board that differs, from what to what ("military 2 → 4")."""
    was, now = _holdings(before), _holdings(after)
    return [t("{what} {was} → {now}", what=_HOLDING_WORDS[key], was=was[key], now=now[key])
            for key in was if str(was[key]) != str(now[key])]


def _card_words(d: Mapping[str, Any]) -> Text:
    effect = d.get("effect", "")
    return t("a {colour} card ({values}; {points}){effect}", colour=COLOUR_WORDS[d["colour"]],
             values=card_values(d) or t("no track values"),
             points=points(d.get("points", 0)),
             effect=t(", effect “{effect}”", effect=effect) if effect else "")


def _corrected_what(kind: str, d: Mapping[str, Any]) -> Text:
    """What a correction did, in a few words."""
    if kind == "correct_card":
        return (t("added {card}", card=_card_words(d)) if d["change"] == "add"
                else t("removed {card}", card=_card_words(d)))
    if kind == "correct_colony":
        return (t("added a colony (military {requirement}, {points}, {side})",
                  requirement=d["requirement"],
                  points=points(d.get("points", 0)),
                  side=t("integrated") if d["side"] == "integrated" else t("plundered"))
                if d["change"] == "add"
                else t("removed the colony of military {requirement}",
                       requirement=d["requirement"]))
    if kind == "correct_statue":
        if d["change"] == "carve":
            return t("carved statue {statue} ({points}; {track} tile face {side}, value "
                     "{value})", statue=d["statue"],
                     points=points(d.get("points", 0)),
                     track=TRACK_WORDS.get(d.get("tile_track", ""), ""),
                     side=t("up") if d.get("tile_side") == "up" else t("down"),
                     value=d.get("tile_value", 0))
        return (t("uncarved statue {statue}", statue=d["statue"]) if d["change"] == "uncarve"
                else t("turned over the tile of statue {statue}", statue=d["statue"]))
    if kind == "correct_medal":
        medal = (t("a silver medal on {track}", track=TRACK_WORDS.get(d.get("track", ""), ""))
                 if d["medal"] == "silver" else t("a gold medal"))
        return (t("added {medal}", medal=medal) if d["change"] == "add"
                else t("removed {medal}", medal=medal))
    if kind == "effect_points":
        return tn("purple card {card}'s effect on final scoring gives {n} point",
                  "purple card {card}'s effect on final scoring gives {n} points", d["points"],
                  card=d["card"])
    return t("purple card {card}'s effect now reads “{effect}” ({changes})", card=d["card"],
             effect=d.get("effect", ""), changes=EFFECT_WORDS[d.get("effect_changes", "")])


def _corrected(kind: str):
    def describe(state: HadaraState, who: str, d: Mapping[str, Any]) -> Text:
        before = state.players[d["player"]]
        try:
            after = corrections.MOVES[kind][0](state, d).players[d["player"]]
        except IllegalAction:
            after = before
        return t("Correction: {name}: {what}; {changes}", name=who, what=_corrected_what(kind, d),
                 changes=changes(before, after) or t("nothing else changed"))
    return describe


_DESCRIBE.update({kind: _corrected(kind) for kind in corrections.MOVES})
