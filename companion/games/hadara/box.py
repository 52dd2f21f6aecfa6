"""Hadara's box data: values printed only on components (setup cards, epoch cards, statue spaces,
medal prices), remembered from what the table entered (see the rules digest, "Box data"), and
offered back in the forms that need them."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..core import t, tn
from .data import COLOURS, ROMAN, TRACKS
from .model import HadaraState
from .terms import COLOUR_LABELS, MEDAL_WORDS, TRACK_WORDS, coins

SETUP_CARD = "setup card"
CARD = "card"
COLONY = "colony"
STATUE = "statue"
MEDAL_PRICE = "medal price"
#: what an epoch card prints, as its buy form names it
CARD_FIELDS = ("cost", *TRACKS, "points")
KEY_LIMIT = 80  # box data keys are at most 80 characters in the database

Records = Iterable[tuple[str, str, Mapping[str, Any]]]


def records_of_setup(setup: Mapping[str, Any]) -> list[tuple[str, str, dict]]:
    """Setup cards: the values printed on each card and side, by initiative."""
    return [(SETUP_CARD, f"{p['initiative']}{p.get('side', 'A')}",
             {k: p.get(k, 0) for k in ("coins", *TRACKS)})
            for p in setup.get("players", []) if "initiative" in p]


def card_key(epoch: int, colour: str, values: Mapping[str, Any]) -> str:
    """One epoch card's name in the box data: its epoch, colour and every printed value (two
    cards printed alike are one entry; any value that differs makes another card)."""
    key = f"{ROMAN[epoch]} {colour} " + "/".join(str(values.get(k, 0)) for k in CARD_FIELDS)
    effect = str(values.get("effect") or "").strip()
    return f"{key} {effect}"[:KEY_LIMIT] if effect else key


def _effect(data: Mapping[str, Any]) -> dict[str, str]:
    """A purple card's effect as the table wrote it (nothing for a card without one)."""
    effect = str(data.get("effect") or "").strip()
    if not effect:
        return {}
    return {"effect": effect, "effect_changes": str(data.get("effect_changes") or "")}


def records(state: HadaraState, kind: str, data: Mapping[str, Any]
            ) -> list[tuple[str, str, dict]]:
    """Epoch cards bought, statue spaces and medal prices, as the table entered them."""
    if kind == "buy":
        card = {"epoch": state.epoch, "colour": data["colour"],
                **{k: data.get(k, 0) for k in CARD_FIELDS}, **_effect(data)}
        return [(CARD, card_key(state.epoch, data["colour"], data), card)]
    if kind == "colony":
        return [colony_record(data)]
    if kind == "statue":
        return [(STATUE, statue_key(data["statue"]),
                 {k: data[k] for k in ("requirement", "points", "tile_value")})]
    if kind == "medal":
        return [(MEDAL_PRICE, medal_key(data["medal"], state.epoch), {"price": data["price"]})]
    return []


def colony_record(data: Mapping[str, Any]) -> tuple[str, str, dict]:
    """A colony taken, as its card prints it for the side the table chose: the requirement and
    points, and the coins gained (plunder) or paid with the track values raised (integrate)."""
    integrate = data["choice"] == "integrate"
    value = {"requirement": data["requirement"], "points": data["points"],
             "choice": data["choice"], "coins": data["coins"],
             **{tr: data.get(tr, 0) if integrate else 0 for tr in TRACKS}}
    key = f"{value['requirement']}/{value['points']} {value['choice']} {value['coins']}"
    if integrate:
        key += " " + "/".join(str(value[tr]) for tr in TRACKS)
    return COLONY, key, value


def known_colonies(remembered: Records) -> list[dict[str, Any]]:
    """The colonies the box data knows, by requirement, points and side: each with the colony
    form's values (``fields``) and its words."""
    found = sorted((dict(v) for c, _, v in remembered if c == COLONY),
                   key=lambda v: (v.get("requirement", 0), v.get("points", 0),
                                  v.get("choice", ""), v.get("coins", 0)))
    return [{"words": colony_words(v), "fields": v} for v in found]


def colony_words(colony: Mapping[str, Any]) -> Any:
    """"Military 3 · 5 pts · plunder: +2 coins" or "... · integrate: −2 coins, culture 1"."""
    need, points, coins = (colony.get(k, 0) for k in ("requirement", "points", "coins"))
    if colony.get("choice") != "integrate":
        return tn("Military {need} · {points} pts · plunder: +{n} coin",
                  "Military {need} · {points} pts · plunder: +{n} coins", coins, need=need,
                  points=points)
    raised = [t("{track} {n}", track=TRACK_WORDS[tr], n=colony.get(tr, 0))
              for tr in TRACKS if colony.get(tr, 0)]
    return tn("Military {need} · {points} pts · integrate: −{n} coin, {tracks}",
              "Military {need} · {points} pts · integrate: −{n} coins, {tracks}", coins,
              tracks=raised or [t("no track")], need=need, points=points)


def statue_key(number: int) -> str:
    return f"space {number}"


def medal_key(medal: str, epoch: int) -> str:
    return f"{medal} epoch {ROMAN[epoch]}"


def card_words(card: Mapping[str, Any]) -> Any:
    """A known card as a one-tap choice reads: "Blue · cost 4 · culture 2, food 1 · 2 pts"."""
    raised = [t("{track} {n}", track=TRACK_WORDS[tr], n=card.get(tr, 0))
              for tr in TRACKS if card.get(tr, 0)]
    words = t("{colour} · cost {cost} · {tracks} · {points} pts",
              colour=COLOUR_LABELS[card["colour"]], cost=card.get("cost", 0),
              tracks=raised or [t("no track")], points=card.get("points", 0))
    if card.get("effect"):  # a purple card's effect, in the table's own words
        return t("{card} · {effect}", card=words, effect=card["effect"])
    return words


def known_cards(remembered: Records, epoch: int, colour: str | None = None
                ) -> list[dict[str, Any]]:
    """The epoch cards the box data knows for ``epoch`` (of ``colour``, if given), by colour in
    the board's order, then cost: each with the buy form's values (``fields``) and its words."""
    cards = [dict(v) for c, _, v in remembered
             if c == CARD and v.get("epoch") == epoch and v.get("colour") in COLOURS
             and (colour is None or v.get("colour") == colour)]
    cards.sort(key=lambda c: (COLOURS.index(c["colour"]), *(c.get(k, 0) for k in CARD_FIELDS)))
    return [{"colour": c["colour"], "words": card_words(c),
             "fields": {"colour": c["colour"], **{k: c.get(k, 0) for k in CARD_FIELDS},
                        **_effect(c)}}
            for c in cards]


def form_defaults(remembered: Records, epoch: int) -> dict[str, dict[str, Any]]:
    """What the statue and medal forms start with, by action kind: the remembered values of
    statue spaces (by space: requirement, points, tile value) and this epoch's medal prices."""
    statues: dict[str, Any] = {}
    prices: dict[str, Any] = {}
    for category, key, value in remembered:
        if category == STATUE and key.startswith("space "):
            statues[key.removeprefix("space ")] = dict(value)
        elif category == MEDAL_PRICE:
            for medal in ("silver", "gold"):
                if key == medal_key(medal, epoch):
                    prices[medal] = value.get("price")
    return {"statue": statues, "medal": prices}


def entry_words(category: str, key: str, value: Mapping[str, Any]) -> tuple[Any, Any, Any] | None:
    """A remembered value as the box page says it: what it is, which one, what it prints; None
    for a category (or a value) Hadara does not know, which the page then shows as stored."""
    try:
        return _ENTRY_WORDS[category](key, value)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return None


def _tracks(value: Mapping[str, Any]) -> list[Any]:
    return [t("{track} {n}", track=TRACK_WORDS[tr], n=value[tr]) for tr in TRACKS
            if value.get(tr)] or [t("no track")]


_ENTRY_WORDS = {
    SETUP_CARD: lambda key, v: (
        t("Setup card"), t("initiative {n}, side {side}", n=int(key[:-1]), side=key[-1]),
        t("{coins} · {tracks}", coins=coins(v["coins"]), tracks=_tracks(v))),
    CARD: lambda key, v: (t("Epoch card"), t("Epoch {epoch}", epoch=ROMAN[v["epoch"]]),
                          card_words(v)),
    COLONY: lambda key, v: (t("Colony"), t("Military {need}", need=v["requirement"]),
                            colony_words(v)),
    STATUE: lambda key, v: (
        t("Statue"), t("space {n}", n=int(key.removeprefix("space "))),
        t("Culture {need} · {points} pts · tile space value {tile}", need=v["requirement"],
          points=v["points"], tile=v["tile_value"])),
    MEDAL_PRICE: lambda key, v: (
        t("Medal price"), t("{medal}, epoch {epoch}", medal=MEDAL_WORDS[key.split()[0]],
                            epoch=key.rsplit(" ", 1)[1]), coins(v["price"])),
}
