"""What things cost (Actions & Costs), and who may buy a tech (Buy Tech).

Costs printed as icons are box data: the table enters them at setup (``cost_<item>``, e.g.
"2 lumber + 2 mining + 2 wheat") or on the action itself. The app checks what it is given against
the amounts the text kept (the ``COST_SHAPES``) and never picks the resources itself.
"""
from __future__ import annotations

import re
from collections.abc import Mapping

from ..core import IllegalAction, t
from .data import (
    COST_RULES,
    COST_SHAPES,
    RECRUIT_COST,
    RESOURCES,
    TECHS,
    TREES,
    UNIVERSITY_COST,
)
from .model import House, cost_text
from .terms import ITEM_WORDS, RESOURCE_WORDS, TREE_WORDS, join

R_RECRUIT = "TradeWarz rulebook, Recruit"
R_UNIVERSITY = "TradeWarz rulebook, Build: University"
R_TECH = "TradeWarz rulebook, Buy Tech"
_PART = re.compile(r"^\s*(\d+)\s*([a-z]+)\s*$")


def parse_cost(text: str) -> dict[str, int]:
    """Read "2 lumber + 2 mining + 2 wheat" (or commas) into a cost; ValueError if malformed."""
    cost: dict[str, int] = {}
    for part in re.split(r"[+,]", text.lower()):
        match = _PART.match(part)
        if not match or match.group(2) not in RESOURCES:
            raise ValueError(t("cannot read {part}: write amounts and resources such as "
                               "'2 lumber + 2 mining' ({resources})", part=repr(part.strip()),
                               resources=join([RESOURCE_WORDS[r] for r in RESOURCES])))
        res = match.group(2)
        cost[res] = cost.get(res, 0) + int(match.group(1))
    return cost


def check_shape(item: str, cost: Mapping[str, int], times: int = 1) -> str:
    """An empty string if ``cost`` has the printed amounts of ``item`` (x ``times``), else why."""
    want = sorted(n * times for n in COST_SHAPES[item])
    got = sorted(n for n in cost.values() if n)
    if got == want:
        return ""
    return t("the {item} cost printed in the rulebook has amounts {amounts} of different "
             "resources, not {cost}", item=ITEM_WORDS[item],
             amounts=" + ".join(str(n * times) for n in COST_SHAPES[item]), cost=cost_text(cost))


def as_cost(values: tuple[int, ...]) -> dict[str, int]:
    return {r: n for r, n in zip(RESOURCES, values) if n}


def scale(cost: Mapping[str, int], times: int) -> dict[str, int]:
    return {r: n * times for r, n in cost.items()}


def add(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    return {r: a.get(r, 0) + b.get(r, 0) for r in RESOURCES if a.get(r, 0) + b.get(r, 0)}


def entered(data: Mapping[str, int]) -> dict[str, int]:
    """The payment typed on an action form (fields ``pay_gold`` ... ``pay_wheat``)."""
    return {r: int(data.get(f"pay_{r}", 0) or 0) for r in RESOURCES if data.get(f"pay_{r}")}


def box_cost(known: Mapping[str, tuple[int, ...]], items: Mapping[str, int],
             paid: Mapping[str, int]) -> dict[str, int]:
    """The cost of ``items`` (item -> how many times), from setup box data or the form.

    With every item's cost known, an empty form takes it, and a different payment is refused. With
    one unknown, the form must carry the payment, checked against the printed amounts.
    """
    items = {i: n for i, n in items.items() if n}
    if not items:
        return {}
    rule = COST_RULES[next(iter(items))]
    if all(i in known for i in items):
        due: dict[str, int] = {}
        for item, times in items.items():
            due = add(due, scale(as_cost(known[item]), times))
        if paid and paid != due:
            raise IllegalAction(t("the box data says this costs {due}, not {paid}; correct "
                                  "the box data if it is wrong", due=cost_text(due),
                                  paid=cost_text(paid)), rule=rule)
        return due
    missing = join([ITEM_WORDS[i] for i in items if i not in known])
    if not paid:
        raise IllegalAction(t("the cost of {missing} is printed on the components: enter it "
                              "(pay fields) or set it in the game's box data", missing=missing),
                            rule=rule)
    if len(items) == 1:
        item, times = next(iter(items.items()))
        problem = check_shape(item, paid, times)
        if problem:
            raise IllegalAction(problem, rule=rule)
    else:
        total = sum(sum(COST_SHAPES[i]) * n for i, n in items.items())
        if sum(paid.values()) != total:
            raise IllegalAction(t("{missing}: the printed amounts add up to {total} "
                                  "resources, not {paid}", missing=missing, total=total,
                                  paid=sum(paid.values())), rule=rule)
    return dict(paid)


def box_unit(costs: Mapping[str, tuple[int, ...]], item: str) -> dict[str, int]:
    """One recruit's or one university level's cost: the game's box data, else the shipped
    guess (``data.RECRUIT_COST``, ``data.UNIVERSITY_COST``; unverified)."""
    known = costs.get(item)
    if known:
        return as_cost(known)
    return dict(RECRUIT_COST if item == "recruit" else UNIVERSITY_COST)


def recruit_cost(house: House, count: int, *, at_building: bool,
                 costs: Mapping[str, tuple[int, ...]] | None = None) -> dict[str, int]:
    """A soldier's cost from the box data (3 wheat + 3 lumber, inferred), double to place it at
    a building (Recruit).

    Lower recruitment cost makes it 2 wheat + 2 lumber; Superior fertility 2 wheat + 1 lumber.
    """
    unit = box_unit(costs or {}, "recruit")
    if house.has_tech("superior_fertility"):
        unit = {"wheat": 2, "lumber": 1}
    elif house.has_tech("lower_recruitment_cost"):
        unit = {"wheat": 2, "lumber": 2}
    return scale(unit, count * (2 if at_building else 1))


def university_cost(house: House, tree: str, level: int,
                    costs: Mapping[str, tuple[int, ...]] | None = None,
                    rulings: Mapping[str, str] | None = None) -> dict[str, int]:
    """Raising a university to ``level``: n times the box data's unit (1 gold + 1 mining,
    inferred) for every level n built on the way.

    Skipping levels pays each one (level 3 from nothing: 6 + 6). University upgrade efficiency
    takes one of each resource off each level built (ruling T21 per-level, never below 0), off
    the whole Build (per-build), or off each level above the first (upgrades-only: level 1 is
    built, not upgraded).
    """
    now = house.university(tree)
    if not now < level <= 4:
        raise IllegalAction(t("the {tree} university of {house} is at level {now}; it can "
                              "only go up, to at most 4 (asked {level})", tree=TREE_WORDS[tree],
                              house=house.name, now=now, level=level), rule=R_UNIVERSITY)
    unit = box_unit(costs or {}, "university")
    off = 1 if house.has_tech("university_upgrade_efficiency") else 0
    reading = (rulings or {}).get("T21", "per-level")
    first = 2 if reading == "upgrades-only" else 1  # the first level that is an upgrade
    out = {}
    for res, n in unit.items():
        levels = [n * lv for lv in range(now + 1, level + 1)]
        due = max(sum(levels) - off, 0) if reading == "per-build" else sum(
            max(n * lv - off * (lv >= first), 0) for lv in range(now + 1, level + 1))
        if due:
            out[res] = due
    return out


def owner_problems(houses: tuple[House, ...], tech_id: str) -> list[str]:
    """A tech card exists once: why nobody else may get it now (its owner), or nothing."""
    owner = next((h for h in houses if h.has_tech(tech_id)), None)
    return [] if owner is None else [t("{tech} already belongs to {owner}: each tech exists "
                                       "once", tech=TECHS[tech_id].name, owner=owner.name)]


def tech_problems(houses: tuple[House, ...], seat: int, tech_id: str) -> list[str]:
    """Every reason house ``seat`` may not buy ``tech_id`` (Buy Tech): one copy of each tech
    exists; the house needs a university of the tree at the tech's level, and a tech of that tree
    at every lower level unless that level is sold out."""
    tech, house = TECHS[tech_id], houses[seat]
    out = owner_problems(houses, tech_id)
    uni = house.university(tech.tree)
    if uni < tech.level:
        out.append(t("{tech} is a level {level} {tree} tech; {house}'s {tree} university is at "
                     "level {uni}", tech=tech.name, level=tech.level, tree=TREE_WORDS[tech.tree],
                     house=house.name, uni=uni))
    owned = {x for h in houses for x in h.techs}
    for level in range(1, tech.level):
        same = [x for x in TECHS.values() if x.tree == tech.tree and x.level == level]
        if not any(house.has_tech(x.id) for x in same) and not all(x.id in owned for x in same):
            out.append(t("{house} needs a level {level} {tree} tech first (some are still for "
                         "sale)", house=house.name, level=level, tree=TREE_WORDS[tech.tree]))
    return out


def tech_refusal(houses: tuple[House, ...], seat: int, tech_id: str) -> str:
    """The first reason house ``seat`` may not buy ``tech_id``, or an empty string."""
    found = tech_problems(houses, seat, tech_id)
    return found[0] if found else ""


def tech_cost_item(tech_id: str) -> str:
    return f"tech_{TECHS[tech_id].tree}"


assert set(TREES) == {k[5:] for k in COST_SHAPES if k.startswith("tech_")}
