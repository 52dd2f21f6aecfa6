"""Build (Build: Settlement, Village, Castle, University): the limits, the silos, the costs.

``check`` lists every problem of a build for a house (room on the map, a village for a castle,
the cost and the dials); ``do`` builds once nothing stops it.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t, tn
from .costs import box_cost, entered, university_cost
from .data import LIMITS, SILO_RESOURCES, TREES
from .model import House, TradeWarzState, award, cost_text, pay, standing_site, with_sites
from .terms import A_ITEM, TREE_WORDS, silos
from .turns import Problems, SeasonMove, afford, attempt

R_BUILD = "TradeWarz rulebook, Build"
R_VILLAGE = "TradeWarz rulebook, Build: Village"
R_CASTLE = "TradeWarz rulebook, Build: Castle"
R_UNIVERSITY = "TradeWarz rulebook, Build: University"
R_ECONOMY = "TradeWarz rulebook, Buy Tech: Economy"
R_TIE = "TradeWarz rulebook, Build; What happens in a tie at the end of a game"
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


def times(data: Mapping[str, Any]) -> int:
    """How many times this Build action builds (twice with Improved building)."""
    return 2 if data.get("twice") else 1


def _free(house: House, data: Mapping[str, Any]) -> bool:
    return bool(data.get("free")) and data.get("what") == "university"


def _cost(game: TradeWarzState, house: House, data: Mapping[str, Any]) -> Any:
    what = data.get("what")
    if what == "university":
        if _free(house, data):
            return {}
        return university_cost(house, data.get("tree") or "economy", data.get("level", 0),
                               dict(game.costs), game.rulings)
    return box_cost(dict(game.costs), {what: times(data)}, entered(data))


def _tech_problems(house: House, data: Mapping[str, Any],
                   rulings: Mapping[str, str]) -> Problems:
    """Improved building (build twice with one option, once a year) and Free university
    upgrade (one level free a year, still a build option; under T21 ``upgrades-only`` never a
    first level, which is built, not upgraded): the tech, and once a year."""
    out: Problems = []
    what = data.get("what")
    if data.get("twice"):
        if not house.has_tech("improved_building"):
            out.append(IllegalAction(t("{house} does not hold Improved building: one build "
                                       "option builds once", house=house.name), rule=R_ECONOMY))
        if "build_twice" in house.tokens:
            out.append(IllegalAction(t("{house} has already built twice with one option this "
                                       "year (Improved building)", house=house.name),
                                     rule=R_ECONOMY))
        if what == "university":
            out.append(IllegalAction(t("a university is raised to a level, not built twice"),
                                     rule=R_ECONOMY))
    if data.get("free"):
        if what != "university":
            out.append(IllegalAction(t("Free university upgrade raises a university only"),
                                     rule=R_ECONOMY))
        elif not house.has_tech("free_university_upgrade"):
            out.append(IllegalAction(t("{house} does not hold Free university upgrade",
                                       house=house.name), rule=R_ECONOMY))
        elif "free_university" in house.tokens:
            out.append(IllegalAction(t("{house} has used its free university upgrade this year",
                                       house=house.name), rule=R_ECONOMY))
        elif data.get("level", 0) == 1 and rulings.get("T21") == "upgrades-only":
            out.append(IllegalAction(t("under ruling T21's reading upgrades-only a university's "
                                       "first level is built, not upgraded: the free upgrade "
                                       "raises one already built"),
                                     rule=R_ECONOMY + "; ruling T21", field="level"))
        elif data.get("level", 0) != house.university(data.get("tree") or "economy") + 1:
            out.append(IllegalAction(t("the free upgrade raises a university by one level, to "
                                       "{level}", level=house.university(
                                           data.get("tree") or "economy") + 1),
                                     rule=R_ECONOMY, field="level"))
    return out


def _grown(house: House, what: str) -> House:
    """The house's counts after one more ``what`` (its buildings, not its dials)."""
    if what == "settlement":
        return replace(house, settlements=house.settlements + 1)
    if what in ("village", "upgrade"):
        return replace(house, villages=house.villages + 1,
                       settlements=house.settlements - (what == "upgrade"),
                       villages_this_year=house.villages_this_year + 1)
    return replace(house, castles=house.castles + 1)


def _room_for(game: TradeWarzState, house: House, what: str) -> Problems:
    return castle_room(house) if what == "castle" else \
        [] if what == "university" else _room(game, house, what)


def check(game: TradeWarzState, seat: int, house: House, data: Mapping[str, Any]) -> Problems:
    """Everything that stops ``house`` building ``data["what"]`` (Build), once or twice."""
    what = data.get("what")
    out = _tech_problems(house, data, game.rulings) + _room_for(game, house, what)
    if times(data) == 2 and what != "university" and not out:
        out += _room_for(game, _grown(house, what), what)  # room for the second one too
    cost = attempt(out, _cost, game, house, data)
    if what == "university":
        afford(out, house, cost, t("the {tree} university at level {level}", level=data.get(
            "level", 0), tree=TREE_WORDS[data.get("tree") or "economy"]), R_UNIVERSITY)
    else:
        afford(out, house, cost, A_ITEM[what], f"{R_BUILD}: {what.capitalize()}")
    if what in ("upgrade", "castle"):
        attempt(out, _on_standing_sites, house, data)
    elif what in ("settlement", "village"):
        out += reach_problems(game, house, data)
    want, placed = SILOS.get(what, 0) * times(data), _placed(data)
    if what != "university" and sum(placed) != want:
        out.append(IllegalAction(t("{item} places {silos}; {n} entered", item=A_ITEM[what],
                                   silos=silos(want), n=sum(placed)), rule=R_BUILD))
    return out


def reach_problems(game: TradeWarzState, house: House, data: Mapping[str, Any]) -> Problems:
    """Ruling T27: a new settlement or village stands on a square the house's soldiers reached,
    so no more marches from the capital than the house has made (Build: Settlement;
    Marching)."""
    if game.rulings.get("T27", "marches-made") != "marches-made":
        return []
    far = max((data.get("distance", 0), data.get("distance_2", 0))[:times(data)], default=0)
    if not far or far <= house.marches:
        return []
    return [IllegalAction(tn(
        "{house} has made {n} March, so its soldiers stand at most {n} march from the capital: "
        "a building {far} marches away is out of reach (Build: Settlement; Marching; ruling T27)",
        "{house} has made {n} Marches, so its soldiers stand at most {n} marches from the "
        "capital: a building {far} marches away is out of reach (Build: Settlement; Marching; "
        "ruling T27)", house.marches, house=house.name, far=far),
        rule=R_BUILD + "; ruling T27", field="distance")]


def _on_standing_sites(house: House, data: Mapping[str, Any]) -> House:
    """An upgrade or castle (twice: two of them) on squares the house builds on already."""
    for distance in (data.get("distance", 0), data.get("distance_2", 0))[:times(data)]:
        house = standing_site(house, distance or 0, R_TIE)
    return house


def do(game: TradeWarzState, seat: int, house: House, data: Mapping[str, Any]
       ) -> tuple[House, list[str]]:
    """Build a settlement, village, upgrade, castle or university level (checked already);
    twice with Improved building; a new settlement or village adds its square (``sites``)."""
    what = data["what"]
    if what == "university":
        free = _free(house, data)
        house, events = _university(house, data["tree"], data["level"],
                                    _cost(game, house, data), free)
        return (replace(house, tokens=house.tokens + ("free_university",)) if free
                else house), events
    cost = _cost(game, house, data)
    house = pay(house, cost, A_ITEM[what], R_BUILD)
    house = replace(house, silos=tuple(a + b for a, b in zip(house.silos, _placed(data))))
    for _ in range(times(data)):
        house = _grown(house, what)
    if what in ("settlement", "village"):
        new = (data.get("distance", 0), data.get("distance_2", 0))[:times(data)]
        house = with_sites(house, house.sites + new)
    else:  # an upgrade or a castle stands on a square the house already builds on
        house = _on_standing_sites(house, data)
    if times(data) == 2:
        house = replace(house, tokens=house.tokens + ("build_twice",))
        return house, [t("{house} built {item} twice with one option (Improved building) for "
                         "{cost}", house=house.name, item=A_ITEM[what], cost=cost_text(cost))]
    return house, [t("{house} built {item} for {cost}", house=house.name, item=A_ITEM[what],
                     cost=cost_text(cost))]


def _university(house: House, tree: str, level: int, cost: dict[str, int],
                free: bool = False) -> tuple[House, list[str]]:
    house = pay(house, cost, t("the {tree} university at level {level}", tree=TREE_WORDS[tree],
                               level=level), R_UNIVERSITY)
    levels = tuple(level if x == tree else n for x, n in zip(TREES, house.universities))
    house = replace(house, universities=levels)
    events = [t("{house}'s {tree} university is now level {level} (free: Free university "
                "upgrade)", house=house.name, tree=TREE_WORDS[tree], level=level) if free else
              t("{house}'s {tree} university is now level {level} ({cost})", house=house.name,
                tree=TREE_WORDS[tree], level=level, cost=cost_text(cost))]
    if level == 4:
        house = award(house, "university")
        events.append(t("{house} gets a golden Xadla for a level-4 university",
                        house=house.name))
    return house, events


BUILD = SeasonMove("build", check, do)
