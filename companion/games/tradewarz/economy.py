"""The economy's season moves: Buy Tech (one copy each, the university and the lower levels
first, at most 4 super units) and Resources +2 (the 21 rule follows, T4)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t
from .costs import box_cost, entered, tech_cost_item, tech_problems
from .data import MAX_SUPER_UNITS, SILO_RESOURCES, TECHS
from .model import House, TradeWarzState, cost_text, gain, pay
from .support import recruit_problems
from .terms import RESOURCE_WORDS, extra_silos, join
from .turns import Problems, SeasonMove, afford, attempt

R_TECH = "TradeWarz rulebook, Buy Tech"
R_SUPER = "TradeWarz rulebook, About a super unit"
R_ECONOMY = "TradeWarz rulebook, Buy Tech: Economy"


def _cost(game: TradeWarzState, tech_id: str, data: Mapping[str, Any]) -> dict[str, int]:
    tech = TECHS[tech_id]
    return box_cost(dict(game.costs), {tech_cost_item(tech_id): tech.level}, entered(data))


def known_techs(game: TradeWarzState, seat: int) -> list[tuple[Any, dict[str, int]]]:
    """The techs house ``seat`` may buy now whose tree's cost the box data knows, each with what
    it pays: what Buy Tech takes from a form that names only the tech."""
    return [(tech, _cost(game, tech.id, {})) for tech in TECHS.values()
            if game.cost_of(tech_cost_item(tech.id))
            and not tech_problems(game.houses, seat, tech.id)]


def check_tech(game: TradeWarzState, seat: int, house: House, data: Mapping[str, Any]
               ) -> Problems:
    """Everything that stops ``house`` buying ``data["tech"]`` (Buy Tech)."""
    tech = TECHS[data["tech"]]
    out: Problems = [IllegalAction(p, rule=R_TECH)
                     for p in tech_problems(game.houses, seat, tech.id)]
    out += super_unit_problems(house, tech.id)
    afford(out, house, attempt(out, _cost, game, tech.id, data), tech.name, R_TECH)
    return out + _allocation_problems(house, tech.id, data)


def super_unit_problems(house: House, tech_id: str) -> Problems:
    """At most 4 super units a house (About a super unit)."""
    if TECHS[tech_id].super_unit and len(house.super_units) >= MAX_SUPER_UNITS:
        return [IllegalAction(t("{house} would hold {n} super units; the limit is {limit}",
                                house=house.name, n=len(house.super_units) + 1,
                                limit=MAX_SUPER_UNITS), rule=R_SUPER)]
    return []


#: the extra resource allocation techs: silos placed, on how many of the house's villages
EXTRA_SILOS = {"extra_resources_3": (3, 1), "extra_resources_4": (4, 2)}


def _extra(data: Mapping[str, Any]) -> tuple[int, ...]:
    return tuple(data.get(f"silo_{r}", 0) or 0 for r in SILO_RESOURCES)


def _allocation_problems(house: House, tech_id: str, data: Mapping[str, Any]) -> Problems:
    """+3 extra resource allocations puts 3 silos on one own village, +4 two silos on each of
    two own villages (Buy Tech: Economy); no other tech places silos. Where the silos are not
    told (a question, an entry logged before they were asked) only the villages are checked."""
    want, villages = EXTRA_SILOS.get(tech_id, (0, 0))
    out: Problems = []
    told = any(f"silo_{r}" in data for r in SILO_RESOURCES)
    if told and sum(_extra(data)) != want:
        out.append(IllegalAction(t("{tech} places {silos}; {n} entered",
                                   tech=TECHS[tech_id].name, silos=extra_silos(want),
                                   n=sum(_extra(data))),
                                 rule=R_ECONOMY))
    if house.villages < villages:
        out.append(IllegalAction(t("{tech} goes on {want} of the house's own villages; {house} "
                                   "has {n}", tech=TECHS[tech_id].name, want=villages,
                                   house=house.name, n=house.villages), rule=R_ECONOMY))
    return out


def buy_tech(game: TradeWarzState, seat: int, house: House, data: Mapping[str, Any]
             ) -> tuple[House, list[str]]:
    """Buy a tech card (checked already); the fertility techs enlarge the reserve at once."""
    tech = TECHS[data["tech"]]
    cost = _cost(game, tech.id, data)
    house = pay(house, cost, tech.name, R_TECH)
    house = replace(house, techs=house.techs + (tech.id,),
                    silos=tuple(a + b for a, b in zip(house.silos, _extra(data))))
    extra = {"increased_fertility": 2, "superior_fertility": 4}.get(tech.id, 0)
    house = replace(house, reserve=house.reserve + extra)
    said = [t("{house} bought {tech} for {cost}", house=house.name, tech=tech.name,
              cost=cost_text(cost))]
    if tech.id == "superior_fertility":
        house, free = _free_recruit(house)
        said.append(free)
    if any(_extra(data)):
        said.append(t("extra silos {silos}", silos=join(
            [t("{resource} +{n}", resource=RESOURCE_WORDS[r], n=n)
             for r, n in zip(SILO_RESOURCES, _extra(data)) if n])))
    return house, said


def _free_recruit(house: House) -> tuple[House, Any]:
    """Superior fertility's free recruit comes at once to the capital gate, where a recruit
    stands: with the gate full or no support for one more soldier it stays in the reserve, as
    the yearly free soldier does (Recruit; Support)."""
    room = recruit_problems(house, 1, at_building=False)
    if room:
        return house, t("no room for the free recruit, which stays in the reserve: {why} "
                        "({rule})", why=room[0].message, rule=room[0].rule)
    house = replace(house, reserve=house.reserve - 1, soldiers=house.soldiers + 1)
    return house, t("1 free recruit to the capital gate")


def no_problems(game: TradeWarzState, seat: int, house: House, data: Mapping[str, Any]
                ) -> Problems:
    """Resources +2 has no limit beyond the turn and its tokens."""
    return []


def resources(game: TradeWarzState, seat: int, house: House, data: Mapping[str, Any]
              ) -> tuple[House, list[str]]:
    """Resources +2: two on one dial, or one each on two dials; the 21 rule follows (T4)."""
    first, second = data["first"], data.get("second") or data["first"]
    gains = {first: 1}
    gains[second] = gains.get(second, 0) + 1
    house, events = gain(house, gains, game.rulings)
    text = join([t("{resource} +{n}", resource=RESOURCE_WORDS[r], n=n) for r, n in gains.items()])
    return house, [t("{house}: {gains}", house=house.name, gains=text), *events]


BUY_TECH = SeasonMove("buy_tech", check_tech, buy_tech)
RESOURCES_2 = SeasonMove("resources", no_problems, resources)
