"""The economy's season moves: Buy Tech (one copy each, the university and the lower levels
first, at most 4 super units) and Resources +2 (the 21 rule follows, T4)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t
from .costs import box_cost, entered, tech_cost_item, tech_problems
from .data import MAX_SUPER_UNITS, TECHS
from .model import House, TradeWarzState, cost_text, gain, pay
from .terms import RESOURCE_WORDS, join
from .turns import Problems, SeasonMove, afford, attempt

R_TECH = "TradeWarz rulebook, Buy Tech"
R_SUPER = "TradeWarz rulebook, About a super unit"


def _cost(game: TradeWarzState, tech_id: str, data: Mapping[str, Any]) -> dict[str, int]:
    tech = TECHS[tech_id]
    return box_cost(dict(game.costs), {tech_cost_item(tech_id): tech.level}, entered(data))


def check_tech(game: TradeWarzState, seat: int, house: House, data: Mapping[str, Any]
               ) -> Problems:
    """Everything that stops ``house`` buying ``data["tech"]`` (Buy Tech)."""
    tech = TECHS[data["tech"]]
    out: Problems = [IllegalAction(p, rule=R_TECH)
                     for p in tech_problems(game.houses, seat, tech.id)]
    if tech.super_unit and len(house.super_units) >= MAX_SUPER_UNITS:
        out.append(IllegalAction(t("{house} would hold {n} super units; the limit is {limit}",
                                   house=house.name, n=len(house.super_units) + 1,
                                   limit=MAX_SUPER_UNITS), rule=R_SUPER))
    afford(out, house, attempt(out, _cost, game, tech.id, data), tech.name, R_TECH)
    return out


def buy_tech(game: TradeWarzState, seat: int, house: House, data: Mapping[str, Any]
             ) -> tuple[House, list[str]]:
    """Buy a tech card (checked already); the fertility techs enlarge the reserve at once."""
    tech = TECHS[data["tech"]]
    cost = _cost(game, tech.id, data)
    house = pay(house, cost, tech.name, R_TECH)
    house = replace(house, techs=house.techs + (tech.id,))
    extra = {"increased_fertility": 2, "superior_fertility": 4}.get(tech.id, 0)
    house = replace(house, reserve=house.reserve + extra)
    if tech.id == "superior_fertility":  # it comes with one free recruit at once
        house = replace(house, reserve=house.reserve - 1, soldiers=house.soldiers + 1)
    return house, [t("{house} bought {tech} for {cost}", house=house.name, tech=tech.name,
                     cost=cost_text(cost))]


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
