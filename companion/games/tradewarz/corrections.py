"""Corrections by hand ("the table is the truth"): any value of a house's board (``correct``), and
what the dials do not show: who holds which tech, which trading post, whose capital, and who is
allied with whom.

Each sets the state to what the table shows, with no cost and no reward, and says what changed
from what to what. A state no table can show is refused with the checks the actions use (a tech
exists once, at most 4 super units, the trading posts in play, alliances allowed).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t
from .costs import check_shape, owner_problems, parse_cost
from .data import (
    COST_RULES,
    COST_SHAPES,
    DIAL_TRADE_AT,
    RECRUIT_COST,
    RESOURCES,
    SILO_RESOURCES,
    TECHS,
    TREES,
    UNIVERSITY_COST,
)
from .economy import super_unit_problems
from .model import TradeWarzState, award, cost_text, put_house, trade_full_dials, with_sites
from .table import (
    alliance_names,
    check_joining,
    check_post,
    joined_alliance,
    left_alliance,
)
from .terms import COST_LABELS, RESOURCE_WORDS, TREE_WORDS
from .turns import refuse

R_TECH = "TradeWarz rulebook, Buy Tech"
R_CAPITAL = "TradeWarz rulebook, The Capital City"
R_ALLIANCE = "TradeWarz rulebook, Forming alliances"
R_DIAL = "TradeWarz rulebook, Getting Xadlas; The table is the truth"
CORRECTION_RULE = "The table is the truth"



def _named(data: Mapping[str, Any], name: str) -> int | None:
    """An optional house field: its seat, or None for nobody (-1)."""
    seat = data.get(name, -1)
    return seat if isinstance(seat, int) and seat >= 0 else None


def correct_tech(game: TradeWarzState, data: Mapping[str, Any]
                 ) -> tuple[TradeWarzState, list[str]]:
    """Give a house a tech card, or take one from it."""
    seat, tech = data["house"], TECHS[data["tech"]]
    house = game.houses[seat]
    if data["change"] == "take":
        if not house.has_tech(tech.id):
            raise IllegalAction(t("{house} does not hold {tech}", house=house.name,
                                  tech=tech.name), rule=R_TECH, field="tech")
        house = replace(house, techs=tuple(x for x in house.techs if x != tech.id))
        return put_house(game, seat, house), [
            t("{tech}: held by {house} before, by nobody now", tech=tech.name,
              house=house.name)]
    refuse([IllegalAction(p, rule=R_TECH, field="tech")
            for p in owner_problems(game.houses, tech.id)]
           + super_unit_problems(house, tech.id))
    house = replace(house, techs=house.techs + (tech.id,))
    return put_house(game, seat, house), [
        t("{tech}: held by nobody before, by {house} now", tech=tech.name, house=house.name)]


def correct_post(game: TradeWarzState, data: Mapping[str, Any]
                 ) -> tuple[TradeWarzState, list[str]]:
    """Set who holds a trading post (nobody: the post is free)."""
    post, holder = data["post"], _named(data, "holder")
    check_post(game, post)
    before = next((h.name for h in game.houses if post in h.posts), None)
    houses = [replace(h, posts=tuple(p for p in h.posts if p != post)) for h in game.houses]
    if holder is not None:
        houses[holder] = replace(houses[holder],
                                 posts=tuple(sorted(houses[holder].posts + (post,))))
    now = game.houses[holder].name if holder is not None else None
    return replace(game, houses=tuple(houses)), [
        t("trading post {post}: held by {before} before, by {now} now", post=post,
          before=before or t("nobody"), now=now or t("nobody"))]


def correct_capital(game: TradeWarzState, data: Mapping[str, Any]
                    ) -> tuple[TradeWarzState, list[str]]:
    """Set who occupies a house's capital (nobody: its own again)."""
    seat, holder = data["house"], _named(data, "holder")
    house = game.houses[seat]
    if holder == seat:
        raise IllegalAction(t("{house} cannot occupy its own capital", house=house.name),
                            rule=R_CAPITAL, field="holder")
    before = house.capital_held_by
    names = [game.houses[i].name if i is not None else t("nobody") for i in (before, holder)]
    return put_house(game, seat, replace(house, capital_held_by=holder)), [
        t("{house}'s capital: held by {before} before, by {now} now", house=house.name,
          before=names[0], now=names[1])]


def correct_alliance(game: TradeWarzState, data: Mapping[str, Any]
                     ) -> tuple[TradeWarzState, list[str]]:
    """A house joins another's alliance (``make``) or leaves its own (``end``); no gold moves."""
    seat = data["house"]
    house = game.houses[seat]
    before = game.alliance_of(seat)
    if data["change"] == "end":
        if not before:
            raise IllegalAction(t("{house} is in no alliance", house=house.name),
                                rule=R_ALLIANCE)
        after = left_alliance(game, seat)
        return after, [t("alliance of {before} before; {house} in none now",
                         before=alliance_names(game, before), house=house.name)]
    partner = _named(data, "partner")
    if partner is None:
        raise IllegalAction(t("name the house {house} is allied with", house=house.name),
                            rule=R_ALLIANCE, field="partner")
    check_joining(game, {"house": seat, "partner": partner})
    after = joined_alliance(game, seat, partner)
    return after, [t("{house} in no alliance before; alliance of {now} now", house=house.name,
                     now=alliance_names(after, after.alliance_of(seat)))]


#: the shipped guesses a game uses while its box data names no cost (unverified)
GUESSES = {"recruit": RECRUIT_COST, "university": UNIVERSITY_COST}


def _cost_now(game: TradeWarzState, item: str) -> object:
    """An item's cost as the game uses it (its box data, else a shipped guess), or not entered;
    a cost still equal to the shipped guess says so."""
    known = game.cost_of(item)
    cost = {r: n for r, n in zip(RESOURCES, known) if n} if known else GUESSES.get(item)
    if not cost:
        return t("not entered")
    if cost == GUESSES.get(item):
        return t("{cost} (the unverified guess)", cost=cost_text(cost))
    return cost_text(cost)


def correct_cost(game: TradeWarzState, data: Mapping[str, Any]
                 ) -> tuple[TradeWarzState, list[str]]:
    """Set an item's cost to what the components print (box data; a recruit's and a university
    level's cost ship as unverified guesses), checked against the amounts the rulebook kept."""
    item = data["item"]
    if item not in COST_SHAPES:
        raise IllegalAction(t("no cost of that name"), rule=CORRECTION_RULE, field="item")
    try:
        cost = parse_cost(str(data["cost"]))
    except ValueError as err:
        raise IllegalAction(str(err), rule=COST_RULES[item], field="cost") from err
    problem = check_shape(item, cost)
    if problem:
        raise IllegalAction(problem, rule=COST_RULES[item], field="cost")
    before = _cost_now(game, item)
    values = tuple(cost.get(r, 0) for r in RESOURCES)
    costs = tuple((i, v) for i, v in game.costs if i != item) + ((item, values),)
    return replace(game, costs=costs), [
        t("{item}: {before} before, {now} now", item=COST_LABELS[item], before=before,
          now=cost_text(cost))]


MOVES = {"correct_tech": correct_tech, "correct_cost": correct_cost, "correct_post": correct_post,
         "correct_capital": correct_capital, "correct_alliance": correct_alliance}


CORRECTABLE = (*RESOURCES, "golden", "settlements", "villages", "castles", "castles_captured",
               *(f"silo_{r}" for r in SILO_RESOURCES), *(f"university_{x}" for x in TREES),
               "soldiers", "reserve", "morale", "farthest_build")
#: the correctable values in words (choice labels of the correction form)
CORRECT_WORDS = {
    **RESOURCE_WORDS, "golden": t("golden"), "settlements": t("settlements"),
    "villages": t("villages"), "castles": t("castles"), "castles_captured": t("castles captured"),
    **{f"silo_{r}": t("silo {resource}", resource=RESOURCE_WORDS[r]) for r in SILO_RESOURCES},
    **{f"university_{x}": t("university {tree}", tree=TREE_WORDS[x]) for x in TREES},
    "soldiers": t("soldiers"), "reserve": t("reserve"), "morale": t("morale"),
    "farthest_build": t("farthest build")}


def farthest_sites(sites: tuple[int, ...], value: int) -> tuple[int, ...]:
    """The building squares once the table says the farthest one stands ``value`` marches away:
    none farther, and the farthest one at ``value``."""
    kept = sorted(min(d, value) for d in sites)
    if value and value not in kept:
        kept = kept[:-1] + [value]
    return tuple(kept)


def correct(game: TradeWarzState, data: Mapping[str, Any]) -> tuple[TradeWarzState, list[str]]:
    """Set any value of a house's board to what the table shows (marked as a correction)."""
    seat, what, value = data["house"], data["what"], data["value"]
    house = game.houses[seat]
    if what in RESOURCES and value > DIAL_TRADE_AT:
        # a dial never shows more: a larger value is a typo, not a golden Xadla
        raise IllegalAction(t(
            "a dial shows at most {most}, where 11 are traded for a golden Xadla: {house}'s "
            "{resource} cannot be corrected to {value}", most=DIAL_TRADE_AT, house=house.name,
            resource=RESOURCE_WORDS[what], value=value), rule=R_DIAL, field="value")
    if what in RESOURCES:
        dials = tuple(value if r == what else d for r, d in zip(RESOURCES, house.dials))
        house, events = trade_full_dials(replace(house, dials=dials), game.rulings)
        return put_house(game, seat, house), events
    if what == "golden":
        keep = house.golden[:value]
        house = replace(house, golden=keep)
        for _ in range(value - len(keep)):
            house = award(house, "correction")
    elif what.startswith("silo_"):
        i = SILO_RESOURCES.index(what[5:])
        house = replace(house, silos=tuple(value if j == i else n
                                           for j, n in enumerate(house.silos)))
    elif what == "farthest_build":
        house = with_sites(house, farthest_sites(house.sites, value))
    elif what.startswith("university_"):
        i = TREES.index(what[11:])
        house = replace(house, universities=tuple(min(value, 4) if j == i else n
                                                  for j, n in enumerate(house.universities)))
    else:
        house = replace(house, **{what: value})
    return put_house(game, seat, house), []
