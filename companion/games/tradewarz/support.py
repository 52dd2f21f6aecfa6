"""Where soldiers may stand (Recruit; Support; The Capital City): the app keeps counts, not the
map, so it checks what the counts alone rule out.

The capital's gate holds at most 6 soldiers and the capital supports the first 2 soldiers that
leave it; every other soldier away from the capital needs a building of its house to support it
(a settlement 1, a village 2, a castle 4; the village under a castle adds nothing more, T16's
note). So a house never has more soldiers on the map than 6 at the gate plus those it supports
away from it, an army away from its capital is never bigger than that support, and a soldier
recruited straight to a building needs a building.
"""
from __future__ import annotations

from ..core import IllegalAction, t
from .model import House
from .terms import soldiers as soldier_count

R_SUPPORT = "TradeWarz rulebook, Recruit; Support"
CAPITAL_GATE = 6          # soldiers at the capital gate at most (Recruit; The Capital City)
CAPITAL_SUPPORT = 2       # the capital supports the first 2 soldiers that leave it
SUPPORT = {"settlement": 1, "village": 2, "castle": 4}


def buildings(house: House) -> int:
    """Settlements and villages (a castle stands on a village) the house holds on the map."""
    return house.settlements + house.villages


def support(house: House) -> int:
    """Soldiers the house's buildings support away from the capital (Support)."""
    return (SUPPORT["settlement"] * house.settlements
            + SUPPORT["village"] * (house.villages - house.castles)
            + SUPPORT["castle"] * house.castles)


def away_room(house: House) -> int:
    """Soldiers that may stand away from the capital: its first 2, plus the buildings' support."""
    return CAPITAL_SUPPORT + support(house)


def map_room(house: House) -> int:
    """Soldiers the house may have on the map at all: a full gate plus every one supported."""
    return CAPITAL_GATE + away_room(house)


def _supported(house: House) -> object:
    return t("{house} supports {soldiers} away from its capital (2 by the capital, "
             "{built} by its buildings)", house=house.name,
             soldiers=soldier_count(away_room(house)), built=support(house))


def recruit_problems(house: House, count: int, at_building: bool) -> list[IllegalAction]:
    """Where ``count`` recruits can go: a building of the house's own for the double cost, the
    gate's 6 places, and room for them all on the map (Recruit; Support)."""
    out = []
    if at_building and not buildings(house):
        out.append(IllegalAction(t("{house} has no settlement, village or castle: a soldier "
                                   "recruited for the double cost goes to one of its own "
                                   "buildings", house=house.name), rule=R_SUPPORT,
                                 field="at_building"))
    elif at_building and count > away_room(house):
        out.append(IllegalAction(t("{supported}; {count} cannot go to its buildings",
                                   supported=_supported(house), count=count), rule=R_SUPPORT,
                                 field="count"))
    if not at_building and count > CAPITAL_GATE:
        out.append(IllegalAction(t("the capital gate holds at most 6 soldiers; {count} asked",
                                   count=count), rule=R_SUPPORT, field="count"))
    if house.soldiers + count > map_room(house):
        out.append(IllegalAction(t("{house} has {soldiers} on the map and room for {room} "
                                   "(6 at the capital gate; {supported}): {count} more would "
                                   "stand unsupported", house=house.name,
                                   soldiers=soldier_count(house.soldiers),
                                   room=map_room(house), supported=_supported(house),
                                   count=count), rule=R_SUPPORT, field="count"))
    return out


def army_away_problem(house: House, soldiers: int) -> IllegalAction | None:
    """An army away from its own capital is no bigger than what may stand away from it."""
    if soldiers <= away_room(house):
        return None
    return IllegalAction(t("{supported}: an army of {asked} cannot stand away from it",
                           supported=_supported(house), asked=soldiers), rule=R_SUPPORT)
