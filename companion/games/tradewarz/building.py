"""Build (Build: Settlement, Village, Castle, University): the limits, the silos, the costs.

``check`` lists every problem of a build for a house (room on the map, a village for a castle,
the cost and the dials); ``do`` builds once nothing stops it.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t
from .costs import box_cost, entered, university_cost
from .data import LIMITS, SILO_RESOURCES, TREES
from .model import House, TradeWarzState, award, cost_text, pay
from .terms import A_ITEM, TREE_WORDS
from .turns import Problems, SeasonMove, afford, attempt

R_BUILD = "TradeWarz rulebook, Build"
R_VILLAGE = "TradeWarz rulebook, Build: Village"
R_CASTLE = "TradeWarz rulebook, Build: Castle"
R_UNIVERSITY = "TradeWarz rulebook, Build: University"
SILOS = {"settlement": 1, "village": 2, "upgrade": 1, "castle": 0}


def village_count(game: TradeWarzState, house: House) -> int:
    """Villages for the limit of 5; ruling T16 counts those under castles by default."""
    under = house.castles if game.rulings["T16"] == "castle-only" else 0
    return house.villages - under


def _room(game: TradeWarzState, house: House, what: str) -> Problems:
    out: Problems = []
    squares = house.settlements + house.villages
    if squares >= LIMITS["squares"] and what in ("settlement", "village"):
        out.append(IllegalAction(t("{house} already builds on {n} squares; the limit is 6",
                                   house=house.name, n=squares), rule=R_BUILD))
    if what == "settlement" and house.settlements >= LIMITS["settlements"]:
        out.append(IllegalAction(t("{house} has 6 settlements, the limit", house=house.name),
                                 rule=R_BUILD))
    if what in ("village", "upgrade") and village_count(game, house) >= LIMITS["villages"]:
        out.append(IllegalAction(t("{house} has {n} villages; the limit is 5 (ruling T16)",
                                   house=house.name, n=house.villages), rule=R_VILLAGE))
    if what == "upgrade" and not house.settlements:
        out.append(IllegalAction(t("{house} has no settlement to upgrade", house=house.name),
                                 rule=R_BUILD))
    return out


def castle_room(house: House) -> Problems:
    """A castle goes on an own village built in an earlier year; 2 built at most (Build: Castle)."""
    out: Problems = []
    if house.villages - house.castles - house.villages_this_year < 1:
        out.append(IllegalAction(t("{house} has no village without a castle built before this "
                                   "year ({villages} villages, {castles} castles, {new} new "
                                   "this year)", house=house.name, villages=house.villages,
                                   castles=house.castles, new=house.villages_this_year),
                                 rule=R_CASTLE))
    if house.castles - house.castles_captured >= LIMITS["castles"]:
        out.append(IllegalAction(t("{house} has built 2 castles, the limit (more only by "
                                   "capture)", house=house.name), rule=R_CASTLE))
    return out


def _placed(data: Mapping[str, Any]) -> tuple[int, ...]:
    return tuple(data.get(f"silo_{r}", 0) or 0 for r in SILO_RESOURCES)


def _cost(game: TradeWarzState, house: House, data: Mapping[str, Any]) -> Any:
    what = data.get("what")
    if what == "university":
        return university_cost(house, data.get("tree") or "economy", data.get("level", 0),
                               dict(game.costs), game.rulings)
    return box_cost(dict(game.costs), {what: 1}, entered(data))


def check(game: TradeWarzState, seat: int, house: House, data: Mapping[str, Any]) -> Problems:
    """Everything that stops ``house`` building ``data["what"]`` (Build)."""
    what = data.get("what")
    out = castle_room(house) if what == "castle" else \
        [] if what == "university" else _room(game, house, what)
    cost = attempt(out, _cost, game, house, data)
    if what == "university":
        afford(out, house, cost, t("the {tree} university at level {level}", level=data.get(
            "level", 0), tree=TREE_WORDS[data.get("tree") or "economy"]), R_UNIVERSITY)
    else:
        afford(out, house, cost, A_ITEM[what], f"{R_BUILD}: {what.capitalize()}")
    want, placed = SILOS.get(what, 0), _placed(data)
    if what != "university" and sum(placed) != want:
        out.append(IllegalAction(t("{item} places {want} silo(s); {n} entered", item=A_ITEM[what],
                                   want=want, n=sum(placed)), rule=R_BUILD))
    return out


def do(game: TradeWarzState, seat: int, house: House, data: Mapping[str, Any]
       ) -> tuple[House, list[str]]:
    """Build a settlement, village, upgrade, castle or university level (checked already)."""
    what = data["what"]
    if what == "university":
        return _university(house, data["tree"], data["level"],
                           _cost(game, house, data))
    cost = _cost(game, house, data)
    house = pay(house, cost, A_ITEM[what], R_BUILD)
    house = replace(house, silos=tuple(a + b for a, b in zip(house.silos, _placed(data))))
    if what == "settlement":
        house = replace(house, settlements=house.settlements + 1)
    elif what in ("village", "upgrade"):
        house = replace(house, villages=house.villages + 1,
                        settlements=house.settlements - (what == "upgrade"),
                        villages_this_year=house.villages_this_year + 1)
    else:
        house = replace(house, castles=house.castles + 1)
    house = replace(house, farthest_build=max(house.farthest_build, data.get("distance", 0)))
    return house, [t("{house} built {item} for {cost}", house=house.name, item=A_ITEM[what],
                     cost=cost_text(cost))]


def _university(house: House, tree: str, level: int, cost: dict[str, int]
                ) -> tuple[House, list[str]]:
    house = pay(house, cost, t("the {tree} university at level {level}", tree=TREE_WORDS[tree],
                               level=level), R_UNIVERSITY)
    levels = tuple(level if x == tree else n for x, n in zip(TREES, house.universities))
    house = replace(house, universities=levels)
    events = [t("{house}'s {tree} university is now level {level} ({cost})", house=house.name,
                tree=TREE_WORDS[tree], level=level, cost=cost_text(cost))]
    if level == 4:
        house = award(house, "university")
        events.append(t("{house} gets a golden Xadla for a level-4 university",
                        house=house.name))
    return house, events


BUILD = SeasonMove("build", check, do)
