"""TradeWarz's history sentences: an action in words, with what it caused.

Every line says what happened in numbers (a rules-dispute tool): a trade names what each house
gave, a correction the value it changed from what to what. A recorded battle deck is private
(``TradeWarzRules.secrets``): its line counts the cards and never names them.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core import CORRECT, RULING, Text, t
from .corrections import CORRECT_WORDS
from .data import ALLIANCE_FEE, GOLDEN_SOURCES, RESOURCES, SILO_RESOURCES, TREES
from .model import House, TradeWarzState, cost_text
from .rulings import RULINGS
from .specs import SEASON_KINDS
from .terms import RESOURCE_WORDS, join, morale_cards


def history_line(state: TradeWarzState, kind: str, data: Mapping[str, Any], label: Any,
                 after: TradeWarzState | None) -> Text:
    """"House: action; what it did in numbers; what it caused" (``after`` is the state it led
    to, None if refused)."""
    who = state.houses[state.turn].name if kind in SEASON_KINDS else ""
    seat = data.get("raider", data.get("house")) if kind == "raid" else data.get("house")
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state.houses):
        who = state.houses[seat].name
    head = t("{house}: {action}", house=who, action=label) if who else label
    target = data.get("target") if kind == "march" else None
    if who and isinstance(target, int) and not isinstance(target, bool) and \
            0 <= target < len(state.houses):  # the house marched on (its battle's defender)
        head = t("{house}: March on {target}", house=who, target=state.houses[target].name)
    if after is None:
        return head
    said = _SAID.get(kind)
    try:
        what = said(state, data, after) if said else []
    except (KeyError, IndexError, TypeError, ValueError):
        what = []  # an entry of an older shape: its head and its events still say it
    return join((head, *what, *after.events), "; ")


def _amounts(data: Mapping[str, Any], prefix: str) -> dict[str, int]:
    return {r: data.get(f"{prefix}_{r}", 0) or 0 for r in RESOURCES}


def _trade(state: TradeWarzState, data: Mapping[str, Any], after: TradeWarzState) -> list:
    one, two = state.houses[data["house"]].name, state.houses[data["partner"]].name
    return [t("{house} gave {partner} {give} and got {get}", house=one, partner=two,
              give=cost_text(_amounts(data, "give")), get=cost_text(_amounts(data, "get")))]


def value_of(house: House, what: str) -> int | None:
    """The value a correction names, on a house's board (None if it is not a number there)."""
    if what in RESOURCES:
        return house.dial(what)
    if what == "golden":
        return len(house.golden)
    if what.startswith("silo_") and what[5:] in SILO_RESOURCES:
        return house.silos[SILO_RESOURCES.index(what[5:])]
    if what.startswith("university_") and what[11:] in TREES:
        return house.university(what[11:])
    value = getattr(house, what, None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _correction(state: TradeWarzState, data: Mapping[str, Any], after: TradeWarzState) -> list:
    seat, what = data["house"], data["what"]
    before = value_of(state.houses[seat], what)
    # a dial says the value set (a 21 trade it caused follows as its own event)
    now = data["value"] if what in RESOURCES else value_of(after.houses[seat], what)
    if before is None or now is None:
        return []
    return [t("{house}'s {value} corrected from {before} to {now}",
              house=state.houses[seat].name, value=CORRECT_WORDS.get(what, what),
              before=before, now=now)]


def _morale(state: TradeWarzState, data: Mapping[str, Any], after: TradeWarzState) -> list:
    house = after.houses[data["house"]]
    return [t("{house} has {cards} left", house=house.name, cards=morale_cards(house.morale))]


def _deck(state: TradeWarzState, data: Mapping[str, Any], after: TradeWarzState) -> list:
    house = after.houses[data["house"]]
    return [t("{n} battle cards recorded, shown only on {house}'s phone", n=len(house.deck),
              house=house.name)]


def _caravans(state: TradeWarzState, data: Mapping[str, Any], after: TradeWarzState) -> list:
    return [t("{house}'s caravans earn {resource} from their area",
              house=state.houses[data["house"]].name,
              resource=RESOURCE_WORDS[data["resource"]])]


def _alliance(state: TradeWarzState, data: Mapping[str, Any], after: TradeWarzState) -> list:
    seat, partner = data["house"], data["partner"]
    joining = (seat,) if state.alliance_of(partner) else (seat, partner)
    return [t("{names} paid {gold} gold each to join",
              names=join([state.houses[i].name for i in joining], " and "), gold=ALLIANCE_FEE)]


def _ruling(state: TradeWarzState, data: Mapping[str, Any], after: TradeWarzState) -> list:
    rid, reading = data["ruling"], data["reading"]
    readings = RULINGS[rid].readings
    before = state.rulings.get(rid, "")
    return [t("ruling {id} now reads: {now} (before: {before})", id=rid,
              now=readings[reading], before=readings.get(before, before))]


def _year_end(state: TradeWarzState, data: Mapping[str, Any], after: TradeWarzState) -> list:
    """Each house's board before and after the end of Spring, in numbers."""
    out = []
    for before, now in zip(state.houses, after.houses):
        parts: list[Any] = [t("{resource} {before} → {now}", resource=RESOURCE_WORDS[r],
                              before=before.dial(r), now=now.dial(r))
                            for r in RESOURCES if before.dial(r) != now.dial(r)]
        parts += [t("golden Xadla: {source}", source=GOLDEN_SOURCES[g])
                  for g in now.golden[len(before.golden):] if g in GOLDEN_SOURCES]
        for name, word in (("soldiers", t("soldiers")), ("morale", t("morale cards"))):
            if getattr(before, name) != getattr(now, name):
                parts.append(t("{what} {before} → {now}", what=word,
                               before=getattr(before, name), now=getattr(now, name)))
        if parts:
            out.append(t("{house}: {changes}", house=now.name, changes=join(parts)))
    return out


_SAID: dict[str, Callable[[TradeWarzState, Mapping[str, Any], TradeWarzState], list]] = {
    "trade": _trade, CORRECT: _correction, "play_morale": _morale, "record_deck": _deck,
    "caravan_area": _caravans, "form_alliance": _alliance, RULING: _ruling,
    "end_of_spring": _year_end}
