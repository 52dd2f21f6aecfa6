"""The army's season moves: March (roads, bridges and tunnels paid on the way), Recruit and
Retreat (Marching; Marching exceptions; Recruit; Retreat). Each lists its own problems."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t
from .costs import box_cost, entered, recruit_cost
from .model import House, TradeWarzState, cost_text, pay
from .support import recruit_problems
from .terms import join, soldiers, ways
from .turns import Problems, SeasonMove, afford, attempt

R_EXCEPTIONS = "TradeWarz rulebook, Marching exceptions"
R_RECRUIT = "TradeWarz rulebook, Recruit"
R_MARCH = "TradeWarz rulebook, Marching"
WAYS = ("road", "bridge", "tunnel")


def _ways(data: Mapping[str, Any]) -> dict[str, int]:
    return {k: data.get(f"{k}s", 0) or 0 for k in WAYS}


def _built(items: Mapping[str, int]) -> Any:
    return join([ways(k, n) for k, n in items.items() if n])


def check_march(game: TradeWarzState, seat: int, house: House, data: Mapping[str, Any]
                ) -> Problems:
    """What the roads, bridges and tunnels built on the way cost, and the dials (Marching
    exceptions)."""
    out: Problems = []
    if data.get("target") == seat:
        out.append(IllegalAction(t("{house} cannot march on itself: choose the house its army "
                                   "marches on", house=house.name), rule=R_MARCH,
                                 field="target"))
    items = _ways(data)
    cost = attempt(out, box_cost, dict(game.costs), items, entered(data))
    afford(out, house, cost, _built(items) or t("the march"), R_EXCEPTIONS)
    return out


def march(game: TradeWarzState, seat: int, house: House, data: Mapping[str, Any]
          ) -> tuple[House, list[str]]:
    """March; roads, bridges and tunnels built on the way are paid here (Marching exceptions)."""
    items = _ways(data)
    cost = box_cost(dict(game.costs), items, entered(data))
    built = _built(items)
    house = replace(pay(house, cost, built or t("the march"), R_EXCEPTIONS),
                    marches=house.marches + 1)
    return house, [t("{house} built {built} for {cost}", house=house.name, built=built,
                     cost=cost_text(cost))] if built else []


def _where(data: Mapping[str, Any]) -> Any:
    return t("at a building (double cost)") if data.get("at_building") else \
        t("at the capital gate")


def check_recruit(game: TradeWarzState, seat: int, house: House, data: Mapping[str, Any]
                  ) -> Problems:
    """A held capital, soldiers per action (ruling T20), the reserve, where they can stand
    (``support.recruit_problems``) and the cost (Recruit; ruling T15)."""
    out: Problems = []
    count = data.get("count", 1)
    if count > 1 and game.rulings.get("T20", "one") == "one":
        out.append(IllegalAction(t("one Recruit action brings one soldier; {count} asked",
                                   count=count), rule=R_RECRUIT + "; ruling T20", field="count"))
    if house.capital_held_by is not None:
        out.append(IllegalAction(t("{house}'s capital is held by {holder}: no recruiting until "
                                   "it is retaken", house=house.name,
                                   holder=game.houses[house.capital_held_by].name),
                                 rule="TradeWarz rulebook, The Capital City; ruling T15"))
    if count > house.reserve:
        out.append(IllegalAction(t("{house} has {soldiers} in reserve; asked for {count}",
                                   house=house.name, soldiers=soldiers(house.reserve),
                                   count=count), rule=R_RECRUIT))
    out += recruit_problems(house, count, bool(data.get("at_building")))
    cost = recruit_cost(house, count, at_building=bool(data.get("at_building")),
                        costs=dict(game.costs))
    afford(out, house, cost, t("{soldiers} {where}", soldiers=soldiers(count),
                               where=_where(data)), R_RECRUIT)
    return out


def recruit(game: TradeWarzState, seat: int, house: House, data: Mapping[str, Any]
            ) -> tuple[House, list[str]]:
    """Recruit soldiers from the reserve (Recruit)."""
    count, where = data.get("count", 1), _where(data)
    cost = recruit_cost(house, count, at_building=bool(data.get("at_building")),
                        costs=dict(game.costs))
    house = pay(house, cost, t("{soldiers} {where}", soldiers=soldiers(count), where=where),
                R_RECRUIT)
    house = replace(house, soldiers=house.soldiers + count, reserve=house.reserve - count)
    return house, [t("{house} recruited {soldiers} {where} for {cost}", house=house.name,
                     soldiers=soldiers(count), where=where, cost=cost_text(cost))]


def no_problems(game: TradeWarzState, seat: int, house: House, data: Mapping[str, Any]
                ) -> Problems:
    """A move whose only limits are the turn and its tokens."""
    return []


def retreat(game: TradeWarzState, seat: int, house: House, data: Mapping[str, Any]
            ) -> tuple[House, list[str]]:
    """Retreat a squad to the nearest building or the capital gate; it costs nothing."""
    return house, []


MARCH = SeasonMove("march", check_march, march)
RECRUIT = SeasonMove("recruit", check_recruit, recruit)
RETREAT = SeasonMove("retreat", no_problems, retreat)
